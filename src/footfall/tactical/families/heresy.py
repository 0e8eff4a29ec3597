"""The heresy family (Dark Heresy 2e): Agility Bonus budgets, diagonal measure, Agility tests.

RULES.md 2 (seed 001). An action's budget is its column of the structured-movement table at
the mover's Agility Bonus ("Движение в структурированном времени"). Terrain costs nothing
extra on the grid: the seed tests Agility instead, and a path reports the hardest test it
needs (`hardest_test`). Diagonals follow switch ``diagonal``: ``equidistant`` (1 m),
``alternating`` (1-2-1 m) or ``euclidean`` (sqrt 2 m, to the nearest 1/1000 m: a display
rounding). Internal unit: half metres, or thousandths of a metre under ``euclidean``.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from footfall.errors import InputError, Param
from footfall.grid import alternating_diagonals
from footfall.rules import Family, Heresy, RuleId, StructuredRow, System
from footfall.scene import Creature, Scene, size_table
from footfall.tactical.family import (
    Layers,
    Passage,
    Plan,
    Query,
    Remark,
    TerrainTest,
    Why,
    Window,
    occupant_reasons,
    occupants,
    remark,
    table_of,
)
from footfall.tactical.frame import mark_terrain, reduce_space
from footfall.tactical.marks import BLOCK_ENEMY, END_OCCUPIED, NOTE_ALLY, NOTE_HELPLESS
from footfall.tactical.masks import Prepared, prepare
from footfall.tactical.provocations import ProvocationKind, ProvocationReason

if TYPE_CHECKING:
    from footfall.tactical.policy import Policy
    from footfall.tactical.walk import WalkStep

__all__ = ["HERESY", "HeresyFamily", "HeresyPricing", "hardest_test"]

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class HeresyPricing:
    """How a Dark Heresy query prices a step (`footfall.tactical.family.Pricing`).

    `diagonal` is switch ``diagonal``; `orth` and `diag` the costs of a step in the internal
    unit (`diag` is used by ``equidistant`` and ``euclidean``).

    >>> alternating = HeresyPricing("alternating", orth=2, diag=2)
    >>> [alternating.price(s, True, 0)[:2] for s in (0, 1)]  # 1 m, then 2 m (half metres)
    [(2, 1), (4, 0)]
    """

    diagonal: str
    orth: int = 2
    diag: int = 2

    @property
    def states(self) -> int:
        """2 under ``alternating`` (the parity of the diagonal count), else 1."""
        return 2 if self.diagonal == "alternating" else 1

    @property
    def classes(self) -> int:
        """1: terrain does not change a step's cost."""
        return 1

    def price(self, state: int, diagonal: bool, code: int) -> tuple[int, int, RuleId | None]:
        """Price one step: `orth`, or the diagonal measure of switch ``diagonal``."""
        if not diagonal:
            return self.orth, state, None
        if self.diagonal == "alternating":
            one, after = alternating_diagonals(state)
            return self.orth * one, after, None
        return self.diag, state, None


def _units(square: Fraction, diagonal: str) -> tuple[int, int, int]:
    """Return ``(per_metre, orth, diag)`` of the internal unit for a grid of `square` metres.

    >>> _units(Fraction(1), "euclidean")  # sqrt(2) m = 1414/1000 m
    (1000, 1000, 1414)
    """
    if diagonal == "euclidean":
        per_metre = 1000 * square.denominator
        orth = int(square * per_metre)
        low = math.isqrt(2 * orth * orth)
        diag = low if 2 * orth * orth - low * low <= (low + 1) ** 2 - 2 * orth * orth else low + 1
        return per_metre, orth, diag
    per_metre = 2 * square.denominator
    orth = int(square * per_metre)
    return per_metre, orth, orth


def _heresy(system: System) -> Heresy:
    return table_of(system, "heresy", system.heresy)


def _column(system: System, action: str, row: StructuredRow) -> Fraction:
    """Return the metres of `action`'s structured-table column in `row` (seed 001)."""
    rule = system.action(action)
    column = table_of(system, f"actions.{action}.structured_column", rule.structured_column)
    metres: Fraction = getattr(row, column)
    return metres


class HeresyFamily:
    """The heresy family's rules (`footfall.tactical.family.RuleFamily`)."""

    family = Family.HERESY
    provocation: ProvocationKind | None = None
    """Seed 001 says nothing of attacks a movement provokes."""

    def sizes(self, system: System, scene: Scene) -> Mapping[str, tuple[int, int]]:
        """Return the scene's size table: seed 001 gives no grid sizes (SCENE.md).

        A Dark Heresy scene names its creatures' sizes as the scene format says
        (`footfall.scene.size_table`); the order is their rank, smallest first.
        """
        table = size_table(scene.system)
        return {name: (order, side) for order, (name, side) in enumerate(table.items())}

    def plan(self, query: Query) -> Plan:
        """Budget the move in metres: the action's column at the mover's Agility Bonus."""
        system, mover = query.system, query.mover
        heresy = _heresy(system)
        diagonal = query.switches["diagonal"]
        per_metre, orth, diag = _units(query.scene.square or system.square, diagonal)
        if mover.agility_bonus is None:
            raise InputError("error.tactical.no-agility", param=Param("mover_id"), value=mover.id)
        notes: list[Remark] = []
        row, beyond = heresy.structured_row(mover.agility_bonus)
        if beyond:
            notes.append(remark("tactical.note.beyond-table", ab=mover.agility_bonus))
        if query.distance is None:
            metres = _column(system, query.action.name, row)
        else:
            metres = Fraction(query.distance)
        bands = tuple(
            (a.id.value, math.floor(_column(system, a.id.value, row) * per_metre))
            for a in system.actions
        )
        mine, seen = occupants(query, _occupant_rule, ())
        return Plan(
            HeresyPricing(diagonal, orth=orth, diag=diag), math.floor(metres * per_metre),
            Fraction(1, per_metre), system.unit, bands, min(orth, diag),
            occupants=mine, notes=tuple(notes), seen=seen,
        )  # fmt: skip

    def start(self, policy: Policy) -> Policy:
        """The start square changes nothing."""
        return policy

    def mark_squares(
        self, policy: Policy, prepared: Prepared, window: Window, layers: Layers
    ) -> None:
        """Mark difficult, obstacle and hazardous terrain (reported; they cost nothing)."""
        mark_terrain(prepared, window, layers, aloft=False)

    def classify(
        self, policy: Policy, squares: Layers, h: int, w: int
    ) -> tuple[Layers, npt.NDArray[np.int16], npt.NDArray[np.int8]]:
        """Reduce to the mover's space; every position is of the one class."""
        positions = reduce_space(squares, h, w, policy.side)
        shape = positions.block.shape
        return positions, np.zeros(shape, dtype=np.int16), np.zeros(shape, dtype=np.int8)

    def frame_key(self, policy: Policy) -> Hashable:
        """The frame reads the side of the mover's space only."""
        return policy.side

    def provoke(self, policy: Policy, passage: Passage) -> ProvocationReason | None:
        """Nothing provokes (seed 001 is silent)."""
        return None

    def explain(
        self, policy: Policy, step: WalkStep, last: bool
    ) -> tuple[list[Why], dict[str, Any] | None]:
        """Explain the diagonal measure of a step (no penalties)."""
        why: list[Why] = []
        if step.diagonal:
            diagonal = _pricing(policy).diagonal
            key = f"tactical.why.dh-{diagonal}"
            if diagonal == "alternating":
                key += "-2nd" if step.state_before == 1 else "-1st"
            why.append((RuleId.DIAGONAL, key, {}))
        why.extend(occupant_reasons(step.notes))
        return why, None

    def terrain_test(self, policy: Policy, path: Sequence[Square]) -> TerrainTest | None:
        """Return the hardest Agility test of the path (`hardest_test`)."""
        return hardest_test(policy, path)


def _pricing(policy: Policy) -> HeresyPricing:
    pricing = policy.pricing
    if not isinstance(pricing, HeresyPricing):  # pragma: no cover - another family's policy
        raise TypeError(f"not a heresy policy: {pricing!r}")
    return pricing


def _occupant_rule(other: Creature, ally: bool, order: int) -> tuple[int, int, int, int]:
    """Allies are passed, a helpless creature is passed, other enemies block; no movement ends
    in another creature's space unless it is helpless (as RULES 1.3)."""
    if ally:
        return NOTE_ALLY, 0, 0 if other.helpless else END_OCCUPIED, 0
    if other.helpless:
        return NOTE_HELPLESS, 0, 0, 0
    return 0, BLOCK_ENEMY, END_OCCUPIED, 0


def hardest_test(policy: Policy, path: Sequence[Square]) -> TerrainTest | None:
    """Return the hardest Agility test the squares entered by `path` need (seed 001 table).

    Every square of the mover's space is tested; a terrain row's aliases count too (fog is
    smoke's row). The hardest is the lowest modifier; the first step wins a tie.
    """
    heresy = policy.system.heresy
    if heresy is None:
        return None
    prepared = prepare(policy.scene)
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
                rule = heresy.terrain(name)
                difficulty = heresy.difficulty(rule.difficulty)
                if best is None or difficulty.modifier < best.modifier:
                    best = TerrainTest(
                        rule.id, rule.difficulty, difficulty.modifier, i, rule.names,
                        difficulty.names,
                    )  # fmt: skip
    return best


#: The heresy family.
HERESY = HeresyFamily()
