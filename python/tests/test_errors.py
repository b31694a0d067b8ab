"""Bad boards, bad arguments, missing tables and limits: each a clear exception."""

import pytest

import tablesolve
from conftest import SAMPLES


@pytest.fixture(scope="module")
def eight(tables):
    return tablesolve.Eight(tables=tables)


@pytest.fixture(scope="module")
def fifteen(tables):
    return tablesolve.Fifteen(goal="korf", partition="6-6-3", tables=tables)


@pytest.mark.parametrize(
    "board, message",
    [
        ("1234x678", "expected 9 characters (tiles 1-8 and x), found 8"),
        ("12345677x", "7 appears twice, and 8 is missing"),
        ("1234567y8", "'y' at position 8 is not a tile 1-8 or x"),
        ([1, 2, 3], "expected 9 values, found 3"),
        ([1, 2, 3, 4, 5, 6, 7, 8, 9], "value 9 at position 9 is not a tile 0-8 (0 the blank)"),
        ([1, 2, 3, 4, 5, 6, 7, -8, 0], "value -8 at position 8 is not a tile 0-8 (0 the blank)"),
        ([1, 1, 3, 4, 5, 6, 7, 8, 0], "1 appears twice, and 2 is missing"),
    ],
)
def test_bad_eight_boards_name_the_problem(eight, board, message):
    with pytest.raises(ValueError) as raised:
        eight.solve(board)
    assert str(raised.value) == message


def test_not_a_board_is_a_type_error(eight):
    with pytest.raises(TypeError, match="a board is a string or a sequence of 9 integers, not float"):
        eight.solve(3.5)
    with pytest.raises(TypeError, match="not one string"):
        eight.solve_many("123456780")


def test_bad_rotation_and_fifteen_boards(tables, fifteen):
    rotation = tablesolve.Rotation(tables=tables)
    with pytest.raises(ValueError, match="expected eight each of 1, 2 and 3, found 9 1s"):
        rotation.solve([1] * 9 + [2] * 7 + [3] * 8)
    with pytest.raises(ValueError, match="value 4 at position 1 is not 1, 2 or 3"):
        rotation.solve([4] + [1] * 7 + [2] * 8 + [3] * 8)
    with pytest.raises(ValueError, match="expected 16 values, found 15"):
        fifteen.solve(list(range(15)))
    with pytest.raises(ValueError, match="value 300 at position 1 is not a number from 0 to 15"):
        fifteen.solve([300] + list(range(1, 16)))
    with pytest.raises(ValueError, match="neither `default`, `korf` nor 16 values"):
        tablesolve.Fifteen(goal="sorted", partition="6-6-3", tables=tables)
    with pytest.raises(ValueError, match='no partition "5-5-5"'):
        tablesolve.Fifteen(partition="5-5-5", tables=tables)
    with pytest.raises(ValueError, match="tile 4 is in no group"):
        tablesolve.Fifteen(partition="1 2 / 3", tables=tables)


def test_a_bad_board_in_a_batch(eight):
    boards = ["12345678x", "1234x678", "2 3 4 1 5 x 7 6 8"]
    with pytest.raises(ValueError) as raised:
        eight.solve_many(boards)
    assert str(raised.value) == "boards[1]: expected 9 characters (tiles 1-8 and x), found 8"
    # Every other case is still answered, the bad one holds its place.
    first, bad, last = eight.solve_many(boards, return_exceptions=True)
    assert (first, last) == ("", "dlurullddrurdllurdr")
    assert isinstance(bad, ValueError) and str(bad).startswith("boards[1]: expected 9")


def test_missing_tables_without_building(tmp_path):
    with pytest.raises(tablesolve.TableError) as raised:
        tablesolve.Eight(tables=tmp_path, build=False)
    message = str(raised.value)
    assert "missing" in message and str(tmp_path) in message
    assert message.endswith("open with build=True to build it")
    assert isinstance(raised.value, OSError)


def test_damaged_tables_are_refused(tmp_path):
    tablesolve.Eight(tables=tmp_path)
    for table in tmp_path.glob("sliding3x3-8*.tbl"):
        data = bytearray(table.read_bytes())
        data[-1] ^= 0xFF
        table.write_bytes(bytes(data))
    with pytest.raises(tablesolve.TableError, match="rebuild"):
        tablesolve.Eight(tables=tmp_path, build=False).solve("2 3 4 1 5 x 7 6 8")


def test_limits_stop_a_search_with_a_lower_bound(fifteen):
    # Korf's instance 88, 65 moves: far more than 1,000 nodes.
    line = (SAMPLES / "korf100.in").read_text().splitlines()[87]
    board = [int(v) for v in line.split()[1:]]
    with pytest.raises(tablesolve.LimitReached) as raised:
        fifteen.solve(board, limit=1000)
    assert 0 < raised.value.lower_bound <= 65
    assert raised.value.nodes >= 1000
    assert "node limit reached" in str(raised.value)
    with pytest.raises(tablesolve.LimitReached, match="time limit reached"):
        fifteen.solve(board, timeout=0.0)
    easy = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
    answers = fifteen.solve_many([board, easy], limit=1000, return_exceptions=True)
    assert isinstance(answers[0], tablesolve.LimitReached)
    assert answers[0].lower_bound <= 65 and str(answers[0]).startswith("boards[0]: ")
    assert answers[1] == ""
    with pytest.raises(tablesolve.LimitReached, match=r"^boards\[0\]: node limit"):
        fifteen.solve_many([board, easy], limit=1000)
    with pytest.raises(ValueError, match="timeout=-1"):
        fifteen.solve(easy, timeout=-1.0)


def test_unsolvable_boards_are_none(eight, fifteen):
    assert eight.solve("21345678x") is None
    assert eight.distance("21345678x") is None
    swapped = [0, 2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
    assert fifteen.solve(swapped) is None
    assert fifteen.distance(swapped) is None
