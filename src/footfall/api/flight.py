"""``/api/flight/*``: D&D 3.5 flight in three dimensions (``footfall fly ... --json``).

A flyer is a scene's creature or, in the open sky, a speed and a maneuverability class. The
searches (``reach``, ``path``) are bounded by `Limits.flight_work` states, and a reach answer
by `Limits.flight_ends` ends (docs/api.md, "Limits"). Which engine answers ``path`` is chosen
in one function, `cheapest_flight`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from fastapi import APIRouter
from pydantic import Field

from footfall.api.context import Context, Ctx
from footfall.api.schema import LANG_DOC, LANG_ENUM, Pair, RequestModel, Triple, lang
from footfall.api.work import answer
from footfall.errors import InputError, LimitError, Param, quote, unknown
from footfall.flight import (
    FLIGHT_ACTIONS,
    OPEN_SKY,
    Airspace,
    FlightState,
    Flyer,
    parse_direction,
    parse_squares,
    parse_steps,
    stall,
    with_switches,
)
from footfall.flight import check as check_flight
from footfall.flight.model import switch_choices
from footfall.flight.reach import FlightPath, find_path, format_steps, reach
from footfall.flight.report import check_json, reach_json, stall_json
from footfall.flight.space import (
    BandedAirspace,
    SceneAirspace,
    flight_system,
    flyer_of,
    scene_flyer,
)
from footfall.i18n import t
from footfall.limits import SERVER_LIMITS, Limits
from footfall.rules import SYSTEM_IDS, System, load_system
from footfall.scene import Scene

__all__ = [
    "FIELDS",
    "QUICK_PATH_WORK",
    "FlightCheckQuery",
    "FlightPathQuery",
    "FlightQuery",
    "FlightReachQuery",
    "StallQuery",
    "cheapest_flight",
    "router",
]

#: Library parameters these requests name otherwise (`footfall.api.errors`).
FIELDS = {"switches": "interpretations"}

router = APIRouter(tags=["flight"])

_BOUND = SERVER_LIMITS


class FlightQuery(RequestModel):
    """A D&D 3.5 flyer: from a scene's creature, or a speed and class in the open sky."""

    scene: dict[str, Any] | None = Field(None, description="A dnd35 scene (or none: open sky).")
    mover: str | None = Field(None, description="Id of the flying creature in the scene.")
    speed: int | None = Field(None, ge=0, le=1_000, description="Fly speed, ft (open sky).")
    maneuverability: str | None = Field(
        None, description="perfect, good, average, poor or clumsy (open sky)."
    )
    alt: int | None = Field(None, ge=0, le=_BOUND.fall_alt_ft, description="Starting altitude, ft.")
    facing: str = Field("N", description="Starting facing: N NE E SE S SW W NW.")
    action: str = Field("move", description="move or double-move.")
    since_turn: int = Field(
        0, ge=0, le=_BOUND.since_ft, description="Ft flown since the last turn."
    )
    since_dive: int | None = Field(
        None,
        ge=0,
        le=_BOUND.since_ft,
        description="Ft of level flight since a descent just before.",
    )
    interpretations: dict[str, str] = Field(
        default_factory=dict,
        description="Flight switches of RULES.md (flight_turn_credit, flight_climb_cost), "
        "as the CLI's --switch.",
    )
    lang: str = Field("en", description=LANG_DOC, json_schema_extra=LANG_ENUM)


class FlightReachQuery(FlightQuery):
    """``fly reach``: every (square, altitude, facing) a flyer can end in."""

    alt_range: Pair | None = Field(
        None,
        description="Keep the flight between [low, high] ft around the start (the CLI's "
        "--alt-range; also keeps a search small).",
    )


class FlightCheckQuery(FlightQuery):
    """``fly check``: a flight given as steps (``"f2 r90 d10"``) or 3-D squares."""

    steps: str | None = Field(None, max_length=10_000, description="Steps, e.g. 'f2 r90 d10'.")
    path: str | None = Field(None, max_length=10_000, description="'X,Y,ALT X,Y,ALT ...'.")
    reflex: int = Field(
        0, ge=_BOUND.min_reflex, le=_BOUND.max_reflex, description="Reflex save bonus (stall odds)."
    )


class FlightPathQuery(FlightReachQuery):
    """``fly path``: a cheapest legal flight ending at a square and altitude."""

    to: Triple = Field(description="Where to end: [x, y, alt].")
    end_facing: str | None = Field(None, description="Facing wanted at the end (any if absent).")


class StallQuery(RequestModel):
    """``fly stall``: a stall's fall round by round and the DC 20 Reflex odds."""

    alt: int = Field(ge=0, le=_BOUND.fall_alt_ft, description="Altitude of the stall, ft.")
    reflex: int = Field(
        0, ge=_BOUND.min_reflex, le=_BOUND.max_reflex, description="Reflex save bonus."
    )
    rounds: int | None = Field(
        None, ge=1, le=_BOUND.stall_rounds, description="Odds of recovering by then."
    )
    lang: str = Field("en", description=LANG_DOC, json_schema_extra=LANG_ENUM)


# ------------------------------------------------------------------------------ the flyer


@cache
def open_sky_system() -> System:
    """Return the system a flyer without a scene (and a stall) flies by.

    The one system whose data has flight rules (D&D 3.5's maneuverability table, seed 004):
    read from the data, not named here.
    """
    flying = [system_id for system_id in SYSTEM_IDS if load_system(system_id).flight is not None]
    return flight_system(flying[0])


#: What a flight request sets up (`_flight_setup`): system, flyer, airspace, start, name, budget.
Setup = tuple[System, Flyer, Airspace, FlightState, str, int]


def _flight_setup(body: FlightQuery, parse: Callable[[Mapping[str, Any]], Scene]) -> Setup:
    """Return system, flyer, airspace, start state, name and budget (as ``footfall fly``)."""
    if body.action not in FLIGHT_ACTIONS:
        raise unknown("action", body.action, FLIGHT_ACTIONS, param=Param("action"))
    heading = parse_direction(body.facing)
    if body.scene is not None:
        if body.mover is None:
            raise InputError("error.api.flight-mover", param=Param("mover"))
        if body.speed is not None or body.maneuverability is not None:
            raise InputError(
                "error.api.flight-open-sky",
                speed=Param("speed"),
                maneuverability=Param("maneuverability"),
            )
        system, flyer, space, creature = scene_flyer(parse(body.scene), body.mover)
        air: Airspace = space
        x, y = creature.at
        start_alt = creature.alt if body.alt is None else body.alt
        name = body.mover
    else:
        if body.speed is None or body.maneuverability is None:
            raise InputError(
                "error.api.flight-no-scene",
                speed=Param("speed"),
                maneuverability=Param("maneuverability"),
            )
        system = open_sky_system()
        flyer = flyer_of(system, body.speed, body.maneuverability)
        x, y = 0, 0
        start_alt = 0 if body.alt is None else body.alt
        name = body.mover or "flyer"
        air = OPEN_SKY
    _check_start(body, air, flyer, start_alt, name)
    flyer = with_switches(flyer, system, body.interpretations)
    start = FlightState(
        x, y, start_alt, heading, since_turn=body.since_turn, level_after_dive=body.since_dive
    )
    if isinstance(body, FlightReachQuery) and body.alt_range is not None:
        air = _banded(air, start_alt, body.alt_range)
    return system, flyer, air, start, name, flyer.speed * FLIGHT_ACTIONS[body.action]


def _check_start(body: FlightQuery, air: Airspace, flyer: Flyer, alt: int, name: str) -> None:
    """Refuse a start altitude off the 5-ft grid, or one that puts the flyer above a ceiling."""
    where = {"param": Param("alt")} if body.alt is not None else {}
    if alt % 5:
        raise InputError("error.api.altitude", value=alt, **where)
    ceiling = air.ceiling if isinstance(air, SceneAirspace) else None
    if ceiling is not None and alt + flyer.height_ft > ceiling:
        raise InputError(
            "error.api.ceiling",
            alt=alt,
            height=flyer.height_ft,
            name=name,
            ceiling=ceiling,
            **where,
        )


def _banded(air: Airspace, start_alt: int, band: list[int]) -> BandedAirspace:
    """Wrap `air` in the altitude band ``[low, high]`` around the start (as ``--alt-range``)."""
    low, high = band
    if not low <= start_alt <= high:
        raise InputError(
            "error.api.alt-range", param=Param("alt_range"), low=low, high=high, alt=start_alt
        )
    return BandedAirspace(air, low, high)


def _check_target(air: Airspace, x: int, y: int, alt: int, limits: Limits) -> None:
    """Refuse a flight's end the CLI's ``fly path --to`` refuses (altitude, off the map).

    The altitude is a multiple of 5 ft, at least 0 (a square's side, RULES.md flight), and
    at most `Limits.fall_alt_ft`, the highest altitude footfall works with (a start higher
    is refused too); a scene's end must be on its map.
    """
    to = Param("to")
    if alt < 0 or alt % 5:
        raise InputError("error.api.to-altitude", param=to, value=alt)
    if alt > limits.fall_alt_ft:
        raise InputError("error.api.to-above", param=to, value=alt, limit=limits.fall_alt_ft)
    grid = air.inner if isinstance(air, BandedAirspace) else air
    if isinstance(grid, SceneAirspace) and not grid.inside(x, y):
        raise InputError(
            "error.api.to-off-map",
            param=to,
            x=quote(x),
            y=quote(y),
            width=grid.width,
            height=grid.height,
        )


# ------------------------------------------------------------------------------ the engine

#: States a ``/api/flight/path`` search first tries (`cheapest_flight`): the directed search
#: finds a reachable end in a few thousand states (an 80-ft average flyer's farthest ends,
#: measured: under 5,000) and settles a miss near the start; at most about 0.4 s in Python.
QUICK_PATH_WORK = 10_000


def cheapest_flight(
    flyer: Flyer,
    start: FlightState,
    to: tuple[int, int, int],
    facing: int | None,
    system: System,
    budget: int,
    air: Airspace,
    limits: Limits,
) -> FlightPath | None:
    """Return a cheapest flight to `to` (``fly path``), or None, within `limits.flight_work`.

    This is the API's choice of flight engine, in one place (the library is taking it over).
    The path search runs in Python (about 27,000 states a CPU second here, docs/api.md) while
    the reach search is compiled (about a million); a miss has to exhaust every state within
    the budget, which at `Limits.flight_work` states would take the path search most of a
    minute. So: the path search first, with `QUICK_PATH_WORK` states (a hit is found in a few
    thousand); past that, the compiled reach (bounded by `Limits.flight_work`, 413 beyond)
    says whether `to` is an end at all (the same ends, tested in the flight suite); only
    then does the path search run again, to find the steps, bounded by `Limits.flight_work`.
    """
    work = limits.flight_work

    def search(states: int) -> FlightPath | None:
        return find_path(
            flyer, start, to, system=system, budget_ft=budget, facing=facing, space=air,
            max_work=states,
        )  # fmt: skip

    if work <= QUICK_PATH_WORK:
        return search(work)
    try:
        return search(QUICK_PATH_WORK)
    except LimitError:
        pass
    ends = reach(flyer, start, system=system, budget_ft=budget, space=air, max_work=work)
    if not any((e.x, e.y, e.alt) == to and facing in (None, e.facing) for e in ends.entries):
        return None
    return search(work)


# ------------------------------------------------------------------------------ queries


def check_answer(body: FlightCheckQuery, ctx: Context) -> dict[str, Any]:
    """Answer a ``/api/flight/check`` request."""
    language = lang(body.lang)
    system, flyer, air, start, name, budget = _flight_setup(body, ctx.parse)
    if (body.steps is None) == (body.path is None):
        raise InputError("error.api.flight-steps", steps=Param("steps"), path=Param("path"))
    if body.steps is not None:
        parsed = parse_steps(body.steps)
    else:
        parsed = parse_squares(body.path or "", flyer, start)
    result = check_flight(
        flyer, start, parsed, system=system, budget_ft=budget, space=air, reflex=body.reflex,
        lang=language,
    )  # fmt: skip
    out: dict[str, Any] = check_json(name, body.action, result)
    return out


def path_answer(body: FlightPathQuery, ctx: Context) -> dict[str, Any]:
    """Answer a ``/api/flight/path`` request: the steps found, checked as ``fly check``."""
    language = lang(body.lang)
    system, flyer, air, start, name, budget = _flight_setup(body, ctx.parse)
    tx, ty, talt = body.to
    _check_target(air, tx, ty, talt, ctx.limits)
    want = None if body.end_facing is None else parse_direction(body.end_facing)
    found = cheapest_flight(flyer, start, (tx, ty, talt), want, system, budget, air, ctx.limits)
    if found is None:
        return {
            "mover": name,
            "action": body.action,
            "to": [tx, ty],
            "alt": talt,
            "found": False,
            "budget": budget,
            "unit": "ft",
            "reason": t("flight.label.not_found", language, budget=budget),
            "switches": switch_choices(flyer),
        }
    text = format_steps(found.steps)
    result = check_flight(
        flyer, start, parse_steps(text), system=system, budget_ft=budget, space=air
    )
    out: dict[str, Any] = check_json(name, body.action, result)
    out.update({"to": [tx, ty], "alt": talt, "found": True, "steps": text})
    return out


def reach_answer(body: FlightReachQuery, ctx: Context) -> dict[str, Any]:
    """Answer a ``/api/flight/reach`` request: the search, then the count of its ends."""
    lim = ctx.limits
    lang(body.lang)
    system, flyer, air, start, name, budget = _flight_setup(body, ctx.parse)
    result = reach(
        flyer, start, system=system, budget_ft=budget, space=air, max_work=lim.flight_work
    )
    if len(result.entries) > lim.flight_ends:
        raise LimitError(
            "error.api.flight-ends",
            count=len(result.entries),
            limit=lim.flight_ends,
            alt_range=Param("alt_range"),
        )
    out: dict[str, Any] = reach_json(name, body.action, result)
    return out


def stall_answer(body: StallQuery, ctx: Context) -> dict[str, Any]:
    """Answer a ``/api/flight/stall`` request."""
    lang(body.lang)
    rules = open_sky_system().flight
    assert rules is not None
    fall = stall(body.alt, body.reflex, rules.stall)
    out: dict[str, Any] = stall_json(fall)
    if body.rounds is not None:
        out["within"] = {
            "rounds": body.rounds,
            "p_recover": str(fall.p_recover_within(body.rounds)),
        }
    return out


# ------------------------------------------------------------------------------ endpoints


@router.post("/api/flight/check")
async def flight_check(body: FlightCheckQuery, ctx: Ctx) -> Any:
    """Check a flight: cost and every maneuverability rule broken (``fly check --json``)."""
    return await answer(check_answer, body, ctx)


@router.post("/api/flight/path")
async def flight_path(body: FlightPathQuery, ctx: Ctx) -> Any:
    """A cheapest legal flight to a square and altitude (``fly path --json``)."""
    return await answer(path_answer, body, ctx)


@router.post("/api/flight/reach")
async def flight_reach(body: FlightReachQuery, ctx: Ctx) -> Any:
    """Where a flyer can end its move: square, altitude, facing (``fly reach --json``)."""
    return await answer(reach_answer, body, ctx)


@router.post("/api/flight/stall")
async def flight_stall(body: StallQuery, ctx: Ctx) -> Any:
    """A stall: each round's fall, the DC 20 Reflex odds, the damage (``fly stall``)."""
    return await answer(stall_answer, body, ctx)
