"""Kernels compiled ahead of time vs numba's JIT vs main: whole processes, CPU and peak memory.

Three variants, each a fresh process per run, interleaved (the order reversed every round):

- ``aot``: this checkout, its kernels built by ``footfall warm-up`` (built first if missing);
- ``jit``: this checkout with ``FOOTFALL_AOT=0`` (as if the modules were removed: numba's JIT);
- ``main``: another checkout (``--main``, e.g. ``git archive main | tar -x -C /tmp/aot-main``).

Measures: the 80-ft average flyer's ``fly reach`` (issue 15, item 4), ``footfall reach`` of the
ogre on the shipped bridge and of a whole 1000x1000 map as ``--json`` (item 6), a whole-map
pf1e search's peak memory at 1000x1000 and 2000x2000 (item 1; the process's peak resident
set, interpreter and libraries included), ``import footfall.cli`` (the floor), and (``--fresh``)
the first search after a fresh install: a copy of the tree without any cache, ``footfall
warm-up`` run first for ``aot`` (its cost shown apart), none for the others (item 7).
CPU is user + system of the child from ``os.wait4``; so is the peak (``ru_maxrss``).

    python bench/bench_aot.py --main /tmp/aot-main --rounds 3 --fresh
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TREE = HERE.parent
FLY = ["fly", "reach", "--speed", "80", "-m", "average", "--alt", "30", "--facing", "E"]
OGRE = ["reach", "pf1e-ogre-bridge", "--mover", "ogre"]


def run(tree: Path, args: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Run ``python ARGS`` on `tree`'s sources; return (CPU s, peak MB) from ``os.wait4``."""
    child_env = {**os.environ, "PYTHONPATH": f"{tree / 'src'}:{HERE}", **(env or {})}
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(
            [sys.executable, *args], env=child_env, cwd=tree, stdout=subprocess.DEVNULL, stderr=err
        )
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            err.seek(0)
            raise RuntimeError(f"{args} failed in {tree}: {err.read().decode()[-600:]}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def peak_worker(size: int) -> None:
    """A whole-map pf1e search from the centre of the benchmark's random map (bench_tactical)."""
    from bench_tactical import make_map, open_exits, pf1e_tables
    from footfall.tactical.search import INF, StepGraph, search, warm_up

    warm_up()
    graph = StepGraph(make_map(size, 2026), open_exits(size, size), *pf1e_tables())
    result = search(graph, [(size // 2, size // 2, 0, 0)], INF)
    assert int((result.dist < INF).sum()) > 0


def _large_scene(scratch: Path, size: int) -> Path:
    from bench_tactical import bench_scene

    path = scratch / f"large-{size}.json"
    path.write_text(json.dumps(bench_scene(2026, size)))
    return path


def measures(scratch: Path, sizes: list[int]) -> dict[str, list[str]]:
    """Return each measure's ``python`` arguments."""
    large = _large_scene(scratch, 1000)
    found = {
        "fly reach 80 ft average (process)": ["-m", "footfall", *FLY],
        "reach pf1e-ogre-bridge (process)": ["-m", "footfall", *OGRE],
        "reach 1000x1000 --json (process)": [
            "-m", "footfall", "reach", str(large), "--mover", "hero", "--distance", "10000",
            "--json",
        ],
        'python -c "import footfall.cli"': ["-c", "import footfall.cli"],
    }  # fmt: skip
    for size in sizes:
        found[f"whole-map pf1e search {size}x{size} (peak)"] = [
            str(HERE / "bench_aot.py"), "--worker", str(size),
        ]  # fmt: skip
    return found


def fresh_first(variant: str, tree: Path, scratch: Path) -> dict[str, tuple[float, float]]:
    """Copy `tree`'s sources (no caches), then time the first searches in it."""
    copy = scratch / f"fresh-{variant}"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(tree / "src", copy / "src", ignore=shutil.ignore_patterns("__pycache__"))
    env = {"FOOTFALL_AOT": "0"} if variant == "jit" else {}
    out: dict[str, tuple[float, float]] = {}
    if variant == "aot":
        out["first: footfall warm-up (build)"] = run(copy, ["-m", "footfall", "warm-up"], env)
    out["first: fly reach 80 ft"] = run(copy, ["-m", "footfall", *FLY], env)
    out["first: reach pf1e-ogre-bridge"] = run(copy, ["-m", "footfall", *OGRE], env)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--main", type=Path, required=False, help="a checkout of main")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sizes", default="1000,2000")
    parser.add_argument("--fresh", action="store_true", help="also the first search after install")
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        peak_worker(args.worker)
        return
    sys.path.insert(0, str(TREE / "src"))
    from footfall import aot

    built = aot.build()
    assert all(b.path for b in built), [b.error for b in built]
    variants: dict[str, tuple[Path, dict[str, str]]] = {
        "aot": (TREE, {"FOOTFALL_AOT": "1"}),
        "jit": (TREE, {"FOOTFALL_AOT": "0"}),
    }
    if args.main:
        variants["main"] = (args.main.resolve(), {})
    sizes = [int(s) for s in args.sizes.split(",") if s]
    figures: dict[str, dict[str, list[tuple[float, float]]]] = {}
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        todo = measures(scratch, sizes)
        for tree, env in variants.values():  # caches warm (numba's, the catalogs')
            run(tree, todo["fly reach 80 ft average (process)"], env)
            run(tree, todo["reach 1000x1000 --json (process)"], env)
        names = list(variants)
        check = ["-c", "from footfall import aot; assert aot.kernel('dial') and aot.kernel('rows')"]
        run(TREE, check)  # the aot variant runs on the modules (their fingerprint still holds)
        for r in range(args.rounds):
            for measure, command in todo.items():
                for name in names if r % 2 == 0 else names[::-1]:
                    tree, env = variants[name]
                    got = run(tree, command, env)
                    figures.setdefault(measure, {}).setdefault(name, []).append(got)
        run(TREE, check)
        if args.fresh:
            for name, (tree, _) in variants.items():
                for measure, got in fresh_first(name, tree, scratch).items():
                    figures.setdefault(measure, {}).setdefault(name, []).append(got)
    _print(figures, names, args.rounds)


def _print(figures: dict[str, Any], names: list[str], rounds: int) -> None:
    load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    base = "main" if "main" in names else "jit"
    others = [n for n in names if n != base]
    print(f"\nmedian of {rounds} interleaved rounds (first searches: one run); load now {load}\n")
    head = [f"CPU {n}/{base}" for n in others] + [f"{n} CPU s" for n in names]
    head += [f"{n} peak MB" for n in names]
    print("| measure | " + " | ".join(head) + " |")
    print("| --- |" + " ---: |" * len(head))
    for measure, by in figures.items():
        cpu = {n: statistics.median(c for c, _ in by[n]) if n in by else None for n in names}
        mem = {n: max(m for _, m in by[n]) if n in by else None for n in names}
        cells = [
            f"{cpu[n] / cpu[base]:.2f}" if cpu.get(n) and cpu.get(base) else "-" for n in others
        ]
        cells += [f"{cpu[n]:.2f}" if cpu[n] is not None else "-" for n in names]
        cells += [f"{mem[n]:.0f}" if mem[n] is not None else "-" for n in names]
        print(f"| {measure} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
