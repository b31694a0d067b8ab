#!/usr/bin/env python3
"""Defined puzzles side by side with ksolve+ and twips, on the same definitions and the
same scrambles, in one run: answer lengths compared case by case, wall time per case.

    python3 bench/definitions.py TABLESOLVE [--ksolve KSOLVE] [--twips TWIPS]
        [--tables DIR] [--cases 100] [--cube 3] [--million]

- God's algorithm of the 2x2x2 (one corner fixed, U R F; 3,674,160 states):
  `tablesolve stats def` from an empty table directory (the build included) against
  `twips gods-algorithm` on the same puzzle's KPuzzle file.
- 2x2x2: CASES scrambles of 20 random turns, answered by all three; tablesolve and
  ksolve+ take them all in one run each (ksolve+'s own tables built first, included),
  twips one process a case (its pruning tables cached in a directory of its own).
  ksolve+ runs on a copy of the definition in a temporary directory, where it caches
  its pruning tables (`NAME.def.tables`): built in its first case of each puzzle.
- 3x3x3 (the files in definitions/, ksolve+'s 3x3x3 less the centres): CUBE scrambles
  each of 12, 14 and 16 random turns; each program one process a case, with a limit
  of 600 s a case (`-` in the table where a case ran past it). tablesolve's pattern
  databases are built (in --tables) before the timing.
- With --million: 1,000,000 2x2x2 scrambles of 20 turns against `tablesolve eight` on
  1,000,000 cases (`generate eight --count 1000000`), the best of three runs each.

The peers are built apart (ksolve+: `make` in cubing/ksolve; twips: `cargo build
--release -p twips-cli` in cubing/twips); a peer not given is left out. Results:
bench/definitions.md.
"""

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFS = REPO / "definitions"
CUBE_TURNS = [f + s for f in "URFDLB" for s in ["", "2", "'"]]
LIMIT = 600


def scrambles(faces, count, length, seed):
    """Random scrambles, no face turned twice running."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        turns, last = [], None
        while len(turns) < length:
            face = rng.choice(faces)
            if face != last:
                turns.append(face + rng.choice(["", "2", "'"]))
                last = face
        out.append(" ".join(turns))
    return out


def timed(args, stdin=None, timeout=LIMIT):
    """(seconds, stdout) of a run; stdout None where it ran past `timeout`."""
    start = time.perf_counter()
    try:
        done = subprocess.run(
            args, input=stdin, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return time.perf_counter() - start, None
    took = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(map(str, args))} failed:\n{done.stderr[-2000:]}")
    return took, done.stdout


def ksolve_lengths(output):
    """The length of the first optimal answer of each scramble in ksolve+'s output."""
    lengths = []
    for block in output.split("Solving ")[1:]:
        answers = [line for line in block.splitlines() if line.startswith("  ")]
        lengths.append(len(answers[0].split()) if answers else None)
    return lengths


def ksolve_file(cases):
    return "".join(f"ScrambleAlg s{i}\n{c}\nEnd\n\n" for i, c in enumerate(cases))


def twips_length(output):
    answer = re.search(r"^(.*?) // solution #1", output, re.M)
    return None if answer is None else len(answer.group(1).split())


class Peers:
    def __init__(self, args, work):
        self.tablesolve, self.ksolve, self.twips = args.tablesolve, args.ksolve, args.twips
        self.tables = args.tables or work / "tables"
        self.work = work
        self.twips_cache = work / "twips-cache"

    def ours(self, *args, stdin=None, tables=None):
        return timed([self.tablesolve, "--tables", tables or self.tables, *args], stdin)

    def ksolve_all(self, definition, cases, timeout=LIMIT):
        path = self.work / "scrambles.txt"
        path.write_text(ksolve_file(cases))
        # ksolve+ caches its pruning tables beside the definition (`NAME.def.tables`):
        # a copy here keeps them out of the tree, built in this run's first case.
        copy = self.work / Path(definition).name
        if not copy.exists():
            shutil.copy(definition, copy)
        took, out = timed([self.ksolve, copy, path], timeout=timeout)
        return took, (ksolve_lengths(out) if out is not None else [None] * len(cases))

    def twips_one(self, kpuzzle, case):
        took, out = timed(
            [self.twips, "search", kpuzzle, "--scramble-alg", case, "--min-num-solutions", "1",
             "--cache-dir", self.twips_cache]
        )
        return took, (twips_length(out) if out is not None else None)


def row(*cells):
    print("| " + " | ".join(str(c) for c in cells) + " |", flush=True)


def gods_algorithm(p):
    print("\n## God's algorithm, 2x2x2 (3,674,160 states)\n")
    row("program", "wall (s)", "antipodes")
    row("---", "---", "---")
    took, out = p.ours("stats", "def", DEFS / "2x2x2.def", tables=p.work / "empty")
    row("tablesolve stats def (table built)", f"{took:.2f}", re.search(r"(\d+) states \(the antipodes\)", out).group(1))
    if p.twips:
        took, out = timed([p.twips, "gods-algorithm", DEFS / "2x2x2.kpuzzle.json"])
        depth = re.search(r"Maximum depth: (\d+)", out)
        row("twips gods-algorithm", f"{took:.2f}", f"(depth {depth.group(1) if depth else '?'})")


def two_by_two(p, count):
    print(f"\n## 2x2x2: {count} scrambles of 20 random turns\n")
    cases = scrambles("URF", count, 20, 2)
    p.ours("def", DEFS / "2x2x2.def", stdin="R\n")  # tables built before timing
    took, out = p.ours("def", DEFS / "2x2x2.def", stdin="".join(c + "\n" for c in cases))
    ours = [len(line.split()) for line in out.splitlines()]
    row("program", "wall, all cases (s)", "per case (ms)", "lengths equal to tablesolve's")
    row("---", "---", "---", "---")
    row("tablesolve def (one run)", f"{took:.3f}", f"{1000 * took / count:.3f}", "-")
    if p.ksolve:
        took, lengths = p.ksolve_all(DEFS / "2x2x2.def", cases)
        same = sum(a == b for a, b in zip(lengths, ours))
        row("ksolve+ (one run, its tables built)", f"{took:.3f}", f"{1000 * took / count:.3f}", f"{same}/{count}")
    if p.twips:
        kpuzzle = DEFS / "2x2x2.kpuzzle.json"
        p.twips_one(kpuzzle, "R")  # its cache filled before timing
        times, same = [], 0
        for case, length in zip(cases, ours):
            took, theirs = p.twips_one(kpuzzle, case)
            times.append(took)
            same += theirs == length
        row("twips search (a run a case)", f"{sum(times):.3f}", f"{1000 * statistics.mean(times):.3f}", f"{same}/{count}")
    print(f"\nlengths: {dict(sorted((n, ours.count(n)) for n in set(ours)))}")


def cube(p, count):
    print(f"\n## 3x3x3: {count} scrambles each of 12, 14 and 16 random turns, one run a case\n")
    definition, kpuzzle = DEFS / "3x3x3.def", DEFS / "3x3x3.kpuzzle.json"
    took, _ = p.ours("def", definition, stdin="R\n")
    print(f"tablesolve's pattern databases ready in {took:.1f} s (built where missing)\n")
    if p.twips:
        p.twips_one(kpuzzle, "R")
    row("turns", "case", "tablesolve length", "tablesolve (s)", "ksolve+ length", "ksolve+ (s)", "twips length", "twips (s)")
    row(*["---"] * 8)
    for length in [12, 14, 16]:
        for i, case in enumerate(scrambles("URFDLB", count, length, length)):
            took, out = p.ours("def", definition, "--timeout", str(LIMIT), stdin=case + "\n")
            cells = [length, i + 1, len(out.split()) if out else "-", f"{took:.2f}"]
            if p.ksolve:
                took, lengths = p.ksolve_all(definition, [case])
                cells += [lengths[0] or "-", f"{took:.2f}"]
            else:
                cells += ["", ""]
            if p.twips:
                took, theirs = p.twips_one(kpuzzle, case)
                cells += [theirs or "-", f"{took:.2f}"]
            else:
                cells += ["", ""]
            row(*cells)


def million(p):
    print("\n## 1,000,000 cases: 2x2x2 scrambles of 20 turns against the 8-puzzle\n")
    two = p.work / "two.txt"
    two.write_text("".join(c + "\n" for c in scrambles("URF", 1_000_000, 20, 3)))
    _, eight = p.ours("generate", "eight", "--count", "1000000", "--seed", "5")
    (p.work / "eight.txt").write_text(eight)
    best = {"def": [], "eight": []}
    for _ in range(3):
        for name, args in [("def", ["def", DEFS / "2x2x2.def", two]), ("eight", ["eight", p.work / "eight.txt"])]:
            with open(os.devnull, "w") as sink:
                start = time.perf_counter()
                subprocess.run([p.tablesolve, "--tables", p.tables, *args], stdout=sink, check=True)
                best[name].append(time.perf_counter() - start)
    row("cases", "best of 3 (s)", "runs (s)")
    row("---", "---", "---")
    for name in best:
        row(name, f"{min(best[name]):.3f}", ", ".join(f"{t:.3f}" for t in best[name]))
    print(f"\ndef / eight: {min(best['def']) / min(best['eight']):.2f}x")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tablesolve")
    parser.add_argument("--ksolve")
    parser.add_argument("--twips")
    parser.add_argument("--tables", type=Path, help="tablesolve's tables (kept); default a temporary one")
    parser.add_argument("--cases", type=int, default=100)
    parser.add_argument("--cube", type=int, default=3, help="3x3x3 scrambles of each length (0: none)")
    parser.add_argument("--million", action="store_true")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp())
    try:
        p = Peers(args, work)
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True).stdout.strip()
        print(f"commit {commit}, {os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}")
        gods_algorithm(p)
        two_by_two(p, args.cases)
        if args.cube:
            cube(p, args.cube)
        if args.million:
            million(p)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
