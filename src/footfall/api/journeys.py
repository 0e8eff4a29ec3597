"""``/api/travel``, ``/api/route``, ``/api/chase``: journeys, overland routes and chases.

The answers are JOURNEY.md's shapes plus the library's extras, the same JSON as
``footfall travel|route|chase --json``.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

from fastapi import APIRouter
from pydantic import ConfigDict, Field

from footfall.api.bounds import check_map_size
from footfall.api.context import Context, Ctx
from footfall.api.schema import (
    CHASE_SYSTEM_ENUM,
    LANG_DOC,
    LANG_ENUM,
    TRAVEL_SYSTEM_ENUM,
    Name,
    Pair,
    RequestModel,
    d20_speed,
    lang,
    shipped_maps,
    words,
    words_of,
)
from footfall.api.work import answer
from footfall.errors import FootfallError, InputError, LimitError, Noun, Param, unknown
from footfall.limits import SERVER_LIMITS

if TYPE_CHECKING:  # the planners (and icepool) load on the first request, not at start-up
    from footfall import chase, travel

__all__ = ["FIELDS", "ChaseQuery", "PartyMember", "RouteQuery", "TravelQuery", "router"]

#: Library parameters these requests name otherwise (`footfall.api.errors`).
FIELDS = {"switches": "interpretations", "start": "from", "goal": "to"}

router = APIRouter(tags=["journeys"])

_BOUND = SERVER_LIMITS

#: Hours in a day, the bound of ``hustle`` (`footfall.travel.HOURS_IN_DAY`; not imported from
#: there: the planner loads on the first request).
HOURS_IN_DAY = 24


#: A seed's bound, stated, enforced by the library (`dice.check_seed`, its one line names the
#: bound): 2**63 - 1 is not exact as a double, so a generator reading the schema's maximum as
#: one sends seeds above it that pydantic's own check would refuse with a bare 422.
_SEED: dict[str, Any] = {"maximum": _BOUND.seed}


def _toughness(schema: dict[str, Any]) -> None:
    """State a dh2e Toughness characteristic's range (`footfall.travel.party.TOUGHNESS`)."""
    from footfall.travel.party import TOUGHNESS

    schema.update({"minimum": TOUGHNESS[0], "maximum": TOUGHNESS[1]})


#: A pf1e / dnd35 speed in ft (`footfall.api.schema.d20_speed`), as a list's item.
Speed = Annotated[int, Field(json_schema_extra=d20_speed)]
#: A member's or a lone traveller's Constitution modifier, stated, enforced by the library's
#: line (`footfall.travel.party.check_con_mod`).
_CON_MOD: dict[str, Any] = {"minimum": _BOUND.min_con_mod, "maximum": _BOUND.max_con_mod}


class PartyMember(RequestModel):
    """One member of a party on foot (the CLI's ``--member``): its own checks and speed."""

    name: str = Field(
        max_length=100,
        description="The member's name (unique in the party, not blank).",
        json_schema_extra={"pattern": "\\S"},  # the library: error.travel.member-name-empty
    )
    con_mod: int | None = Field(
        None,
        description="Constitution modifier (pf1e/dnd35 forced-march checks).",
        json_schema_extra=_CON_MOD,
    )
    speed: int | None = Field(
        None, description="Speed in ft; the slowest member sets the pace.",
        json_schema_extra=d20_speed,
    )  # fmt: skip
    toughness: int | None = Field(
        None, description="dh2e Toughness characteristic (0-100).", json_schema_extra=_toughness
    )
    toughness_bonus: int | None = Field(
        None, description="dh2e Toughness Bonus (default: the tens of toughness)."
    )
    agility_bonus: int | None = Field(None, description="dh2e Agility Bonus (sets the pace).")


class TravelQuery(RequestModel):
    """``travel``: legs, the party (or mount, vehicle, vessel) and the pace (JOURNEY.md)."""

    system: str = Field(
        "pf1e", description="pf1e, dnd35 or dh2e.", json_schema_extra=TRAVEL_SYSTEM_ENUM
    )
    legs: list[Name | dict[str, Any]] = Field(
        json_schema_extra={"minItems": 1, "maxItems": _BOUND.legs},  # the library: 400, 413
        description='Legs as "24 mi forest trackless" / "12 km dense", or '
        '{"distance", "terrain", "road"} / {"distance", "dense"} objects.',
    )
    unit: str | None = Field(
        None,
        description="Unit of legs that give none: mi or km.",
        json_schema_extra=words_of("footfall.travel.quantities:DistanceUnit", optional=True),
    )
    speed: int | None = Field(
        None, description="Speed in ft of a lone traveller (pf1e/dnd35).",
        json_schema_extra=d20_speed,
    )  # fmt: skip
    speeds: list[Speed] = Field(
        default_factory=list, description="Speeds of the party; the slowest sets the pace."
    )
    mount: str | None = Field(None, description="A mount or land vehicle of the system's table.")
    loaded: bool = Field(False, description="Use the mount's loaded row.")
    vessel: str | None = Field(None, description="A vessel of the system's table.")
    current: float | None = Field(
        None, ge=0, le=_BOUND.current_mph, description="River current, mi/h."
    )
    flow: str = Field(
        "none",
        description="none, downstream or upstream.",
        json_schema_extra=words_of("footfall.travel:Flow"),
    )
    drift: bool = Field(False, description="Rowed vessels drift downstream after rowing.")
    tow: bool = Field(False, description="Towed from the bank (upstream).")
    hustle: int = Field(
        0, ge=0, le=HOURS_IN_DAY, description="Hustle the first H hours of each day."
    )
    forced_march: int = Field(0, ge=0, le=16, description="March H hours past the 8 of a day.")
    con_mod: int = Field(
        0,
        ge=_BOUND.min_con_mod,
        le=_BOUND.max_con_mod,
        description="Constitution modifier (odds, rolls).",
    )
    agility_bonus: int | None = Field(
        None, ge=0, le=_BOUND.bonus, description="dh2e Agility Bonus."
    )
    toughness_bonus: int | None = Field(
        None, ge=0, le=_BOUND.bonus, description="dh2e Toughness Bonus."
    )
    toughness: int | None = Field(
        None, description="dh2e Toughness characteristic (odds).", json_schema_extra=_toughness
    )
    party: list[PartyMember] | None = Field(
        None,
        max_length=1_000,
        # stated, enforced by the library's lines (error.travel.file-party, party-size: 413)
        json_schema_extra={"minItems": 1, "maxItems": _BOUND.party},
        description="Members of a party on foot, each with its own checks (the CLI's "
        "--member): odds per member and for anyone; 1 to 20.",
    )
    metric: bool = Field(False, description="pf1e/dnd35: give distances in km.")
    interpretations: dict[str, str] = Field(
        default_factory=dict, description="Switches of RULES.md, e.g. forced_march_dc."
    )
    seed: int | None = Field(None, ge=0, json_schema_extra=_SEED, description="Roll every check.")
    lang: str = Field("en", description=LANG_DOC, json_schema_extra=LANG_ENUM)


class RouteQuery(RequestModel):
    """``route``: the fastest overland route across a terrain map (JOURNEY.md ``route``)."""

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)

    system: str = Field(
        "pf1e", description="pf1e, dnd35 or dh2e.", json_schema_extra=TRAVEL_SYSTEM_ENUM
    )
    map: str | dict[str, Any] | None = Field(
        None, description="The map: its text format, or its JSON document (docs/travel.md)."
    )
    sample: str | None = Field(
        None,
        max_length=100,
        description="A shipped map: valley, hexes.",
        json_schema_extra=words(shipped_maps(), optional=True),
    )
    start: Pair = Field(alias="from", description="Start cell [x, y].")
    goal: Pair = Field(alias="to", description="Goal cell [x, y].")
    speed: int | None = Field(
        None, description="Speed in ft (pf1e/dnd35).", json_schema_extra=d20_speed
    )
    speeds: list[Speed] = Field(default_factory=list, description="Party speeds; slowest counts.")
    mount: str | None = Field(None, description="A mount or land vehicle of the system's table.")
    loaded: bool = Field(False, description="Use the mount's loaded row.")
    agility_bonus: int | None = Field(
        None, ge=0, le=_BOUND.bonus, description="dh2e Agility Bonus."
    )
    metric: bool = Field(False, description="pf1e/dnd35: give distances in km.")
    lang: str = Field("en", description=LANG_DOC, json_schema_extra=LANG_ENUM)


class ChaseQuery(RequestModel):
    """``chase``: pursuer and quarry (speed, Dexterity and Constitution modifiers)."""

    system: str = Field("pf1e", json_schema_extra=CHASE_SYSTEM_ENUM)
    pursuer: Name = Field(description='"speed=30,dex=+2,con=+1"')
    quarry: Name = Field(description='"speed=30,dex=+3"')
    scale: str = Field(
        "tactical",
        description="tactical (opposed Dex) or overland (opposed Con).",
        json_schema_extra=words_of("footfall.chase:Scale"),
    )
    chase_tie: str | None = Field(
        None,
        description="Interpretation switch: pursuer | opposed.",
        json_schema_extra=words_of("footfall.chase:ChaseTie", optional=True),
    )
    seed: int | None = Field(
        None, ge=0, json_schema_extra=_SEED, description="Roll with this seed."
    )
    lang: str = Field("en", description=LANG_DOC, json_schema_extra=LANG_ENUM)


# ------------------------------------------------------------------------------ queries

E = TypeVar("E", bound=Enum)


def _member(kind: type[E], value: str, what: str, field: str) -> E:
    """Return the member of enum `kind` whose value is `value`, or the standard error."""
    for member in kind:
        if member.value == value:
            return member
    raise unknown(what, value, [m.value for m in kind], param=Param(field))


def travel_answer(body: TravelQuery, ctx: Context) -> dict[str, Any]:
    """Plan the journey of a ``/api/travel`` request within the limits."""
    from footfall import travel
    from footfall.rules import load_system
    from footfall.travel.quantities import num, system_unit

    lim = ctx.limits
    lang(body.lang)
    if len(body.legs) > lim.legs:
        raise LimitError(
            "error.api.legs", param=Param("legs"), count=len(body.legs), limit=lim.legs
        )
    system = load_system(body.system)
    document: dict[str, object] = {"legs": list(body.legs)}
    if body.unit is not None:
        document["unit"] = body.unit
    legs = travel.parse_journey(document, system, limits=ctx.limits).legs
    unit = system_unit(system)
    for i, leg in enumerate(legs):
        if leg.distance > lim.leg_distance:
            raise LimitError(
                "error.api.leg-distance",
                param=Param("legs", i),
                number=i + 1,
                distance=num(leg.distance),
                unit=unit,
                limit=lim.leg_distance,
            )
    speeds = tuple(body.speeds) + ((body.speed,) if body.speed is not None else ())
    who = travel.Traveller(
        speeds=speeds,
        mount=body.mount,
        loaded=body.loaded,
        vessel=body.vessel,
        current=None if body.current is None else Fraction(str(body.current)),
        flow=_member(travel.Flow, body.flow, "flow", "flow"),
        drift=body.drift,
        tow=body.tow,
        agility_bonus=body.agility_bonus,
        toughness_bonus=body.toughness_bonus,
        toughness=body.toughness,
        con_mod=body.con_mod,
        party=_party(body.party),
    )
    journey = travel.plan_journey(
        body.system,
        legs,
        who,
        hustle=body.hustle,
        forced_march=body.forced_march,
        switches=body.interpretations,
        seed=body.seed,
        metric=body.metric,
        limits=ctx.limits,
    )
    return journey.to_json()


def _party(members: list[PartyMember] | None) -> tuple[travel.Member, ...]:
    """Return the party of a ``/api/travel`` request as the library's members (or none)."""
    from footfall import travel

    if members is None:
        return ()
    return travel.parse_party([m.model_dump(exclude_none=True) for m in members])


def route_answer(body: RouteQuery, ctx: Context) -> dict[str, Any]:
    """Find the route of a ``/api/route`` request within the limits."""
    from footfall import route, travel

    lim = ctx.limits
    lang(body.lang)
    if (body.map is None) == (body.sample is None):
        raise InputError("error.api.route-map", map=Param("map"), sample=Param("sample"))
    if body.sample is not None:
        terrain_map = route.sample_map(body.sample)
    elif isinstance(body.map, dict):
        check_map_size({"map": body.map.get("rows")}, lim, "terrain map", "map")
        terrain_map = route.parse_map(body.map, limits=lim)
    else:
        terrain_map = route.parse_map_text(str(body.map), limits=lim)
    if terrain_map.width > lim.map_side or terrain_map.height > lim.map_side:
        raise LimitError(
            "error.api.map-cells",
            param=Param("map" if body.sample is None else "sample"),
            what=Noun("terrain map"),
            width=terrain_map.width,
            height=terrain_map.height,
            side=lim.map_side,
        )
    speeds = tuple(body.speeds) + ((body.speed,) if body.speed is not None else ())
    who = travel.Traveller(
        speeds=speeds, mount=body.mount, loaded=body.loaded, agility_bonus=body.agility_bonus
    )
    start = (body.start[0], body.start[1])
    goal = (body.goal[0], body.goal[1])
    found = route.find_route(
        terrain_map, start, goal, who, system_id=body.system, metric=body.metric, limits=lim
    )
    result: dict[str, Any] = found.to_json()
    return result


def _tie(system: str, choice: str | None) -> chase.ChaseTie:
    """Return the ``chase_tie`` switch: the user's choice, else the system's default."""
    from footfall import chase
    from footfall.rules import load_system

    if choice is None:
        try:
            choice = load_system(system).switches({})["chase_tie"]
        except (FootfallError, KeyError):
            choice = chase.ChaseTie.PURSUER.value
    return _member(chase.ChaseTie, choice, "chase_tie choice", "chase_tie")


def chase_answer(body: ChaseQuery, ctx: Context) -> dict[str, Any]:
    """Answer a ``/api/chase`` request: who gets away, exact odds, an optional roll."""
    from footfall import chase

    lang(body.lang)
    chase.require_chase_rules(body.system)
    pursuer = chase.parse_runner(body.pursuer, "pursuer")
    quarry = chase.parse_runner(body.quarry, "quarry")
    scale = _member(chase.Scale, body.scale, "scale", "scale")
    tie = _tie(body.system, body.chase_tie)
    result = chase.chase(
        pursuer, quarry, scale, tie, system=body.system, seed=body.seed, limits=ctx.limits
    )
    out: dict[str, Any] = result.to_json()
    return out


# ------------------------------------------------------------------------------ endpoints


@router.post("/api/travel")
async def travel_(body: TravelQuery, ctx: Ctx) -> Any:
    """Plan a journey day by day, with hustle, forced march and fatigue odds (JOURNEY.md)."""
    return await answer(travel_answer, body, ctx)


@router.post("/api/route")
async def route_(body: RouteQuery, ctx: Ctx) -> Any:
    """The fastest route across a terrain map; its legs feed ``/api/travel`` unchanged."""
    return await answer(route_answer, body, ctx)


@router.post("/api/chase")
async def chase_(body: ChaseQuery, ctx: Ctx) -> Any:
    """Who gets away: exact odds and an optional seeded roll (JOURNEY.md ``chase``)."""
    return await answer(chase_answer, body, ctx)
