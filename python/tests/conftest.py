"""What the tests share: the repository's samples, the `tablesolve` command to compare
with, and one table directory for the session (its tables built once, quickly)."""

import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
SAMPLES = REPO / "samples"


@pytest.fixture(scope="session")
def cli():
    """The `tablesolve` command: $TABLESOLVE_CLI, else the repository's release build
    (built here if missing)."""
    given = os.environ.get("TABLESOLVE_CLI")
    if given:
        return given
    binary = REPO / "target" / "release" / "tablesolve"
    if not binary.exists():
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)
    return str(binary)


@pytest.fixture(scope="session")
def tables(tmp_path_factory):
    """A table directory of the session's own, shared by Python and the command."""
    return tmp_path_factory.mktemp("tables")


@pytest.fixture(scope="session")
def run_cli(cli, tables):
    """Runs `tablesolve ARGS...` on `stdin` against the session's tables, giving its
    standard output."""

    def run(*args, stdin=""):
        done = subprocess.run(
            [cli, "--tables", str(tables), *args],
            input=stdin,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    return run
