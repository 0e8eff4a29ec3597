"""Work out a stall: the fall, the Reflex saves to recover, the falling damage, exact odds.

Seed 004 "最低向前速度(Minimum Forward Speed)" (RULES.md 1.8): a flyer that does not keep its
minimum forward speed lands at the end of its movement; too high to land, it falls 150 ft in
the first round; if that does not bring it to the ground, on its next turn a DC 20 Reflex save
recovers, failure falls 300 ft more, and so on each round until it recovers or lands. The
numbers come from the system data (`StallRule`).

Official rules the seed leaves out: falling damage is 1d6 per 10 ft fallen, at most 20d6
(D&D 3.5 DMG "Falling"); on a saving throw a natural 1 always fails and a natural 20 always
succeeds (D&D 3.5 PHB "Saving Throws"). The fall's damage counts the whole distance fallen
since the stall.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from footfall.errors import InputError, LimitError, Param
from footfall.flight.model import FALL_DICE_MAX, FALL_FT_PER_DIE
from footfall.limits import LIMITS, Limits
from footfall.rules import StallRule

__all__ = [
    "FallRound",
    "Stall",
    "fall_dice",
    "p_save",
    "stall",
]


def p_save(bonus: int, dc: int) -> Fraction:
    """Return the exact chance that a saving throw ``1d20 + bonus`` meets `dc`.

    A natural 20 always succeeds and a natural 1 always fails (D&D 3.5 PHB "Saving Throws").

    >>> p_save(0, 20), p_save(5, 20), p_save(30, 20)
    (Fraction(1, 20), Fraction(3, 10), Fraction(19, 20))
    """
    wins = sum(1 for face in range(1, 21) if face == 20 or (face != 1 and face + bonus >= dc))
    return Fraction(wins, 20)


def fall_dice(fall_ft: int) -> int:
    """Return the number of d6 of falling damage for a fall of `fall_ft` ft (max 20d6)."""
    return min(FALL_DICE_MAX, max(0, fall_ft) // FALL_FT_PER_DIE)


@dataclass(frozen=True, slots=True)
class FallRound:
    """One round of a stall: where the flyer starts, whether it saves, the odds of each end.

    - `alt_before`, `alt_after`: altitude (ft) before the round and after falling in it
      (when it does not recover).
    - `save`: whether a Reflex save is rolled this round (not in the first).
    - `p_reach`: chance the flyer is still falling when the round begins.
    - `p_recover`, `p_crash`: chance it recovers, or hits the ground, in this round.
    """

    round: int
    alt_before: int
    alt_after: int
    save: bool
    p_reach: Fraction
    p_recover: Fraction
    p_crash: Fraction


@dataclass(frozen=True, slots=True)
class Stall:
    """A stall from altitude `alt`: the rounds until the flyer recovers or crashes."""

    alt: int
    reflex: int
    dc: int
    p_success: Fraction
    rounds: tuple[FallRound, ...]
    damage_dice: int

    @property
    def p_recover(self) -> Fraction:
        """Chance the flyer recovers before it hits the ground."""
        return sum((r.p_recover for r in self.rounds), Fraction(0))

    @property
    def p_crash(self) -> Fraction:
        """Chance the flyer hits the ground (taking `damage_dice` d6)."""
        return sum((r.p_crash for r in self.rounds), Fraction(0))

    def p_recover_within(self, rounds: int) -> Fraction:
        """Chance the flyer has recovered by the end of round `rounds` (round 1 = the stall)."""
        return sum((r.p_recover for r in self.rounds if r.round <= rounds), Fraction(0))

    @property
    def damage_average(self) -> Fraction:
        """Average falling damage on a crash (3.5 per d6)."""
        return Fraction(7, 2) * self.damage_dice


def stall(alt: int, reflex: int, rule: StallRule, *, limits: Limits = LIMITS) -> Stall:
    """Return the rounds of a stall from altitude `alt` ft for a flyer with Reflex `reflex`.

    An altitude below 0 raises `InputError`, above `limits.fall_alt_ft` `LimitError`.

    >>> from footfall.rules import load_system
    >>> s = stall(400, 5, load_system("dnd35").flight.stall)
    >>> [(r.round, r.alt_before, r.alt_after) for r in s.rounds]
    [(1, 400, 250), (2, 250, 0)]
    >>> s.p_recover, s.damage_dice
    (Fraction(3, 10), 20)
    """
    if alt < 0:
        raise InputError("error.flight.alt-negative", param=Param("alt"), value=alt)
    if alt > limits.fall_alt_ft:
        raise LimitError(
            "error.flight.alt-high", param=Param("alt"), value=alt, most=limits.fall_alt_ft
        )
    p = p_save(reflex, rule.recover_dc)
    rounds: list[FallRound] = []
    reach = Fraction(1)
    height = alt
    number = 1
    while reach and height > 0:
        save = number > 1
        fall = rule.further_fall_ft if save else rule.first_fall_ft
        after = max(0, height - fall)
        p_recover = reach * p if save else Fraction(0)
        falling = reach - p_recover
        p_crash = falling if after == 0 else Fraction(0)
        rounds.append(FallRound(number, height, after, save, reach, p_recover, p_crash))
        reach = falling - p_crash
        height = after
        number += 1
    return Stall(alt, reflex, rule.recover_dc, p, tuple(rounds), fall_dice(alt))
