"""The search kernels' prefetch hint (`footfall._prefetch.prefetch`): LLVM names it, and
without it the answers are the same.

LLVM's prefetch intrinsic is overloaded on its pointer type (``llvm.prefetch.p0i8`` for the
typed pointers of LLVM 14-16, ``llvm.prefetch.p0`` for the opaque ones of LLVM 17 on), so the
kernel asks this LLVM for the name (`prefetch_name`) and emits nothing when it has none
(docs/decisions.md, "The prefetch hint's name").
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numba
import numpy as np
import pytest
from llvmlite import binding

import footfall
from footfall import _prefetch
from footfall.tactical import _kernel
from footfall.tactical.search import StepGraph, _Prepared, _run_compiled
from helpers.tactical_scenes import edge_exits

_SRC = str(Path(footfall.__file__).resolve().parents[1])

#: A prefetch instruction in machine code (x86's ``prefetcht0``, Arm's ``prfm``).
_PREFETCHES = re.compile(r"^\s+(prefetch\w*|prfm)\s", re.MULTILINE)


def test_llvm_names_the_prefetch_for_its_pointers() -> None:
    """This LLVM's name: ``p0`` from LLVM 17 on (opaque pointers only), ``p0i8`` before."""
    opaque = binding.llvm_version_info[0] >= 17
    assert _prefetch.prefetch_name() == ("llvm.prefetch.p0" if opaque else "llvm.prefetch.p0i8")


def _summed(monkeypatch: pytest.MonkeyPatch, name: str | None) -> tuple[int, str]:
    """Compile (uncached) a loop that prefetches ahead while summing, with `prefetch_name`
    giving `name`; return its sum and machine code."""
    monkeypatch.setattr(_prefetch, "prefetch_name", lambda: name)
    prefetch = _prefetch.prefetch

    def total(values: Any) -> int:
        found = 0
        for i in range(values.shape[0]):
            prefetch(values, i + 8)
            found += values[i]
        return found

    compiled = numba.njit(total)
    values = np.arange(1000, dtype=np.int64)
    return int(compiled(values)), "".join(compiled.inspect_asm().values())


def test_no_prefetch_name_emits_no_prefetch(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no name (an LLVM without the intrinsic) the hint compiles to nothing and the loop's
    answer is the same; with the name, the machine code prefetches."""
    with_hint, code = _summed(monkeypatch, _prefetch.prefetch_name())
    without, bare = _summed(monkeypatch, None)
    assert with_hint == without == 499500
    assert _PREFETCHES.search(code) and not _PREFETCHES.search(bare)


_WITHOUT_PREFETCH = """
import json, sys
import numpy as np
from footfall.tactical import _kernel
from footfall import _prefetch
_prefetch.prefetch_name = lambda: None
from footfall.tactical.search import StepGraph, _Prepared, _run_compiled
from tests.tactical.test_prefetch import problems
found = []
for graph, sources, budget in problems():
    job = _Prepared(graph, sources, budget, None)
    _run_compiled(_kernel.dial, job, budget)
    found.append([int(job.dist.sum()), int(job.parent.sum())])
asm = "".join(_kernel._run.inspect_asm().values())
from tests.tactical.test_prefetch import _PREFETCHES
print(json.dumps({"found": found, "prefetch": bool(_PREFETCHES.search(asm))}))
"""


def problems() -> list[tuple[StepGraph, list[tuple[int, int, int, int]], int]]:
    """Three seeded grid problems: pf1e-like costs, walls, two states, whole-map budgets."""
    found = []
    for seed in (1, 2, 3):
        rng = np.random.default_rng(seed)
        height, width = 60 + seed, 80 - seed
        square_class = rng.integers(-1, 2, size=(height, width)).astype(np.int16)
        cost = rng.integers(1, 5, size=(2, 2, 2)).astype(np.int32)
        nxt = rng.integers(0, 2, size=(2, 2, 2)).astype(np.int8)
        graph = StepGraph(square_class, edge_exits(height, width), cost, nxt)
        found.append((graph, [(width // 2, height // 2, 0, 0)], 10**6))
    return found


@pytest.mark.slow
def test_kernel_without_prefetch_gives_the_same_answers(tmp_path: Path) -> None:
    """The whole grid kernel compiled without the hint (in a fresh process and numba cache:
    about 20 s CPU) answers as the one with it."""
    env = {
        "PYTHONPATH": f"{_SRC}:{Path(__file__).resolve().parents[2]}:{Path(__file__).parents[1]}",
        "PATH": "/usr/bin:/bin",
        "HOME": os.environ.get("HOME", "/"),
        "NUMBA_CACHE_DIR": str(tmp_path),
        "FOOTFALL_AOT": "0",
    }
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT_PREFETCH], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["prefetch"] is False
    expected = []
    for graph, sources, budget in problems():
        job = _Prepared(graph, sources, budget, None)
        _run_compiled(_kernel.dial, job, budget)
        expected.append([int(job.dist.sum()), int(job.parent.sum())])
    assert report["found"] == expected
