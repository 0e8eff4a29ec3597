"""The first big squeezed reach in a fresh process after ``footfall warm-up``: this tree vs another.

A huge pf1e mover beside a lone wall square with a 300-ft move (two placements of its squeezed
positions, RULES 1.5: a layered search of 58,564 states, over `placements._SMALL_NODES`, so it
runs compiled). Each round runs, per tree, a fresh ``python -c`` that parses the scene and asks
`reachable` once, and a fresh ``footfall reach SCENE --mover g`` process; the trees interleaved,
the order reversed every round. ``footfall warm-up`` is run in each tree first (built once).
CPU is user + system of the child from ``os.wait4``; "numba" says whether the library process
imported it.

    python bench/bench_squeeze_cold.py --other /tmp/aot2-main --rounds 5
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

TREE = Path(__file__).resolve().parent.parent

_REACH = """
import json, sys
from footfall.scene import parse_scene
from footfall.tactical import reachable
scene = parse_scene(json.load(open(sys.argv[1])))
assert len(reachable(scene, "g").costs) > 0
print(json.dumps({"numba": "numba" in sys.modules}))
"""


def big_squeeze(size: int = 140, speed: int = 300) -> dict[str, object]:
    """The scene of tests/test_aot.py's `big_squeeze`."""
    c = size // 2
    rows = ["." * size for _ in range(size)]
    rows[c + 1] = "." * (c + 3) + "#" + "." * (size - c - 4)
    huge = {"id": "g", "at": [c, c], "size": "huge", "side": "party", "speed": speed}
    return {"footfall": 1, "system": "pf1e", "map": rows, "creatures": [huge]}


def run(tree: Path, args: list[str]) -> tuple[float, str]:
    """Run ``python ARGS`` on `tree`'s sources; return (CPU s, stdout)."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    env.pop("FOOTFALL_AOT", None)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([sys.executable, *args], env=env, cwd=tree, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            err.seek(0)
            raise RuntimeError(f"{args} failed in {tree}: {err.read().decode()[-600:]}")
        out.seek(0)
        return usage.ru_utime + usage.ru_stime, out.read().decode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", type=Path, required=True, help="another checkout (main)")
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    trees = {"this": TREE, "other": options.other.resolve()}
    for tree in trees.values():
        run(tree, ["-m", "footfall", "warm-up"])
    with tempfile.TemporaryDirectory() as scratch:
        scene = Path(scratch, "squeeze.json")
        scene.write_text(json.dumps(big_squeeze()))
        measures = {
            "reachable, fresh process (library)": ["-c", _REACH, str(scene)],
            "footfall reach (process)": ["-m", "footfall", "reach", str(scene), "--mover", "g"],
        }
        cpu: dict[tuple[str, str], list[float]] = {}
        numba: dict[str, set[bool]] = {name: set() for name in trees}
        for i in range(options.rounds):
            order = list(trees) if i % 2 == 0 else list(reversed(trees))
            for measure, args in measures.items():
                for name in order:
                    seconds, out = run(trees[name], args)
                    cpu.setdefault((measure, name), []).append(seconds)
                    if measure.startswith("reachable"):
                        numba[name].add(json.loads(out.strip().splitlines()[-1])["numba"])
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("| CPU s, median of rounds | this | other | this / other |")
    print("| --- | ---: | ---: | ---: |")
    for measure in measures:
        mine = statistics.median(cpu[(measure, "this")])
        theirs = statistics.median(cpu[(measure, "other")])
        print(f"| {measure} | {mine:.3f} | {theirs:.3f} | {mine / theirs:.2f} |")
    print(f"| numba imported (library process) | {sorted(numba['this'])} "
          f"| {sorted(numba['other'])} | |")  # fmt: skip


if __name__ == "__main__":
    main()
