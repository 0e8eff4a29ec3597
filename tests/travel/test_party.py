"""A party's forced march: each member's Constitution, odds per member and for anyone.

Seed 000 «Марш-бросок» and seed 004 强行军: every extra hour past 8 each character makes a
Constitution check (DC 10 + 2 per extra hour); a failure deals 1d6 nonlethal damage and
fatigue. Members roll independently, so the odds are checked against brute-force
enumeration of every member's d20 (and d6).
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.dice import members_failing, party_damage
from footfall.errors import InputError, LimitError
from footfall.limits import LIMITS
from footfall.rules import load_system
from footfall.travel import (
    Journey,
    Member,
    Traveller,
    exertion_odds,
    parse_leg,
    parse_member,
    plan_journey,
)
from helpers.cli import invoke

D20 = range(1, 21)
D6 = range(1, 7)


def _march(party: tuple[Member, ...], extra: int, days: int, seed: int | None = None) -> Journey:
    """Plan `days` full days of 8 + `extra` hours on a plains road at speed 30 (3 mi/h)."""
    rules = load_system("pf1e")
    leg = parse_leg(f"{3 * (8 + extra) * days} mi plains road", rules)
    who = Traveller(speeds=(30,), party=party)
    return plan_journey("pf1e", [leg], who, forced_march=extra, seed=seed)


def test_members_failing_matches_enumeration() -> None:
    """Two members (Con +0, +3), DCs 12 and 14: how many fail a check, from 20^4 rolls."""
    mods, dcs = (0, 3), (12, 14)
    counts: Counter[int] = Counter()
    for rolls in itertools.product(D20, repeat=4):
        a = any(r + mods[0] < dc for r, dc in zip(rolls[:2], dcs, strict=True))
        b = any(r + mods[1] < dc for r, dc in zip(rolls[2:], dcs, strict=True))
        counts[int(a) + int(b)] += 1
    expected = {k: Fraction(v, 20**4) for k, v in counts.items()}
    assert members_failing(mods, dcs) == expected


def test_party_damage_matches_enumeration() -> None:
    """Two members (Con -1, +2) at DC 12: the whole party's 1d6 damage, from every d20 and d6."""
    total: Counter[int] = Counter()
    for r1, d1, r2, d2 in itertools.product(D20, D6, D20, D6):
        total[(d1 if r1 - 1 < 12 else 0) + (d2 if r2 + 2 < 12 else 0)] += 1
    expected = {k: Fraction(v, (20 * 6) ** 2) for k, v in total.items()}
    assert party_damage((-1, 2), (12,)) == expected


def test_party_odds_over_two_days_match_enumeration() -> None:
    """Valeros (Con +2) and Ezren (Con -1), one extra hour (DC 12) for 2 days: 20^4 rolls."""
    party = (Member("Valeros", 2), Member("Ezren", -1))
    journey = _march(party, extra=1, days=2)
    assert journey.odds is not None and journey.party_odds is not None
    first: Counter[int | None] = Counter()
    fatigued: Counter[int] = Counter()
    for v1, e1, v2, e2 in itertools.product(D20, repeat=4):
        day1 = v1 + 2 < 12 or e1 - 1 < 12
        day2 = v2 + 2 < 12 or e2 - 1 < 12
        first[1 if day1 else 2 if day2 else None] += 1
        fatigued[int(v1 + 2 < 12 or v2 + 2 < 12) + int(e1 - 1 < 12 or e2 - 1 < 12)] += 1
    n = 20**4
    assert journey.odds.first_day == {k: Fraction(first[k], n) for k in (1, 2, None)}
    assert journey.odds.p_no_fatigue == Fraction(first[None], n)
    assert journey.party_odds.fatigued_members == {k: Fraction(v, n) for k, v in fatigued.items()}
    # one member alone: 11/20 x 11/20 for Valeros (needs 10+), 8/20 x 8/20 for Ezren (13+)
    valeros, ezren = journey.party_odds.members
    assert valeros.odds.p_no_fatigue == Fraction(121, 400)
    assert ezren.odds.p_no_fatigue == Fraction(64, 400)
    assert journey.odds.expected_day == 1 / (1 - Fraction(11, 20) * Fraction(8, 20))


def test_forced_hours_carry_each_member() -> None:
    """Each forced hour lists every member's chance; its p_fail is the chance anyone fails."""
    journey = _march((Member("A", 0), Member("B", 4)), extra=2, days=1)
    hour9, hour10 = journey.forced_march
    assert (hour9.dc, hour10.dc) == (12, 14)  # seed 000: СЛ = 10 + 2 за каждый час
    assert [(m.name, m.p_fail) for m in hour9.members] == [
        ("A", Fraction(11, 20)),
        ("B", Fraction(7, 20)),
    ]
    assert hour9.p_fail == 1 - Fraction(9, 20) * Fraction(13, 20)


@given(
    st.lists(st.integers(-4, 8), min_size=1, max_size=4),
    st.integers(1, 3),
    st.integers(1, 3),
)
@settings(max_examples=40, deadline=None)
def test_party_odds_properties(mods: list[int], extra: int, days: int) -> None:
    """Anyone's odds are the product of the members'; a member's equal a lone traveller's."""
    party = tuple(Member(f"m{i}", mod) for i, mod in enumerate(mods))
    journey = _march(party, extra, days)
    assert journey.odds is not None and journey.party_odds is not None
    product = Fraction(1)
    for member_odds in journey.party_odds.members:
        product *= member_odds.odds.p_no_fatigue
        lone = exertion_odds(
            "pf1e", forced_march=extra, con_mod=member_odds.member.con_mod, days=days
        ).odds
        assert member_odds.odds == lone
    assert journey.odds.p_no_fatigue == product
    assert journey.party_odds.fatigued_members[0] == product
    assert sum(journey.party_odds.fatigued_members.values()) == 1
    assert sum(journey.odds.damage.values()) == 1
    assert journey.odds.damage[0] == product  # no damage exactly when nobody fails


def test_one_member_party_is_the_lone_traveller() -> None:
    """A party of one has the odds of a traveller with its --con-mod."""
    journey = _march((Member("Solo", 3),), extra=3, days=2)
    rules = load_system("pf1e")
    lone = plan_journey(
        "pf1e",
        [parse_leg("66 mi plains road", rules)],
        Traveller(speeds=(30,), con_mod=3),
        forced_march=3,
    )
    assert journey.odds == lone.odds
    assert [f.p_fail for f in journey.forced_march] == [f.p_fail for f in lone.forced_march]


def test_exertion_odds_party_equals_the_planner() -> None:
    """`footfall odds --member` gives the planner's party odds for as many full days."""
    party = (Member("A", 1), Member("B", -2), Member("C", 5))
    planned = _march(party, extra=2, days=3)
    direct = exertion_odds("pf1e", forced_march=2, days=3, party=party)
    assert direct.odds == planned.odds
    assert direct.party_odds == planned.party_odds
    assert list(direct.hours) == list(planned.forced_march[:2])


def test_party_rolls_are_per_member_and_reproducible() -> None:
    """--roll --seed rolls each member's check in turn, the same for the same seed."""
    party = (Member("Valeros", 2), Member("Ezren", -1))
    first = _march(party, extra=3, days=2, seed=7)
    again = _march(party, extra=3, days=2, seed=7)
    assert first.rolls == again.rolls and first.forced_march == again.forced_march
    labels = [r.label for r in first.rolls]
    assert labels[:2] == ["day 1 hour 9 Valeros con DC 12", "day 1 hour 9 Ezren con DC 12"]
    for hour in first.forced_march:
        assert hour.roll is None
        assert hour.damage == sum(m.damage or 0 for m in hour.members)
        for m in hour.members:
            assert m.roll is not None and (m.damage == 0) == (m.roll >= hour.dc)
    fatigued = [at for at in first.members_fatigued_from if at is not None]
    assert first.fatigued_from == min(fatigued)


def test_hustle_fatigues_every_member_at_once() -> None:
    """Hustle damage is certain (seed 000 «Спешка»): every member is fatigued at hour 2."""
    rules = load_system("pf1e")
    journey = plan_journey(
        "pf1e",
        [parse_leg("12 mi plains road", rules)],
        Traveller(speeds=(30,), party=(Member("A", 0), Member("B", 9))),
        hustle=2,
        seed=1,
    )
    assert journey.members_fatigued_from == ((1, 2), (1, 2))
    assert journey.odds is None  # no forced march: nothing left to chance


@pytest.mark.parametrize(
    ("who", "message"),
    [
        (
            Traveller(speeds=(30,), con_mod=1, party=(Member("A", 2),)),
            "give each member's Constitution in the party, not con_mod 1 too",
        ),
        (
            Traveller(mount="light_horse", party=(Member("A", 2),)),
            "party members march on foot: with light_horse the mount",
        ),
        (
            Traveller(speeds=(30,), party=(Member("A", 2), Member("A", 1))),
            "party member name 'A' is given twice",
        ),
        (Traveller(speeds=(30,), party=(Member(" ", 2),)), "a party member's name is empty"),
    ],
)
def test_bad_party_is_refused(who: Traveller, message: str) -> None:
    """A party beside --con-mod, on a mount, or with repeated or empty names is one line."""
    rules = load_system("pf1e")
    with pytest.raises(InputError, match=message):
        plan_journey("pf1e", [parse_leg("10 mi plains road", rules)], who)


def test_party_size_limit() -> None:
    """More than LIMITS.party members is a LimitError."""
    rules = load_system("pf1e")
    big = tuple(Member(f"m{i}") for i in range(LIMITS.party + 1))
    with pytest.raises(LimitError, match=f"a party of {LIMITS.party + 1} members: more than 20"):
        plan_journey(
            "pf1e", [parse_leg("1 mi plains road", rules)], Traveller(speeds=(30,), party=big)
        )


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("name=Valeros,con=+2", Member("Valeros", 2)),
        ("con=-1, name=Ezren", Member("Ezren", -1)),
        ("con_mod=3", Member("member 4", 3)),
        ("name=Kyra", Member("Kyra", 0)),
        ("name=Kyra,toughness=42", Member("Kyra", toughness=42)),
        ("name=Abel,toughness=35,tb=3", Member("Abel", toughness=35, toughness_bonus=3)),
        ("name=Kyra,con=+1,speed=20", Member("Kyra", 1, speed=20)),
        ("name=Kyra,toughness=42,ab=4", Member("Kyra", toughness=42, agility_bonus=4)),
    ],
)
def test_parse_member(text: str, member: Member) -> None:
    """--member takes name=NAME,con=MOD in any order; a missing name is 'member N'."""
    assert parse_member(text, 4) == member


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Valeros", "expected name=NAME,con=MOD"),
        (
            "name=A,str=2",
            r"unknown party key 'str' \(known: name, con, toughness, tb, speed, ab\)",
        ),
        ("con=two", "con 'two' is not a whole number"),
        ("con=1,con=2", "gives con twice"),
    ],
)
def test_parse_member_errors(text: str, message: str) -> None:
    """A malformed --member is one line naming the bad part."""
    with pytest.raises(InputError, match=message):
        parse_member(text)


def test_cli_party_log() -> None:
    """`travel --member` prints each member's chance and anyone's, then the party's odds."""
    result = invoke(
        [
            "travel",
            "pf1e",
            "--speed",
            "30",
            "--leg",
            "33 mi plains road",
            "--forced-march",
            "3",
            "--member",
            "name=Valeros,con=+2",
            "--member",
            "name=Ezren,con=-1",
        ],
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[5:14] == [
        "Forced march:",
        "  Day 1, hour 9: Con check DC 12, fails Valeros 45.00%, Ezren 60.00%; anyone 78.00%",
        "  Day 1, hour 10: Con check DC 14, fails Valeros 55.00%, Ezren 70.00%; anyone 86.50%",
        "  Day 1, hour 11: Con check DC 16, fails Valeros 65.00%, Ezren 80.00%; anyone 93.00%",
        "Odds for anyone in the party: no fatigue over the trip 0.21% (2079/1000000);"
        " over one full day 0.21%; expected first fatigued day 1",
        "  Valeros (Con +2): no fatigue over the trip 8.66% (693/8000); over one full day 8.66%;"
        " expected first fatigued day 1.09",
        "  Ezren (Con -1): no fatigue over the trip 2.40% (3/125); over one full day 2.40%;"
        " expected first fatigued day 1.02",
        "  Members fatigued by the end of the trip: 0: 0.21%, 1: 10.65%, 2: 89.15%",
        lines[13],
    ]
    assert lines[13].startswith("  Forced-march damage over the trip, whole party: 0: 0.21%, ")


def test_cli_party_json_and_journey_file(tmp_path: Path) -> None:
    """A journey file's `party` gives the same JSON as --member: per member and anyone."""
    trip = tmp_path / "trip.toml"
    trip.write_text(
        'system = "pf1e"\nspeed = 30\nforced_march = 1\nlegs = ["27 mi plains road"]\n'
        '[[party]]\nname = "Valeros"\ncon_mod = 2\n[[party]]\nname = "Ezren"\ncon_mod = -1\n',
        encoding="utf-8",
    )
    from_file = invoke(["travel", "pf1e", "--journey", str(trip), "--json"])
    assert from_file.exit_code == 0, from_file.output
    data = json.loads(from_file.output)
    by_option = invoke(
        [
            *("travel", "pf1e", "--speed", "30", "--forced-march", "1"),
            *("--leg", "27 mi plains road", "--json"),
            *("--member", "name=Valeros,con=2", "--member", "name=Ezren,con=-1"),
        ],
    )
    assert json.loads(by_option.output) == data
    assert data["party"] == [{"name": "Valeros", "con_mod": 2}, {"name": "Ezren", "con_mod": -1}]
    assert data["forced_march"][0]["members"] == [
        {"name": "Valeros", "p_fail": 0.45},
        {"name": "Ezren", "p_fail": 0.6},
    ]
    assert data["forced_march"][0]["p_fail"] == 0.78
    odds = data["odds"]
    assert odds["scope"] == "anyone in the party"
    assert odds["p_no_fatigue_exact"] == "11/50"  # 11/20 x 8/20
    assert [(m["name"], m["p_no_fatigue_exact"]) for m in odds["members"]] == [
        ("Valeros", "11/20"),
        ("Ezren", "2/5"),
    ]
    assert odds["fatigued_members"] == {"0": 0.22, "1": 0.51, "2": 0.27}


def test_cli_odds_members() -> None:
    """`footfall odds --member` titles the party and gives each member's odds."""
    result = invoke(
        [
            *("odds", "pf1e", "--forced-march", "1", "--days", "2"),
            *("--member", "name=A,con=0", "--member", "name=B,con=+5"),
        ],
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:2] == [
        "pf1e: forced march of 1 h past 8 a day, a party (A +0, B +5), over 2 days",
        "  Day 1, hour 9: Con check DC 12, fails A 55.00%, B 30.00%; anyone 68.50%",
    ]
    assert lines[3] == "  First fatigued on day: 1: 68.50%, 2: 21.58%, never: 9.92%"


# ----------------------------------------------------------------- dh2e: per-member Toughness


def _d100_fails(target: int, roll: int) -> bool:
    """DH2e: 01 always succeeds, 100 always fails, otherwise fail above the target."""
    return roll == 100 or (roll != 1 and roll > target)


def _hustle(party: tuple[Member, ...], hours: int, seed: int | None = None) -> Journey:
    """Hustle AB 4 (12 km/h) for `hours` hours of a 10-hour dh2e day, then walk."""
    heresy = load_system("dh2e")
    leg = parse_leg(f"{12 * hours} km", heresy)
    return plan_journey(
        "dh2e", [leg], Traveller(agility_bonus=4, party=party), hustle=hours, seed=seed
    )


def test_dh2e_members_test_after_their_own_tb_hours() -> None:
    """Seed 001 «Спешка»: TB hours, then (+0), then -10 every TB hours, per member."""
    party = (Member("Kyra", toughness=42), Member("Abel", toughness=35, toughness_bonus=3))
    journey = _hustle(party, 8)
    tests = [
        (h.hour, [(m.name, m.test_modifier, m.p_fail) for m in h.members])
        for h in journey.hustle
        if h.members
    ]
    assert tests == [
        (3, [("Abel", 0, Fraction(65, 100))]),
        (4, [("Kyra", 0, Fraction(58, 100))]),
        (6, [("Abel", -10, Fraction(75, 100))]),
        (8, [("Kyra", -10, Fraction(68, 100))]),
    ]


def test_dh2e_party_odds_match_enumeration() -> None:
    """T 42 TB 4 and T 35 TB 3 hustle 8 h: each member's 100 x 100 rolls, combined over both."""
    party = (Member("Kyra", toughness=42), Member("Abel", toughness=35, toughness_bonus=3))
    journey = _hustle(party, 8)
    assert journey.odds is not None and journey.party_odds is not None
    kyra: Counter[int] = Counter()
    abel: Counter[int] = Counter()
    for a, b in itertools.product(range(1, 101), repeat=2):
        kyra[int(_d100_fails(42, a)) + int(_d100_fails(32, b))] += 1
        abel[int(_d100_fails(35, a)) + int(_d100_fails(25, b))] += 1
    levels: Counter[int] = Counter()
    fatigued: Counter[int] = Counter()
    for (k, nk), (a, na) in itertools.product(kyra.items(), abel.items()):
        levels[k + a] += nk * na
        fatigued[int(k > 0) + int(a > 0)] += nk * na
    n = 100**4
    assert journey.odds.damage == {k: Fraction(v, n) for k, v in levels.items()}
    assert journey.party_odds.fatigued_members == {k: Fraction(v, n) for k, v in fatigued.items()}
    assert journey.odds.p_no_fatigue == Fraction(42 * 32 * 35 * 25, n)
    solo = exertion_odds("dh2e", hustle=8, toughness=42)
    assert journey.party_odds.members[0].odds.p_no_fatigue == solo.odds.p_no_fatigue


def test_dh2e_party_rolls_and_exertion_odds() -> None:
    """Seeded member tests reproduce; `odds --member` equals the planner for one day."""
    party = (Member("Kyra", toughness=42), Member("Abel", toughness=35, toughness_bonus=3))
    first, again = _hustle(party, 8, seed=3), _hustle(party, 8, seed=3)
    assert first.rolls == again.rolls
    assert [r.label for r in first.rolls] == [
        "day 1 hour 3 Abel toughness",
        "day 1 hour 4 Kyra toughness",
        "day 1 hour 6 Abel toughness",
        "day 1 hour 8 Kyra toughness",
    ]
    direct = exertion_odds("dh2e", hustle=8, party=party)
    planned = _hustle(party, 8)
    assert direct.odds == planned.odds and direct.party_odds == planned.party_odds


@pytest.mark.parametrize(
    ("party", "extra", "message"),
    [
        ((Member("Kyra"),), {}, "dh2e party member 'Kyra' needs a toughness"),
        ((Member("Kyra", toughness=120),), {}, r"toughness 120 is out of range \(0-100\)"),
        ((Member("Kyra", 2, toughness=40),), {}, "give toughness=T, not con"),
        (
            (Member("Kyra", toughness=40, toughness_bonus=40),),
            {},
            r"party member 'Kyra': toughness bonus 40 is out of range \(1-30\)",
        ),
        (
            (Member("Kyra", toughness=40),),
            {"toughness": 40},
            "give each member's Toughness in the party",
        ),
    ],
)
def test_bad_dh2e_party(party: tuple[Member, ...], extra: dict[str, int], message: str) -> None:
    """A dh2e member without a usable Toughness, or with a Con, is refused in one line."""
    heresy = load_system("dh2e")
    who = Traveller(agility_bonus=4, party=party, **extra)  # type: ignore[arg-type]
    with pytest.raises(InputError, match=message):
        plan_journey("dh2e", [parse_leg("10 km", heresy)], who, hustle=4)


def test_pf1e_member_with_toughness_is_refused() -> None:
    """Toughness is dh2e's: a pf1e member giving it is told to give con."""
    rules = load_system("pf1e")
    who = Traveller(speeds=(30,), party=(Member("A", toughness=40),))
    with pytest.raises(InputError, match="toughness is dh2e's; pf1e / dnd35 members give con"):
        plan_journey("pf1e", [parse_leg("10 mi plains road", rules)], who)


def test_cli_dh2e_party() -> None:
    """`travel dh2e --member name=...,toughness=T` lists each member's test and odds."""
    out = invoke(
        [
            *("travel", "dh2e", "--agility-bonus", "4", "--leg", "96 km", "--hustle", "8"),
            *("--member", "name=Kyra,toughness=42", "--member", "name=Abel,toughness=35,tb=3"),
        ],
    ).output.splitlines()
    assert out[5:9] == [
        "Hustle:",
        "  Day 1, hour 3: Toughness tests, Fatigue chance Abel +0 65.00%; anyone 65.00%",
        "  Day 1, hour 4: Toughness tests, Fatigue chance Kyra +0 58.00%; anyone 58.00%",
        "  Day 1, hour 6: Toughness tests, Fatigue chance Abel -10 75.00%; anyone 75.00%",
    ]
    assert out[-3] == (
        "  Abel (Toughness 35, TB 3): no Fatigue over the trip 8.75% (7/80);"
        " over one full day 8.75%; expected day of the first Fatigue level 1.1"
    )


@given(
    st.lists(st.tuples(st.integers(0, 100), st.integers(1, 6)), min_size=1, max_size=3),
    st.integers(1, 10),
)
@settings(max_examples=40, deadline=None)
def test_dh2e_party_odds_properties(members: list[tuple[int, int]], hours: int) -> None:
    """dh2e: anyone's chance of no Fatigue is the product of each member's odds alone."""
    party = tuple(
        Member(f"m{i}", toughness=t, toughness_bonus=tb) for i, (t, tb) in enumerate(members)
    )
    direct = exertion_odds("dh2e", hustle=hours, party=party)
    product = Fraction(1)
    for t, tb in members:
        alone = exertion_odds("dh2e", hustle=hours, toughness=t, toughness_bonus=tb).odds
        product *= alone.p_no_fatigue
    assert direct.odds.p_no_fatigue == product
    assert sum(direct.odds.damage.values()) == 1
    if direct.party_odds is not None:
        assert direct.party_odds.fatigued_members[0] == product
        assert len(direct.party_odds.fatigued_members) <= len(members) + 1


def test_member_speeds_set_the_pace() -> None:
    """Members may carry their speed: the slowest of them and --speed sets the pace (seed 000)."""
    rules = load_system("pf1e")
    leg = [parse_leg("40 mi plains road", rules)]
    party = (Member("Valeros", 2, speed=30), Member("Kyra", 0, speed=20))
    journey = plan_journey("pf1e", leg, Traveller(party=party))
    assert journey.traveller == "speed=20 (slowest of 2)"
    assert journey.legs[0].per_hour == 2  # 20 ft -> 2 mi/h (seed 000 "В час")
    with_speed = plan_journey("pf1e", leg, Traveller(speeds=(15,), party=party))
    assert with_speed.traveller == "speed=15 (slowest of 3)"
    data = journey.to_json()
    assert data["party"] == [
        {"name": "Valeros", "con_mod": 2, "speed": 30},
        {"name": "Kyra", "con_mod": 0, "speed": 20},
    ]


def test_member_agility_bonus_sets_the_dh2e_pace() -> None:
    """dh2e members may carry their Agility Bonus: the lowest sets the narrative speed."""
    heresy = load_system("dh2e")
    party = (
        Member("Kyra", toughness=42, agility_bonus=4),
        Member("Abel", toughness=35, agility_bonus=3),
    )
    journey = plan_journey("dh2e", [parse_leg("40 km", heresy)], Traveller(party=party))
    assert journey.traveller == "ab=3 (slowest of 2)"
    assert journey.legs[0].per_hour == 4  # seed 001: AB 3, 4 km per hour
    with pytest.raises(InputError, match=r"agility bonus 31 is out of range \(0-30\)"):
        plan_journey(
            "dh2e",
            [parse_leg("40 km", heresy)],
            Traveller(party=(Member("X", toughness=40, agility_bonus=31),)),
        )
    with pytest.raises(InputError, match="pf1e party members give speed=FT, not an agility"):
        plan_journey(
            "pf1e",
            [parse_leg("4 mi plains road", load_system("pf1e"))],
            Traveller(speeds=(30,), party=(Member("X", agility_bonus=3),)),
        )


def test_party_lines_in_russian_and_chinese() -> None:
    """The party's lines use the seeds' words: «проверка Выносливости СЛ», 体质检定, 任一成员."""
    args = ["odds", "pf1e", "--forced-march", "1", "--member", "name=A", "--member", "name=B,con=3"]
    ru = invoke([*args, "--lang", "ru"]).output.splitlines()
    assert ru[1] == (
        "  День 1, час 9: проверка Выносливости СЛ 12, провал A 55,00%, B 40,00%;"
        " хоть кто-то 73,00%"
    )
    zh = invoke([*args, "--lang", "zh"]).output.splitlines()
    assert zh[1] == "  第 1 天第 9 小时:体质检定 DC 12,失败几率 A 55.00%, B 40.00%;任一成员 73.00%"
