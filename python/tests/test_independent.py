"""Answers against an independent method written here: a breadth-first search over all
181,440 positions of the 8-puzzle that reach the goal, and replaying every answer."""

import random
from collections import deque

import pytest

import tablesolve

STEP = {"u": -3, "d": 3, "l": -1, "r": 1}


def slide(board, move):
    """The board after the blank moves `move`, or None off the grid."""
    blank = board.index(0)
    to = blank + STEP[move]
    if not 0 <= to < 9 or (move in "lr" and to // 3 != blank // 3):
        return None
    cells = list(board)
    cells[blank], cells[to] = cells[to], cells[blank]
    return tuple(cells)


@pytest.fixture(scope="module")
def distances():
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    seen = {goal: 0}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        for move in "udlr":
            after = slide(board, move)
            if after is not None and after not in seen:
                seen[after] = seen[board] + 1
                queue.append(after)
    assert len(seen) == 181440
    return seen


def test_eight_against_breadth_first_search(tables, distances):
    eight = tablesolve.Eight(tables=tables)
    rng = random.Random(8)
    boards = []
    for _ in range(3000):
        tiles = list(range(9))
        rng.shuffle(tiles)
        boards.append(tuple(tiles))
    answers = eight.solve_many(boards)
    for board, moves in zip(boards, answers):
        if board not in distances:
            assert moves is None and eight.distance(board) is None
            continue
        assert len(moves) == distances[board] == eight.distance(board)
        for move in moves:
            board = slide(board, move)
        assert board == (1, 2, 3, 4, 5, 6, 7, 8, 0)
    assert sum(a is None for a in answers) > 1000  # both kinds were tried
