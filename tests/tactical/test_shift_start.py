"""A Draw Steel shift from a start space in difficult, hazardous or object terrain (issue 12.11).

Seed 002 "Смещение": a shift may not enter difficult or hazardous terrain, nor start in it. A
mover whose start space holds such a square reaches nothing (the `shift-terrain` note), and
`check` and `path` name the square of the start space that refuses the shift.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from footfall.tactical import check_path, find_path, reachable
from helpers.cli import invoke
from helpers.tactical_scenes import make, mob


def hero(cid: str, x: int, y: int, **fields: object) -> dict[str, object]:
    """Return a Draw Steel creature: size 1M, speed 5 (seed 002)."""
    return mob(cid, x, y, **{"size": "1M", "speed": 5, **fields})


@pytest.mark.parametrize("char", ["^", "!", "o"])
@pytest.mark.parametrize(("action", "distance"), [("shift", 3), ("disengage", None)])
def test_start_in_terrain_reaches_nothing(char: str, action: str, distance: int | None) -> None:
    """A 1M mover on difficult / hazardous / object terrain: no squares, a shift-terrain note."""
    s = make("drawsteel", [char + ".."], hero("a", 0, 0))
    reach = reachable(s, "a", action, distance=distance)
    assert reach.squares == ()
    notes = reach.to_json()["notes"]
    assert [n["note"] for n in notes][-1] == "shift-terrain"
    assert notes[-1]["message"].endswith("[0, 0]")


def test_large_mover_names_the_square_of_its_space() -> None:
    """A 2-square mover whose lower-right square is difficult: that square is named."""
    s = make("drawsteel", ["....", ".^..", "...."], hero("g", 0, 0, size="2"))
    reach = reachable(s, "g", "shift", distance=2).to_json()
    assert reach["squares"] == []
    assert reach["notes"][-1]["message"].endswith("[1, 1]")
    checked = check_path(s, "g", [(1, 0)], action="shift", distance=2).to_json()
    assert checked["violations"][0]["rule"] == "shift-terrain"
    assert checked["violations"][0]["message"].endswith("[1, 1]")
    found = find_path(s, "g", (2, 0), action="shift", distance=2).to_json()
    assert found["rule"] == "shift-terrain"
    assert found["reason"].endswith("[1, 1]")


def test_check_names_the_start_square_not_the_first_step() -> None:
    """`check` of a shift out of difficult terrain names the start square [0, 0], not [1, 0]."""
    s = make("drawsteel", ["^.."], hero("a", 0, 0))
    checked = check_path(s, "a", [(1, 0)], action="shift", distance=3).to_json()
    assert [v["message"] for v in checked["violations"]] == [
        "step 1: a shift cannot enter difficult or hazardous terrain (or an enemy's space),"
        " nor start in it: [0, 0]"
    ]


@pytest.mark.parametrize("lang", ["en", "ru", "zh"])
def test_cli_reach_json_does_not_crash(tmp_path: Path, lang: str) -> None:
    """`footfall reach SCENE --action shift --distance 3 --json` on `["^."]` answers, no crash."""
    scene = tmp_path / "s.json"
    scene.write_text(json.dumps({
        "footfall": 1, "system": "drawsteel", "map": ["^."],
        "creatures": [{"id": "a", "at": [0, 0], "size": "1M", "side": "party", "speed": 5}],
    }))  # fmt: skip
    result = invoke(["reach", str(scene), "--mover", "a", "--action", "shift", "--distance",
                     "3", "--json", "--lang", lang])  # fmt: skip
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert answer["squares"] == []
    assert answer["notes"][-1]["note"] == "shift-terrain"
