"""The rule-family protocol: what a family of systems decides about a move on the grid.

The engine is one: a policy (`footfall.tactical.policy`) builds frames of arrays
(`footfall.tactical.frame`), the search (`footfall.tactical.search`) runs over them, and a
given path is walked (`footfall.tactical.walk`) over the same arrays. What differs between
the families of systems (`footfall.rules.Family`: d20 for pf1e and dnd35, steel for Draw
Steel, heresy for Dark Heresy 2e) is small, and is all a `RuleFamily` says:

- `sizes`: which size table gives a creature's order and space;
- `plan`: the action's budget, its bands and notes, and the `Pricing` of a step (its cost
  tables are tabulated from `Pricing.price` and cached);
- `start`: what the square the mover starts in changes (prone in a crawl, a shift refused);
- `mark_squares` and `classify`: the frame's layers (terrain factors, squeezing, what a flyer
  ignores) and a position's cost class; `frame_key`: what of the policy they read, so that
  movers with one key share a frame (`footfall.tactical.every`);
- `provocation` and `provoke`: what leaving an enemy's reach provokes, and when;
- `explain`: a step's price in a GM's words; `terrain_test`: the hardest test a path needs.

Each family is one module of `footfall.tactical.families`, looked up by the system's
``family`` key (`footfall.tactical.families.family_of`): a table, never a comparison of ids.
The records the protocol exchanges are defined here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from footfall.bytecache import ENTRY_BYTES, ByteCache
from footfall.errors import InputError, Param, RuleDataError
from footfall.rules import Difficulty, Family, Names, RuleId, System, Unit
from footfall.scene import Creature, Scene
from footfall.tactical.actions import ActionSpec
from footfall.tactical.marks import NOTE_ALLY as _NOTE_ALLY
from footfall.tactical.marks import NOTE_HELPLESS as _NOTE_HELPLESS
from footfall.tactical.marks import NOTE_PASS_OCCUPIED as _NOTE_PASS_OCCUPIED
from footfall.tactical.masks import Prepared, Sizes

if TYPE_CHECKING:
    from footfall.tactical.placements import Second
    from footfall.tactical.policy import Policy
    from footfall.tactical.provocations import ProvocationKind, ProvocationReason
    from footfall.tactical.walk import WalkStep

__all__ = [
    "Layers",
    "Occupant",
    "Passage",
    "Passing",
    "Plan",
    "Pricing",
    "Query",
    "Remark",
    "RuleFamily",
    "Seen",
    "TerrainTest",
    "Why",
    "Window",
    "moving_speed",
    "occupant_reasons",
    "occupants",
    "remark",
    "table_of",
]

Square = tuple[int, int]
T = TypeVar("T")


class Passing(StrEnum):
    """A reason of a step's breakdown that is no rule: the space of another creature it meets."""

    ALLY = "ally"
    """An ally's space, passed freely (RULES 1.3, 3)."""
    HELPLESS = "helpless"
    """A helpless creature's space, passed freely (RULES 1.3)."""
    PASS = "pass"
    """An enemy's space passed by a tiny mover or across three sizes (RULES 1.3; provokes)."""
    SHARE = "share"
    """The movement ends in another's space (a tiny mover under switch ``tiny_end=share``)."""


#: A reason in a step's breakdown: ``(rule, catalog key of its label, values of the label)``.
Why = tuple[RuleId | Passing, str, Mapping[str, object]]

#: The squares ``[rows, columns]`` of a frame's window on the map.
Window = tuple[slice, slice]

#: A note an answer reports: ``(catalog key, values of its message)``.
Remark = tuple[str, Mapping[str, object]]


def remark(key: str, **values: object) -> Remark:
    """Return the note `key` with its message's `values` (held read-only)."""
    return key, MappingProxyType(values)


class Pricing(Protocol):
    """How one query prices a step: a small frozen record (its cost tables are cached by it).

    A square's *class code* (`RuleFamily.classify`) says what entering it costs; `price`
    gives the cost of a step of one kind from one rule state into one class.
    """

    @property
    def states(self) -> int:
        """Number of rule states (e.g. 2: the parity of the 5-10-5 count)."""
        ...

    @property
    def classes(self) -> int:
        """Number of class codes."""
        ...

    def price(self, state: int, diagonal: bool, code: int) -> tuple[int, int, RuleId | None]:
        """Return ``(cost, next_state, forbidding rule)`` of one step, in the internal unit.

        The cost is returned even when a rule forbids the step (``check`` still adds it up).
        """
        ...

    def __hash__(self) -> int:
        """Hash the record (the cost tables are cached by it)."""
        ...


@dataclass(frozen=True, slots=True)
class Query:
    """What a query asks, resolved before its family plans the move (`RuleFamily.plan`)."""

    scene: Scene
    system: System
    mover: Creature
    action: ActionSpec
    switches: Mapping[str, str]
    distance: int | None
    """The distance granted by the caller (None: the action's own budget)."""
    flying: bool
    side: int
    """Side of the mover's space, in squares."""
    order: int
    """The mover's size order."""
    sizes: Sizes
    prepared: Prepared


#: What another creature's space is to the mover: ``(x, y, side, notes, block, end, factor)``
#: with the top-left square and side of its space, the `Note` bits it adds, the `Block` and
#: `End` reasons it sets (a maximum) and the hampering exponent it adds (a helpless giant).
Occupant = tuple[int, int, int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class Plan:
    """A family's plan of one move: budget, display, bands, pricing and notes.

    `budget` is in the internal unit (-1: nothing reachable); `scale` the display unit per
    internal unit (5 ft per square in pf1e); `bands` ``(label, threshold)`` pairs for shading;
    `min_step` the cheapest step; `occupants` what other creatures' spaces are to the mover.
    """

    pricing: Pricing
    budget: int
    scale: Fraction
    unit: Unit
    bands: tuple[tuple[str, int], ...]
    min_step: int
    occupants: tuple[Occupant, ...] = ()
    speed_cap: int | None = None
    one_step: bool = False
    notes: tuple[Remark, ...] = ()
    min_cost: int = 0
    seen: Seen | None = None
    """Every creature's space as this mover's view sees it (`occupants`)."""


@dataclass(frozen=True, slots=True)
class Layers:
    """Per-square (or, reduced, per-position) arrays of a frame under construction.

    `block` (`Block`), `notes` (`Note` bits), `end` (`End`), `factor` (the hampering exponent:
    x2 per unit, d20), `thin` and `corner` (bit d: the step in direction d crosses a thin wall
    / passes a wall corner). The arrays are filled in place.
    """

    block: npt.NDArray[np.int8]
    notes: npt.NDArray[np.int32]
    end: npt.NDArray[np.int8]
    factor: npt.NDArray[np.int8]
    thin: npt.NDArray[np.uint8]
    corner: npt.NDArray[np.uint8]
    second: Second | None = None
    """Positions' second squeezed placements, when they matter (`footfall.tactical.placements`)."""


@dataclass(frozen=True, slots=True)
class Passage:
    """One step of a path past one enemy, for `RuleFamily.provoke`.

    `before` and `after` are the top-left squares of the mover's space (side `side`) before
    and after step `step`; `walked` is that step as `walk` priced it; `exempt` says the
    action does not provoke for the square it starts in (withdraw).
    """

    step: int
    before: Square
    after: Square
    side: int
    enemy: Creature
    enemy_side: int
    enemy_order: int
    walked: WalkStep | None
    exempt: bool


@dataclass(frozen=True, slots=True)
class TerrainTest:
    """The hardest test a path's terrain needs: terrain, difficulty, modifier and step.

    `names` are the terrain's and `difficulty_names` the difficulty's names (en/ru/zh).
    """

    terrain: str
    difficulty: Difficulty
    modifier: int
    step: int
    names: Names
    difficulty_names: Names


class RuleFamily(Protocol):
    """What one rule family decides (see the module docstring); a module-level singleton."""

    family: Family
    provocation: ProvocationKind | None
    """Kind of attack leaving an enemy's reach provokes (``attack-of-opportunity``,
    ``free-strike``), or None when the family's rules provoke nothing."""

    def sizes(self, system: System, scene: Scene) -> Mapping[str, tuple[int, int]]:
        """Return the size table: size name -> ``(order, side of its space in squares)``."""
        ...

    def plan(self, query: Query) -> Plan:
        """Plan the move: budget, bands, notes, pricing and what other creatures are."""
        ...

    def start(self, policy: Policy) -> Policy:
        """Return `policy` with what its start square changes (a rule state, a refusal)."""
        ...

    def mark_squares(
        self, policy: Policy, prepared: Prepared, window: Window, layers: Layers
    ) -> None:
        """Mark the terrain of the window's squares into `layers` (walls are marked already)."""
        ...

    def classify(
        self, policy: Policy, squares: Layers, h: int, w: int
    ) -> tuple[Layers, npt.NDArray[np.int16], npt.NDArray[np.int8]]:
        """Reduce the squares to the ``h`` x ``w`` positions of the mover's space.

        Return the positions' layers, their class codes and hampering exponents.
        """
        ...

    def frame_key(self, policy: Policy) -> Hashable:
        """Return what `mark_squares` and `classify` read of `policy` (its space's side ...).

        Two policies of one scene and system with equal keys and equal occupants get the same
        frame on any window: `footfall.tactical.every` builds it once for such movers.
        """
        ...

    def provoke(self, policy: Policy, passage: Passage) -> ProvocationReason | None:
        """Return why `passage` provokes its enemy (``threat``, ``enter`` ...), or None.

        Asked only when the enemy's space touches the mover's before or after the step.
        """
        ...

    def explain(
        self, policy: Policy, step: WalkStep, last: bool
    ) -> tuple[list[Why], dict[str, Any] | None]:
        """Explain a step's price: its reasons, and the attack and AC penalties it brings."""
        ...

    def terrain_test(self, policy: Policy, path: Sequence[Square]) -> TerrainTest | None:
        """Return the hardest test the squares entered by `path` need, if the family has any."""
        ...


def moving_speed(query: Query) -> int:
    """Return the mover's speed for this move: its fly speed when flying, else its land speed.

    A mover without one raises `InputError`.
    """
    mover = query.mover
    speed = mover.fly.speed if query.flying and mover.fly is not None else mover.speed
    if speed is None:
        raise InputError(
            "error.tactical.no-speed", param=Param("mover_id"), value=mover.id,
            speed=Param("speed"), base_speed=Param("base_speed"),
        )  # fmt: skip
    return speed


#: Every creature's space as the movers of one view see it: ``(id, occupant)`` in the scene's
#: order, the unmarked left out; a mover's own space too, as the others of its view see it.
Seen = tuple[tuple[str, Occupant], ...]

#: What a view holds: the system (its id is trusted only while it lives), the `Seen`, its
#: occupants and each id's index in them.
_View = tuple[System, Seen, tuple[Occupant, ...], dict[str, int]]
#: Views by (scene, system, the family's key, the mover's side): an entry refers to its scene
#: weakly and goes with it (a server parses a new scene per request), bounded by entries and by
#: the ``seen`` share of the cache budget (`footfall.bytecache`).
_SEEN: ByteCache[Hashable, _View] = ByteCache("seen", count=64)
#: What a view keeps per creature: its id, its occupant tuple, its index entry.
_SEEN_BYTES = 300


def occupants(
    query: Query,
    rule: Callable[[Creature, bool, int], tuple[int, int, int, int]],
    key: Hashable = None,
) -> tuple[tuple[Occupant, ...], Seen]:
    """Return what every other creature's space is to the mover, by a family's `rule`, and
    every creature's space so seen (`Seen`).

    `rule(other, ally, order)` gives ``(notes, block, end, factor)``; spaces it leaves alone
    (all zero) are dropped, so a frame does not visit them. `key` says what `rule` reads of
    the query besides the system (the mover's size order, flying, a switch): the spaces are
    computed once per scene, system, key and side of the mover (None: every time). Movers
    with one `Seen` see every other creature alike (`footfall.tactical.every` shares their
    frames).
    """
    mover = query.mover
    view: _View | None = None
    where_key = (id(query.scene), id(query.system), key, mover.side)
    if key is not None:
        view = _SEEN.get(where_key, owner=query.scene)
        if view is not None and view[0] is not query.system:
            view = None
    if view is None:
        found: list[tuple[str, Occupant]] = []
        sides = query.sizes.sides
        orders = query.sizes.orders
        for other in query.scene.creatures:
            marks = rule(other, other.side == mover.side, orders[other.id])
            if any(marks):
                found.append((other.id, (other.at[0], other.at[1], sides[other.id], *marks)))
        seen = tuple(found)
        index = {cid: i for i, (cid, _) in enumerate(seen)}
        view = (query.system, seen, tuple(entry for _, entry in seen), index)
        if key is not None:
            nbytes = ENTRY_BYTES + _SEEN_BYTES * len(seen)
            _SEEN.put(where_key, view, nbytes, owner=query.scene)
    _, seen, entries, index = view
    i = index.get(mover.id)
    return (entries if i is None else entries[:i] + entries[i + 1 :]), seen


def table_of(system: System, name: str, table: T | None) -> T:
    """Return `table` (a `System` part such as ``tactical``), refusing a system that lacks it.

    A family's rules need their tables (d20: ``tactical``; steel: ``steel``; heresy:
    ``heresy``); a `System` built in code without one raises `RuleDataError`.
    """
    if table is None:
        raise RuleDataError(
            "error.tactical.family-table", system=system.id, family=system.family.value, table=name
        )
    return table


def occupant_reasons(bits: int) -> list[Why]:
    """Return the reasons of a step's breakdown that other creatures' spaces give (any family).

    >>> [str(rule) for rule, _, _ in occupant_reasons(256 | 4096)]
    ['ally', 'helpless']
    """
    why: list[Why] = []
    if bits & _NOTE_ALLY:
        why.append((Passing.ALLY, "tactical.why.ally", {}))
    if bits & _NOTE_HELPLESS:
        why.append((Passing.HELPLESS, "tactical.why.helpless", {}))
    if bits & _NOTE_PASS_OCCUPIED:
        why.append((Passing.PASS, "tactical.why.pass-occupied", {}))
    return why
