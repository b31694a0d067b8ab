"""Exact, instant answers to classic puzzles, from precomputed tables.

One class per puzzle, opened once (its tables memory-mapped from the directory the
``tablesolve`` command uses: ``$TABLESOLVE_TABLES``, else the user's cache directory;
missing tables are built there on first use):

>>> import tablesolve
>>> tablesolve.Eight().solve("2 3 4 1 5 x 7 6 8")
'dlurullddrurdllurdr'

Every answer is the shortest and, among the shortest, the lexicographically smallest.
``solve_many`` answers a whole batch on every core with the GIL released.
"""

from ._tablesolve import (
    Eight,
    Eight2,
    Fifteen,
    LimitReached,
    Rotation,
    TableError,
    Verdict,
    default_tables,
)

__all__ = [
    "Eight",
    "Eight2",
    "Fifteen",
    "LimitReached",
    "Rotation",
    "TableError",
    "Verdict",
    "default_tables",
]
