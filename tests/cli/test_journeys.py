"""CLI of journeys: `footfall travel`, `chase` and `route`, exact output and errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from footfall.cli import main
from helpers.cli import invoke

ACCEPTANCE = [
    "travel",
    "pf1e",
    "--speed",
    "30",
    "--leg",
    "24 mi forest trackless",
    "--leg",
    "30 mi plains road",
]


def _ok(args: list[str]) -> str:
    result = invoke(args)
    assert result.exit_code == 0, result.output
    return result.output


def _error(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    monkeypatch.setattr(sys, "argv", ["footfall", *args])
    with pytest.raises(SystemExit) as info:
        main()
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    return err


def test_acceptance_travel_log() -> None:
    """The issue's acceptance command reads as a GM's travel log, to the mile and hour."""
    assert _ok(ACCEPTANCE) == (
        "pf1e: 54 mi in 26 h = 3.25 days of 8 h (speed 30 ft)\n"
        "Legs:\n"
        "  1. 24 mi, forest, trackless: x1/2, 1.5 mi/h, 16 h\n"
        "  2. 30 mi, plains, road or trail: x1, 3 mi/h, 10 h\n"
        "Days:\n"
        "  Day 1: 8 h, 12 mi; ends 12 of 24 mi into leg 1 (forest, trackless)\n"
        "  Day 2: 8 h, 12 mi; ends 24 of 24 mi into leg 1 (forest, trackless)\n"
        "  Day 3: 8 h, 24 mi; ends 24 of 30 mi into leg 2 (plains, road or trail)\n"
        "  Day 4: 2 h, 6 mi; arrives\n"
    )


def test_acceptance_json_contract() -> None:
    """--json carries JOURNEY.md's example keys with exactly its numbers."""
    data = json.loads(_ok([*ACCEPTANCE, "--json"]))
    assert data["total"]["days"] == 3.25 and data["total"]["hours"] == 26
    assert [d["distance"] for d in data["days"]] == [12, 12, 24, 6]
    assert [leg["per_hour"] for leg in data["legs"]] == [1.5, 3]
    assert data["hustle"] == [] and data["forced_march"] == [] and data["fatigued_from"] is None


def test_russian_and_chinese_terms() -> None:
    """--lang ru / zh use the seeds' terms: «Спешка», «Марш-бросок»; 急行, 强行军."""
    args = [*ACCEPTANCE, "--hustle", "2", "--forced-march", "1"]
    ru = _ok([*args, "--lang", "ru"])
    assert "Спешка:" in ru and "Марш-бросок:" in ru and "СЛ 12" in ru
    assert "Утомлен с дня 1, часа 2" in ru
    zh = _ok([*args, "--lang", "zh"])
    assert "急行:" in zh and "强行军:" in zh and "DC 12" in zh


def test_russian_percentages_use_a_decimal_comma() -> None:
    """--lang ru writes 47,50 % like its other numbers (10,5 ч), not 47.50%."""
    out = _ok(["chase", "pf1e", "--pursuer", "speed=30", "--quarry", "speed=30", "--lang", "ru"])
    assert "сбегает 47,50% (19/40), пойман 52,50%" in out
    odds = _ok(["odds", "pf1e", "--forced-march", "1", "--lang", "ru"])
    assert "СЛ 12, провал 55,00%" in odds


def test_rowboat_downstream_cli() -> None:
    """`--vessel rowboat --downstream --drift`: 87 miles a day (RULES.md 1.6)."""
    data = json.loads(
        _ok(
            [
                "travel",
                "pf1e",
                "--vessel",
                "rowboat",
                "--downstream",
                "--drift",
                "--leg",
                "174 mi",
                "--json",
            ]
        )
    )
    assert [d["distance"] for d in data["days"]] == [87, 87]
    assert data["total"]["days"] == 2


def test_forced_march_roll_is_reproducible() -> None:
    """--roll --seed N gives the same rolls twice and logs each one."""
    args = [*ACCEPTANCE, "--forced-march", "2", "--con-mod", "1", "--roll", "--seed", "9", "--json"]
    first, second = json.loads(_ok(args)), json.loads(_ok(args))
    assert first["forced_march"] == second["forced_march"] and first["rolls"] == second["rolls"]
    assert all("roll" in f and "damage" in f for f in first["forced_march"])
    assert first["forced_march"][0]["dc"] == 12 and first["forced_march"][0]["p_fail"] == 0.5


def test_chase_json_contract() -> None:
    """JOURNEY.md's chase example: p_escape 0.525, p_caught 0.475."""
    data = json.loads(
        _ok(
            [
                "chase",
                "pf1e",
                "--pursuer",
                "speed=30,dex=+2,con=+1",
                "--quarry",
                "speed=30,dex=+3",
                "--scale",
                "tactical",
                "--json",
            ]
        )
    )
    assert {
        k: data[k] for k in ("system", "scale", "outcome", "check", "p_escape", "p_caught")
    } == {
        "system": "pf1e",
        "scale": "tactical",
        "outcome": "contest",
        "check": "dexterity",
        "p_escape": 0.525,
        "p_caught": 0.475,
    }
    rolled = json.loads(
        _ok(
            [
                "chase",
                "pf1e",
                "--pursuer",
                "speed=30",
                "--quarry",
                "speed=30",
                "--roll",
                "--seed",
                "1",
                "--json",
            ]
        )
    )
    assert set(rolled["roll"]) >= {"pursuer", "quarry", "winner"}


def test_chase_text() -> None:
    """The chase text names the check, the odds and the tie rule."""
    out = _ok(["chase", "dnd35", "--pursuer", "speed=40", "--quarry", "speed=30"])
    assert out == "dnd35 chase (tactical): the pursuer is faster: the quarry is caught\n"


def test_route_feeds_travel(tmp_path: Path) -> None:
    """`route --json > r.json` then `travel --from-route r.json` plans the same hours."""
    text = _ok(["route", "hexes", "--from", "0,0", "--to", "11,7", "--speed", "30", "--json"])
    route = json.loads(text)
    assert route["found"] and route["hours"] == 31.33 and route["days"] == 3.92
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    plan = json.loads(_ok(["travel", "pf1e", "--speed", "30", "--from-route", str(path), "--json"]))
    assert plan["total"]["hours"] == route["hours"]
    # travel's legs have the route's keys with the same values, plus the log's own hours
    shared = [{k: leg[k] for k in r} for leg, r in zip(plan["legs"], route["legs"], strict=True)]
    assert shared == route["legs"]
    assert all(leg["log_hours"] == leg["hours"] for leg in plan["legs"])


def test_route_text() -> None:
    """The route's text lists its legs with terrain, multiplier and hours."""
    out = _ok(["route", "valley", "--from", "0,7", "--to", "29,2", "--speed", "30"])
    assert out.splitlines()[:3] == [
        "Route 0,7 -> 29,2: 31 mi, 12.44 h = 1.56 days of 8 h (29 steps, speed 30 ft)",
        "Legs:",
        "  1. 24 mi, plains, highway: x1, 3 mi/h, 8 h",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["travel", "pf1e", "--speed", "30", "--leg", "2 mi swampp road"],
            "footfall: error: unknown terrain 'swampp' (known: ",
        ),
        (
            ["travel", "pf1e", "--vessel", "rowboat", "--upstream", "--leg", "5 mi"],
            "cannot be rowed or poled upstream",
        ),
        (
            ["travel", "pf1e", "--mount", "griffon", "--leg", "5 mi plains road"],
            "unknown mount or vehicle 'griffon'",
        ),
        (
            ["travel", "dh2e", "--agility-bonus", "-2", "--leg", "5 km"],
            "agility bonus -2 is out of range",
        ),
        (
            ["chase", "drawsteel", "--pursuer", "speed=5", "--quarry", "speed=5"],
            "Draw Steel text (seed 002) has no chase rules",
        ),
        (["route", "valley", "--from", "0,0", "--to", "a,b", "--speed", "30"], "expected X,Y"),
        (
            ["travel", "pf1e", "--vessel", "rowboat", "--current", "nan", "--leg", "5 mi"],
            "current 'nan' is not a number",
        ),
        (
            ["travel", "pf1e", "--vessel", "rowboat", "--current", "x", "--leg", "5 mi"],
            "current 'x' is not a number",
        ),
        (
            ["travel", "pf1e", "--speed", "30", "--current", "5", "--leg", "5 mi plains road"],
            "--current, --downstream, --upstream, --drift and --tow need a --vessel",
        ),
        (
            ["travel", "pf1e", "--speed", "30", "--loaded", "--leg", "5 mi plains road"],
            "--loaded needs a --mount",
        ),
        (
            [
                "travel",
                "pf1e",
                "--speed",
                "30",
                "--forced-march",
                "100",
                "--leg",
                "5 mi plains road",
            ],
            "forced march 100 h is out of range (0-16)",
        ),
        (
            ["travel", "pf1e", "--speed", "7", "--leg", "5 mi plains road"],
            "pf1e speed must be a positive multiple of 5 ft, got 7",
        ),
        (
            ["travel", "pf1e", "--speed", "30", "--leg", "1e9 mi plains road"],
            "distance '1e9' is not a number like 24, 1.5 or 3/4",
        ),
        (
            ["travel", "pf1e", "--speed", "abc", "--leg", "5 mi plains road"],
            "footfall: error: --speed must be a whole number, got 'abc'",
        ),
        (["odds", "pf1e", "--forced-march", "x"], "--forced-march must be a whole number, got 'x'"),
        (
            [
                "travel",
                "pf1e",
                "--speed",
                "30",
                "--leg",
                "5 mi plains road",
                "--day",
                "hustle=2,hustle=3",
            ],
            "--day 'hustle=2,hustle=3' gives hustle twice",
        ),
        (
            ["chase", "pf1e", "--pursuer", "speed=30", "--quarry", "speed=30", "--seed", "1.5"],
            "--seed must be a whole number, got '1.5'",
        ),
        (
            ["route", "valley", "--from", "0,0", "--to", "2,2", "--speed", "30x"],
            "--speed must be a whole number, got '30x'",
        ),
    ],
)
def test_errors_are_one_line_exit_2(
    args: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Bad input prints one line naming the bad value (and valid ones) and exits 2."""
    assert message in _error(args, monkeypatch, capsys)


def test_day_option_and_odds_json() -> None:
    """--day sets each day's pace; `odds --json` gives the DCs and exact odds."""
    data = json.loads(
        _ok(
            [
                "travel",
                "pf1e",
                "--speed",
                "30",
                "--leg",
                "80 mi plains road",
                "--day",
                "forced=2",
                "--day",
                "hustle=2",
                "--json",
            ]
        )
    )
    assert [d["hours"] for d in data["days"]] == [10, 8, 6.67]
    assert data["fatigued_from"] == {"day": 2, "hour": 2}
    odds = json.loads(_ok(["odds", "pf1e", "--forced-march", "1", "--json"]))
    assert odds["hours"] == [{"day": 1, "hour": 9, "dc": 12, "p_fail": 0.55, "lethal": False}]
    assert odds["odds"]["p_no_fatigue_exact"] == "9/20"


def test_route_metric() -> None:
    """route --metric reports km and converts every distance exactly."""
    data = json.loads(
        _ok(
            [
                "route",
                "valley",
                "--from",
                "0,7",
                "--to",
                "5,7",
                "--speed",
                "30",
                "--metric",
                "--json",
            ]
        )
    )
    assert data["unit"] == "km" and data["distance"] == 8 and data["hours"] == 1.67


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"legs": ["5 mi plains road"], "speed": "fast"}', "speed 'fast' must be a whole number"),
        ('{"legs": ["5 mi plains road"], "speeds": [30, "x"]}', "speed 'x' must be a whole"),
        ('{"legs": ["5 mi plains road"], "speed": true}', "speed true must be a whole number"),
        ('{"legs": ["5 mi plains road"], "speed": 30, "hustle": "two"}', "hustle 'two' must be"),
        ('{"legs": ["5 mi"], "vessel": "rowboat", "current": "fast"}', "current 'fast' is not"),
        ('{"legs": ["5 mi plains road"], "speed": 30, "con_mod": {}}', "con_mod {} must be"),
        ('{"legs": ["5 mi plains road"], "speed": 30, "metric": "yes"}', "metric 'yes' must be"),
        ('{"legs": ["5 mi plains road"], "mount": ["pony"]}', "mount ['pony'] must be"),
        (
            '{"legs": [{"distance": 5, "terain": "forest", "road": "road"}], "speed": 30}',
            "unknown journey file leg 1 key 'terain' (known: distance,",
        ),
        ('{"legs": [{"distance": 5, "dense": "yes"}], "speed": 30}', "dense 'yes' must be true"),
        (
            '{"legs": [{"distance": 5, "unit": 5}], "vessel": "rowboat"}',
            "leg 1 unit 5 must be text",
        ),
        ('{"legs": ["5 mi plains road"], "speed": 30, "unit": 7}', "unit 7 must be mi or km"),
    ],
)
def test_journey_file_wrong_types_are_one_line_exit_2(
    content: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A journey-file option of the wrong type names the key and value, exit 2, no traceback."""
    path = tmp_path / "trip.json"
    path.write_text(content, encoding="utf-8")
    assert message in _error(["travel", "pf1e", "--journey", str(path)], monkeypatch, capsys)


def test_journey_file_not_utf8_is_one_line_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A journey file that is not UTF-8 text is refused in one line, not a traceback."""
    path = tmp_path / "trip.json"
    path.write_bytes(b"\xff\xfe{}")
    assert "not UTF-8 text" in _error(
        ["travel", "pf1e", "--journey", str(path)], monkeypatch, capsys
    )


# ------------------------------------------------------------------ the travel command's groups


def test_conveyance_group_says_what_is_given_and_the_flow() -> None:
    """A vessel's options say which were given; the flow is the flags', else the file's."""
    from footfall.cli.journeys.travel import Conveyance
    from footfall.errors import InputError
    from footfall.travel import Flow

    given = Conveyance(vessel="raft", downstream=True).given()
    assert [name for name, used in given.items() if used] == ["vessel", "downstream"]
    assert Conveyance(upstream=True).flow({"flow": "downstream"}) is Flow.UPSTREAM
    assert Conveyance().flow({"flow": "downstream"}) is Flow.DOWNSTREAM
    assert Conveyance().flow({}) is Flow.NONE
    with pytest.raises(InputError) as both:
        Conveyance(downstream=True, upstream=True).flow({})
    assert str(both.value) == "give downstream or upstream, not both"


def test_paces_group_reads_each_day() -> None:
    """`--day` texts read as (hustle, forced march) in turn; `forced` is forced_march."""
    from footfall.cli.journeys.travel import Paces
    from footfall.errors import InputError

    paces = Paces(days=("hustle=2,forced=1", "hustle=1"))
    assert paces.day_paces() == [(2, 1), (1, 0)]
    assert [name for name, used in paces.given().items() if used] == ["day_paces"]
    with pytest.raises(InputError) as twice:
        Paces(days=("hustle=1,hustle=2",)).day_paces()
    assert str(twice.value) == "day_paces 'hustle=1,hustle=2' gives hustle twice"


def test_running_checks_and_rolls_groups() -> None:
    """Running options are checked even when unused; rolls need a seed, a seed a roll."""
    from footfall.cli.journeys.travel import Checks, Rolls, Running
    from footfall.errors import InputError
    from footfall.rules import Armor, Load

    assert Running().kinds() == (Armor.NONE, Load.LIGHT)
    assert Running(armor="heavy", load="medium").kinds() == (Armor.HEAVY, Load.MEDIUM)
    with pytest.raises(InputError, match="unknown armor 'plate'"):
        Running(armor="plate").kinds()
    assert Checks(members=("name=A,con=1",)).party()[0].con_mod == 1
    assert Checks(toughness=40).heresy_given() == {
        "agility_bonus": False,
        "toughness_bonus": False,
        "toughness": True,
    }
    assert Rolls(roll=True, seed=7).check() == 7
    assert Rolls().check() is None
    with pytest.raises(InputError, match=r"^roll needs seed N, so the rolls can be reproduced$"):
        Rolls(roll=True).check()


def test_library_errors_are_spelled_as_this_commands_flags() -> None:
    """The library says `legs` and `party`; the journey commands say --leg and --member."""
    from footfall.cli.journeys import FLAGS
    from footfall.cli.journeys.options import flags, spell
    from footfall.errors import InputError, Param
    from footfall.rules import load_system
    from footfall.travel import Traveller, parse_member, plan_journey

    assert spell(Param("legs")) == "--leg" and spell(Param("con_mod")) == "--con-mod"
    assert flags(["party", "day_paces", "start", "goal"]) == "--member, --day, --from, --to"
    assert set(FLAGS) == {"legs", "party", "day_paces", "start", "goal"}
    with pytest.raises(InputError) as no_legs:
        plan_journey("pf1e", [], Traveller(speeds=(30,)))
    assert str(no_legs.value) == "give at least one leg, e.g. legs '24 mi forest trackless'"
    assert no_legs.value.render("en", spell).endswith("e.g. --leg '24 mi forest trackless'")
    with pytest.raises(InputError) as member:
        parse_member("name=A,str=1")
    assert member.value.render("en", spell).startswith("unknown --member key 'str'")
    assert load_system("pf1e").family.value == "d20"
