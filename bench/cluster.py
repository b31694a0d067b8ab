"""What one board's search would gain on clusters larger than this machine, simulated
from measured task node counts (doc/cluster.md).

    python bench/cluster.py NAME=FILE ... [--workers 4,16,64,256] [--tasks 256,1024,4096]
        [--dispatch-ms 0,1]

(a Python with the tablesolve package: the simulation hands out runs of subtrees with
`tablesolve.cluster.runs`, as the driver does)

Each FILE (gzipped or not) holds `examples/task_nodes.rs`'s lines for one board: every
iteration, the nodes above the cut and each subtree's nodes, cut fine. The simulation
runs each iteration as `tablesolve.cluster` does: one task for 100,000 nodes of the
iteration before, up to the most given (--tasks), each a run of neighbouring subtrees
of about equal expected work from a cut into 16 times as many, the largest expected
split first; the cut on one worker, then the tasks handed out in task order,
each to the first free worker, every worker searching at the same rate (one node a
time unit) plus OVERHEAD_NODES a task for its round trip, and the scheduler handing out
one task every DISPATCH ms (--dispatch-ms; 0: as fast as asked), one at a time; an
iteration ends when its last task ends, the last iteration when every task up to the
first with a solution has. The speed-up is the one-worker time (every node, no
overhead) over that.

A simulated subtree is a group of the recorded ones: the states above them that the
cut splits are those whose moves begin recorded subtrees, and a recorded subtree is not
split further. The cut expects what `search::cut` expects (the nodes of the tasks at or under
a state in the simulated iteration before), except that a share goes to a state's
children equally, where the library weighs them by the room the bound leaves them,
which the records do not hold (the nodes between the two cuts, a few thousand, are left
out).
"""

import argparse
import bisect
import gzip
import heapq
import json

from tablesolve.cluster import NODES_PER_TASK, SUBTREES_PER_TASK, runs

# The scheduler's cost per task, in nodes: about 1 ms of a Dask round trip at 25 M
# nodes/s, one core's rate with 6-6-6-6.
OVERHEAD_NODES = 25_000
# Nodes a millisecond, to turn the scheduler's time a task into nodes.
NODES_PER_MS = 25_000


def read(path):
    """The iterations of one board: (cut nodes, [(moves, nodes or None)] in letter
    order, solved_at)."""
    iterations = []
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as lines:
        for line in lines:
            it = json.loads(line)
            tasks = list(zip(it["moves"], it["nodes"]))
            iterations.append((it["cut_nodes"], tasks, it["solved_at"]))
    return iterations


class Tree:
    """The recorded tasks of one iteration as the tree of their moves: the tasks under
    a state are those its moves begin, side by side in letter order."""

    def __init__(self, tasks):
        self.moves = [moves for moves, _ in tasks]
        self.totals = [0]
        for _, nodes in tasks:
            self.totals.append(self.totals[-1] + (nodes or 0))

    def under(self, state):
        """The places of the recorded tasks at or under `state`."""
        first = bisect.bisect_left(self.moves, state)
        return range(first, bisect.bisect_left(self.moves, state + "~", first))

    def nodes(self, places):
        return self.totals[places.stop] - self.totals[places.start]


def sized_cut(tree, wanted, before):
    """At least `wanted` states above or at the recorded tasks, in letter order, each
    with the nodes it is expected to hold, the largest expected split first, expected
    from `before` ({state: nodes} of the iteration before's cut; empty: every child
    an equal share)."""
    known = Tree(sorted(before.items()))

    def expected(state, parent_share, parent_below, siblings):
        held = known.under(state)
        if held:
            at = len(held) == 1 and known.moves[held.start] == state
            return known.nodes(held), at
        if not before or parent_below:
            return parent_share / siblings, True
        return 0.0, False

    pending = [(-expected("", 1.0, True, 1)[0], 0, "", not before)]
    leaves, made = [], 1
    while pending and len(pending) + len(leaves) < wanted:
        share, _, state, below = heapq.heappop(pending)
        under = tree.under(state)
        if len(tree.moves[under.start]) == len(state):
            leaves.append((state, -share))  # a recorded task: not split further
            continue
        children = [state + c for c in "dlru" if tree.under(state + c)]
        for child in children:
            child_share, child_below = expected(child, -share, below, len(children))
            heapq.heappush(pending, (-child_share, made, child, child_below))
            made += 1
    return sorted(leaves + [(state, -share) for share, _, state, _ in pending])


def iteration_time(cut_nodes, groups, solved, workers, dispatch):
    """One iteration's time on `workers` workers, the scheduler handing out a task every
    `dispatch` nodes' time at most."""
    free = [0.0] * workers
    needed = len(groups) if solved is None else solved + 1
    end = 0.0
    for place, nodes in enumerate(groups[:needed]):
        start = max(heapq.heappop(free), (place + 1) * dispatch)
        finish = start + nodes + OVERHEAD_NODES
        heapq.heappush(free, finish)
        end = max(end, finish)
    return cut_nodes + OVERHEAD_NODES + end


def simulate(iterations, workers, most, dispatch=0):
    """The board's nodes and its speed-up on `workers`, each iteration handed out as
    `tablesolve.cluster` hands it out: one task for NODES_PER_TASK nodes of the
    iteration before, at least one and at most `most`, each a run of neighbouring
    subtrees of a cut into SUBTREES_PER_TASK times as many, split by that one's
    sizes (at most the recorded subtrees)."""
    serial = parallel = last = 0
    before = {}
    for cut_nodes, tasks, solved_at in iterations:
        wanted = max(1, min(most, last // NODES_PER_TASK))
        tree = Tree(tasks)
        subtrees = sized_cut(tree, wanted * SUBTREES_PER_TASK, before) if tasks else []
        sizes = [tree.nodes(tree.under(state)) for state, _ in subtrees]
        groups, solved = [], None
        for start, end in runs([int(expected) for _, expected in subtrees], wanted):
            groups.append(sum(sizes[start:end]))
            first, last_place = tree.under(subtrees[start][0]), tree.under(subtrees[end - 1][0])
            if solved_at is not None and first.start <= solved_at < last_place.stop:
                solved = len(groups) - 1
        needed = len(groups) if solved is None else solved + 1
        nodes = cut_nodes + sum(groups[:needed])
        serial += nodes
        parallel += iteration_time(cut_nodes, groups, solved, workers, dispatch)
        last = nodes
        before = {state: size for (state, _), size in zip(subtrees, sizes)}
    return serial, serial / parallel


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="+", help="NAME=FILE of task_nodes lines")
    parser.add_argument("--workers", default="4,16,64,256")
    parser.add_argument("--tasks", default="256,1024,4096", help="the most tasks an iteration")
    parser.add_argument("--dispatch-ms", default="0", help="the scheduler's time a task, ms")
    args = parser.parse_args()
    workers = [int(w) for w in args.workers.split(",")]
    cuts = [int(t) for t in args.tasks.split(",")]
    dispatches = [float(d) for d in args.dispatch_ms.split(",")]
    print(
        "| board | nodes | scheduler a task | most tasks an iteration | "
        + " | ".join(f"{w} workers" for w in workers)
        + " |"
    )
    print("|---|---|---|---|" + "---|" * len(workers))
    for board in args.boards:
        name, path = board.split("=", 1)
        iterations = read(path)
        for dispatch in dispatches:
            for wanted in cuts:
                cells = []
                for w in workers:
                    nodes, speedup = simulate(iterations, w, wanted, dispatch * NODES_PER_MS)
                    cells.append(f"{speedup:.1f} ({speedup / w:.0%})")
                row = [name, f"{nodes:.3g}", f"{dispatch:g} ms", str(wanted)] + cells
                print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
