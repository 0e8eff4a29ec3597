"""Journey planner (footfall.travel): seed 000 (pf1e), 004 (dnd35), 001 (dh2e) numbers."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.errors import InputError
from footfall.rules import load_system
from footfall.travel import (
    Flow,
    Journey,
    Leg,
    Traveller,
    exertion_odds,
    load_journey,
    parse_leg,
    plan_journey,
)
from helpers import strategies

# Seed 000 "Местность и стратегическое перемещение" / seed 004 "表:地形和陆上移动", as printed:
# terrain: (highway, road or trail, trackless).
TERRAIN_TABLE = {
    "pf1e": {
        "swamp": ("1", "3/4", "1/2"),
        "mountains": ("3/4", "3/4", "1/2"),
        "jungle": ("1", "3/4", "1/4"),
        "forest": ("1", "1", "1/2"),
        "desert": ("1", "1/2", "1/2"),
        "plains": ("1", "1", "3/4"),
        "moor": ("1", "1", "3/4"),
        "tundra": ("1", "3/4", "3/4"),
        "hills": ("1", "3/4", "1/2"),
    },
    "dnd35": {
        "desert": ("1", "1/2", "1/2"),
        "forest": ("1", "1", "1/2"),
        "hills": ("1", "3/4", "1/2"),
        "jungle": ("1", "3/4", "1/4"),
        "moor": ("1", "1", "3/4"),
        "mountains": ("3/4", "3/4", "1/2"),
        "plains": ("1", "1", "3/4"),
        "swamp": ("1", "3/4", "1/2"),
        "tundra": ("1", "3/4", "3/4"),
    },
}
ROADS = ("highway", "road", "trackless")


def _pf(legs: list[str], who: Traveller, system: str = "pf1e", **kw: Any) -> Journey:
    rules = load_system(system)
    return plan_journey(system, [parse_leg(text, rules) for text in legs], who, **kw)


def test_journey_md_example() -> None:
    """JOURNEY.md: 24 mi forest trackless + 30 mi plains road at speed 30, exactly."""
    journey = _pf(["24 mi forest trackless", "30 mi plains road"], Traveller(speeds=(30,)))
    data = journey.to_json()
    assert data["system"] == "pf1e" and data["unit"] == "mi"
    assert [
        {k: leg[k] for k in ("distance", "terrain", "road", "multiplier", "per_hour", "hours")}
        for leg in data["legs"]
    ] == [
        {
            "distance": 24,
            "terrain": "forest",
            "road": "trackless",
            "multiplier": "1/2",
            "per_hour": 1.5,
            "hours": 16,
        },
        {
            "distance": 30,
            "terrain": "plains",
            "road": "road",
            "multiplier": "1",
            "per_hour": 3,
            "hours": 10,
        },
    ]
    assert [
        {k: d[k] for k in ("day", "hours", "distance", "hustle_hours", "forced_march_hours")}
        for d in data["days"]
    ] == [
        {"day": 1, "hours": 8, "distance": 12, "hustle_hours": 0, "forced_march_hours": 0},
        {"day": 2, "hours": 8, "distance": 12, "hustle_hours": 0, "forced_march_hours": 0},
        {"day": 3, "hours": 8, "distance": 24, "hustle_hours": 0, "forced_march_hours": 0},
        {"day": 4, "hours": 2, "distance": 6, "hustle_hours": 0, "forced_march_hours": 0},
    ]
    assert {k: data["total"][k] for k in ("distance", "hours", "days")} == {
        "distance": 54,
        "hours": 26,
        "days": 3.25,
    }
    assert data["hustle"] == [] and data["forced_march"] == [] and data["fatigued_from"] is None
    assert data["days"][1]["end"] == {"leg": 1, "into": 24}
    assert data["days"][2]["end"] == {"leg": 2, "into": 24}


@pytest.mark.parametrize("system", ["pf1e", "dnd35"])
@pytest.mark.parametrize(("terrain", "road"), list(itertools.product(TERRAIN_TABLE["pf1e"], ROADS)))
def test_day_in_each_terrain(system: str, terrain: str, road: str) -> None:
    """A day at speed 30 (24 mi, seed tables) times the printed terrain x road multiplier."""
    mult = Fraction(TERRAIN_TABLE[system][terrain][ROADS.index(road)])
    journey = _pf([f"100 mi {terrain} {road}"], Traveller(speeds=(30,)), system)
    day = journey.days[0]
    assert day.hours == 8
    assert day.distance == 24 * mult
    assert journey.legs[0].multiplier == mult


@pytest.mark.parametrize(
    ("speed", "per_hour", "per_day"),
    [(15, Fraction(3, 2), 12), (20, 2, 16), (30, 3, 24), (40, 4, 32), (50, 5, 40)],
)
def test_overland_rates_seed_table(speed: int, per_hour: Fraction, per_day: int) -> None:
    """Seed 000 "В час / В день": 1.5/2/3/4 mi per hour, 12/16/24/32 a day (and speed 50)."""
    journey = _pf(["100 mi plains highway"], Traveller(speeds=(speed,)))
    assert journey.legs[0].per_hour == per_hour
    assert journey.days[0].distance == per_day


def test_slowest_member_sets_the_pace() -> None:
    """A party moves at its slowest member's speed."""
    journey = _pf(["100 mi plains highway"], Traveller(speeds=(30, 20, 40)))
    assert journey.days[0].distance == 16


@pytest.mark.parametrize(
    ("system", "mount", "loaded", "per_day"),
    [
        ("pf1e", "light_horse", False, 40),
        ("pf1e", "light_horse", True, 28),
        ("pf1e", "pony", True, 24),
        ("pf1e", "cart", False, 16),
        ("dnd35", "light_horse", False, 48),
        ("dnd35", "light_horse", True, 32),
    ],
)
def test_mounts_and_vehicles(system: str, mount: str, loaded: bool, per_day: int) -> None:
    """Seed 000 "Животные и транспорт", seed 004 "表:交通工具": a day's miles by mount."""
    journey = _pf(["500 mi plains highway"], Traveller(mount=mount, loaded=loaded), system)
    assert journey.days[0].distance == per_day
    assert journey.days[0].hours == 8


@pytest.mark.parametrize(
    ("vessel", "per_day", "hours"),
    [("sailing_ship", 48, 24), ("galley", 96, 24), ("keelboat", 10, 10), ("raft", 5, 10)],
)
def test_vessel_days(vessel: str, per_day: int, hours: int) -> None:
    """Seed 000: sailing ships sail 24 h a day, rowed and poled vessels 10."""
    journey = _pf(["500 mi"], Traveller(vessel=vessel))
    assert journey.days[0].distance == per_day
    assert journey.day_hours == hours


@pytest.mark.parametrize(("vessel", "per_day"), [("rowboat", 87), ("keelboat", 82), ("raft", 77)])
def test_downstream_with_drift(vessel: str, per_day: int) -> None:
    """RULES.md 1.6: a rowboat's day downstream is (1.5 + 3) x 10 + 42 = 87 miles."""
    who = Traveller(vessel=vessel, flow=Flow.DOWNSTREAM, drift=True)
    journey = _pf(["500 mi"], who)
    day = journey.days[0]
    assert day.distance == per_day and day.hours == 24 and day.drift_hours == 14


def test_current_is_configurable_and_upstream_refused() -> None:
    """The current is configurable; rowing upstream is refused, towing is allowed."""
    fast = _pf(["500 mi"], Traveller(vessel="rowboat", flow=Flow.DOWNSTREAM, current=Fraction(4)))
    assert fast.days[0].distance == Fraction(11, 2) * 10
    with pytest.raises(InputError, match=r"cannot be rowed or poled upstream.*\(tow\)"):
        _pf(["50 mi"], Traveller(vessel="rowboat", flow=Flow.UPSTREAM))
    towed = _pf(["50 mi"], Traveller(vessel="rowboat", flow=Flow.UPSTREAM, tow=True))
    assert towed.notes == ("towed",)
    with pytest.raises(InputError, match="not a river vessel"):
        _pf(["50 mi"], Traveller(vessel="galley", flow=Flow.DOWNSTREAM))


def test_hustle_damage_doubles() -> None:
    """Seed 000 «Спешка»: hour 1 free, then 1, 2, 4, 8 nonlethal; fatigued from hour 2."""
    journey = _pf(["200 mi plains highway"], Traveller(speeds=(30,)), hustle=5)
    day1 = [h for h in journey.hustle if h.day == 1]
    assert [h.damage for h in day1] == [0, 1, 2, 4, 8]
    assert [h.total for h in day1] == [0, 1, 3, 7, 15]
    assert not any(h.lethal for h in day1)
    assert journey.fatigued_from == (1, 2)
    # 5 h at 6 mi/h + 3 h at 3 mi/h
    assert journey.days[0].distance == 39


def test_mount_hustle_is_lethal_and_forced_march_fails() -> None:
    """Seed 000 «Движение верхом»: mounts take lethal damage and fail every check."""
    journey = _pf(
        ["60 mi plains highway"], Traveller(mount="light_horse"), hustle=2, forced_march=2
    )
    assert all(h.lethal for h in journey.hustle)
    assert [f.p_fail for f in journey.forced_march[:2]] == [1, 1]
    assert journey.odds.p_no_fatigue == 0
    assert journey.odds.damage[2] == Fraction(1, 36)


@pytest.mark.parametrize(
    ("choice", "dcs"), [("plus-each", [12, 14, 16, 18]), ("first-is-10", [10, 12, 14, 16])]
)
def test_forced_march_dcs(choice: str, dcs: list[int]) -> None:
    """Seed 000 «Марш-бросок»: DC 10 + 2 per extra hour (hour 9 = 12); switch first-is-10."""
    journey = _pf(
        ["300 mi plains highway"],
        Traveller(speeds=(30,)),
        forced_march=4,
        switches={"forced_march_dc": choice},
    )
    day1 = [f for f in journey.forced_march if f.day == 1]
    assert [f.hour for f in day1] == [9, 10, 11, 12]
    assert [f.dc for f in day1] == dcs
    assert day1[0].p_fail == Fraction(dcs[0] - 1, 20)
    assert journey.days[0].hours == 12 and journey.days[0].forced_march_hours == 4


def test_forced_march_odds_match_brute_force() -> None:
    """P(no fatigue), first fatigued day and damage match enumeration of every roll."""
    con = 1
    journey = _pf(["45 mi plains highway"], Traveller(speeds=(30,), con_mod=con), forced_march=2)
    # 45 mi at 3 mi/h: day 1 = 10 h (hours 9, 10 forced), day 2 = 5 h.
    assert [d.hours for d in journey.days] == [10, 5]
    dcs = [12, 14]
    passes = Fraction(
        sum(
            1
            for a, b in itertools.product(range(1, 21), repeat=2)
            if a + con >= 12 and b + con >= 14
        ),
        400,
    )
    odds = journey.odds
    assert odds.p_no_fatigue == passes
    assert odds.first_day == {1: 1 - passes, 2: 0, None: passes}
    assert odds.expected_day == 1 / (1 - passes)
    weight = Fraction(1, 400 * 36)
    damage: dict[int, Fraction] = {}
    for a, b, x, y in itertools.product(range(1, 21), range(1, 21), range(1, 7), range(1, 7)):
        total = (x if a + con < dcs[0] else 0) + (y if b + con < dcs[1] else 0)
        damage[total] = damage.get(total, Fraction(0)) + weight
    assert odds.damage == damage


def test_seeded_rolls_reproducible() -> None:
    """--roll --seed N rolls every check the same way twice and logs each roll."""
    kw: dict[str, Any] = {"forced_march": 3, "seed": 42}
    a = _pf(["200 mi plains highway"], Traveller(speeds=(30,)), **kw)
    b = _pf(["200 mi plains highway"], Traveller(speeds=(30,)), **kw)
    assert a.forced_march == b.forced_march and a.rolls == b.rolls
    for f in a.forced_march:
        assert f.roll is not None
        assert (f.damage > 0) == (f.roll < f.dc)
    failed = [f for f in a.forced_march if f.damage]
    if failed:
        assert a.fatigued_from == (failed[0].day, failed[0].hour)


def test_metric_output() -> None:
    """--metric converts miles to km exactly and says so in unit."""
    journey = _pf(["10 mi plains highway"], Traveller(speeds=(30,)), metric=True)
    data = journey.to_json()
    assert data["unit"] == "km" and data["converted_from"] == "mi"
    assert data["total"]["distance"] == 16  # 10 mi x 1.6 km (units.KM_PER_MI)


def test_dh2e_narrative_and_dense() -> None:
    """Seed 001: AB 3 walks 4 km/h, 40 km a day; dense terrain halves it."""
    rules = load_system("dh2e")
    legs = [parse_leg("100 km dense", rules)]
    journey = plan_journey("dh2e", legs, Traveller(agility_bonus=3))
    assert journey.legs[0].per_hour == 2
    assert journey.days[0].distance == 20 and journey.days[0].hours == 10
    ab0 = plan_journey("dh2e", [parse_leg("100 km", rules)], Traveller(agility_bonus=0))
    assert ab0.days[0].distance == 7  # the printed day of AB 0


def test_dh2e_hustle_tests() -> None:
    """Seed 001 «Спешка»: x2 for TB hours, then +0 Toughness, -10 cumulative; -10 Perception."""
    rules = load_system("dh2e")
    who = Traveller(agility_bonus=3, toughness_bonus=3, toughness=35)
    journey = plan_journey("dh2e", [parse_leg("200 km", rules)], who, hustle=9)
    tests = [h for h in journey.hustle if h.day == 1 and h.test_modifier is not None]
    assert [(h.hour, h.test_modifier) for h in tests] == [(3, 0), (6, -10), (9, -20)]
    assert [h.p_fatigue for h in tests] == [Fraction(65, 100), Fraction(75, 100), Fraction(85, 100)]
    assert journey.perception == -10
    assert journey.days[0].distance == 9 * 8 + 1 * 4
    assert journey.odds is not None
    levels = journey.odds.damage
    assert sum(levels.values()) == 1


def test_journey_file_toml(tmp_path: Path) -> None:
    """A TOML journey file gives legs and options, with strings or tables as legs."""
    path = tmp_path / "trip.toml"
    path.write_text(
        'speed = 30\nhustle = 1\nlegs = ["24 mi forest trackless"]\n[[more]]\n', encoding="utf-8"
    )
    with pytest.raises(InputError, match="unknown journey file key 'more'"):
        load_journey(path, load_system("pf1e"))
    path.write_text(
        'speed = 30\n[[legs]]\ndistance = 24\nterrain = "forest"\nroad = "trackless"\n',
        encoding="utf-8",
    )
    spec = load_journey(path, load_system("pf1e"))
    assert spec.legs == (Leg(Fraction(24), spec.legs[0].terrain, spec.legs[0].road),)
    assert spec.options == {"speed": 30}


@pytest.mark.parametrize(
    ("leg", "message"),
    [
        ("2 mi swampp road", "unknown terrain 'swampp' (known: "),
        ("2 mi swamp roda", "unknown road 'roda' (known: highway, road, trackless)"),
        ("-2 mi swamp road", "leg distance -2 is negative"),
        ("2 parsecs swamp road", "unknown distance unit 'parsecs'"),
    ],
)
def test_bad_legs(leg: str, message: str) -> None:
    """Bad legs raise one line naming the bad value and the valid ones."""
    with pytest.raises(InputError) as info:
        parse_leg(leg, load_system("pf1e"))
    assert message in str(info.value) and "\n" not in str(info.value)


def test_bad_travellers() -> None:
    """Unknown mounts and vessels list the valid ones; AB and TB out of range are refused."""
    with pytest.raises(InputError, match=r"unknown mount or vehicle 'unicorn' .*light_horse"):
        _pf(["2 mi plains road"], Traveller(mount="unicorn"))
    with pytest.raises(InputError, match=r"unknown vessel 'canoe' .*rowboat"):
        _pf(["2 mi"], Traveller(vessel="canoe"))
    rules = load_system("dh2e")
    with pytest.raises(InputError, match="agility bonus -1 is out of range"):
        plan_journey("dh2e", [parse_leg("2 km", rules)], Traveller(agility_bonus=-1))
    with pytest.raises(InputError, match="toughness bonus 0 is out of range"):
        plan_journey(
            "dh2e",
            [parse_leg("2 km", rules)],
            Traveller(agility_bonus=2, toughness_bonus=0),
            hustle=2,
        )


def test_pace_per_leg() -> None:
    """A leg marked 'hustle' is hustled for every hour that starts on it (damage per day)."""
    journey = _pf(["24 mi forest trackless", "30 mi plains road hustle"], Traveller(speeds=(30,)))
    assert journey.legs[1].leg.pace is not None
    assert [(d.hours, d.distance, d.hustle_hours) for d in journey.days] == [
        (8, 12, 0),
        (8, 12, 0),
        (5, 30, 5),
    ]
    assert [h.damage for h in journey.hustle] == [0, 1, 2, 4, 8]
    assert journey.fatigued_from == (3, 2)


@st.composite
def _trips(draw: st.DrawFn) -> list[str]:
    n = draw(st.integers(1, 4))
    return [
        f"{draw(st.integers(0, 60))} mi {draw(strategies.travel_terrains('pf1e'))} "
        f"{draw(strategies.roads('pf1e'))}"
        for _ in range(n)
    ]


@given(_trips(), st.sampled_from([20, 30, 40]), st.integers(0, 3), st.integers(0, 3))
@settings(max_examples=80, deadline=None)
def test_log_adds_up(legs: list[str], speed: int, hustle: int, forced: int) -> None:
    """Days add up to the total; no day runs past its hours; hustling is never slower."""
    journey = _pf(legs, Traveller(speeds=(speed,)), hustle=hustle, forced_march=forced)
    assert sum((d.distance for d in journey.days), Fraction(0)) == journey.total_distance
    assert sum((d.hours for d in journey.days), Fraction(0)) == journey.total_hours
    assert all(d.hours <= 8 + forced for d in journey.days)
    assert all(d.hours == 8 + forced for d in journey.days[:-1])
    walking = _pf(legs, Traveller(speeds=(speed,)), forced_march=forced)
    assert journey.total_hours <= walking.total_hours
    if hustle == 0 and forced == 0:
        assert journey.total_hours == sum((p.hours for p in journey.legs), Fraction(0))


# Seed 000 "Животные и транспорт" and seed 004 "表:交通工具", as printed: id -> (mi/h, mi/day),
# loaded rows as "<id>+loaded".
CONVEYANCES = {
    "pf1e": {
        "light_horse": ("5", 40),
        "light_horse+loaded": ("3.5", 28),
        "heavy_horse": ("5", 40),
        "heavy_horse+loaded": ("3.5", 28),
        "pony": ("4", 32),
        "pony+loaded": ("3", 24),
        "riding_dog": ("4", 32),
        "riding_dog+loaded": ("3", 24),
        "cart": ("2", 16),
        "raft": ("0.5", 5),
        "keelboat": ("1", 10),
        "rowboat": ("1.5", 15),
        "sailing_ship": ("2", 48),
        "warship": ("2.5", 60),
        "longship": ("3", 72),
        "galley": ("4", 96),
    },
    "dnd35": {
        "light_horse": ("6", 48),
        "light_horse+loaded": ("4", 32),
        "light_warhorse": ("6", 48),
        "light_warhorse+loaded": ("4", 32),
        "heavy_horse": ("5", 40),
        "heavy_horse+loaded": ("3.5", 28),
        "heavy_warhorse": ("5", 40),
        "heavy_warhorse+loaded": ("3.5", 28),
        "pony": ("4", 32),
        "pony+loaded": ("3", 24),
        "warpony": ("4", 32),
        "warpony+loaded": ("3", 24),
        "donkey": ("3", 24),
        "donkey+loaded": ("2", 16),
        "mule": ("3", 24),
        "mule+loaded": ("2", 16),
        "riding_dog": ("4", 32),
        "riding_dog+loaded": ("3", 24),
        "cart": ("2", 16),
        "wagon": ("2", 16),
        "raft": ("0.5", 5),
        "barge": ("0.5", 5),
        "keelboat": ("1", 10),
        "rowboat": ("1.5", 15),
        "sailing_ship": ("2", 48),
        "warship": ("2.5", 60),
        "longship": ("3", 72),
        "galley": ("4", 96),
    },
}
WATER = {"raft", "barge", "keelboat", "rowboat", "sailing_ship", "warship", "longship", "galley"}


@pytest.mark.parametrize(
    ("system", "row"), [(s, r) for s, rows in CONVEYANCES.items() for r in rows]
)
def test_every_conveyance_row(system: str, row: str) -> None:
    """Every printed mount, vehicle and vessel row: its miles per hour and per day."""
    per_hour, per_day = CONVEYANCES[system][row]
    name, _, loaded = row.partition("+")
    if name in WATER:
        who = Traveller(vessel=name)
        legs = ["1000 mi"]
    else:
        who = Traveller(mount=name, loaded=bool(loaded))
        legs = ["1000 mi plains highway"]
    journey = _pf(legs, who, system)
    assert journey.legs[0].per_hour == Fraction(per_hour)
    assert journey.days[0].distance == per_day


# Seed 001 "Движение в повествовательном времени": AB -> (km per hour, km per day).
NARRATIVE = {
    0: ("0.75", 7),
    1: ("1.5", 15),
    2: ("3", 30),
    3: ("4", 40),
    4: ("6", 60),
    5: ("7", 70),
    6: ("9", 90),
    7: ("10", 100),
    8: ("12", 120),
    9: ("13", 130),
    10: ("14", 140),
}


@pytest.mark.parametrize("ab", list(NARRATIVE))
def test_dh2e_narrative_rows(ab: int) -> None:
    """Every printed dh2e narrative row: km per hour, and a day covers the printed km."""
    per_hour, per_day = NARRATIVE[ab]
    rules = load_system("dh2e")
    journey = plan_journey("dh2e", [parse_leg("1000 km", rules)], Traveller(agility_bonus=ab))
    assert journey.legs[0].per_hour == Fraction(per_hour)
    assert journey.days[0].distance == per_day


def test_pace_per_day() -> None:
    """day_paces sets (hustle, forced march) for days 1, 2 ...; later days use the defaults."""
    journey = _pf(["80 mi plains road"], Traveller(speeds=(30,)), day_paces=[(0, 2), (2, 0)])
    assert [(d.hours, d.distance) for d in journey.days] == [
        (10, 30),
        (8, 30),
        (Fraction(20, 3), 20),
    ]
    assert [(f.day, f.hour, f.dc) for f in journey.forced_march] == [(1, 9, 12), (1, 10, 14)]
    assert [(h.day, h.damage) for h in journey.hustle] == [(2, 0), (2, 1)]
    assert journey.total_days == 2 + Fraction(20, 3) / 8


def test_journey_file_days(tmp_path: Path) -> None:
    """A journey file's [[days]] tables give each day's pace; bad keys are named."""
    path = tmp_path / "trip.toml"
    path.write_text(
        'legs = ["80 mi plains road"]\n[[days]]\nforced_march = 2\n[[days]]\nhustle = 2\n',
        encoding="utf-8",
    )
    assert load_journey(path, load_system("pf1e")).day_paces == ((0, 2), (2, 0))
    path.write_text('legs = ["8 mi plains road"]\n[[days]]\nrun = 2\n', encoding="utf-8")
    with pytest.raises(InputError, match="unknown journey file: day 1 key 'run'"):
        load_journey(path, load_system("pf1e"))


def test_forced_march_cannot_make_a_day_longer_than_24_hours() -> None:
    """Seed 000 «Марш-бросок»: 8 h + at most 16 forced hours; 17 is refused (plan and odds)."""
    journey = _pf(["200 mi plains road"], Traveller(speeds=(30,)), forced_march=16)
    assert journey.days[0].hours == 24 and journey.days[0].distance == 72
    with pytest.raises(InputError, match=r"forced march 17 h is out of range \(0-16\)"):
        _pf(["200 mi plains road"], Traveller(speeds=(30,)), forced_march=17)
    with pytest.raises(InputError, match=r"forced march 17 h is out of range \(0-16\)"):
        _pf(["200 mi plains road"], Traveller(speeds=(30,)), day_paces=[(0, 17)])
    with pytest.raises(InputError, match=r"forced march 17 h is out of range \(1-16\)"):
        exertion_odds("pf1e", forced_march=17)


@pytest.mark.parametrize("speed", [7, 0, -30])
def test_speed_must_be_a_positive_multiple_of_five(speed: int) -> None:
    """Travel refuses the speeds `footfall rates` refuses (RULES.md 1.2: 5-ft squares)."""
    with pytest.raises(InputError, match=f"positive multiple of 5 ft, got {speed}"):
        _pf(["5 mi plains road"], Traveller(speeds=(30, speed)))


def test_current_and_loaded_need_their_traveller() -> None:
    """A current without a vessel, or a loaded row without a mount, is refused, not ignored."""
    with pytest.raises(InputError, match="need a vessel"):
        _pf(["5 mi plains road"], Traveller(speeds=(30,), current=Fraction(5)))
    with pytest.raises(InputError, match="loaded needs a mount"):
        _pf(["5 mi plains road"], Traveller(speeds=(30,), loaded=True))
    with pytest.raises(InputError, match="loaded needs a mount"):
        _pf(["5 mi"], Traveller(vessel="rowboat", loaded=True))


@pytest.mark.parametrize("text", ["1e9 mi plains road", "24mi2 plains road"])
def test_distance_glued_to_letters_is_named(text: str) -> None:
    """'1e9 mi ...' names the distance as not a number (not an unknown unit 'e')."""
    with pytest.raises(InputError, match=f"distance '{text.split()[0]}' is not a number"):
        parse_leg(text, load_system("pf1e"))


@pytest.mark.parametrize("name", ["deep.json", "deep.toml"])
def test_deeply_nested_journey_file(tmp_path: Path, name: str) -> None:
    """A journey file nested 100000 deep is refused in one line, not a RecursionError."""
    path = tmp_path / name
    body = "[" * 100_000 + "]" * 100_000
    path.write_text(body if name.endswith(".json") else f"x = {body}", encoding="utf-8")
    with pytest.raises(InputError, match="nested too deeply"):
        load_journey(path, load_system("pf1e"))


@pytest.mark.parametrize("name", ["light_horse", "light-horse", "Light horse", " light  HORSE "])
def test_mount_names_forgive_case_spaces_and_hyphens(name: str) -> None:
    """'Light horse' and 'light-horse' name the table's light_horse (seed 000: 5 mi/h)."""
    journey = _pf(["10 mi plains road"], Traveller(mount=name))
    assert journey.legs[0].per_hour == 5 and journey.traveller == "light_horse"
