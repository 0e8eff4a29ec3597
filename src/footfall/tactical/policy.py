"""Step policies: turn (scene, mover, action, switches) into arrays the search consumes.

One policy per query. It knows the game; the search (`footfall.tactical.search`) does not.
The policy builds a `Frame` - per *position* (the top-left square of the mover's space) a block
reason, a cost class code, the note bits a GM reads in the breakdown, an end-legality reason and
the blocked exits - on a window of the map. Everything about a step's price comes from two
functions used by every view:

- `build_frame` fills those arrays (vectorised, on the window only), and
- `step_price` prices one step from a rule state into a class code.

`Frame.graph` tabulates `step_price` for the search; `walk` applies it step by step to a given
path (``check``, the breakdown, charges). reachable / path / check therefore cannot disagree.

Costs are integers in an internal unit: squares for pf1e/dnd35 (shown as 5 ft each) and
drawsteel; for dh2e half metres (``equidistant``, ``alternating``) or thousandths of a metre
(``euclidean``, whose diagonal is sqrt(2) rounded to the nearest 1/1000 m: a display rounding).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from enum import IntEnum, IntFlag
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from footfall.errors import InputError, LimitError
from footfall.grid import DIRECTIONS, alternating_diagonals
from footfall.rules import (
    Armor,
    Difficulty,
    Family,
    Load,
    Mode,
    Size,
    SteelSize,
    System,
    load_system,
)
from footfall.scene import (
    MAX_SPEED,
    Creature,
    Flag,
    LegendEntry,
    Scene,
    flag_mask,
    footprint,
    impassable_mask,
    terrain_index,
    thin_wall_exits,
)
from footfall.tactical.actions import ActionSpec, Budget, action_spec
from footfall.tactical.search import StepGraph

__all__ = [
    "BLOCK_RULE",
    "END_RULE",
    "Block",
    "End",
    "Frame",
    "Note",
    "Policy",
    "Provocation",
    "StepRules",
    "TerrainTest",
    "Walk",
    "WalkStep",
    "build_frame",
    "direction_of",
    "hardest_test",
    "make_policy",
    "provocations",
    "step_price",
    "straight_lines",
    "walk",
]


class Block(IntEnum):
    """Why a position cannot be entered; a higher value wins when several apply."""

    OK = 0
    """The position can be entered."""
    ENEMY = 1
    """An enemy's space that this mover may not pass (RULES 1.3, `enemy-space`)."""
    TOO_NARROW = 2
    """Narrower than half the mover's space, or lower than a quarter (RULES 1.5)."""
    IMPASSABLE = 3
    """Impassable terrain or a pit for a walker (RULES 1.2)."""
    WALL = 4
    """A wall square."""
    OUT = 5
    """Part of the mover's space would be off the map."""


#: Rule id (RULES.md) of each block reason.
BLOCK_RULE: dict[int, str] = {
    Block.ENEMY: "enemy-space",
    Block.TOO_NARROW: "too-narrow",
    Block.IMPASSABLE: "impassable",
    Block.WALL: "wall",
    Block.OUT: "out-of-bounds",
}


class End(IntEnum):
    """Why a movement may not end at a position; a higher value wins."""

    OK = 0
    """It may end there."""
    OBSTACLE = 1
    """An obstacle (seed 004: crossed, never stood on), `obstacle-end`."""
    OCCUPIED = 2
    """Another creature's space (RULES 1.3 / 3), `occupied-end`."""


#: Rule id of each end reason.
END_RULE: dict[int, str] = {End.OBSTACLE: "obstacle-end", End.OCCUPIED: "occupied-end"}


class Note(IntFlag):
    """What a position holds that matters to a step's price or report (OR over its space)."""

    DIFFICULT = 1
    """Difficult terrain (x2 pf1e/dnd35, +1 drawsteel)."""
    OBSTACLE = 2
    """Obstacle terrain (x2 pf1e/dnd35; drawsteel: difficult)."""
    POOR_VISIBILITY = 4
    """Poor visibility (x2 pf1e/dnd35)."""
    HELPLESS_OBSTACLE = 8
    """A helpless creature of huge size or more: an obstacle (x2, seed 004 line 116)."""
    SQUEEZE_W = 16
    """A square at least half but less than the mover's width (x2, -4/-4)."""
    SQUEEZE_H = 32
    """A square at least half but less than the mover's height (x2, -4/-4)."""
    CRAWL = 64
    """A square a quarter of the mover's height: prone crawl, 5 ft per move."""
    CORRIDOR = 128
    """A large-or-bigger mover squeezing through a corridor half its width (x2, -4/-4)."""
    ALLY = 256
    """An ally's space (passed freely; not while charging)."""
    ENEMY = 512
    """An enemy's space passed (drawsteel: difficult terrain)."""
    PASS_OCCUPIED = 1024
    """An enemy passed by a tiny mover or across three size categories (provokes)."""
    HAZARDOUS = 2048
    """Hazardous terrain (drawsteel: no shifting into it)."""
    HELPLESS = 4096
    """A helpless creature's space, passed freely."""


# Plain-int copies of the enum members for the vectorised hot path (enum access is slow).
_NOTE_DIFFICULT = int(Note.DIFFICULT)
_NOTE_OBSTACLE = int(Note.OBSTACLE)
_NOTE_POOR_VISIBILITY = int(Note.POOR_VISIBILITY)
_NOTE_HELPLESS_OBSTACLE = int(Note.HELPLESS_OBSTACLE)
_NOTE_SQUEEZE_W = int(Note.SQUEEZE_W)
_NOTE_SQUEEZE_H = int(Note.SQUEEZE_H)
_NOTE_CRAWL = int(Note.CRAWL)
_NOTE_CORRIDOR = int(Note.CORRIDOR)
_NOTE_ALLY = int(Note.ALLY)
_NOTE_ENEMY = int(Note.ENEMY)
_NOTE_PASS_OCCUPIED = int(Note.PASS_OCCUPIED)
_NOTE_HAZARDOUS = int(Note.HAZARDOUS)
_NOTE_HELPLESS = int(Note.HELPLESS)
_BLOCK_OK = int(Block.OK)
_BLOCK_ENEMY = int(Block.ENEMY)
_BLOCK_TOO_NARROW = int(Block.TOO_NARROW)
_BLOCK_IMPASSABLE = int(Block.IMPASSABLE)
_BLOCK_WALL = int(Block.WALL)
_BLOCK_OUT = int(Block.OUT)
_END_OK = int(End.OK)
_END_OBSTACLE = int(End.OBSTACLE)
_END_OCCUPIED = int(End.OCCUPIED)

#: What a shift may not start in: difficult (an enemy's space is difficult) or hazardous.
_SHIFT_BLOCKING = Note.DIFFICULT | Note.OBSTACLE | Note.HAZARDOUS | Note.ENEMY

#: Width of a creature's space in ft (official Core Rulebook, table "Creature Size and
#: Scale"; seed 004 "体型与空间"): what the width clearance of a square is compared with.
_SPACE_FT: dict[str, Fraction] = {
    "fine": Fraction(1, 2),
    "diminutive": Fraction(1),
    "tiny": Fraction(5, 2),
    "small": Fraction(5),
    "medium": Fraction(5),
    "large": Fraction(10),
    "huge": Fraction(15),
    "gargantuan": Fraction(20),
    "colossal": Fraction(30),
}
#: Typical height of a creature in ft: the middle of its size's height range (official Core
#: Rulebook, table "Size Modifiers and Dimensions": medium 4-8 ft -> 6, small 2-4 -> 3 ...;
#: colossal "64 ft or more" -> 64). A creature may give its own with ``"x-height_ft"``.
_HEIGHT_FT: dict[str, Fraction] = {
    "fine": Fraction(1, 4),
    "diminutive": Fraction(3, 4),
    "tiny": Fraction(3, 2),
    "small": Fraction(3),
    "medium": Fraction(6),
    "large": Fraction(12),
    "huge": Fraction(24),
    "gargantuan": Fraction(48),
    "colossal": Fraction(64),
}


# --------------------------------------------------------------------------------------------
# Per-scene precomputation (once per scene, cached)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Prepared:
    """Full-map masks of a scene, computed once: terrain flags, thin walls and corners."""

    wall: npt.NDArray[np.bool_]
    impassable: npt.NDArray[np.bool_]
    pit: npt.NDArray[np.bool_]
    difficult: npt.NDArray[np.bool_]
    obstacle: npt.NDArray[np.bool_]
    poor_visibility: npt.NDArray[np.bool_]
    hazardous: npt.NDArray[np.bool_]
    thin: npt.NDArray[np.uint8]
    corner: npt.NDArray[np.uint8]
    index: npt.NDArray[np.int16]
    """The map as indices into `entries` (`footfall.scene.terrain_index`)."""
    entries: tuple[LegendEntry, ...]
    has_narrow: bool
    """Whether any legend entry gives a ``width_ft`` or ``height_ft`` (RULES 1.5)."""
    has_terrain: bool
    """Whether any legend entry names a dh2e ``terrain`` (seed 001 table)."""
    orders: dict[str, int]
    """Size order of every creature (pf: fine 0 .. colossal 8; drawsteel: 1T 0 .. 5 7)."""
    sides: dict[str, int]
    """Side of every creature's space, in squares."""


_PREPARED: OrderedDict[int, tuple[Scene, _Prepared]] = OrderedDict()
_PREPARED_MAX = 16


def _corner_bits(wall: npt.NDArray[np.bool_]) -> npt.NDArray[np.uint8]:
    """Return bit d set where a diagonal step d passes a wall square's corner (RULES 1.2, 3).

    The step (x, y) -> (x+dx, y+dy) is blocked when (x+dx, y) or (x, y+dy) is a wall square:
    one wall square beside both squares is enough (seed 002 "Нельзя срезать углы").
    """
    height, width = wall.shape
    padded = np.zeros((height + 2, width + 2), dtype=np.bool_)
    padded[1:-1, 1:-1] = wall
    bits = np.zeros((height, width), dtype=np.uint8)
    for d in (1, 3, 5, 7):
        dx, dy = DIRECTIONS[d]
        side_x = padded[1 : height + 1, 1 + dx : width + 1 + dx]
        side_y = padded[1 + dy : height + 1 + dy, 1 : width + 1]
        bits |= ((side_x | side_y).astype(np.uint8) << np.uint8(d)).astype(np.uint8)
    return bits


def _prepare(scene: Scene) -> _Prepared:
    """Return the scene's full-map masks, from a small cache keyed by the scene object."""
    hit = _PREPARED.get(id(scene))
    if hit is not None and hit[0] is scene:
        _PREPARED.move_to_end(id(scene))
        return hit[1]
    index, entries = terrain_index(scene)
    wall = flag_mask(scene, Flag.WALL)
    system = load_system(scene.system)
    prepared = _Prepared(
        wall=wall,
        impassable=impassable_mask(scene),
        pit=flag_mask(scene, Flag.PIT),
        difficult=flag_mask(scene, Flag.DIFFICULT),
        obstacle=flag_mask(scene, Flag.OBSTACLE),
        poor_visibility=flag_mask(scene, Flag.POOR_VISIBILITY),
        hazardous=flag_mask(scene, Flag.HAZARDOUS),
        thin=thin_wall_exits(scene),
        corner=_corner_bits(wall),
        index=index,
        entries=entries,
        has_narrow=any(e.width_ft is not None or e.height_ft is not None for e in entries),
        has_terrain=any(e.terrain for e in entries),
        orders={c.id: _size_order(system, scene, c) for c in scene.creatures},
        sides={c.id: footprint(scene, c) for c in scene.creatures},
    )
    _PREPARED[id(scene)] = (scene, prepared)
    while len(_PREPARED) > _PREPARED_MAX:
        _PREPARED.popitem(last=False)
    return prepared


# --------------------------------------------------------------------------------------------
# Step pricing: the one function every view uses
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StepRules:
    """The parameters of `step_price`: how a system prices one step.

    `kind` is ``pf`` (pf1e/dnd35), ``ds`` (drawsteel) or ``dh`` (dh2e); `diagonal` the
    diagonal scheme (``as-diagonals`` | ``multiply`` for pf, ``equidistant`` | ``alternating``
    | ``euclidean`` for dh, ``flat`` for ds); `orth` and `diag` the base costs of a step in the
    internal unit (dh; pf and ds use 1 and the 5-10-5 / flat rule).
    """

    kind: str
    diagonal: str
    orth: int = 1
    diag: int = 1
    forbid_hampered: str | None = None
    shift: bool = False
    no_ally: bool = False
    crawl_cost: int = 1
    prone: bool = False
    """pf: whether the rule state also remembers that the mover is prone (a scene with crawl
    squares for this mover): state = parity | 2 x prone."""
    no_stand: bool = False
    """pf: the action cannot include standing up from prone (a full-round action, or one that
    forbids hampering: ``stand-up``)."""

    @property
    def states(self) -> int:
        """Number of rule states: 2 where the diagonal count's parity matters, else 1; twice
        that when the mover may be prone (pf crawl squares)."""
        parity = 2 if self.diagonal in ("as-diagonals", "multiply", "alternating") else 1
        return parity * (2 if self.prone else 1)

    @property
    def classes(self) -> int:
        """Number of class codes (see `build_frame`)."""
        return {"pf": 64, "ds": 4, "dh": 1}[self.kind]


def _pf_code(mexp: int, ally: bool, crawl: bool) -> int:
    return min(mexp, 15) | (int(ally) << 4) | (int(crawl) << 5)


def step_price(
    rules: StepRules, state: int, diagonal: bool, code: int
) -> tuple[int, int, str | None]:
    """Price one step: return ``(cost, next_state, forbidding_rule)`` in the internal unit.

    The cost is returned even when a rule forbids the step (``check`` still adds it up).

    pf1e/dnd35 (RULES 1.2): a square of hampering multiplier m = 2**mexp costs m orthogonally;
    diagonally it counts as m diagonals of the 5-10-5 count (``as-diagonals``: the next m
    alternating costs 1, 2, 1, ..., parity advancing by m; seed 004 "counts as 3 squares") or
    costs its 1-or-2 times m (``multiply``, parity advancing by one). A crawl square (RULES
    1.5: a quarter of the mover's height, seed 004 "匍匐移动(5尺)") takes a whole move action,
    `crawl_cost`, and leaves the mover prone (state bit 2 when `rules.prone`); the first step
    out of the crawl onto a square the mover can stand in first stands it up: one more move
    action (official Core Rulebook / Player's Handbook "Stand up from prone: move action"),
    not possible inside a full-round action nor the 5-foot step (`no_stand`: ``stand-up``).

    >>> pf = StepRules("pf", "as-diagonals")
    >>> [step_price(pf, s, True, 1)[:2] for s in (0, 1)]  # diagonal into difficult: 3 squares
    [(3, 0), (3, 1)]
    >>> step_price(pf, 1, True, 0)[:2]  # the 2nd diagonal costs 2
    (2, 0)
    """
    if rules.kind == "pf":
        mexp, ally, crawl = code & 15, bool(code >> 4 & 1), bool(code >> 5 & 1)
        parity, prone = state & 1, bool(state & 2)
        forbid = None
        if rules.no_ally and ally:
            forbid = "ally-charge"
        if rules.forbid_hampered and (mexp > 0 or crawl):
            forbid = rules.forbid_hampered
        if crawl:
            return rules.crawl_cost, parity | (2 if rules.prone else 0), forbid
        stand = 0
        if prone:
            stand = rules.crawl_cost
            if rules.no_stand and forbid is None:
                forbid = "stand-up"
        m = 1 << mexp
        if not diagonal:
            return stand + m, parity, forbid
        if rules.diagonal == "multiply":
            one, after = alternating_diagonals(parity)
            return stand + one * m, after, forbid
        cost, after = alternating_diagonals(parity, m)  # m diagonals of the count
        return stand + cost, after, forbid
    if rules.kind == "ds":
        difficult, hazardous = bool(code & 1), bool(code >> 1 & 1)
        forbid = "shift-terrain" if rules.shift and (difficult or hazardous) else None
        return 1 + int(difficult), state, forbid
    # dh2e: terrain costs nothing extra on the grid (seed 001 tests Agility instead).
    if not diagonal:
        return rules.orth, state, None
    if rules.diagonal == "alternating":
        one, after = alternating_diagonals(state)
        return rules.orth * one, after, None
    return rules.diag, state, None


@cache
def _cost_tables(
    rules: StepRules,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int8]]:
    """Tabulate `step_price` as the search's ``cost`` and ``next_state`` arrays."""
    cost = np.full((rules.states, 2, rules.classes), -1, dtype=np.int32)
    nxt = np.zeros((rules.states, 2, rules.classes), dtype=np.int8)
    for state in range(rules.states):
        for kind in (0, 1):
            for code in range(rules.classes):
                price, after, forbid = step_price(rules, state, bool(kind), code)
                if forbid is None:
                    cost[state, kind, code] = price
                    nxt[state, kind, code] = after
    cost.setflags(write=False)
    nxt.setflags(write=False)
    return cost, nxt


# --------------------------------------------------------------------------------------------
# The policy of one query
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Policy:
    """Everything one query needs: the mover, the action, the budget and the pricing rules.

    `budget` is in the internal unit; `scale` is the display unit per internal unit (5 ft per
    square in pf1e); `bands` are ``(label, threshold)`` pairs in the internal unit (one move,
    two moves, a run ...) for shading; `notes` are ``(catalog key, values)`` the answer reports.
    """

    scene: Scene
    system: System
    mover: Creature
    side: int
    order: int
    flying: bool
    action: ActionSpec
    switches: dict[str, str]
    rules: StepRules
    budget: int
    scale: Fraction
    unit: str
    straight: bool
    bands: tuple[tuple[str, int], ...]
    min_step: int
    speed_cap: int | None = None
    one_step: bool = False
    start_rule: str | None = None
    notes: tuple[tuple[str, dict[str, object]], ...] = ()
    orders: dict[str, int] = field(default_factory=dict)
    min_cost: int = 0
    """The least cost (internal unit) the movement must have: a charge's 10 ft
    (`charge-short`)."""
    start_state: int = 0
    """The rule state at the start: prone (2) when the mover starts in a crawl square."""

    def display(self, cost: int) -> int | float:
        """Return an internal cost in the display unit: exact int, else rounded to 1/1000."""
        value = cost * self.scale
        if value.denominator == 1:
            return int(value)
        return round(float(value), 3)

    def band(self, cost: int) -> int:
        """Return the 1-based band of `cost` (the first threshold it fits in)."""
        for index, (_, threshold) in enumerate(self.bands, start=1):
            if cost <= threshold:
                return index
        return len(self.bands) + 1


def _size_order(system: System, scene: Scene, creature: Creature) -> int:
    if system.tactical is not None:
        return system.tactical.size(Size(creature.size)).order
    if system.steel is not None:
        return system.steel.size(SteelSize(creature.size)).order
    from footfall.scene import size_table

    return list(size_table(scene.system)).index(creature.size)


def _dh_units(scene: Scene, diagonal: str) -> tuple[int, int, int]:
    """Return ``(per_metre, orth, diag)`` of dh2e's internal unit for `diagonal`."""
    square = scene.square or Fraction(1)
    if diagonal == "euclidean":
        per_metre = 1000 * square.denominator
        orth = int(square * per_metre)
        low = math.isqrt(2 * orth * orth)
        diag = low if 2 * orth * orth - low * low <= (low + 1) ** 2 - 2 * orth * orth else low + 1
        return per_metre, orth, diag
    per_metre = 2 * square.denominator
    orth = int(square * per_metre)
    return per_metre, orth, orth


def make_policy(
    scene: Scene,
    mover: Creature,
    action: str | None = None,
    *,
    switches: dict[str, str] | None = None,
    distance: int | None = None,
    flying: bool | None = None,
) -> Policy:
    """Build the policy of one query: resolve the action, switches, budget and pricing rules.

    `flying` None means: flying when the mover has a fly speed and is aloft (``alt`` > 0) or
    has no land speed. Bad input (a mover without speed, a negative distance, flying without a
    fly speed) raises `InputError`. A helpless mover (dead, unconscious, paralysed, bound:
    seed 004 "无助") cannot move: its budget is -1 (nothing reachable) with a note.
    """
    policy = _make_policy(scene, mover, action, switches, distance, flying)
    if mover.helpless:
        notes = (*policy.notes, ("tactical.note.helpless", {}))
        policy = replace(policy, budget=-1, notes=notes)
    return policy


def _make_policy(
    scene: Scene,
    mover: Creature,
    action: str | None,
    switches: dict[str, str] | None,
    distance: int | None,
    flying: bool | None,
) -> Policy:
    """Build the policy of one query (see `make_policy`)."""
    system = load_system(scene.system)
    spec = action_spec(scene.system, action)
    chosen = system.switches(switches)
    side = footprint(scene, mover)
    order = _size_order(system, scene, mover)
    orders = _prepare(scene).orders
    if distance is not None and distance < 0:
        raise InputError(f"--distance must be 0 or more, got {distance}")
    if distance is not None and distance > MAX_SPEED:
        # The scene's own speed limit (scene.MAX_SPEED): past it a budget would outgrow the
        # search's int32 costs (a budget of 10^20 once admitted the kernel's INF as a cost).
        raise LimitError(f"--distance {distance} is over the limit of {MAX_SPEED}")
    if flying is None:
        flying = mover.fly is not None and (mover.alt > 0 or not mover.speed)
    if flying and mover.fly is None:
        raise InputError(f"mover {mover.id!r} cannot fly (it has no 'fly' speed)")
    notes: list[tuple[str, dict[str, object]]] = []
    kind = {Family.D20: "pf", Family.STEEL: "ds", Family.HERESY: "dh"}[system.family]
    straight = spec.straight or (
        spec.straight_switch is not None and chosen.get(spec.straight_switch) == "on"
    )
    if kind == "dh":
        diagonal = chosen["diagonal"]
        per_metre, orth, diag = _dh_units(scene, diagonal)
        heresy = system.heresy
        assert heresy is not None
        if mover.agility_bonus is None:
            raise InputError(f"mover {mover.id!r} has no agility_bonus (dh2e movement needs it)")
        row, beyond = heresy.structured_row(mover.agility_bonus)
        if beyond:
            notes.append(("tactical.note.beyond-table", {"ab": mover.agility_bonus}))
        columns = {
            "half-move": row.half_move,
            "full-move": row.full_move,
            "charge": row.charge,
            "run": row.run,
        }
        metres = columns[spec.name] if distance is None else Fraction(distance)
        budget = math.floor(metres * per_metre)
        bands = tuple((name, math.floor(value * per_metre)) for name, value in columns.items())
        rules = StepRules("dh", diagonal, orth=orth, diag=diag)
        return Policy(
            scene, system, mover, side, order, flying, spec, chosen, rules, budget,
            Fraction(1, per_metre), "m", straight, bands, min(orth, diag),
            notes=tuple(notes), orders=orders,
        )  # fmt: skip
    speed = mover.fly.speed if flying and mover.fly is not None else mover.speed
    if speed is None:
        raise InputError(f"mover {mover.id!r} has no speed")
    if kind == "pf":
        tactical = system.tactical
        assert tactical is not None
        square_ft = scene.square or system.square
        heavy = mover.armor == Armor.HEAVY.value or mover.load == Load.HEAVY.value
        multiplier = spec.heavy_multiplier if heavy and spec.heavy_multiplier else spec.multiplier
        run_multiplier = tactical.multiplier(Mode.RUN, Armor(mover.armor), Load(mover.load))
        base = math.floor(speed / square_ft)
        if spec.budget == Budget.SQUARES:
            budget = spec.squares or 1
            if spec.needs_speed and speed == 0:
                budget = -1
                notes.append(("tactical.note.no-speed", {}))
        elif spec.budget == Budget.ONE_STEP:
            # Seed 000: not possible "если ... полностью лишились способности двигаться".
            budget = 1 << 20 if speed > 0 else -1
            if speed == 0:
                notes.append(("tactical.note.no-speed", {}))
        else:
            feet = speed * multiplier if distance is None else Fraction(distance)
            budget = math.floor(feet / square_ft)
        bands = (
            ("move", base),
            ("double-move", 2 * base),
            ("run", math.floor(speed * run_multiplier / square_ft)),
        )
        prepared = _prepare(scene)
        prone = prepared.has_narrow and bool((_narrow_of(prepared, mover)[0] & _NOTE_CRAWL).any())
        rules = StepRules(
            "pf",
            chosen["hampered_diagonal"],
            forbid_hampered=spec.forbid_hampered,
            no_ally=spec.no_ally,
            crawl_cost=max(base, 1),
            prone=prone,
            no_stand=spec.full_round or spec.forbid_hampered is not None,
        )
        # A charge moves at least 10 ft (official; `charge-short`): in squares, rounded up.
        min_cost = math.ceil(spec.min_distance / square_ft) if spec.min_distance else 0
        policy = Policy(
            scene, system, mover, side, order, flying, spec, chosen, rules, budget,
            Fraction(square_ft), "ft", straight, bands, 1,
            one_step=spec.budget == Budget.ONE_STEP, notes=tuple(notes), orders=orders,
            min_cost=min_cost,
        )  # fmt: skip
        if prone:
            # A mover that starts in a crawl square lies prone there (RULES 1.5).
            x, y = mover.at
            if int(build_frame(policy, x, y, x + 1, y + 1).notes[0, 0]) & _NOTE_CRAWL:
                notes.append(("tactical.note.prone-start", {}))
                policy = replace(policy, start_state=2, notes=tuple(notes))
        return policy
    # Draw Steel: squares; a movement never covers more squares than the speed (seed 002).
    if spec.squares is not None:
        granted = spec.squares
    elif spec.budget == Budget.DISTANCE:
        if distance is None:
            raise InputError(f"action {spec.name!r} needs --distance N (the squares it grants)")
        granted = distance
    else:
        granted = speed if distance is None else distance
    budget = min(granted, speed)
    if granted > speed:
        notes.append(("tactical.note.speed-cap", {"granted": granted, "speed": speed}))
    rules = StepRules("ds", "flat", shift=spec.shift)
    policy = Policy(
        scene, system, mover, side, order, flying, spec, chosen, rules, budget,
        Fraction(1), "squares", straight, ((spec.name, budget),), 1,
        speed_cap=speed, notes=tuple(notes), orders=orders,
    )  # fmt: skip
    if spec.shift:
        # "nor shift while in it" (seed 002 "Смещение"): the start space's own terrain.
        frame = build_frame(policy, mover.at[0], mover.at[1], mover.at[0] + 1, mover.at[1] + 1)
        if int(frame.notes[0, 0]) & _SHIFT_BLOCKING:
            policy = replace(policy, start_rule="shift-terrain")
    return policy


# --------------------------------------------------------------------------------------------
# Frames: per-position arrays on a window
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Frame:
    """Per-position arrays on the window of positions ``[y0:y0+h, x0:x0+w]`` of the map.

    `block` (`Block`), `code` (cost class, valid even where blocked), `notes` (`Note` bits),
    `end` (`End`), `thin` and `corner` (bit d: the step in direction d crosses a thin wall /
    passes a wall corner). `mexp` is the pf hampering exponent (x2 per unit).
    """

    x0: int
    y0: int
    block: npt.NDArray[np.int8]
    code: npt.NDArray[np.int16]
    notes: npt.NDArray[np.int32]
    end: npt.NDArray[np.int8]
    thin: npt.NDArray[np.uint8]
    corner: npt.NDArray[np.uint8]
    mexp: npt.NDArray[np.int8]

    @property
    def shape(self) -> tuple[int, int]:
        """``(h, w)`` of the window."""
        return (int(self.block.shape[0]), int(self.block.shape[1]))

    def inside(self, x: int, y: int) -> bool:
        """Tell whether map position ``(x, y)`` lies in this window."""
        h, w = self.block.shape
        return bool(0 <= x - self.x0 < w and 0 <= y - self.y0 < h)

    def graph(self, policy: Policy) -> StepGraph:
        """Return the search graph of this window under `policy`'s pricing rules."""
        cost, nxt = _cost_tables(policy.rules)
        klass = np.where(self.block == _BLOCK_OK, self.code, -1).astype(np.int16)
        exits = (~(self.thin | self.corner)).astype(np.uint8)
        _clip_edges(exits)
        return StepGraph(square_class=klass, exits=exits, cost=cost, next_state=nxt)

    def end_ok(self) -> npt.NDArray[np.bool_]:
        """Return where a movement may end (enterable and no end rule against it)."""
        ok: npt.NDArray[np.bool_] = np.logical_and(self.block == _BLOCK_OK, self.end == _END_OK)
        return ok


#: Bits of the directions with dy = -1 (N, NE, NW), dx = +1 (NE, E, SE), dy = +1, dx = -1.
_EDGE_BITS = {
    "north": sum(1 << d for d, (_, dy) in enumerate(DIRECTIONS) if dy < 0),
    "east": sum(1 << d for d, (dx, _) in enumerate(DIRECTIONS) if dx > 0),
    "south": sum(1 << d for d, (_, dy) in enumerate(DIRECTIONS) if dy > 0),
    "west": sum(1 << d for d, (dx, _) in enumerate(DIRECTIONS) if dx < 0),
}


def _clip_edges(exits: npt.NDArray[np.uint8]) -> None:
    """Clear the exits that would leave the window (the search takes no step off its arrays)."""
    exits[0, :] &= np.uint8(~_EDGE_BITS["north"] & 0xFF)
    exits[-1, :] &= np.uint8(~_EDGE_BITS["south"] & 0xFF)
    exits[:, 0] &= np.uint8(~_EDGE_BITS["west"] & 0xFF)
    exits[:, -1] &= np.uint8(~_EDGE_BITS["east"] & 0xFF)


def _reduce(
    array: npt.NDArray[Any], h: int, w: int, rows: int, cols: int, op: str
) -> npt.NDArray[Any]:
    """Reduce `array` over every rows x cols block whose top-left is in ``[0:h, 0:w]``."""
    out = array[0:h, 0:w].copy()
    for dy in range(rows):
        for dx in range(cols):
            if dx == 0 and dy == 0:
                continue
            part = array[dy : dy + h, dx : dx + w]
            if op == "max":
                np.maximum(out, part, out=out)
            else:
                np.bitwise_or(out, part, out=out)
    return out


def _mark_creatures(
    policy: Policy,
    sx0: int,
    sy0: int,
    block: npt.NDArray[np.int8],
    fac: npt.NDArray[np.int8],
    notes: npt.NDArray[np.int32],
    end: npt.NDArray[np.int8],
) -> None:
    """Apply the occupied-square rules (RULES 1.3, 3) of every other creature in the region."""
    system = policy.system
    kind = policy.rules.kind
    mover = policy.mover
    sh, sw = block.shape
    gap = system.tactical.pass_size_gap if system.tactical is not None else 3
    share_gap = system.steel.share_size_gap if system.steel is not None else 2
    tiny_order = 2  # fine 0, diminutive 1, tiny 2 (seed 004 line 120)
    # Switch tiny_end (docs/decisions.md): seed 004 lets a very small mover "enter" occupied
    # squares; `share` lets it end there too, `forbid` keeps RULES 1.3's general end rule.
    share = (
        kind == "pf"
        and policy.order <= tiny_order
        and policy.switches.get("tiny_end", "forbid") == "share"
    )
    sides = _prepare(policy.scene).sides
    huge_order = 6
    for other in policy.scene.creatures:
        if other.id == mover.id:
            continue
        side = sides[other.id]
        x0, y0 = other.at[0] - sx0, other.at[1] - sy0
        if x0 >= sw or y0 >= sh or x0 + side <= 0 or y0 + side <= 0:
            continue
        region = (slice(max(y0, 0), min(y0 + side, sh)), slice(max(x0, 0), min(x0 + side, sw)))
        ally = other.side == mover.side
        order = policy.orders[other.id]
        apart = abs(order - policy.order)
        if kind == "ds":
            notes[region] |= _NOTE_ALLY if ally else _NOTE_ENEMY
            if apart < share_gap:
                end[region] = np.maximum(end[region], _END_OCCUPIED)
            continue
        if ally:
            notes[region] |= _NOTE_ALLY
        elif other.helpless:
            notes[region] |= _NOTE_HELPLESS
            if kind == "pf" and order >= huge_order and not policy.flying:
                notes[region] |= _NOTE_HELPLESS_OBSTACLE
                fac[region] += 1
                end[region] = np.maximum(end[region], _END_OBSTACLE)
        elif kind == "pf" and (policy.order <= tiny_order or apart >= gap):
            notes[region] |= _NOTE_PASS_OCCUPIED
        else:
            block[region] = np.maximum(block[region], _BLOCK_ENEMY)
        if not other.helpless and not share:
            end[region] = np.maximum(end[region], _END_OCCUPIED)


def _height(mover: Creature) -> Fraction:
    """Return the mover's height in ft: its ``x-height_ft``, else its size's typical height."""
    given = mover.extra.get("x-height_ft")
    if given is None:
        return _HEIGHT_FT[mover.size]
    try:
        height = Fraction(str(given))
    except (ValueError, ZeroDivisionError):
        height = Fraction(0)
    if isinstance(given, bool) or height <= 0:
        raise InputError(
            f"creature {mover.id!r}: x-height_ft must be a number of ft > 0, got {given!r}"
        )
    return height


def _mark_narrow(
    policy: Policy,
    prepared: _Prepared,
    sx0: int,
    sy0: int,
    block: npt.NDArray[np.int8],
    notes: npt.NDArray[np.int32],
) -> None:
    """Apply squeezing (RULES 1.5, seed 004 "挤进狭窄空间") to the narrow or low squares."""
    if policy.rules.kind != "pf" or not prepared.has_narrow:
        return
    bits_of, blocked_of = _narrow_of(prepared, policy.mover)
    if not (bits_of.any() or blocked_of.any()):
        return
    sh, sw = block.shape
    window = prepared.index[sy0 : sy0 + sh, sx0 : sx0 + sw]
    notes |= bits_of[window]
    too_narrow = blocked_of[window]
    block[too_narrow] = np.maximum(block[too_narrow], _BLOCK_TOO_NARROW)


def _narrow_of(
    prepared: _Prepared, mover: Creature
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.bool_]]:
    """Return, per legend entry, the squeeze note bits and whether it is too narrow for `mover`.

    Decided once per legend entry, exactly (Fractions), then spread over a window by the
    caller: a map with many narrow squares costs no Python loop per square and per query.
    """
    width = _SPACE_FT[mover.size]
    height = _height(mover)
    bits_of = np.zeros(len(prepared.entries), dtype=np.int32)
    blocked_of = np.zeros(len(prepared.entries), dtype=np.bool_)
    for k, entry in enumerate(prepared.entries):
        clear_w, clear_h = entry.width_ft, entry.height_ft
        if clear_w is not None and clear_w < width:
            if 2 * clear_w >= width:
                bits_of[k] |= _NOTE_SQUEEZE_W
            else:
                blocked_of[k] = True
        if clear_h is not None and clear_h < height:
            if 2 * clear_h >= height:
                bits_of[k] |= _NOTE_SQUEEZE_H
            elif 4 * clear_h >= height:
                bits_of[k] |= _NOTE_CRAWL
            else:
                blocked_of[k] = True
    return bits_of, blocked_of


def build_frame(policy: Policy, px0: int, py0: int, px1: int, py1: int) -> Frame:
    """Compute the per-position arrays for positions ``[px0, px1) x [py0, py1)``.

    The window is clipped to the positions whose space lies on the map. Only the window (and
    the mover's space beyond its edge) is touched: a bounded move never allocates full-map
    arrays.
    """
    scene = policy.scene
    n = policy.side
    px0, py0 = max(px0, 0), max(py0, 0)
    px1, py1 = min(px1, scene.width - n + 1), min(py1, scene.height - n + 1)
    w, h = max(px1 - px0, 0), max(py1 - py0, 0)
    prepared = _prepare(scene)
    sx0, sy0, sx1, sy1 = px0, py0, px0 + w + n - 1, py0 + h + n - 1
    if w == 0 or h == 0:
        sx1, sy1 = sx0, sy0
    window = (slice(sy0, sy1), slice(sx0, sx1))
    kind = policy.rules.kind
    flying = policy.flying
    wall = prepared.wall[window]
    difficult = prepared.difficult[window]
    obstacle = prepared.obstacle[window]
    block = np.zeros(wall.shape, dtype=np.int8)
    block[prepared.impassable[window]] = _BLOCK_IMPASSABLE
    if not flying:
        block[prepared.pit[window]] = _BLOCK_IMPASSABLE
    block[wall] = _BLOCK_WALL
    notes = np.zeros(wall.shape, dtype=np.int32)
    # Seed 004 (地形和障碍物): "飞行和虚体生物不受地形阻碍" - flyers ignore difficult terrain -
    # and "飞行和虚体生物可以通过大部分的障碍物" - they get past most obstacles (a low wall, a
    # log): no x2 and nothing to stand on. Walls still stop them (RULES 1.2).
    aloft = flying and kind == "pf"
    if not aloft:
        notes[difficult] |= _NOTE_DIFFICULT
        notes[obstacle] |= _NOTE_OBSTACLE
    notes[prepared.hazardous[window]] |= _NOTE_HAZARDOUS
    fac = np.zeros(wall.shape, dtype=np.int8)
    if kind == "pf":
        notes[prepared.poor_visibility[window]] |= _NOTE_POOR_VISIBILITY
        if not aloft:
            fac += difficult
            fac += obstacle
        fac += prepared.poor_visibility[window]
    end = np.zeros(wall.shape, dtype=np.int8)
    if not aloft:
        end[obstacle] = _END_OBSTACLE
    _mark_creatures(policy, sx0, sy0, block, fac, notes, end)
    _mark_narrow(policy, prepared, sx0, sy0, block, notes)
    thin = prepared.thin[window]
    corner = prepared.corner[window]
    pblock: npt.NDArray[Any]
    pfac: npt.NDArray[Any]
    pnotes: npt.NDArray[Any]
    pend: npt.NDArray[Any]
    pthin: npt.NDArray[Any]
    pcorner: npt.NDArray[Any]
    if n == 1:
        pblock, pfac, pnotes, pend, pthin, pcorner = block, fac, notes, end, thin, corner
    else:
        pblock = _reduce(block, h, w, n, n, "max")
        pfac = _reduce(fac, h, w, n, n, "max")
        pnotes = _reduce(notes, h, w, n, n, "or")
        pend = _reduce(end, h, w, n, n, "max")
        pthin = _reduce(thin, h, w, n, n, "or")
        pcorner = _reduce(corner, h, w, n, n, "or")
        if kind == "pf":
            # RULES 1.5: a large creature squeezes through a corridor half its width: its
            # space narrows to k = ceil(n/2) squares across, anchored at the top-left square.
            k = (n + 1) // 2
            walled = (pblock == _BLOCK_WALL) | (pblock == _BLOCK_IMPASSABLE)
            for rows, cols in ((k, n), (n, k)):
                if not walled.any():
                    break
                b2 = _reduce(block, h, w, rows, cols, "max")
                use = walled & (b2 == _BLOCK_OK)
                if not use.any():
                    continue
                pblock = np.where(use, b2, pblock).astype(np.int8)
                pfac = np.where(use, _reduce(fac, h, w, rows, cols, "max"), pfac).astype(np.int8)
                corridor = _reduce(notes, h, w, rows, cols, "or") | int(_NOTE_CORRIDOR)
                pnotes = np.where(use, corridor, pnotes).astype(np.int32)
                pend = np.where(use, _reduce(end, h, w, rows, cols, "max"), pend).astype(np.int8)
                pthin = np.where(use, _reduce(thin, h, w, rows, cols, "or"), pthin)
                pcorner = np.where(use, _reduce(corner, h, w, rows, cols, "or"), pcorner)
                walled = walled & ~use
    pthin = np.ascontiguousarray(pthin, dtype=np.uint8)
    pcorner = np.ascontiguousarray(pcorner, dtype=np.uint8)
    if kind == "pf":
        squeeze_w = (pnotes & (_NOTE_SQUEEZE_W | _NOTE_CORRIDOR)) != 0
        squeeze_h = (pnotes & _NOTE_SQUEEZE_H) != 0
        mexp = (pfac + squeeze_w + squeeze_h).astype(np.int8)
        code = (
            np.minimum(mexp, 15)
            | (((pnotes & _NOTE_ALLY) != 0).astype(np.int16) << 4)
            | (((pnotes & _NOTE_CRAWL) != 0).astype(np.int16) << 5)
        ).astype(np.int16)
    elif kind == "ds":
        mexp = np.zeros(pblock.shape, dtype=np.int8)
        difficult_any = (pnotes & (_NOTE_DIFFICULT | _NOTE_OBSTACLE | _NOTE_ENEMY)) != 0
        hazard_any = (pnotes & _NOTE_HAZARDOUS) != 0
        code = (difficult_any.astype(np.int16) | (hazard_any.astype(np.int16) << 1)).astype(
            np.int16
        )
    else:
        mexp = np.zeros(pblock.shape, dtype=np.int8)
        code = np.zeros(pblock.shape, dtype=np.int16)
    return Frame(
        x0=px0,
        y0=py0,
        block=np.ascontiguousarray(pblock, dtype=np.int8),
        code=code,
        notes=np.ascontiguousarray(pnotes, dtype=np.int32),
        end=np.ascontiguousarray(pend, dtype=np.int8),
        thin=pthin,
        corner=pcorner,
        mexp=mexp,
    )


# --------------------------------------------------------------------------------------------
# Walking a given path: check, breakdowns, straight lines
# --------------------------------------------------------------------------------------------


def direction_of(dx: int, dy: int) -> int:
    """Return the direction number of the step ``(dx, dy)``; -1 if not a king's move."""
    try:
        return DIRECTIONS.index((dx, dy))
    except ValueError:
        return -1


@dataclass(frozen=True, slots=True)
class WalkStep:
    """One priced step of a path: where it goes and what it costs, in the internal unit."""

    step: int
    at: tuple[int, int]
    cost: int
    total: int
    diagonal: bool
    state_before: int
    notes: int
    mexp: int


@dataclass(frozen=True, slots=True)
class Walk:
    """A priced path: its steps, total cost and every violation ``(step, rule)``."""

    steps: tuple[WalkStep, ...]
    cost: int
    violations: tuple[tuple[int, str], ...]

    @property
    def legal(self) -> bool:
        """Whether no rule is violated."""
        return not self.violations


def straight_lines(start: tuple[int, int], end: tuple[int, int]) -> list[list[tuple[int, int]]]:
    """Return the grid lines from `start` to `end` (positions after the start).

    A straight line advances one square along the major axis each step and keeps the minor
    coordinate within half a square of the exact line between the two centres; where the line
    passes exactly between two squares both are straight, so up to two lines come back (ties
    rounded down, and up). Exact arithmetic.

    >>> straight_lines((0, 0), (2, 1))
    [[(1, 0), (2, 1)], [(1, 1), (2, 1)]]
    """
    (x0, y0), (x1, y1) = start, end
    length = max(abs(x1 - x0), abs(y1 - y0))
    lines: list[list[tuple[int, int]]] = []
    for up in (False, True):
        line = [
            (x0 + _round(i * (x1 - x0), length, up), y0 + _round(i * (y1 - y0), length, up))
            for i in range(1, length + 1)
        ]
        if line not in lines:
            lines.append(line)
    return lines


def _round(num: int, den: int, up: bool) -> int:
    """Round num/den (den > 0) to the nearest integer; halves go down, or up when `up`."""
    q, r = divmod(num, den)
    if 2 * r > den or (up and 2 * r == den):
        return q + 1
    return q


def _on_line(start: tuple[int, int], path: list[tuple[int, int]]) -> int:
    """Return the first step (1-based) leaving the straight line start -> end, else 0.

    Square i is on the line when each coordinate is within half a square of the exact point
    i/L of the way (L = the longer axis): ``|2 L (x - x0) - 2 i (x1 - x0)| <= L``, in integers.
    """
    (x0, y0), (x1, y1) = start, path[-1]
    length = max(abs(x1 - x0), abs(y1 - y0))
    for i, (x, y) in enumerate(path, start=1):
        if i > length:
            return i
        if abs(2 * length * (x - x0) - 2 * i * (x1 - x0)) > length:
            return i
        if abs(2 * length * (y - y0) - 2 * i * (y1 - y0)) > length:
            return i
    return 0


def walk(policy: Policy, path: list[tuple[int, int]], frame: Frame | None = None) -> Walk:
    """Price `path` (positions after the start, each a neighbour of the one before) step by step.

    Uses the same `Frame` arrays and `step_price` as the search, and lists every violation
    with its 1-based step and rule id. Squares off the map must be rejected by the caller.
    """
    start = policy.mover.at
    if frame is None:
        xs = [p[0] for p in path] + [start[0]]
        ys = [p[1] for p in path] + [start[1]]
        frame = build_frame(policy, min(xs), min(ys), max(xs) + 1, max(ys) + 1)
    rules = policy.rules
    violations: list[tuple[int, str]] = []
    steps: list[WalkStep] = []
    state, total = policy.start_state, 0
    if policy.start_rule:
        violations.append((1, policy.start_rule))
    if policy.budget < 0 and path:
        violations.append((1, "budget"))
    prev = start
    over_budget = False
    for i, (x, y) in enumerate(path, start=1):
        d = direction_of(x - prev[0], y - prev[1])
        diagonal = bool(d & 1)
        inside = frame.inside(x, y)
        if frame.inside(*prev):
            py, px = prev[1] - frame.y0, prev[0] - frame.x0
            if frame.thin[py, px] >> d & 1:
                violations.append((i, "wall"))
            elif frame.corner[py, px] >> d & 1:
                violations.append((i, "corner"))
        if inside:
            ly, lx = y - frame.y0, x - frame.x0
            block, code = int(frame.block[ly, lx]), int(frame.code[ly, lx])
            bits, mexp = int(frame.notes[ly, lx]), int(frame.mexp[ly, lx])
        else:
            block, code, bits, mexp = Block.OUT, 0, 0, 0
        if block != Block.OK:
            violations.append((i, BLOCK_RULE[block]))
        cost, after, forbid = step_price(rules, state, diagonal, code)
        if forbid is not None:
            violations.append((i, forbid))
        total += cost
        steps.append(WalkStep(i, (x, y), cost, total, diagonal, state, bits, mexp))
        state = after
        if not over_budget and policy.budget >= 0 and total > policy.budget:
            over_budget = True
            violations.append((i, "budget"))
        if policy.one_step and i == 2:
            violations.append((i, "budget"))
        if policy.speed_cap is not None and i == policy.speed_cap + 1:
            violations.append((i, "speed-cap"))
        prev = (x, y)
    if path:
        if policy.straight:
            off = _on_line(start, path)
            if off:
                violations.append((off, "straight-line"))
        if total < policy.min_cost:
            # Official (Core Rulebook / Player's Handbook, Charge): at least 10 ft (2 squares).
            violations.append((len(path), "charge-short"))
        x, y = path[-1]
        if frame.inside(x, y):
            end = int(frame.end[y - frame.y0, x - frame.x0])
            if end != End.OK:
                violations.append((len(path), END_RULE[end]))
    violations.sort(key=lambda v: v[0])
    return Walk(tuple(steps), total, tuple(violations))


# --------------------------------------------------------------------------------------------
# What a path provokes, and the hardest dh2e test
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Provocation:
    """An attack a step provokes: from whom, why and its kind.

    `reason` is ``threat`` (leaving a threatened square), ``enter`` (entering its space),
    ``crawl`` (crawling where it threatens) or ``stand`` (standing up from prone where it
    threatens); `kind` is ``attack-of-opportunity`` or ``free-strike``.
    """

    step: int
    by: str
    reason: str
    kind: str


def _touch(a: tuple[int, int], sa: int, b: tuple[int, int], sb: int) -> bool:
    """Tell whether two square spaces are adjacent or overlap (reach of one square)."""
    return (
        a[0] - 1 <= b[0] + sb - 1
        and b[0] <= a[0] + sa
        and a[1] - 1 <= b[1] + sb - 1
        and b[1] <= a[1] + sa
    )


#: Size order of tiny in pf1e/dnd35 (fine 0, diminutive 1, tiny 2; seed 004 line 120).
_TINY_ORDER = 2


def provocations(
    policy: Policy, path: list[tuple[int, int]], walked: Walk | None = None
) -> list[Provocation]:
    """List the attacks `path` provokes, once per enemy (RULES 1.3-1.5, 3).

    pf1e/dnd35: leaving a square an enemy threatens (adjacent to its space: reach 5 ft) provokes
    an attack of opportunity; the 5-foot step never does, and withdraw's first square is not
    threatened. A tiny or smaller enemy (reach 0 ft) threatens only its own square. A tiny
    mover entering an enemy's square provokes (seed 004 line 120); so does passing a creature
    three sizes apart in pf1e. A crawl (RULES 1.5) "incurs attacks of opportunity from any
    attackers who threaten you at any point of your crawl" (official Core Rulebook / Player's
    Handbook, Crawl): an enemy threatening the square crawled from or into provokes (`crawl`);
    standing up from prone provokes from an enemy threatening that square (`stand`). `walked`
    is the path priced by `walk` (computed when needed and not given). Draw Steel: moving out
    of an adjacent enemy's reach without shifting provokes a free strike. dh2e: nothing (seed
    001 is silent).
    """
    kind = policy.rules.kind
    if kind == "dh" or not policy.action.provokes:
        return []
    mover = policy.mover
    n = policy.side
    label = "free-strike" if kind == "ds" else "attack-of-opportunity"
    enemies = [
        (c, footprint(policy.scene, c))
        for c in policy.scene.creatures
        if c.id != mover.id and c.side != mover.side and not c.helpless
    ]
    if policy.rules.prone and path and walked is None:
        walked = walk(policy, path)
    found: list[Provocation] = []
    seen: set[str] = set()
    prev = mover.at
    tiny = policy.order <= _TINY_ORDER
    gap = policy.system.tactical.pass_size_gap if policy.system.tactical else 3
    for i, here in enumerate(path, start=1):
        crawl = stand = False
        if policy.rules.prone and walked is not None and i <= len(walked.steps):
            step = walked.steps[i - 1]
            crawl = bool(step.notes & _NOTE_CRAWL)
            stand = not crawl and bool(step.state_before & 2)
        exempt = policy.action.first_free and i == 1
        for enemy, side in enemies:
            if enemy.id in seen:
                continue
            before = _touch(prev, n, enemy.at, side)
            after = _touch(here, n, enemy.at, side)
            reason = ""
            if kind == "pf":
                if policy.orders[enemy.id] <= _TINY_ORDER:
                    # Official (Core Rulebook / PHB "Tiny, Diminutive, and Fine Creatures"):
                    # a natural reach of 0 ft, so it threatens only its own square.
                    before = _overlap(prev, n, enemy.at, side)
                    after = _overlap(here, n, enemy.at, side)
                if crawl and ((before and not exempt) or after):
                    reason = "crawl"
                elif stand and before and not exempt:
                    reason = "stand"
                elif before and not exempt:
                    reason = "threat"
                elif _overlap(here, n, enemy.at, side) and (
                    tiny
                    or (
                        policy.scene.system == "pf1e"
                        and abs(policy.orders[enemy.id] - policy.order) >= gap
                    )
                ):
                    reason = "enter"
            elif before and not after:
                reason = "threat"
            if reason:
                seen.add(enemy.id)
                found.append(Provocation(i, enemy.id, reason, label))
        prev = here
    return found


def _overlap(a: tuple[int, int], sa: int, b: tuple[int, int], sb: int) -> bool:
    return a[0] < b[0] + sb and b[0] < a[0] + sa and a[1] < b[1] + sb and b[1] < a[1] + sa


@dataclass(frozen=True, slots=True)
class TerrainTest:
    """The hardest dh2e Agility test a path needs: terrain, difficulty, modifier, step."""

    terrain: str
    difficulty: Difficulty
    modifier: int
    step: int


def hardest_test(policy: Policy, path: list[tuple[int, int]]) -> TerrainTest | None:
    """Return the hardest Agility test the squares entered by `path` need (seed 001 table)."""
    heresy = policy.system.heresy
    if heresy is None:
        return None
    prepared = _prepare(policy.scene)
    if not prepared.has_terrain:
        return None
    best: TerrainTest | None = None
    n = policy.side
    height, width = prepared.index.shape
    for i, (x, y) in enumerate(path, start=1):
        for dy in range(n):
            for dx in range(n):
                if not (0 <= x + dx < width and 0 <= y + dy < height):
                    continue
                name = prepared.entries[int(prepared.index[y + dy, x + dx])].terrain
                if not name:
                    continue
                rule = heresy.terrain(name)  # a row's aliases too: fog is smoke's row
                modifier = heresy.difficulty(rule.difficulty).modifier
                if best is None or modifier < best.modifier:
                    best = TerrainTest(rule.id, rule.difficulty, modifier, i)
    return best
