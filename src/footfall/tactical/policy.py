"""The policy of one query: the mover, the action, its budget and how a step is priced.

`make_policy` resolves what every family shares (the system, the action, the switches, the
mover's size and whether it flies, the bounds of a granted distance), then asks the system's
rule family (`footfall.tactical.families.family_of`) to plan the move: its budget and bands in
the family's internal unit, its `Pricing`, its notes and what other creatures' spaces are to
the mover. The frames (`footfall.tactical.frame`), the search and the walk read the policy
only; reachable / path / check therefore cannot disagree.

Costs are integers in an internal unit: squares for d20 (shown as 5 ft each) and Draw Steel;
for Dark Heresy half metres (``equidistant``, ``alternating``) or thousandths of a metre
(``euclidean``, whose diagonal is sqrt(2) rounded to the nearest 1/1000 m: a display rounding).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from types import MappingProxyType

from footfall.errors import InputError, LimitError, Param, unknown
from footfall.limits import LIMITS, Limits
from footfall.rules import RuleId, System, Unit, load_system
from footfall.scene import Creature, Scene
from footfall.tactical.actions import ActionSpec, action_spec
from footfall.tactical.conditions import apply_conditions, effective_mover
from footfall.tactical.families import family_of
from footfall.tactical.family import (
    Occupant,
    Pricing,
    Query,
    Remark,
    RuleFamily,
    Seen,
    TerrainTest,
    remark,
)
from footfall.tactical.frame import Frame, build_frame
from footfall.tactical.marks import BLOCK_RULE, END_RULE, Block, End, Note
from footfall.tactical.masks import Sizes, prepare, sizes
from footfall.tactical.provocations import Provocation, provocations
from footfall.tactical.walk import Walk, WalkStep, direction_of, straight_lines, walk

__all__ = [
    "BLOCK_RULE",
    "END_RULE",
    "Block",
    "End",
    "Frame",
    "Note",
    "Policy",
    "Provocation",
    "TerrainTest",
    "Walk",
    "WalkStep",
    "build_frame",
    "direction_of",
    "hardest_test",
    "make_policy",
    "provocations",
    "straight_lines",
    "walk",
]

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Policy:
    """Everything one query needs: the mover, the action, the budget and the pricing rules.

    `budget` is in the internal unit; `scale` is the display unit per internal unit (5 ft per
    square in pf1e); `bands` are ``(label, threshold)`` pairs in the internal unit (one move,
    two moves, a run ...) for shading; `notes` are ``(catalog key, values)`` the answer reports.
    `family` is the system's rule family, `pricing` its record of how this query prices a step.
    """

    scene: Scene
    system: System
    family: RuleFamily
    mover: Creature
    side: int
    order: int
    flying: bool
    action: ActionSpec
    switches: Mapping[str, str]
    pricing: Pricing
    budget: int
    scale: Fraction
    unit: Unit
    straight: bool
    bands: tuple[tuple[str, int], ...]
    min_step: int
    sizes: Sizes
    occupants: tuple[Occupant, ...] = ()
    speed_cap: int | None = None
    one_step: bool = False
    start_rule: RuleId | None = None
    start_at: Square | None = None
    """The square of the start space `start_rule` refuses (None: the mover's own square)."""
    notes: tuple[Remark, ...] = ()
    min_cost: int = 0
    """The least cost (internal unit) the movement must have: a charge's 10 ft
    (`charge-short`)."""
    start_state: int = 0
    """The rule state at the start: prone (2) when the mover starts in a crawl square."""
    seen: Seen | None = None
    """Every creature's space as this mover's view sees it (`footfall.tactical.family.Seen`):
    movers with one view and one `RuleFamily.frame_key` share frames (`reach_all`)."""

    def __repr__(self) -> str:
        """A short summary (the scene and the system are large): system, mover, action."""
        return (
            f"Policy(system={self.system.id!r}, mover={self.mover.id!r}, "
            f"action={self.action.name!r}, budget={self.budget}, unit={self.unit.value!r})"
        )

    @property
    def orders(self) -> Mapping[str, int]:
        """Size order of every creature of the scene, by id."""
        return self.sizes.orders

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


#: Action records by (system, action), keyed by the system's identity: `action_spec` looks a
#: system's records up in a cache that hashes the whole `System` (some 0.2 ms a query).
_SPECS: OrderedDict[tuple[int, str | None], tuple[System, ActionSpec]] = OrderedDict()


def _action(system: System, action: str | None) -> ActionSpec:
    """Return `action_spec(system, action)`, remembered per system object."""
    key = (id(system), action)
    hit = _SPECS.get(key)
    if hit is not None and hit[0] is system:
        return hit[1]
    spec = action_spec(system, action)
    _SPECS[key] = (system, spec)
    while len(_SPECS) > 64:
        _SPECS.popitem(last=False)
    return spec


def make_policy(
    scene: Scene,
    mover: Creature,
    action: str | None = None,
    *,
    system: System | None = None,
    switches: Mapping[str, str] | None = None,
    distance: int | None = None,
    flying: bool | None = None,
    limits: Limits = LIMITS,
) -> Policy:
    """Build the policy of one query: resolve the action, switches, budget and pricing rules.

    `system` gives the rules (default: the scene's system, `load_system(scene.system)`); a
    `System` built in code is used as it is. `flying` None means: flying when the mover has a
    fly speed and is aloft (``alt`` > 0) or has no land speed. Bad input (a mover without
    speed, a negative distance, flying without a fly speed) raises `InputError`; a distance
    over `limits.speed` raises `LimitError`. A helpless mover (dead, unconscious, paralysed,
    bound: seed 004 "无助") cannot move: its budget is -1 (nothing reachable) with a note.

    >>> from footfall.scene import load_sample
    >>> bridge = load_sample("pf1e-ogre-bridge")
    >>> ogre = next(c for c in bridge.creatures if c.id == "ogre")
    >>> make_policy(bridge, ogre).budget  # a 30-ft move in 5-ft squares
    6
    """
    rules = system if system is not None else load_system(scene.system)
    family = family_of(rules)
    spec = _action(rules, action)
    chosen = MappingProxyType(rules.switches(switches))
    known = sizes(scene, rules, lambda: family.sizes(rules, scene))
    if distance is not None and distance < 0:
        raise InputError(
            "error.tactical.distance-negative", param=Param("distance"), value=distance
        )
    if distance is not None and distance > limits.speed:
        # Past the speed limit a budget would outgrow the search's int32 costs (a budget of
        # 10^20 once admitted the kernel's INF as a cost).
        raise LimitError(
            "error.tactical.distance-limit", param=Param("distance"), value=distance,
            limit=limits.speed,
        )  # fmt: skip
    mover, slowed = effective_mover(rules, mover)  # armor, load and conditions (issue 12)
    if flying is None:
        flying = mover.fly is not None and (mover.alt > 0 or not mover.speed)
    if flying and mover.fly is None:
        raise InputError("error.tactical.cannot-fly", param=Param("flying"), value=mover.id)
    side, order = _size_of(mover, known, lambda: family.sizes(rules, scene), rules)
    query = Query(
        scene, rules, mover, spec, chosen, distance, flying, side, order, known, prepare(scene)
    )
    plan = family.plan(query)
    straight = spec.straight or (
        spec.straight_switch is not None and chosen.get(spec.straight_switch) == "on"
    )
    policy = Policy(
        scene, rules, family, mover, side, order, flying, spec, chosen,
        plan.pricing, plan.budget, plan.scale, plan.unit, straight, plan.bands, plan.min_step,
        known, occupants=plan.occupants, speed_cap=plan.speed_cap, one_step=plan.one_step,
        notes=plan.notes, min_cost=plan.min_cost, seen=plan.seen,
    )  # fmt: skip
    policy = family.start(policy)
    if mover.conditions:
        done = apply_conditions(rules, mover, spec.name, flying, policy.pricing, policy.start_state)
        policy = replace(
            policy, pricing=done.pricing, start_state=done.start_state,
            start_rule=policy.start_rule or done.start_rule,
            budget=-1 if done.still else policy.budget, notes=(*policy.notes, *slowed, *done.notes),
        )  # fmt: skip
    elif slowed:
        policy = replace(policy, notes=(*policy.notes, *slowed))
    if mover.helpless:
        notes = (*policy.notes, remark("tactical.note.helpless"))
        policy = replace(policy, budget=-1, notes=notes)
    return policy


def _size_of(
    mover: Creature,
    known: Sizes,
    table: Callable[[], Mapping[str, tuple[int, int]]],
    system: System,
) -> tuple[int, int]:
    """Return the mover's ``(side, order)``: from the scene's sizes, else from `table`."""
    side = known.sides.get(mover.id)
    if side is not None:
        return side, known.orders[mover.id]
    row = table().get(mover.size)  # a mover that is not one of the scene's creatures
    if row is None:
        raise unknown(f"{system.id} size", mover.size, table())
    return row[1], row[0]


def hardest_test(policy: Policy, path: Sequence[Square]) -> TerrainTest | None:
    """Return the hardest terrain test the squares entered by `path` need (Dark Heresy)."""
    return policy.family.terrain_test(policy, path)
