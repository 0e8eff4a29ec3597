"""Benchmark exact exertion odds at the 256-check limit, against another version of footfall.

Run from the repository root::

    git worktree add /tmp/before main           # the version to compare against
    python bench/bench_odds.py --before /tmp/before --rounds 5

Each workload is timed in both trees, interleaved (bench/compare.py), two ways:

- **call**: CPU seconds (``time.process_time``) of one `footfall.travel.exertion_odds` call
  in a child process on that tree's sources, after the imports and one call for a small
  case (so that the system file is read): the computation alone;
- **process**: CPU seconds (user + system) of the whole command ``python -m footfall odds
  ... --json`` as a child: start-up, imports, computation and JSON; beside it the CPU of
  ``python -c "import footfall.cli"``, the floor of any command.

Workloads (each exactly `Limits.odds_checks` = 256 checks): a lone pf1e marcher, 16 days of
16 forced hours at Con +2; a party of 16 (Con -3..+12), 16 forced hours for one day; a lone
dh2e hustler, 16 h a day at TB 1 for 16 days. Prints ratios first (new / old), then the
times, with the machine's load average. Results: docs/benchmarks-route.md, "Odds", and
docs/benchmarks.md, "Issue 15 item 5" (run with ``env -u PYTHONDONTWRITEBYTECODE`` on
compiled trees: the dataclass and system stores are kept beside the bytecode).
"""

from __future__ import annotations

import argparse
import functools
import json
import platform
from pathlib import Path

from compare import (
    child_cpu,
    interleave,
    load_average,
    parse_json_line,
    report,
    warn_without_bytecode,
)

MEMBERS = [f"name=m{i},con={i - 3:+d}" for i in range(16)]

WORKLOADS: dict[str, tuple[str, dict[str, object], list[str]]] = {
    "pf1e lone, 16 days x 16 h": (
        "pf1e",
        {"forced_march": 16, "days": 16, "con_mod": 2},
        ["odds", "pf1e", "--forced-march", "16", "--days", "16", "--con-mod", "2"],
    ),
    "pf1e party of 16, 16 h": (
        "pf1e",
        {"forced_march": 16, "days": 1, "party": [(f"m{i}", i - 3) for i in range(16)]},
        ["odds", "pf1e", "--forced-march", "16"] + [a for m in MEMBERS for a in ("--member", m)],
    ),
    "dh2e lone, 16 days x 16 h": (
        "dh2e",
        {"hustle": 16, "days": 16, "toughness": 40, "toughness_bonus": 1},
        [
            "odds",
            "dh2e",
            "--hustle",
            "16",
            "--days",
            "16",
            "--toughness",
            "40",
            "--toughness-bonus",
            "1",
        ],
    ),
}

CALL = """
import json, sys, time
from footfall.travel import Member, exertion_odds
system, kwargs = sys.argv[1], json.loads(sys.argv[2])
if "party" in kwargs:
    kwargs["party"] = tuple(Member(n, c) for n, c in kwargs["party"])
exertion_odds(system, forced_march=1) if system != "dh2e" else exertion_odds(
    system, hustle=4, toughness=40)
started = time.process_time()
result = exertion_odds(system, **kwargs)
print(json.dumps({"call": time.process_time() - started}))
"""


def main() -> None:
    """Time every workload in this tree and `--before`, interleaved, and print the tables."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", type=Path, required=True, help="the other version's tree")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    new, old = Path.cwd(), args.before.resolve()
    print(f"python {platform.python_version()}, {platform.machine()}, {platform.node()}")
    print(f"new: {new}, old: {old}; load average at start {load_average()}")
    warn_without_bytecode(new, old)
    for name, (system, kwargs, cli) in WORKLOADS.items():
        run = functools.partial(_run, system=system, kwargs=kwargs, cli=cli)
        report(interleave([new, old], args.rounds, run), new, old, name)


def _run(tree: Path, *, system: str, kwargs: dict[str, object], cli: list[str]) -> dict[str, float]:
    """Time one workload in `tree`: the call, the whole command, and ``import footfall.cli``."""
    call = parse_json_line(child_cpu(tree, ["-c", CALL, system, json.dumps(kwargs)])[2])
    process, _wall, _out = child_cpu(tree, ["-m", "footfall", *cli, "--json"])
    floor, _wall, _out = child_cpu(tree, ["-c", "import footfall.cli"])
    return {"call (CPU)": call["call"], "process (CPU)": process, "import footfall.cli": floor}


if __name__ == "__main__":
    main()
