"""The footfall command's dispatch: each command is found in the module COMMAND_HOMES names."""

from __future__ import annotations

import subprocess
import sys

import pytest
import typer

from footfall.cli import COMMAND_HOMES, COMMAND_MODULES, app, build_app


def _names(built: typer.Typer) -> set[str]:
    names = {
        info.name or (info.callback.__name__ if info.callback else "")
        for info in built.registered_commands
    }
    names |= {group.name or "" for group in built.registered_groups}
    return names


def test_command_homes_cover_every_command() -> None:
    """COMMAND_HOMES names every command of the full app, and nothing else."""
    assert _names(app) - {"version"} == set(COMMAND_HOMES)


@pytest.mark.parametrize("module", COMMAND_MODULES)
def test_each_module_registers_its_commands(module: str) -> None:
    """A module registers exactly the commands COMMAND_HOMES assigns to it."""
    expected = {command for command, home in COMMAND_HOMES.items() if home == module}
    assert _names(build_app((module,))) - {"version"} == expected


def test_reach_does_not_import_the_journey_planner() -> None:
    """`footfall reach` loads only the tactical commands (start-up time, bench/README.md)."""
    code = (
        "import sys\n"
        "sys.argv = ['footfall', 'reach', 'pf1e-ogre-bridge', '--mover', 'ogre', '--json']\n"
        "from footfall.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('LOADED', 'footfall.travel' in sys.modules, 'footfall.api' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "LOADED False False"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["rates", "pf1e", "extra"], "unexpected extra argument"),
        (["rates", "pf1e", "--bogus"], "No such option: --bogus"),
        (["reach"], "Missing argument 'SCENE'"),
        (["travel", "pf1e", "--speed", "30", "--leg"], "'--leg' requires an argument"),
        (["serve", "--port", "99999"], "'--port'"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(args: list[str], says: str) -> None:
    """A usage error Typer catches is one `footfall: error:` line naming it, with exit 2."""
    out = subprocess.run(
        [sys.executable, "-m", "footfall", *args], capture_output=True, text=True, check=False
    )
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("footfall: error: ")
    assert says in lines[0] and "--help'" in lines[0]
    assert out.stdout == ""


def test_an_input_error_from_a_command_exits_2() -> None:
    """A command's own one-line error (its `fail` or an InputError) exits 2 as a program."""
    out = subprocess.run(
        [sys.executable, "-m", "footfall", "rates", "pf1e", "--speed", "abc"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        "footfall: error: --speed must be a whole number, got 'abc'"
    ]


@pytest.mark.parametrize("args", [[], ["fly"]])
def test_a_bare_command_prints_its_help_once(args: list[str]) -> None:
    """`footfall` or `footfall fly` alone prints the help once (not twice) and exits 2."""
    out = subprocess.run(
        [sys.executable, "-m", "footfall", *args], capture_output=True, text=True, check=False
    )
    assert out.returncode == 2
    assert (out.stdout + out.stderr).count("Usage: ") == 1
    assert "Traceback" not in out.stderr
