"""Python's answers against the `tablesolve` command's, on the shipped samples and on
random boards of every puzzle, case by case."""

import random

import pytest

import tablesolve
from conftest import SAMPLES


def rotation_boards(text):
    """The boards of a Rotation Game input, up to its closing `0`."""
    boards = []
    for line in text.splitlines():
        if line.strip() == "0":
            break
        boards.append(line)
    return boards


def random_rotation_board(rng):
    cells = [1] * 8 + [2] * 8 + [3] * 8
    rng.shuffle(cells)
    return cells


def random_tiles(rng, cells):
    tiles = list(range(cells))
    rng.shuffle(tiles)
    return tiles


@pytest.fixture(scope="module")
def rotation(tables):
    return tablesolve.Rotation(tables=tables)


@pytest.fixture(scope="module")
def eight(tables):
    return tablesolve.Eight(tables=tables)


@pytest.fixture(scope="module")
def eight2(tables):
    return tablesolve.Eight2(tables=tables)


def rotation_lines(answers):
    """Answers as the command prints them: the moves (or `No moves needed`), the digit."""
    lines = []
    for moves, digit in answers:
        lines += [moves or "No moves needed", str(digit)]
    return lines


def test_rotation_sample_and_random_boards(rotation, run_cli):
    rng = random.Random(1343)
    boards = rotation_boards((SAMPLES / "rotation.in").read_text())
    boards += [random_rotation_board(rng) for _ in range(300)]
    text = "".join(
        (b if isinstance(b, str) else " ".join(map(str, b))) + "\n" for b in boards
    )
    expected = run_cli("rotation", stdin=text + "0\n").splitlines()
    assert rotation_lines(rotation.solve_many(boards)) == expected
    assert rotation_lines(rotation.solve(b) for b in boards) == expected
    assert [rotation.distance(b) for b in boards] == [len(m) for m, _ in rotation.solve_many(boards)]


def test_eight_sample_and_random_boards(eight, run_cli):
    rng = random.Random(1043)
    # Half of random boards cannot reach the goal: both kinds are in here.
    boards = [(SAMPLES / "eight.in").read_text().strip()]
    boards += [random_tiles(rng, 9) for _ in range(2000)]
    text = "".join(
        (b if isinstance(b, str) else " ".join("x" if t == 0 else str(t) for t in b)) + "\n"
        for b in boards
    )
    expected = run_cli("eight", stdin=text).splitlines()
    printed = lambda answers: [a if a is not None else "unsolvable" for a in answers]
    assert printed(eight.solve_many(boards)) == expected
    assert printed(eight.solve(b) for b in boards) == expected
    assert eight.solve(boards[0]) == "dlurullddrurdllurdr"


def test_eight2_sample_and_random_pairs(eight2, run_cli):
    rng = random.Random(3567)
    sample = (SAMPLES / "eight2.in").read_text().splitlines()[1:]
    pairs = [line for line in sample if line.strip()]
    pairs += [(random_tiles(rng, 9), random_tiles(rng, 9)) for _ in range(500)]
    grid = lambda b: "".join("X" if t == 0 else str(t) for t in b)
    lines = [p if isinstance(p, str) else f"{grid(p[0])} {grid(p[1])}" for p in pairs]
    expected = run_cli("eight2", stdin=f"{len(lines)}\n" + "\n".join(lines) + "\n")
    expected = expected.splitlines()
    answers = eight2.solve_many(pairs)
    printed = []
    for number, moves in enumerate(answers, 1):
        if moves is None:
            printed += [f"Case {number}: unsolvable", ""]
        else:
            printed += [f"Case {number}: {len(moves)}", moves]
    assert printed == expected
    # One pair at a time, as two grids.
    start, target = lines[0].split()
    assert eight2.solve(start, target) == answers[0]


def test_fifteen_korf100_quick_partition(tables, run_cli):
    fifteen = tablesolve.Fifteen(goal="korf", partition="6-6-3", tables=tables)
    assert fifteen.partition == "6-6-3"
    assert fifteen.goal == list(range(16))
    cases = (SAMPLES / "korf100.in").read_text().splitlines()
    # The label first, then the board.
    boards = [[int(v) for v in line.split()[1:]] for line in cases]
    expected = run_cli(
        "--goal", "korf", "--partition", "6-6-3", "--numbered", "fifteen",
        stdin="\n".join(cases) + "\n",
    ).splitlines()
    answers = fifteen.solve_many(boards)
    assert answers == expected
    lengths = [int(line.split()[1]) for line in (SAMPLES / "korf100.lengths").read_text().splitlines() if line.strip()]
    assert [len(a) for a in answers] == lengths


def test_fifteen_partition_given_as_groups_of_tiles(tables, run_cli):
    groups = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15"
    fifteen = tablesolve.Fifteen(goal="korf", partition=groups, tables=tables)
    assert fifteen.partition == groups
    cases = (SAMPLES / "korf100.in").read_text().splitlines()
    # The ten of Korf's instances with the fewest published moves (41 to 46).
    lengths = dict(line.split() for line in (SAMPLES / "korf100.lengths").read_text().splitlines())
    easy = sorted(cases, key=lambda line: int(lengths[line.split()[0]]))[:10]
    boards = [[int(v) for v in line.split()[1:]] for line in easy]
    answers = fifteen.solve_many(boards)
    assert [len(a) for a in answers] == [int(lengths[line.split()[0]]) for line in easy]
    expected = run_cli(
        "--goal", "korf", "--partition", "6-6-3", "--numbered", "fifteen",
        stdin="\n".join(easy) + "\n",
    ).splitlines()
    assert answers == expected
