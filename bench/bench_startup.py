"""Startup benchmark: how long a fresh process takes to import footfall or run a small command.

Not a test: it runs each measure as a new process (wall-clock time from start to exit) for
every tree given, interleaved (tree A, tree B, ..., then the same in reverse, round after
round), so that a change of load on a shared machine falls on all trees alike. It prints the
median and range of each tree and the ratio of each tree's median to the first tree's.

    python bench/bench_startup.py /tmp/before .                # compare two checkouts
    python bench/bench_startup.py before=/tmp/before main=/tmp/main after=. --rounds 8

Each tree runs with ``PYTHONPATH=<tree>/src`` and its own directory as the working
directory; ``footfall`` is the console script beside the running Python (not a pyenv shim).
The load average is printed before and after the run (other jobs on the machine skew all
trees' absolute times; the ratios measured in one run are what to compare).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple

_FOOTFALL = str(Path(sys.executable).with_name("footfall"))

#: Each measure: its label and the command after the interpreter or the script.
MEASURES: dict[str, list[str]] = {
    "import footfall": [sys.executable, "-c", "import footfall"],
    "import footfall.cli": [sys.executable, "-c", "import footfall.cli"],
    "import footfall.api": [sys.executable, "-c", "import footfall.api"],
    "footfall.api.create_app()": [
        sys.executable,
        "-c",
        "from footfall.api import create_app; create_app()",
    ],
    "footfall --help": [_FOOTFALL, "--help"],
    "footfall rates pf1e --speed 30": [_FOOTFALL, "rates", "pf1e", "--speed", "30"],
    # issue 15 item 5: the small journey commands and a small map's reach
    "footfall odds pf1e --forced-march 16 --days 16 --con-mod 2 --json": [
        *(_FOOTFALL, "odds", "pf1e", "--forced-march", "16", "--days", "16"),
        *("--con-mod", "2", "--json"),
    ],
    "footfall route hexes --from 0,0 --to 11,7 --speed 30": [
        *(_FOOTFALL, "route", "hexes", "--from", "0,0", "--to", "11,7", "--speed", "30"),
    ],
    "footfall chase pf1e --pursuer speed=30,dex=+2 --quarry speed=30,dex=+3": [
        *(_FOOTFALL, "chase", "pf1e", "--pursuer", "speed=30,dex=+2"),
        *("--quarry", "speed=30,dex=+3"),
    ],
    'footfall travel pf1e --speed 30 --leg "24 mi forest trackless"': [
        *(_FOOTFALL, "travel", "pf1e", "--speed", "30", "--leg", "24 mi forest trackless"),
    ],
    "footfall reach pf1e-ogre-bridge --mover valeros --json": [
        *(_FOOTFALL, "reach", "pf1e-ogre-bridge", "--mover", "valeros", "--json"),
    ],
}


class Run(NamedTuple):
    """One process: wall-clock and CPU (user + system) seconds, peak resident memory (MB)."""

    wall: float
    cpu: float
    megabytes: float


def run_once(tree: Path, command: list[str]) -> Run:
    """Run `command` against `tree` in a new process and return what it took."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"), COLUMNS="80")
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=tree, env=env, stdout=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{command} failed in {tree} (exit {child.returncode})")
    # ru_maxrss is in KiB on Linux
    return Run(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def main() -> None:
    """Run the measures on the trees given, interleaved, and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "trees", nargs="+", help="checkouts (NAME=PATH to name one); the first is the base"
    )
    parser.add_argument("--rounds", type=int, default=6, help="runs of each tree per measure")
    args = parser.parse_args()
    named = [
        tree.split("=", 1) if "=" in tree else [Path(tree).resolve().name, tree]
        for tree in args.trees
    ]
    trees = [Path(path).resolve() for _name, path in named]
    print(f"load average before: {os.getloadavg()}", flush=True)
    for command in MEASURES.values():  # warm the file cache and the bytecode of each tree
        for tree in trees:
            run_once(tree, command)
    runs: dict[tuple[str, Path], list[Run]] = {}
    loads: list[float] = []
    for round_ in range(args.rounds):
        loads.append(os.getloadavg()[0])
        order = trees if round_ % 2 == 0 else trees[::-1]
        for label, command in MEASURES.items():
            for tree in order:
                runs.setdefault((label, tree), []).append(run_once(tree, command))
    print(f"load average after:  {os.getloadavg()}")
    print(f"1-minute load average at each round's start: {min(loads):.1f}-{max(loads):.1f}")
    print()
    names = [name for name, _path in named]
    for field in ("cpu", "wall", "megabytes"):
        print()
        _table(field, names, trees, runs, args.rounds)


def _table(
    field: str,
    names: list[str],
    trees: list[Path],
    runs: dict[tuple[str, Path], list[Run]],
    rounds: int,
) -> None:
    """Print one Markdown table of `field` (a `Run` field): ratios first."""
    what = {"cpu": "CPU time (user + system)", "wall": "wall-clock time"}.get(
        field, "peak resident memory"
    )
    unit = " MB" if field == "megabytes" else " s"
    head = " | ".join(f"{name}: median (range)" for name in names)
    ratios = " | ".join(f"{name} / {names[0]}" for name in names[1:])
    print(f"| {what}, {rounds} runs each | {ratios} | {head} |")
    print("| --- |" + " ---: |" * (2 * len(trees) - 1))
    for label in MEASURES:
        values = [[getattr(run, field) for run in runs[label, tree]] for tree in trees]
        medians = [statistics.median(v) for v in values]
        cells = [
            f"{med:.2f}{unit} ({min(v):.2f}-{max(v):.2f})"
            if unit == " s"
            else f"{med:.0f}{unit} ({min(v):.0f}-{max(v):.0f})"
            for med, v in zip(medians, values, strict=True)
        ]
        ratio = [f"{med / medians[0]:.2f}" for med in medians[1:]]
        print(f"| `{label}` | {' | '.join(ratio)} | {' | '.join(cells)} |")


if __name__ == "__main__":
    main()
