"""A footfall process starts numpy's BLAS with one thread (`footfall.cli._one_blas_thread`).

OpenBLAS starts a thread per core as numpy is imported, each spinning about 0.1 s before it
sleeps: CPU that a `fly reach` paid for nothing (docs/benchmarks.md, "flykernel2").
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"

#: Run as the process's own entry point (``__main__.main`` is `footfall.cli.main`, as in the
#: console script), then import numpy and report the variable and the process's threads.
ENTRY = """
import os, sys
from footfall.cli import main
sys.argv = ["footfall", "--version"]
try:
    main()
except SystemExit:
    pass
import numpy
print(os.environ.get("OPENBLAS_NUM_THREADS"), len(os.listdir("/proc/self/task")))
"""

#: Called from another program (not the entry point): the environment is left alone.
EMBEDDED = """
import os, sys
import footfall.cli
sys.argv = ["footfall", "--version"]
try:
    footfall.cli.main()
except SystemExit:
    pass
print(os.environ.get("OPENBLAS_NUM_THREADS"))
"""


def _run(code: str, **env: str) -> str:
    environ = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    environ.update(env, PYTHONPATH=str(SRC))
    done = subprocess.run(
        [sys.executable, "-c", code], env=environ, capture_output=True, text=True, check=True
    )
    return done.stdout.strip().splitlines()[-1]


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux's /proc")
def test_the_entry_point_imports_numpy_with_one_thread() -> None:
    """As the process's entry point, `main` sets OPENBLAS_NUM_THREADS=1 before numpy loads,
    and the process has one thread after ``import numpy`` (a thread per core without it)."""
    assert _run(ENTRY) == "1 1"


def test_a_users_choice_is_kept() -> None:
    """A value the user set is not replaced."""
    assert _run(ENTRY, OPENBLAS_NUM_THREADS="3").split()[0] == "3"


def test_an_embedding_program_keeps_its_environment() -> None:
    """Called from another program, `main` does not touch the environment."""
    assert _run(EMBEDDED) == "None"
