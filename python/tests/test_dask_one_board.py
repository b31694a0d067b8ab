"""One board (or a 3x3x3 case) on a cluster of two worker processes
(`examples/dask_one_board.py`): the command's answers byte for byte, the same after a worker is killed mid-iteration, and
every searched iteration's nodes counted once."""

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tablesolve

from conftest import REPO, SAMPLES

pytest.importorskip("dask.distributed")

EXAMPLE = REPO / "python" / "examples" / "dask_one_board.py"

# Weak but quick databases for the 24-puzzle (seconds to build): the board below then
# takes about 280 M nodes, seconds on each of two workers.
GROUPS = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 24"
# A random 24-puzzle board of 85 moves.
HARD = "12 11 1 8 14 3 15 0 5 23 22 2 24 19 18 16 6 13 17 7 4 9 21 20 10\n"

SEARCHED = re.compile(r"bound (\d+) searched, \d+ tasks, (\d+) nodes")


def example(*args, stdin, **popen):
    """The example run on `stdin`, one thread a worker (the test's machine may have
    two cores)."""
    command = [sys.executable, str(EXAMPLE), *args]
    return subprocess.run(
        command, input=stdin, capture_output=True, text=True, timeout=600, **popen
    )


def searched(stderr):
    """Each searched (not the last, solved) iteration's bound and nodes."""
    return [tuple(map(int, m.groups())) for m in SEARCHED.finditer(stderr)]


def test_fifteen_korf_instances_as_the_command(tables, run_cli, tmp_path):
    # Korf's first twelve, with their labels, the goal itself, and a board of the other
    # parity.
    lines = (SAMPLES / "korf100.in").read_text().splitlines()[:12]
    lines += ["101 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"]
    lines += ["102 0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15"]
    stdin = "\n".join(lines) + "\n"
    options = ["--goal", "korf", "--partition", "6-6-3", "--numbered"]
    expected = run_cli(*options, "fifteen", stdin=stdin)
    boards = tmp_path / "boards.txt"
    boards.write_text(stdin)
    # The file after the options, as the command takes it.
    done = example("fifteen", "--tables", str(tables), *options, "--threads", "1", str(boards), stdin="")
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected
    assert expected.splitlines()[-2:] == ["", "unsolvable"]


def test_twentyfour_split_over_two_workers_as_the_command(tables, run_cli):
    stdin = HARD + "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24\n"
    expected = run_cli("--partition", GROUPS, "twentyfour", stdin=stdin)
    done = example(
        "twentyfour", "--tables", str(tables), "--partition", GROUPS, "--threads", "1",
        stdin=stdin,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected
    assert len(expected.splitlines()[0]) == 85
    # The large iterations were cut into many tasks.
    tasks = [int(n) for n in re.findall(r"searched, (\d+) tasks", done.stderr)]
    assert max(tasks) >= 100, done.stderr


def test_limits_and_malformed_cases_as_the_command(tables, run_cli, cli):
    stdin = HARD + "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24\n"
    options = ["--partition", GROUPS, "--max-nodes", "1000"]
    expected = subprocess.run(
        [cli, "--tables", str(tables), "twentyfour", *options],
        input=stdin, capture_output=True, text=True,
    )
    done = example("twentyfour", "--tables", str(tables), *options, stdin=stdin)
    assert (done.returncode, expected.returncode) == (5, 5)
    assert done.stdout == expected.stdout
    assert done.stdout.startswith("limit ")
    # A malformed second case: the first answered, the message names its place.
    stdin = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 15 14\n0 1 2 x\n"
    done = example("fifteen", "--tables", str(tables), "--goal", "korf", stdin=stdin)
    assert done.returncode == 1
    assert done.stdout == run_cli("--goal", "korf", "fifteen", stdin=stdin.splitlines()[0])
    assert "case 2, line 2, column 7" in done.stderr


def test_cube_split_over_two_workers_as_the_command(cli, tmp_path):
    # A 3x3x3 case of eleven turns: past 1 M nodes over the smallest databases, so the
    # command builds the next size (1 MB) and answers with it, about 2 M nodes; its
    # workers open those too, the largest on disk. Then a solved case, one solved by a
    # turn, and a bad case, which stops the run.
    cube = str(REPO / "definitions" / "3x3x3.def")
    good = "U2 F R' D L2 B U' R F2 D' L\n\nF\n"
    tables = str(tmp_path)
    command = subprocess.run(
        [cli, "--tables", tables, "def", cube], input=good, capture_output=True, text=True
    )
    assert command.returncode == 0, command.stderr
    expected = command.stdout
    done = example("def", cube, "--tables", tables, "--threads", "1", stdin=good + "R X\n")
    assert done.returncode == 1, done.stderr
    assert done.stdout == expected
    first, solved, one = expected.splitlines()
    assert (len(first.split()), solved, one) == (11, "", "F'")
    assert "case 4, line 4, column 3: `X` is no move of this puzzle" in done.stderr
    # The last iteration, expected to hold some 2 M nodes, was cut into many tasks.
    tasks = [int(n) for n in re.findall(r"(?:searched|solved), (\d+) tasks", done.stderr)]
    assert max(tasks) >= 8, done.stderr


def dask_command(name):
    """The `dask` command of this Python, for a cluster of separate processes."""
    command = Path(sys.executable).parent / "dask"
    if not command.exists():
        pytest.skip("no dask command beside this Python")
    return [str(command), name]


def test_a_worker_killed_mid_iteration_changes_nothing(tables, run_cli, tmp_path):
    expected = run_cli("--partition", GROUPS, "twentyfour", stdin=HARD)
    # Warm the tables, then an undisturbed run gives each iteration's nodes.
    calm = example(
        "twentyfour", "--tables", str(tables), "--partition", GROUPS, "--threads", "1",
        stdin=HARD,
    )
    assert calm.stdout == expected, calm.stderr
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    address = tmp_path / "scheduler.json"
    background = dict(env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    scheduler = subprocess.Popen(
        dask_command("scheduler")
        + ["--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file", str(address)],
        **background,
    )
    workers = []
    try:
        for _ in range(2):
            workers.append(subprocess.Popen(
                dask_command("worker")
                + ["--scheduler-file", str(address), "--nthreads", "1", "--no-nanny",
                   "--host", "127.0.0.1", "--no-dashboard"],
                **background,
            ))
        deadline = time.time() + 60
        while not address.exists() and time.time() < deadline:
            time.sleep(0.2)
        scheduler_address = __import__("json").loads(address.read_text())["address"]
        run = subprocess.Popen(
            [sys.executable, str(EXAMPLE), "twentyfour", "--tables", str(tables),
             "--partition", GROUPS, "--scheduler", scheduler_address, "--progress", "0.3"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        run.stdin.write(HARD)
        run.stdin.close()
        stderr = []
        killed = False
        for line in run.stderr:
            stderr.append(line)
            # A progress line of an iteration with tasks still to do: kill a worker.
            progress = re.search(r"bound \d+ (\d+) of (\d+) tasks", line)
            if not killed and progress and int(progress[1]) < int(progress[2]):
                workers[0].send_signal(signal.SIGKILL)
                killed = True
        stdout = run.stdout.read()
        assert run.wait(timeout=600) == 0, "".join(stderr)
        assert killed, "no iteration was seen under way: " + "".join(stderr)
        assert stdout == expected
        # Every iteration searched to its end counted the same nodes: no task lost or
        # counted twice.
        assert searched("".join(stderr)) == searched(calm.stderr)
    finally:
        for process in workers + [scheduler]:
            process.kill()
            process.wait()


def test_answer_takes_a_goal_given_as_a_list(tables):
    from dask.distributed import Client

    from tablesolve.cluster import answer

    goal = list(range(16))
    board = [1, 2, 3, 0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
    fifteen = tablesolve.Fifteen(goal=goal, partition="6-6-3", tables=tables)
    with Client(processes=False, n_workers=1, threads_per_worker=1) as client:
        found = answer(client, board, "4x4", goal=goal, partition="6-6-3", tables=str(tables))
        exact = answer(client, "1 2 3 0 4 5", "3x2", goal=[0, 1, 2, 3, 4, 5], tables=str(tables))
    assert found == fifteen.solve(board) == "lll"
    assert exact == tablesolve.Sliding("3x2", goal="korf", tables=tables).solve("1 2 3 0 4 5")
