"""Start-up: what a fresh process imports for `import footfall`, the CLI and the HTTP API.

Not timed (a shared machine's times prove nothing): each check runs in a new interpreter and
lists the heavy libraries and footfall packages it loaded. What a process does not import it
cannot pay for; bench/bench_startup.py times the same processes (docs/benchmarks.md, "House
restructuring").
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import footfall

#: The footfall package under test (this checkout), first on the child's path.
_SRC = str(Path(footfall.__file__).resolve().parents[1])

#: Libraries and footfall packages a process loads only when it needs them.
HEAVY = (
    "numpy", "numba", "fastapi", "pydantic", "PIL", "icepool", "typer",
    "footfall.api", "footfall.flight", "footfall.imports", "footfall.render", "footfall.route",
    "footfall.rules", "footfall.scene", "footfall.tactical", "footfall.travel", "footfall.turns",
)  # fmt: skip


def _loaded_modules(code: str) -> set[str]:
    """Return every module that running `code` in a fresh interpreter imported."""
    script = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    env = {"PYTHONPATH": _SRC, "PATH": "/usr/bin:/bin", "COLUMNS": "80"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env
    )
    modules: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return set(modules)


def _loaded(code: str) -> set[str]:
    """Return the names of `HEAVY` that running `code` in a fresh interpreter imported."""
    return set(HEAVY) & _loaded_modules(code)


def _footfall_modules(code: str) -> set[str]:
    """Return every ``footfall`` module that running `code` in a fresh interpreter imported."""
    return {m for m in _loaded_modules(code) if m.split(".")[0] == "footfall"}


def _command(*args: str) -> str:
    """Return code that runs ``footfall ARGS`` as the console script does (its exit caught)."""
    return (
        "import contextlib, io\n"
        f"sys.argv = ['footfall', *{list(args)!r}]\n"
        "from footfall.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n        main()\n    except SystemExit as exit:\n"
        "        assert exit.code in (0, None), exit.code\n"
    )


def test_import_footfall_loads_no_library() -> None:
    """`import footfall` loads none of numpy, numba, fastapi, pydantic, PIL, icepool, typer,
    nor any footfall package beyond its facade."""
    assert _loaded("import footfall") == set()


def test_help_loads_no_engine() -> None:
    """`footfall --help` (every command registered) loads no engine, planner, server or
    numerical library: only the rules data, the scene reader and Typer."""
    assert _loaded(_command("--help")) == {"typer", "footfall.rules", "footfall.scene"}


def test_english_help_reads_no_catalog() -> None:
    """`footfall --help` in English shows the source texts: the message catalogs (300 KB of
    TOML) are not parsed; `--lang ru` reads them."""
    code = "from footfall.i18n import catalog\nprint(json.dumps([catalog.cache_info().currsize]))"
    for args, parsed in ((["--help"], 0), (["--help", "--lang", "ru"], 1)):
        script = f"import json, sys\n{_command(*args)}{code}"
        env = {"PYTHONPATH": _SRC, "PATH": "/usr/bin:/bin", "COLUMNS": "80"}
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env
        )
        assert json.loads(done.stdout.strip().splitlines()[-1]) == [parsed], args


def test_rates_loads_only_the_rates() -> None:
    """`footfall rates pf1e --speed 30` loads the rules and the rates, nothing else heavy: not
    pydantic either (Typer's coercion of plain options is footfall.cli.quick's)."""
    assert _loaded(_command("rates", "pf1e", "--speed", "30")) == {"typer", "footfall.rules"}


#: `footfall odds` over 256 checks (issue 15, item 5: bench/bench_odds.py).
_ODDS = ("odds", "pf1e", "--forced-march", "16", "--days", "16", "--con-mod", "2")

#: A hex map of 50 x 40 cells (2000, issue 15 item 5's size): plains, forest, hills, a road.
_HEX_MAP = "grid: hex\ncell: 1 mi\nlegend:\n  . = plains trackless\n  f = forest trackless\n" + (
    "  h = hills trackless\n  - = plains road\nrows:\n"
    + "".join(f"  {('.fh' * 17)[r % 3 :][:49]}-\n" for r in range(40))
)


@pytest.mark.parametrize("tail", [("--json",), ()], ids=["json", "text"])
def test_odds_loads_no_array_nor_dice_library(tail: tuple[str, ...]) -> None:
    """`footfall odds` (256 checks, JSON or text) loads the rules and the odds: no numpy, no
    icepool (the exact odds are footfall.dice's integer counts), no numba, no grid engine, no
    pydantic; of the journeys, the odds and what they price (no planner, no journey files)."""
    code = _command(*_ODDS, *tail)
    assert _loaded(code) == {"typer", "footfall.rules", "footfall.travel"}
    travel = {m for m in _footfall_modules(code) if m.startswith("footfall.travel.")}
    assert travel.isdisjoint({"footfall.travel.planner", "footfall.travel.files"}), travel


@pytest.mark.parametrize("tail", [("--json",), ()], ids=["json", "text"])
def test_route_loads_no_array_library(tail: tuple[str, ...], tmp_path: Path) -> None:
    """`footfall route` on a 2000-cell hex map searches plain lists (`footfall.route_lists`):
    no numpy, no grid engine (`footfall.tactical`), no numba, pydantic or planner."""
    path = tmp_path / "hex.txt"
    path.write_text(_HEX_MAP, encoding="utf-8")
    code = _command("route", str(path), "--from", "0,0", "--to", "49,39", "--speed", "30", *tail)
    assert _loaded(code) == {"typer", "footfall.rules", "footfall.route", "footfall.travel"}
    modules = _footfall_modules(code)
    assert "footfall.route_lists" in modules
    assert {"footfall.route_arrays", "footfall.travel.planner"}.isdisjoint(modules)


def test_tactical_package_is_a_facade() -> None:
    """`import footfall.tactical` (as `import footfall.tactical.search` does) imports none of
    its modules: each name loads its own on first use."""
    code = "import footfall.tactical\nprint(json.dumps(sorted(footfall.tactical.__all__)))"
    assert _footfall_modules(code) == {
        "footfall", "footfall.classcache", "footfall.lazy", "footfall.tactical",
    }  # fmt: skip


def test_import_footfall_api_builds_no_router() -> None:
    """`import footfall.api` is its facade: no FastAPI, no routers until a name is asked for."""
    assert _loaded("import footfall.api") == {"footfall.api"}


def test_create_app_loads_no_engine() -> None:
    """`create_app()` (what ``footfall serve`` builds) loads FastAPI and the routers but no
    engine nor the rules: the grid, flight, journeys, turns, maps, the systems' data and numpy
    load on their first request."""
    code = "from footfall.api import create_app\ncreate_app()"
    assert _loaded(code) == {"fastapi", "pydantic", "footfall.api"}


@pytest.mark.parametrize(
    ("module", "name", "library", "library_name"),
    [
        ("footfall.api.flight", "QUICK_PATH_WORK", "footfall.flight.reach", "QUICK_PATH_WORK"),
        ("footfall.api.journeys", "HOURS_IN_DAY", "footfall.travel", "HOURS_IN_DAY"),
    ],
)
def test_a_routers_copy_of_a_library_constant_agrees(
    module: str, name: str, library: str, library_name: str
) -> None:
    """A router writes a library constant out (importing it would load the engine at
    start-up): the two agree."""
    import importlib

    ours = getattr(importlib.import_module(module), name)
    assert ours == getattr(importlib.import_module(library), library_name)


def test_import_footfall_loads_no_dataclasses() -> None:
    """`import footfall` does not import `dataclasses` (nor `inspect`): the class cache waits
    for the first import of `dataclasses` to wrap it (footfall.classcache)."""
    code = (
        "import footfall\n"
        "print(json.dumps(['dataclasses' in sys.modules, 'inspect' in sys.modules]))"
    )
    env = {"PYTHONPATH": _SRC, "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", f"import json, sys\n{code}"],
        capture_output=True, text=True, check=True, env=env,
    )  # fmt: skip
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [False, False]


def test_import_footfall_cli_loads_no_languages() -> None:
    """`import footfall.cli` loads Typer and the errors, not the languages (`footfall.i18n`,
    the CLI's language and help modules), the option coercion nor any command's module."""
    assert _footfall_modules("import footfall.cli") == {
        "footfall", "footfall.classcache", "footfall.lazy", "footfall.cli", "footfall.errors",
    }  # fmt: skip


@pytest.mark.parametrize("tail", [("--json",), ()], ids=["json", "text"])
def test_odds_loads_only_its_command(tail: tuple[str, ...]) -> None:
    """`footfall odds` imports the module of its own command only: not the ``travel``
    command's (`footfall.cli.journeys.register_command`), nor another topic's."""
    modules = _footfall_modules(_command(*_ODDS, *tail))
    cli = {m for m in modules if m.startswith("footfall.cli.")}
    assert "footfall.cli.journeys.travel" not in cli
    assert {m.split(".")[2] for m in cli} == {"journeys", "language", "quick"}


def test_main_called_in_process_leaves_the_collector_as_it_was(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`footfall.cli.main` called from another program (a test) turns garbage collection off
    only while it starts, and leaves it on, with nothing frozen, as it found it (only the
    console script's own process freezes what is left as it ends)."""
    import gc

    from footfall.cli import main

    monkeypatch.setattr(sys, "argv", ["footfall", "odds", "pf1e", "--forced-march", "2", "--json"])
    main()
    assert json.loads(capsys.readouterr().out)["odds"]["p_no_fatigue_exact"] == "63/400"
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


#: An open-sky flight short enough for the Python search (or the kernel compiled ahead of time,
#: when built): no process in these checks compiles a kernel.
_SKY = ("--speed", "20", "-m", "average", "--alt", "30", "--facing", "E")


@pytest.mark.parametrize("tail", [("--json",), ()], ids=["json", "text"])
def test_fly_reach_in_the_open_sky_loads_no_scene(tail: tuple[str, ...]) -> None:
    """`footfall fly reach` in the open sky (issue 15 item 4) loads the rules, numpy and the
    flight search: no scene model nor its reader (footfall.cli.tactical), no Rich console, no
    grid engine, no pydantic, no verdict on a path."""
    code = _command("fly", "reach", *_SKY, *tail)
    assert _loaded(code) - {"numba"} == {"typer", "footfall.rules", "footfall.flight", "numpy"}
    modules = _footfall_modules(code)
    assert {"footfall.cli.tactical", "footfall.flight.verdict"}.isdisjoint(modules)
    assert "rich.console" not in _loaded_modules(code)


@pytest.mark.parametrize(
    "args",
    [
        ("check", *_SKY, "--steps", "f r90 d10 d10 d5 f5"),
        ("check", *_SKY, "--steps", "f r90 d10", "--json"),
        ("stall", "--alt", "600", "--reflex", "6", "--rounds", "3"),
        ("stall", "--alt", "600", "--json"),
        ("table",),
        ("table", "--json"),
    ],
    ids=["check", "check-json", "stall", "stall-json", "table", "table-json"],
)
def test_fly_check_stall_and_table_load_no_search(args: tuple[str, ...]) -> None:
    """`fly check` (open sky), `fly stall` and `fly table` load the rules and the flight rules
    alone: no search, no numpy (nor numba), no scene."""
    code = _command("fly", *args)
    assert _loaded(code) == {"typer", "footfall.rules", "footfall.flight"}
    modules = _footfall_modules(code)
    assert {"footfall.flight.reach", "footfall.flight.machine"}.isdisjoint(modules)


def test_fly_path_found_quickly_loads_no_array_library() -> None:
    """`fly path` that the path search finds within its quick work (the docs' griffon) runs in
    Python alone: no numpy, no compiled search."""
    code = _command("fly", "path", *_SKY[:4], "--alt", "30", "--facing", "E", "--to", "1,2,5")
    assert _loaded(code) == {"typer", "footfall.rules", "footfall.flight"}
    assert "footfall.flight.compiled" not in _footfall_modules(code)


def test_fly_reach_on_a_scene_loads_the_scene() -> None:
    """`fly reach` on a scene still reads it (the scene model and reader load then)."""
    code = _command("fly", "reach", "dnd35-canyon-squeeze", "--mover", "stirge", "--facing", "W")
    assert {"footfall.scene", "footfall.flight"} <= _loaded(code)
