"""Answers each board (or a defined puzzle's case) with a whole Dask cluster: one
case's search cut into tasks.

``dask_batch.py`` spreads a batch over a cluster, one board to one worker: use it for
many boards. This one spreads *one* board: each iteration of its IDA* search is cut
into subtrees (tasks, in letter order) that the workers search side by side, each on
every core of its machine; the answer is the first solution in task order, so it is
byte for byte what ``tablesolve PUZZLE`` prints (the shortest, lexicographically
smallest). Use it for boards too hard for one machine: 24-puzzle boards of 10^10 nodes
and more.

    python examples/dask_one_board.py twentyfour korf50.in --goal korf --numbered
    python examples/dask_one_board.py fifteen boards.txt --partition 6-6-3 --workers 2
    python examples/dask_one_board.py twentyfour hard.txt --goal korf \\
        --scheduler tcp://host:8786 --tables /shared/tables
    python examples/dask_one_board.py def definitions/3x3x3.def cubes.txt --tables DIR

Input and output are the command's (``tablesolve fifteen``, ``twentyfour`` or
``sliding --size WxH``, text output): one line a board, ``unsolvable`` where the goal
is out of reach, ``limit L`` where ``--timeout`` or ``--max-nodes`` stopped the
search (exit status 5); a malformed case stops the run after the answers before it
(exit status 1). The iterations go to standard error as they run. ``--count`` and
``--all`` are not offered: run the command on one machine for those.

``def DEFINITION [FILE]`` takes ``tablesolve def``'s cases, one a line (a scramble or
KPattern JSON; ksolve+ scramble files are the command's alone), with ``--moves`` and
``--powers``; its workers search over the databases on disk, the largest size there
(a search spread so builds none larger): build them ahead with ``build-tables
--definition DEFINITION --memory SIZE``.

Every worker opens the tables once (memory-mapped: workers on one machine share their
pages) from ``--tables``, else ``$TABLESOLVE_TABLES``, else its cache. A worker lost
mid-iteration has its tasks run again elsewhere by Dask; a task's result is kept by
its place, so none counts twice, and the answer is unchanged.
"""

import argparse
import os
import sys

from dask.distributed import Client, LocalCluster

import tablesolve
from tablesolve.cluster import answer, answer_definition

SIZES = {"fifteen": "4x4", "twentyfour": "5x5"}


def show(case):
    """Tells standard error where case number `case`'s iterations stand."""

    def report(at):
        if at["finished"]:
            state = f"{at['finished']}, {at['tasks']} tasks"
        else:
            state = f"{at['done']} of {at['tasks']} tasks"
        rate = at["total"] / max(at["seconds"], 1e-9)
        print(
            f"case {case}: bound {at['bound']} {state}, "
            f"{at['nodes']} nodes ({at['total']} in all), {rate:.3g} nodes/s, "
            f"{at['seconds']:.1f} s",
            file=sys.stderr,
            flush=True,
        )

    return report


def answer_line(client, args, case, board):
    """The command's line for one case: its moves, "unsolvable", or "limit L"."""
    limits = dict(
        tasks=args.tasks, limit=args.max_nodes, timeout=args.timeout, progress=show(case),
        progress_every=args.progress,
    )
    try:
        if args.puzzle == "def":
            options = {k: getattr(args, k) for k in ("moves", "powers", "tables")}
            moves = answer_definition(client, board, args.definition, **options, **limits)
        else:
            options = {k: getattr(args, k) for k in ("goal", "partition", "tables")}
            moves = answer(client, board, args.size, **options, **limits)
    except tablesolve.LimitReached as stop:
        return f"limit {stop.lower_bound}"
    return "unsolvable" if moves is None else moves


def read_cases(text):
    """A defined puzzle's cases, one a line as the command reads them, with their line
    numbers; a bad one is found by the workers that read it."""
    return list(enumerate((line.strip() for line in text.splitlines()), 1)), None


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzle", choices=["def", "fifteen", "sliding", "twentyfour"])
    parser.add_argument(
        "files", nargs="*", help="def: its DEFINITION, then the cases; else the boards "
        "(default: standard input)"
    )
    parser.add_argument("--moves", help="def: the moves an answer may use (U,R,F)")
    parser.add_argument("--powers", help="def: all, quarter or none")
    parser.add_argument("--size", help="sliding: WxH, W columns and H rows, each 2 to 5")
    parser.add_argument("--goal", help="default, korf, or the W*H numbers")
    parser.add_argument("--partition", help="the databases, as the command takes them")
    parser.add_argument("--numbered", action="store_true", help="each case after a label")
    parser.add_argument("--timeout", type=float, help="seconds a board may take")
    parser.add_argument("--max-nodes", type=int, help="nodes a board may take")
    parser.add_argument("--tables", help="the table directory, as every worker sees it")
    parser.add_argument("--scheduler", help="a running cluster's address")
    parser.add_argument("--workers", type=int, default=2, help="local worker processes")
    parser.add_argument(
        "--threads", type=int, help="threads of each local worker (default: cores / workers)"
    )
    parser.add_argument(
        "--tasks",
        type=int,
        default=1024,
        help="the most tasks an iteration is cut into (the default suits up to 64 workers; see doc/cluster.md)",
    )
    parser.add_argument(
        "--progress", type=float, default=2.0, help="seconds between progress lines"
    )
    # Intermixed: the file may come after the options, as the command takes it.
    args = parser.parse_intermixed_args()
    defined = args.puzzle == "def"
    if defined and not args.files:
        parser.error("def needs its DEFINITION file first")
    args.definition = args.files.pop(0) if defined else None
    if len(args.files) > 1:
        parser.error(f"one input file at most, not {len(args.files)}")
    args.input = args.files[0] if args.files else None
    board_only = {"--goal": args.goal, "--partition": args.partition, "--numbered": args.numbered}
    def_only = {"--moves": args.moves, "--powers": args.powers}
    for option, given in (board_only if defined else def_only).items():
        if given:
            parser.error(f"{option} is not for {args.puzzle}")
    if defined:
        if args.size:
            parser.error("--size is for sliding")
    elif args.puzzle == "sliding":
        if not args.size:
            parser.error("sliding needs --size WxH")
    elif args.size:
        parser.error(f"--size is for sliding; {args.puzzle} is {SIZES[args.puzzle]}")
    else:
        args.size = SIZES[args.puzzle]
    if args.tasks < 1:
        parser.error("--tasks must be at least 1")
    if args.timeout is not None and not 0 < args.timeout < 1e9:
        parser.error(f"--timeout {args.timeout}: give a positive number of seconds")
    if args.max_nodes is not None and args.max_nodes < 0:
        parser.error(f"--max-nodes {args.max_nodes}: give a number of nodes, at least 0")
    return args


def main():
    args = parse_args()
    text = open(args.input).read() if args.input else sys.stdin.read()
    if args.puzzle == "def":
        cases, error = read_cases(text)
    else:
        cases, error = tablesolve.read_boards(text, args.size, args.numbered)
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        threads = args.threads or max(1, (os.cpu_count() or 1) // args.workers)
        cluster = LocalCluster(
            n_workers=args.workers,
            threads_per_worker=1,
            dashboard_address=None,
            host="127.0.0.1",
            env={"RAYON_NUM_THREADS": str(threads)},
        )
        client = Client(cluster)
    limited = False
    with client:
        for case, (number, board) in enumerate(cases, 1):
            try:
                line = answer_line(client, args, case, board)
            except ValueError as bad:
                if args.puzzle != "def":
                    raise
                # A defined puzzle's case its workers refused; the answers before it stand.
                error = f"case {case}, line {number}, {bad}"
                break
            limited |= line.startswith("limit")
            print(line, flush=True)
    if error is not None:
        print(f"{os.path.basename(sys.argv[0])}: {error}", file=sys.stderr)
        sys.exit(1)
    sys.exit(5 if limited else 0)


if __name__ == "__main__":
    main()
