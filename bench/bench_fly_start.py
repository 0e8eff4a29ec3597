"""``footfall fly`` commands as whole processes: this tree against another, CPU time, interleaved.

Issue 15 item 4 asks an 80-ft average flyer's ``fly reach`` under 0.5 s CPU as a whole process.
The search kernel is part of it (bench/bench_flight.py times it); this bench times what is
around it in every ``fly`` subcommand: the imports, the request, the rule machine (read from
its store), the answer, the text or JSON. Each workload runs as a child process
(``python -m footfall ...`` with ``PYTHONPATH=<tree>/src``), the trees interleaved (before,
after, after, before, ...), and its CPU time (user + system, `os.wait4`) is the figure; the
medians and their ratio are printed first, with the load average before and after.

    python3 bench/bench_fly_start.py --before /work/main            # times
    python3 bench/bench_fly_start.py --before /work/main --same     # outputs byte-identical?

``--same`` runs every workload (and a few more: JSON, other maneuverabilities, ru) once in
each tree and compares stdout, stderr and the exit status byte for byte. Children run with
``PYTHONDONTWRITEBYTECODE`` removed, so a tree's caches (bytecode, the rule machines' store,
numba's) fill on the untimed first run of each workload, as an installed footfall's do.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

_SKY = ["--speed", "80", "-m", "average", "--alt", "30", "--facing", "E"]

#: The timed workloads: the target first, then every other ``fly`` subcommand.
WORKLOADS: dict[str, list[str]] = {
    "reach": ["fly", "reach", *_SKY],
    "reach --json": ["fly", "reach", *_SKY, "--json"],
    "reach good 60": ["fly", "reach", "--speed", "60", "-m", "good", "--alt", "20"],
    "reach scene": ["fly", "reach", "dnd35-canyon-squeeze", "--mover", "stirge", "--facing", "W"],
    "check": ["fly", "check", *_SKY, "--steps", "f r90 d10 d10 d5 f5"],
    "path": ["fly", "path", *_SKY, "--to", "1,8,5"],
    "stall": ["fly", "stall", "--alt", "600", "--reflex", "6", "--rounds", "3"],
    "table": ["fly", "table"],
}

#: Run by ``--same`` besides `WORKLOADS` (not timed).
EXTRA: dict[str, list[str]] = {
    "double-move": ["fly", "reach", *_SKY, "--action", "double-move"],
    "double-move --json": ["fly", "reach", *_SKY, "--action", "double-move", "--json"],
    "reach band 5": ["fly", "reach", *_SKY, "--band", "5"],
    "reach ru": ["fly", "reach", *_SKY, "--lang", "ru"],
    "reach perfect": ["fly", "reach", "--speed", "60", "-m", "perfect", "--alt", "10"],
    "reach perfect --json": [
        "fly", "reach", "--speed", "60", "-m", "perfect", "--alt", "10", "--json",
    ],
    "reach poor": ["fly", "reach", "--speed", "80", "-m", "poor", "--alt", "40", "--facing", "S"],
    "reach clumsy --json": [
        "fly", "reach", "--speed", "40", "-m", "clumsy", "--alt", "30", "--json",
    ],
    "reach ground": ["fly", "reach", "--speed", "60", "-m", "good", "--alt", "0"],
    "reach alt-range": ["fly", "reach", *_SKY, "--alt-range", "10-40"],
    "reach switch": ["fly", "reach", *_SKY, "--switch", "flight_turn_credit=bank"],
    "reach scene --json": [
        "fly", "reach", "dnd35-canyon-squeeze", "--mover", "stirge", "--facing", "W", "--json",
    ],
    "check --json": ["fly", "check", "--speed", "80", "-m", "poor", "--alt", "30", "--facing",
                     "E", "--steps", "f r90 d10 f6", "--json"],
    "check clumsy": ["fly", "check", "--speed", "20", "-m", "clumsy", "--alt", "30", "--facing",
                     "E", "--steps", "r45 f2 r45 f", "--switch", "flight_round_start=standing"],
    "path --json": ["fly", "path", *_SKY, "--to", "1,8,5", "--json"],
    "path scene": ["fly", "path", "dnd35-canyon-squeeze", "--mover", "giant-eagle", "--facing",
                   "E", "--to", "2,9,10"],
    "path none": ["fly", "path", *_SKY, "--to", "30,0,5"],
    "stall --json zh": ["fly", "stall", "--alt", "600", "--reflex", "6", "--rounds", "3",
                        "--json", "--lang", "zh"],
    "table --json": ["fly", "table", "--json"],
    "table ru": ["fly", "table", "--lang", "ru"],
    "bad band": ["fly", "reach", *_SKY, "--band", "7"],
    "bad class": ["fly", "reach", "--speed", "80", "-m", "wobbly"],
    "bad scene": ["fly", "reach", "no-such-scene"],
}  # fmt: skip


def _env(tree: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"), COLUMNS="80")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run(tree: Path, argv: list[str]) -> float:
    """Run ``python -m footfall ARGV`` in `tree`; return its CPU time (user + system, s)."""
    command = [sys.executable, "-m", "footfall", *argv]
    child = subprocess.Popen(
        command, cwd=tree, env=_env(tree), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, _, usage = os.wait4(child.pid, 0)
    return usage.ru_utime + usage.ru_stime


def output(tree: Path, argv: list[str]) -> tuple[int, bytes, bytes]:
    """Return the exit status, stdout and stderr of ``python -m footfall ARGV`` in `tree`."""
    done = subprocess.run(
        [sys.executable, "-m", "footfall", *argv], cwd=tree, env=_env(tree), capture_output=True
    )
    return done.returncode, done.stdout, done.stderr


def load() -> str:
    """Return the 1-, 5- and 15-minute load averages."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def same(trees: dict[str, Path]) -> int:
    """Compare every workload's output across `trees`; print the differences; return how many."""
    (first, base), *others = trees.items()
    differ = 0
    for name, argv in {**WORKLOADS, **EXTRA}.items():
        want = output(base, argv)
        for label, tree in others:
            got = output(tree, argv)
            ok = got == want
            differ += not ok
            size = len(want[1])
            print(f"{'same' if ok else 'DIFFERS':8} {name:24} exit {want[0]}, {size} bytes", end="")
            print("" if ok else f"  ({first} vs {label}: exit {want[0]}/{got[0]})")
    return differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="The tree to compare against.")
    parser.add_argument("--rounds", type=int, default=7, help="Runs of each tree per workload.")
    parser.add_argument("--only", action="append", help="Time only these workloads.")
    parser.add_argument("--same", action="store_true", help="Compare outputs, do not time.")
    args = parser.parse_args()
    trees = {"before": args.before.resolve(), "after": HERE}
    if args.same:
        sys.exit(1 if same(trees) else 0)
    names = args.only or list(WORKLOADS)
    print(f"load before: {load()}")
    for tree in trees.values():  # untimed: fill each tree's caches
        for name in names:
            run(tree, WORKLOADS[name])
    times: dict[str, dict[str, list[float]]] = {n: {t: [] for t in trees} for n in names}
    started = time.perf_counter()
    for r in range(args.rounds):
        order = list(trees) if r % 2 == 0 else list(reversed(trees))
        for name in names:
            for label in order:
                times[name][label].append(run(trees[label], WORKLOADS[name]))
    print(f"load after: {load()} ({time.perf_counter() - started:.0f} s, {args.rounds} rounds)")
    print("| fly workload | after / before (CPU) | after, s CPU | before, s CPU |")
    print("| --- | --- | --- | --- |")
    for name in names:
        before = statistics.median(times[name]["before"])
        after = statistics.median(times[name]["after"])
        print(f"| `{name}` | {after / before:.2f} | {after:.3f} | {before:.3f} |")


if __name__ == "__main__":
    main()
