"""Benchmark `footfall.route.find_route` across a 1000x1000 overland map (square and hex).

Run: ``python bench/bench_route.py [--size 1000] [--repeat 5]``. Prints a Markdown table of
the best and median wall time per query (after one warm-up call that compiles the kernel),
and the map-building time. Not a timed test; results are recorded in docs/benchmarks-route.md.

``python bench/bench_route.py --before /tmp/before [--rounds 3] [--hex 50x40]`` (issue 15 item
5) instead times ``footfall route`` on hex map files of 50 x 40 (2000 cells), 1000 x 1000 and
2000 x 2000 cells (or the ``--hex`` sizes), corner to corner, in this tree and in the other
one, interleaved (bench/compare.py): in a child process the CPU seconds of the imports,
`load_map`, the first `find_route` (plain lists up to `footfall.route.LIST_STATES` search
states, else the kernel's arrays, with the kernel's load) and a second, warm one; and the
CPU seconds of the whole command ``python -m footfall route FILE ... --json``, beside
``python -c "import footfall.cli"``. Ratios first.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import platform
import statistics
import tempfile
import time
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import numpy as np

from compare import (
    child_cpu,
    interleave,
    load_average,
    parse_json_line,
    report,
    warn_without_bytecode,
)
from footfall.route import Diagonal, Grid, TerrainMap, find_route, parse_map
from footfall.travel import Traveller

LEGEND = {
    ".": "plains trackless",
    "=": "plains highway",
    "-": "plains road",
    "f": "forest trackless",
    "h": "hills trackless",
    "m": "mountains trackless",
    "s": "swamp trackless",
    "j": "jungle trackless",
    "~": "impassable",
}


MULTIPLIER = {
    "plains trackless": Fraction(3, 4),
    "plains highway": Fraction(1),
    "plains road": Fraction(1),
    "forest trackless": Fraction(1, 2),
    "hills trackless": Fraction(1, 2),
    "mountains trackless": Fraction(1, 2),
    "swamp trackless": Fraction(1, 2),
    "jungle trackless": Fraction(1, 4),
}
"""pf1e terrain x road multipliers of LEGEND (seed 000), for the peers' integer cost arrays."""


def build_map(
    size: int, grid: Grid, seed: int = 1, diagonal: Diagonal = Diagonal.ALTERNATING
) -> TerrainMap:
    """Return a random size x size map with terrain patches, two highways and some walls."""
    rng = np.random.default_rng(seed)
    symbols = np.array(list(".fhmsj~"))
    weights = np.array([0.35, 0.2, 0.15, 0.1, 0.08, 0.07, 0.05])
    coarse = rng.choice(len(symbols), size=(size // 10 + 1, size // 10 + 1), p=weights)
    cells = symbols[np.kron(coarse, np.ones((10, 10), dtype=int))[:size, :size]]
    noise = rng.random((size, size)) < 0.05
    cells[noise] = "."
    cells[size // 3, :] = "="
    cells[:, 2 * size // 3] = "-"
    cells[0, :] = "."
    cells[-1, :] = "."
    rows = ["".join(r) for r in cells]
    return parse_map(
        {
            "grid": grid.value,
            "cell": "1 mi",
            "diagonal": diagonal.value,
            "legend": LEGEND,
            "rows": rows,
        },
        f"bench-{grid.value}",
    )


def integer_costs(terrain_map: TerrainMap) -> tuple[np.ndarray, Fraction]:
    """Return each cell's exact entry cost as an integer array (0 = blocked) and its unit."""
    hours = {
        symbol: None if words == "impassable" else 1 / (3 * MULTIPLIER[words])
        for symbol, words in LEGEND.items()
    }
    scale = math.lcm(*(h.denominator for h in hours.values() if h is not None))
    cost = np.zeros((terrain_map.height, terrain_map.width), dtype=np.int32)
    grid = np.array([list(r) for r in terrain_map.rows])
    for symbol, h in hours.items():
        if h is not None:
            cost[grid == symbol] = int(h * scale)
    return cost, Fraction(1, scale)


def compare_peers(size: int, repeat: int) -> None:
    """Time a 4-neighbour route against python-tcod and scikit-image on the same costs."""
    import tcod.path
    from skimage.graph import MCP

    terrain_map = build_map(size, Grid.SQUARE, diagonal=Diagonal.NONE)
    cost, unit = integer_costs(terrain_map)
    start, goal = (0, 0), (size - 1, size - 1)
    who = Traveller(speeds=(30,))
    find_route(terrain_map, start, goal, who)

    def ours() -> Fraction:
        return find_route(terrain_map, start, goal, who).hours

    def tcod_run() -> Fraction:
        dist = tcod.path.maxarray((size, size), dtype=np.int32)
        dist[start[1], start[0]] = 0
        tcod.path.dijkstra2d(dist, cost, 1, 0, out=dist)
        return int(dist[goal[1], goal[0]]) * unit

    def skimage_run() -> Fraction:
        costs = np.where(cost > 0, cost, np.inf).astype(np.float64)
        mcp = MCP(costs, fully_connected=False)
        cumulative, _ = mcp.find_costs([(start[1], start[0])], [(goal[1], goal[0])])
        # MCP counts the start cell's cost too; footfall and tcod count entered cells only.
        return Fraction(round(cumulative[goal[1], goal[0]] - costs[start[1], start[0]])) * unit

    for name, run in (
        ("footfall", ours),
        ("python-tcod dijkstra2d", tcod_run),
        ("scikit-image MCP", skimage_run),
    ):
        run()
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            hours = run()
            times.append(time.perf_counter() - started)
        print(
            f"| square, 4 neighbours | {name} | {float(hours):.2f} | {min(times):.3f} | "
            f"{statistics.median(times):.3f} |"
        )


#: The hex maps of the comparison: (width, height).
HEX_SIZES = ((50, 40), (1000, 1000), (2000, 2000))

PIECES = """
import json, sys, time
started = time.process_time()
from footfall.route import find_route, load_map
from footfall.travel import Traveller
times = {"imports": time.process_time() - started}
path, goal = sys.argv[1], tuple(int(v) for v in sys.argv[2].split(","))
mark = time.process_time()
terrain_map = load_map(path)
times["load_map"] = time.process_time() - mark
for key in ("find_route, first", "find_route, again"):
    mark = time.process_time()
    route = find_route(terrain_map, (0, 0), goal, Traveller(speeds=(30,)))
    times[key] = time.process_time() - mark
times["hours"] = float(route.hours)
print(json.dumps(times))
"""


def write_hex_map(width: int, height: int, folder: Path) -> Path:
    """Write `build_map`'s hex map cut to `width` x `height` as a text map file."""
    rows = build_map(max(width, height), Grid.HEX).rows
    legend = "".join(f"  {symbol} = {words}\n" for symbol, words in LEGEND.items())
    body = "".join(f"  {row[:width]}\n" for row in rows[:height])
    path = folder / f"hex-{width}x{height}.txt"
    path.write_text(f"grid: hex\ncell: 1 mi\nlegend:\n{legend}rows:\n{body}", encoding="utf-8")
    return path


def _route_run(tree: Path, *, path: Path, goal: str) -> dict[str, float]:
    """Time one map in `tree`: the pieces in process, the whole command, the import floor."""
    pieces = parse_json_line(child_cpu(tree, ["-c", PIECES, str(path), goal])[2])
    command = ["-m", "footfall", "route", str(path), "--from", "0,0", "--to", goal]
    process, _wall, out = child_cpu(tree, [*command, "--speed", "30", "--json"])
    if abs(json.loads(out)["hours"] - pieces.pop("hours")) > 0.01:
        raise SystemExit(f"{tree}: the command and the call disagree on {path}")
    floor, _wall, _out = child_cpu(tree, ["-c", "import footfall.cli"])
    return {**pieces, "process (CPU)": process, "import footfall.cli": floor}


def compare_versions(
    before: Path, rounds: int, sizes: Sequence[tuple[int, int]] = HEX_SIZES
) -> None:
    """Time `footfall route` on hex maps of `sizes` here and in `before`, interleaved."""
    new, old = Path.cwd(), before.resolve()
    print(f"new: {new}, old: {old}; load average at start {load_average()}")
    warn_without_bytecode(new, old)
    with tempfile.TemporaryDirectory() as folder:
        for width, height in sizes:
            path = write_hex_map(width, height, Path(folder))
            run = functools.partial(_route_run, path=path, goal=f"{width - 1},{height - 1}")
            title = f"hex {width} x {height}, corner to corner, CPU seconds"
            report(interleave([new, old], rounds, run), new, old, title)


def _hex_size(text: str) -> tuple[int, int]:
    """Read ``WIDTHxHEIGHT`` (``50x40``)."""
    width, height = text.lower().split("x")
    return int(width), int(height)


def main() -> None:
    """Time corner-to-corner routes on square and hex maps and print a results table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--before", type=Path, help="compare with this tree (issue 15 item 5)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--hex",
        action="append",
        type=_hex_size,
        help="with --before: a hex map WIDTHxHEIGHT (repeat; default 50x40, 1000x1000, 2000x2000)",
    )
    args = parser.parse_args()
    if args.before is not None:
        print(f"python {platform.python_version()}, {platform.machine()}, {platform.node()}")
        compare_versions(args.before, args.rounds, args.hex or HEX_SIZES)
        return
    size = args.size
    who = Traveller(speeds=(30,))
    print(f"python {platform.python_version()}, {platform.machine()}, map {size}x{size}\n")
    print("| grid | query | steps | hours | best (s) | median (s) | first call (s) |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for grid in (Grid.SQUARE, Grid.HEX):
        terrain_map = build_map(size, grid)
        start, goal = (0, 0), (size - 1, size - 1)
        started = time.perf_counter()
        route = find_route(terrain_map, start, goal, who)
        first = time.perf_counter() - started
        times = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            route = find_route(terrain_map, start, goal, who)
            times.append(time.perf_counter() - started)
        print(
            f"| {grid.value} | corner to corner | {len(route.path) - 1} | "
            f"{float(route.hours):.2f} | {min(times):.3f} | {statistics.median(times):.3f} | "
            f"{first:.3f} |"
        )

    print("\nSame map with `diagonal: none` (4 neighbours), the cost model peers can express:\n")
    print("| map | engine | hours | best (s) | median (s) |")
    print("| --- | --- | ---: | ---: | ---: |")
    compare_peers(size, args.repeat)


if __name__ == "__main__":
    main()
