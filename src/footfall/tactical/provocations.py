"""What a path provokes: the attacks its steps draw from enemies, once per enemy.

The walk past the enemies is the same for every family; the family says which kind of attack
leaving an enemy's reach provokes (`RuleFamily.provocation`) and whether one step past one
enemy does (`RuleFamily.provoke`: RULES 1.3-1.5 for d20, 3 for Draw Steel).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from footfall.tactical.family import Passage
from footfall.tactical.walk import Walk, walk

if TYPE_CHECKING:
    from footfall.tactical.policy import Policy

__all__ = [
    "Provocation",
    "ProvocationKind",
    "ProvocationReason",
    "overlap",
    "provocations",
    "touch",
]

Square = tuple[int, int]


class ProvocationKind(StrEnum):
    """The attack a movement provokes."""

    ATTACK_OF_OPPORTUNITY = "attack-of-opportunity"
    """An attack of opportunity (d20, RULES 1.3-1.5)."""
    FREE_STRIKE = "free-strike"
    """A free strike (Draw Steel, RULES 3)."""


class ProvocationReason(StrEnum):
    """Why a step provokes."""

    THREAT = "threat"
    """It leaves a square the enemy threatens (its reach)."""
    ENTER = "enter"
    """It enters the enemy's space (a tiny mover, or one three sizes apart in pf1e)."""
    CRAWL = "crawl"
    """It crawls where the enemy threatens (RULES 1.5)."""
    STAND = "stand"
    """It stands up from prone where the enemy threatens."""


@dataclass(frozen=True, slots=True)
class Provocation:
    """An attack a step provokes: from whom, why and its kind.

    `reason` is ``threat`` (leaving a threatened square), ``enter`` (entering its space),
    ``crawl`` (crawling where it threatens) or ``stand`` (standing up from prone where it
    threatens); `kind` is ``attack-of-opportunity`` or ``free-strike``.
    """

    step: int
    by: str
    reason: ProvocationReason
    kind: ProvocationKind


def touch(a: Square, sa: int, b: Square, sb: int) -> bool:
    """Tell whether two square spaces are adjacent or overlap (reach of one square).

    >>> touch((0, 0), 1, (1, 1), 1), touch((0, 0), 1, (2, 0), 1)
    (True, False)
    """
    return (
        a[0] - 1 <= b[0] + sb - 1
        and b[0] <= a[0] + sa
        and a[1] - 1 <= b[1] + sb - 1
        and b[1] <= a[1] + sa
    )


def overlap(a: Square, sa: int, b: Square, sb: int) -> bool:
    """Tell whether two square spaces share a square."""
    return a[0] < b[0] + sb and b[0] < a[0] + sa and a[1] < b[1] + sb and b[1] < a[1] + sa


def provocations(
    policy: Policy, path: Sequence[Square], walked: Walk | None = None
) -> list[Provocation]:
    """List the attacks `path` provokes, once per enemy, in the order of the steps.

    Only enemies that are not helpless provoke, and only for an action that provokes; a step
    provokes only from an enemy whose space touches the mover's space before or after it (a
    reach of one square: `touch`), so the family is asked about those only. `walked` is the
    path priced by `walk` (computed when not given): a family may read a step's notes and rule
    state (d20: a crawl, standing up from prone).
    """
    label = policy.family.provocation
    if label is None or not policy.action.provokes or not path:
        return []
    mover = policy.mover
    sides, orders = policy.sizes.sides, policy.sizes.orders
    enemies = [
        c
        for c in policy.scene.creatures
        if c.id != mover.id and c.side != mover.side and not c.helpless
    ]
    if walked is None:
        walked = walk(policy, path)
    found: list[Provocation] = []
    seen: set[str] = set()
    prev = mover.at
    provoke = policy.family.provoke
    n = policy.side
    for i, here in enumerate(path, start=1):
        step = walked.steps[i - 1] if i <= len(walked.steps) else None
        exempt = policy.action.first_free and i == 1
        for enemy in enemies:
            side = sides[enemy.id]
            if enemy.id in seen or not (
                touch(prev, n, enemy.at, side) or touch(here, n, enemy.at, side)
            ):
                continue
            passage = Passage(i, prev, here, n, enemy, side, orders[enemy.id], step, exempt)
            reason = provoke(policy, passage)
            if reason:
                seen.add(enemy.id)
                found.append(Provocation(i, enemy.id, reason, label))
        prev = here
    return found
