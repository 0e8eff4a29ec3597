"""The kernels compiled ahead of time (`footfall.aot`) against numba's JIT kernels.

The same Python source compiled two ways must give the same answers on random small problems
(the grid search, its JSON row writer, the flight search); a module that is missing, stale or
corrupt must leave the JIT in charge with at most one line on stderr; a process that finds the
modules built must not import numba; and the signatures declared in `footfall.aot.KERNELS`
must be the ones the JIT compiles for the queries (issue 15, items 1, 4 and 7).

The modules are built once (`built`, about 10-20 s CPU when missing; scripts/test and .ci/run
build them with ``footfall warm-up`` before the suite).
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from tests.tactical.test_properties import SQUEEZE_CHECKS, squeeze_scenes
from tests.tactical.test_squeeze_placements import SEED_4, SEED_4_ROUGH, _layered

import footfall
from footfall import aot
from footfall.flight import compiled as flight_compiled
from footfall.flight.compiled import KernelEnds, compiled_reach
from footfall.flight.model import OPEN_SKY, Airspace, FlightState
from footfall.flight.space import BandedAirspace, scene_flyer
from footfall.limits import LIMITS
from footfall.rules import Maneuverability, load_system
from footfall.scene import Scene, parse_scene
from footfall.tactical import placements, search
from footfall.tactical.plans import Ask, planned
from footfall.tactical.search import INF, StepGraph, _Prepared, _run_compiled
from helpers import strategies
from helpers.flight import bat_cave, dnd35_flyer
from helpers.tactical_scenes import edge_exits

_SRC = str(Path(footfall.__file__).resolve().parents[1])
DND35 = load_system("dnd35")


@pytest.fixture(scope="module")
def built() -> dict[str, Path]:
    """Build the modules that are missing (none when ``footfall warm-up`` ran) and return them.

    Skipped only when this numba has no ``numba.pycc`` (its removal: docs/decisions.md)."""
    if importlib.util.find_spec("numba.pycc") is None:  # pragma: no cover - a future numba
        pytest.skip("this numba has no numba.pycc: the kernels run on the JIT only")
    done = aot.build()
    assert [b.error for b in done] == [None] * len(done)
    aot.forget()
    return {b.name: b.path for b in done if b.path is not None}


def _aot(function: str) -> Callable[..., Any]:
    found = aot.kernel(function)
    assert found is not None, f"{function} is not compiled ahead of time"
    return found


# ------------------------------------------------------------------------ the grid kernel


@st.composite
def _problems(draw: st.DrawFn) -> tuple[StepGraph, list[tuple[int, int, int, int]], int, Any]:
    """Draw a small grid problem: classes (-1 walls), exits, costs (0 and forbidden steps
    too), next states, 1-3 sources, a budget (or none) and maybe a target."""
    height, width = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    n_states, n_classes = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    area = height * width
    cells = st.lists(st.integers(-1, n_classes - 1), min_size=area, max_size=area)
    square_class = np.array(draw(cells), dtype=np.int16).reshape(height, width)
    bits = st.lists(st.integers(0, 255), min_size=area, max_size=area)
    exits = np.array(draw(bits), dtype=np.uint8).reshape(height, width) & edge_exits(height, width)
    n = n_states * 2 * n_classes
    cost = np.array(draw(st.lists(st.integers(-1, 4), min_size=n, max_size=n)), dtype=np.int32)
    nxt = np.array(draw(st.lists(st.integers(0, n_states - 1), min_size=n, max_size=n)), np.int8)
    graph = StepGraph(
        square_class, exits, cost.reshape(n_states, 2, n_classes), nxt.reshape(n_states, 2, -1)
    )
    source = st.tuples(
        st.integers(0, width - 1),
        st.integers(0, height - 1),
        st.integers(0, n_states - 1),
        st.integers(0, 3),
    )
    sources = draw(st.lists(source, min_size=1, max_size=3))
    budget = draw(st.sampled_from((0, 2, 5, 12, INF - 1)))
    target = draw(st.none() | st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)))
    return graph, sources, budget, target


@settings(max_examples=150, deadline=None)
@given(_problems())
def test_grid_kernel_matches_the_jit(
    built: dict[str, Path], problem: tuple[StepGraph, list[Any], int, Any]
) -> None:
    """On random small grids the compiled-ahead `dial` gives the JIT's very `dist` and
    `parent` (the same cheapest path among equal ones), targets and zero costs included."""
    graph, sources, budget, target = problem
    answers = []
    for kernel in (_aot("dial"), aot.jit("dial")):
        job = _Prepared(graph, sources, budget, target)
        if job.source_cost.shape[0] == 0:
            return
        _run_compiled(kernel, job, budget)
        answers.append((job.dist, job.parent))
    (dist_a, parent_a), (dist_j, parent_j) = answers
    np.testing.assert_array_equal(dist_a, dist_j)
    np.testing.assert_array_equal(parent_a, parent_j)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(*[st.integers(0, 2**62)] * 4), max_size=30))
def test_row_writer_matches_the_jit(built: dict[str, Path], rows: list[Any]) -> None:
    """The compiled-ahead JSON row writer writes the JIT's bytes (large numbers too)."""
    columns = []
    for column in zip(*rows, strict=True) if rows else [()] * 4:
        array = np.array(column, dtype=np.int64)
        array.flags.writeable = False
        columns.append(array)
    assert bytes(_aot("rows")(*columns)) == bytes(aot.jit("rows")(*columns))


# ------------------------------------------------------------------------ the layered kernel


@contextlib.contextmanager
def _layered_kernel(kernel: Callable[..., Any]) -> Iterator[None]:
    """Make `footfall.tactical.placements` run the layered search on `kernel` for a while."""
    saved = placements._compiled
    placements._compiled = kernel
    try:
        yield
    finally:
        placements._compiled = saved


@settings(max_examples=25, deadline=None, suppress_health_check=SQUEEZE_CHECKS)
@given(squeeze_scenes())
@example(case=(SEED_4, "c0", "move"))
@example(case=(SEED_4_ROUGH, "c0", "double-move"))
def test_layered_kernel_matches_the_jit(
    built: dict[str, Path], case: tuple[Scene, str, str]
) -> None:
    """On random squeezed movers (two placements per position: RULES 1.5) the compiled-ahead
    layered search gives the JIT's very `dist` and `parent`."""
    found = _layered(*case)
    if found is None:
        return
    graph, source = found
    budget = planned(case[0], case[1], Ask(case[2], None, None, None, None, LIMITS)).policy.budget
    answers = []
    for kernel in (_aot("layered_dijkstra"), aot.jit("layered_dijkstra")):
        with _layered_kernel(kernel):
            answers.append(placements._search(graph, [source], budget, None, "compiled"))
    ahead, jit = answers
    np.testing.assert_array_equal(ahead.dist, jit.dist)
    np.testing.assert_array_equal(ahead.parent, jit.parent)
    assert (ahead.dist < INF).any()


# ------------------------------------------------------------------------ the flight kernel


@contextlib.contextmanager
def _flight_kernel(kernel: Callable[..., int]) -> Iterator[None]:
    """Make `footfall.flight.compiled.kernel` return `kernel` for a while."""
    saved = list(flight_compiled._loaded)
    flight_compiled._loaded[:] = [kernel]
    try:
        yield
    finally:
        flight_compiled._loaded[:] = saved


def _both_flights(flyer: Any, start: FlightState, budget: int, space: Airspace) -> list[Any]:
    found: list[KernelEnds | None] = []
    for kernel in (_aot("settle_kernel"), aot.jit("settle_kernel")):
        with _flight_kernel(kernel):
            found.append(compiled_reach(flyer, start, DND35, budget, space, 10_000_000))
    return found


@st.composite
def _flight_scenes(draw: st.DrawFn) -> tuple[dict[str, Any], FlightState]:
    """Draw a small dnd35 scene: walls, maybe a ceiling, a flyer aloft and a hero below."""
    width, height = draw(st.integers(3, 6)), draw(st.integers(3, 6))
    rows = ["".join(draw(st.sampled_from("....#")) for _ in range(width)) for _ in range(height)]
    x, y = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
    rows[y] = rows[y][:x] + "." + rows[y][x + 1 :]
    alt = draw(st.sampled_from((0, 5, 10, 20)))
    fly = {
        "speed": draw(st.sampled_from((10, 20, 30))),
        "maneuverability": draw(strategies.maneuverabilities("dnd35")),
    }
    flyer = {"id": "flyer", "at": [x, y], "size": "medium", "side": "foes", "speed": 5}
    scene: dict[str, Any] = {
        "footfall": 1,
        "system": "dnd35",
        "map": rows,
        "creatures": [{**flyer, "fly": fly, "alt": alt}],
    }
    if draw(st.booleans()):
        scene["ceiling_ft"] = alt + 10
    ox, oy = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
    if (ox, oy) != (x, y) and rows[oy][ox] == ".":
        hero = {"id": "hero", "at": [ox, oy], "size": "medium", "side": "party", "speed": 30}
        scene["creatures"].append(hero)
    return scene, FlightState(x, y, alt, draw(st.integers(0, 7)))


@settings(max_examples=40, deadline=None)
@given(_flight_scenes())
def test_flight_kernel_matches_the_jit_on_scenes(
    built: dict[str, Path], drawn: tuple[dict[str, Any], FlightState]
) -> None:
    """On random small scenes (walls, ceiling, a creature) the compiled-ahead flight kernel
    lists the JIT's ends, costs and work."""
    data, start = drawn
    _, flyer, space, me = scene_flyer(parse_scene(data), "flyer")
    assert me.fly is not None
    ahead, jit = _both_flights(flyer, start, me.fly.speed, space)
    assert ahead == jit and ahead is not None


@settings(max_examples=30, deadline=None)
@given(
    strategies.flight_classes("dnd35"),
    st.sampled_from((10, 20, 30)),
    st.sampled_from((0, 5, 15)),
    st.integers(0, 7),
    st.sampled_from((None, (0, 10), (5, 25))),
)
def test_flight_kernel_matches_the_jit_on_the_open_sky(
    built: dict[str, Path],
    cls: Maneuverability,
    budget: int,
    alt: int,
    facing: int,
    band: tuple[int, int] | None,
) -> None:
    """On the open sky (the mirror search; maybe banded) both list the same ends and work."""
    space: Airspace = OPEN_SKY if band is None else BandedAirspace(OPEN_SKY, *band)
    if band is not None and not band[0] <= alt <= band[1]:
        alt = band[0]
    ahead, jit = _both_flights(
        dnd35_flyer(cls, budget), FlightState(0, 0, alt, facing), budget, space
    )
    assert ahead == jit and ahead is not None


# ------------------------------------------------------------------------ signatures


def big_squeeze(size: int = 140, speed: int = 300) -> dict[str, Any]:
    """Return a pf1e scene of a huge mover beside a lone wall square (two placements of its
    squeezed positions: RULES 1.5) whose layered search is over `placements._SMALL_NODES`
    (a 300-ft move: 2 x 2 states x 121 x 121 squares), so that it runs compiled."""
    c = size // 2
    rows = ["." * size for _ in range(size)]
    rows[c + 1] = "." * (c + 3) + "#" + "." * (size - c - 4)
    huge = {"id": "g", "at": [c, c], "size": "huge", "side": "party", "speed": speed}
    return {"footfall": 1, "system": "pf1e", "map": rows, "creatures": [huge]}


def _big_squeeze_reaches(scene: Scene) -> int:
    """Return how many squares the huge mover of `big_squeeze` reaches, checking that its
    search is layered and large enough to run compiled."""
    from footfall.tactical import reachable

    plan = planned(scene, "g", Ask("move", None, None, None, None, LIMITS))
    graph = plan.graph()
    assert isinstance(graph, placements.LayeredGraph)
    assert 2 * graph.n_states * graph.height * graph.width > placements._SMALL_NODES
    return len(reachable(scene, "g").costs)


def test_declared_signatures_are_the_ones_the_jit_compiles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`KERNELS` declares, per kernel, the one signature the JIT compiles for `warm_up`, a
    large squeezed mover's reach and a whole-map JSON answer: a query never needs another one
    (issue 15, item 7)."""
    from footfall.flight import compiled as fc
    from footfall.scene import load_sample
    from footfall.tactical import encode, reachable
    from footfall.tactical.encode import squares_bytes

    monkeypatch.setenv("FOOTFALL_AOT", "0")
    monkeypatch.setattr(search, "_compiled", None)
    monkeypatch.setattr(placements, "_compiled", None)
    monkeypatch.setattr(fc, "_loaded", [])
    search.warm_up()
    placements.warm_up()
    fc.warm_up()
    assert _big_squeeze_reaches(parse_scene(big_squeeze()))
    _, flyer, space, _ = scene_flyer(parse_scene(bat_cave(30)), "bat")
    assert compiled_reach(flyer, FlightState(0, 1, 5, 2), DND35, 30, space, 10**6) is not None
    reachable(load_sample("pf1e-ogre-bridge"), "ogre")
    monkeypatch.setattr(encode, "_COMPILED_ROWS", 1)
    xs = np.arange(3, dtype=np.int64)
    squares_bytes(xs, xs, xs, xs)
    for exports in aot.KERNELS.values():
        for export in exports:
            dispatcher: Any = aot.jit(export.function)
            assert list(dispatcher.signatures) == [aot._signature(export)], export.function


# ------------------------------------------------------------------------ falling back


def _sample_job() -> _Prepared:
    graph = StepGraph(
        np.zeros((3, 4), dtype=np.int16),
        edge_exits(3, 4),
        np.ones((1, 2, 1), dtype=np.int32),
        np.zeros((1, 2, 1), dtype=np.int8),
    )
    return _Prepared(graph, [(0, 0, 0, 0)], 10, None)


@pytest.fixture
def fresh() -> Iterator[None]:
    """Forget the modules loaded before and after the test (it breaks or hides them)."""
    aot.forget()
    yield
    aot.forget()


def test_a_missing_module_leaves_the_jit(
    fresh: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """No module in any folder: no kernel compiled ahead of time, nothing printed."""
    monkeypatch.setattr(aot, "folders", lambda: [tmp_path])
    assert aot.kernel("dial") is None and aot.status() == {"tactical": None, "flight": None}
    assert aot.load("dial") is aot.jit("dial")
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("lang", "start"),
    [
        ("en", "footfall: grid search kernels: not compiled ahead of time"),
        ("ru", "footfall: ядра поиска по сетке: заранее скомпилированной сборки нет"),
        ("zh", "footfall:网格搜索内核:尚未预先编译"),
    ],
)
def test_the_command_line_hints_at_warm_up_once(
    fresh: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: Any,
    lang: str,
    start: str,
) -> None:
    """As the command line sets it (`footfall.notices`), a search that starts the JIT for want
    of a built module says so once per module and process, in the user's language, naming
    ``footfall warm-up`` (the first such search of a fresh install compiles for seconds)."""
    from footfall import notices

    monkeypatch.setattr(aot, "folders", lambda: [tmp_path])
    monkeypatch.setattr(notices, "jit_hint", True)
    monkeypatch.setattr(notices, "lang", lang)
    assert aot.kernel("dial") is None and aot.kernel("rows") is None
    assert aot.kernel("settle_kernel") is None
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2 and all("footfall warm-up" in line for line in lines), lines
    assert lines[0].startswith(start), lines


def test_the_command_line_leaves_the_library_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    """`footfall.cli.main` called from a program restores `footfall.notices` as it ends: the
    library's defaults (English, no hint) hold after it."""
    from footfall import notices
    from helpers.cli import run_main

    status, out, _ = run_main(["footfall", "rates", "pf1e", "--speed", "30", "--lang", "ru"])
    assert status == 0 and out
    assert (notices.lang, notices.jit_hint) == ("en", False)


def test_a_stale_module_is_not_loaded(
    built: dict[str, Path], fresh: None, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """A module built for another numba (or kernel source, numpy, Python) has another name:
    it is not found, the JIT runs, nothing printed; `footfall warm-up` would build anew."""
    assert aot.kernel("dial") is not None
    aot.forget()
    monkeypatch.setattr(aot, "_numba_version", lambda: b"0.0.1 from another time")
    assert aot.module_path("tactical") is None
    assert aot.kernel("dial") is None
    assert capsys.readouterr().err == ""


def test_a_corrupt_module_is_one_line_and_the_jit(
    fresh: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """A module file that does not load (truncated, not a shared object) is one warning line
    on stderr, once, no traceback; the search answers on the JIT."""
    monkeypatch.setattr(aot, "folders", lambda: [tmp_path])
    name = aot._module_name("tactical") + aot.importlib.machinery.EXTENSION_SUFFIXES[0]
    (tmp_path / name).write_bytes(b"\x7fELF not really")
    monkeypatch.setattr(search, "_compiled", None)
    assert aot.kernel("dial") is None and aot.kernel("rows") is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("footfall: warning: grid search kernels:") and "JIT" in err
    search.warm_up()
    assert search._compiled is aot.jit("dial")


def test_arguments_off_the_signature_run_on_the_jit(
    built: dict[str, Path], fresh: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An argument the module was not compiled for (a strided view, another dtype, a writable
    array where it writes, a missing argument) is not passed to it (numba.pycc would read it
    as the declared type): the JIT gets the call instead."""
    calls: list[str] = []

    def jit(function: str) -> Callable[..., Any]:
        calls.append(function)
        return lambda *args: "jit"

    kernel = _aot("rows")
    monkeypatch.setattr(aot, "jit", jit)
    column = np.arange(10, dtype=np.int64)
    column.flags.writeable = False
    assert bytes(kernel(column, column, column, column)) == b", ".join(
        b'{"at": [%d, %d], "cost": %d, "band": %d}' % (v, v, v, v) for v in range(10)
    )
    as_float = column.astype(np.float64)
    for bad in ((column[::2],) * 4, (as_float,) * 4, (column,) * 3, (column.reshape(2, 5),) * 4):
        assert kernel(*bad) == "jit"
    flight = _aot("settle_kernel")
    ends = np.zeros((4, 8), np.int32)
    ends.flags.writeable = False
    assert flight(*[ends] * 37) == "jit"
    assert calls == ["rows"] * 4 + ["settle_kernel"]
    job = _sample_job()
    _run_compiled(_aot("dial"), job, 10)
    assert int(job.dist[0, 2, 3]) == 3


def test_a_build_that_fails_is_reported(
    fresh: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A numba without ``numba.pycc`` (its announced removal): `build` reports the failure per
    module and writes nothing; the searches keep the JIT."""
    monkeypatch.setattr(aot, "folders", lambda: [tmp_path / "cache"])
    monkeypatch.setitem(sys.modules, "numba.pycc", None)
    done = aot.build(force=True)
    assert [b.path for b in done] == [None, None]
    assert all(b.error and "numba.pycc" in b.error for b in done)
    assert list((tmp_path / "cache").iterdir()) == []
    assert aot.kernel("dial") is None


def test_disabled_by_the_environment(
    built: dict[str, Path], fresh: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``FOOTFALL_AOT=0`` hides the built modules (benchmarks and tests compare the JIT)."""
    monkeypatch.setenv("FOOTFALL_AOT", "0")
    assert aot.kernel("settle_kernel") is None
    monkeypatch.setenv("FOOTFALL_AOT", "1")
    assert aot.kernel("settle_kernel") is not None


def test_folders_in_order(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Modules are kept in the package's __pycache__, else $XDG_CACHE_HOME/footfall (an
    absolute path only), else ~/.cache/footfall."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", "/nonexistent-home")
    assert aot.folders() == [
        Path(footfall.__file__).resolve().parent / "__pycache__",
        tmp_path / "footfall",
        Path("/nonexistent-home/.cache/footfall"),
    ]
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert len(aot.folders()) == 2


# ------------------------------------------------------------------------ processes


def _modules_after(code: str, **env: str) -> dict[str, Any]:
    """Run `code` in a fresh interpreter on this checkout; return what it reports."""
    script = (
        "import contextlib, io, json, sys\n"
        f"{code}\n"
        "print(json.dumps({'numba': 'numba' in sys.modules, 'llvmlite': 'llvmlite' in sys.modules,"
        " 'loaded': [m for m in sys.modules if m.startswith('footfall_aot_')]}))\n"
    )
    base = {"PYTHONPATH": _SRC, "PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/")}
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={**base, **env},
    )
    assert "Traceback" not in done.stderr and "warning" not in done.stderr, done.stderr
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


_SEARCHES = """
from footfall.flight import FlightState, reach
from footfall.rules import load_system
from footfall.scene import load_sample
from footfall.tactical import reachable, search
from footfall.tactical.encode import squares_bytes
import numpy as np
search.warm_up()
reachable(load_sample("pf1e-ogre-bridge"), "ogre")
from footfall.flight.compiled import compiled_reach
from footfall.flight.model import OPEN_SKY
from footfall.flight.machine import rule_machine
from footfall.flight import Flyer
from footfall.rules import Maneuverability
system = load_system("dnd35")
flyer = Flyer(60, system.flight.row(Maneuverability.AVERAGE))
assert compiled_reach(flyer, FlightState(0, 0, 30, 2), system, 60, OPEN_SKY, 10**7) is not None
from footfall.flight.space import scene_flyer
from footfall.scene import Scene, parse_scene
_, bat, space, _ = scene_flyer(parse_scene(CAVE), "bat")
assert compiled_reach(bat, FlightState(0, 1, 5, 2), system, 30, space, 10**6) is not None
from footfall.tactical import placements
assert len(reachable(parse_scene(SQUEEZE), "g").costs) > 0 and placements._compiled is not None
from footfall.tactical import encode
encode._COMPILED_ROWS = 1
xs = np.arange(5, dtype=np.int64)
squares_bytes(xs, xs, xs, xs)
"""


def test_searches_on_built_modules_import_no_numba(built: dict[str, Path]) -> None:
    """A process whose kernels are compiled ahead of time runs a grid reach, a flight reach, a
    large squeezed mover's layered reach and the JSON row writer without importing numba (nor
    llvmlite); with ``FOOTFALL_AOT=0`` the same code imports numba (the JIT)."""
    code = f"CAVE = {bat_cave(30)!r}\nSQUEEZE = {big_squeeze()!r}\n{_SEARCHES}"
    ahead = _modules_after(code)
    assert ahead["numba"] is False and ahead["llvmlite"] is False
    assert sorted(ahead["loaded"]) == sorted(p.name.split(".")[0] for p in built.values())
    jit = _modules_after(code, FOOTFALL_AOT="0")
    assert jit["numba"] is True


def test_warm_up_command_keeps_an_up_to_date_module(built: dict[str, Path]) -> None:
    """``footfall warm-up`` on built modules compiles nothing and names them (exit 0)."""
    base = {"PYTHONPATH": _SRC, "PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/")}
    done = subprocess.run(
        [sys.executable, "-m", "footfall", "warm-up", "--json"],
        capture_output=True,
        text=True,
        env=base,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [(r["kernel"], r["compiled_now"]) for r in report] == [
        ("tactical", False),
        ("flight", False),
    ]
    assert [Path(r["path"]) for r in report] == [built["tactical"], built["flight"]]


def test_serve_builds_missing_modules_in_a_subprocess(monkeypatch: pytest.MonkeyPatch) -> None:
    """``footfall serve`` starts ``footfall warm-up`` in its own session when a module is
    missing (never on the event loop), and nothing when all are built or AOT is off."""
    import subprocess as sp

    from footfall.cli import serve

    started: list[tuple[list[str], dict[str, Any]]] = []
    monkeypatch.setattr(sp, "Popen", lambda args, **kw: started.append((args, kw)))
    monkeypatch.setattr(aot, "status", lambda: {"tactical": Path("x.so"), "flight": None})
    serve._build_kernels_in_background()
    assert [args for args, _ in started] == [[sys.executable, "-m", "footfall", "warm-up"]]
    assert started[0][1]["start_new_session"] is True
    monkeypatch.setenv("FOOTFALL_AOT", "0")
    serve._build_kernels_in_background()
    monkeypatch.setenv("FOOTFALL_AOT", "1")
    monkeypatch.setattr(aot, "status", lambda: {"tactical": Path("x.so"), "flight": Path("y.so")})
    serve._build_kernels_in_background()
    assert len(started) == 1


def test_warm_up_command_reports_a_failed_build(
    monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """``footfall warm-up`` whose build fails says so in one warning line per module, loads
    the JIT kernel of that module instead (its numba cache ready) and exits 1."""
    from footfall.cli import main, warmup

    failed = aot.Built("flight", None, False, 0.1, "ModuleNotFoundError: numba.pycc")
    kept = aot.Built("tactical", Path("/cache/t.so"), False, 0.0)
    monkeypatch.setattr(aot, "build", lambda force=False: [kept, failed])
    warmed: list[list[str]] = []
    monkeypatch.setattr(warmup, "_warm_jit", warmed.append)
    monkeypatch.setattr(sys, "argv", ["footfall", "warm-up"])
    with pytest.raises(SystemExit) as exit:
        main()
    assert exit.value.code == 1 and warmed == [["flight"]]
    out, err = capsys.readouterr()
    assert out.splitlines() == ["grid search kernels: up to date", "  /cache/t.so"]
    assert err.count("\n") == 1 and err.startswith("footfall: warning: flight search kernel:")
    assert "numba.pycc" in err and "JIT" in err


def test_warm_up_command_speaks_russian(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    """``footfall warm-up --lang ru``: the warning's prefix is Russian and a build's seconds
    take the decimal comma (both were English / a point until stop 22)."""
    from footfall.cli import main, warmup

    failed = aot.Built("flight", None, False, 0.1, "ModuleNotFoundError: numba.pycc")
    built = aot.Built("tactical", Path("/cache/t.so"), True, 13.14)
    monkeypatch.setattr(aot, "build", lambda force=False: [built, failed])
    monkeypatch.setattr(warmup, "_warm_jit", lambda names: None)
    monkeypatch.setattr(sys, "argv", ["footfall", "warm-up", "--lang", "ru"])
    with pytest.raises(SystemExit):
        main()
    out, err = capsys.readouterr()
    assert out.splitlines()[0] == "ядра поиска по сетке: готово, компиляция заранее заняла 13,1 с"
    assert err.startswith("footfall: предупреждение: ядро поиска полёта:"), err
