"""Defined puzzles against an independent method written here: a breadth-first search over
all 29,160 positions of the 2x2x2 cube that U and R reach, its moves copied by hand from
definitions/2x2x2.def and applied as ksolve+ applies them."""

import json
import math
import random
from collections import deque

import pytest

import tablesolve
from conftest import REPO

DEF = REPO / "definitions" / "2x2x2.def"
KPUZZLE = REPO / "definitions" / "2x2x2.kpuzzle.json"

# As ksolve+ reads a move: position i takes the piece from position FROM[i] (counted
# from 1) with its orientation plus the twist listed there, TWIST[FROM[i]], modulo 3.
MOVES = {
    "U": ([3, 1, 4, 2, 5, 6, 7], [0, 0, 0, 0, 0, 0, 0]),
    "R": ([5, 2, 1, 4, 7, 6, 3], [1, 0, 2, 0, 2, 0, 1]),
}
# The turns in answer order: each move, then its square, then its inverse.
TURNS = [(name + suffix, name, times) for name in "UR" for suffix, times in [("", 1), ("2", 2), ("'", 3)]]
SOLVED = (tuple(range(7)), (0,) * 7)


def move(state, name):
    pieces, twists = state
    origin, twist = MOVES[name]
    return (
        tuple(pieces[f - 1] for f in origin),
        tuple((twists[f - 1] + twist[f - 1]) % 3 for f in origin),
    )


def turn(state, name, times):
    for _ in range(times):
        state = move(state, name)
    return state


def play(scramble):
    state = SOLVED
    by_name = {t[0]: t for t in TURNS}
    for token in scramble.split():
        _, name, times = by_name[token]
        state = turn(state, name, times)
    return state


@pytest.fixture(scope="module")
def distances():
    seen = {SOLVED: 0}
    queue = deque([SOLVED])
    while queue:
        state = queue.popleft()
        for _, name, times in TURNS:
            after = turn(state, name, times)
            if after not in seen:
                seen[after] = seen[state] + 1
                queue.append(after)
    assert len(seen) == 29160
    return seen


def smallest_shortest(state, distances):
    """The first turn, in answer order, that brings the state one nearer, and so on."""
    answer = []
    while distances[state]:
        for text, name, times in TURNS:
            after = turn(state, name, times)
            if distances[after] == distances[state] - 1:
                answer.append(text)
                state = after
                break
    return " ".join(answer)


def pattern(state):
    pieces, twists = state
    return {"CORNERS": {"pieces": list(pieces), "orientation": list(twists)}}


@pytest.fixture(scope="module")
def cube(tables):
    return tablesolve.Definition(DEF, moves=["U", "R"], tables=tables)


@pytest.fixture(scope="module")
def scrambles():
    rng = random.Random(56)
    return [" ".join(rng.choice(TURNS)[0] for _ in range(rng.randrange(0, 30))) for _ in range(300)]


def test_the_puzzle_is_as_the_file_says(cube):
    assert cube.name == "2x2x2"
    assert cube.sets == [("CORNERS", 7, 3)]
    assert cube.turns == [t[0] for t in TURNS]
    assert not cube.searches
    assert cube.path == DEF


def test_patterns_are_the_moves_applied_here(cube, scrambles):
    for scramble in scrambles:
        assert cube.pattern(scramble) == pattern(play(scramble)), scramble


def test_answers_are_the_shortest_and_smallest(cube, scrambles, distances):
    for scramble in scrambles:
        state = play(scramble)
        assert cube.distance(scramble) == distances[state], scramble
        assert cube.solve(scramble) == smallest_shortest(state, distances), scramble


def test_a_batch_answers_as_one_at_a_time(cube, scrambles, distances):
    answers = cube.solve_many(scrambles)
    assert answers == [smallest_shortest(play(s), distances) for s in scrambles]


def test_every_position_of_a_sample_from_patterns(cube, distances):
    rng = random.Random(7)
    states = rng.sample(sorted(distances), 500)
    cases = [pattern(s) if i % 2 else json.dumps(pattern(s)) for i, s in enumerate(states)]
    answers = cube.solve_many(cases)
    for state, answer in zip(states, answers):
        assert len(answer.split()) == distances[state]
        # The answer brings the position home: play it from the position itself.
        for token in answer.split():
            _, name, times = next(t for t in TURNS if t[0] == token)
            state = turn(state, name, times)
        assert state == SOLVED


def test_positions_out_of_reach_are_unsolvable(cube, distances):
    twisted = ((0, 1, 2, 3, 4, 5, 6), (1, 0, 0, 0, 0, 0, 0))
    swapped = ((1, 0, 2, 3, 4, 5, 6), (0,) * 7)
    for state in [twisted, swapped]:
        assert state not in distances
        assert cube.solve(pattern(state)) is None
        assert cube.distance(pattern(state)) is None
        assert cube.check(pattern(state), None).correct
        assert cube.check(pattern(state), "U").kind != "correct"
    # F is a move of the file, but not one an answer may use: R F leaves <U, R>.
    assert cube.solve("R F") is None


def test_check_judges_answers(cube, distances):
    assert cube.check("R U", "U' R'").correct
    assert cube.check("", "").correct
    assert not cube.check("R U", "R' U R' U' R'")  # not the shortest
    assert cube.check("R U", "U R").kind != "correct"
    assert cube.check("R U", "Q").kind == "malformed"
    assert not cube.check("R U", None)


def test_bad_cases_are_named_and_the_rest_answered(cube):
    with pytest.raises(ValueError, match=r"`X` is no move"):
        cube.solve("R X")
    with pytest.raises(ValueError, match="2 of piece 0 .*numbered from 0"):
        cube.solve({"CORNERS": {"pieces": [0, 0, 2, 3, 4, 5, 6], "orientation": [0] * 7}})
    with pytest.raises(TypeError, match="a scramble"):
        cube.solve(3)
    with pytest.raises(ValueError, match=r"cases\[1\]"):
        cube.solve_many(["R", "R Q", "U"])
    answers = cube.solve_many(["R", "R Q", "U"], return_exceptions=True)
    assert answers[0] == "R'" and answers[2] == "U'"
    assert isinstance(answers[1], ValueError) and "cases[1]" in str(answers[1])
    with pytest.raises(TypeError, match="cases is an iterable"):
        cube.solve_many("R U")


def test_the_kpuzzle_file_answers_the_same_lengths(cube, tables, scrambles, distances):
    kpuzzle = tablesolve.Definition(KPUZZLE, moves=["U", "R"], tables=tables)
    lengths = [len(a.split()) for a in kpuzzle.solve_many(scrambles)]
    assert lengths == [distances[play(s)] for s in scrambles]


def test_a_bad_file_or_option_is_named(tmp_path, tables):
    bad = tmp_path / "bad.def"
    bad.write_text("Name bad\nSet C 3 1\nMove M\nC\n1 2 9\nEnd\n")
    with pytest.raises(ValueError, match="bad.def"):
        tablesolve.Definition(bad, tables=tables)
    with pytest.raises(ValueError, match="powers="):
        tablesolve.Definition(DEF, powers="some", tables=tables)
    with pytest.raises(ValueError, match="Z"):
        tablesolve.Definition(DEF, moves=["Z"], tables=tables)


def test_the_command_gives_the_same_answers(cube, scrambles, run_cli):
    lines = run_cli("def", str(DEF), "--moves", "U,R", stdin="".join(s + "\n" for s in scrambles))
    assert lines.splitlines() == cube.solve_many(scrambles)


def test_a_memory_budget_bounds_the_databases(tables):
    cube = REPO / "definitions" / "3x3x3.def"
    with pytest.raises(ValueError, match=r"more than the 1 kB they may"):
        tablesolve.Definition(cube, tables=tables, memory="1k")
    with pytest.raises(ValueError, match="memory="):
        tablesolve.Definition(cube, tables=tables, memory="lots")
    # The smallest databases alone (60 kB) answer a short scramble, undone.
    small = tablesolve.Definition(cube, tables=tables, memory=100_000)
    assert small.solve("R U F") == "F' U' R'"


def test_a_scramble_reaches_a_state_drawn_as_the_command_draws_it(tables, run_cli):
    cube = tablesolve.Definition(REPO / "definitions" / "3x3x3.def", tables=tables, memory=100_000)
    scramble = cube.scramble(seed=4)
    assert set(scramble.split()) <= set(cube.turns), scramble
    assert len(scramble.split()) > 20, scramble
    # The same seed, the same state as `generate def`'s KPattern line.
    drawn = run_cli("generate", "def", str(REPO / "definitions" / "3x3x3.def"), "--seed", "4", "--count", "1")
    assert cube.pattern(scramble) == json.loads(drawn)
    assert cube.scramble(seed=4) == scramble
    assert cube.scramble(seed=5) != scramble


def test_the_states_reached_are_counted_however_many(tables):
    cube = tablesolve.Definition(REPO / "definitions" / "3x3x3.def", tables=tables, memory=100_000)
    assert cube.states == 43_252_003_274_489_856_000
    # Pieces alike: three digits, eight of each, on the Rotation Game's 24 squares.
    rotation = tablesolve.Definition(REPO / "definitions" / "rotation.def", tables=tables)
    assert rotation.states == math.factorial(24) // math.factorial(8) ** 3
