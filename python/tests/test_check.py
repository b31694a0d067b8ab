"""Checking answers: each kind of verdict, judged as the `check` command judges."""

import pytest

import tablesolve


@pytest.fixture(scope="module")
def eight(tables):
    return tablesolve.Eight(tables=tables)


START = "2 3 4 1 5 x 7 6 8"
BEST = "dlurullddrurdllurdr"


@pytest.mark.parametrize(
    "answer, kind",
    [
        (BEST, "correct"),
        # The blank goes up and back down first: still solved, two moves longer.
        ("ud" + BEST, "not shortest"),
        ("uuuu", "illegal move"),
        ("dl", "not solved"),
        ("dlurx", "malformed"),
        (None, "wrong solvability"),
    ],
)
def test_eight_verdicts(eight, answer, kind):
    verdict = eight.check(START, answer)
    assert verdict.kind == kind
    assert bool(verdict) == (kind == "correct")
    assert str(verdict).startswith(kind)


def test_not_smallest(tables):
    # Two shortest answers of ten moves (both replayed by hand): the later in letter
    # order is not the smallest.
    eight = tablesolve.Eight(tables=tables)
    board = "4 1 5 7 3 2 x 8 6"
    assert eight.solve(board) == "uurdruldrd"
    assert eight.check(board, "uurrdlurdd").kind == "not smallest"
    two = tablesolve.Eight2(tables=tables)
    assert two.solve("12345x786", "12345678x") == "d"
    assert two.check("x23145786", "12345678x", two.solve("x23145786", "12345678x")).correct


def test_rotation_digit_is_judged(tables):
    rotation = tablesolve.Rotation(tables=tables)
    board = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
    assert rotation.solve(board) == ("AC", 2)
    assert rotation.check(board, ("AC", 2)).correct
    assert rotation.check(board, ("AC", 3)).kind == "wrong digit"


def test_fifteen_verdicts(tables):
    fifteen = tablesolve.Fifteen(partition="6-6-3", tables=tables)
    board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"
    assert fifteen.solve(board) == "r"
    assert fifteen.check(board, "r").correct
    assert fifteen.check(board, "lrr").kind == "not shortest"
