"""``/api/flight/*``: D&D 3.5 flight in three dimensions (``footfall fly ... --json``).

A flyer is a scene's creature or, in the open sky, a speed and a maneuverability class. The
searches (``reach``, ``path``) are bounded by `Limits.flight_work` states, and a reach answer
by `Limits.flight_ends` ends (docs/api.md, "Limits"). Which engine answers ``path`` is chosen
in one function, `cheapest_flight`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter
from pydantic import Field

from footfall.api.context import Context, Ctx
from footfall.api.schema import (
    LANG_DOC,
    LANG_ENUM,
    Name,
    Pair,
    RequestModel,
    SceneJson,
    Triple,
    any_case,
    lang,
    words_of,
)
from footfall.api.work import answer
from footfall.errors import LimitError, Param
from footfall.grid import DIRECTION_NAMES
from footfall.i18n import t
from footfall.limits import SERVER_LIMITS, Limits
from footfall.units import FT_PER_SQUARE

if TYPE_CHECKING:  # the flight engine (and numpy) load on the first request, not at start-up
    from footfall.flight import Airspace, FlightState, Flyer
    from footfall.rules import System
    from footfall.scene import Scene

__all__ = [
    "FIELDS",
    "QUICK_PATH_WORK",
    "FlightCheckQuery",
    "FlightPathQuery",
    "FlightQuery",
    "FlightReachQuery",
    "StallQuery",
    "router",
]

#: Library parameters these requests name otherwise (`footfall.api.errors`).
FIELDS = {"switches": "interpretations"}

router = APIRouter(tags=["flight"])

_BOUND = SERVER_LIMITS

#: Altitudes are in 5-ft steps (one square): stated here, enforced by the library's line
#: (`footfall.flight.request`: ``error.flight.alt-step``, ``error.flight.to-alt``).
_ALT_STEP: dict[str, Any] = {"multipleOf": FT_PER_SQUARE}
_WHOLE: dict[str, Any] = {"type": "integer"}
_ALTITUDE: dict[str, Any] = {
    "type": "integer", "minimum": 0, "maximum": _BOUND.fall_alt_ft, **_ALT_STEP
}  # fmt: skip


class FlightQuery(RequestModel):
    """A D&D 3.5 flyer: from a scene's creature, or a speed and class in the open sky."""

    scene: SceneJson | None = Field(None, description="A dnd35 scene (or none: open sky).")
    mover: Name | None = Field(None, description="Id of the flying creature in the scene.")
    speed: int | None = Field(
        None,
        ge=0,
        le=1_000,
        description="Fly speed, ft (open sky).",
        # stated, enforced by the library's line (`footfall.flight.space.flyer_of`)
        json_schema_extra={"minimum": FT_PER_SQUARE, "multipleOf": FT_PER_SQUARE},
    )
    maneuverability: str | None = Field(
        None,
        description="perfect, good, average, poor or clumsy (open sky).",
        json_schema_extra=words_of("footfall.rules:Maneuverability", optional=True),
    )
    alt: int | None = Field(
        None, ge=0, le=_BOUND.fall_alt_ft, json_schema_extra=_ALT_STEP, description="Starting "
        "altitude, ft: a multiple of 5."
    )  # fmt: skip
    facing: str = Field(
        "N",
        description="Starting facing: N NE E SE S SW W NW.",
        json_schema_extra=any_case(DIRECTION_NAMES),
    )
    action: str = Field(
        "move",
        description="move or double-move.",
        json_schema_extra=words_of("footfall.flight.model:FLIGHT_ACTIONS"),
    )
    since_turn: int | None = Field(
        None,
        ge=0,
        le=_BOUND.since_ft,
        description="Ft flown since the last turn (default: switch flight_round_start).",
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

    to: Triple = Field(
        description="Where to end: [x, y, alt] (alt a multiple of 5 ft).",
        json_schema_extra={"prefixItems": [_WHOLE, _WHOLE, _ALTITUDE]},
    )
    end_facing: str | None = Field(
        None,
        description="Facing wanted at the end (any if absent).",
        json_schema_extra=any_case(DIRECTION_NAMES),
    )


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

#: What a flight request sets up (`_flight_setup`): system, flyer, airspace, start, name, budget.
Setup = tuple["System", "Flyer", "Airspace", "FlightState", str, int]

#: States a ``/api/flight/path`` search first tries in Python before the compiled reach
#: settles a miss (`footfall.flight.find_flight_path`); a module global so a test can lower it.
#: The library's `footfall.flight.reach.QUICK_PATH_WORK` (tests/api/test_flight.py checks they
#: agree), written here because importing that module loads numpy (start-up time).
QUICK_PATH_WORK = 10_000


def _flight_setup(body: FlightQuery, parse: Callable[[Mapping[str, Any]], Scene]) -> Setup:
    """Return system, flyer, airspace, start state, name and budget (as ``footfall fly``).

    Every option is checked by the library (`footfall.flight.flight_request`), as the CLI's.
    """
    from footfall.flight import flight_request

    scene = body.scene
    request = flight_request(
        scene=None if scene is None else (lambda: parse(scene)),
        mover=body.mover,
        speed=body.speed,
        maneuverability=body.maneuverability,
        alt=body.alt,
        facing=body.facing,
        action=body.action,
        since_turn=body.since_turn,
        since_dive=body.since_dive,
        switches=body.interpretations,
        alt_range=body.alt_range if isinstance(body, FlightReachQuery) else None,
    )
    return (
        request.system,
        request.flyer,
        request.space,
        request.start,
        request.name,
        request.budget_ft,
    )


def _flight_limits(limits: Limits) -> Limits:
    """Bound both flight engines by the server's `flight_work` (the endpoints' one figure)."""
    return limits.tighter(flight_compiled_work=limits.flight_work)


# ------------------------------------------------------------------------------ queries


def check_answer(body: FlightCheckQuery, ctx: Context) -> dict[str, Any]:
    """Answer a ``/api/flight/check`` request."""
    from footfall.flight import check as check_flight
    from footfall.flight import flight_steps
    from footfall.flight.report import check_json

    language = lang(body.lang)
    system, flyer, air, start, name, budget = _flight_setup(body, ctx.parse)
    parsed = flight_steps(body.steps, body.path, flyer=flyer, start=start)
    result = check_flight(
        flyer, start, parsed, system=system, budget_ft=budget, space=air, reflex=body.reflex,
        lang=language,
    )  # fmt: skip
    out: dict[str, Any] = check_json(name, body.action, result)
    return out


def path_answer(body: FlightPathQuery, ctx: Context) -> dict[str, Any]:
    """Answer a ``/api/flight/path`` request: the steps found, checked as ``fly check``."""
    from footfall.flight import check as check_flight
    from footfall.flight import find_flight_path, flight_target, parse_direction, parse_steps
    from footfall.flight.model import switch_choices
    from footfall.flight.reach import format_steps
    from footfall.flight.report import check_json

    language = lang(body.lang)
    system, flyer, air, start, name, budget = _flight_setup(body, ctx.parse)
    tx, ty, talt = flight_target(body.to, air, limits=ctx.limits)
    want = (
        None
        if body.end_facing is None
        else parse_direction(body.end_facing, param=Param("end_facing"))
    )
    found = find_flight_path(
        flyer, start, (tx, ty, talt), system=system, budget_ft=budget, facing=want, space=air,
        quick_work=QUICK_PATH_WORK, limits=_flight_limits(ctx.limits),
    )  # fmt: skip
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
    from footfall.flight.reach import reach
    from footfall.flight.report import reach_json

    lim = ctx.limits
    lang(body.lang)
    system, flyer, air, start, name, budget = _flight_setup(body, ctx.parse)
    result = reach(
        flyer, start, system=system, budget_ft=budget, space=air, limits=_flight_limits(lim)
    )
    if result.count > lim.flight_ends:
        raise LimitError(
            "error.api.flight-ends",
            count=result.count,
            limit=lim.flight_ends,
            alt_range=Param("alt_range"),
        )
    out: dict[str, Any] = reach_json(name, body.action, result)
    return out


def stall_answer(body: StallQuery, ctx: Context) -> dict[str, Any]:
    """Answer a ``/api/flight/stall`` request."""
    from footfall.flight import stall
    from footfall.flight.report import stall_json
    from footfall.flight.space import default_flight_system

    lang(body.lang)
    rules = default_flight_system().flight
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
