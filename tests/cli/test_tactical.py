"""CLI tests of ``footfall reach | path | check | scenes`` (exact output, exit codes)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from footfall.scene import list_samples, load_sample
from footfall.tactical import reachable
from helpers.cli import invoke

SCENE = {
    "footfall": 1,
    "system": "pf1e",
    "map": ["....", ".^#.", "...."],
    "creatures": [
        {"id": "valeros", "at": [0, 0], "size": "medium", "side": "party", "speed": 10},
        {"id": "goblin", "at": [3, 2], "size": "small", "side": "foes", "speed": 30},
        {"id": "statue", "at": [3, 0], "size": "medium", "side": "foes"},
    ],
}


@pytest.fixture
def scene_file(tmp_path: Path) -> str:
    """Write the small pf1e scene to a file and return its path."""
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(SCENE), encoding="utf-8")
    return str(path)


def run(*args: str) -> tuple[int, str]:
    result = invoke(list(args))
    return result.exit_code, result.output


def test_reach_picture(scene_file: str) -> None:
    """A 10-ft move: band digits where it may end, creatures (@, a-z, A-Z), X and Y rulers."""
    code, out = run("reach", scene_file, "--mover", "valeros")
    assert code == 0
    assert out.splitlines()[:5] == [
        "valeros, move: up to 10 ft",
        "  0 1 2 3",
        "0 @ 1 1 S ",
        "1 1 ^ # . ",
        "2 1 1 . G ",
    ]
    assert out.splitlines()[-1].startswith("5 squares where the movement may end")


def test_reach_json_is_the_library_answer(scene_file: str) -> None:
    """--json prints exactly `Reach.to_json` (SCENE.md shape)."""
    code, out = run("reach", scene_file, "--mover", "valeros", "--json")
    assert code == 0
    data = json.loads(out)
    from footfall.scene import load_scene

    assert data == reachable(load_scene(scene_file), "valeros").to_json("en")
    assert {"mover", "action", "budget", "unit", "squares"} <= set(data)
    assert data["squares"][0] == {"at": [1, 0], "cost": 5, "band": 1}


def test_path_json(scene_file: str) -> None:
    """path --json: found, cost, the path from the start (SCENE.md)."""
    code, out = run("path", scene_file, "--mover", "valeros", "--to", "0,2", "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["found"], data["cost"], data["path"]) == (True, 10, [[0, 0], [0, 1], [0, 2]])


def test_path_not_found_exits_zero(scene_file: str) -> None:
    """No path within the budget: found false, exit 0, a reason; walled in: no legal path."""
    code, out = run("path", scene_file, "--mover", "valeros", "--to", "2,2")
    assert code == 0
    assert "no path: the cheapest path to [2, 2] costs 15 ft" in out
    code, out = run("path", scene_file, "--mover", "valeros", "--to", "3,1")
    assert code == 0
    assert "no path: no legal path reaches this square" in out


def test_check_lists_violations(scene_file: str) -> None:
    """check --json: legal false, each violation with step, rule id and message."""
    code, out = run("check", scene_file, "--mover", "valeros", "--path", "1,0 2,1", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["legal"] is False
    assert [(v["step"], v["rule"]) for v in data["violations"]] == [(2, "wall")]


def test_check_terminal_text(scene_file: str) -> None:
    """check without --json: verdict, violations with rule ids, breakdown table."""
    code, out = run("check", scene_file, "--mover", "valeros", "--path", "1,1")
    assert code == 0
    assert "not legal: 15 ft" in out
    assert "✗ [budget] step 1: the movement costs 15 ft by [1, 1]" in out
    assert "diagonal into x2 terrain: counts as 2 diagonals" in out


def test_check_in_russian(scene_file: str) -> None:
    """--lang ru translates the messages (seed 000 terms)."""
    code, out = run("check", scene_file, "--mover", "valeros", "--path", "1,0 2,1", "--lang", "ru")
    assert code == 0
    assert "шаг 2: стена преграждает путь в [2, 1]" in out


def test_sample_scene_by_name() -> None:
    """SCENE may be a shipped sample name (`footfall scenes` lists them)."""
    name = list_samples()[0]
    mover = load_sample(name).creatures[0].id
    code, out = run("reach", name, "--mover", mover, "--json")
    assert code == 0
    assert json.loads(out)["mover"] == mover


def test_scenes_lists_samples() -> None:
    """`footfall scenes` prints every shipped sample with its system."""
    code, out = run("scenes")
    assert code == 0
    for name in list_samples():
        assert name in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mover", "nobody"], "unknown creature 'nobody' (known: valeros, goblin, statue)"),
        (["--mover", "valeros", "--action", "fly"], "unknown pf1e action 'fly' (known: move,"),
        (["--mover", "statue"], "mover 'statue' has no speed"),
        (["--mover", "valeros", "--distance", "-5"], "--distance must be 0 or more, got -5"),
        (["--mover", "valeros", "--switch", "nope"], "--switch 'nope' is not name=value"),
        (["--mover", "valeros", "--switch", "x=y"], "unknown pf1e rule switch 'x'"),
    ],
)
def test_reach_bad_input(scene_file: str, args: list[str], message: str) -> None:
    """Bad input: one line naming the bad value and the valid ones, exit 2."""
    code, out = run("reach", scene_file, *args)
    assert code == 2
    assert message in out
    assert len(out.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (["path", "--mover", "valeros", "--to", "9,9"], "--to [9, 9] is off the 4x3 map"),
        (["path", "--mover", "valeros", "--to", "1;1"], "--to '1;1' is not a square X,Y"),
        (["check", "--mover", "valeros", "--path", "1,0 x"], "--path square 'x' is not"),
        (["check", "--mover", "valeros", "--path", "1,0 1,-1"], "path square 2 [1, -1] is off"),
        (["check", "--mover", "valeros", "--path", "2,0"], "is not a neighbour of [0, 0]"),
    ],
)
def test_path_and_check_bad_input(scene_file: str, command: list[str], message: str) -> None:
    """A --to off the map, a malformed --path or one leaving the map: one line, exit 2."""
    code, out = run(command[0], scene_file, *command[1:])
    assert code == 2
    assert message in out


def test_unknown_scene_lists_samples() -> None:
    """An unknown SCENE that is no file names the sample scenes."""
    code, out = run("reach", "no-such-scene", "--mover", "x")
    assert code == 2
    assert "unknown sample scene 'no-such-scene'" in out


RULE_IDS = [
    "out-of-bounds",
    "wall",
    "impassable",
    "corner",
    "budget",
    "enemy-space",
    "occupied-end",
    "obstacle-end",
    "hampered-run",
    "straight-line",
    "ally-charge",
    "squeeze",
    "too-narrow",
    "shift-terrain",
    "speed-cap",
    "diagonal",
    "hampered",
    # footfall's extensions (docs/tactical.md): a charge under 10 ft, standing up mid-action.
    "charge-short",
    "stand-up",
]


@pytest.mark.parametrize("rule", RULE_IDS)
def test_every_rule_id_has_a_message(rule: str) -> None:
    """Every grid rule id of RULES.md has a message in en, ru and zh."""
    from footfall.i18n import catalog

    texts = catalog()[f"tactical.rule.{rule}"]
    assert set(texts) == {"en", "ru", "zh"} and all(texts.values())


def test_path_via_and_switch(scene_file: str) -> None:
    """--via waypoints and --switch reach the library; the JSON lists the waypoints."""
    code, out = run(
        "path", scene_file, "--mover", "valeros", "--to", "1,2", "--via", "0,1", "--json",
        "--switch", "hampered_diagonal=multiply",
    )  # fmt: skip
    data = json.loads(out)
    assert code == 0
    assert (data["via"], data["path"], data["cost"]) == ([[0, 1]], [[0, 0], [0, 1], [1, 2]], 10)


def test_wide_map_has_tens_ruler_and_large_mover_note() -> None:
    """Past 10 columns a tens row tops the units; a 2x2 mover's digits mark its top-left."""
    code, out = run("reach", "pf1e-ogre-bridge", "--mover", "ogre")
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == "                       1 1 1 1 1 1 1 1 1 1"
    assert lines[2] == "   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9"
    assert lines[3].startswith(" 0 . . . ") and lines[15].startswith("12 . . . ")
    assert lines[-1] == "a digit marks the top-left square of the mover's 2x2 space at that end"


def test_large_map_is_cropped_around_the_answer(tmp_path: Path) -> None:
    """A 300x300 scene draws only the part around the mover and path, and says which part."""
    big = dict(SCENE, map=["." * 300] * 300)
    big["creatures"] = [dict(SCENE["creatures"][0], at=[150, 150])]  # type: ignore[index]
    path = tmp_path / "big.json"
    path.write_text(json.dumps(big), encoding="utf-8")
    code, out = run("reach", str(path), "--mover", "valeros")
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == "map shown: x 146..154, y 146..154 of the 300x300 scene"
    assert lines[2:4] == ["    4 4 4 4 5 5 5 5 5", "    6 7 8 9 0 1 2 3 4"]
    assert lines[8] == "150 . . 1 1 @ 1 1 . . "
    assert len(lines) == 15
    code, out = run("path", str(path), "--mover", "valeros", "--to", "299,299", "--lang", "ru")
    assert code == 0
    assert "показана часть карты: x 120..179, y 130..169 из 300x300" in out


def test_long_breakdown_is_elided_in_the_terminal(scene_file: str) -> None:
    """A 60-step check shows steps 1-40, a line for the 10 hidden, then 51-60; --json has all."""
    there_and_back = " ".join(["1,0", "0,0"] * 30)
    code, out = run("check", scene_file, "--mover", "valeros", "--path", there_and_back)
    assert code == 0
    assert "10 more steps (--json lists every step)" in out
    rows = [line.split() for line in out.splitlines()]
    steps = [int(r[0]) for r in rows if len(r) >= 4 and r[0].isdigit() and "," in r[1]]
    assert steps == [*range(1, 41), *range(51, 61)]
    code, out = run("check", scene_file, "--mover", "valeros", "--path", there_and_back, "--json")
    assert len(json.loads(out)["breakdown"]) == 60


def test_band_key_unit_is_translated() -> None:
    """The band key names the unit in --lang (ru 'клеток', zh '尺'), not the JSON id."""
    code, out = run("reach", "drawsteel-burning-hall", "--mover", "fury", "--lang", "ru")
    assert code == 0 and "(≤ 5 клеток)" in out and "squares" not in out
    code, out = run("reach", "pf1e-ogre-bridge", "--mover", "valeros", "--lang", "zh")
    assert code == 0 and "一次移动 (≤ 30 尺)" in out


def test_band_key_count_agrees_in_russian() -> None:
    """A Russian band key agrees with its count: «≤ 1 клетка», «≤ 2 клетки» (shift 2)."""
    code, out = run("reach", "drawsteel-burning-hall", "--mover", "fury", "--action",
                    "disengage", "--lang", "ru")  # fmt: skip
    assert code == 0 and "отход (≤ 1 клетка)" in out
    code, out = run("reach", "drawsteel-burning-hall", "--mover", "fury", "--action", "shift",
                    "--distance", "2", "--lang", "ru")  # fmt: skip
    assert code == 0 and "смещение (≤ 2 клетки)" in out


# -- SCENE: a file or a sample name; squares (session 2 hostile-input fixes) ------------------


def test_scene_argument_file_or_sample(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A name that exists, holds a slash or ends in a scene extension is a file; else a sample."""
    from footfall.cli.tactical import load_scene_arg
    from footfall.errors import InputError
    from footfall.scene import dump_scene

    monkeypatch.chdir(tmp_path)
    sample = list_samples()[0]
    dump_scene(load_sample(list_samples()[1]), tmp_path / sample)  # a file named like a sample
    assert load_scene_arg(sample) == load_sample(list_samples()[1])
    (tmp_path / "room.map").mkdir()
    for name, says in [
        ("missing.json", "missing.json: no such scene file"),
        ("MISSING.TXT", "MISSING.TXT: no such scene file"),
        ("maps/nothing", "nothing: no such scene file"),
        ("room.map", "room.map: is a directory, not a scene file"),
        ("nosuch", "unknown sample scene 'nosuch' (known: " + ", ".join(list_samples())),
    ]:
        with pytest.raises(InputError) as info:
            load_scene_arg(name)
        assert says in str(info.value), (name, str(info.value))


def test_square_coordinates_of_many_digits() -> None:
    """--to/--path: up to 100 digits reach the map check; more are refused here, quoted short."""
    from footfall.cli.tactical import parse_square
    from footfall.errors import InputError

    assert parse_square("9" * 100 + ",-3", "--to") == (int("9" * 100), -3)
    with pytest.raises(InputError) as info:
        parse_square("1" + "0" * 5000 + ",0", "--to")
    message = str(info.value)
    assert message.startswith("--to '1000")
    assert message.endswith("(5003 characters): a coordinate of 5001 digits is off any map "
                            "(at most 100 digits)")  # fmt: skip
    assert len(message) < 200


def test_crawl_in_the_terminal(tmp_path: Path) -> None:
    """`footfall check` prints the crawl's prone modifiers, the stand-up and the crawl's
    provocation (seed 004 "AB-4,AC+4(远程),AC-4(近战)"; official: crawling provokes)."""
    scene = {
        "footfall": 1,
        "system": "pf1e",
        "map": ["..c.", "...."],
        "legend": {"c": {"flags": [], "height_ft": 2}},
        "creatures": [
            {"id": "valeros", "at": [0, 0], "size": "medium", "side": "party", "speed": 30},
            {"id": "goblin", "at": [3, 1], "size": "small", "side": "foes", "speed": 30},
        ],
    }
    path = tmp_path / "crawl.json"
    path.write_text(json.dumps(scene), encoding="utf-8")
    args = ["check", str(path), "--mover", "valeros", "--path", "1,0 2,0 3,0"]
    result = invoke([*args, "--action", "double-move"])
    assert result.exit_code == 0
    lines = [line.rstrip() for line in result.output.splitlines()]
    assert lines[4:] == [
        "not legal: 70 ft",
        "✗ [budget] step 3: the movement costs 70 ft by [3, 0], more than the 60 ft this action "
        "allows",
        "step  square  cost  total  why",
        "   1     1,0     5      5",
        "   2     2,0    30     35  a quarter of its height: prone crawl, one square per",
        "                           move (-4/-4); prone: AC +4 against ranged attacks; no",
        "                           ranged weapon but a crossbow",
        "   3     3,0    35     70  stands up from prone first: a move action (provokes)",
        "! step 2: crawling where goblin threatens provokes an attack of opportunity",
    ]


def test_long_chinese_labels_fold_instead_of_being_cut(tmp_path: Path) -> None:
    """A breakdown label without spaces (zh) folds onto the next line; nothing is cut to '…'."""
    scene = {
        "footfall": 1,
        "system": "dnd35",
        "map": ["....."],
        "creatures": [
            {"id": "cat", "at": [0, 0], "size": "tiny", "side": "party", "speed": 15},
            {"id": "rat", "at": [3, 0], "size": "tiny", "side": "foes", "speed": 15},
        ],
    }
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(scene), encoding="utf-8")
    args = ["check", str(path), "--mover", "cat", "--path", "1,0 2,0 3,0", "--lang", "zh"]
    result = invoke(args)
    assert result.exit_code == 0
    assert "…" not in result.output
    folded = "".join(line.strip() for line in result.output.splitlines()[-4:-1])
    assert folded.endswith("移动终点在其他生物的方格:超微型、微型或超小型生物可以(tiny_end=share)")
