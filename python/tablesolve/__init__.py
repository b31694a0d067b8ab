"""Exact, instant answers to classic puzzles, from precomputed tables.

One class per puzzle, opened once (its tables memory-mapped from the directory the
``tablesolve`` command uses: ``$TABLESOLVE_TABLES``, else the user's cache directory;
missing tables are built there on first use):

>>> import tablesolve
>>> tablesolve.Eight().solve("2 3 4 1 5 x 7 6 8")
'dlurullddrurdllurdr'

Every answer is the shortest and, among the shortest, the lexicographically smallest.
``solve_many`` answers a whole batch on every core with the GIL released.
``Definition`` answers any permutation puzzle given as a ksolve+ or KPuzzle JSON file:

>>> tablesolve.Definition("definitions/2x2x2.def", moves=["U", "R"]).solve("R U")
"U' R'"
"""

import os
from typing import Optional, Sequence, Union

from ._tablesolve import (
    Definition,
    Eight,
    Eight2,
    LimitReached,
    Rotation,
    Sliding,
    TableError,
    Verdict,
    default_tables,
    read_boards,
)

# A board: judge text, or a sequence of numbers (0 the blank).
Board = Union[str, Sequence[int]]


class _OneSize(Sliding):
    """A `Sliding` board of one size, its class's SIZE."""

    SIZE = ""

    def __new__(
        cls,
        goal: Optional[Board] = None,
        partition: Optional[str] = None,
        tables: Optional[Union[str, "os.PathLike[str]"]] = None,
        build: bool = True,
    ) -> "_OneSize":
        return super().__new__(cls, cls.SIZE, goal, partition, tables, build)


class Fifteen(_OneSize):
    """The 15-puzzle, ``Sliding("4x4")``: by IDA* over additive pattern databases."""

    SIZE = "4x4"


class TwentyFour(_OneSize):
    """The 24-puzzle, ``Sliding("5x5")``: by IDA* over additive pattern databases
    (by default the compound catalogue, about 5 minutes and 2.4 GB on disk to build;
    partition="6-6-6-6", Korf and Felner's, about 50 s)."""

    SIZE = "5x5"


__all__ = [
    "Definition",
    "Eight",
    "Eight2",
    "Fifteen",
    "LimitReached",
    "Rotation",
    "Sliding",
    "TableError",
    "TwentyFour",
    "Verdict",
    "default_tables",
    "read_boards",
]
