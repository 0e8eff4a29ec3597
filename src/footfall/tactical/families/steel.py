"""The steel family (Draw Steel): every step 1, difficult terrain +1, shift, the speed cap.

RULES.md 3 (seed 002). Costs are in squares. Every step to any of the 8 neighbours costs 1;
entering difficult terrain (or an enemy's space, which is difficult terrain) costs the
system's ``steel.difficult_extra`` more (official: 1). A shift may not enter difficult or
hazardous terrain, nor start in it. Class code = difficult | hazardous << 1.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from footfall.errors import InputError, Param, quote
from footfall.rules import Family, RuleId, Steel, System
from footfall.scene import Creature, Scene
from footfall.tactical.actions import Budget
from footfall.tactical.family import (
    Layers,
    Passage,
    Plan,
    Query,
    Remark,
    TerrainTest,
    Why,
    Window,
    moving_speed,
    occupant_reasons,
    occupants,
    remark,
    table_of,
)
from footfall.tactical.frame import build_frame, mark_terrain, reduce_space
from footfall.tactical.marks import (
    END_OCCUPIED,
    NOTE_ALLY,
    NOTE_DIFFICULT,
    NOTE_ENEMY,
    NOTE_HAZARDOUS,
    NOTE_OBSTACLE,
)
from footfall.tactical.masks import Prepared
from footfall.tactical.provocations import ProvocationKind, ProvocationReason, touch

if TYPE_CHECKING:
    from footfall.tactical.policy import Policy
    from footfall.tactical.walk import WalkStep

__all__ = ["STEEL", "SteelFamily", "SteelPricing"]

Square = tuple[int, int]

#: What costs the difficult surcharge: difficult terrain, an object, an enemy's space.
_DIFFICULT = NOTE_DIFFICULT | NOTE_OBSTACLE | NOTE_ENEMY
#: What a shift may not start in: difficult (an enemy's space is difficult) or hazardous.
_SHIFT_BLOCKING = _DIFFICULT | NOTE_HAZARDOUS


@dataclass(frozen=True, slots=True)
class SteelPricing:
    """How a Draw Steel query prices a step (`footfall.tactical.family.Pricing`).

    >>> [SteelPricing().price(0, d, c)[0] for d in (False, True) for c in (0, 1)]
    [1, 2, 1, 2]
    >>> SteelPricing(shift=True).price(0, False, 2)
    (1, 0, <RuleId.SHIFT_TERRAIN: 'shift-terrain'>)
    """

    shift: bool = False
    """A shift: difficult and hazardous terrain refuse the step (`shift-terrain`)."""
    extra: int = 1
    """The surcharge of a difficult square (``steel.difficult_extra``)."""

    @property
    def states(self) -> int:
        """1: no rule state."""
        return 1

    @property
    def classes(self) -> int:
        """4: difficult x hazardous."""
        return 4

    def price(self, state: int, diagonal: bool, code: int) -> tuple[int, int, RuleId | None]:
        """Price one step: 1, plus `extra` into difficult terrain; no Pythagoras on the grid."""
        difficult, hazardous = bool(code & 1), bool(code >> 1 & 1)
        forbid = RuleId.SHIFT_TERRAIN if self.shift and (difficult or hazardous) else None
        return 1 + self.extra * int(difficult), state, forbid


def _steel(system: System) -> Steel:
    return table_of(system, "steel", system.steel)


class SteelFamily:
    """The steel family's rules (`footfall.tactical.family.RuleFamily`)."""

    family = Family.STEEL
    provocation: ProvocationKind | None = ProvocationKind.FREE_STRIKE

    def sizes(self, system: System, scene: Scene) -> Mapping[str, tuple[int, int]]:
        """Return the size table: 1T < 1S < 1M < 1L < 2 < 3 < 4 < 5 (seed 002)."""
        return {rule.size.value: (rule.order, rule.footprint) for rule in _steel(system).sizes}

    def plan(self, query: Query) -> Plan:
        """Budget the move in squares: never more than the speed (seed 002, `speed-cap`)."""
        spec, steel = query.action, _steel(query.system)
        speed = moving_speed(query)
        notes: list[Remark] = []
        if spec.squares is not None:
            granted = spec.squares
        elif spec.budget == Budget.DISTANCE:
            if query.distance is None:
                raise InputError(
                    "error.tactical.needs-distance",
                    param=Param("distance"),
                    action=quote(spec.name),
                )
            granted = query.distance
        else:
            granted = speed if query.distance is None else query.distance
        budget = min(granted, speed)
        if granted > speed:
            notes.append(remark("tactical.note.speed-cap", granted=granted, speed=speed))
        pricing = SteelPricing(shift=spec.shift, extra=steel.difficult_extra)
        mine, seen = occupants(query, _occupant_rule(query, steel), query.order)
        return Plan(
            pricing, budget, Fraction(1), query.system.unit, ((spec.name, budget),), 1,
            occupants=mine, speed_cap=speed, notes=tuple(notes), seen=seen,
        )  # fmt: skip

    def start(self, policy: Policy) -> Policy:
        """Refuse a shift that starts in difficult or hazardous terrain (seed 002 "Смещение")."""
        if not policy.action.shift:
            return policy
        x, y = policy.mover.at
        if not int(build_frame(policy, x, y, x + 1, y + 1).notes[0, 0]) & _SHIFT_BLOCKING:
            return policy
        # The square of the start space that refuses it: square by square (a 1-square mover).
        n = policy.side
        squares = build_frame(replace(policy, side=1), x, y, x + n, y + n).notes
        ly, lx = (int(v[0]) for v in np.nonzero(squares & _SHIFT_BLOCKING))
        return replace(policy, start_rule=RuleId.SHIFT_TERRAIN, start_at=(x + lx, y + ly))

    def mark_squares(
        self, policy: Policy, prepared: Prepared, window: Window, layers: Layers
    ) -> None:
        """Mark difficult, object and hazardous terrain (a flyer is not above it)."""
        mark_terrain(prepared, window, layers, aloft=False)

    def classify(
        self, policy: Policy, squares: Layers, h: int, w: int
    ) -> tuple[Layers, npt.NDArray[np.int16], npt.NDArray[np.int8]]:
        """Reduce to the mover's space: +1 when any square of it is difficult (RULES 3)."""
        positions = reduce_space(squares, h, w, policy.side)
        notes = positions.notes
        difficult = ((notes & _DIFFICULT) != 0).astype(np.int16)
        hazardous = ((notes & NOTE_HAZARDOUS) != 0).astype(np.int16)
        code = (difficult | (hazardous << 1)).astype(np.int16)
        return positions, code, np.zeros(code.shape, dtype=np.int8)

    def frame_key(self, policy: Policy) -> Hashable:
        """The frame reads the side of the mover's space only."""
        return policy.side

    def provoke(self, policy: Policy, passage: Passage) -> ProvocationReason | None:
        """Moving out of an adjacent enemy's reach without shifting provokes a free strike."""
        p = passage
        before = touch(p.before, p.side, p.enemy.at, p.enemy_side)
        if before and not touch(p.after, p.side, p.enemy.at, p.enemy_side):
            return ProvocationReason.THREAT
        return None

    def explain(
        self, policy: Policy, step: WalkStep, last: bool
    ) -> tuple[list[Why], dict[str, Any] | None]:
        """Explain the difficult surcharge of a step (no penalties)."""
        why: list[Why] = []
        if step.notes & (NOTE_DIFFICULT | NOTE_OBSTACLE):
            why.append((RuleId.HAMPERED, "tactical.why.difficult-plus-one", {}))
        elif step.notes & NOTE_ENEMY:
            why.append((RuleId.HAMPERED, "tactical.why.enemy-space-difficult", {}))
        why.extend(occupant_reasons(step.notes))
        return why, None

    def terrain_test(self, policy: Policy, path: Sequence[Square]) -> TerrainTest | None:
        """Draw Steel's grid needs no terrain tests."""
        return None


def _occupant_rule(
    query: Query, steel: Steel
) -> Callable[[Creature, bool, int], tuple[int, int, int, int]]:
    """Return what another creature's space is to this mover (RULES 3, seed 002).

    Allies' spaces are free to pass, an enemy's is difficult terrain; no movement ends in
    another creature's space unless their sizes are `Steel.share_size_gap` or more apart.
    """
    share_gap = steel.share_size_gap

    def rule(other: Creature, ally: bool, order: int) -> tuple[int, int, int, int]:
        end = END_OCCUPIED if abs(order - query.order) < share_gap else 0
        return (NOTE_ALLY if ally else NOTE_ENEMY), 0, end, 0

    return rule


#: The steel family.
STEEL = SteelFamily()
