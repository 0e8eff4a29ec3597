"""Compute exact odds of the checks travel and chases ask for, and roll them reproducibly.

Odds are exact `fractions.Fraction` values built on icepool (a vetted dice-probability
library); nothing here rounds. Rolls come from one `random.Random(seed)` per `Roller`, and
every die rolled is logged with a label, so a seeded answer can be replayed and audited.

The d20 rules used here (pf1e / dnd35 ability checks): a check succeeds when ``1d20 + mod >=
DC``; ability checks have no automatic success or failure on a natural 20 or 1 (PF Core
Rulebook and D&D 3.5 PHB, "Ability Checks"). Dark Heresy 2e tests are d100 roll-under: the
test succeeds when the roll is at most the target; a roll of 01 always succeeds and 100 always
fails (DH2e Core Rulebook, "Tests").

>>> p_check(2, 12)
Fraction(11, 20)
>>> p_no_failure(0, [12, 14])
Fraction(63, 400)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

import icepool

from footfall.errors import InputError, Param
from footfall.limits import LIMITS, Limits

__all__ = [
    "OpposedTie",
    "RollRecord",
    "Roller",
    "check_die",
    "check_seed",
    "d100_failures",
    "damage_on_failure",
    "first_event_day",
    "members_failing",
    "members_failing_d100",
    "p_check",
    "p_fail_check",
    "p_first_wins",
    "p_no_failure",
    "p_test_d100",
    "party_d100_failures",
    "party_damage",
]


def check_seed(seed: int, *, limits: Limits = LIMITS) -> int:
    """Return `seed` if it is 0..`limits.seed`, else raise `InputError` naming it and the bound.

    The bound is the largest signed 64-bit integer, so a seed fits every tool that stores
    it: `random.Random` takes any integer, but a 4000-digit seed is a typo, not a seed.
    """
    if not 0 <= seed <= limits.seed:
        raise InputError(
            "error.travel.seed-range", param=Param("seed"), value=seed, high=limits.seed
        )
    return seed


class OpposedTie(StrEnum):
    """How an opposed check with equal totals is settled."""

    SECOND = "second"
    """Every non-win of the first side goes to the second (a chase: the pursuer catches)."""
    HIGHER_MODIFIER = "higher-modifier"
    """The higher modifier wins; equal modifiers reroll (the general opposed-check rule)."""


def check_die(modifier: int) -> icepool.Die:
    """Return the distribution of ``1d20 + modifier``."""
    return icepool.d20 + modifier


def p_check(modifier: int, dc: int) -> Fraction:
    """Return the exact probability that ``1d20 + modifier`` meets or beats `dc`."""
    return Fraction(check_die(modifier).probability(">=", dc))


def p_fail_check(modifier: int, dc: int) -> Fraction:
    """Return the exact probability that ``1d20 + modifier`` falls short of `dc`."""
    return 1 - p_check(modifier, dc)


def p_no_failure(modifier: int, dcs: Iterable[int]) -> Fraction:
    """Return the probability of passing every check of `dcs` in turn (independent rolls)."""
    result = Fraction(1)
    for dc in dcs:
        result *= p_check(modifier, dc)
    return result


def damage_on_failure(
    modifier: int | None, dcs: Sequence[int], sides: int = 6
) -> dict[int, Fraction]:
    """Return the distribution of total damage when each failed check of `dcs` deals 1d`sides`.

    `modifier` None means every check fails automatically (a mount on a forced march,
    seed 000 "Движение верхом"). The result maps each total to its exact probability.
    """
    return _as_dict(_damage_die(modifier, dcs, sides))


def _damage_die(modifier: int | None, dcs: Sequence[int], sides: int) -> icepool.Die:
    """Return the total damage of the checks of `dcs` as a die (see `damage_on_failure`)."""
    total: icepool.Die = icepool.Die([0])
    damage = icepool.d(sides)
    for dc in dcs:
        if modifier is None:
            total = total + damage
        else:
            failed = check_die(modifier) < dc
            total = total + failed.if_else(damage, icepool.Die([0]))
    return total


def _fails_any(modifier: int, dcs: Sequence[int]) -> icepool.Die:
    """Return 1 if ``1d20 + modifier`` misses at least one of `dcs` (independent rolls), else 0."""
    misses: icepool.Die = icepool.Die([0])
    for dc in dcs:
        misses = misses + (check_die(modifier) < dc)
    return misses.map(lambda n: int(n > 0))


def members_failing(modifiers: Sequence[int], dcs: Sequence[int]) -> dict[int, Fraction]:
    """Return the distribution of how many party members fail at least one check of `dcs`.

    Each member (one entry of `modifiers`) rolls ``1d20 + modifier`` against every DC of
    `dcs`, independently of the others; a member who fails any check is fatigued (seed 000
    «Марш-бросок»: «получивший любое количество несмертельного урона ... считается
    утомиленным»). Key 0 is the chance that nobody fails.

    >>> members_failing([0, 0], [12])
    {0: Fraction(81, 400), 1: Fraction(99, 200), 2: Fraction(121, 400)}
    """
    count: icepool.Die = icepool.Die([0])
    for modifier in modifiers:
        count = count + _fails_any(modifier, dcs)
    return _as_dict(count)


def party_damage(
    modifiers: Sequence[int], dcs: Sequence[int], sides: int = 6
) -> dict[int, Fraction]:
    """Return the distribution of the whole party's damage when each failed check deals 1d`sides`.

    The sum over members of `damage_on_failure` (members roll independently).
    """
    total: icepool.Die = icepool.Die([0])
    for modifier in modifiers:
        total = total + _damage_die(modifier, dcs, sides)
    return _as_dict(total)


def _as_dict(die: icepool.Die) -> dict[int, Fraction]:
    """Return `die`'s outcomes mapped to their exact probabilities."""
    return {
        int(outcome): Fraction(p)
        for outcome, p in zip(die.outcomes(), die.probabilities(), strict=True)
    }


def p_first_wins(first: int, second: int, tie: OpposedTie) -> Fraction:
    """Return the probability that the first side wins an opposed d20 check.

    Each side rolls ``1d20 + modifier``; the higher total wins. A tie goes to the second side
    under `OpposedTie.SECOND`; under `OpposedTie.HIGHER_MODIFIER` it goes to the higher
    modifier, and equal modifiers reroll until someone wins (so the first side's chance is
    its share of the decisive outcomes).
    """
    diff = icepool.d20 + first - (icepool.d20 + second)
    wins = Fraction(diff.probability(">", 0))
    ties = Fraction(diff.probability(0))
    if tie is OpposedTie.SECOND:
        return wins
    if first > second:
        return wins + ties
    if first < second:
        return wins
    return wins / (1 - ties)


def p_test_d100(target: int) -> Fraction:
    """Return the probability that a d100 roll-under test against `target` succeeds.

    01 always succeeds and 100 always fails (DH2e Core Rulebook, "Tests"), so the chance lies
    between 1/100 and 99/100 whatever the target.
    """
    successes = min(max(target, 1), 99)
    return Fraction(successes, 100)


def _d100_fails(target: int) -> icepool.Die:
    """Return a d100 roll-under test against `target` as a die of 1 (failed) or 0."""
    return icepool.d100.map(lambda roll: int(roll == 100 or (roll != 1 and roll > target)))


def d100_failures(targets: Sequence[int]) -> dict[int, Fraction]:
    """Return the distribution of how many d100 roll-under tests of `targets` fail.

    Each test is independent; 01 always succeeds and 100 always fails (see `p_test_d100`).
    """
    return _as_dict(_d100_failures_die(targets))


def _d100_failures_die(targets: Sequence[int]) -> icepool.Die:
    total: icepool.Die = icepool.Die([0])
    for target in targets:
        total = total + _d100_fails(target)
    return total


def members_failing_d100(targets: Sequence[Sequence[int]]) -> dict[int, Fraction]:
    """Return how many party members fail at least one of their d100 tests (dh2e).

    `targets` holds each member's test targets (Toughness + modifier); members and tests
    are independent. A member failing any test gains Fatigue (seed 001 «Спешка»).

    >>> members_failing_d100([[40], [60]])
    {0: Fraction(6, 25), 1: Fraction(13, 25), 2: Fraction(6, 25)}
    """
    count: icepool.Die = icepool.Die([0])
    for member in targets:
        count = count + _d100_failures_die(member).map(lambda n: int(n > 0))
    return _as_dict(count)


def party_d100_failures(targets: Sequence[Sequence[int]]) -> dict[int, Fraction]:
    """Return the distribution of the Fatigue levels the whole party gains (dh2e).

    The sum over members of `d100_failures` (members test independently).
    """
    total: icepool.Die = icepool.Die([0])
    for member in targets:
        total = total + _d100_failures_die(member)
    return _as_dict(total)


def first_event_day(p_day: Fraction, days: int) -> dict[int | None, Fraction]:
    """Return on which day an event of daily probability `p_day` first happens, over `days`.

    Days are independent; key None holds the chance that it never happens in `days` days.
    """
    result: dict[int | None, Fraction] = {}
    survive = Fraction(1)
    for day in range(1, days + 1):
        result[day] = survive * p_day
        survive *= 1 - p_day
    result[None] = survive
    return result


@dataclass(frozen=True, slots=True)
class RollRecord:
    """One die rolled: what it was for, the die, the face, and the modified total."""

    label: str
    die: str
    result: int
    total: int

    def to_json(self) -> dict[str, object]:
        """Return this roll as a JSON-ready dict."""
        return {"label": self.label, "die": self.die, "result": self.result, "total": self.total}


@dataclass(slots=True)
class Roller:
    """Roll dice from one seeded `random.Random`, logging every roll in order.

    The same seed and the same sequence of calls give the same rolls, on every platform
    (`random.Random.randint` is specified by Python, not the OS).
    """

    seed: int
    log: list[RollRecord] = field(default_factory=list)
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        """Create the generator from the seed, 0..`Limits.seed` (Python would fold -N onto N)."""
        check_seed(self.seed)
        self._rng = random.Random(self.seed)

    def roll(self, sides: int, label: str, modifier: int = 0) -> int:
        """Roll ``1d<sides> + modifier``, log it under `label`, and return the total."""
        face = self._rng.randint(1, sides)
        total = face + modifier
        self.log.append(RollRecord(label=label, die=f"d{sides}", result=face, total=total))
        return total
