"""The conditions of a system file's ``[conditions]`` table: what each does to movement.

A creature's ``conditions`` (SCENE.md extension, docs/scenes.md) name rows of this table; the
tactical engine applies them (`footfall.tactical.conditions`). Each row says, as data, what the
condition changes: a speed factor (half speed), a speed cap (Draw Steel's slowed: 2), no
movement at all, the actions it forbids (run, charge), a crawl (prone), and what it does
beyond movement that footfall only reports (``str-2``). Every row names its source.
"""

# Annotations stay evaluated (no `from __future__ import annotations`): the reader reads them
# with `typing.get_type_hints`, which would otherwise compile each one again at first load.

from dataclasses import dataclass, field
from fractions import Fraction

from footfall.rules.common import Names, Source
from footfall.rules.reader import Fault, Rows, Spec
from footfall.rules.vocabulary import ActionId, Condition

__all__ = ["ConditionRule", "Conditions"]


@dataclass(frozen=True, slots=True)
class ConditionRule:
    """One condition and what it does to its creature's movement.

    `speed_factor` multiplies the speed (1/2: half speed), `speed_max` caps it (Draw Steel's
    slowed: 2 "unless already lower"; restrained: 0); `moves` false: the creature cannot move
    at all; `forbids` lists the actions it cannot take; `crawl`: it is prone and must crawl
    (`crawl_extra`: what a square crawled costs more);
    `helpless`: it is helpless (SCENE.md ``helpless``); `reported` names what it does beyond
    movement (``str-2``: -2 Strength), reported only.
    """

    condition: Condition
    names: Names
    source: Source
    speed_factor: Fraction | None = None
    speed_max: int | None = field(default=None, metadata=Spec(minimum=0))
    moves: bool = True
    forbids: frozenset[ActionId] = frozenset()
    crawl: bool = False
    crawl_extra: int | None = field(default=None, metadata=Spec(minimum=1))
    """Squares each square crawled costs beyond the step (Draw Steel prone: 1); None: the
    family's own crawl (pf1e / dnd35: 5 ft per move action, the squeezing table's crawl)."""
    helpless: bool = False
    force_moved: bool = True
    """False: forced movement does not move the creature (Draw Steel's restrained)."""
    reported: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Refuse a speed factor over 1 (a condition never speeds a creature up)."""
        if self.speed_factor is not None and self.speed_factor > 1:
            raise Fault(
                "error.rules.condition-factor", key="speed_factor", value=str(self.speed_factor)
            )


@dataclass(frozen=True, slots=True)
class Conditions:
    """The conditions a system's creatures may have, keyed by `Condition`."""

    names: Names
    source: Source
    rows: tuple[ConditionRule, ...] = field(metadata=Spec(rows=Rows(complete=False)))

    def get(self, condition: Condition | str) -> ConditionRule | None:
        """Return the row of `condition`, None when the system has no such condition."""
        return next((row for row in self.rows if row.condition == condition), None)

    @property
    def ids(self) -> tuple[str, ...]:
        """The condition names, in the data file's order."""
        return tuple(row.condition.value for row in self.rows)
