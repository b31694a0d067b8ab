"""Sliding boards of other sizes: the exact tables (up to 12 cells) against the
8-puzzle's own tables and the command's search, the 24-puzzle against Korf's
published lengths, and the size checked."""

import random

import pytest

import tablesolve
from conftest import SAMPLES


def random_walk(rng, goal, width, height, length):
    """The board `length` random slides (never undoing the last) from `goal`."""
    board = list(goal)
    blank = board.index(0)
    previous = None
    for _ in range(length):
        row, col = divmod(blank, width)
        steps = [
            to
            for to, legal in (
                (blank + width, row + 1 < height),
                (blank - 1, col > 0),
                (blank + 1, col + 1 < width),
                (blank - width, row > 0),
            )
            if legal and to != previous
        ]
        to = rng.choice(steps)
        board[blank], board[to] = board[to], board[blank]
        previous, blank = blank, to
    return board


def test_three_by_three_answers_as_the_eight_puzzle(tables):
    sliding = tablesolve.Sliding("3x3", tables=tables)
    eight = tablesolve.Eight(tables=tables)
    assert sliding.partition is None
    assert sliding.size == "3x3"
    rng = random.Random(9)
    boards = []
    for _ in range(200):
        tiles = list(range(9))
        rng.shuffle(tiles)
        boards.append(tiles)
    # Eight reads 0 as the blank too; its tables are all 9! Cantor ranks, the
    # sliding board's only the half that reaches the goal.
    assert sliding.solve_many(boards) == eight.solve_many(boards)
    assert any(answer is None for answer in eight.solve_many(boards))


def test_an_exact_table_and_the_search_agree(tables, run_cli):
    rng = random.Random(10)
    goal = list(range(10))  # Korf's: the blank first
    boards = [random_walk(rng, goal, 5, 2, rng.randrange(10, 60)) for _ in range(60)]
    exact = tablesolve.Sliding("5x2", goal="korf", tables=tables)
    search = tablesolve.Sliding("5x2", goal=goal, partition="1 2 3 4 / 5 6 7 8 9", tables=tables)
    answers = exact.solve_many(boards)
    assert answers == search.solve_many(boards)
    assert answers == [search.solve(board) for board in boards]
    assert [exact.distance(board) for board in boards] == [len(a) for a in answers]
    text = "".join(" ".join(map(str, board)) + "\n" for board in boards)
    assert run_cli("--size", "5x2", "--goal", "korf", "sliding", stdin=text).splitlines() == answers
    assert exact.check(boards[0], answers[0]).correct
    assert repr(exact).startswith("Sliding(size='5x2', goal='0 1 2 3 4 5 6 7 8 9', tables=")


def test_a_cut_splits_the_tasks_that_were_largest(tables):
    goal = list(range(10))
    search = tablesolve.Sliding("5x2", goal=goal, partition="1 2 3 4 / 5 6 7 8 9", tables=tables)
    board = random_walk(random.Random(3), goal, 5, 2, 40)
    bound = search.first_bound(board) + 10  # a wide iteration
    tasks = search.cut(board, bound, 8)["tasks"]
    heavy = tasks[len(tasks) // 2]
    sizes = {task: 10**9 if task == heavy else 1 for task in tasks}
    split = search.cut(board, bound, len(tasks) + 6, sizes)["tasks"]
    assert split == sorted(split, key=lambda t: ["dlru".index(c) for c in t])
    assert heavy not in split
    assert sum(task.startswith(heavy) for task in split) >= 5
    with pytest.raises(ValueError, match='task "dx": .x. is not a slide'):
        search.cut(board, bound, 4, {"dx": 1})


def test_a_cut_is_handed_out_in_runs_of_about_equal_work():
    from tablesolve.cluster import runs

    # Shares of 10: a run ends at each, and the subtree of 30 is a run of its own.
    assert runs([5, 1, 1, 1, 1, 1, 30, 2, 2, 2, 2, 2], 5) == [(0, 6), (6, 7), (7, 12)]
    assert runs([1] * 10, 3) == [(0, 4), (4, 7), (7, 10)]
    assert runs([0, 0, 0, 0], 2) == [(0, 2), (2, 4)]  # nothing expected: by count
    assert runs([], 4) == []
    for wanted in (1, 2, 7, 50):
        cover = runs(list(range(40)), wanted)
        assert len(cover) <= wanted and cover[0][0] == 0 and cover[-1][1] == 40
        assert all(a[1] == b[0] and a[0] < a[1] for a, b in zip(cover, cover[1:]))


def test_a_catalogue_and_zero_aware_databases_answer_as_the_exact_table(tables):
    rng = random.Random(11)
    goal = list(range(10))
    boards = [random_walk(rng, goal, 5, 2, rng.randrange(10, 60)) for _ in range(40)]
    exact = tablesolve.Sliding("5x2", goal="korf", tables=tables)
    catalogue = "1 2 3 4 / 5 6 7 8 9 ; 1 2 6 7 / 3 4 5 8 9"
    for partition in (catalogue, "zero-aware " + catalogue):
        search = tablesolve.Sliding("5x2", goal=goal, partition=partition, tables=tables)
        assert search.partition == partition
        assert search.solve_many(boards) == exact.solve_many(boards)


def test_twentyfour_answers_an_easy_korf_instance(tables):
    lengths = dict(line.split() for line in (SAMPLES / "korf50.lengths").read_text().splitlines())
    quick = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 24"
    twentyfour = tablesolve.TwentyFour(goal="korf", partition=quick, tables=tables)
    assert isinstance(twentyfour, tablesolve.Sliding) and twentyfour.size == "5x5"
    assert repr(twentyfour).startswith("TwentyFour(goal='0 1 2")
    goal = list(range(25))
    rng = random.Random(24)
    board = random_walk(rng, goal, 5, 5, 30)
    moves = twentyfour.solve(board)
    assert len(moves) <= 30 and len(moves) % 2 == 0
    # Short of the 6-6-6-6 databases, a limit stops Korf's instances with a bound
    # that never exceeds their published lengths.
    first = (SAMPLES / "korf50.in").read_text().splitlines()[0].split()
    with pytest.raises(tablesolve.LimitReached) as stopped:
        twentyfour.solve([int(v) for v in first[1:]], limit=100_000)
    assert stopped.value.lower_bound <= int(lengths[first[0]])


def test_a_size_or_board_out_of_shape_is_refused(tables):
    with pytest.raises(ValueError, match='size="6x2"'):
        tablesolve.Sliding("6x2", tables=tables)
    with pytest.raises(ValueError, match="7-8 is a partition of a board of 16 cells, not of 25"):
        tablesolve.TwentyFour(partition="7-8", tables=tables)
    sliding = tablesolve.Sliding("2x3", tables=tables)
    with pytest.raises(ValueError, match="a number from 0 to 5"):
        sliding.solve([0, 1, 2, 3, 4, 9])
    with pytest.raises(ValueError):
        sliding.solve("1 2 3")


def test_tasks_combined_by_the_librarys_rule_answer_as_the_search(tables):
    goal = list(range(10))
    search = tablesolve.Sliding("5x2", goal=goal, partition="1 2 3 4 / 5 6 7 8 9", tables=tables)
    exact = tablesolve.Sliding("5x2", goal="korf", tables=tables)
    assert (search.searches, exact.searches) == (True, False)
    rng = random.Random(7)
    for _ in range(5):
        board = random_walk(rng, goal, 5, 2, 30)
        bound, answer = search.first_bound(board), None
        while answer is None:
            cut = search.cut(board, bound, 6)
            results = []
            for task in cut["tasks"]:
                results.append(search.search_task(board, bound, task))
                if results[-1]["solution"] is not None:
                    break
            outcome = tablesolve.Sliding.combine(cut, results)
            answer, bound = outcome["solution"], outcome["next_bound"]
            assert answer is not None or bound is not None
        assert answer == search.solve(board) == exact.solve(board)
    # Without a solution, every task's result is needed.
    cut = search.cut(board, search.first_bound(board), 6)
    if len(cut["tasks"]) > 1:
        with pytest.raises(ValueError, match="give one for each task"):
            tablesolve.Sliding.combine(cut, [])


def test_check_keeps_to_its_limits(tables):
    quick = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 24"
    twentyfour = tablesolve.TwentyFour(goal="korf", partition=quick, tables=tables)
    first = (SAMPLES / "korf50.in").read_text().splitlines()[0].split()
    board = [int(v) for v in first[1:]]
    with pytest.raises(tablesolve.LimitReached):
        twentyfour.check(board, "dd", limit=100_000)
    with pytest.raises(tablesolve.LimitReached):
        twentyfour.check(board, "dd", timeout=0.2)
