"""The cluster example on a local cluster of two worker processes: the same answers as
the command, in input order, from several blocks of input."""

import random
import subprocess
import sys

import pytest

from conftest import REPO, SAMPLES

pytest.importorskip("dask.distributed")

EXAMPLE = REPO / "python" / "examples" / "dask_batch.py"


def run_example(*args):
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), *args, "--workers", "2", "--blocksize", "4KiB"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_eight_on_two_workers(tmp_path, tables, run_cli):
    rng = random.Random(2)
    lines = []
    for _ in range(3000):
        tiles = [str(t) for t in range(1, 9)] + ["x"]
        rng.shuffle(tiles)
        lines.append(" ".join(tiles))
    boards = tmp_path / "boards.txt"
    boards.write_text("\n".join(lines) + "\n")
    expected = run_cli("eight", str(boards))
    # 3,000 lines of 18 bytes in blocks of 4 KiB: more than a dozen tasks.
    assert run_example("eight", str(boards), "--tables", str(tables)) == expected


def test_fifteen_on_two_workers(tmp_path, tables, run_cli):
    lines = (SAMPLES / "korf100.in").read_text().splitlines()[:12]
    boards = tmp_path / "korf12.txt"
    boards.write_text("".join(line.split(None, 1)[1] + "\n" for line in lines))
    options = ["--goal", "korf", "--partition", "6-6-3"]
    expected = run_cli(*options, "fifteen", str(boards))
    answered = run_example("fifteen", str(boards), "--tables", str(tables), *options)
    assert answered == expected
