"""Answers a batch too big for one machine on a Dask cluster.

The input is split into blocks of lines; each worker process opens the tables once
(memory-mapped: workers on one machine share their pages) and answers its blocks with
``solve_many`` on every core; the answers come back, or are written, in input order.

    python examples/dask_batch.py eight boards.txt                  # a local cluster
    python examples/dask_batch.py eight boards.txt --workers 4
    python examples/dask_batch.py fifteen boards.txt --scheduler tcp://host:8786 \\
        --tables /shared/tables --output answers/

Input: one board a line in the judge's text (``2 3 4 1 5 x 7 6 8``; for fifteen, 16
numbers, for twentyfour 25). Output: one answer a line, as ``tablesolve eight`` and
``tablesolve fifteen`` print them (``unsolvable`` where the parities differ). Every worker must see
the table directory (``--tables``, else ``$TABLESOLVE_TABLES``, else its cache).
"""

import argparse
import functools

import dask.bag
from dask.distributed import Client, LocalCluster

import tablesolve

PUZZLES = {
    "eight": tablesolve.Eight,
    "fifteen": tablesolve.Fifteen,
    "twentyfour": tablesolve.TwentyFour,
}


@functools.lru_cache(maxsize=None)
def solver(puzzle, options):
    """The puzzle's solver in this worker process, opened on first use only."""
    return PUZZLES[puzzle](**dict(options))


def answer_block(lines, puzzle, options):
    """The answer lines of one block of input lines."""
    boards = [line for line in lines if line.strip()]
    answers = solver(puzzle, options).solve_many(boards)
    return ["unsolvable" if moves is None else moves for moves in answers]


def answers(client, paths, puzzle, blocksize="1MiB", **options):
    """The answers to every board in `paths` (files, or globs, each worker can read),
    a lazy bag in input order; `options` open the solver (tables=, partition=, ...)."""
    options = tuple(sorted(options.items()))
    lines = dask.bag.read_text(paths, blocksize=blocksize)
    return lines.map_partitions(answer_block, puzzle, options)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzle", choices=sorted(PUZZLES))
    parser.add_argument("input", nargs="+", help="files of boards, one a line")
    parser.add_argument("--scheduler", help="a running cluster's address")
    parser.add_argument("--workers", type=int, default=2, help="local worker processes")
    parser.add_argument("--tables", help="the table directory, as every worker sees it")
    parser.add_argument("--goal", help="fifteen, twentyfour: the goal, default, korf or the numbers")
    parser.add_argument(
        "--partition", help="fifteen: 7-8 or 6-6-3; twentyfour: compound or 6-6-6-6; or tile groups"
    )
    parser.add_argument("--blocksize", default="1MiB", help="input bytes a task answers")
    parser.add_argument("--output", help="write answer files here instead of printing")
    args = parser.parse_args()

    options = {}
    if args.tables:
        options["tables"] = args.tables
    for option in ("goal", "partition"):
        if getattr(args, option):
            options[option] = getattr(args, option)
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(
            n_workers=args.workers,
            threads_per_worker=1,
            dashboard_address=None,
            host="127.0.0.1",
        )
        client = Client(cluster)
    with client:
        bag = answers(client, args.input, args.puzzle, args.blocksize, **options)
        if args.output:
            bag.to_textfiles(f"{args.output}/*.txt")
        else:
            for line in bag.compute():
                print(line)


if __name__ == "__main__":
    main()
