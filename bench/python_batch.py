"""solve_many against a Python loop of solve calls, on 100,000 random 8-puzzle boards.

    python bench/python_batch.py          # after `pip install ./python`

Prints, for each way of giving the boards, the best of seven runs of the loop and of
solve_many, their ratio, and solve_many's CPU time over its wall time (2.0 = both
cores busy on a two-core machine). Results: bench/python.md.
"""

import os
import random
import time

import tablesolve

RUNS = 7
BOARDS = 100_000


def best(work):
    """The best wall time of RUNS runs, and that run's CPU time."""
    times = []
    for _ in range(RUNS):
        wall, cpu = time.perf_counter(), time.process_time()
        work()
        times.append((time.perf_counter() - wall, time.process_time() - cpu))
    return min(times)


def main():
    eight = tablesolve.Eight()
    rng = random.Random(1043)
    tiles = []
    for _ in range(BOARDS):
        board = list(range(9))
        rng.shuffle(board)
        tiles.append(board)
    texts = [" ".join("x" if t == 0 else str(t) for t in board) for board in tiles]
    ways = {"judge text": texts, "lists of ints": tiles}
    try:
        import numpy

        ways["numpy array"] = numpy.array(tiles, dtype=numpy.uint8)
    except ImportError:
        pass
    print(f"{BOARDS:,} boards, {os.cpu_count()} CPUs, best of {RUNS}")
    print("| boards given as | loop of solve | solve_many | ratio | CPU/wall of solve_many |")
    print("|---|---|---|---|---|")
    for name, boards in ways.items():
        solve = eight.solve
        loop, _ = best(lambda: [solve(b) for b in boards])
        many, cpu = best(lambda: eight.solve_many(boards))
        assert eight.solve_many(boards) == [solve(b) for b in boards]
        print(f"| {name} | {loop * 1e3:.1f} ms | {many * 1e3:.1f} ms | {loop / many:.1f}x | {cpu / many:.2f} |")


if __name__ == "__main__":
    main()
