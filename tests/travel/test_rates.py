"""Rates: the RULES.md formulas at speeds outside the seed tables, dh2e past AB 10, metric."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.errors import InputError
from footfall.rates import D20Rates, HeresyRates, SteelRates, d20_rates, rates
from footfall.rules import Armor, Load, Mode, load_system
from footfall.units import display, ft_to_m, json_number, mi_to_km
from helpers import strategies

# speed -> (round walk/hustle/run, minute walk/hustle/run, hour walk/hustle, day walk), by hand
# from RULES.md 1.1: round = speed x 1/2/4; minute = 10 x round; hour = speed/10 x 1/2;
# day = 8 x hour walk.
OFF_TABLE = {
    5: ((5, 10, 20), (50, 100, 200), (F(1, 2), 1), 4),
    50: ((50, 100, 200), (500, 1000, 2000), (5, 10), 40),
    60: ((60, 120, 240), (600, 1200, 2400), (6, 12), 48),
    120: ((120, 240, 480), (1200, 2400, 4800), (12, 24), 96),
}


@pytest.mark.parametrize("system", ["pf1e", "dnd35"])
@pytest.mark.parametrize("speed", list(OFF_TABLE))
def test_speeds_outside_the_tables(system: str, speed: int) -> None:
    """Speeds 5, 50, 60, 120 ft follow the formulas: every scale, every pace."""
    r = rates(system, speed=speed)
    assert isinstance(r, D20Rates)
    rnd, minute, hour, day = OFF_TABLE[speed]
    assert (r.tactical.walk, r.tactical.hustle, r.tactical.run) == rnd
    assert (r.local.walk, r.local.hustle, r.local.run) == minute
    assert (r.overland_hour.walk, r.overland_hour.hustle, r.overland_hour.run) == (*hour, None)
    assert (r.overland_day.walk, r.overland_day.hustle, r.overland_day.run) == (day, None, None)
    assert r.run_multiplier == 4


@pytest.mark.parametrize("speed", list(OFF_TABLE))
def test_heavy_armor_runs_x3_at_any_speed(speed: int) -> None:
    """Heavy armor (or a heavy load) makes run x3 per round and per minute."""
    for kwargs in ({"armor": "heavy"}, {"load": "heavy"}):
        r = rates("pf1e", speed=speed, **kwargs)  # type: ignore[arg-type]
        assert isinstance(r, D20Rates)
        assert r.run_multiplier == 3
        assert r.tactical.run == 3 * speed
        assert r.local.run == 30 * speed


def test_acceptance_pf1e_30_heavy() -> None:
    """Issue 2: speed 30, heavy armor: walk 30 / hustle 60 / run 90 ft, 3 / 6 mi/h, 24 mi/day."""
    r = rates("pf1e", speed=30, armor="heavy")
    assert r.to_json() == {
        "system": "pf1e",
        "speed": 30,
        "armor": "heavy",
        "load": "light",
        "metric": False,
        "run_multiplier": 3,
        "tactical": {"unit": "ft/round", "walk": 30, "hustle": 60, "run": 90},
        "local": {"unit": "ft/min", "walk": 300, "hustle": 600, "run": 900},
        "overland_hour": {"unit": "mi/h", "walk": 3, "hustle": 6, "run": None},
        "overland_day": {"unit": "mi/day", "walk": 24, "hustle": None, "run": None},
    }


def test_metric_conversion_is_exact() -> None:
    """--metric: 1.5 m per 5 ft and 1.6 km per mile, kept exact (20 ft: 6 m, 2 mi/h: 3.2)."""
    r = rates("dnd35", speed=20, metric=True)
    assert isinstance(r, D20Rates)
    assert r.tactical.unit == "m/round" and r.overland_day.unit == "km/day"
    assert (r.tactical.walk, r.tactical.run) == (6, 24)
    assert r.local.walk == 60
    assert r.overland_hour.walk == F(16, 5)
    assert r.overland_day.walk == F(128, 5)
    assert r.to_json()["overland_hour"] == {"unit": "km/h", "walk": 3.2, "hustle": 6.4, "run": None}
    assert ft_to_m(10) == 3 and mi_to_km(5) == 8
    assert ft_to_m(5) == F(3, 2) and mi_to_km(F(3, 2)) == F(12, 5)


@pytest.mark.parametrize(
    ("speed", "message"),
    [
        (0, "pf1e speed must be a positive multiple of 5 ft, got 0"),
        (-5, "pf1e speed must be a positive multiple of 5 ft, got -5"),
        (32, "pf1e speed must be a positive multiple of 5 ft, got 32"),
    ],
)
def test_bad_speed(speed: int, message: str) -> None:
    """A speed that is not a positive multiple of 5 ft is refused in one line."""
    with pytest.raises(InputError) as err:
        rates("pf1e", speed=speed)
    assert str(err.value) == message


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"speed": 30, "armor": "plate"}, "unknown armor 'plate' (known: none, light, medium"),
        ({"speed": 30, "load": "huge"}, "unknown load 'huge' (known: light, medium, heavy)"),
        ({}, "pf1e needs a speed in ft"),
        ({"speed": 30, "agility_bonus": 3}, "pf1e takes a speed, not an agility bonus"),
    ],
)
def test_bad_d20_options(kwargs: dict[str, object], message: str) -> None:
    """Unknown armor or load, a missing speed or a dh2e option are refused by name."""
    with pytest.raises(InputError) as err:
        rates("pf1e", **kwargs)  # type: ignore[arg-type]
    assert str(err.value).startswith(message)


# AB -> structured (half, full, charge, run) and narrative (m/min, km/h, km/day), by hand from
# RULES.md 2: x1/x2/x3/x6 AB; 24 AB m/min; km/h = m/min x 0.06 to the nearest km; day = 10 h.
PAST_TEN = {
    11: ((11, 22, 33, 66), (264, 16, 160)),  # 15.84 km/h -> 16
    12: ((12, 24, 36, 72), (288, 17, 170)),  # 17.28 -> 17
    15: ((15, 30, 45, 90), (360, 22, 220)),  # 21.6 -> 22
    20: ((20, 40, 60, 120), (480, 29, 290)),  # 28.8 -> 29
}


@pytest.mark.parametrize("ab", list(PAST_TEN))
def test_agility_bonus_past_ten_is_extrapolated(ab: int) -> None:
    """Past AB 10 the formulas give the answer, and it is flagged as extrapolated."""
    r = rates("dh2e", agility_bonus=ab)
    assert isinstance(r, HeresyRates)
    structured, narrative = PAST_TEN[ab]
    assert (r.half_move, r.full_move, r.charge, r.run) == structured
    assert (r.per_minute_m, r.per_hour_km, r.per_day_km) == narrative
    assert r.extrapolated


def test_agility_bonus_in_table_is_not_extrapolated() -> None:
    """AB 0 and 10 are read from the seed tables (AB 0: 1/2, 1, 2, 3 and 0.75 km/h)."""
    r0 = rates("dh2e", agility_bonus=0)
    assert r0.to_json() == {
        "system": "dh2e",
        "agility_bonus": 0,
        "extrapolated": False,
        "structured": {"unit": "m/round", "half_move": 0.5, "full_move": 1, "charge": 2, "run": 3},
        "narrative": {"per_minute_m": 12, "per_hour_km": 0.75, "per_day_km": 7},
    }
    r10 = rates("dh2e", agility_bonus=10)
    assert isinstance(r10, HeresyRates) and not r10.extrapolated
    assert (r10.run, r10.per_hour_km) == (60, 14)


def test_extrapolation_meets_the_table_at_ten() -> None:
    """The structured formula reproduces AB 1-10 exactly (so AB 11 continues the table)."""
    heresy = load_system("dh2e").heresy
    assert heresy is not None
    for row in heresy.structured[1:]:
        assert (row.half_move, row.full_move, row.charge, row.run) == tuple(
            m * row.ab for m in heresy.structured_multiples
        )


def test_negative_agility_bonus() -> None:
    """A negative Agility Bonus is refused in one line naming the bound."""
    with pytest.raises(InputError) as err:
        rates("dh2e", agility_bonus=-1)
    assert str(err.value) == "agility bonus -1 is out of range (0-30)"
    with pytest.raises(InputError, match="dh2e needs an agility bonus"):
        rates("dh2e")
    with pytest.raises(InputError, match="dh2e takes an agility bonus, not a speed"):
        rates("dh2e", speed=30, agility_bonus=2)


@pytest.mark.parametrize(
    ("speed", "advance", "disengage"), [(None, 5, 1), (7, 7, 1), (1, 1, 1), (0, 0, 0)]
)
def test_drawsteel_rates(speed: int | None, advance: int, disengage: int) -> None:
    """Draw Steel: default speed 5; advance = speed; disengage shifts 1 but never past speed."""
    r = rates("drawsteel", speed=speed)
    assert isinstance(r, SteelRates)
    assert (r.advance, r.disengage) == (advance, disengage)


def test_drawsteel_bad_speed() -> None:
    """A negative Draw Steel speed is refused."""
    with pytest.raises(InputError, match="drawsteel speed must be 0 or more squares, got -1"):
        rates("drawsteel", speed=-1)


def test_unknown_system() -> None:
    """An unknown system names the four known ones."""
    with pytest.raises(InputError, match=r"known: pf1e, dnd35, dh2e, drawsteel"):
        rates("gurps", speed=30)


@settings(max_examples=100)
@given(
    steps=st.integers(min_value=1, max_value=400),
    armor=strategies.armors(),
    load=strategies.loads(),
)
def test_scales_are_consistent(steps: int, armor: Armor, load: Load) -> None:
    """At any speed: minute = 10 x round, day = 8 x hour, run > hustle > walk, all exact."""
    speed = 5 * steps
    r = d20_rates(load_system("dnd35"), speed, armor=armor, load=load)
    for mode in Mode:
        assert r.local.get(mode) == 10 * r.tactical.get(mode)  # type: ignore[operator]
    assert r.overland_day.walk == 8 * r.overland_hour.walk  # type: ignore[operator]
    assert r.tactical.run > r.tactical.hustle > r.tactical.walk  # type: ignore[operator]
    assert r.overland_hour.hustle == 2 * r.overland_hour.walk  # type: ignore[operator]


def test_display_rounds_only_at_the_edge() -> None:
    """Display rounds half up to 2 places (ru with a comma); JSON keeps whole numbers ints."""
    assert display(F(1, 3)) == "0.33"
    assert display(F(2, 3), "ru") == "0,67"
    assert display(F(5, 2), "zh") == "2.5"
    assert display(F(1, 200)) == "0.01"
    assert display(None) == "—"
    assert json_number(F(6)) == 6 and isinstance(json_number(F(6)), int)
    assert json_number(F(3, 4)) == 0.75


@pytest.mark.parametrize(
    ("system", "kwargs", "message"),
    [
        ("drawsteel", {"armor": "heavy"}, "drawsteel takes no armor or load"),
        ("drawsteel", {"load": "heavy"}, "drawsteel takes no armor or load"),
        ("dh2e", {"agility_bonus": 3, "armor": "medium"}, "dh2e takes no armor or load"),
        ("drawsteel", {"metric": True}, "drawsteel counts squares: metric is for pf1e"),
    ],
)
def test_options_of_other_systems_are_refused(
    system: str, kwargs: dict[str, object], message: str
) -> None:
    """--armor/--load (pf1e/dnd35 running) and --metric (squares) are refused, not ignored."""
    with pytest.raises(InputError, match=message):
        rates(system, **kwargs)  # type: ignore[arg-type]


def test_sample_rates_apply_d20_options_only_to_d20_systems() -> None:
    """`footfall rates --armor heavy --metric` runs x3 in metres for pf1e/dnd35 only."""
    from footfall.rates import sample_rates

    results = sample_rates(armor=Armor.HEAVY, metric=True)
    d20 = [r for r in results if isinstance(r, D20Rates)]
    assert [r.run_multiplier for r in d20] == [3, 3]
    assert d20[0].tactical.get(Mode.RUN) == 27  # 30 ft x3 = 90 ft = 27 m (1.5 m per 5 ft)
    assert isinstance(results[-1], SteelRates) and results[-1].advance == 5
