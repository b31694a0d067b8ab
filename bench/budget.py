#!/usr/bin/env python3
"""The 3x3x3's scrambles of bench/definitions.py answered over two sizes of its
pattern databases, case by case in turn, in one run: `--memory 200M` (corners and the
edges in two groups of six, 165 MB: the size below 2^27 entries) against a larger
budget (`--memory 1G`: corners and the edges in groups of seven and five, 574 MB).
Both sets must be on disk in DIR first:

    build-tables --out DIR --definition definitions/3x3x3.def --memory 200M
    build-tables --out DIR --definition definitions/3x3x3.def --memory 600M
    build-tables --out DIR --definition definitions/3x3x3.def --memory 8G   # for --budgets ...,8G
    python3 bench/budget.py target/release/tablesolve DIR [--turns 14,16] [--cases 5]
        [--budgets 200M,1G] [--before OLD_TABLESOLVE OLD_DIR [--before-memory 1G]]
        [--twips TWIPS]

Prints a markdown table: each case's length (all must agree), nodes and seconds over
each set; with --before, first those of an earlier build over its own tables in
OLD_DIR (built there by a first run; `--memory` given only with --before-memory);
with --twips, last twips's seconds on the definition's KPuzzle twin (one run a case,
its tables cached in a directory of its own, filled by a first short case).
Results: bench/definitions.md.
"""

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from definitions import scrambles, twips_length  # noqa: E402

CUBE = Path(__file__).resolve().parents[1] / "definitions" / "3x3x3.def"
SIZES = {"200M": "165 MB", "1G": "574 MB", "8G": "4.8 GB"}


def answer(tablesolve, tables, budget, case):
    """(length, nodes, seconds) of one case over the databases `budget` holds (None:
    an earlier build, which takes no budget)."""
    memory = [] if budget is None else ["--memory", budget]
    start = time.perf_counter()
    done = subprocess.run(
        [tablesolve, "--tables", tables, "--no-build", "def", str(CUBE), *memory,
         "--format", "json"],
        input=case + "\n", capture_output=True, text=True, check=True,
    )
    took = time.perf_counter() - start
    line = json.loads(done.stdout)
    return line["length"], line["nodes"], took


def twips(binary, cache, case):
    """(length, None, seconds) of twips's first answer to `case`."""
    start = time.perf_counter()
    done = subprocess.run(
        [binary, "search", str(CUBE.with_suffix(".kpuzzle.json")), "--scramble-alg", case,
         "--min-num-solutions", "1", "--cache-dir", cache],
        capture_output=True, text=True, check=True,
    )
    return twips_length(done.stdout), None, time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tablesolve")
    parser.add_argument("tables")
    parser.add_argument("--turns", default="14,16")
    parser.add_argument("--cases", type=int, default=5)
    parser.add_argument("--first", type=int, default=1, help="the first case of each length")
    parser.add_argument("--budgets", default="200M,1G")
    parser.add_argument("--before", nargs=2, metavar=("TABLESOLVE", "DIR"))
    parser.add_argument("--before-memory")
    parser.add_argument("--twips")
    args = parser.parse_args()
    budgets = args.budgets.split(",")
    runs = [lambda case, b=b: answer(args.tablesolve, args.tables, b, case) for b in budgets]
    names = [SIZES.get(b, b) for b in budgets]
    if args.before:
        runs.insert(0, lambda case: answer(*args.before, args.before_memory, case))
        names.insert(0, "before")
    ours = len(runs)
    if args.twips:
        cache = tempfile.mkdtemp(prefix="twips-cache-")
        twips(args.twips, cache, "R U")
        runs.append(lambda case: twips(args.twips, cache, case))
    nodes = " | ".join(f"nodes, {name}" for name in names)
    seconds = " | ".join(f"s, {name}" for name in names + ["twips"] * bool(args.twips))
    print(f"| turns | case | length | {nodes} | {seconds} |")
    print("|" + " --- |" * (3 + ours + len(runs)))
    for turns in map(int, args.turns.split(",")):
        cases = scrambles("URFDLB", args.cases, turns, turns)
        for number, case in enumerate(cases[args.first - 1 :], args.first):
            answers = [run(case) for run in runs]
            if len({length for length, _, _ in answers}) != 1:
                sys.exit(f"{case}: lengths differ: {answers}")
            nodes = " | ".join(f"{n:,}" for _, n, _ in answers[:ours])
            seconds = " | ".join(f"{s:.2f}" for _, _, s in answers)
            print(f"| {turns} | {number} | {answers[0][0]} | {nodes} | {seconds} |", flush=True)


if __name__ == "__main__":
    main()
