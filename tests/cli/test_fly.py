"""`footfall fly ...`: exact output, JSON shapes, translated messages, one-line errors (exit 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.cli import invoke

SAMPLE = "dnd35-canyon-squeeze"  # the giant eagle: large, fly 80 ft (average), altitude 20 ft


def _run(*args: str) -> tuple[int, str, str]:
    result = invoke(["fly", *args])
    return result.exit_code, result.stdout, result.stderr


def test_griffon_question_in_the_open_sky() -> None:
    """The issue's question: an average griffon (fly 80) turns 90° and dives onto a square."""
    code, out, err = _run(
        "check",
        "--speed",
        "80",
        "-m",
        "average",
        "--alt",
        "30",
        "--facing",
        "E",
        "--steps",
        "f r90 d10 d10 d5 f5",
    )
    assert (code, err) == (0, "")
    assert out == (
        "flyer: fly 80 ft, average maneuverability, facing E, altitude 30 ft\n"
        "legal: 47.5 ft of 80 ft\n"
        "path: (0,0,30 E) f (1,0,30 E) r90 (1,0,30 S) d10 (1,1,20 S) d10 (1,2,10 S)"
        " d5 (1,3,5 S) f (1,4,5 S) f (1,5,5 S) f (1,6,5 S) f (1,7,5 S) f (1,8,5 S)\n"
        "flown forward: 45 ft (minimum 40)\n"
    )


def test_poor_griffon_is_refused_with_rule_ids() -> None:
    """A poor flyer may not turn 90° (flight-turn, flight-max-turn) nor dive 10 ft a square."""
    code, out, _ = _run(
        "check",
        "--speed",
        "80",
        "-m",
        "poor",
        "--alt",
        "30",
        "--facing",
        "E",
        "--steps",
        "f r90 d10 f6",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert data["legal"] is False
    assert [(v["step"], v["rule"]) for v in data["violations"]] == [
        (2, "flight-turn"),
        (2, "flight-max-turn"),
        (3, "flight-dive"),
    ]
    assert data["cost"] == 40 and data["unit"] == "ft" and data["budget"] == 80


def test_scene_flyer_json_shape() -> None:
    """check on a scene's flyer gives SCENE.md's check keys plus the flight ones."""
    code, out, _ = _run(
        "check",
        SAMPLE,
        "--mover",
        "giant-eagle",
        "--facing",
        "E",
        "--path",
        "1,4,20 2,4,20 2,5,15 2,6,10",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert {"legal", "cost", "unit", "violations"} <= set(data)
    assert data["path"][-1] == {"step": 4, "at": [2, 6], "alt": 10, "facing": "S", "cost": 20}
    assert data["stall"]["alt"] == 10 and data["stall"]["damage"] == "1d6"
    assert [v["rule"] for v in data["violations"]] == ["flight-min-speed"]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "a flyer of poor maneuverability cannot hover"),
        ("ru", "существо с маневренностью «плохая» не может зависать в воздухе"),
        ("zh", "机动性为不良的生物不能盘旋"),
    ],
)
def test_messages_are_translated(lang: str, text: str) -> None:
    """Violation messages come in en, ru and zh (seed 004's 盘旋, 不良)."""
    code, out, _ = _run(
        "check", "--speed", "40", "-m", "poor", "--steps", "f4 h", "--json", "--lang", lang
    )
    assert code == 0
    assert json.loads(out)["violations"][0]["message"] == text


def test_path_finds_a_legal_flight() -> None:
    """fly path answers yes with a cheapest flight that check accepts."""
    code, out, _ = _run(
        "path",
        "--speed",
        "40",
        "-m",
        "good",
        "--alt",
        "10",
        "--facing",
        "N",
        "--to",
        "0,-3,10",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert data["found"] is True and data["legal"] is True and data["cost"] == 15
    assert data["steps"] == "f3"


def test_path_not_found_is_not_an_error() -> None:
    """An end nobody can reach is found: false, exit 0, with the reason."""
    code, out, _ = _run("path", "--speed", "20", "-m", "clumsy", "--to", "0,5,0", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["found"] is False and "20 ft" in data["reason"]


def test_reach_json_and_bands() -> None:
    """reach lists entries with alt and facing; the text shows one map per altitude band."""
    code, out, _ = _run("reach", SAMPLE, "--mover", "stirge", "--facing", "W", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["mover"] == "stirge" and data["unit"] == "ft" and data["budget"] == 40
    entry = data["squares"][0]
    assert set(entry) == {"at", "alt", "facing", "cost", "landed"}
    assert all(e["alt"] >= 0 for e in data["squares"])
    code, out, _ = _run("reach", SAMPLE, "--mover", "stirge", "--facing", "W", "--band", "20")
    assert code == 0
    assert "altitude 0-15 ft" in out and "altitude 20-35 ft" in out
    assert out.count("@") == 2


def test_stall_command() -> None:
    """fly stall prints each round of a 400-ft stall with Reflex +5 (30% a save)."""
    code, out, _ = _run("stall", "--alt", "400", "--reflex", "5", "--rounds", "2")
    assert code == 0
    assert out == (
        "stall from 400 ft (Reflex +5, DC 20: 30% per save)\n"
        "  round 1: 400 ft -> 250 ft; recovers 0%, hits the ground 0%\n"
        "  round 2: 250 ft -> 0 ft; recovers 30%, hits the ground 70%\n"
        "recovers 30%; hits the ground 70% for 20d6 falling damage (average 70)\n"
        "recovers within 2 rounds: 30%\n"
    )
    code, out, _ = _run("stall", "--alt", "400", "--reflex", "5", "--json")
    assert json.loads(out)["p_recover"] == "3/10"


def test_table_command_in_chinese() -> None:
    """fly table prints seed 004's 表:机动性 with its own words, as read from the data file."""
    code, out, _ = _run("table", "--lang", "zh")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["完美", "良好", "普通", "不良", "笨拙"]
    assert lines[1].split() == ["最低飞行速度", "无", "无", "x1/2", "x1/2", "x1/2"]
    assert lines[5].split() == ["转向", "任意", "90°/5尺", "45°/5尺", "45°/5尺", "45°/10尺"]
    assert lines[12].split() == ["升降缓冲", "0尺", "0尺", "5尺", "10尺", "20尺"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["check", "--speed", "60", "-m", "averag", "--steps", "f"],
            "unknown maneuverability 'averag' (known: perfect, good, average, poor, clumsy)",
        ),
        (
            ["check", SAMPLE, "--mover", "giant-eagle", "--facing", "W", "--steps", "f"],
            "the flight path leaves the map at step 1: square (-1, 4) is outside the 18x12 map",
        ),
        (
            ["check", SAMPLE, "--mover", "regdar", "--steps", "f"],
            "creature 'regdar' cannot fly (it has no \"fly\" in the scene)",
        ),
        (
            ["check", "pf1e-ogre-bridge", "--mover", "ogre", "--steps", "f"],
            "footfall's flight rules are D&D 3.5's (seed 004): system 'pf1e' has none "
            "(use a dnd35 scene)",
        ),
        (
            ["check", "--speed", "60", "-m", "good", "--steps", "f2 zoom"],
            "unknown flight step 'zoom' (known: f, b, c, d, bc, bd, up, down, l, r, pl, pr, h,"
            " forward, back, climb, dive, left, right, hover)",
        ),
        (
            ["check", "--speed", "60", "-m", "good", "--steps", "r60"],
            "step 'r60': a turn is 45, 90, 135 or 180 degrees",
        ),
        (
            ["check", "--speed", "60", "-m", "good", "--facing", "up", "--steps", "f"],
            "unknown facing 'up' (known: N, NE, E, SE, S, SW, W, NW)",
        ),
        (
            ["check", "--speed", "60", "-m", "good", "--path", "0,-2,0"],
            "square '0,-2,0' is not next to (0,0,0): give every square of the path",
        ),
        (["stall", "--alt", "-5"], "altitude must be at least 0 ft, not -5"),
        (["stall", "--alt", "100", "--reflex", "101"], "--reflex 101 is outside -20..100"),
        (["stall", "--alt", "100", "--rounds", "1001"], "--rounds must be 1 to 1000, not 1001"),
        (
            ["check", "--speed", "60", "-m", "good", "--steps", "f", "--since-dive", "10005"],
            "--since-dive 10005 ft is more than the 10000 ft footfall takes",
        ),
        (
            ["check", "--speed", "60", "-m", "good", "--steps", "c" + "5" * 101],
            "step 'c5555555555555555...': a number of 101 digits is too large (a step is at "
            "most 1000 squares, 180°, or a few thousand ft)",
        ),
    ],
)
def test_bad_input_is_one_line_exit_2(args: list[str], message: str) -> None:
    """Bad input gives one line on stderr and exit status 2, never a traceback."""
    code, out, err = _run(*args)
    assert (code, out) == (2, "")
    assert err == f"footfall: error: {message}\n"


def test_altitude_band_keeps_the_flight_inside() -> None:
    """--alt-range keeps every end (and the flight) between LOW and HIGH ft."""
    code, out, _ = _run(
        "reach", "--speed", "20", "-m", "average", "--alt", "10", "--alt-range", "5-15", "--json"
    )
    assert code == 0
    alts = {e["alt"] for e in json.loads(out)["squares"]}
    assert alts == {5, 10, 15}
    code, out, _ = _run(
        "path",
        "--speed",
        "20",
        "-m",
        "average",
        "--alt",
        "10",
        "--alt-range",
        "10-10",
        "--to",
        "0,-3,15",
        "--json",
    )
    assert code == 0 and json.loads(out)["found"] is False


def test_start_above_the_ceiling_is_bad_input(tmp_path: Path) -> None:
    """A flyer asked to start above the scene's ceiling is refused in one line."""
    scene = {
        "footfall": 1,
        "system": "dnd35",
        "map": ["...."],
        "ceiling_ft": 15,
        "creatures": [
            {
                "id": "bat",
                "at": [0, 0],
                "size": "tiny",
                "side": "foes",
                "speed": 5,
                "fly": {"speed": 40, "maneuverability": "good"},
            },
        ],
    }
    path = tmp_path / "cave.json"
    path.write_text(json.dumps(scene), encoding="utf-8")
    code, _, err = _run("check", str(path), "--mover", "bat", "--alt", "15", "--steps", "f")
    assert code == 2
    assert err == "footfall: error: altitude 15 ft puts the 5-ft-tall bat above the 15-ft ceiling\n"
    code, out, _ = _run("check", str(path), "--mover", "bat", "--alt", "10", "--steps", "up5")
    assert code == 0 and "flight-ceiling" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["stall", "--alt", "-5"], "footfall: error: altitude must be at least 0 ft, not -5\n"),
        (
            ["reach", "--speed", "80", "-m", "griffin"],
            "footfall: error: unknown maneuverability 'griffin' "
            "(known: perfect, good, average, poor, clumsy)\n",
        ),
        (
            ["check", "--speed", "80", "-m", "good", "--steps", "f2 zz"],
            "footfall: error: unknown flight step 'zz' (known: f, b, c, d, bc, bd, up, down, l, "
            "r, pl, pr, h, forward, back, climb, dive, left, right, hover)\n",
        ),
    ],
)
def test_console_errors_exit_2(args: list[str], message: str) -> None:
    """Run as a program (python -m footfall), a bad flight input is one line and exit status 2."""
    done = subprocess.run(
        [sys.executable, "-m", "footfall", "fly", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (2, "", message)


def test_altitude_above_the_limit_is_one_line() -> None:
    """An altitude past the 100,000 ft footfall works with is refused, as fly stall does."""
    code, out, err = _run("reach", "--speed", "80", "-m", "good", "--alt", "1000000000000")
    assert (code, out) == (2, "")
    assert err == (
        "footfall: error: altitude 1000000000000 ft is above the 100000 ft footfall works with\n"
    )


@pytest.mark.parametrize(
    ("to", "message"),
    [
        ("99,99,5", "--to 99,99 is off the map (18x12 squares)"),
        ("3,4,-5", "--to altitude must be a multiple of 5 ft, at least 0, not -5"),
        ("3,4,7", "--to altitude must be a multiple of 5 ft, at least 0, not 7"),
    ],
)
def test_path_to_an_impossible_place_is_one_line(to: str, message: str) -> None:
    """fly path to a square off the map or an altitude no flyer has is an error, not a 'no'."""
    code, out, err = _run("path", "dnd35-canyon-squeeze", "--mover", "stirge", "--to", to)
    assert (code, out, err) == (2, "", f"footfall: error: {message}\n")


def test_stall_in_russian_agrees_and_uses_a_decimal_comma() -> None:
    """Russian stall odds: «за 1 раунд», «за 3 раунда», «за 5 раундов», and 14,7% with a comma."""

    def within(rounds: int) -> str:
        args = ["fly", "stall", "--alt", "2000", "--reflex", "5", "--rounds", str(rounds)]
        out = invoke([*args, "--lang", "ru"]).output
        return out.strip().splitlines()[-1]

    assert within(1) == "выравнивается за 1 раунд: 0%"
    assert within(3) == "выравнивается за 3 раунда: 51%"
    assert within(5) == "выравнивается за 5 раундов: 75,99%"
