"""`footfall rates` and `footfall tables`: exact output, JSON shapes, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from helpers.cli import invoke


def _run(*args: str) -> tuple[int, str, str]:
    result = invoke(list(args))
    return result.exit_code, result.stdout, result.stderr


def test_acceptance_rates_pf1e_30_heavy() -> None:
    """Issue 2 acceptance: walk 30 / hustle 60 / run 90 ft per round, 3 / 6 mi/h, 24 mi/day."""
    code, out, err = _run("rates", "pf1e", "--speed", "30", "--armor", "heavy")
    assert (code, err) == (0, "")
    assert out == (
        "Pathfinder RPG 1e: speed 30 ft, armor heavy, load light (run x3)\n"
        "pace     ft/round   ft/min   mi/h   mi/day\n"
        "──────────────────────────────────────────\n"
        "walk           30      300      3       24\n"
        "hustle         60      600      6        —\n"
        "run            90      900      —        —\n"
    )


def test_rates_dnd35_in_chinese() -> None:
    """--lang zh labels paces with seed 004's words (行走, 急行, 奔跑)."""
    code, out, _ = _run("rates", "dnd35", "--speed", "20", "--lang", "zh")
    assert code == 0
    assert out == (
        "龙与地下城 3.5版:速度20尺,盔甲无,负荷轻度(奔跑×4)\n"
        "移动方式   尺/轮   尺/分钟   英里/小时   英里/天\n"
        "────────────────────────────────────────────────\n"
        "行走          20       200           2        16\n"
        "急行          40       400           4         —\n"
        "奔跑          80       800           —         —\n"
    )


def test_rates_metric_in_russian() -> None:
    """--metric --lang ru: 1.5 m per 5 ft, 1.6 km per mile, seed 000's words, decimal comma."""
    code, out, _ = _run("rates", "pf1e", "--speed", "30", "--metric", "--lang", "ru")
    assert code == 0
    assert out == (
        "Pathfinder НРИ, 1-я редакция: скорость 30 футов, доспех нет, нагрузка легкая (бег x4)\n"
        "в метрах: 5 футов = 1,5 м, 1 миля = 1,6 км\n"
        "способ   м/раунд   м/мин   км/ч   км/день\n"
        "─────────────────────────────────────────\n"
        "Шаг            9      90    4,8      38,4\n"
        "Спешка        18     180    9,6         —\n"
        "Бег           36     360      —         —\n"
    )


def test_rates_dh2e_past_ten_says_extrapolated() -> None:
    """dh2e AB 11: structured 11/22/33/66, narrative 264 m, 16 km, 160 km, flagged."""
    code, out, _ = _run("rates", "dh2e", "--agility-bonus", "11")
    assert code == 0
    assert out == (
        "Dark Heresy 2e: Agility Bonus 11\n"
        "AB 11 is beyond the seed tables (AB 0-10): extrapolated (RULES.md 2)\n"
        "Structured time (m per round)\n"
        "half move   full move   charge   run\n"
        "────────────────────────────────────\n"
        "       11          22       33    66\n"
        "Narrative time\n"
        "per minute (m)   per hour (km)   per day (km)\n"
        "─────────────────────────────────────────────\n"
        "           264              16            160\n"
    )


def test_rates_drawsteel_in_russian() -> None:
    """drawsteel: advance and disengage with seed 002's action names."""
    code, out, _ = _run("rates", "drawsteel", "--speed", "3", "--lang", "ru")
    assert code == 0
    assert out == (
        "Draw Steel: скорость 3 кл.\n"
        "действие               клеток\n"
        "─────────────────────────────\n"
        "Стандартное движение        3\n"
        "Действие отхода             1\n"
    )


def test_rates_json_pf1e_shape() -> None:
    """--json has issue 2's keys, null where a pace is impossible on a scale."""
    code, out, _ = _run("rates", "pf1e", "--speed", "40", "--load", "heavy", "--json")
    assert code == 0
    assert json.loads(out) == {
        "system": "pf1e",
        "speed": 40,
        "armor": "none",
        "load": "heavy",
        "metric": False,
        "run_multiplier": 3,
        "tactical": {"unit": "ft/round", "walk": 40, "hustle": 80, "run": 120},
        "local": {"unit": "ft/min", "walk": 400, "hustle": 800, "run": 1200},
        "overland_hour": {"unit": "mi/h", "walk": 4, "hustle": 8, "run": None},
        "overland_day": {"unit": "mi/day", "walk": 32, "hustle": None, "run": None},
    }


def test_rates_json_dh2e_shape() -> None:
    """dh2e --json: agility_bonus, extrapolated, structured and narrative objects."""
    code, out, _ = _run("rates", "dh2e", "--agility-bonus", "1", "--json")
    assert code == 0
    assert json.loads(out) == {
        "system": "dh2e",
        "agility_bonus": 1,
        "extrapolated": False,
        "structured": {"unit": "m/round", "half_move": 1, "full_move": 2, "charge": 3, "run": 6},
        "narrative": {"per_minute_m": 24, "per_hour_km": 1.5, "per_day_km": 15},
    }


def test_tables_list_json() -> None:
    """`tables SYSTEM --json` lists every table with its title and source."""
    code, out, _ = _run("tables", "dnd35", "--json")
    assert code == 0
    listing = json.loads(out)
    ids = [t["id"] for t in listing]
    assert "maneuverability" in ids and "squeezing" in ids and "mounts" in ids
    for entry in listing:
        assert entry["source"]["document"] and entry["source"]["table"]


def test_tables_terrain_in_chinese() -> None:
    """`tables dnd35 terrain --lang zh` prints seed 004's table, 荒野 row included."""
    code, out, _ = _run("tables", "dnd35", "terrain", "--lang", "zh")
    assert code == 0
    assert out == (
        "地形和陆上移动\n"
        "出处: 004_1ebcbb398b2730fb.txt: 表:地形和陆上移动\n"
        "id          地形          大道   便道和小径   荒野\n"
        "──────────────────────────────────────────────────\n"
        "desert      沙漠            x1         x1/2   x1/2\n"
        "forest      森林            x1           x1   x1/2\n"
        "hills       丘陵            x1         x3/4   x1/2\n"
        "jungle      丛林            x1         x3/4   x1/4\n"
        "moor        荒野            x1           x1   x3/4\n"
        "mountains   山地          x3/4         x3/4   x1/2\n"
        "plains      平原            x1           x1   x3/4\n"
        "swamp       沼泽            x1         x3/4   x1/2\n"
        "tundra      苔原,冻土带     x1         x3/4   x3/4\n"
    )


def test_tables_maneuverability_text() -> None:
    """The flight table prints every cell (any / 90°/5 ft / +90°/-5 ft ...)."""
    code, out, _ = _run("tables", "dnd35", "maneuverability")
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == "source: 004_1ebcbb398b2730fb.txt: 表:机动性"
    assert lines[7] == "reverse                 any       -5 ft        no           no         no"
    assert lines[8] == (
        "turn                    any       90°/5 ft     45°/5 ft     45°/5 ft   45°/10 ft"
    )
    assert lines[9] == ("turn in place           any       +90°/-5 ft   +45°/-5 ft   no         no")


def test_tables_mounts_json_keeps_exact_values() -> None:
    """Mount rows in JSON: numbers, the load band and the printed row label."""
    code, out, _ = _run("tables", "pf1e", "mounts", "--json", "--lang", "ru")
    assert code == 0
    table = json.loads(out)
    assert table["source"] == {
        "document": "000_709853d3f24b4f08.txt",
        "table": "Животные и транспорт",
    }
    assert table["rows"][1] == {
        "id": "light_horse",
        "name": "Легкая лошадь",
        "kind": "верховое животное",
        "load_lb": "175-525",
        "per_hour_mi": 3.5,
        "per_day_mi": 28,
        "printed_row": "Легкая лошадь (175-525 фнтов)*",
    }


def test_tables_terrain_json_multipliers_are_fractions() -> None:
    """Terrain multipliers in JSON are exact fraction strings, as JOURNEY.md's legs."""
    code, out, _ = _run("tables", "pf1e", "terrain", "--json")
    assert code == 0
    rows = {r["id"]: r for r in json.loads(out)["rows"]}
    assert rows["jungle"] == {
        "id": "jungle",
        "terrain": "jungle",
        "highway": "1",
        "road": "3/4",
        "trackless": "1/4",
    }


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["rates", "pf2e", "--speed", "30"],
            "unknown system 'pf2e' (known: pf1e, dnd35, dh2e, drawsteel)",
        ),
        (
            ["rates", "pf1e", "--speed", "32"],
            "pf1e speed must be a positive multiple of 5 ft, got 32",
        ),
        (
            ["rates", "dnd35", "--speed", "0"],
            "dnd35 speed must be a positive multiple of 5 ft, got 0",
        ),
        (["rates", "pf1e", "--speed", "fast"], "--speed must be a whole number, got 'fast'"),
        (["rates", "dh2e", "--agility-bonus", "-2"], "agility bonus -2 is out of range (0-30)"),
        (["rates", "dh2e", "--agility-bonus", "31"], "agility bonus 31 is out of range (0-30)"),
        (
            ["rates", "pf1e", "--speed", "100005"],
            "pf1e speed 100005 ft is out of range (5-100000 ft)",
        ),
        (
            ["rates", "pf1e", "--speed", "30", "--armor", "plate"],
            "unknown armor 'plate' (known: none, light, medium, heavy)",
        ),
        (
            ["rates", "pf1e", "--speed", "30", "--load", "huge"],
            "unknown load 'huge' (known: light, medium, heavy)",
        ),
        (
            ["rates", "pf1e", "--speed", "30", "--lang", "de"],
            "unknown language 'de' (known: en, ru, zh)",
        ),
        (
            ["tables", "drawsteel", "mounts"],
            "unknown drawsteel table 'mounts' (known: sizes, movement, actions, interpretations)",
        ),
        (["tables", "gurps"], "unknown system 'gurps' (known: pf1e, dnd35, dh2e, drawsteel)"),
    ],
)
def test_bad_input_is_one_line_exit_2(args: list[str], message: str) -> None:
    """Bad input exits 2 with one line on stderr naming the valid values, no traceback."""
    code, out, err = _run(*args)
    assert code == 2
    assert out == ""
    assert err == f"footfall: error: {message}\n"


def test_console_script_acceptance() -> None:
    """`python -m footfall rates pf1e --speed 30 --armor heavy` prints the acceptance table."""
    done = subprocess.run(
        [sys.executable, "-m", "footfall", "rates", "pf1e", "--speed", "30", "--armor", "heavy"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "walk           30      300      3       24" in done.stdout
    assert "run            90      900      —        —" in done.stdout


def test_rates_without_system_shows_each_sample_creature() -> None:
    """`footfall rates` alone prints a sample creature of each of the four systems."""
    code, out, _ = _run("rates", "--json")
    assert code == 0
    documents = json.loads(out)
    assert [d["system"] for d in documents] == ["pf1e", "dnd35", "dh2e", "drawsteel"]
    assert documents[0]["tactical"] == {"unit": "ft/round", "walk": 30, "hustle": 60, "run": 120}
    assert documents[2]["structured"]["run"] == 18
    assert documents[3]["advance"] == 5
    code, text, _ = _run("rates")
    assert code == 0
    titles = [line for line in text.splitlines() if ": " in line and "speed" in line]
    assert titles[0] == "Pathfinder RPG 1e: speed 30 ft, armor none, load light (run x4)"
    assert text.endswith("advance           5\ndisengage         1\n")
    assert "Dark Heresy 2e: Agility Bonus 3\n" in text


def test_speed_without_system_is_refused() -> None:
    """--speed without a SYSTEM is one line naming the systems."""
    code, _, err = _run("rates", "--speed", "30")
    assert code == 2
    assert err == (
        "footfall: error: --speed and --agility-bonus need a SYSTEM "
        "(pf1e, dnd35, dh2e, drawsteel)\n"
    )


def test_tables_rate_table_json_has_null_for_dash_cells() -> None:
    """A printed "-" is null in JSON; 1,5 mi is 1.5; columns name the printed speeds."""
    code, out, _ = _run("tables", "pf1e", "per-hour", "--json")
    assert code == 0
    table = json.loads(out)
    assert [c["id"] for c in table["columns"]] == [
        "id",
        "pace",
        "speed_15",
        "speed_20",
        "speed_30",
        "speed_40",
    ]
    assert table["rows"] == [
        {
            "id": "walk",
            "pace": "walk",
            "speed_15": 1.5,
            "speed_20": 2,
            "speed_30": 3,
            "speed_40": 4,
        },
        {
            "id": "hustle",
            "pace": "hustle",
            "speed_15": 3,
            "speed_20": 4,
            "speed_30": 6,
            "speed_40": 8,
        },
        {
            "id": "run",
            "pace": "run",
            "speed_15": None,
            "speed_20": None,
            "speed_30": None,
            "speed_40": None,
        },
    ]


def test_tables_without_system_lists_the_systems() -> None:
    """`footfall tables` alone lists the four systems with their seed and table ids."""
    code, out, _ = _run("tables", "--json")
    assert code == 0
    listing = json.loads(out)
    assert [(s["id"], s["seed"]) for s in listing] == [
        ("pf1e", "000_709853d3f24b4f08.txt"),
        ("dnd35", "004_1ebcbb398b2730fb.txt"),
        ("dh2e", "001_7dd902c1d3d218d3.txt"),
        ("drawsteel", "002_04c8635cf4b5ed28.txt"),
    ]
    assert listing[3]["tables"] == ["sizes", "movement", "actions", "interpretations"]
    assert "maneuverability" in listing[1]["tables"]
    assert "maneuverability" not in listing[0]["tables"]
