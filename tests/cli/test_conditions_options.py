"""reach / path / check / rates take the mover's speed, base speed, armor, load and
conditions (issue 12 items 6, 8, 13); every --speed help says it is the speed after armor."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.cli import cli_json, invoke


def test_reach_base_speed_in_heavy_armor_walks_20_ft() -> None:
    """--base-speed 30 --armor heavy: a 20-ft move (PF CRB armor table), the note says why."""
    data = cli_json("reach", "pf1e-ogre-bridge", "--mover", "ezren", "--base-speed", "30",
                    "--armor", "heavy")  # fmt: skip
    assert data["budget"] == 20
    assert [n["note"] for n in data["notes"]] == ["armor-speed"]


def test_rates_base_speed_20_becomes_15() -> None:
    """rates --base-speed 20 --armor medium walks 15 ft a round (3.5 PHB / PF CRB)."""
    data = cli_json("rates", "dnd35", "--base-speed", "20", "--armor", "medium")
    assert data["speed"] == 15 and data["tactical"]["walk"] == 15


def test_path_and_check_take_a_condition() -> None:
    """--condition fatigued: no run (seed 000 «Спешка»); the violation is `condition`."""
    found = cli_json("path", "pf1e-ogre-bridge", "--mover", "valeros", "--to", "10,5",
                     "--action", "run", "--condition", "fatigued")  # fmt: skip
    assert not found["found"]
    checked = cli_json("check", "pf1e-ogre-bridge", "--mover", "valeros", "--path", "9,5",
                       "--action", "run", "--condition", "fatigued")  # fmt: skip
    assert [v["rule"] for v in checked["violations"]] == ["condition"]


def test_speed_option_gives_a_mover_without_speed_one(tmp_path: Path) -> None:
    """A mover with no speed: the error says how to give one; --speed gives it (item 13)."""
    scene = {"footfall": 1, "system": "pf1e", "map": ["....."],
             "creatures": [{"id": "a", "at": [0, 0], "size": "medium", "side": "p"}]}  # fmt: skip
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scene), encoding="utf-8")
    result = invoke(["reach", str(path), "--mover", "a"])
    assert result.exit_code == 2
    assert "give --speed N" in result.output and "--base-speed N" in result.output
    assert cli_json("reach", str(path), "--mover", "a", "--speed", "10")["budget"] == 10


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--condition", "slowed"], "unknown pf1e condition 'slowed'"),
        (["--speed", "30", "--base-speed", "30"], "not both"),
        (["--armor", "plate"], "unknown armor 'plate'"),
        (["--base-speed", "33"], "--base-speed"),
    ],
)
def test_bad_mover_options_are_one_line(args: list[str], words: str) -> None:
    """A bad option is one error line naming it, exit 2."""
    result = invoke(["reach", "pf1e-ogre-bridge", "--mover", "valeros", *args])
    assert result.exit_code == 2
    assert words in result.output and "Traceback" not in result.output


@pytest.mark.parametrize(
    "command", ["reach", "path", "check", "render", "rates", "travel", "route"]
)
def test_every_speed_help_says_after_armor(command: str) -> None:
    """Every --speed help says it is the speed after armor and load (issue 12 item 8)."""
    result = invoke([command, "--help"], env={"COLUMNS": "300"})
    assert result.exit_code == 0
    line = next(ln for ln in result.output.splitlines() if "--speed " in ln)
    assert "after armor" in line
