"""Stalls (seed 004 最低向前速度): the fall, the DC 20 Reflex saves, damage, odds vs brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from footfall.errors import InputError, LimitError
from footfall.flight import FlightState, Flyer, check, p_save, parse_steps, stall
from footfall.flight.falling import fall_dice
from footfall.rules import Maneuverability, load_system

SYSTEM = load_system("dnd35")
assert SYSTEM.flight is not None
RULE = SYSTEM.flight.stall


def _brute(alt: int, bonus: int) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Recover / crash chance per round, by rolling out every d20 sequence (seed 004 text)."""
    first, dc, further = 150, 20, 300  # seed 004: 150 ft, DC 20, 300 ft
    saves = 0
    height = alt - first
    while height > 0:
        saves += 1
        height -= further
    recover: dict[int, Fraction] = {}
    crash: dict[int, Fraction] = {}
    weight = Fraction(1, 20**saves)
    for faces in itertools.product(range(1, 21), repeat=saves):
        height = alt - first
        if height <= 0:
            crash[1] = crash.get(1, Fraction(0)) + weight
            continue
        for number, face in enumerate(faces, start=2):
            success = face == 20 or (face != 1 and face + bonus >= dc)
            if success:
                recover[number] = recover.get(number, Fraction(0)) + weight
                break
            height -= further
            if height <= 0:
                crash[number] = crash.get(number, Fraction(0)) + weight
                break
    return recover, crash


def test_the_rule_comes_from_the_seed() -> None:
    """Seed 004: falls 150 ft in the first round, DC 20 Reflex, 300 ft more on a failure."""
    assert (RULE.first_fall_ft, RULE.recover_dc, RULE.further_fall_ft) == (150, 20, 300)


@pytest.mark.parametrize("alt", [5, 100, 150, 155, 450, 451, 750, 1000])
@pytest.mark.parametrize("bonus", [-5, 0, 7, 18, 40])
def test_odds_match_brute_force(alt: int, bonus: int) -> None:
    """Each round's chance to recover and to crash equals the roll-out of every d20 sequence."""
    recover, crash = _brute(alt, bonus)
    result = stall(alt, bonus, RULE)
    assert {r.round: r.p_recover for r in result.rounds if r.p_recover} == recover
    assert {r.round: r.p_crash for r in result.rounds if r.p_crash} == crash
    assert result.p_recover + result.p_crash == 1
    for n in range(1, len(result.rounds) + 2):
        assert result.p_recover_within(n) == sum(p for r, p in recover.items() if r <= n)


def test_natural_one_and_twenty() -> None:
    """A save has at least 1/20 and at most 19/20 (natural 20 and 1, D&D 3.5 PHB)."""
    assert p_save(-100, 20) == Fraction(1, 20)
    assert p_save(100, 20) == Fraction(19, 20)
    assert p_save(10, 20) == Fraction(11, 20)


def test_a_low_stall_hits_the_ground_in_the_first_round() -> None:
    """From 150 ft or less the first round's fall reaches the ground: no save, falling damage."""
    result = stall(120, 10, RULE)
    assert [(r.round, r.alt_before, r.alt_after, r.save) for r in result.rounds] == [
        (1, 120, 0, False)
    ]
    assert result.p_crash == 1 and result.damage_dice == 12


def test_falling_damage_is_capped() -> None:
    """1d6 per 10 ft fallen, 20d6 at most (D&D 3.5 DMG, Falling)."""
    assert [fall_dice(ft) for ft in (5, 10, 15, 199, 200, 5000)] == [0, 1, 1, 19, 20, 20]


def test_bad_altitudes() -> None:
    """A negative altitude is bad input; an absurd one hits the work limit."""
    with pytest.raises(InputError):
        stall(-5, 0, RULE)
    with pytest.raises(LimitError):
        stall(10**9, 0, RULE)


def _flyer(cls: Maneuverability, speed: int = 60) -> Flyer:
    assert SYSTEM.flight is not None
    return Flyer(speed, SYSTEM.flight.row(cls))


def test_too_slow_in_the_air_stalls() -> None:
    """An average flyer that flies 25 of its 60 ft at 400 ft stalls there (flight-min-speed)."""
    result = check(
        _flyer(Maneuverability.AVERAGE),
        FlightState(0, 0, 400, 2),
        parse_steps("f5"),
        system=SYSTEM,
        budget_ft=60,
        reflex=5,
    )
    assert [v.rule for v in result.violations] == ["flight-min-speed"]
    assert result.stall is not None and result.stall.alt == 400
    assert result.stall.p_recover == Fraction(3, 10)


def test_too_slow_but_on_the_ground_lands() -> None:
    """A slow flight that ends at altitude 0 is a landing, not a stall."""
    result = check(
        _flyer(Maneuverability.CLUMSY),
        FlightState(0, 0, 10, 2),
        parse_steps("d5 d5"),
        system=SYSTEM,
        budget_ft=60,
    )
    assert result.legal and result.landed and result.stall is None


def test_perfect_flyers_never_stall() -> None:
    """Classes with no minimum forward speed (无) may hover in place all round."""
    result = check(
        _flyer(Maneuverability.GOOD),
        FlightState(0, 0, 300, 2),
        parse_steps("h"),
        system=SYSTEM,
        budget_ft=60,
    )
    assert result.legal and result.stall is None


def test_a_path_below_the_ground_is_refused_not_a_crash() -> None:
    """Flying below altitude 0 is flight-ground; no stall is worked out from underground."""
    result = check(
        _flyer(Maneuverability.POOR),
        FlightState(0, 0, 0, 2),
        parse_steps("d5"),
        system=SYSTEM,
        budget_ft=60,
    )
    assert [v.rule for v in result.violations] == ["flight-ground"]
    assert result.stall is None
