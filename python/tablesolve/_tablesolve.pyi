"""Type stubs of the extension module; the package re-exports everything here."""

from os import PathLike
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

# A board: judge text ("2 3 4 1 5 x 7 6 8") or numbers in reading order (0 the blank).
Board = Union[str, Sequence[int]]
# A batch: an iterable of boards, or a numpy array with one board a row.
Boards = Union[Iterable[Board], Any]
Tables = Union[str, "PathLike[str]", None]

class TableError(OSError):
    """A table is missing (and building was not allowed), damaged, or cannot be built."""

class LimitReached(Exception):
    """A search reached its node or time limit before its answer."""

    lower_bound: int
    """Every answer needs at least this many moves."""
    nodes: int
    """States the search generated."""

class Verdict:
    """What checking an answer found; true when it is the shortest, smallest one."""

    @property
    def kind(self) -> str:
        """A short name: "correct", "not shortest", "not smallest", "illegal move", ..."""
    @property
    def correct(self) -> bool: ...
    def __bool__(self) -> bool: ...

class Rotation:
    """The Rotation Game (UVA 1343): 24 values, eight each of 1, 2 and 3."""

    def __init__(self, tables: Tables = None, build: bool = True) -> None: ...
    def solve(self, board: Board) -> Tuple[str, int]:
        """The moves (letters A-H, "" when solved already) and the centre digit."""
    def distance(self, board: Board) -> int: ...
    def solve_many(
        self, boards: Boards, *, return_exceptions: bool = False
    ) -> List[Tuple[str, int]]: ...
    def check(self, board: Board, answer: Tuple[str, int]) -> Verdict: ...
    @property
    def tables(self) -> Path: ...

class Eight:
    """The 8-puzzle to 12345678x (HDU 1043)."""

    def __init__(self, tables: Tables = None, build: bool = True) -> None: ...
    def solve(self, board: Board) -> Optional[str]:
        """Moves of the blank (letters d, l, r, u), None when unsolvable."""
    def distance(self, board: Board) -> Optional[int]: ...
    def solve_many(
        self, boards: Boards, *, return_exceptions: bool = False
    ) -> List[Optional[str]]: ...
    def check(self, board: Board, answer: Optional[str]) -> Verdict: ...
    @property
    def tables(self) -> Path: ...

class Eight2:
    """The 8-puzzle between any two grids (HDU 3567, "Eight II")."""

    def __init__(self, tables: Tables = None, build: bool = True) -> None: ...
    def solve(self, start: Board, target: Board) -> Optional[str]: ...
    def distance(self, start: Board, target: Board) -> Optional[int]: ...
    def solve_many(
        self,
        cases: Iterable[Union[Tuple[Board, Board], str]],
        *,
        return_exceptions: bool = False,
    ) -> List[Optional[str]]:
        """Every board's answer, in order, the boards searched side by side on every
        core; each within `limit` nodes and `timeout` seconds of its share of the
        cores (the search it would get alone, however many run beside it)."""
    def check(self, start: Board, target: Board, answer: Optional[str]) -> Verdict: ...
    @property
    def tables(self) -> Path: ...

class Sliding:
    """Sliding boards of any size from 2x2 up to 5x5: up to 12 cells from an exact
    table, larger ones by IDA* over additive pattern databases."""

    def __init__(
        self,
        size: str,
        goal: Optional[Board] = None,
        partition: Optional[str] = None,
        tables: Tables = None,
        build: bool = True,
    ) -> None:
        """size: "WxH", W columns and H rows, each 2 to 5; goal: "default" (1..W*H-1
        then the blank), "korf" (the blank first) or a board; partition: for the
        search, "7-8" (4x4: fast; about 80 s and 1 GB to build), "6-6-3" (4x4: about
        1 s), "compound" (5x5: a catalogue; about 5 minutes, 2.4 GB), "6-6-6-6"
        (5x5; about 50 s) or groups of the tiles separated by "/" ("1 2 3 4 5 / 6 7 8
        9 10 / 11 12 13 14 15"), several such splits separated by ";" (the bound is
        the largest of their sums); by default the exact table up to 12 cells, else the
        best one present, else 7-8, compound or reading-order groups."""
    def solve(
        self, board: Board, *, limit: Optional[int] = None, timeout: Optional[float] = None
    ) -> Optional[str]:
        """Slides of the blank, None when unsolvable; raises LimitReached past
        `limit` nodes or `timeout` seconds."""
    def distance(
        self, board: Board, *, limit: Optional[int] = None, timeout: Optional[float] = None
    ) -> Optional[int]: ...
    def solve_many(
        self,
        boards: Boards,
        *,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
        return_exceptions: bool = False,
    ) -> List[Optional[str]]: ...
    def check(
        self,
        board: Board,
        answer: Optional[str],
        *,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Verdict:
        """The verdict on `answer`, against the search's own answer found within
        `limit` nodes and `timeout` seconds (LimitReached past either)."""
    def first_bound(self, board: Board) -> Optional[int]:
        """The bound of the search's first iteration, the start of `cut`'s bounds;
        None when the board cannot reach the goal."""
    def cut(
        self,
        board: Board,
        bound: int,
        tasks: int,
        sizes: Optional[Dict[str, int]] = None,
    ) -> Dict[str, Any]:
        """The iteration at `bound` cut into at least `tasks` tasks for other
        processes: {"bound", "tasks" (slides from the board, in letter order),
        "expected" (the nodes each is expected to hold), "nodes" (above the cut),
        "next_bound" (least cost pruned above it, or None)}.
        The answer is the "solution" of the first task in task order that has one;
        else the next bound is the least "next_bound" of the cut and every task.
        The largest task expected from `sizes` (the iteration before's tasks and
        their nodes) is split first."""
    def search_task(
        self,
        board: Board,
        bound: int,
        task: str,
        *,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        """One task of `cut`, on every core: {"solution" (its first in letter order,
        or None), "nodes", "next_bound" (or None)}; LimitReached past a limit."""
    @staticmethod
    def combine(cut: Dict[str, Any], results: Sequence[Dict[str, Any]]) -> Dict[str, Any]:
        """The outcome of iteration `cut` from its tasks' results in task order, one
        for each task up to the first with a solution: {"solution" (the answer, or
        None), "next_bound" (the next bound without an answer; None when the goal is
        out of reach)}."""
    @property
    def searches(self) -> bool:
        """Whether boards are answered by a search (else from an exact table)."""
    @property
    def size(self) -> str: ...
    @property
    def goal(self) -> List[int]: ...
    @property
    def partition(self) -> Optional[str]:
        """None for a board answered from its exact table."""
    @property
    def tables(self) -> Path: ...

# A case of a defined puzzle: a scramble ("R U2 F'"), or a KPattern as a dict or JSON.
Case = Union[str, Dict[str, Any]]

class Definition:
    """A permutation puzzle from a ksolve+ definition or a KPuzzle JSON file: answered
    from its exact table where the whole puzzle fits, else by IDA* over pattern
    databases of its parts."""

    def __init__(
        self,
        path: Union[str, "PathLike[str]"],
        moves: Optional[Sequence[str]] = None,
        powers: Optional[str] = None,
        tables: Tables = None,
        build: bool = True,
        memory: Union[int, str, None] = None,
    ) -> None:
        """`moves`: the moves an answer may use, in answer order (the file's when None);
        `powers`: "all" (each power one turn), "quarter" or "none"; `memory`: the most
        bytes one size of its pattern databases may take together (or "8G", "512M";
        default: half of what this machine has free)."""
    def solve(
        self, case: Case, *, limit: Optional[int] = None, timeout: Optional[float] = None
    ) -> Optional[str]:
        """Turns separated by spaces ("" when solved already), None when unsolvable."""
    def distance(
        self, case: Case, *, limit: Optional[int] = None, timeout: Optional[float] = None
    ) -> Optional[int]: ...
    def solve_many(
        self,
        cases: Iterable[Case],
        *,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
        return_exceptions: bool = False,
    ) -> List[Optional[str]]: ...
    def check(self, case: Case, answer: Optional[str]) -> Verdict: ...
    def first_bound(self, case: Case) -> Optional[int]:
        """The bound of the search's first iteration, the start of `cut`'s bounds;
        None when no solved state can be reached."""
    def cut(
        self,
        case: Case,
        bound: int,
        tasks: int,
        sizes: Optional[Dict[str, int]] = None,
    ) -> Dict[str, Any]:
        """As `Sliding.cut`, each task the turns from the case separated by spaces."""
    def search_task(
        self,
        case: Case,
        bound: int,
        task: str,
        *,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        """As `Sliding.search_task`: {"solution", "nodes", "next_bound"}."""
    @staticmethod
    def combine(cut: Dict[str, Any], results: Sequence[Dict[str, Any]]) -> Dict[str, Any]:
        """As `Sliding.combine`."""
    def scramble(self, seed: Optional[int] = None) -> str:
        """A scramble of a uniformly drawn reachable state (not the shortest)."""
    @property
    def states(self) -> int:
        """How many states its moves reach (ValueError where not counted)."""
    def pattern(self, case: Case) -> Dict[str, Dict[str, List[int]]]:
        """The case as a KPattern: each set's pieces and orientations by position."""
    @property
    def name(self) -> str: ...
    @property
    def sets(self) -> List[Tuple[str, int, int]]:
        """(name, pieces, orientations) of each set."""
    @property
    def turns(self) -> List[str]:
        """The turns an answer may use, in answer order."""
    @property
    def searches(self) -> bool:
        """Whether cases are answered by a search, not from an exact table."""
    @property
    def path(self) -> Path: ...
    @property
    def tables(self) -> Path: ...

def default_tables() -> Path:
    """Where tables are unless tables= says otherwise ($TABLESOLVE_TABLES, else the
    user's cache directory)."""

def read_boards(
    text: str, size: str = "4x4", numbered: bool = False
) -> Tuple[List[Tuple[Optional[int], List[int]]], Optional[str]]:
    """The cases of a `tablesolve sliding --size SIZE` input, read as the command reads
    them, without tables: (label or None, W*H numbers) pairs, and the command's message
    for the first malformed case (None if none); every case before it is listed."""
