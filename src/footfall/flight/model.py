"""Apply D&D 3.5 flight rules one step at a time: the flyer's state, its steps, their legality.

This module is the only place where the maneuverability table (seed 004 "表:机动性", read from
``footfall.rules``: `FlightRow`) turns into decisions. `advance` applies one `Step` to a
`FlightState` and returns the new state, the step's cost and the rules it breaks (its core,
`step_raw`, is split by rule: `_turn` and `_ordinary` for turns, `_move` with `_ground`,
`_cost` and `_steep` for steps that move); `keeps_flying` judges the end of a movement
(minimum forward speed). `check` (`footfall.flight.verdict`) and the searches
(`footfall.flight.machine`, which both engines run on) are views of these functions, so
they cannot disagree.

Geometry (decisions documented in ``docs/flight.md``; RULES.md 1.8):

- Squares are 5 ft; altitude is in 5-ft steps, 0 = on the ground. Facing is one of 8
  directions (45° apart), numbered as `footfall.grid.DIRECTIONS` (0 = N, clockwise).
- A moving step goes one square forward (or backward), optionally climbing or diving
  (``dz`` ft), or straight up or down. Its horizontal length ``h`` follows the 5-10-5 rule
  (RULES.md 1.2: the diagonal count runs over the whole movement); its vertical length is
  ``v = |dz|``; the distance it covers is ``max(h, v)`` (the vertical rides along a step, as
  a diagonal does on the ground).
- Cost: the distance, times ``1 / up_speed`` when climbing (half speed: climbing costs
  double; D&D 3.5 PHB *fly*: "ascend at half speed and descend at double speed"), times
  ``1 / down_speed`` when descending (seed: 俯冲速度 倍速, double speed: half cost). Switch
  ``flight_climb_cost`` = ``ground-plus-height`` (`ClimbCost`) prices a climbing step as its
  ground at the fly speed plus its height at the up speed instead.
- Angles: a climb (a run of consecutive climbing steps) must never rise, measured from where
  it began, more steeply than the up angle (仰角); likewise a dive and the down angle (俯角).
- Turns (转向): an ordinary turn of at most ``turn.degrees`` needs ``turn.per_ft`` ft flown
  since the last ordinary turn; turn credits do not accumulate (switch ``flight_turn_credit``
  = ``bank``, `TurnCredit`: they do, and a turn spends what it uses). What an ordinary turn cannot
  cover is turned in place (急转弯) at ``cost_ft`` per ``degrees``. All turning in one space
  (one 5-ft cube) is capped by the maximum turn (最大转向角度).
- Backward (倒退飞行): only classes that may; starting to fly backward costs the reverse (倒退)
  cell (good: 5 ft).
- Between down and up (升降缓冲): after descending, a climb needs that much level flight first.
- Minimum forward speed (最低飞行速度) counts the ground covered forward: the horizontal
  length of forward steps (a climb or dive covers its squares; straight up or down, hovering,
  turning in place and flying backward cover none).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Literal

from footfall.errors import Param, RuleDataError, unknown
from footfall.grid import DIRECTION_NAMES, DIRECTIONS, alternating_diagonals
from footfall.rules import (
    ANY,
    FlightRow,
    Maneuverability,
    RuleId,
    System,
    TurnInPlace,
    TurnRate,
    Unlimited,
)

__all__ = [
    "CLIMB_COST_SWITCH",
    "DELTAS",
    "DIRECTION_NAMES",
    "FALL_DICE_MAX",
    "FALL_FT_PER_DIE",
    "FLIGHT_ACTIONS",
    "FLIGHT_SWITCHES",
    "HALF_FT",
    "OPEN_SKY",
    "ROUND_START_SWITCH",
    "TURN_CREDIT_SWITCH",
    "Airspace",
    "ClimbCost",
    "Fault",
    "FlightState",
    "Flyer",
    "Raw",
    "RoundStart",
    "Step",
    "StepKind",
    "TurnCredit",
    "advance",
    "direction_name",
    "keeps_flying",
    "parse_direction",
    "raw",
    "since_turn_at_start",
    "step_raw",
    "switch_choices",
    "with_switches",
]

#: Costs are integers in half-feet: every flight cost is a multiple of 2.5 ft (double down speed).
HALF_FT = 2

#: ``(dx, dy)`` of facing 0..7 (N, NE, E, SE, S, SW, W, NW): the grid's directions.
DELTAS = DIRECTIONS

#: Actions a flyer may fly in, and the multiple of its fly speed each gives as a budget:
#: ``move`` flies its speed, ``double-move`` twice it (RULES.md 1.4 Actions; seed 004
#: 急行(Hustle): 一轮内移动双倍速度; ``systems/dnd35.toml`` ``actions.rows.*.speed_multiple``,
#: which a test checks this agrees with). Read-only; the CLI ``--action`` and the HTTP API
#: accept exactly these names.
FLIGHT_ACTIONS: Mapping[str, int] = MappingProxyType({"move": 1, "double-move": 2})

#: Falling damage: 1d6 per 10 ft fallen, at most 20d6 (D&D 3.5 DMG, "Falling"; the seed names
#: falling damage, 坠落伤害, without its amount).
FALL_FT_PER_DIE = 10
FALL_DICE_MAX = 20

#: tan² of the angles the table uses, exact (a float never decides a comparison).
_TAN_SQUARED: dict[int, Fraction] = {30: Fraction(1, 3), 45: Fraction(1), 60: Fraction(3)}


class TurnCredit(StrEnum):
    """How ft flown since the last ordinary turn pay for turns (switch ``flight_turn_credit``).

    Seed 004: 转向(Turn):生物前进特定距离时,可同时转向的最大角度 ("the most it can turn as it
    covers the stated distance"); DMG: "how much the creature can turn after covering the
    stated distance". Neither says whether more distance allows more turn.
    """

    RESET = "reset"
    """An ordinary turn needs the cell's distance and turns at most its degrees; any ordinary
    turn starts the count again (10 ft flown do not give an average flyer 90°). Default."""
    BANK = "bank"
    """Ft flown accumulate: each whole cell distance pays for the cell's degrees of an ordinary
    turn; a turn spends what it uses, the rest stays (10 ft give an average flyer 90°)."""


class ClimbCost(StrEnum):
    """What a climbing step costs (switch ``flight_climb_cost``).

    Seed 004: 爬升速度(Up Speed):生物向上攀升的最大速度 ("how fast the creature can climb"),
    半速 (half) or 全速 (full). Neither says which part of a climbing step is slowed.
    """

    COVERED = "covered"
    """The whole distance a climbing step covers (``max(ground, height)``) is flown at the up
    speed: half speed costs double, 10 ft a 45° square (PHB *fly*: "ascend at half speed").
    Default."""
    GROUND_PLUS_HEIGHT = "ground-plus-height"
    """Ground and height are counted apart and added: the ground at the fly speed, the height
    at the up speed; a 45° square at half up speed costs 5 + 10 = 15 ft (full: 10 ft)."""


class RoundStart(StrEnum):
    """What a flyer has flown since its last turn when its move starts and no one says
    (switch ``flight_round_start``; docs/flight.md, "Flight at the start of a round").

    Seed 004 counts the turn rate in distance flown (转向: 生物前进特定距离时...) and makes a
    flyer keep its minimum forward speed round after round: flight does not stop between
    turns, so the distance counts across rounds. A query that does not give it
    (``since_turn`` None) takes it from this switch.
    """

    TURN_READY = "turn-ready"
    """A flyer aloft has flown at least its class's turn distance since its last turn: its
    first ordinary turn may come at once (a clumsy flyer turns 45° at the start and 45° after
    10 ft). On the ground it takes off from a standing start: nothing flown. Default."""
    STANDING = "standing"
    """Every move starts as from a standing start: nothing flown since the last turn (a
    clumsy flyer's first turn needs 10 ft first). footfall's reading before issue 12."""


#: Interpretation switch (``systems/dnd35.toml`` ``interpretations``) of `TurnCredit`.
TURN_CREDIT_SWITCH = "flight_turn_credit"
#: Interpretation switch (``systems/dnd35.toml`` ``interpretations``) of `ClimbCost`.
CLIMB_COST_SWITCH = "flight_climb_cost"
#: Interpretation switch (``systems/dnd35.toml`` ``interpretations``) of `RoundStart`.
ROUND_START_SWITCH = "flight_round_start"
#: The interpretation switches the flight rules read.
FLIGHT_SWITCHES: tuple[str, ...] = (TURN_CREDIT_SWITCH, CLIMB_COST_SWITCH, ROUND_START_SWITCH)


def direction_name(facing: int) -> str:
    """Return the compass name (N, NE, ...) of facing `facing` (0..7)."""
    return DIRECTION_NAMES[facing % 8]


def parse_direction(text: str, *, param: Param | None = None) -> int:
    """Return the facing 0..7 named by `text` (N, NE, E, ..., any case), or raise InputError.

    `param` names the parameter `text` was given to in the error (default ``facing``).

    >>> parse_direction("se"), parse_direction("NW")
    (3, 7)
    """
    name = text.strip().upper()
    if name not in DIRECTION_NAMES:
        raise unknown("facing", text, DIRECTION_NAMES, param=param or Param("facing"))
    return DIRECTION_NAMES.index(name)


class StepKind(StrEnum):
    """What one step of a flight path does."""

    FORWARD = "forward"
    """One square ahead; level, or climbing (``dz > 0``) or diving (``dz < 0``) as it goes."""
    BACKWARD = "backward"
    """One square behind, facing unchanged (倒退飞行)."""
    VERTICAL = "vertical"
    """Straight up (``dz > 0``) or down (``dz < 0``) without moving across the grid."""
    TURN = "turn"
    """Turn by `turn` eighths: an ordinary turn, turning in place for the rest."""
    PIVOT = "pivot"
    """Turn by `turn` eighths entirely in place (急转弯)."""
    HOVER = "hover"
    """Stay in place in the air (盘旋)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a flight path: a kind, a height change `dz` (ft), a turn in eighths.

    `turn` is positive to the right (clockwise), negative to the left; one eighth is 45°.
    """

    kind: StepKind
    dz: int = 0
    turn: int = 0

    @property
    def moves(self) -> bool:
        """Whether the step changes the flyer's space (forward, backward, vertical)."""
        return self.kind in (StepKind.FORWARD, StepKind.BACKWARD, StepKind.VERTICAL)


def _tan2(row: FlightRow, column: str) -> tuple[int, int] | None:
    """Return tan² of the angle in `column` of `row` as ``(p, q)`` (tan² = p/q), or None when
    it does not limit (任意, or 90° and more)."""
    angle: Literal[Unlimited.ANY] | int = getattr(row, column)
    if angle is ANY:
        return None
    assert isinstance(angle, int)
    if angle >= 90:
        return None
    tan2 = _TAN_SQUARED.get(angle)
    if tan2 is None:
        raise RuleDataError(
            "error.flight.angle", cls=row.maneuverability.value, column=column, angle=angle
        )
    return tan2.numerator, tan2.denominator


@dataclass(frozen=True, slots=True)
class Flyer:
    """A flyer: its fly `speed` (ft), its maneuverability column, and its space's side.

    `side` is the side of its space in squares (1 up to medium, 2 large ...); its height is
    taken to be the same (``side`` x 5 ft) for the ceiling and for other creatures.
    `turn_credit` and `climb_cost` are the choices of the flight interpretation switches
    (defaults as in ``systems/dnd35.toml``; `with_switches` sets them from a query). The
    remaining fields are the column's numbers turned into integers once, at construction.
    """

    speed: int
    row: FlightRow
    side: int = 1
    turn_credit: TurnCredit = TurnCredit.RESET
    climb_cost: ClimbCost = ClimbCost.COVERED
    round_start: RoundStart = RoundStart.TURN_READY
    up_cost: tuple[int, int] = field(init=False, repr=False, compare=False)
    """Half-feet per ft flown while climbing, as ``(num, den)`` (1 / up speed)."""
    down_cost: tuple[int, int] = field(init=False, repr=False, compare=False)
    """Half-feet per ft flown while descending, as ``(num, den)`` (1 / down speed)."""
    up_tan2: tuple[int, int] | None = field(init=False, repr=False, compare=False)
    """tan² of the up angle as ``(p, q)``; None when any angle goes."""
    down_tan2: tuple[int, int] | None = field(init=False, repr=False, compare=False)
    """tan² of the down angle as ``(p, q)``; None when any angle goes."""

    def __post_init__(self) -> None:
        """Turn the column into integers; refuse multipliers that are not whole half-feet."""
        costs = []
        for name, value in (("up_speed", self.row.up_speed), ("down_speed", self.row.down_speed)):
            if value <= 0 or (5 * HALF_FT / value).denominator != 1:
                raise RuleDataError(
                    "error.flight.row-cost",
                    cls=self.row.maneuverability.value,
                    column=name,
                    value=value,
                )
            factor = HALF_FT / value
            costs.append((factor.numerator, factor.denominator))
        object.__setattr__(self, "up_cost", costs[0])
        object.__setattr__(self, "down_cost", costs[1])
        object.__setattr__(self, "up_tan2", _tan2(self.row, "up_angle"))
        object.__setattr__(self, "down_tan2", _tan2(self.row, "down_angle"))

    @property
    def maneuverability(self) -> Maneuverability:
        """The flyer's maneuverability class."""
        return self.row.maneuverability

    @property
    def height_ft(self) -> int:
        """Height of the flyer's space, ft."""
        return 5 * self.side

    @property
    def min_forward_ft(self) -> Fraction | None:
        """Least forward distance per round (最低飞行速度), ft, or None (no minimum)."""
        if self.row.min_forward_speed is None:
            return None
        return self.row.min_forward_speed * self.speed


@dataclass(frozen=True, slots=True)
class FlightState:
    """Where a flyer is and what its flight so far this movement still constrains.

    - `x`, `y`: the square (top-left of its space); `alt`: altitude of its lowest point, ft.
    - `facing`: 0..7 (N, NE, ... clockwise).
    - `spent`: movement spent, in half-feet (`HALF_FT` per ft).
    - `since_turn`: ft flown since the last ordinary turn (turn rate, 转向).
    - `turned_here`: degrees turned in the current space (maximum turn, 最大转向角度).
    - `diagonals`: horizontal diagonals taken so far this movement (5-10-5 rule).
    - `backward`: the last move across the grid was backward (reverse, 倒退).
    - `level_after_dive`: ft of level flight since the last descent; None when no descent
      constrains the next climb (升降缓冲).
    - `run`, `run_h`, `run_v`: the current climb (+1) or dive (-1) and its horizontal and
      vertical extent so far, ft (up and down angles); `run` 0 when flying level.
    - `forward`: ground covered forward this movement, ft: the horizontal (5-10-5) length
      of forward steps, climbing and diving ones included (minimum forward speed).
    """

    x: int
    y: int
    alt: int
    facing: int
    spent: int = 0
    since_turn: int = 0
    turned_here: int = 0
    diagonals: int = 0
    backward: bool = False
    level_after_dive: int | None = None
    run: int = 0
    run_h: int = 0
    run_v: int = 0
    forward: int = 0

    @property
    def spent_ft(self) -> Fraction:
        """Movement spent, ft."""
        return Fraction(self.spent, HALF_FT)


@dataclass(frozen=True, slots=True)
class Fault:
    """A rule a step breaks: the rule id (RULES.md), a catalog key and the message values."""

    rule: RuleId
    key: str
    values: tuple[tuple[str, object], ...] = ()


class Airspace:
    """Where a flyer may be: what the map, walls, ceiling and creatures allow.

    The base class is the open sky: no edges, no walls, no ceiling, nobody else. Scenes use
    `footfall.flight.space.SceneAirspace`.
    """

    def step_faults(
        self, flyer: Flyer, x: int, y: int, alt: int, direction: int | None, new_alt: int
    ) -> tuple[Fault, ...]:
        """Return the faults of moving `flyer` from (`x`, `y`, `alt`) one step.

        `direction` is the horizontal direction 0..7 or None for a vertical step; `new_alt`
        the altitude after it. The open sky refuses only going below the ground.
        """
        del flyer, x, y, direction
        if new_alt < 0:
            return (Fault(RuleId.FLIGHT_GROUND, "flight.fault.ground", (("alt", new_alt),)),)
        return ()

    def end_faults(self, flyer: Flyer, state: FlightState) -> tuple[Fault, ...]:
        """Return the faults of ending the movement in `state` (occupied space...)."""
        del flyer, state
        return ()

    def can_land(self, flyer: Flyer, x: int, y: int) -> bool:
        """Whether the flyer can stand on the ground at (`x`, `y`) (no pit under it)."""
        del flyer, x, y
        return True


#: The open sky: no map, no walls, no ceiling.
OPEN_SKY = Airspace()


#: The values of a `Fault`'s message, by name.
_Values = tuple[tuple[str, object], ...]

#: A state as a plain tuple, in `FlightState`'s field order (the search's hot path).
Raw = tuple[int, int, int, int, int, int, int, int, bool, int | None, int, int, int, int]


def raw(state: FlightState) -> Raw:
    """Return `state` as a plain tuple in field order."""
    return (
        state.x,
        state.y,
        state.alt,
        state.facing,
        state.spent,
        state.since_turn,
        state.turned_here,
        state.diagonals,
        state.backward,
        state.level_after_dive,
        state.run,
        state.run_h,
        state.run_v,
        state.forward,
    )


def _ordinary(flyer: Flyer, since: int, degrees: int, pivot: bool) -> tuple[int, int]:
    """Return how many of `degrees` an ordinary turn covers, and the ft since a turn after it.

    转向: at most ``turn.degrees`` once ``turn.per_ft`` ft were flown since the last ordinary
    turn (switch ``flight_turn_credit`` = ``bank``: each whole ``per_ft`` flown pays for
    ``turn.degrees``, and the turn spends what it uses); 任意: any turn. None when `pivot`.
    """
    turn = flyer.row.turn
    if turn is ANY:
        return (0 if pivot else degrees), since
    if pivot or not isinstance(turn, TurnRate) or since < turn.per_ft:
        return 0, since
    if flyer.turn_credit is TurnCredit.BANK:
        units = min(since // turn.per_ft, -(-degrees // turn.degrees))
        return min(degrees, units * turn.degrees), since - units * turn.per_ft
    return min(degrees, turn.degrees), 0


def _turn(
    flyer: Flyer, r: Raw, eighths: int, pivot: bool, faults: list[Fault] | None
) -> Raw | None:
    """Turn by `eighths` in the current space; record faults, or return None on the first.

    An ordinary turn covers what the turn rate allows (unless `pivot`, `_ordinary`); turning
    in place (急转弯) covers the rest, each `TurnInPlace.degrees` (or part of it) costing
    `cost_ft`; all turning in one space is capped by the maximum turn (最大转向角度).
    """
    x, y, alt, facing, spent, since, turned, diagonals, backward, level, run, rh, rv, fwd = r
    row = flyer.row
    degrees = 45 * abs(eighths)
    cost = 0
    ordinary, since = _ordinary(flyer, since, degrees, pivot)
    rest = degrees - ordinary
    tip = row.turn_in_place
    values: _Values
    if rest > 0 and tip is None:
        turn = row.turn
        if pivot:
            key, values = "flight.fault.no_turn_in_place", (("degrees", degrees),)
        else:
            assert isinstance(turn, TurnRate)
            key = "flight.fault.turn"
            values = (("degrees", degrees), ("allowed", ordinary), ("rate", turn.degrees),
                      ("per", turn.per_ft), ("flown", r[5]))  # fmt: skip
        if _broken(faults, RuleId.FLIGHT_TURN, key, values):
            return None
    elif rest > 0 and isinstance(tip, TurnInPlace):
        cost = -(-rest // tip.degrees) * tip.cost_ft * HALF_FT
    max_turn = row.max_turn
    if max_turn is not ANY and turned + degrees > max_turn:
        values = (("degrees", turned + degrees), ("max", max_turn))
        if _broken(faults, RuleId.FLIGHT_MAX_TURN, "flight.fault.max_turn", values):
            return None
    return (x, y, alt, (facing + eighths) % 8, spent + cost, since, turned + degrees, diagonals,
            backward, level, run, rh, rv, fwd)  # fmt: skip


def _broken(faults: list[Fault] | None, rule: RuleId, key: str, values: _Values = ()) -> bool:
    """Record a broken rule; return True when the step stops here (no list: the search)."""
    if faults is None:
        return True
    faults.append(Fault(rule, key, values))
    return False


def _ground(
    direction: int, diagonals: int, square_ft: int, diagonal_costs: tuple[int, int]
) -> tuple[int, int]:
    """Return the ground a step in `direction` covers (ft) and the diagonals taken after it.

    The 5-10-5 rule (`footfall.grid.alternating_diagonals`): the count runs over the whole
    movement, so a diagonal's length depends on how many came before.
    """
    if direction % 2:
        squares, _ = alternating_diagonals(diagonals % 2, 1, diagonal_costs)
        return squares * square_ft, diagonals + 1
    return square_ft, diagonals


def _cost(flyer: Flyer, h: int, v: int, dz: int) -> int:
    """Return the cost (half-feet) of covering `h` ft of ground and `v` ft of height `dz`.

    Level: the distance, ``max(h, v)``. Climbing: the distance at the up speed (switch
    ``flight_climb_cost`` = ``ground-plus-height``: the ground at the fly speed plus the height
    at the up speed). Descending: the distance at the down speed.
    """
    distance = h if h >= v else v
    if dz == 0:
        return distance * HALF_FT
    if dz > 0 and flyer.climb_cost is ClimbCost.GROUND_PLUS_HEIGHT:
        num, den = flyer.up_cost
        return h * HALF_FT + v * num // den
    num, den = flyer.up_cost if dz > 0 else flyer.down_cost
    return distance * num // den


def _steep(flyer: Flyer, run: int, rh: int, rv: int) -> _Values | None:
    """Return the fault's values when climb (dive) `run` of `rh` by `rv` ft is too steep."""
    tan2 = flyer.up_tan2 if run > 0 else flyer.down_tan2
    if tan2 is None or tan2[1] * rv * rv <= tan2[0] * rh * rh:
        return None
    angle = flyer.row.up_angle if run > 0 else flyer.row.down_angle
    return (("v", rv), ("h", rh), ("angle", angle))


def _move(
    flyer: Flyer,
    r: Raw,
    step: Step,
    space: Airspace,
    square_ft: int,
    diagonal_costs: tuple[int, int],
    faults: list[Fault] | None,
) -> Raw | None:
    """Apply a step that moves (forward, backward, vertical); see `step_raw`."""
    x, y, alt, facing, spent, since, _, diagonals, backward, level, run, rh, rv, fwd = r
    row = flyer.row
    kind = step.kind
    dz = step.dz
    v = dz if dz >= 0 else -dz
    h = 0
    extra = 0
    direction: int | None = None
    if kind is not StepKind.VERTICAL:
        direction = facing if kind is StepKind.FORWARD else (facing + 4) % 8
        h, diagonals = _ground(direction, diagonals, square_ft, diagonal_costs)
        if kind is StepKind.BACKWARD:
            if not row.fly_backward:
                if _broken(faults, RuleId.FLIGHT_BACKWARD, "flight.fault.backward"):
                    return None
            elif not backward and isinstance(row.reverse, int):
                extra = row.reverse * HALF_FT  # 倒退: starting to fly backward
        backward = kind is StepKind.BACKWARD
    distance = h if h >= v else v
    cost = _cost(flyer, h, v, dz) + extra

    # Up and down angles, measured over the whole current climb or dive.
    if dz != 0:
        sign = 1 if dz > 0 else -1
        if run != sign:
            run, rh, rv = sign, 0, 0
        rh += h
        rv += v
        steep = _steep(flyer, run, rh, rv)
        if steep is not None:
            rule, key = (
                (RuleId.FLIGHT_CLIMB, "flight.fault.climb")
                if sign > 0
                else (RuleId.FLIGHT_DIVE, "flight.fault.dive")
            )
            if _broken(faults, rule, key, steep):
                return None
    elif h > 0:
        run, rh, rv = 0, 0, 0

    # Between down and up (升降缓冲).
    if dz > 0:
        need = row.between_down_up_ft
        if level is not None and level < need:
            values = (("need", need), ("flown", level))
            if _broken(faults, RuleId.FLIGHT_LEVEL, "flight.fault.level", values):
                return None
        level = None
    elif dz < 0:
        level = 0 if row.between_down_up_ft > 0 else None
    elif level is not None and h > 0:
        level += distance

    new_alt = alt + dz
    found = space.step_faults(flyer, x, y, alt, direction, new_alt)
    if found:
        if faults is None:
            return None
        faults.extend(found)
    if direction is not None:
        dx, dy = DELTAS[direction]
        x += dx
        y += dy
    forward = fwd + (h if kind is StepKind.FORWARD else 0)
    return (x, y, new_alt, facing, spent + cost, since + distance, 0, diagonals, backward,
            level, run, rh, rv, forward)  # fmt: skip


def step_raw(
    flyer: Flyer,
    r: Raw,
    step: Step,
    space: Airspace,
    square_ft: int,
    diagonal_costs: tuple[int, int],
    faults: list[Fault] | None,
) -> Raw | None:
    """Apply `step` to the raw state `r`: the one function that decides flight legality.

    With a `faults` list, every broken rule is appended and the state after the step is
    still returned (a check reports them all); with None, the first broken rule returns None
    (the search never takes a faulty step). Hovering (盘旋) needs the class's hover; turns are
    `_turn`'s, moving steps `_move`'s (ground, cost, angles, between down and up, airspace).
    """
    kind = step.kind
    if kind is StepKind.HOVER:
        if not flyer.row.hover and _broken(faults, RuleId.FLIGHT_HOVER, "flight.fault.hover"):
            return None
        return r
    if kind is StepKind.TURN or kind is StepKind.PIVOT:
        if step.turn == 0:
            return r
        return _turn(flyer, r, step.turn, kind is StepKind.PIVOT, faults)
    if kind is StepKind.VERTICAL and step.dz == 0:
        return r
    return _move(flyer, r, step, space, square_ft, diagonal_costs, faults)


def advance(
    flyer: Flyer,
    state: FlightState,
    step: Step,
    space: Airspace = OPEN_SKY,
    *,
    square_ft: int = 5,
    diagonal_costs: tuple[int, int] = (1, 2),
) -> tuple[FlightState, list[Fault]]:
    """Apply `step` to `state`: return the state after it (cost added) and the rules it breaks.

    The state after a faulty step is still computed, so a check can go on and report every
    fault. `diagonal_costs` is the 5-10-5 rule in squares (``System.tactical.diagonal_costs``).
    """
    faults: list[Fault] = []
    after = step_raw(flyer, raw(state), step, space, square_ft, diagonal_costs, faults)
    assert after is not None
    return FlightState(*after), faults


def keeps_flying(flyer: Flyer, state: FlightState) -> bool:
    """Whether the movement so far meets the minimum forward speed (or there is none)."""
    need = flyer.min_forward_ft
    return need is None or state.forward >= need


def with_switches(flyer: Flyer, system: System, switches: Mapping[str, str] | None) -> Flyer:
    """Return `flyer` with the flight switches of `switches` applied (None: `flyer` as it is).

    `switches` are interpretation switches by name (``{"flight_turn_credit": "bank"}``), as the
    CLI's ``--switch`` and the API's ``interpretations``: every flight switch takes its choice
    from them or its default in the system data. An unknown switch or choice raises
    `InputError` naming the valid ones (`System.switches`); switches of other rules are accepted
    and ignored here.
    """
    if switches is None:
        return flyer
    chosen = system.switches(switches)
    return replace(
        flyer,
        turn_credit=TurnCredit(chosen[TURN_CREDIT_SWITCH]),
        climb_cost=ClimbCost(chosen[CLIMB_COST_SWITCH]),
        round_start=RoundStart(chosen[ROUND_START_SWITCH]),
    )


def switch_choices(flyer: Flyer) -> dict[str, str]:
    """Return the flight switches `flyer` flies under, by name (as answers report them)."""
    return {
        TURN_CREDIT_SWITCH: flyer.turn_credit.value,
        CLIMB_COST_SWITCH: flyer.climb_cost.value,
        ROUND_START_SWITCH: flyer.round_start.value,
    }


def since_turn_at_start(flyer: Flyer, alt: int) -> int:
    """Return the ft flown since the last turn a move starting at `alt` counts when no one says
    (switch ``flight_round_start``): the class's turn distance aloft under ``turn-ready``
    (0 for any turn), else 0.

    >>> from footfall.rules import load_system
    >>> clumsy = next(r for r in load_system("dnd35").flight.rows if r.maneuverability == "clumsy")
    >>> since_turn_at_start(Flyer(20, clumsy), 30), since_turn_at_start(Flyer(20, clumsy), 0)
    (10, 0)
    """
    turn = flyer.row.turn
    if flyer.round_start is RoundStart.STANDING or alt <= 0 or isinstance(turn, Unlimited):
        return 0
    return turn.per_ft
