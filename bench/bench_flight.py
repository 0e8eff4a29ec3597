"""Flight reach as a whole process: this tree against another (issue 15 item 4).

Runs ``footfall fly reach`` for an 80-ft flyer of average maneuverability 30 ft up facing E
(a move, and ``--action double-move``) as child processes, each tree's own sources
(``PYTHONPATH=<tree>/src``), the trees interleaved (before, after, after, before, ...), and
reports the children's CPU time (user + system, from ``os.wait4``), less noisy than wall
time on a shared machine, with the load average before and after. Ratios first.

    git worktree add --detach /tmp/before-flight main      # the version to compare against
    python3 bench/bench_flight.py --before /tmp/before-flight --main /work/main

``--main`` adds a third tree.

Each tree gets one untimed run of each workload first (the first run of a fresh tree
compiles its numba kernels into its ``__pycache__``). A run that exits non-zero (a refusal,
``LimitError``) is listed as refused with its time. ``--floor`` adds the interpreter alone,
``import numba`` and ``import footfall.cli`` (the part of any run no search can remove).
``--kernel`` times, in this process and interleaved, the compiled search alone (rule machine
cached) with the former kernel (`reach_kernel`, the tests' reference), the new one without
the mirror and without shedding (the reference's labels), with the mirror alone (session 3),
and with both (what ``fly reach`` runs); then the rule machine built and read back.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent

WORKLOADS: dict[str, list[str]] = {
    "move": ["fly", "reach", "--speed", "80", "-m", "average", "--alt", "30", "--facing", "E"],
    "double-move": [
        "fly", "reach", "--speed", "80", "-m", "average", "--alt", "30", "--facing", "E",
        "--action", "double-move",
    ],
}  # fmt: skip

FLOOR: dict[str, list[str]] = {
    "python -c pass": ["-c", "pass"],
    "import numba": ["-c", "import numba"],
    "import footfall.cli": ["-c", "import footfall.cli"],
}


def run(tree: Path, argv: list[str], *, module: bool = True) -> tuple[float, float, int]:
    """Run ``python -m footfall ARGV`` (or ``python ARGV``) in `tree`; return (CPU s, wall s,
    exit status)."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    # As an installed command runs: keeping __pycache__ (the stored rule machine, the kernel
    # module). With PYTHONDONTWRITEBYTECODE set, each run built its rule machine again.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [sys.executable, *(["-m", "footfall"] if module else []), *argv]
    started = time.perf_counter()
    child = subprocess.Popen(
        command, cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    return usage.ru_utime + usage.ru_stime, wall, os.waitstatus_to_exitcode(status)


def load() -> str:
    """Return the 1-, 5- and 15-minute load averages."""
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def kernels(rounds: int) -> None:
    """Print the compiled search's CPU time, reference / no mirror / mirror, interleaved."""
    from footfall.flight import FlightState, Flyer
    from footfall.flight.compiled import compiled_reach, warm_up
    from footfall.flight.model import OPEN_SKY
    from footfall.rules import Maneuverability, load_system

    system = load_system("dnd35")
    assert system.flight is not None
    warm_up()
    flyer = Flyer(80, system.flight.row(Maneuverability.AVERAGE))
    start = FlightState(0, 0, 30, 2, since_turn=5)  # as fly reach starts it (ready to turn)
    modes = {
        "reference": {"reference": True},
        "no mirror, no shed": {"symmetric": False, "shed": False},
        "mirror, no shed": {"shed": False},
        "mirror and shed": {},
    }
    print("\ncompiled search alone, in process, CPU s (median; rule machine cached):")
    for budget in (80, 160):
        spent: dict[str, list[float]] = {mode: [] for mode in modes}
        work: dict[str, int] = {}
        for _ in range(rounds):
            for mode, options in modes.items():
                started = time.process_time()
                found = compiled_reach(flyer, start, system, budget, OPEN_SKY, 10**8, **options)
                spent[mode].append(time.process_time() - started)
                assert found is not None
                work[mode] = found.work
        ref = statistics.median(spent["reference"])
        print(f"  {budget} ft:")
        for mode, runs in spent.items():
            median = statistics.median(runs)
            print(f"    {mode:<20} {median:6.2f} s {median / ref:5.2f}x {work[mode]:>11,} labels")
    assert system.tactical is not None
    machines(flyer, start, system.tactical.diagonal_costs, rounds)


def machines(flyer: Any, start: Any, diagonal: tuple[int, int], rounds: int) -> None:
    """Print the rule machine's CPU time: built in Python, and read from ``__pycache__``."""
    from footfall.flight.machine import build_machine, rule_machine
    from footfall.flight.model import raw

    print("\nrule machine, in process, CPU s (median): built / read back from __pycache__")
    for budget in (80, 160):
        args = (flyer, 5, diagonal, budget, raw(start))
        rule_machine(*args)  # stored, if it was not
        built, read = [], []
        for _ in range(rounds):
            started = time.process_time()
            build_machine(*args)
            built.append(time.process_time() - started)
            rule_machine.cache_clear()
            started = time.process_time()
            rule_machine(*args)
            read.append(time.process_time() - started)
        b, r = statistics.median(built), statistics.median(read)
        print(f"  {budget} ft: built {b:.3f} s, read {r:.3f} s ({r / b:.3f}x)")


def table(
    times: dict[tuple[str, str], list[tuple[float, float, int]]],
    names: list[str],
    labels: list[str],
) -> None:
    """Print each workload's CPU medians (and ranges) per tree, as ratios to the first tree."""
    first = labels[0]
    head = " ".join(f"{label + '/' + first:>18}" for label in labels[1:])
    print(f"{'workload':<12} {head} " + " ".join(f"{label:>24}" for label in labels))
    for name in names:
        medians = {label: statistics.median(t[0] for t in times[(label, name)]) for label in labels}

        def cell(runs: list[tuple[float, float, int]]) -> str:
            cpu = sorted(t[0] for t in runs)
            refused = sum(1 for t in runs if t[2] != 0)
            note = f" ({refused} refused)" if refused else ""
            return f"{statistics.median(cpu):.2f} ({cpu[0]:.2f}-{cpu[-1]:.2f}){note}"

        ratios = " ".join(f"{medians[label] / medians[first]:>18.2f}" for label in labels[1:])
        cells = " ".join(f"{cell(times[(label, name)]):>24}" for label in labels)
        print(f"{name:<12} {ratios} {cells}")


def main() -> None:
    """Measure, interleaved, and print ratios first."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, default=Path("/tmp/before-flight"))
    parser.add_argument("--main", type=Path, default=None, help="a third tree (e.g. /work/main)")
    parser.add_argument("--after", type=Path, default=HERE)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workloads", default=",".join(WORKLOADS))
    parser.add_argument("--floor", action="store_true")
    parser.add_argument("--kernel", action="store_true")
    parser.add_argument("--no-processes", action="store_true", help="skip the process runs")
    args = parser.parse_args()
    if args.kernel:
        print(f"load average before: {load()}")
        kernels(args.rounds)
        print(f"load average after:  {load()}")
    if args.no_processes:
        return
    names = args.workloads.split(",")
    trees = {"before": args.before.resolve()}
    if args.main is not None:
        trees["main"] = args.main.resolve()
    trees["after"] = args.after.resolve()
    for label, tree in trees.items():
        if not (tree / "src" / "footfall").is_dir():
            sys.exit(
                f"{label}: no footfall sources in {tree} (git worktree add --detach {tree} main)"
            )
    runs = dict(trees)
    print(f"load average before: {load()}")
    for tree in trees.values():  # untimed: compiles or loads each tree's kernels once
        for name in names:
            run(tree, WORKLOADS[name])
    times: dict[tuple[str, str], list[tuple[float, float, int]]] = {}
    order = [*runs, *reversed(runs)]
    for _ in range(args.rounds):
        for label in order:
            for name in names:
                times.setdefault((label, name), []).append(run(runs[label], WORKLOADS[name]))
    print(f"load average after:  {load()}")
    print(f"\n{2 * args.rounds} runs of each, CPU s (user + system) of the child")
    table(times, names, list(runs))
    print("\nwall s, median: " + ", ".join(
        f"{label} {name} {statistics.median(t[1] for t in done):.2f}"
        for (label, name), done in times.items()
    ))  # fmt: skip
    if args.floor:
        print("\nfloor (this tree, CPU s, median of 3):")
        for name, argv in FLOOR.items():
            cpu = statistics.median(run(trees["after"], argv, module=False)[0] for _ in range(3))
            print(f"  {name:<22} {cpu:.2f}")


if __name__ == "__main__":
    main()
