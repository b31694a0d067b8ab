"""One case's search on a Dask cluster: each iteration of IDA* cut into tasks, for a
sliding board (``answer``) or a defined puzzle's case (``answer_definition``).

``Sliding.cut`` (and ``Definition.cut``) cuts the iteration at a bound into subtrees (in letter order),
splitting first those that were largest in the iteration before; each task is a run
of neighbouring subtrees expected to hold about as much work as any other, and any
process with the tables searches one with ``search_task``, subtree by subtree. Combined in task order (the first task with a solution gives the answer;
else the next bound is the least one seen) they answer as one thread does, so
``answer`` gives exactly what ``Sliding.solve`` (and the command) gives, with every
worker of the cluster on one board:

>>> from dask.distributed import Client                          # doctest: +SKIP
>>> from tablesolve.cluster import answer                        # doctest: +SKIP
>>> answer(Client("tcp://host:8786"), board, "5x5", goal="korf") # doctest: +SKIP
>>> answer_definition(client, "R U F2 ...", "3x3x3.def")        # doctest: +SKIP

A defined puzzle's workers search over the databases on disk (the largest size there):
build them ahead, ``build-tables --definition FILE --memory SIZE``.

The task functions below run on the workers, each opening the tables once per process
(from ``tables``, else ``$TABLESOLVE_TABLES``, else the worker's cache). A worker lost
mid-iteration has its tasks run again elsewhere by Dask; results are kept by their
task's place, so none counts twice. This module imports Dask only when ``answer`` runs.
"""

import functools
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from ._tablesolve import Definition, LimitReached, Sliding

Board = Union[str, Sequence[int]]
Options = Tuple[Tuple[str, Any], ...]
# What a worker opens: ("sliding", its size "WxH") or ("def", the definition's path).
Puzzle = Tuple[str, str]
KINDS = {"sliding": Sliding, "def": Definition}

# An iteration is cut into about one task for this many nodes it is expected to hold
# (the iteration before it times the growth from the one before that: some 6x a bound
# on the 24-puzzle, 13x on the 3x3x3), up to `tasks`: small iterations stay whole
# rather than pay the scheduler for tasks of microseconds.
NODES_PER_TASK = 100_000
# A task is a run of about this many subtrees: tasks of about equal work, as a fine
# cut gives, at the scheduler's cost of a coarse one (a task costs it about 1 ms).
SUBTREES_PER_TASK = 16


@functools.lru_cache(maxsize=None)
def opened(puzzle: Puzzle, options: Options) -> Union[Sliding, Definition]:
    """The puzzle's solver in this process, opened on its first task only."""
    kind, what = puzzle
    return KINDS[kind](what, **dict(options))


def searches(puzzle: Puzzle, options: Options) -> bool:
    """Whether the case is answered by a search (else from exact tables), as the
    library chose when opening the puzzle."""
    return opened(puzzle, options).searches


def first_bound(board: Board, puzzle: Puzzle, options: Options) -> Optional[int]:
    return opened(puzzle, options).first_bound(board)


def solve(board: Board, puzzle: Puzzle, options: Options) -> Optional[str]:
    """A case answered from exact tables, without a search."""
    return opened(puzzle, options).solve(board)


def cut(
    board: Board, bound: int, tasks: int, sizes: Dict[str, int], puzzle: Puzzle, options: Options
) -> Dict[str, Any]:
    return opened(puzzle, options).cut(board, bound, tasks, sizes)


def search_task(
    board: Board,
    bound: int,
    task: str,
    puzzle: Puzzle,
    options: Options,
    limit: Optional[int],
    deadline: Optional[float],
) -> Dict[str, Any]:
    """One task's result, or {"stopped": nodes} when a limit stopped it."""
    timeout = None if deadline is None else max(0.0, deadline - time.time())
    try:
        return opened(puzzle, options).search_task(
            board, bound, task, limit=limit, timeout=timeout
        )
    except LimitReached as stop:
        return {"stopped": stop.nodes}


def search_subtrees(
    board: Board,
    bound: int,
    subtrees: Sequence[str],
    puzzle: Puzzle,
    options: Options,
    limit: Optional[int],
    deadline: Optional[float],
) -> Dict[str, Any]:
    """`subtrees` searched in order until one has a solution: {"searched": each one's
    result, as `search_task` gives it}; or {"stopped": nodes} when a limit stopped
    it."""
    searched: List[Dict[str, Any]] = []
    nodes = 0
    for subtree in subtrees:
        left = None if limit is None else max(0, limit - nodes)
        result = search_task(board, bound, subtree, puzzle, options, left, deadline)
        if "stopped" in result:
            return {"stopped": nodes + result["stopped"]}
        nodes += result["nodes"]
        searched.append(result)
        if result["solution"] is not None:
            break
    return {"searched": searched}


def runs(expected: Sequence[int], wanted: int) -> List[Tuple[int, int]]:
    """(start, end) of at most `wanted` runs of neighbouring subtrees: a run ends once
    the work expected so far reaches the next of `wanted` equal shares of the whole
    (a subtree expected to hold several shares ends one run)."""
    weights = list(expected) if sum(expected) else [1] * len(expected)
    total = sum(weights)
    ends, held, share = [], 0, 1
    for place, nodes in enumerate(weights):
        held += nodes
        if held * wanted >= total * share or place == len(weights) - 1:
            ends.append(place + 1)
            share = held * wanted // total + 1
    return list(zip([0] + ends[:-1], ends))


def answer(
    client: Any,
    board: Board,
    size: str,
    *,
    goal: Optional[Board] = None,
    partition: Optional[str] = None,
    tables: Optional[str] = None,
    tasks: int = 1024,
    limit: Optional[int] = None,
    timeout: Optional[float] = None,
    progress: Optional[Callable[[Dict[str, Any]], None]] = None,
    progress_every: float = 2.0,
) -> Optional[str]:
    """The shortest, lexicographically smallest slides from `board` (None when it
    cannot reach the goal), searched by every worker of `client`'s cluster, each
    iteration cut into up to about `tasks` tasks. Past `limit` nodes or `timeout`
    seconds, LimitReached (its `lower_bound` the bound under search). `progress`, if
    given, is told where each iteration stands every `progress_every` seconds and when
    it ends: a dict of "bound", "done", "tasks", "nodes" (this iteration's so far;
    exact once "finished" is "searched"), "total" (every iteration's), "seconds" and
    "finished" (None, "searched" or "solved")."""
    # The options key each worker's opened board: hashable, so a goal given as a list
    # is kept as a tuple.
    if goal is not None and not isinstance(goal, str):
        goal = tuple(goal)
    options = {"tables": tables, "goal": goal, "partition": partition}
    search = _Search(
        client, board, ("sliding", size), options, tasks, limit=limit, timeout=timeout,
        progress=progress, progress_every=progress_every,
    )
    return search.answer()


def answer_definition(
    client: Any,
    case: str,
    definition: str,
    *,
    moves: Optional[str] = None,
    powers: Optional[str] = None,
    tables: Optional[str] = None,
    **search: Any,
) -> Optional[str]:
    """The shortest turns from `case` (a scramble, or KPattern JSON text) to the
    nearest solved state of the puzzle defined in `definition` (a path every worker
    can read), the smallest of them in answer order, as ``Definition.solve`` gives
    them; searched by every worker as ``answer`` searches a board, `search` its
    `tasks`, `limit`, `timeout`, `progress` and `progress_every`. `moves` ("U,R,F")
    and `powers` as the command's ``--moves`` and ``--powers``."""
    options = {
        "tables": tables,
        "moves": None if moves is None else tuple(moves.split(",")),
        "powers": powers,
    }
    return _Search(client, case, ("def", str(definition)), options, **search).answer()


class _Search:
    """One case's search on the cluster."""

    def __init__(
        self, client, board, puzzle, options, tasks=1024, *, limit=None, timeout=None,
        progress=None, progress_every=2.0,
    ):
        self.client = client
        self.board = board
        self.puzzle = puzzle
        # The options key each worker's opened puzzle: hashable, in one order.
        self.options = tuple(sorted((k, v) for k, v in options.items() if v is not None))
        self.max_tasks = max(1, tasks)
        self.clock = time.time()
        self.nodes = 0
        self.max_nodes = limit
        self.deadline = None if timeout is None else self.clock + timeout
        self.progress, self.progress_every = progress, progress_every

    def run(self, function, *args):
        """`function(*args, puzzle, options)` on some worker."""
        future = self.client.submit(function, *args, self.puzzle, self.options, pure=False)
        return future.result()

    def answer(self):
        if not self.run(searches):
            # Answered from exact tables, as the command does.
            return self.run(solve, self.board)
        bound = self.run(first_bound, self.board)
        last, growth, sizes = 0, 1, {}
        while bound is not None:
            tasks = max(1, min(self.max_tasks, last * growth // NODES_PER_TASK))
            before = self.nodes
            found, bound, sizes = self.iteration(bound, tasks, sizes)
            if found is not None:
                return found
            nodes = self.nodes - before
            growth = max(1, nodes // last) if last else 1
            last = nodes
        return None

    def iteration(self, bound, tasks, sizes):
        """One iteration, cut by the `sizes` of the one before ({task: nodes}):
        (the answer, None, None) if it admits one, else (None, the next bound or None
        when nothing was pruned, its tasks' sizes)."""
        from dask.distributed import as_completed

        self.check_limits(bound)
        before = self.nodes
        plan = self.run(cut, self.board, bound, tasks * SUBTREES_PER_TASK, sizes)
        self.nodes += plan["nodes"]
        limit = None if self.max_nodes is None else max(0, self.max_nodes - self.nodes)
        subtrees = plan["tasks"]
        places = runs(plan["expected"], tasks)
        futures = {}
        for place, (start, end) in enumerate(places):
            task = subtrees[start:end]
            arguments = (self.board, bound, task, self.puzzle, self.options, limit, self.deadline)
            # Earlier tasks first: the answer waits on every task before it.
            future = self.client.submit(search_subtrees, *arguments, priority=-place, pure=False)
            futures[future] = place
        results = {}
        first = len(futures)  # the place of the first task with a solution so far
        shown = time.time()
        for future in as_completed(list(futures)):
            if future.cancelled():
                continue  # a task after the first solution
            place = futures[future]
            result = future.result()
            if "stopped" in result:
                self.nodes += result["stopped"]
                self.stop(bound, futures)
            results[place] = result["searched"]
            self.nodes += sum(searched["nodes"] for searched in results[place])
            solved = any(searched["solution"] is not None for searched in results[place])
            if solved and place < first:
                first = place
                self.cancel(f for f, p in futures.items() if p > first)
            if first < len(futures) and all(p in results for p in range(first)):
                break
            if self.max_nodes is not None and self.nodes > self.max_nodes:
                self.stop(bound, futures)
            if time.time() - shown >= self.progress_every:
                shown = time.time()
                self.show(bound, len(results), len(futures), before)
        solved = first < len(futures)
        self.show(bound, len(results), len(futures), before, ("searched", "solved")[solved])
        if solved:
            self.cancel(futures)
        # The tasks' results in task order, up to the first with a solution, combined
        # by the library's rule.
        searched = [one for place in range(min(first + 1, len(futures))) for one in results[place]]
        outcome = KINDS[self.puzzle[0]].combine(plan, searched)
        if outcome["solution"] is not None:
            return outcome["solution"], None, None
        sizes = {}
        for place, (start, end) in enumerate(places):
            sizes.update(zip(subtrees[start:end], (one["nodes"] for one in results[place])))
        return None, outcome["next_bound"], sizes

    def check_limits(self, bound):
        over_time = self.deadline is not None and time.time() >= self.deadline
        over_nodes = self.max_nodes is not None and self.nodes >= self.max_nodes
        if over_time or over_nodes:
            self.stop(bound, ())

    def stop(self, bound, futures):
        """Ends the search at `bound`, its limit reached."""
        self.cancel(futures)
        error = LimitReached(
            f"limit reached after {self.nodes} nodes: every answer has at least {bound} moves"
        )
        error.lower_bound, error.nodes = bound, self.nodes
        raise error

    def cancel(self, futures):
        self.client.cancel([f for f in futures if not f.done()])

    def show(self, bound, done, tasks, before, finished=None):
        if self.progress is None:
            return
        report = {
            "bound": bound,
            "done": done,
            "tasks": tasks,
            "nodes": self.nodes - before,
            "total": self.nodes,
            "seconds": time.time() - self.clock,
            "finished": finished,
        }
        self.progress(report)
