"""Build a flight query from a front-end's options, each checked here once for every front-end.

The ``footfall fly`` commands and the HTTP API's ``/api/flight/*`` take the same options: a
scene and a mover, or a fly speed and a class in the open sky; an altitude, a facing, an
action, the ft flown since the last turn or dive, interpretation switches, an altitude band,
a target, a Reflex bonus, a number of rounds. `flight_request` turns them into what the
library's calls take (`FlightRequest`), and `flight_target`, `flight_steps`, `reflex_bonus`
and `stall_rounds` check the rest. Every refusal is an `InputError` (or `LimitError`) whose
`param` is the option's library name (`Param("alt")`, `Param("since_turn")`): the CLI spells
it as its flag (``--alt``), the API as its field (``'alt'``). Bounds are `Limits` fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from footfall.errors import InputError, Noun, Param, quote, unknown
from footfall.flight.model import (
    FLIGHT_ACTIONS,
    OPEN_SKY,
    Airspace,
    FlightState,
    Flyer,
    Step,
    parse_direction,
    since_turn_at_start,
    with_switches,
)
from footfall.flight.notation import parse_squares, parse_steps
from footfall.flight.space import (
    BandedAirspace,
    SceneAirspace,
    default_flight_system,
    flyer_of,
    scene_flyer,
)
from footfall.limits import LIMITS, Limits
from footfall.rules import System
from footfall.units import FT_PER_SQUARE

if TYPE_CHECKING:  # the scene model loads with a scene (the open sky does not need it)
    from footfall.scene import Scene

__all__ = [
    "FlightRequest",
    "flight_request",
    "flight_steps",
    "flight_target",
    "reflex_bonus",
    "stall_rounds",
]

#: The options of the open sky (no scene), as the errors name them.
_SPEED, _CLASS = Param("speed"), Param("maneuverability")


@dataclass(frozen=True, slots=True)
class FlightRequest:
    """A flight query, checked: what `check`, `reach` and `find_flight_path` take.

    `flyer` has the query's switches applied; `space` is the scene's airspace (or the open
    sky), kept to the altitude band asked for; `name` names the flyer in answers (the mover's
    id, or ``flyer``); `budget_ft` is what `action` allows (`FLIGHT_ACTIONS`).
    """

    system: System
    flyer: Flyer
    space: Airspace
    start: FlightState
    name: str
    action: str
    budget_ft: int


def _check_since(since_turn: int, since_dive: int | None, limits: Limits) -> None:
    """Refuse ft flown since a turn or a dive below 0 or past `limits.since_ft`."""
    turn, dive = Param("since_turn"), Param("since_dive")
    for param, value in ((turn, since_turn), (dive, since_dive)):
        if value is not None and value < 0:
            raise InputError("error.flight.since-negative", param=param, value=value, turn=turn,
                             dive=dive)  # fmt: skip
    for param, value in ((turn, since_turn), (dive, since_dive)):
        if value is not None and value > limits.since_ft:
            raise InputError(
                "error.flight.since-high", param=param, value=value, most=limits.since_ft
            )


def _flyer(
    scene: Scene | Callable[[], Scene] | None,
    mover: str | None,
    speed: int | None,
    maneuverability: str | None,
    system: System | None,
) -> tuple[System, Flyer, Airspace, tuple[int, int, int], str]:
    """Return the system, flyer, airspace, start square and altitude, and the flyer's name.

    From the scene's creature `mover` (the scene is loaded only once the options agree), or
    in the open sky (`system`, default `default_flight_system`) from `speed` and `maneuverability`.
    """
    if scene is not None:
        if mover is None:
            raise InputError("error.flight.mover-required", param=Param("mover"))
        if speed is not None or maneuverability is not None:
            given = _SPEED if speed is not None else _CLASS
            raise InputError(
                "error.flight.open-sky-only", param=given, speed=_SPEED, maneuverability=_CLASS
            )
        from footfall.scene import Scene

        loaded = scene if isinstance(scene, Scene) else scene()
        system, flyer, space, creature = scene_flyer(loaded, mover)
        x, y = creature.at
        return system, flyer, space, (x, y, creature.alt), mover
    if speed is None or maneuverability is None:
        missing = _SPEED if speed is None else _CLASS
        raise InputError(
            "error.flight.open-sky-needs", param=missing, speed=_SPEED, maneuverability=_CLASS
        )
    chosen = default_flight_system() if system is None else system
    return chosen, flyer_of(chosen, speed, maneuverability), OPEN_SKY, (0, 0, 0), mover or "flyer"


def _check_alt(alt: int, flyer: Flyer, space: Airspace, name: str, limits: Limits) -> None:
    """Refuse a start altitude off the 5-ft grid, below 0, too high, or above the ceiling."""
    if alt < 0 or alt % FT_PER_SQUARE:
        raise InputError("error.flight.alt-step", param=Param("alt"), value=alt)
    if alt > limits.fall_alt_ft:
        raise InputError(
            "error.flight.alt-high", param=Param("alt"), value=alt, most=limits.fall_alt_ft
        )
    ceiling = space.ceiling if isinstance(space, SceneAirspace) else None
    if ceiling is not None and alt + flyer.height_ft > ceiling:
        raise InputError(
            "error.flight.ceiling",
            param=Param("alt"),
            value=alt,
            height=flyer.height_ft,
            name=name,
            ceiling=ceiling,
        )


def _banded(space: Airspace, start: FlightState, alt_range: str | Sequence[int]) -> Airspace:
    """Keep `space` to the band `alt_range` around the start: ``LOW-HIGH`` text or a pair."""
    param = Param("alt_range")
    if isinstance(alt_range, str):
        low_text, sep, high_text = alt_range.partition("-")
        try:
            low, high = int(low_text), int(high_text)
        except ValueError:
            raise InputError(
                "error.flight.alt-range-syntax", param=param, value=alt_range
            ) from None
        value: object = alt_range
        shape = Noun("alt range text")
    else:
        low, high = alt_range
        sep, value, shape = "-", [low, high], Noun("alt range pair")
    if not sep or not low <= start.alt <= high:
        raise InputError(
            "error.flight.alt-range-start", param=param, value=value, shape=shape, alt=start.alt
        )
    return BandedAirspace(space, low, high)


def flight_request(
    *,
    scene: Scene | Callable[[], Scene] | None = None,
    mover: str | None = None,
    speed: int | None = None,
    maneuverability: str | None = None,
    alt: int | None = None,
    facing: str = "N",
    action: str = "move",
    since_turn: int | None = None,
    since_dive: int | None = None,
    switches: Mapping[str, str] | None = None,
    alt_range: str | Sequence[int] | None = None,
    system: System | None = None,
    limits: Limits = LIMITS,
) -> FlightRequest:
    """Check a flight query's options and return it as the library's calls take it.

    - `scene` (a `Scene`, or a function that loads one: it is called once the options agree)
      and `mover`, the id of the flying creature; or, without a scene, the open sky of
      `system` (default: the first with flight rules) with `speed` (ft) and
      `maneuverability` (a class name), starting at square 0,0.
    - `alt`: starting altitude, ft (default: the creature's, or 0): a multiple of 5, at most
      `limits.fall_alt_ft`, below the scene's ceiling. `facing`: N NE E ... NW.
    - `action`: a name of `FLIGHT_ACTIONS`; the budget is the fly speed times its multiple.
    - `since_turn`, `since_dive`: ft flown since the last turn (None: as switch
      ``flight_round_start`` says: a flyer aloft is ready to turn, one on the ground is not),
      and of level flight since a descent that ended just before (None: none pending); 0 to
      `limits.since_ft`.
    - `switches`: interpretation switches (`with_switches`; None: the defaults).
    - `alt_range`: keep the flight between two altitudes around the start: ``"LOW-HIGH"``
      (the CLI's text) or ``(low, high)``.

    Each refusal names its option (`Param`), in the order the options are listed here.

    >>> request = flight_request(speed=80, maneuverability="average", alt=30, facing="E")
    >>> request.name, request.budget_ft, request.start.alt, request.start.facing
    ('flyer', 80, 30, 2)
    >>> flight_request(speed=80, maneuverability="average", alt=7)
    Traceback (most recent call last):
    ...
    footfall.errors.InputError: altitude must be a multiple of 5 ft, at least 0, not 7
    """
    if action not in FLIGHT_ACTIONS:
        raise unknown("action", action, FLIGHT_ACTIONS, param=Param("action"))
    heading = parse_direction(facing)
    _check_since(since_turn or 0, since_dive, limits)
    system, flyer, space, (x, y, at_alt), name = _flyer(
        scene, mover, speed, maneuverability, system
    )
    start_alt = at_alt if alt is None else alt
    _check_alt(start_alt, flyer, space, name, limits)
    flyer = with_switches(flyer, system, switches)
    if since_turn is None:
        since_turn = since_turn_at_start(flyer, start_alt)
    start = FlightState(
        x, y, start_alt, heading, since_turn=since_turn, level_after_dive=since_dive
    )
    if alt_range is not None:
        space = _banded(space, start, alt_range)
    budget = flyer.speed * FLIGHT_ACTIONS[action]
    return FlightRequest(system, flyer, space, start, name, action, budget)


def flight_target(
    to: str | Sequence[int], space: Airspace, *, limits: Limits = LIMITS
) -> tuple[int, int, int]:
    """Return the end `to` of a flight (``"X,Y,ALT"``, the CLI's text, or ``(x, y, alt)``).

    The altitude is a multiple of 5 ft, 0 to `limits.fall_alt_ft` (as a start's); on a scene
    the square is on its map. The errors name parameter ``to``.

    >>> from footfall.flight import OPEN_SKY
    >>> flight_target("1,8,5", OPEN_SKY), flight_target((1, 8, 5), OPEN_SKY)
    ((1, 8, 5), (1, 8, 5))
    >>> flight_target("1,8,7", OPEN_SKY)
    Traceback (most recent call last):
    ...
    footfall.errors.InputError: to altitude must be a multiple of 5 ft, at least 0, not 7
    """
    param = Param("to")
    if isinstance(to, str):
        try:
            x, y, alt = (int(p) for p in to.split(","))
        except ValueError:
            raise InputError("error.flight.to-syntax", param=param, value=to) from None
        where = f"{x},{y}"
    else:
        x, y, alt = to
        where = f"[{quote(x)}, {quote(y)}]"
    if alt < 0 or alt % FT_PER_SQUARE:
        raise InputError("error.flight.to-alt", param=param, value=alt)
    if alt > limits.fall_alt_ft:
        raise InputError(
            "error.flight.to-alt-high", param=param, value=alt, most=limits.fall_alt_ft
        )
    grid = space.inner if isinstance(space, BandedAirspace) else space
    if isinstance(grid, SceneAirspace) and not grid.inside(x, y):
        raise InputError(
            "error.flight.to-off-map", param=param, where=where, w=grid.width, h=grid.height
        )
    return x, y, alt


def flight_steps(
    steps: str | None,
    path: str | None,
    *,
    flyer: Flyer,
    start: FlightState,
    limits: Limits = LIMITS,
) -> list[tuple[int, Step]]:
    """Return the flight to check: exactly one of `steps` (``"f2 r90 d10"``) and `path`
    (3-D squares ``"X,Y,ALT ..."`` after `start`), parsed (`parse_steps`, `parse_squares`)."""
    if (steps is None) == (path is None):
        raise InputError(
            "error.flight.steps-or-path", param=Param("steps"), steps=Param("steps"),
            path=Param("path"),
        )  # fmt: skip
    if steps is not None:
        return parse_steps(steps, limits=limits)
    return parse_squares(path or "", flyer, start, limits=limits)


def reflex_bonus(reflex: int, *, limits: Limits = LIMITS) -> int:
    """Return `reflex` if it is a Reflex save bonus footfall takes (`Limits.min_reflex`..
    `max_reflex`), else raise `InputError`."""
    if not limits.min_reflex <= reflex <= limits.max_reflex:
        raise InputError(
            "error.flight.reflex-range",
            param=Param("reflex"),
            value=reflex,
            low=limits.min_reflex,
            high=limits.max_reflex,
        )
    return reflex


def stall_rounds(rounds: int | None, *, limits: Limits = LIMITS) -> int | None:
    """Return `rounds` (None: not asked) if it is 1 to `limits.stall_rounds`, else raise."""
    if rounds is not None and not 1 <= rounds <= limits.stall_rounds:
        raise InputError(
            "error.flight.rounds-range",
            param=Param("rounds"),
            value=rounds,
            most=limits.stall_rounds,
        )
    return rounds
