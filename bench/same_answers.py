"""Check that two versions of footfall print the same answers: every documented command.

Not a test: it runs each ``$ footfall odds|travel|chase|route|rates|tables ...`` line of
README*.md and docs/ (and its ``--json`` form, its ``--help``, and a few refusals) in both
trees, as processes with ``PYTHONPATH=<tree>/src`` in one scratch directory, and compares
stdout, stderr and the exit status byte for byte::

    python3 bench/same_answers.py /work/main .

Prints each difference and the count of commands compared; exit status 1 if any differ.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

COMMANDS = ("odds", "travel", "chase", "route", "rates", "tables")

#: Refusals and corners the docs do not show (bad values, limits, languages).
EXTRA = [
    "--help",
    "odds --help",
    "odds pf1e --forced-march 16 --days 16 --con-mod 2",
    "odds pf1e --forced-march 16 --days 16 --con-mod 2 --json",
    "odds dh2e --hustle 16 --days 16 --toughness 40 --toughness-bonus 1 --json",
    "odds pf1e --forced-march 16 "
    + " ".join(f"--member name=m{i},con={i - 3:+d}" for i in range(16)),
    "odds pf1e --forced-march 17 --days 16",
    "odds pf1e --forced-march x",
    "odds pf1e --bogus 1",
    "odds xx --forced-march 2",
    "odds pf1e --forced-march 2 --lang de",
    "odds pf1e --forced-march 2 --mount light-horse --json",
    "rates pf1e --speed 31",
    "rates pf1e --speed -5 --lang ru",
    "chase pf1e --pursuer speed=x --quarry speed=30",
    "route hexes --from 0,0 --to 99,99 --speed 30",
    "travel pf1e --speed 30 --leg '24 mi nowhere'",
    "travel pf1e --speed 30 --leg '24 mi forest trackless' --json",
    "--lang zh odds pf1e --forced-march 3",
    "version",
]


def doc_commands(root: Path) -> list[str]:
    """Every documented ``$ footfall COMMAND ...`` line of `COMMANDS`, without the ``$``."""
    found: set[str] = set()
    files = [*root.glob("README*.md"), *root.joinpath("docs").rglob("*.md")]
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            match = re.match(r"^\$ footfall (\S+)(.*)$", line.strip())
            if match and match.group(1) in COMMANDS:
                found.add((match.group(1) + match.group(2)).split("  #")[0].strip())
    return sorted(found)


def run(tree: Path, args: list[str], cwd: str) -> tuple[int, bytes, bytes]:
    """Run ``python -m footfall ARGS`` on `tree`'s sources."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"), COLUMNS="80", FOOTFALL_LANG="")
    env.pop("FOOTFALL_LANG")
    done = subprocess.run(
        [sys.executable, "-m", "footfall", *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        check=False,
        timeout=300,
    )
    return done.returncode, done.stdout, done.stderr


def main() -> None:
    """Compare every command in the two trees; exit 1 on any difference."""
    old, new = (Path(p).resolve() for p in sys.argv[1:3])
    lines = doc_commands(new)
    lines += [f"{line} --json" for line in lines if "--json" not in line and "--roll" not in line]
    lines += [f"{line.split()[0]} --help" for line in lines]
    lines += EXTRA
    lines = sorted(set(lines))
    differ = 0
    with tempfile.TemporaryDirectory() as scratch:
        for line in lines:
            args = shlex.split(line)
            a, b = run(old, args, scratch), run(new, args, scratch)
            if a != b:
                differ += 1
                print(f"DIFFER: footfall {line}\n  old {a!r:.300}\n  new {b!r:.300}")
    print(f"{len(lines)} commands compared, {differ} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
