"""Run the same timing in two versions of footfall, interleaved (bench/README.md).

`child_cpu` runs a command with ``PYTHONPATH=<tree>/src`` and returns its CPU seconds (user +
system, from ``os.wait4``) and wall seconds; `interleave` alternates the trees round by round
(A, B, B, A, A, B ...) so that a change of machine load hits both alike; `report` prints
the ratios first (this tree / the other, by median CPU), then the CPU times. Used by
bench_odds.py and bench_route.py; not a test.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path


def child_cpu(tree: Path, args: Sequence[str]) -> tuple[float, float, str]:
    """Run ``python3 ARGS`` on `tree`'s sources; return its CPU s, wall s and stdout."""
    import resource

    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, *args], env=env, capture_output=True, check=False, cwd=tree
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{args} failed in {tree}: {done.stderr.decode()[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.stdout.decode()


def interleave(
    trees: Sequence[Path], rounds: int, run: Callable[[Path], dict[str, float]]
) -> dict[Path, list[dict[str, float]]]:
    """Call ``run(tree)`` `rounds` times per tree, alternating A B B A A B ..."""
    results: dict[Path, list[dict[str, float]]] = {t: [] for t in trees}
    for r in range(rounds):
        order = list(trees) if r % 2 == 0 else list(reversed(trees))
        for tree in order:
            results[tree].append(run(tree))
    return results


def load_average() -> str:
    """Return the 1, 5 and 15 minute load averages as text."""
    return ", ".join(f"{v:.1f}" for v in os.getloadavg())


def report(
    results: dict[Path, list[dict[str, float]]], new: Path, old: Path, title: str
) -> list[str]:
    """Print and return Markdown rows: each measure's ratio new / old, then both medians."""
    rows = []
    keys = list(results[new][0])
    print(f"\n{title} (median of {len(results[new])} interleaved runs; load {load_average()})\n")
    print("| measure | ratio new / old | new (s) | old (s) | new min-max (s) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for key in keys:
        a = [r[key] for r in results[new]]
        b = [r[key] for r in results[old]]
        ma, mb = statistics.median(a), statistics.median(b)
        row = (
            f"| {key} | {ma / mb if mb else float('nan'):.3f} | {ma:.3f} | {mb:.3f} | "
            f"{min(a):.3f}-{max(a):.3f} |"
        )
        print(row)
        rows.append(row)
    return rows


def parse_json_line(text: str) -> dict[str, float]:
    """Return the last line of a child's stdout as a dict of floats."""
    data: dict[str, float] = json.loads(text.strip().splitlines()[-1])
    return data


def warn_without_bytecode(*trees: Path) -> None:
    """Say which trees have no compiled bytecode: with ``PYTHONDONTWRITEBYTECODE`` set, such a
    tree compiles every module from source in every child, which is not what an installed
    footfall does (``python3 -m compileall -q TREE/src`` first)."""
    for tree in trees:
        if not (tree / "src" / "footfall" / "__pycache__").is_dir():
            print(f"warning: {tree}/src has no __pycache__: every run compiles it from source")
