"""Batches given as numpy arrays, one board a row, answer as the same boards in lists."""

import random

import pytest

import tablesolve

np = pytest.importorskip("numpy")


def test_eight_rows(tables):
    eight = tablesolve.Eight(tables=tables)
    rng = np.random.default_rng(43)
    boards = np.array([rng.permutation(9) for _ in range(1000)], dtype=np.uint8)
    assert eight.solve_many(boards) == eight.solve_many(boards.tolist())
    # Any integer type, and any shape (n, ...) of nine values a board.
    assert eight.solve_many(boards.astype(np.int32).reshape(1000, 3, 3)) == eight.solve_many(boards.tolist())


def test_fifteen_rows(tables):
    fifteen = tablesolve.Fifteen(partition="6-6-3", tables=tables)
    rng = random.Random(15)
    boards = []
    for _ in range(20):
        # A few dozen random slides from the goal: quick to answer.
        board = list(range(1, 16)) + [0]
        blank = 15
        for _ in range(40):
            step = rng.choice([-4, 4, -1, 1])
            to = blank + step
            if 0 <= to < 16 and (abs(step) == 4 or to // 4 == blank // 4):
                board[blank], board[to] = board[to], board[blank]
                blank = to
        boards.append(board)
    assert fifteen.solve_many(np.array(boards)) == [fifteen.solve(b) for b in boards]


def test_bad_rows(tables):
    eight = tablesolve.Eight(tables=tables)
    with pytest.raises(ValueError, match=r"shape \(n, 9\), not \(2, 8\)"):
        eight.solve_many(np.zeros((2, 8), dtype=np.int64))
    rows = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 0], [1, 2, 3, 4, 5, 6, 7, 8, 9]])
    with pytest.raises(ValueError, match=r"boards\[1\]: value 9 at position 9"):
        eight.solve_many(rows)
