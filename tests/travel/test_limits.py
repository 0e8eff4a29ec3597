"""Bounds shared by rates and travel, durations under an hour, and the legs' log hours.

- One Agility / Toughness Bonus bound (0-30, `footfall.limits.Limits.bonus`) everywhere.
- One speed bound (`Limits.d20_speed`, the scene's `LIMITS.speed`) and a current bound.
- A leg of a very fast traveller prints in minutes or seconds, never "0 h"; JSON keeps the
  exact hours.
- `legs[].log_hours` says what the day-by-day log spends on a leg (drift, hustle).
- The Russian and Chinese wording uses the seeds' terms.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from fractions import Fraction

import pytest

from footfall.cli import main
from footfall.cli.journeys.text import _days, _duration
from footfall.errors import InputError
from footfall.limits import LIMITS
from footfall.rates import check_bonus, rates
from footfall.route import find_route, load_map
from footfall.rules import load_system
from footfall.travel import Flow, Traveller, exertion_odds, parse_leg, plan_journey, plan_local
from footfall.travel.water import parse_current
from helpers.cli import invoke


def _ok(args: list[str]) -> str:
    result = invoke(args)
    assert result.exit_code == 0, result.output
    return result.output


# ----------------------------------------------------------------- Agility Bonus


def _every_ab_consumer(ab: int) -> None:
    """Ask rates, travel, the local scale and a route for Agility Bonus `ab`."""
    heresy = load_system("dh2e")
    rates("dh2e", agility_bonus=ab)
    plan_journey("dh2e", [parse_leg("10 km", heresy)], Traveller(agility_bonus=ab))
    plan_local("dh2e", Fraction(100), agility_bonus=ab)
    find_route(load_map("hive"), (0, 0), (1, 0), Traveller(agility_bonus=ab), system_id="dh2e")


def test_agility_bonus_bound_is_one_for_all() -> None:
    """AB 30 works in rates, travel, local and route; AB 31 fails in each with one message."""
    assert LIMITS.bonus == 30
    _every_ab_consumer(LIMITS.bonus)
    heresy = load_system("dh2e")
    calls: list[Callable[[], object]] = [
        lambda: rates("dh2e", agility_bonus=31),
        lambda: plan_journey("dh2e", [parse_leg("10 km", heresy)], Traveller(agility_bonus=31)),
        lambda: plan_local("dh2e", Fraction(100), agility_bonus=31),
        lambda: find_route(
            load_map("hive"), (0, 0), (1, 0), Traveller(agility_bonus=31), system_id="dh2e"
        ),
    ]
    for call in calls:
        with pytest.raises(InputError) as err:
            call()
        assert str(err.value) == "agility bonus 31 is out of range (0-30)"


def test_ab_past_the_seed_table_is_extrapolated_up_to_the_bound() -> None:
    """Seed 001's table stops at AB 10; AB 11-30 are extrapolated and say so (RULES.md 2)."""
    assert rates("dh2e", agility_bonus=10).extrapolated is False  # type: ignore[union-attr]
    assert rates("dh2e", agility_bonus=30).extrapolated is True  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("value", "what", "least", "message"),
    [
        (-1, "agility bonus", 0, "agility bonus -1 is out of range (0-30)"),
        (0, "toughness bonus", 1, "toughness bonus 0 is out of range (1-30)"),
        (1000, "agility bonus", 0, "agility bonus 1000 is out of range (0-30)"),
    ],
)
def test_check_bonus_names_value_and_bound(value: int, what: str, least: int, message: str) -> None:
    """check_bonus raises one line naming the bonus, the bad value and the bound."""
    with pytest.raises(InputError) as err:
        check_bonus(value, what, least=least)
    assert str(err.value) == message


def test_toughness_bonus_bound_in_travel_and_odds() -> None:
    """TB 31 is refused by the planner and by `odds` alike; TB 30 is accepted."""
    heresy = load_system("dh2e")
    leg = [parse_leg("10 km", heresy)]
    plan_journey("dh2e", leg, Traveller(agility_bonus=3, toughness_bonus=30), hustle=1)
    with pytest.raises(InputError, match=r"^toughness bonus 31 is out of range \(1-30\)$"):
        plan_journey("dh2e", leg, Traveller(agility_bonus=3, toughness_bonus=31), hustle=1)
    with pytest.raises(InputError, match=r"^toughness bonus 31 is out of range \(1-30\)$"):
        exertion_odds("dh2e", hustle=4, toughness=40, toughness_bonus=31)


def test_cli_agility_bonus_errors_agree(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`rates` and `travel` print the same one-line error for AB 99 and exit 2."""
    for args in (
        ["rates", "dh2e", "--agility-bonus", "99"],
        ["travel", "dh2e", "--agility-bonus", "99", "--leg", "10 km"],
    ):
        monkeypatch.setattr(sys, "argv", ["footfall", *args])
        with pytest.raises(SystemExit) as info:
            main()
        assert info.value.code == 2
        assert capsys.readouterr().err == (
            "footfall: error: agility bonus 99 is out of range (0-30)\n"
        )


# ----------------------------------------------------------------- speed and current


def test_speed_bound_is_the_scenes() -> None:
    """pf1e speed 100000 ft is planned; 100005 is refused naming the bound."""
    assert LIMITS.d20_speed == LIMITS.speed == 100_000
    rules = load_system("pf1e")
    leg = [parse_leg("1 mi plains road", rules)]
    journey = plan_journey("pf1e", leg, Traveller(speeds=(100_000,)))
    assert journey.total_hours == Fraction(1, 10_000)  # 100000 ft -> 10000 mi/h
    with pytest.raises(InputError, match=r"speed 100005 ft is out of range \(5-100000 ft\)"):
        plan_journey("pf1e", leg, Traveller(speeds=(100_005,)))


def test_current_bound() -> None:
    """A current over 100 mi/h is refused; 100 itself is accepted."""
    assert parse_current("100") == LIMITS.current_mph
    with pytest.raises(InputError, match=r"current '1e9' mi/h is out of range \(0-100"):
        parse_current("1e9")  # named as typed, not as the 10 digits it stands for
    with pytest.raises(InputError, match=r"current 101 mi/h is out of range \(0-100"):
        parse_current(Fraction(101))
    rules = load_system("pf1e")
    journey = plan_journey(
        "pf1e",
        [parse_leg("101 mi", rules)],
        Traveller(vessel="raft", current=Fraction(100), flow=Flow.DOWNSTREAM),
    )
    assert journey.legs[0].per_hour == Fraction(201, 2)  # 1/2 mi/h + the current


# ----------------------------------------------------------------- durations


@pytest.mark.parametrize(
    ("hours", "lang", "shown"),
    [
        (Fraction(26), "en", "26 h"),
        (Fraction(0), "en", "0 h"),
        (Fraction(1), "en", "1 h"),
        (Fraction(4, 9), "en", "26.67 min"),
        (Fraction(2, 3), "ru", "40 мин"),
        (Fraction(2, 3), "zh", "40 分钟"),
        (Fraction(1, 10_000), "en", "0.36 s"),
        (Fraction(1, 10_000), "ru", "0,36 с"),
        (Fraction(1, 10**9), "en", "<0.01 s"),
        (Fraction(5999, 6000), "en", "59.99 min"),
        (Fraction(99999, 100000), "en", "1 h"),  # 59.9994 min rounds to 60: shown in hours
        (Fraction(1, 60), "en", "1 min"),
    ],
)
def test_duration_display(hours: Fraction, lang: str, shown: str) -> None:
    """Durations print in h from an hour up, then min, then s; nothing short shows as 0 h."""
    assert _duration(hours, lang) == shown  # type: ignore[arg-type]


def test_days_display() -> None:
    """A trip of seconds is <0.01 days, not 0; ordinary days keep 2 decimals."""
    assert _days(Fraction(1, 80_000)) == "<0.01"
    assert _days(Fraction(13, 4)) == "3.25"
    assert _days(Fraction(0)) == "0"


def test_fast_traveller_log_in_seconds() -> None:
    """Speed 100000 ft covers a mile in 0.36 s: the log says so, JSON keeps 1/10000 h."""
    args = ["travel", "pf1e", "--speed", "100000", "--leg", "1 mi plains road"]
    assert _ok(args).splitlines() == [
        "pf1e: 1 mi in 0.36 s = <0.01 days of 8 h (speed 100000 ft)",
        "Legs:",
        "  1. 1 mi, plains, road or trail: x1, 10000 mi/h, 0.36 s",
        "Days:",
        "  Day 1: 0.36 s, 1 mi; arrives",
    ]
    data = json.loads(_ok([*args, "--json"]))
    assert data["legs"][0]["hours"] == 0  # the contract's rounded number ...
    assert data["legs"][0]["hours_exact"] == "1/10000"  # ... and the exact one beside it
    assert data["total"]["hours_exact"] == "1/10000"
    assert data["total"]["days_exact"] == "1/80000"
    assert data["days"][0]["hours_exact"] == "1/10000"


def test_route_leg_under_an_hour_in_minutes() -> None:
    """A 1-mile trackless plains cell at 2.25 mi/h takes 26.67 min (seed 000 x3/4)."""
    lines = _ok(["route", "valley", "--from", "0,7", "--to", "29,2", "--speed", "30"])
    assert "  2. 1 mi, plains, trackless: x3/4, 2.25 mi/h, 26.67 min" in lines.splitlines()


# ----------------------------------------------------------------- legs' log hours


def test_drifting_rowboat_legs_say_how_long_the_river_takes() -> None:
    """Seed 000 note **: a rowboat rows 10 h at 1.5 + 3 mi/h and drifts 14 h at 3: 87 mi a day.

    The leg's `hours` (174 / 4.5 = 38.67) is at its rate under way, the JOURNEY.md meaning;
    `log_hours` (48 = 2 days of 24) is what the trip spends on it, 28 of them drifting.
    """
    data = json.loads(
        _ok(
            [
                *("travel", "pf1e", "--vessel", "rowboat", "--downstream", "--drift"),
                *("--leg", "174 mi", "--json"),
            ]
        )
    )
    assert [d["distance"] for d in data["days"]] == [87, 87]
    leg = data["legs"][0]
    assert (leg["hours"], leg["hours_exact"]) == (38.67, "116/3")
    assert (leg["log_hours"], leg["under_way_hours"], leg["drift_hours"]) == (48, 20, 28)
    assert leg["hustle_hours"] == 0


def test_drifting_keelboat_text_shows_the_log_hours() -> None:
    """A keelboat downstream makes (1 + 3) x 10 + 42 = 82 mi a day; the leg line says 57 h."""
    lines = _ok(
        ["travel", "pf1e", "--vessel", "keelboat", "--downstream", "--drift", "--leg", "200 mi"]
    ).splitlines()
    assert lines[2] == "  1. 200 mi, water: x1, 4 mi/h, 50 h; in the log 57 h (28 h drifting)"


def test_legs_log_hours_sum_to_the_total() -> None:
    """The legs' log hours add up to the trip's hours, hustled or not (seed 000 «Спешка» x2)."""
    rules = load_system("pf1e")
    legs = [parse_leg(t, rules) for t in ("24 mi forest trackless", "30 mi plains road")]
    journey = plan_journey("pf1e", legs, Traveller(speeds=(30,)), hustle=2)
    assert sum((p.log_hours or 0 for p in journey.legs), Fraction(0)) == journey.total_hours
    assert all(p.log_hours is not None and p.log_hours < p.hours for p in journey.legs)
    walked = plan_journey("pf1e", legs, Traveller(speeds=(30,)))
    assert [p.log_hours for p in walked.legs] == [p.hours for p in walked.legs] == [16, 10]


# ----------------------------------------------------------------- wording


def test_dh2e_russian_says_ustalost() -> None:
    """Seed 001 calls dh2e fatigue «Усталость»; the odds never say pf1e's «утомление»."""
    out = _ok(["odds", "dh2e", "--hustle", "8", "--toughness", "42", "--lang", "ru"])
    assert "Шансы: без Усталости за весь путь 13,44% (84/625)" in out
    assert "Первый уровень Усталости в день: 1: 86,56%" in out
    assert "ожидаемый день первого уровня Усталости 1,16" in out
    assert "утомл" not in out.lower()


def test_pf1e_russian_says_utomlenie() -> None:
    """Seed 000 calls pf1e fatigue «утомление» («считается утомленным»), spelled with е."""
    out = _ok(["odds", "pf1e", "--forced-march", "2", "--con-mod", "1", "--lang", "ru"])
    assert "Шансы: без утомления за весь путь 0,80% (1/125)" not in out  # one day only
    assert "Шансы: без утомления за весь путь 20,00% (1/5)" in out
    hustle = _ok(
        [
            *("travel", "pf1e", "--speed", "30", "--leg", "12 mi plains road"),
            *("--hustle", "2", "--lang", "ru"),
        ]
    )
    assert "Утомлен с дня 1, часа 2" in hustle and "ё" not in hustle


def test_chinese_terms_follow_seed_004() -> None:
    """dnd35 in Chinese: 疲乏 for fatigue, 普通伤害 for a mount's damage, 逃逸 in a chase."""
    mount = _ok(
        [
            *("travel", "dnd35", "--mount", "light_horse", "--leg", "18 mi plains road"),
            *("--hustle", "2", "--lang", "zh"),
        ]
    )
    assert "1 点普通伤害" in mount and "疲乏" in mount
    chase = _ok(["chase", "dnd35", "--pursuer", "speed=30", "--quarry", "speed=40", "--lang", "zh"])
    assert "被追者逃逸" in chase
    heresy = _ok(["odds", "dh2e", "--hustle", "8", "--toughness", "42", "--lang", "zh"])
    assert "疲劳" in heresy and "疲乏" not in heresy  # dh2e Fatigue is not dnd35's 疲乏


def test_russian_load_is_nagruzka() -> None:
    """Seed 000 says «без нагрузки»: the rates title names the load «нагрузка», feminine."""
    out = _ok(["rates", "pf1e", "--speed", "30", "--load", "heavy", "--lang", "ru"])
    assert "нагрузка тяжелая" in out


def test_local_scale_of_a_very_fast_walker_in_seconds() -> None:
    """600 ft at 1000000 ft/min (speed 100000 x 10, seed 000 "В минуту") is 0.04 s, not 0 min."""
    lines = _ok(["travel", "pf1e", "--speed", "100000", "--leg", "600 ft"]).splitlines()
    assert lines[1:] == [
        "  walking: 1000000 ft/min, 0.04 s (0.01 rounds)",
        "  hustling: 2000000 ft/min, 0.02 s (<0.01 rounds)",
        "  running: 4000000 ft/min, 0.01 s (<0.01 rounds)",
    ]


# ----------------------------------------------------------------- a stricter Limits record


def test_entry_points_take_a_stricter_limits_record() -> None:
    """Each entry point that bounds its work reads the `limits` it is given (the API's)."""
    from footfall.chase import ChaseTie, Runner, Scale, chase_odds
    from footfall.dice import check_seed
    from footfall.errors import LimitError
    from footfall.route import parse_map, parse_point
    from footfall.travel import Member, parse_party

    strict = LIMITS.tighter(party=1, odds_checks=2, current_mph=5, cells=4, max_con_mod=3)
    rules = load_system("pf1e")
    legs = [parse_leg("24 mi plains road", rules)]
    pair = (Member("A"), Member("B"))
    plan_journey("pf1e", legs, Traveller(speeds=(30,), party=pair), forced_march=1)
    with pytest.raises(LimitError, match="a party of 2 members: more than 1"):
        plan_journey("pf1e", legs, Traveller(speeds=(30,), party=pair), limits=strict)
    with pytest.raises(LimitError, match="exact odds over 3 checks: more than 2"):
        exertion_odds("pf1e", forced_march=3, limits=strict)
    with pytest.raises(InputError, match=r"current 6 mi/h is out of range \(0-5 mi/h\)"):
        parse_current(6, limits=strict)
    with pytest.raises(InputError, match=r"con_mod 4 is out of range \(-10..3\)"):
        exertion_odds("pf1e", forced_march=1, con_mod=4, limits=strict)
    chase_odds(Runner(30, dex=4), Runner(30), Scale.TACTICAL, ChaseTie.PURSUER)
    with pytest.raises(InputError, match=r"pursuer dex 4 is out of range \(-10..3\)"):
        chase_odds(
            Runner(30, dex=4),
            Runner(30),
            Scale.TACTICAL,
            ChaseTie.PURSUER,
            limits=LIMITS.tighter(max_modifier=3),
        )
    with pytest.raises(LimitError, match="3x2 cells is more than 4"):
        parse_map({"legend": {".": "plains road"}, "rows": ["...", "..."]}, "m", limits=strict)
    with pytest.raises(InputError, match="a coordinate of 2 digits"):
        parse_point("12,0", "goal", limits=strict)
    with pytest.raises(InputError, match="seed 3 must be 0 or more and at most 2"):
        check_seed(3, limits=LIMITS.tighter(seed=2))
    assert parse_party([{"name": "A"}]) == (Member("A"),)
