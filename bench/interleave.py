"""Commands timed in turn, round after round, so that a shared machine's changing speed
falls on all of them alike: the fastest, first-quartile and median wall time of each.

    python3 bench/interleave.py ROUNDS 'COMMAND' ['COMMAND' ...]

Each command is split at spaces and run with its output dropped; a failing one stops
the script. bench/definitions.md quotes it.
"""

import statistics
import subprocess
import sys
import time


def main():
    rounds, commands = int(sys.argv[1]), sys.argv[2:]
    times = [[] for _ in commands]
    for _ in range(rounds):
        for command, taken in zip(commands, times):
            start = time.perf_counter()
            subprocess.run(command.split(), stdout=subprocess.DEVNULL, check=True)
            taken.append(time.perf_counter() - start)
    for command, taken in zip(commands, times):
        taken.sort()
        ms = [1000 * t for t in (taken[0], taken[len(taken) // 4], statistics.median(taken))]
        print(f"min {ms[0]:6.1f}  q1 {ms[1]:6.1f}  median {ms[2]:6.1f} ms  {command}")


if __name__ == "__main__":
    main()
