"""Compute exact odds of the checks travel and chases ask for, and roll them reproducibly.

Odds are exact `fractions.Fraction` values computed from integer counts of dice faces;
nothing here rounds. A sum of independent dice is the product of their counting
polynomials, multiplied as whole integers (Kronecker substitution, below): the 256 checks
`footfall.limits.Limits.odds_checks` allows take milliseconds, where summing icepool dice one
by one took seconds (docs/benchmarks-route.md, "Odds"). The tests check every function here
against icepool (a vetted dice-probability library) and against enumeration. Rolls come
from one `random.Random(seed)` per `Roller`, and every die rolled is logged with a label, so
a seeded answer can be replayed and audited.

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

import decimal
import heapq
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING

from footfall.errors import InputError, Param
from footfall.limits import LIMITS, Limits

if TYPE_CHECKING:  # icepool is the tests' oracle and `check_die`'s, not imported to compute
    import icepool

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
    """Return the distribution of ``1d20 + modifier`` as an icepool die (imported on use)."""
    import icepool

    return icepool.d20 + modifier


def _passing_faces(modifier: int, dc: int) -> int:
    """Return how many faces of a d20 make ``1d20 + modifier >= dc`` (0-20)."""
    return min(max(21 + modifier - dc, 0), 20)


def p_check(modifier: int, dc: int) -> Fraction:
    """Return the exact probability that ``1d20 + modifier`` meets or beats `dc`."""
    return Fraction(_passing_faces(modifier, dc), 20)


def p_fail_check(modifier: int, dc: int) -> Fraction:
    """Return the exact probability that ``1d20 + modifier`` falls short of `dc`."""
    return 1 - p_check(modifier, dc)


def p_no_failure(modifier: int, dcs: Iterable[int]) -> Fraction:
    """Return the probability of passing every check of `dcs` in turn (independent rolls)."""
    result = Fraction(1)
    for dc in dcs:
        result *= p_check(modifier, dc)
    return result


# --------------------------------------------------------------------------- integer counts

_Weights = tuple[int, ...]
"""A weight per outcome 0, 1, 2 ..."""

_Counts = tuple[_Weights, int]
"""A distribution over the outcomes 0, 1, 2 ...: a weight per outcome, and their total."""

_CERTAIN_ZERO: _Counts = ((1,), 1)


def _counts(weights: Sequence[int]) -> _Counts:
    """Return `weights` (non-negative, not all 0) as counts, reduced by their gcd."""
    common = math.gcd(*weights)
    reduced = tuple(w // common for w in weights)
    end = len(reduced)
    while reduced[end - 1] == 0:
        end -= 1
    return reduced[:end], sum(reduced)


def _pack(weights: Sequence[int], width: int) -> int:
    """Return `weights` as one integer, `width` bytes per weight, lowest outcome first."""
    return int.from_bytes(b"".join(w.to_bytes(width, "little") for w in weights), "little")


def _convolve(a: _Counts, b: _Counts) -> _Counts:
    """Return the distribution of the sum of independent `a` and `b`, exactly.

    Kronecker substitution: each weight list becomes one integer with a slot per outcome,
    wide enough for any weight of the sum (at most the product of the totals), so one
    multiplication of whole numbers does the whole convolution. Small products are Python
    integers in bytes (Karatsuba); from `_DECIMAL_DIGITS` digits on they are `decimal`
    integers in decimal digits, whose multiplication is a number-theoretic transform (about 7x
    faster than Python's at the 256 checks of `Limits.odds_checks`: docs/benchmarks.md,
    "Issue 15 item 5"). Both are exact and give the same weights.

    >>> _convolve(((1, 1), 2), ((1, 1), 2))  # two coins: 0, 1 or 2 heads
    ((1, 2, 1), 4)
    """
    (wa, ta), (wb, tb) = a, b
    if len(wa) == 1 or len(wb) == 1:
        scalar, other = (wa[0], wb) if len(wa) == 1 else (wb[0], wa)
        return tuple(scalar * w for w in other), ta * tb
    total = ta * tb
    size = len(wa) + len(wb) - 1
    digits = len(str(total)) if total.bit_length() < _STR_BITS else 0
    if digits and size * digits >= _DECIMAL_DIGITS:
        return _convolve_decimal(wa, wb, digits + 1, size), total
    width = total.bit_length() // 8 + 1
    data = (_pack(wa, width) * _pack(wb, width)).to_bytes(size * width, "little")
    weights = tuple(
        int.from_bytes(data[i : i + width], "little") for i in range(0, size * width, width)
    )
    return weights, total


#: The size (decimal digits of the packed product) from which `_convolve` multiplies decimals.
_DECIMAL_DIGITS = 20_000

#: Totals of fewer bits than this print in well under Python's 4300-digit limit of int to str.
_STR_BITS = 12_000

#: Exact integer arithmetic on decimals of any length (no rounding below MAX_PREC digits).
_EXACT = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)


def _convolve_decimal(wa: Sequence[int], wb: Sequence[int], width: int, size: int) -> _Weights:
    """Return the weights of the product of the weight lists `wa` and `wb`, packed in decimal.

    Each weight takes `width` decimal digits (more than the total has, so slots never carry
    into each other); the packed numbers are written highest outcome first, multiplied as
    `decimal.Decimal` integers (exact in `_EXACT`) and read back slot by slot.
    """
    packed_a = decimal.Decimal("".join(f"{w:0{width}d}" for w in reversed(wa)))
    packed_b = decimal.Decimal("".join(f"{w:0{width}d}" for w in reversed(wb)))
    text = f"{_EXACT.multiply(packed_a, packed_b):f}".zfill(size * width)
    end = len(text)
    return tuple(int(text[i - width : i]) for i in range(end, end - size * width, -width))


def _power(counts: _Counts, n: int) -> _Counts:
    """Return the distribution of the sum of `n` independent copies of `counts`."""
    result = _CERTAIN_ZERO
    while n:
        if n & 1:
            result = _convolve(result, counts)
        n >>= 1
        if n:
            counts = _convolve(counts, counts)
    return result


def _sum_of(parts: Iterable[_Counts]) -> _Counts:
    """Return the distribution of the sum of independent `parts`.

    Equal parts are raised to their multiplicity; then the two smallest distributions (slots
    times bits of their total) are multiplied until one is left, so that each multiplication
    has operands of similar size and the largest come last (Huffman's order). A part's
    impossible lowest outcomes (a failed check's 1d6 is never 0) are set aside as a shift of
    the sum, so that the products have fewer slots: 160 certain 1d6 are 801 slots, not 961.
    """
    shift = 0
    powers: list[_Counts] = []
    for (weights, total), k in Counter(parts).items():
        lowest = next(i for i, w in enumerate(weights) if w)
        shift += lowest * k
        powers.append(_power((weights[lowest:], total), k))
    if not powers:
        return _CERTAIN_ZERO
    weights, total = _huffman(powers)
    return ((0,) * shift + weights, total) if shift else (weights, total)


def _huffman(powers: list[_Counts]) -> _Counts:
    """Multiply `powers` (one or more) two smallest first; `_sum_of`'s order."""
    heap = [(_size(c), n, c) for n, c in enumerate(powers)]
    heapq.heapify(heap)
    made = len(heap)
    while len(heap) > 1:
        x, y = heapq.heappop(heap)[2], heapq.heappop(heap)[2]
        product = _convolve(x, y)
        heapq.heappush(heap, (_size(product), made, product))
        made += 1
    return heap[0][2]


def _size(counts: _Counts) -> int:
    """The size of a distribution packed for `_convolve`: its outcomes times its total's bits."""
    return len(counts[0]) * counts[1].bit_length()


def _as_dict(counts: _Counts) -> dict[int, Fraction]:
    """Return each possible outcome (weight above 0) mapped to its exact probability."""
    weights, total = counts
    return {k: Fraction(w, total) for k, w in enumerate(weights) if w}


def _bernoulli(passing: int, total: int) -> _Counts:
    """Return 0 with weight `passing` and 1 with the rest of `total`."""
    return _counts((passing, total - passing))


def _check_damage(modifier: int | None, dc: int, sides: int) -> _Counts:
    """Return one check's damage: 0 if ``1d20 + modifier`` makes `dc`, else 1d`sides`."""
    passing = 0 if modifier is None else _passing_faces(modifier, dc)
    return _counts((passing * sides, *([20 - passing] * sides)))


def _fails_any(modifier: int, dcs: Sequence[int]) -> _Counts:
    """Return 1 if ``1d20 + modifier`` misses at least one of `dcs` (independent rolls), else 0."""
    return _bernoulli(math.prod(_passing_faces(modifier, dc) for dc in dcs), 20 ** len(dcs))


def damage_on_failure(
    modifier: int | None, dcs: Sequence[int], sides: int = 6
) -> dict[int, Fraction]:
    """Return the distribution of total damage when each failed check of `dcs` deals 1d`sides`.

    `modifier` None means every check fails automatically (a mount on a forced march,
    seed 000 "Движение верхом"). The result maps each total to its exact probability.
    """
    return _as_dict(_sum_of(_check_damage(modifier, dc, sides) for dc in dcs))


def members_failing(modifiers: Sequence[int], dcs: Sequence[int]) -> dict[int, Fraction]:
    """Return the distribution of how many party members fail at least one check of `dcs`.

    Each member (one entry of `modifiers`) rolls ``1d20 + modifier`` against every DC of
    `dcs`, independently of the others; a member who fails any check is fatigued (seed 000
    «Марш-бросок»: «получивший любое количество несмертельного урона ... считается
    утомиленным»). Key 0 is the chance that nobody fails.

    >>> members_failing([0, 0], [12])
    {0: Fraction(81, 400), 1: Fraction(99, 200), 2: Fraction(121, 400)}
    """
    return _as_dict(_sum_of(_fails_any(modifier, dcs) for modifier in modifiers))


def party_damage(
    modifiers: Sequence[int], dcs: Sequence[int], sides: int = 6
) -> dict[int, Fraction]:
    """Return the distribution of the whole party's damage when each failed check deals 1d`sides`.

    The sum over members of `damage_on_failure` (members roll independently).
    """
    return _as_dict(_sum_of(_check_damage(m, dc, sides) for m in modifiers for dc in dcs))


def p_first_wins(first: int, second: int, tie: OpposedTie) -> Fraction:
    """Return the probability that the first side wins an opposed d20 check.

    Each side rolls ``1d20 + modifier``; the higher total wins. A tie goes to the second side
    under `OpposedTie.SECOND`; under `OpposedTie.HIGHER_MODIFIER` it goes to the higher
    modifier, and equal modifiers reroll until someone wins (so the first side's chance is
    its share of the decisive outcomes).
    """
    # For each face of the second side's d20, the first side's faces above or level with it.
    wins = sum(min(max(20 - (b + second - first), 0), 20) for b in range(1, 21))
    ties = sum(1 for b in range(1, 21) if 1 <= b + second - first <= 20)
    if tie is OpposedTie.SECOND:
        return Fraction(wins, 400)
    if first > second:
        return Fraction(wins + ties, 400)
    if first < second:
        return Fraction(wins, 400)
    return Fraction(wins, 400 - ties)


def p_test_d100(target: int) -> Fraction:
    """Return the probability that a d100 roll-under test against `target` succeeds.

    01 always succeeds and 100 always fails (DH2e Core Rulebook, "Tests"), so the chance lies
    between 1/100 and 99/100 whatever the target.
    """
    return Fraction(_d100_successes(target), 100)


def _d100_successes(target: int) -> int:
    """Return how many faces of a d100 pass a roll-under test against `target` (1-99)."""
    return min(max(target, 1), 99)


def d100_failures(targets: Sequence[int]) -> dict[int, Fraction]:
    """Return the distribution of how many d100 roll-under tests of `targets` fail.

    Each test is independent; 01 always succeeds and 100 always fails (see `p_test_d100`).
    """
    return _as_dict(_d100_failures(targets))


def _d100_failures(targets: Sequence[int]) -> _Counts:
    return _sum_of(_bernoulli(_d100_successes(t), 100) for t in targets)


def members_failing_d100(targets: Sequence[Sequence[int]]) -> dict[int, Fraction]:
    """Return how many party members fail at least one of their d100 tests (dh2e).

    `targets` holds each member's test targets (Toughness + modifier); members and tests
    are independent. A member failing any test gains Fatigue (seed 001 «Спешка»).

    >>> members_failing_d100([[40], [60]])
    {0: Fraction(6, 25), 1: Fraction(13, 25), 2: Fraction(6, 25)}
    """
    return _as_dict(
        _sum_of(
            _bernoulli(math.prod(_d100_successes(t) for t in member), 100 ** len(member))
            for member in targets
        )
    )


def party_d100_failures(targets: Sequence[Sequence[int]]) -> dict[int, Fraction]:
    """Return the distribution of the Fatigue levels the whole party gains (dh2e).

    The sum over members of `d100_failures` (members test independently).
    """
    return _as_dict(_d100_failures([t for member in targets for t in member]))


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
