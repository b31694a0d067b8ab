"""What one board's search would gain on clusters larger than this machine, simulated
from measured task node counts (doc/cluster.md).

    python3 bench/cluster.py NAME=FILE ... [--workers 4,16,64,256] [--tasks 256,1024,4096]

Each FILE (gzipped or not) holds `examples/task_nodes.rs`'s lines for one board: every iteration, the
nodes above the cut and each task's nodes, the tasks cut fine (all at one depth).
Coarser cuts are the fine one's tasks grouped by their first moves (the nodes between
the two depths, a few thousand, left out). The simulation runs each iteration as
`tablesolve.cluster` does: cut into one task for 100,000 nodes of the iteration before,
up to the most given (--tasks); the cut on one worker, then the tasks handed out in task
order, each to the first free worker, every worker searching at the same rate (one
node a time unit) plus OVERHEAD_NODES a task for the scheduler; an iteration ends when
its last task ends, the last iteration when every task up to the first with a solution
has. The speed-up is the one-worker time (every node, no overhead) over that.
"""

import argparse
import gzip
import heapq
import json

# As in tablesolve.cluster: one task for this many nodes of the iteration before.
NODES_PER_TASK = 100_000
# The scheduler's cost per task, in nodes: about 1 ms of a Dask round trip at 25 M
# nodes/s, one core's rate with 6-6-6-6.
OVERHEAD_NODES = 25_000


def read(path):
    """The iterations of one board: (cut nodes, [(moves, nodes or None)], solved_at)."""
    iterations = []
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as lines:
        for line in lines:
            it = json.loads(line)
            tasks = list(zip(it["moves"], it["nodes"]))
            iterations.append((it["cut_nodes"], tasks, it["solved_at"]))
    return iterations


def coarse(tasks, solved_at, wanted):
    """The tasks grouped by their first moves at the shallowest depth that gives at
    least `wanted` groups, in task order, with the group holding the solution."""
    if not tasks:
        return [], None
    depth = len(tasks[0][0])
    for d in range(depth + 1):
        prefixes = []
        for moves, _ in tasks:
            if not prefixes or prefixes[-1] != moves[:d]:
                prefixes.append(moves[:d])
        if len(prefixes) >= wanted or d == depth:
            break
    groups, places, solved_group = [], {}, None
    for place, (moves, nodes) in enumerate(tasks):
        key = moves[:d]
        if key not in places:
            places[key] = len(groups)
            groups.append(0)
        if nodes is not None:
            groups[places[key]] += nodes
        if place == solved_at:
            solved_group = places[key]
    return groups, solved_group


def iteration_time(cut_nodes, groups, solved, workers):
    """One iteration's time on `workers` workers."""
    free = [0.0] * workers
    needed = len(groups) if solved is None else solved + 1
    end = 0.0
    for place, nodes in enumerate(groups[:needed]):
        start = heapq.heappop(free)
        finish = start + nodes + OVERHEAD_NODES
        heapq.heappush(free, finish)
        end = max(end, finish)
    return cut_nodes + OVERHEAD_NODES + end


def simulate(iterations, workers, most):
    """The board's nodes and its speed-up on `workers`, each iteration cut as
    `tablesolve.cluster` cuts it: into one task for NODES_PER_TASK nodes of the
    iteration before, at least one and at most `most`."""
    serial = parallel = last = 0
    for cut_nodes, tasks, solved_at in iterations:
        wanted = max(1, min(most, last // NODES_PER_TASK))
        groups, solved = coarse(tasks, solved_at, wanted)
        needed = len(groups) if solved is None else solved + 1
        nodes = cut_nodes + sum(groups[:needed])
        serial += nodes
        parallel += iteration_time(cut_nodes, groups, solved, workers)
        last = nodes
    return serial, serial / parallel


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="+", help="NAME=FILE of task_nodes lines")
    parser.add_argument("--workers", default="4,16,64,256")
    parser.add_argument("--tasks", default="256,1024,4096", help="the most tasks an iteration")
    args = parser.parse_args()
    workers = [int(w) for w in args.workers.split(",")]
    cuts = [int(t) for t in args.tasks.split(",")]
    print("| board | nodes | most tasks an iteration | " + " | ".join(f"{w} workers" for w in workers) + " |")
    print("|---|---|---|" + "---|" * len(workers))
    for board in args.boards:
        name, path = board.split("=", 1)
        iterations = read(path)
        for wanted in cuts:
            cells = []
            for w in workers:
                nodes, speedup = simulate(iterations, w, wanted)
                cells.append(f"{speedup:.1f} ({speedup / w:.0%})")
            print(f"| {name} | {nodes:.3g} | {wanted} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
