"""Benchmark `footfall.route.find_route` across a 1000x1000 overland map (square and hex).

Run: ``python bench/bench_route.py [--size 1000] [--repeat 5]``. Prints a Markdown table of
the best and median wall time per query (after one warm-up call that compiles the kernel),
and the map-building time. Not a timed test; results are recorded in docs/benchmarks-route.md.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

import numpy as np

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


def build_map(size: int, grid: Grid, seed: int = 1) -> TerrainMap:
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
            "diagonal": Diagonal.ALTERNATING.value,
            "legend": LEGEND,
            "rows": rows,
        },
        f"bench-{grid.value}",
    )


def main() -> None:
    """Time corner-to-corner routes on square and hex maps and print a results table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
