"""A flight query's options are checked once in the library, for the CLI and the API alike.

`footfall.flight.request` refuses each bad option with a catalog error naming its parameter
(`Param`): the CLI spells it as its flag (``--alt``), the API as its field (``'alt'``).
`find_flight_path` shares a path query's work between the engines as the HTTP API did; every
public entry point takes its bounds from a `Limits` record.
"""

from __future__ import annotations

import importlib.util
import re
import types
from pathlib import Path
from typing import Any

import pytest

import footfall.flight
from footfall.cli import flag_spelling
from footfall.cli.flight import FLAGS
from footfall.errors import InputError, LimitError, Param
from footfall.flight import (
    FlightState,
    Flyer,
    find_flight_path,
    find_path,
    flight_request,
    flight_steps,
    flight_target,
    parse_steps,
    reflex_bonus,
    stall,
    stall_rounds,
)
from footfall.flight.reach import reach
from footfall.i18n import catalog
from footfall.limits import LIMITS
from footfall.rules import Maneuverability, load_system
from footfall.scene import load_sample

SYSTEM = load_system("dnd35")
SKY = {"speed": 60, "maneuverability": "average", "alt": 20}
CANYON = load_sample("dnd35-canyon-squeeze")
CLI = flag_spelling(FLAGS)
REQUEST = flight_request(**SKY)


def api(param: Param) -> str:
    """Spell `param` as the HTTP API does (``footfall.api.field_spelling``): ``'alt'``."""
    return f"'{param.name}'"


def test_check_is_the_function_and_reach_the_module() -> None:
    """`footfall.flight.check` is only the function (no module shadowed); `reach` a module."""
    assert isinstance(footfall.flight.check, types.FunctionType)
    assert importlib.util.find_spec("footfall.flight.check") is None
    assert footfall.flight.check is importlib.import_module("footfall.flight.verdict").check
    assert isinstance(footfall.flight.reach, types.ModuleType)


@pytest.mark.parametrize(
    ("options", "param", "cli", "http"),
    [
        ({**SKY, "alt": 7}, "alt", *["altitude must be a multiple of 5 ft, at least 0, not 7"] * 2),
        (
            {**SKY, "alt": 10**12},
            "alt",
            *["altitude 1000000000000 ft is above the 100000 ft footfall works with"] * 2,
        ),
        (
            {**SKY, "since_turn": -5},
            "since_turn",
            "--since-turn and --since-dive must be at least 0 ft",
            "'since_turn' and 'since_dive' must be at least 0 ft",
        ),
        (
            {**SKY, "since_dive": 10_005},
            "since_dive",
            "--since-dive 10005 ft is more than the 10000 ft footfall takes",
            "'since_dive' 10005 ft is more than the 10000 ft footfall takes",
        ),
        (
            {"scene": CANYON},
            "mover",
            "--mover is required with a scene (the id of the flyer)",
            "'mover' is required with a scene (the id of the flyer)",
        ),
        (
            {"scene": CANYON, "mover": "giant-eagle", "speed": 60},
            "speed",
            "--speed and --maneuverability are for the open sky: omit the scene",
            "'speed' and 'maneuverability' are for the open sky: omit the scene",
        ),
        (
            {"speed": 60},
            "maneuverability",
            "without a scene, give --speed and --maneuverability",
            "without a scene, give 'speed' and 'maneuverability'",
        ),
        (
            {**SKY, "action": "run"},
            "action",
            *["unknown action 'run' (known: move, double-move)"] * 2,
        ),
        (
            {**SKY, "facing": "up"},
            "facing",
            "unknown facing 'up' (known: N, NE, E, SE, S, SW, W, NW)",
            None,
        ),
        (
            {**SKY, "alt_range": "10"},
            "alt_range",
            "--alt-range '10' is not LOW-HIGH in ft (e.g. 10-40)",
            None,
        ),
        (
            {**SKY, "alt_range": "30-40"},
            "alt_range",
            "--alt-range '30-40' must be LOW-HIGH ft around the start's 20 ft",
            None,
        ),
        (
            {**SKY, "alt_range": [30, 40]},
            "alt_range",
            "--alt-range [30, 40] must be [low, high] ft around the start's 20 ft",
            "'alt_range' [30, 40] must be [low, high] ft around the start's 20 ft",
        ),
    ],
)
def test_request_refusals_name_their_option(
    options: dict[str, Any], param: str, cli: str | None, http: str | None
) -> None:
    """Each bad option is one error naming it: the CLI's flag, the API's field (None: that
    front-end does not take the option in this form)."""
    with pytest.raises(InputError) as caught:
        flight_request(system=SYSTEM, **options)
    error = caught.value
    assert error.param == Param(param)
    if cli is not None:
        assert error.render("en", CLI) == cli
    if http is not None:
        assert error.render("en", api) == http
    assert "--" not in str(error)  # the library spells parameters by their own names


def test_request_of_the_open_sky_and_of_a_scene() -> None:
    """The open sky starts at 0,0 (0 ft by default); a scene's creature from its square."""
    sky = flight_request(speed=80, maneuverability="good", facing="E", action="double-move")
    assert (sky.name, sky.budget_ft, sky.start, sky.space) == (
        "flyer",
        160,
        FlightState(0, 0, 0, 2),
        footfall.flight.OPEN_SKY,
    )
    assert sky.system.flight is not None
    eagle = flight_request(scene=lambda: CANYON, mover="giant-eagle", alt_range="0-40", switches={})
    assert (eagle.name, eagle.flyer.speed, eagle.start.alt) == ("giant-eagle", 80, 20)
    assert type(eagle.space).__name__ == "BandedAirspace"


def test_scene_is_loaded_only_once_the_options_agree() -> None:
    """A scene given as a loader is not loaded when the options already disagree."""

    def load() -> Any:
        raise AssertionError("loaded")

    with pytest.raises(InputError, match="required with a scene"):
        flight_request(scene=load)


@pytest.mark.parametrize(
    ("to", "cli", "http"),
    [
        ("99,99,5", "--to 99,99 is off the map (18x12 squares)", None),
        ((99, 99, 5), None, "'to' [99, 99] is off the map (18x12 squares)"),
        ("3,4,-5", "--to altitude must be a multiple of 5 ft, at least 0, not -5", None),
        ((3, 4, 7), None, "'to' altitude must be a multiple of 5 ft, at least 0, not 7"),
        ("3,4", "--to '3,4' is not a 3-D square X,Y,ALT (e.g. 3,4,20)", None),
        (
            (3, 4, 10**6),
            None,
            "'to' altitude 1000000 ft is above the 100000 ft footfall works with",
        ),
    ],
)
def test_target_refusals(to: Any, cli: str | None, http: str | None) -> None:
    """A flight's end off the map or off the 5-ft grid is refused, as each front-end writes it."""
    space = flight_request(scene=CANYON, mover="stirge").space
    with pytest.raises(InputError) as caught:
        flight_target(to, space)
    assert caught.value.param == Param("to")
    if cli is not None:
        assert caught.value.render("en", CLI) == cli
    if http is not None:
        assert caught.value.render("en", api) == http


def test_target_steps_reflex_and_rounds_pass_good_values() -> None:
    """Good values come back as the library takes them."""
    req = flight_request(**SKY)
    assert (
        flight_target("3,-4,10", req.space) == flight_target([3, -4, 10], req.space) == (3, -4, 10)
    )
    assert flight_steps("f2 r90", None, flyer=req.flyer, start=req.start) == parse_steps("f2 r90")
    assert [
        s.kind.value
        for _, s in flight_steps(None, "0,-1,20 1,-1,20", flyer=req.flyer, start=req.start)
    ] == [
        "forward",
        "turn",
        "forward",
    ]
    assert (reflex_bonus(-20), reflex_bonus(100), stall_rounds(None), stall_rounds(1000)) == (
        -20, 100, None, 1000
    )  # fmt: skip


@pytest.mark.parametrize(
    ("call", "cli"),
    [
        (lambda: reflex_bonus(101), "--reflex 101 is outside -20..100"),
        (lambda: stall_rounds(0), "--rounds must be 1 to 1000, not 0"),
        (
            lambda: flight_steps(None, None, flyer=REQUEST.flyer, start=REQUEST.start),
            "give exactly one of --steps and --path",
        ),
    ],
)
def test_other_option_refusals(call: Any, cli: str) -> None:
    """Reflex bonus, rounds, steps-or-path: one line naming the option."""
    with pytest.raises(InputError) as caught:
        call()
    assert caught.value.render("en", CLI) == cli


def test_limits_record_bounds_every_entry_point() -> None:
    """`limits=`: a tighter record refuses what the default one allows."""
    tight = LIMITS.tighter(
        flight_work=50, flight_compiled_work=50, flight_steps=3, fall_alt_ft=100, since_ft=5
    )
    flyer = Flyer(40, SYSTEM.flight.row(Maneuverability.GOOD))  # type: ignore[union-attr]
    start = FlightState(0, 0, 30, 2)
    with pytest.raises(LimitError, match="more than 50 states"):
        reach(flyer, start, system=SYSTEM, budget_ft=40, limits=tight)
    with pytest.raises(LimitError, match="more than 50 states"):
        reach(flyer, start, system=SYSTEM, budget_ft=60, engine="compiled", limits=tight)
    with pytest.raises(LimitError, match="more than 50 states"):
        find_path(flyer, start, (6, 0, 30), system=SYSTEM, budget_ft=40, limits=tight)
    with pytest.raises(LimitError, match="longer than 3 steps"):
        parse_steps("f f f f", limits=tight)
    with pytest.raises(LimitError, match="above the 100 ft"):
        stall(105, 0, SYSTEM.flight.stall, limits=tight)  # type: ignore[union-attr]
    with pytest.raises(InputError, match="more than the 5 ft"):
        flight_request(**SKY, since_turn=10, limits=tight)
    with pytest.raises(LimitError, match="more than the 20 ft"):
        reach(flyer, start, system=SYSTEM, budget_ft=40, limits=LIMITS.tighter(flight_budget_ft=20))


@pytest.mark.parametrize(
    ("speed", "cls", "to", "facing"),
    [
        (40, "good", (0, -6, 10), None),  # a hit
        (40, "good", (0, -9, 50), None),  # a miss
        (40, "good", (3, -2, 0), None),  # a landing
        (60, "average", (2, 0, 30), 6),  # a facing at the end
        (30, "perfect", (-2, 1, 35), None),  # a free turner
    ],
)
def test_find_flight_path_is_find_path(
    speed: int, cls: str, to: tuple[int, int, int], facing: int | None
) -> None:
    """Past the quick search (1 state) the reach settles a miss and the search finds a hit:
    the same answer as one path search with all the work it needs."""
    flyer = Flyer(speed, SYSTEM.flight.row(Maneuverability(cls)))  # type: ignore[union-attr]
    start = FlightState(0, 0, 30, 2)
    want = find_path(
        flyer, start, to, system=SYSTEM, budget_ft=speed, facing=facing, max_work=10**7
    )
    for quick in (1, 10_000):
        got = find_flight_path(
            flyer, start, to, system=SYSTEM, budget_ft=speed, facing=facing, quick_work=quick
        )
        assert got == want


def test_find_flight_path_settles_a_miss_the_path_search_cannot() -> None:
    """A miss of an 80-ft average flyer (over a million states in Python) is answered None:
    the compiled reach, within its own bound, says the place is no end."""
    flyer = Flyer(80, SYSTEM.flight.row(Maneuverability.AVERAGE))  # type: ignore[union-attr]
    start = FlightState(0, 0, 30, 2)
    limits = LIMITS.tighter(flight_work=20_000)
    with pytest.raises(LimitError):
        find_path(flyer, start, (0, -20, 30), system=SYSTEM, budget_ft=80, limits=limits)
    miss = find_flight_path(flyer, start, (0, -20, 30), system=SYSTEM, budget_ft=80, limits=limits)
    assert miss is None


def test_every_flight_error_key_is_in_the_catalog() -> None:
    """Each ``error.flight.*`` key the flight code raises has an English message, and each
    message of errors_flight.toml is raised somewhere."""
    sources = [
        *Path(footfall.flight.__file__).parent.glob("*.py"),
        Path(footfall.flight.__file__).parent.parent / "cli" / "flight.py",
    ]
    used = {key for f in sources for key in re.findall(r'"(error\.flight\.[\w-]+)"', f.read_text())}
    known = {key for key in catalog() if key.startswith("error.flight.")}
    assert used == known
