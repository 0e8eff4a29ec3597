"""Benchmark footfall's search kernel against python-tcod, scikit-image and scipy in one run.

Every engine runs in its own fresh Python process (so each one's peak memory is its own and no
engine warms another's caches), on the same random maps built from one seed: 70 % open squares
(cost 1), 20 % difficult (cost 2), 10 % walls. The *plain* model is the one all four libraries
can express: every step, orthogonal or diagonal, costs the entered square's cost. footfall also
runs the pf1e model (5-10-5 diagonal parity in the search state, difficult x2, a diagonal into
difficult terrain counting as two diagonals), and scipy runs the same pf1e model on a
state-expanded graph, the alternative kernel design. The answers are cross-checked: every
plain-model engine must give the same distances, and both pf1e engines too.

Run from the repository root (numbers and the table go to stdout as Markdown)::

    python bench/bench_tactical.py                 # 1000x1000, 3 rounds x 5 calls
    python bench/bench_tactical.py --size 300 --repeat 3   # quicker
    python bench/bench_tactical.py --sections peers --size 1000,2000   # both, interleaved

Timing is wall time of the call that produces the distance array (including allocating it),
after one untimed warm-up call; the median of the repeats is reported. Peak memory is the
process's peak resident set (VmHWM, reset just before the timed calls), so it includes the
interpreter and the engine's own libraries (numba's LLVM alone is ~130 MB).
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
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

#: Fractions of open, difficult and wall squares on the random maps (issue 3, item 5).
OPEN, DIFFICULT = 0.7, 0.2

#: Engines, in table order: name -> (model, description).
ENGINES: dict[str, tuple[str, str]] = {
    "footfall-plain": ("plain", "footfall `search`, compiled Dial kernel, 1 state"),
    "tcod": ("plain", "python-tcod `tcod.path.dijkstra2d`, cardinal = diagonal = 1"),
    "skimage": ("plain", "scikit-image `MCP(fully_connected=True)` + `find_costs`"),
    "scipy": ("plain", "scipy `csgraph.dijkstra` on a prebuilt CSR graph (build not timed)"),
    "scipy+build": ("plain", "the same, CSR graph build timed too"),
    "footfall-pf1e": ("pf1e", "footfall `search`, pf1e 5-10-5 parity, 2 states"),
    "scipy-pf1e": ("pf1e", "scipy `csgraph.dijkstra` on the state-expanded pf1e graph + build"),
}


def make_map(size: int, seed: int) -> npt.NDArray[np.int16]:
    """Build the random map as square classes: 0 open, 1 difficult, -1 wall; centre open."""
    draw = np.random.default_rng(seed).random((size, size))
    square_class = np.where(draw < OPEN, 0, np.where(draw < OPEN + DIFFICULT, 1, -1))
    square_class[size // 2, size // 2] = 0
    return square_class.astype(np.int16)


def open_exits(height: int, width: int) -> npt.NDArray[np.uint8]:
    """Allow every step that stays on the map (no corner rule: the peers have none)."""
    from footfall.tactical.search import DIRECTIONS

    exits = np.zeros((height, width), dtype=np.uint8)
    for d, (dx, dy) in enumerate(DIRECTIONS):
        ok = np.zeros((height, width), dtype=bool)
        ok[max(0, -dy) : height - max(0, dy), max(0, -dx) : width - max(0, dx)] = True
        exits[ok] |= np.uint8(1 << d)
    return exits


def plain_tables() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int8]]:
    """Build the 1-state tables of the plain model: a step costs the entered square's cost."""
    cost = np.array([[[1, 2], [1, 2]]], dtype=np.int32)
    return cost, np.zeros_like(cost, dtype=np.int8)


def pf1e_tables() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int8]]:
    """Build the pf1e tables, costs in squares: state = parity of diagonals taken so far.

    Seed 000 and RULES.md 1.2: orthogonal 1 (x2 difficult: 2); diagonals alternate 1, 2; a
    diagonal into x2 terrain counts as 2 diagonals: 1 + 2 = 3 squares, parity unchanged.
    """
    cost = np.array([[[1, 2], [1, 3]], [[1, 2], [2, 3]]], dtype=np.int32)
    next_state = np.array([[[0, 0], [1, 0]], [[1, 1], [0, 1]]], dtype=np.int8)
    return cost, next_state


def _csr(
    square_class: npt.NDArray[np.int16],
    cost: npt.NDArray[np.int32],
    next_state: npt.NDArray[np.int8],
) -> Any:
    """Build the state-expanded graph (node = state * H * W + square) as a scipy CSR matrix."""
    from scipy.sparse import csr_matrix

    from footfall.tactical.search import DIRECTIONS

    height, width = square_class.shape
    area = height * width
    n_states = cost.shape[0]
    ys, xs = np.nonzero(square_class >= 0)
    rows, cols, weights = [], [], []
    for d, (dx, dy) in enumerate(DIRECTIONS):
        ny, nx = ys + dy, xs + dx
        ok = (ny >= 0) & (ny < height) & (nx >= 0) & (nx < width)
        fy, fx, ty, tx = ys[ok], xs[ok], ny[ok], nx[ok]
        klass = square_class[ty, tx]
        entered = klass >= 0
        fy, fx, ty, tx, klass = fy[entered], fx[entered], ty[entered], tx[entered], klass[entered]
        for s in range(n_states):
            step = cost[s, d & 1, klass]
            rows.append(s * area + fy * width + fx)
            cols.append(next_state[s, d & 1, klass].astype(np.int64) * area + ty * width + tx)
            weights.append(step.astype(np.float64))
    n = n_states * area
    return csr_matrix(
        (np.concatenate(weights), (np.concatenate(rows), np.concatenate(cols))), shape=(n, n)
    )


Engine = tuple[Callable[[], Any], Callable[[Any], npt.NDArray[np.int64]]]

#: Resident set (MiB) of a footfall worker at each stage of its start, before any timed call.
STAGES: dict[str, float] = {}


def _engine(name: str, size: int, seed: int) -> Engine:
    """Prepare `name` on the map: return the timed search call and an untimed answer reader.

    The reader turns the search's own output into int64 least costs ``[H, W]`` (least over
    states), -1 where unreached, for the cross-check.
    """
    square_class = make_map(size, seed)
    centre = size // 2
    if name.startswith("footfall"):
        STAGES["python + numpy"] = _status_mb("VmRSS")
        try:
            from footfall.aot import kernel
        except ImportError:  # a footfall before the kernels compiled ahead of time
            kernel = None  # type: ignore[assignment]
        if kernel is None or kernel("dial") is None:  # numba's JIT (no footfall warm-up)
            import numba  # noqa: F401  (measured apart: numba's own share of the process)

            STAGES["+ import numba"] = _status_mb("VmRSS")
        from footfall.tactical.search import INF, StepGraph, search, warm_up

        warm_up()
        STAGES["+ kernel loaded (warm_up)"] = _status_mb("VmRSS")
        tables = plain_tables() if name == "footfall-plain" else pf1e_tables()
        graph = StepGraph(square_class, open_exits(size, size), *tables)

        def run_footfall() -> Any:
            return search(graph, [(centre, centre, 0, 0)], INF)

        def read_footfall(result: Any) -> npt.NDArray[np.int64]:
            dist = result.dist.min(axis=0)
            return np.where(dist == INF, -1, dist).astype(np.int64)

        return run_footfall, read_footfall
    if name == "tcod":
        import tcod.path

        tcod_cost = np.choose(square_class + 1, [0, 1, 2]).astype(np.int32)

        def run_tcod() -> Any:
            dist = tcod.path.maxarray(tcod_cost.shape, dtype=np.int32)
            dist[centre, centre] = 0
            tcod.path.dijkstra2d(dist, tcod_cost, 1, 1, out=dist)
            return dist

        def read_tcod(dist: Any) -> npt.NDArray[np.int64]:
            return np.where(dist == np.iinfo(np.int32).max, -1, dist).astype(np.int64)

        return run_tcod, read_tcod
    if name == "skimage":
        from skimage.graph import MCP

        mcp_cost = np.choose(square_class + 1, [np.inf, 1.0, 2.0])

        def run_skimage() -> Any:
            return MCP(mcp_cost, fully_connected=True).find_costs([(centre, centre)])[0]

        def read_skimage(cumulative: Any) -> npt.NDArray[np.int64]:
            # MCP counts the start square's own cost; the others do not.
            cumulative = cumulative - mcp_cost[centre, centre]
            return np.where(np.isinf(cumulative), -1, cumulative).astype(np.int64)

        return run_skimage, read_skimage
    from scipy.sparse.csgraph import dijkstra

    tables = pf1e_tables() if name == "scipy-pf1e" else plain_tables()
    area = size * size
    source = centre * size + centre
    prebuilt = _csr(square_class, *tables) if name == "scipy" else None

    def run_scipy() -> Any:
        graph = prebuilt if prebuilt is not None else _csr(square_class, *tables)
        return dijkstra(graph, directed=True, indices=source)

    def read_scipy(flat: Any) -> npt.NDArray[np.int64]:
        dist = flat.reshape(-1, area).min(axis=0)
        return np.where(np.isinf(dist), -1, dist).astype(np.int64).reshape(size, size)

    return run_scipy, read_scipy


def _status_mb(field: str) -> float:
    """Read a memory figure (VmRSS, VmHWM) of this process from /proc, in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def worker(name: str, size: int, seed: int, repeat: int, out: str) -> None:
    """Time engine `name` in this process and print one JSON line with the figures."""
    run, read = _engine(name, size, seed)
    answer = run()  # warm-up: compiled code loaded, caches filled
    answer = None
    before = _status_mb("VmRSS")
    Path("/proc/self/clear_refs").write_text("5")  # reset VmHWM to the current RSS
    times, cpu = [], []
    for _ in range(repeat):
        answer = None  # the previous answer is not kept alive through the next search
        started, started_cpu = time.perf_counter(), time.process_time()
        answer = run()
        cpu.append(time.process_time() - started_cpu)
        times.append(time.perf_counter() - started)
    peak = _status_mb("VmHWM")
    np.save(out, read(answer))
    figures = {"times": times, "cpu": cpu, "rss_before": before, "peak": peak, "stages": STAGES}
    print(json.dumps(figures))


def _spawn(name: str, size: int, seed: int, repeat: int, out: str) -> dict[str, Any]:
    command = [sys.executable, __file__, "--worker", name, "--size", str(size)]
    command += ["--seed", str(seed), "--repeat", str(repeat), "--out", out]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


#: Budgets (squares) of the small-search comparison on a 100x100 pf1e map: a 60-ft move, a
#: 120-ft double move, a 240-ft run, and the whole map.
SMALL_BUDGETS = (12, 24, 48, 10**9)


def kernels_worker(seed: int, repeat: int) -> None:
    """Time the Python and the compiled kernel on small searches, and the compiled one's load.

    Runs in a fresh process so that the load (import numba, register its implementations,
    read the cached machine code) is measured as a one-shot command pays it.
    """
    from footfall.tactical import search as kernel

    graph = kernel.StepGraph(make_map(100, seed), open_exits(100, 100), *pf1e_tables())
    source = [(50, 50, 0, 0)]
    figures: dict[str, Any] = {"python": {}, "compiled": {}}
    for budget in SMALL_BUDGETS:
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            result = kernel._search(graph, source, budget, None, "python")
            times.append(time.perf_counter() - started)
        states = int((result.dist != kernel.INF).sum())
        figures["python"][str(budget)] = {"median": statistics.median(times), "states": states}
    assert "numba" not in sys.modules, "the Python kernel must not import numba"
    started = time.perf_counter()
    kernel.warm_up()
    figures["load"] = time.perf_counter() - started
    for budget in SMALL_BUDGETS:
        times = []
        for _ in range(max(repeat, 20)):
            started = time.perf_counter()
            kernel._search(graph, source, budget, None, "compiled")
            times.append(time.perf_counter() - started)
        figures["compiled"][str(budget)] = {"median": statistics.median(times)}
    print(json.dumps(figures))


def _kernels_table(seed: int, repeat: int) -> None:
    command = [sys.executable, __file__, "--worker", "kernels", "--seed", str(seed)]
    command += ["--repeat", str(repeat)]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    print("\n### Small searches: Python kernel vs compiled kernel (100x100, pf1e)\n")
    print(f"one-time load of the compiled kernel in a fresh process: {figures['load']:.2f} s\n")
    print("| budget (squares) | states settled | Python ms | compiled ms | Python us/state |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for budget in SMALL_BUDGETS:
        python = figures["python"][str(budget)]
        compiled = figures["compiled"][str(budget)]["median"]
        label = "whole map" if budget >= 10**9 else str(budget)
        print(
            f"| {label} | {python['states']} | {python['median'] * 1000:.2f} "
            f"| {compiled * 1000:.3f} | {python['median'] * 1e6 / python['states']:.1f} |"
        )


def bench_scene(seed: int, size: int = 100) -> dict[str, Any]:
    """Build a pf1e scene (SCENE.md JSON) of `size` squares: random terrain and 24 creatures.

    Terrain as the peers' maps (70 % ``.``, 20 % ``^`` difficult, 10 % ``#`` wall); the mover
    ``hero`` (medium, speed 60: a 60-ft move is 12 squares) stands in the centre; allies,
    enemies (some helpless) and a large ogre stand around it, within its reach.
    """
    rng = np.random.default_rng(seed)
    draw = rng.random((size, size))
    rows = np.where(draw < OPEN, ".", np.where(draw < OPEN + DIFFICULT, "^", "#"))
    centre = size // 2
    taken = {(centre, centre)}
    rows[centre, centre] = "."
    creatures: list[dict[str, Any]] = [
        {"id": "hero", "at": [centre, centre], "size": "medium", "side": "party", "speed": 60}
    ]
    kinds = [("ally", "party", "medium", False)] * 8 + [("foe", "foes", "small", False)] * 10
    kinds += [("corpse", "foes", "medium", True)] * 4 + [("ogre", "foes", "large", False)]
    for number, (name, side, size_name, helpless) in enumerate(kinds):
        side_len = 2 if size_name == "large" else 1
        while True:
            x, y = (int(v) for v in rng.integers(centre - 10, centre + 10, size=2))
            space = {(x + i, y + j) for i in range(side_len) for j in range(side_len)}
            if space & taken or any(rows[j, i] == "#" for i, j in space):
                continue
            taken |= {(i + di, j + dj) for i, j in space for di in (-1, 0, 1) for dj in (-1, 0, 1)}
            break
        creature = {"id": f"{name}{number}", "at": [x, y], "size": size_name, "side": side}
        creature["speed"] = 30
        if helpless:
            creature["helpless"] = True
        creatures.append(creature)
    return {
        "footfall": 1,
        "system": "pf1e",
        "map": ["".join(row) for row in rows],
        "creatures": creatures,
    }


def reach_worker(seed: int, repeat: int) -> None:
    """Time `reachable` (60-ft move, pf1e, creatures) in process, and the kernel's share.

    Interleaved in one loop, so a busy spell of the machine falls on every figure alike: a
    repeated query on one scene object (the plan cache hits: policy, frame and graph kept), the
    first query on a new scene object (nothing cached: masks, policy, frame), and `reach_all`
    for the first 20 creatures on a new scene object (the batch, compared with that one call).
    """
    import dataclasses

    from footfall.scene import parse_scene
    from footfall.tactical import reach_all, views
    from footfall.tactical import search as kernel

    scene = parse_scene(bench_scene(seed))
    twenty = dataclasses.replace(scene, creatures=scene.creatures[:20])
    kernel.warm_up()
    inside = [0.0]
    real_search = views.search

    def timed_search(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return real_search(*args, **kwargs)
        finally:
            inside[0] += time.perf_counter() - started

    views.search = timed_search  # type: ignore[assignment]
    reach = views.reachable(scene, "hero", "move")
    reach_all(dataclasses.replace(twenty), "move")
    count = len(reach.squares)
    cached, cold, every, kernel_times, one_by_one = [], [], [], [], []
    cold_cpu: list[float] = []
    every_cpu: list[float] = []
    load_before = os.getloadavg()
    for _ in range(max(repeat, 50)):
        inside[0] = 0.0
        started = time.perf_counter()
        views.reachable(scene, "hero", "move")
        cached.append(time.perf_counter() - started)
        kernel_times.append(inside[0])
        fresh = dataclasses.replace(scene)
        started = time.perf_counter()
        views.reachable(fresh, "hero", "move")
        cold.append(time.perf_counter() - started)
        fresh = dataclasses.replace(twenty)
        started = time.perf_counter()
        reach_all(fresh, "move")
        every.append(time.perf_counter() - started)
        # The same two in CPU time (a loaded machine preempts the wall-clock figures).
        fresh = dataclasses.replace(scene)
        started = time.process_time()
        views.reachable(fresh, "hero", "move")
        cold_cpu.append(time.process_time() - started)
        fresh = dataclasses.replace(twenty)
        started = time.process_time()
        reach_all(fresh, "move")
        every_cpu.append(time.process_time() - started)
        fresh = dataclasses.replace(twenty)  # what reach_all replaces: one call per creature
        started = time.perf_counter()
        for other in fresh.creatures:
            views.reachable(fresh, other.id, "move")
        one_by_one.append(time.perf_counter() - started)
    ratios = sorted(e / c for e, c in zip(every, cold, strict=True))
    cpu = sorted(e / c for e, c in zip(every_cpu, cold_cpu, strict=True))
    figures = {
        "squares": count,
        "median": statistics.median(cached),
        "kernel": statistics.median(kernel_times),
        "cold": statistics.median(cold),
        "every": statistics.median(every),
        "every_ratio": statistics.median(ratios),
        "every_ratios": [ratios[int(q * (len(ratios) - 1))] for q in (0, 0.1, 0.25, 0.75, 0.9, 1)],
        "one_by_one_ratio": statistics.median(o / c for o, c in zip(one_by_one, cold, strict=True)),
        "every_cpu_ratio": statistics.median(
            e / c for e, c in zip(every_cpu, cold_cpu, strict=True)
        ),
        "every_cpu_ratios": [cpu[int(q * (len(cpu) - 1))] for q in (0, 0.1, 0.25, 0.75, 0.9, 1)],
        "load": [*load_before, *os.getloadavg()],
    }
    print(json.dumps(figures))


def _wall(command: list[str], repeat: int) -> float:
    """Return the median wall time of running `command` as a whole process."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _end_to_end_table(seed: int, repeat: int) -> None:
    command = [sys.executable, __file__, "--worker", "reach", "--seed", str(seed)]
    command += ["--repeat", str(repeat)]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    print("\n### End to end (pf1e, full rules)\n")
    print("| measure | median | of which | target |")
    print("| --- | ---: | --- | --- |")
    print(
        f"| `reachable`, 60-ft move, 100x100 scene, 24 creatures, in process, asked again on "
        f"the same scene ({figures['squares']} end squares) | {figures['median'] * 1000:.3f} ms "
        f"| search kernel {figures['kernel'] * 1000:.3f} ms | < 0.3 ms |"
    )
    print(
        f"| the same, first query on a new scene object (nothing cached) "
        f"| {figures['cold'] * 1000:.3f} ms | | < 1 ms |"
    )
    print(
        f"| `reach_all`, the first 20 creatures, new scene object "
        f"| {figures['every'] * 1000:.2f} ms | **{figures['every_ratio']:.1f}x** the cold "
        f"one-creature call (median of the per-round ratios) | <= 5x |"
    )
    low, p10, p25, p75, p90, high = figures["every_ratios"]
    print(
        f"| the same, per-round ratios (rounds interleaved) | {low:.1f} / {p10:.1f} / {p25:.1f} "
        f"/ {p75:.1f} / {p90:.1f} / {high:.1f} | min / p10 / p25 / p75 / p90 / max; one "
        f"`reachable` call per creature instead: {figures['one_by_one_ratio']:.1f}x | |"
    )
    low, p10, p25, p75, p90, high = figures["every_cpu_ratios"]
    print(
        f"| the same in CPU time (`time.process_time`, less preempted by a loaded machine) "
        f"| **{figures['every_cpu_ratio']:.1f}x** | per round: {low:.1f} / {p10:.1f} / {p25:.1f} "
        f"/ {p75:.1f} / {p90:.1f} / {high:.1f} (min / p10 / p25 / p75 / p90 / max) | <= 5x |"
    )
    load = figures["load"]
    print(
        f"| load average (1, 5, 15 min) before / after the rounds "
        f"| {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} / {load[3]:.1f} {load[4]:.1f} {load[5]:.1f} "
        f"| | |"
    )
    # The command a GM types: the installed `footfall` script on a shipped sample by name.
    script = shutil.which("footfall")
    footfall = [script] if script else [sys.executable, "-m", "footfall"]
    reach = [*footfall, "reach", "pf1e-ogre-bridge", "--mover", "ogre"]
    whole = _wall(reach, repeat)
    bare = _wall([sys.executable, "-c", "pass"], repeat)
    imports = _wall([sys.executable, "-c", "import footfall.cli"], repeat)
    tactical = _wall([sys.executable, "-c", "import footfall.cli.tactical"], repeat)
    print(
        f"| `footfall reach pf1e-ogre-bridge --mover ogre`, whole process | {whole:.2f} s "
        f"| interpreter {bare:.2f} s; `import footfall.cli` (with interpreter) {imports:.2f} s; "
        f"`import footfall.cli.tactical` {tactical:.2f} s | < 1.5 s |"
    )


def _cpu_run(command: list[str]) -> tuple[float, float]:
    """Run `command` (output discarded); return its (wall, user + system CPU) seconds."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def _large_table(args: argparse.Namespace) -> None:
    """Time ``footfall reach --json`` over a whole `--size` map as a process (issue 15, item 6).

    The scene is `bench_scene` at `--size` with a granted distance past the map, so the answer
    lists every reachable square; interleaved with ``import footfall.cli`` (the floor).
    """
    footfall = [sys.executable, "-m", "footfall"]
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "large.json")
        Path(path).write_text(json.dumps(bench_scene(args.seed, args.size)))
        reach = [*footfall, "reach", path, "--mover", "hero", "--distance", "10000", "--json"]
        floor = [sys.executable, "-c", "import footfall.cli"]
        subprocess.run(reach, check=True, stdout=subprocess.DEVNULL)  # numba cache warm
        runs: dict[str, list[tuple[float, float]]] = {"reach": [], "floor": []}
        for _ in range(args.rounds):
            runs["reach"].append(_cpu_run(reach))
            runs["floor"].append(_cpu_run(floor))
    print(f"\n### Whole-map `footfall reach --json`, {args.size}x{args.size}, as a process\n")
    print("| command | median wall s | median CPU s (user + system) | target |")
    print("| --- | ---: | ---: | --- |")
    for name, label, target in (
        ("reach", f"`footfall reach` {args.size}x{args.size} `--distance 10000 --json`", "< 2 s"),
        ("floor", '`python -c "import footfall.cli"`', "-"),
    ):
        walls = [w for w, _ in runs[name]]
        cpus = [c for _, c in runs[name]]
        print(
            f"| {label} | {statistics.median(walls):.2f} | {statistics.median(cpus):.2f} "
            f"| {target} |"
        )


def main() -> None:
    """Run every engine, cross-check the answers and print the Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--size",
        default="1000",
        help="map side; for the peers a comma list (1000,2000), run interleaved in one run",
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument(
        "--sections",
        default="peers,kernels,e2e",
        help="comma list of: peers (the 1000x1000 table), kernels (small searches), "
        "e2e (reachable in process, footfall reach as a process), "
        "large (whole-map reach --json as a process; not in the default)",
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.sizes = [int(side) for side in str(args.size).split(",")]
    args.size = args.sizes[0]
    if args.worker == "reach":
        reach_worker(args.seed, args.repeat)
        return
    if args.worker == "kernels":
        kernels_worker(args.seed, args.repeat)
        return
    if args.worker:
        worker(args.worker, args.size, args.seed, args.repeat, args.out)
        return
    sections = args.sections.split(",")
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}, {os.cpu_count()} cores")
    if "peers" in sections:
        _peers_table(args)
    if "kernels" in sections:
        _kernels_table(args.seed, args.repeat)
    if "e2e" in sections:
        _end_to_end_table(args.seed, args.repeat)
    if "large" in sections:
        _large_table(args)


def _peers_table(args: argparse.Namespace) -> None:
    """Run the engines at every `--size` (a comma list), rounds interleaving sizes and engines,
    cross-check the answers and print one table per size."""
    names = [name for name in args.engines.split(",") if name]
    results: dict[tuple[int, str], dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        load_before = os.getloadavg()
        # Rounds alternate the engine order, so that a busy spell of a shared machine falls on
        # every engine alike; the times of all rounds are pooled.
        for round_number in range(args.rounds):
            order = names if round_number % 2 == 0 else names[::-1]
            for size in args.sizes:
                answers: dict[str, npt.NDArray[np.int64]] = {}
                for name in order:
                    out = os.path.join(scratch, f"{name}.npy")
                    got = _spawn(name, size, args.seed, args.repeat, out)
                    answers[name] = np.load(out)
                    _pool(results.setdefault((size, name), got), got)
                _cross_check(names, answers)
        load_after = os.getloadavg()
    for size in args.sizes:
        _print_peers(args, size, names, {name: results[size, name] for name in names})
    print(
        "\nCPU: `time.process_time` of each call (a loaded machine preempts the wall times); "
        f"load average (1, 5, 15 min) before {' '.join(f'{v:.1f}' for v in load_before)}, "
        f"after {' '.join(f'{v:.1f}' for v in load_after)}"
    )


def _pool(pooled: dict[str, Any], got: dict[str, Any]) -> None:
    """Add one worker's figures `got` to an engine's `pooled` ones (the first worker's)."""
    if pooled is got:
        return
    pooled["times"] += got["times"]
    pooled["cpu"] += got["cpu"]
    if got["peak"] > pooled["peak"]:
        pooled["peak"] = got["peak"]
        pooled["rss_before"] = got["rss_before"]


def _cross_check(names: list[str], answers: dict[str, npt.NDArray[np.int64]]) -> None:
    """Stop unless every engine of a model gave the same least costs."""
    for model in ("plain", "pf1e"):
        same = [name for name in names if ENGINES[name][0] == model]
        for name in same[1:]:
            if not np.array_equal(answers[name], answers[same[0]]):
                raise SystemExit(f"{name} disagrees with {same[0]} on the {model} model")


def _print_peers(
    args: argparse.Namespace, size: int, names: list[str], results: dict[str, dict[str, Any]]
) -> None:
    base = statistics.median(results["tcod"]["times"]) if "tcod" in results else None
    base_cpu = statistics.median(results["tcod"]["cpu"]) if "tcod" in results else None
    print(f"\n### Whole-map search, {size}x{size}, seed {args.seed}, ", end="")
    print(f"median of {args.rounds} rounds x {args.repeat} calls\n")
    print(
        "| engine | model | median ms | min ms | vs tcod | CPU ms | **CPU vs tcod** "
        "| peak MB | search MB |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in names:
        times, cpu = results[name]["times"], results[name]["cpu"]
        median, median_cpu = statistics.median(times), statistics.median(cpu)
        ratio = f"{median / base:.2f}" if base else "-"
        ratio_cpu = f"**{median_cpu / base_cpu:.2f}**" if base_cpu else "-"
        peak = results[name]["peak"]
        grown = peak - results[name]["rss_before"]
        print(
            f"| {name} | {ENGINES[name][0]} | {median * 1000:.0f} | {min(times) * 1000:.0f} "
            f"| {ratio} | {median_cpu * 1000:.0f} | {ratio_cpu} | {peak:.0f} | {grown:.0f} |"
        )
    print("\nanswers cross-checked: all plain engines agree; both pf1e engines agree")
    for name in names:
        stages = results[name].get("stages")
        if stages:
            shown = ", ".join(f"{stage} {mb:.0f}" for stage, mb in stages.items())
            print(f"\n{name} resident MB at start: {shown}; peak in the timed calls ", end="")
            print(f"{results[name]['peak']:.0f}")


if __name__ == "__main__":
    main()
