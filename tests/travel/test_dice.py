"""Exact odds in footfall.dice checked against brute-force enumeration, and seeded rolls."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.dice import (
    OpposedTie,
    Roller,
    damage_on_failure,
    first_event_day,
    p_check,
    p_first_wins,
    p_no_failure,
    p_test_d100,
)
from footfall.errors import InputError


def _brute_check(mod: int, dc: int) -> Fraction:
    return Fraction(sum(1 for r in range(1, 21) if r + mod >= dc), 20)


@given(st.integers(-10, 15), st.integers(-5, 40))
@settings(max_examples=100)
def test_p_check_matches_enumeration(mod: int, dc: int) -> None:
    """P(1d20+mod >= DC) equals the count of passing faces over 20."""
    assert p_check(mod, dc) == _brute_check(mod, dc)


def test_forced_march_dcs_seed_000() -> None:
    """Seed 000 DC 10 + 2 per extra hour: Con +0 passes hour 9 (DC 12) 9 times in 20."""
    assert p_check(0, 12) == Fraction(9, 20)
    assert p_check(0, 14) == Fraction(7, 20)
    assert p_check(0, 18) == Fraction(3, 20)


@pytest.mark.parametrize("mod", [-1, 0, 2])
def test_no_failure_and_damage_match_enumeration(mod: int) -> None:
    """Passing every check and the 1d6-per-failure damage total match full enumeration."""
    dcs = [12, 16]
    passes = Fraction(0)
    damage: dict[int, Fraction] = {}
    weight = Fraction(1, 20 ** len(dcs) * 6 ** len(dcs))
    for rolls in itertools.product(range(1, 21), repeat=len(dcs)):
        failed = [r + mod < dc for r, dc in zip(rolls, dcs, strict=True)]
        if not any(failed):
            passes += Fraction(1, 20 ** len(dcs))
        for d6s in itertools.product(range(1, 7), repeat=len(dcs)):
            total = sum(d for d, f in zip(d6s, failed, strict=True) if f)
            damage[total] = damage.get(total, Fraction(0)) + weight
    assert p_no_failure(mod, dcs) == passes
    assert damage_on_failure(mod, dcs) == damage
    assert damage_on_failure(mod, dcs)[0] == passes


_WEIGHTS = st.lists(st.integers(0, 10**40), min_size=2, max_size=40).filter(any)


@given(_WEIGHTS, _WEIGHTS)
@settings(max_examples=200)
def test_decimal_and_binary_packings_agree(a: list[int], b: list[int]) -> None:
    """The convolution of two weight lists is the same packed in decimal digits (the large
    products) and in bytes (the small ones), and equals the schoolbook sum of products."""
    from footfall import dice

    left, right = (tuple(a), sum(a)), (tuple(b), sum(b))
    expected = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            expected[i + j] += x * y
    binary = dice._convolve(left, right)
    width = len(str(left[1] * right[1])) + 1
    decimal = dice._convolve_decimal(left[0], right[0], width, len(expected))
    assert binary == (tuple(expected), left[1] * right[1])
    assert decimal == tuple(expected)


def test_automatic_failure_is_sum_of_d6() -> None:
    """A mount fails every forced-march check (seed 000), so its damage is 2d6 over 2 hours."""
    dist = damage_on_failure(None, [12, 14])
    assert dist[2] == Fraction(1, 36)
    assert dist[7] == Fraction(6, 36)
    assert 0 not in dist


@given(st.integers(-5, 10), st.integers(-5, 10))
@settings(max_examples=60)
def test_opposed_matches_enumeration(a: int, b: int) -> None:
    """Opposed d20 odds under both tie rules equal enumeration of the 400 roll pairs."""
    wins = sum(1 for x in range(1, 21) for y in range(1, 21) if x + a > y + b)
    ties = sum(1 for x in range(1, 21) for y in range(1, 21) if x + a == y + b)
    assert p_first_wins(a, b, OpposedTie.SECOND) == Fraction(wins, 400)
    expected = Fraction(wins + (ties if a > b else 0), 400)
    if a == b:
        expected = Fraction(wins, 400 - ties)
    assert p_first_wins(a, b, OpposedTie.HIGHER_MODIFIER) == expected


def test_d100_extremes() -> None:
    """DH2e d100 roll-under: 01 always succeeds and 100 always fails."""
    assert p_test_d100(40) == Fraction(40, 100)
    assert p_test_d100(-30) == Fraction(1, 100)
    assert p_test_d100(150) == Fraction(99, 100)


def test_first_event_day_is_geometric() -> None:
    """The first day of a daily event is geometric, and the table sums to one."""
    dist = first_event_day(Fraction(1, 4), 3)
    assert dist[1] == Fraction(1, 4)
    assert dist[2] == Fraction(3, 16)
    assert dist[None] == Fraction(27, 64)
    assert sum(dist.values()) == 1


def test_roller_is_reproducible_and_logged() -> None:
    """The same seed gives the same rolls, and every roll is logged with its label."""
    a, b = Roller(7), Roller(7)
    first = [a.roll(20, "x", 2) for _ in range(5)]
    assert first == [b.roll(20, "x", 2) for _ in range(5)]
    assert [r.total for r in a.log] == first
    assert all(r.total == r.result + 2 and 1 <= r.result <= 20 for r in a.log)
    assert a.log[0].to_json()["label"] == "x"


def test_negative_seed_is_refused() -> None:
    """A negative seed is refused: Python's Random(-3) would silently replay seed 3."""
    with pytest.raises(InputError, match="seed -3 must be 0 or more"):
        Roller(-3)
