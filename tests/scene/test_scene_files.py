"""Scene model: JSON parsing, validation messages, writing, the text map format (SCENE.md)."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.errors import InputError, LimitError, SceneError
from footfall.limits import LIMITS
from footfall.scene import (
    Creature,
    Flag,
    Scene,
    creature,
    dump_scene,
    footprint,
    load_scene,
    occupied_squares,
    parse_scene,
    parse_scene_text,
    parse_text_map,
    scene_to_json,
    scene_to_text,
    validate,
)
from helpers import strategies

#: The example scene of SCENE.md, verbatim.
SCENE_MD_EXAMPLE: dict[str, Any] = {
    "footfall": 1,
    "system": "pf1e",
    "map": ["..........", "..#^^.....", "..#^^..o..", "......__.."],
    "legend": {"*": ["difficult", "poor_visibility"], "n": {"flags": [], "width_ft": 2.5}},
    "walls": [{"from": [5, 0], "to": [5, 2]}],
    "creatures": [
        {
            "id": "valeros",
            "at": [0, 0],
            "size": "medium",
            "side": "party",
            "speed": 30,
            "armor": "medium",
        },
        {"id": "ogre", "at": [7, 0], "size": "large", "side": "foes", "speed": 40},
        {
            "id": "bat",
            "at": [9, 3],
            "size": "tiny",
            "side": "foes",
            "speed": 5,
            "fly": {"speed": 40, "maneuverability": "good"},
        },
    ],
}


def example(**changes: Any) -> dict[str, Any]:
    """Return a deep copy of the SCENE.md example with top-level keys replaced."""
    data = copy.deepcopy(SCENE_MD_EXAMPLE)
    data.update(changes)
    return data


def with_creatures(*creatures: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """Return the example scene with `creatures` as its only creatures."""
    return example(creatures=list(creatures), **changes)


def test_scene_md_example_parses() -> None:
    """The SCENE.md example parses into the documented values."""
    scene = parse_scene(SCENE_MD_EXAMPLE)
    assert (scene.system, scene.width, scene.height) == ("pf1e", 10, 4)
    assert scene.legend["*"].flags == {Flag.DIFFICULT, Flag.POOR_VISIBILITY}
    assert scene.legend["n"].width_ft == Fraction(5, 2)
    assert scene.legend["#"].flags == {Flag.WALL}
    assert scene.walls[0].start == (5, 0) and scene.walls[0].blocks
    ogre = creature(scene, "ogre")
    assert (ogre.at, ogre.size, ogre.speed) == ((7, 0), "large", 40)
    bat = creature(scene, "bat")
    assert bat.fly is not None and (bat.fly.speed, bat.fly.maneuverability) == (40, "good")


def test_round_trip_is_exact() -> None:
    """scene_to_json(parse_scene(d)) == d for the SCENE.md example (canonical form)."""
    assert scene_to_json(parse_scene(SCENE_MD_EXAMPLE)) == SCENE_MD_EXAMPLE


def test_round_trip_keeps_x_keys_and_fractions() -> None:
    """x-... keys at every level, fractional numbers, doors and options survive a round trip."""
    data = example(
        **{"x-vtt": {"id": 7}, "square": 1.5, "ceiling_ft": 20, "background": "map.png"},
        walls=[
            {"from": [0.5, "1/3"], "to": [2, 2], "door": "closed", "x-note": "gate"},
            {"from": [5, 0], "to": [5, 2], "door": "open"},
        ],
        legend={"n": {"flags": ["difficult"], "height_ft": 2.5, "x-c": 1}},
        creatures=[
            {
                "id": "bat",
                "at": [9, 3],
                "size": "tiny",
                "side": "foes",
                "speed": 5,
                "load": "heavy",
                "helpless": True,
                "fly": {"speed": 40, "maneuverability": "good", "x-f": True},
                "alt": 10,
                "x-token": "abc",
            }
        ],
    )
    scene = parse_scene(data)
    assert scene.square == Fraction(3, 2)
    assert scene.walls[0].start == (Fraction(1, 2), Fraction(1, 3))
    assert scene.extra == {"x-vtt": {"id": 7}}
    assert scene_to_json(scene) == data


def test_fractional_numbers_are_exact_fractions() -> None:
    """0.1 in JSON becomes Fraction(1, 10), not the binary float 0.1000000000000000055..."""
    scene = parse_scene(example(walls=[{"from": [0.1, 0], "to": [0.1, 3]}]))
    assert scene.walls[0].start[0] == Fraction(1, 10)


def test_dump_and_load(tmp_path: Path) -> None:
    """dump_scene writes JSON that load_scene reads back to an equal scene."""
    scene = parse_scene(SCENE_MD_EXAMPLE)
    path = tmp_path / "s.json"
    dump_scene(scene, path)
    assert load_scene(path) == scene
    assert json.loads(path.read_text(encoding="utf-8")) == SCENE_MD_EXAMPLE


def test_footprint_and_occupied_squares() -> None:
    """A large pf1e ogre fills 2x2 squares from its top-left corner (SCENE.md size table)."""
    scene = parse_scene(SCENE_MD_EXAMPLE)
    ogre = creature(scene, "ogre")
    assert footprint(scene, ogre) == 2
    assert occupied_squares(ogre, 2) == {(7, 0), (8, 0), (7, 1), (8, 1)}


def test_unknown_creature_lists_ids() -> None:
    """Looking up an unknown id raises InputError naming the known ids."""
    with pytest.raises(InputError, match=r"unknown creature 'orc' \(known: valeros, ogre, bat\)"):
        creature(parse_scene(SCENE_MD_EXAMPLE), "orc")


# -- validation errors: one test per message -------------------------------------------------

MEDIUM = {"size": "medium", "side": "party", "speed": 30}


@pytest.mark.parametrize(
    ("data", "pattern"),
    [
        (example(colour="red"), r"unknown key 'colour' \(known: footfall, system, map"),
        ({k: v for k, v in example().items() if k != "footfall"}, r"missing key 'footfall'"),
        (example(footfall=2), r"version footfall=2"),
        (example(system="gurps"), r"unknown system 'gurps' \(known: pf1e, dnd35, dh2e, drawsteel"),
        (example(map=[]), r"map: the map is empty"),
        (example(map=[""]), r"map: the map is empty"),
        (
            example(map=["...", "..", "..."]),
            r"map\[1\]: ragged rows: row 1 has 2 squares, row 0 has 3",
        ),
        (example(map=["...", "..Z"]), r"unknown legend character 'Z' at \[2, 1\] \(known: "),
        (
            example(legend={"*": ["difficlt"]}),
            r"legend\['\*'\]\[0\]: unknown flag 'difficlt' \(known: wall, ",
        ),
        (example(legend={"ab": []}), r"legend\['ab'\]: legend keys must be one"),
        (
            example(legend={"*": {"flags": [], "width": 2}}),
            r"unknown key 'width' \(known: flags, width_ft",
        ),
        (
            example(legend={"*": {"terrain": "mud"}}),
            r"terrain names are a dh2e table; system 'pf1e'",
        ),
        (example(legend={"*": {"width_ft": 0}}), r"width_ft: must be more than 0, got 0"),
        (
            with_creatures({"id": "a", "at": [10, 0], **MEDIUM}),
            r"'a'\): off the map: .* at \[10, 0\]",
        ),
        (
            with_creatures({"id": "o", "at": [9, 0], **MEDIUM, "size": "large"}),
            r"'o'\): off the map: a large creature at \[9, 0\] fills 2x2",
        ),
        (
            with_creatures({"id": "a", "at": [-1, 0], **MEDIUM}),
            r"off the map: a medium creature at \[-1, 0\]",
        ),
        (
            with_creatures({"id": "a", "at": [2, 1], **MEDIUM}),
            r"'a'\): stands in a wall square '#' at \[2, 1\]",
        ),
        (
            with_creatures({"id": "o", "at": [1, 0], **MEDIUM, "size": "large"}),
            r"'o'\): stands in a wall square '#' at \[2, 1\]",
        ),
        (
            example(
                legend={"x": {"impassable": True}},
                map=["x."],
                creatures=[{"id": "a", "at": [0, 0], **MEDIUM}],
            ),
            r"stands in an impassable square 'x' at \[0, 0\]",
        ),
        (
            with_creatures({"id": "a", "at": [6, 3], **MEDIUM}),
            r"stands over a pit '_' at \[6, 3\] and cannot fly",
        ),
        (
            with_creatures(
                {"id": "a", "at": [0, 0], **MEDIUM}, {"id": "b", "at": [0, 0], **MEDIUM}
            ),
            r"'b'\): overlaps 'a' at \[0, 0\] \(creatures share a square only when one of "
            r"them is helpless\)",
        ),
        (
            with_creatures(
                {"id": "a", "at": [0, 0], **MEDIUM}, {"id": "a", "at": [1, 0], **MEDIUM}
            ),
            r"duplicate id 'a' \(also creatures\[0\]\)",
        ),
        (
            with_creatures({"id": "a", "at": [0, 0], **MEDIUM, "size": "larj"}),
            r"unknown pf1e size 'larj' \(known: fine, .*colossal\)",
        ),
        (
            with_creatures({"id": "a", "at": [0, 0], **MEDIUM, "armor": "plate"}),
            r"unknown armor 'plate' \(known: none, light, medium, heavy\)",
        ),
        (
            with_creatures({"id": "a", "at": [0, 0], **MEDIUM, "load": "huge"}),
            r"unknown load 'huge' \(known: light, medium, heavy\)",
        ),
        (
            with_creatures(
                {
                    "id": "a",
                    "at": [0, 0],
                    **MEDIUM,
                    "fly": {"speed": 30, "maneuverability": "great"},
                }
            ),
            r"unknown maneuverability 'great' \(known: perfect, good, average, poor, clumsy\)",
        ),
        (
            with_creatures({"id": "a", "at": [0, 0], **MEDIUM, "speed": -5}),
            r"speed: must be at least 0, got -5",
        ),
        (
            with_creatures({"id": "a", "at": [0, 0], **MEDIUM, "speed": 7.5}),
            r"speed: expected a whole number, got 7.5",
        ),
        (
            with_creatures({"id": "a", "at": [0, 0], **MEDIUM, "speed": True}),
            r"speed: expected a number, got true",
        ),
        (
            with_creatures({"id": "a", "at": [0, 0], **MEDIUM, "fly": {"speed": 30}, "alt": 12}),
            r"alt: altitude is in 5-ft steps, got 12",
        ),
        (
            with_creatures({"id": "a", "at": [0, 0], **MEDIUM, "alt": 10}),
            r"only a flyer can be at altitude 10",
        ),
        (
            with_creatures(
                {"id": "a", "at": [0, 0], **MEDIUM, "fly": {"speed": 30}, "alt": 30}, ceiling_ft=20
            ),
            r"altitude 30 ft is above the ceiling \(20 ft\)",
        ),
        (
            with_creatures({"id": "a", "at": [0, 0], **MEDIUM, "agility_bonus": 3}),
            r"'agility_bonus' is for dh2e creatures; pf1e uses 'speed'",
        ),
        (
            with_creatures(
                {"id": "a", "at": [0, 0], "size": "medium", "side": "p", "speed": 3}, system="dh2e"
            ),
            r"dh2e creatures give 'agility_bonus'",
        ),
        (
            with_creatures({"id": "a", "at": [0, 0], **MEDIUM, "colour": "red"}),
            r"creatures\[0\] \('a'\): unknown key 'colour' \(known: id, at, size",
        ),
        (with_creatures({"id": "a", "at": [0, 0], "side": "p"}), r"a creature needs 'size'"),
        (
            example(walls=[{"from": [1, 1], "to": [1, 1]}]),
            r"walls\[0\]: a wall needs two different points",
        ),
        (
            example(walls=[{"from": [1, 1], "to": [1, 2], "door": "ajar"}]),
            r"unknown door 'ajar' \(known: open, closed\)",
        ),
        (example(walls=[{"from": [1, 1]}]), r"a wall needs 'from' and 'to' \(missing 'to'\)"),
        (
            example(walls=[{"from": [1, "x"], "to": [1, 2]}]),
            r"walls\[0\].from\[1\]: expected a number, got 'x'",
        ),
        (example(square=0), r"square: the side of a square is from 0.01 to 1000 .*, got 0$"),
        (example(square=1e-300), r"square: .* from 0.01 to 1000 .*, got 1e-300$"),
        (example(square=10**300), r"square: .* from 0.01 to 1000 .*, got 10+… \(301 digits\)"),
        (
            example(square="1002/1001"),
            r"square: .* denominator of at most 1000 .*, got '1002/1001'",
        ),
        (example(square=10**5000), r"square: a number of over 4300 digits is too long"),
        (example(ceiling_ft=12), r"ceiling_ft: the ceiling is in 5-ft steps, got 12"),
    ],
)
def test_validation_error_names_the_bad_value(data: dict[str, Any], pattern: str) -> None:
    """Each malformed scene raises one SceneError line naming the bad value."""
    with pytest.raises(SceneError, match=pattern) as info:
        parse_scene(data)
    assert "\n" not in str(info.value)


def test_map_over_the_limit_is_a_limit_error() -> None:
    """A map over the limits' squares raises LimitError naming its size and the limit."""
    with pytest.raises(LimitError, match=r"5x5 = 25 squares is over the limit of 20 squares"):
        parse_scene(example(map=["....."] * 5, creatures=[]), limits=LIMITS.tighter(squares=20))


def test_default_limit_is_four_million_squares() -> None:
    """The default limit refuses a 2001x2000 map before reading its rows."""
    with pytest.raises(LimitError, match="4002000 squares is over the limit of 4000000"):
        parse_scene(example(map=["." * 2001] * 2000, creatures=[]))


def test_helpless_creature_may_share_a_square() -> None:
    """pf1e: a creature may stand in a helpless creature's square (RULES.md 1.3, seed 004)."""
    scene = parse_scene(
        with_creatures(
            {"id": "a", "at": [0, 0], **MEDIUM, "helpless": True},
            {"id": "b", "at": [0, 0], **MEDIUM},
        )
    )
    assert len(scene.creatures) == 2


def test_drawsteel_sizes_two_apart_may_share() -> None:
    """Draw Steel: sizes two or more apart may share a space, one apart may not (seed 002)."""
    base = {"footfall": 1, "system": "drawsteel", "map": ["...."] * 4}
    small = {"id": "s", "at": [0, 0], "size": "1S", "side": "a", "speed": 5}
    big = {"id": "b", "at": [0, 0], "size": "2", "side": "b", "speed": 5}
    medium = {"id": "m", "at": [1, 1], "size": "1L", "side": "b", "speed": 5}
    assert len(parse_scene({**base, "creatures": [small, big]}).creatures) == 2
    with pytest.raises(SceneError, match=r"'m'\): overlaps 'b' at \[1, 1\] \(drawsteel"):
        parse_scene({**base, "creatures": [big, medium]})


def test_flyer_may_hover_over_a_pit() -> None:
    """A flyer may stand over a pit square; a walker may not."""
    scene = parse_scene(
        with_creatures({"id": "a", "at": [6, 3], **MEDIUM, "fly": {"speed": 60}, "alt": 10})
    )
    assert creature(scene, "a").fly is not None


def test_drawsteel_size_as_number() -> None:
    """A Draw Steel size written as a JSON number (2) reads as the size "2"."""
    scene = parse_scene(
        {
            "footfall": 1,
            "system": "drawsteel",
            "map": ["..", ".."],
            "creatures": [{"id": "a", "at": [0, 0], "size": 2, "side": "x", "speed": 5}],
        }
    )
    assert creature(scene, "a").size == "2" and footprint(scene, creature(scene, "a")) == 2


# -- the plain-text map format ----------------------------------------------------------------

TEXT_MAP = """\
# the SCENE.md example as a text map
system: pf1e
legend *: difficult poor_visibility
legend n: width_ft=2.5
wall: 5,0 5,2
creature valeros: at=0,0 size=medium side=party speed=30 armor=medium
creature ogre: mark=O size=large side=foes speed=40
creature bat: mark=b size=tiny side=foes speed=5 fly=40,good
map:
.......OO.
..#^^..OO.
..#^^..o..
......__.b
"""


def test_text_map_equals_json() -> None:
    """The text map of the SCENE.md example parses to the same scene as its JSON."""
    assert parse_text_map(TEXT_MAP) == parse_scene(SCENE_MD_EXAMPLE)


def test_load_scene_reads_text_by_extension_and_content(tmp_path: Path) -> None:
    """load_scene reads a .txt file as a text map, and sniffs JSON by its first character."""
    (tmp_path / "a.txt").write_text(TEXT_MAP, encoding="utf-8")
    (tmp_path / "b.scene").write_text(TEXT_MAP, encoding="utf-8")
    (tmp_path / "c.scene").write_text(json.dumps(SCENE_MD_EXAMPLE), encoding="utf-8")
    expected = parse_scene(SCENE_MD_EXAMPLE)
    assert load_scene(tmp_path / "a.txt") == expected
    assert load_scene(tmp_path / "b.scene") == expected
    assert load_scene(tmp_path / "c.scene") == expected


def test_text_map_mark_under_terrain() -> None:
    """on=^ puts difficult terrain under a creature's mark."""
    scene = parse_text_map("system: pf1e\ncreature a: mark=A size=medium side=p on=^\nmap:\n.A\n")
    assert scene.rows == (".^",) and creature(scene, "a").at == (1, 0)


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        (
            "system: pf1e\nmap:\n...\n..\n",
            r"line 4: ragged rows: map row 1 has 2 squares, row 0 has 3",
        ),
        ("system: pf1e\nmap:\n...\n.Q.\n", r"line 4: unknown map character 'Q' at \[1, 1\]"),
        ("system: pf1e\n...\n", r"line 2: expected 'key: value', got '...'"),
        ("system: pf1e\ncolour: red\nmap:\n.\n", r"line 2: unknown directive 'colour'"),
        ("system: pf1e\n", r"no 'map:' line"),
        ("system: pf1e\nmap:\n\n", r"line 2: the map is empty"),
        (
            "system: pf1e\ncreature a: size=medium side=p\nmap:\n.\n",
            r"line 2: creature 'a' needs at=X,Y or mark=L",
        ),
        (
            "system: pf1e\ncreature a: mark=A at=0,0 size=medium side=p\nmap:\nA\n",
            r"line 2: give at=X,Y or mark=L, not both",
        ),
        (
            "system: pf1e\ncreature a: mark=A size=medium side=p\nmap:\n.\n",
            r"line 2: mark 'A' of creature 'a' is not on the map",
        ),
        (
            "system: pf1e\ncreature o: mark=O size=large side=p\nmap:\nO.\n.O\n",
            r"line 2: mark 'O' of 'o' \(large, 2x2 squares\) must fill one 2x2 block",
        ),
        ("system: pf1e\nwall: 1 2\nmap:\n.\n", r"line 2: expected a point X,Y, got '1'"),
        (
            "system: pf1e\ncreature a: at=0,0 size=medium side=p speed\nmap:\n.\n",
            r"line 2: expected key=value, got 'speed'",
        ),
    ],
)
def test_text_map_errors_name_the_line(text: str, pattern: str) -> None:
    """Each malformed text map raises one SceneError line naming the line and bad value."""
    with pytest.raises(SceneError, match=pattern):
        parse_text_map(text)


def test_load_scene_missing_file(tmp_path: Path) -> None:
    """A missing file is a SceneError naming the path, not a traceback."""
    with pytest.raises(SceneError, match="no such scene file"):
        load_scene(tmp_path / "nope.json")


def test_load_scene_bad_json(tmp_path: Path) -> None:
    """Malformed JSON is a one-line SceneError naming the file."""
    path = tmp_path / "bad.json"
    path.write_text('{"footfall": 1,', encoding="utf-8")
    with pytest.raises(SceneError, match=r"bad.json: not valid JSON"):
        load_scene(path)


@pytest.mark.parametrize(
    ("content", "pattern"),
    [
        ("", r"^e.json: not valid JSON: the file is empty \(a JSON scene is one object"),
        ("  \n", r"^e.json: not valid JSON: the file is empty"),
        ("[1, 2]", r"^e.json: not a JSON object: a scene is one object \{...\}, got a JSON array$"),
        ('"map"', r"^e.json: not a JSON object: .*, got a JSON string$"),
        ("[" * 50_000 + "]" * 50_000, r"^e.json: not valid JSON: nested too deeply$"),
    ],
)
def test_a_json_file_is_read_as_json(tmp_path: Path, content: str, pattern: str) -> None:
    """A .json scene is JSON whatever it starts with: empty or not an object is said so."""
    path = tmp_path / "e.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SceneError, match=pattern):
        load_scene(path)


def test_devices_pipes_and_directories_are_refused_before_reading(tmp_path: Path) -> None:
    """A FIFO (st_size 0, reads forever) or a directory is one SceneError; nothing is read."""
    import os

    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)  # no writer: reading it would block this test forever
    with pytest.raises(SceneError, match=r"pipe.json: not a regular file \(a device, pipe"):
        load_scene(pipe)
    with pytest.raises(SceneError, match=r"d.txt: is a directory, not a scene file"):
        (tmp_path / "d.txt").mkdir()
        load_scene(tmp_path / "d.txt")


DIGITS = "1" + "0" * 5000  # over Python's 4300-digit limit of int(str)


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        (
            json.dumps(SCENE_MD_EXAMPLE).replace('"speed": 30', f'"speed": {DIGITS}'),
            r"^creatures\[0\] \('valeros'\).speed: a number of 5001 digits is too long \(at most "
            r"4300 digits\), got '1000+… \(5001 characters\)$",
        ),
        (
            json.dumps({**SCENE_MD_EXAMPLE, "x-big": [0, 1]}).replace("[0, 1]", f"[0, {DIGITS}]"),
            r"^x-big\[1\]: a number of 5001 digits is too long",
        ),
        (
            f"system: pf1e\ncreature a: at=0,0 size=medium side=x speed={DIGITS}\nmap:\n...\n",
            r"^creatures\[0\] \('a'\).speed: a number of 5001 digits is too long",
        ),
        (f"system: pf1e\nwall: 0,0 {DIGITS},1\nmap:\n...\n", r"^walls\[0\].to\[0\]: a number"),
        (f"footfall: {DIGITS}\nsystem: pf1e\nmap:\n...\n", r"footfall='1000+… \(5001 char"),
        ("footfall: \u00b2\nsystem: pf1e\nmap:\n...\n", r"version footfall='\u00b2'"),
    ],
)
def test_numbers_over_4300_digits_name_their_key(text: str, pattern: str) -> None:
    """A number Python's int() refuses (over 4300 digits) is one short SceneError naming it."""
    with pytest.raises(SceneError, match=pattern) as info:
        parse_scene_text(text)
    assert len(str(info.value)) < 300


def test_text_map_errors_quote_long_values_short() -> None:
    """A 100,000-character line comes back cut to 80 characters with its length said."""
    with pytest.raises(SceneError, match=r"got 'x{78}… \(100000 characters\) \(known: ") as info:
        parse_text_map("x" * 100_000 + "\nmap:\n...\n")
    assert len(str(info.value)) < 300


def test_scene_to_text_round_trips_the_example() -> None:
    """scene_to_text writes a text map that parse_text_map reads back to an equal scene."""
    scene = parse_scene(SCENE_MD_EXAMPLE)
    assert parse_text_map(scene_to_text(scene)) == scene


def test_validate_checks_a_scene_built_in_code() -> None:
    """validate() refuses a hand-built Scene with a creature off the map, like parse_scene."""
    scene = parse_scene(SCENE_MD_EXAMPLE)
    moved = Scene(
        scene.system, scene.rows, scene.legend, (), (Creature("z", (40, 0), "medium", "p"),)
    )
    with pytest.raises(SceneError, match=r"'z'\): off the map"):
        validate(moved)
    assert validate(scene) == scene


# -- properties: random scenes round-trip through JSON and the text format ---------------------


def canonical_sixth(n: int) -> int | float | str:
    """Write n/6 as canonical scene JSON does: int, exact decimal float, else "p/q"."""
    value = Fraction(n, 6)
    if value.denominator == 1:
        return int(value)
    return float(value) if value.denominator == 2 else f"{value.numerator}/{value.denominator}"


@st.composite
def scenes(draw: st.DrawFn) -> dict[str, Any]:
    """Draw a valid scene in canonical JSON: random terrain, walls, non-overlapping creatures."""
    system = draw(st.sampled_from(["pf1e", "drawsteel"]))
    width, height = draw(st.integers(2, 9)), draw(st.integers(2, 9))
    row = st.text(alphabet=".^%o!*", min_size=width, max_size=width)
    rows = draw(st.lists(row, min_size=height, max_size=height))
    data: dict[str, Any] = {"footfall": 1, "system": system, "map": rows}
    if "*" in "".join(rows) or draw(st.booleans()):
        data["legend"] = {
            "*": {"flags": ["difficult"], "width_ft": draw(st.sampled_from([2.5, 3, "5/3"]))}
        }
    coordinate = st.integers(0, 54).map(canonical_sixth)
    walls = draw(
        st.lists(
            st.fixed_dictionaries(
                {
                    "from": st.tuples(coordinate, coordinate).map(list),
                    "to": st.tuples(coordinate, coordinate).map(list),
                },
                optional={"door": strategies.doors()},
            ).filter(lambda w: w["from"] != w["to"]),
            max_size=3,
        )
    )
    if walls:
        data["walls"] = walls
    taken: set[tuple[int, int]] = set()
    creatures = []
    for i in range(draw(st.integers(0, 3))):
        size = draw(strategies.sizes(system, max_space=2))
        side = strategies.space(system, size)
        x, y = draw(st.integers(0, width - side)), draw(st.integers(0, height - side))
        space = {(x + dx, y + dy) for dx in range(side) for dy in range(side)}
        if space & taken:
            continue
        taken |= space
        c: dict[str, Any] = {
            "id": f"c{i}",
            "at": [x, y],
            "size": size,
            "side": draw(st.sampled_from(["a", "b"])),
            "speed": draw(st.sampled_from([5, 30])),
        }
        if draw(st.booleans()):
            c["fly"] = {"speed": 60, "maneuverability": draw(strategies.maneuverabilities(system))}
            c["alt"] = draw(st.sampled_from([0, 10]))
            if not c["alt"]:
                del c["alt"]
        if draw(st.booleans()):
            c["x-note"] = "n"
        creatures.append(c)
    if creatures:
        data["creatures"] = creatures
    return data


@settings(max_examples=60, deadline=None)
@given(scenes())
def test_random_scenes_round_trip_json(data: dict[str, Any]) -> None:
    """scene_to_json(parse_scene(d)) == d for random canonical scenes."""
    assert scene_to_json(parse_scene(data)) == data


@settings(max_examples=60, deadline=None)
@given(scenes())
def test_random_scenes_round_trip_text(data: dict[str, Any]) -> None:
    """parse_text_map(scene_to_text(s)) == s for random scenes."""
    scene = parse_scene(data)
    assert parse_text_map(scene_to_text(scene)) == scene


def test_text_map_mark_may_not_be_a_legend_character() -> None:
    """A mark equal to a default legend character ('o' = obstacle) is refused, naming it."""
    with pytest.raises(SceneError, match=r"line 2: mark 'o' is a legend character"):
        parse_text_map("system: pf1e\ncreature a: mark=o size=medium side=p\nmap:\no\n")


def test_load_scene_ignores_a_byte_order_mark(tmp_path: Path) -> None:
    """A JSON file saved with a UTF-8 byte-order mark still reads as JSON."""
    path = tmp_path / "bom.json"
    path.write_text("\ufeff" + json.dumps(SCENE_MD_EXAMPLE), encoding="utf-8")
    assert load_scene(path) == parse_scene(SCENE_MD_EXAMPLE)


def test_map_row_that_is_not_a_string() -> None:
    """A map row that is not a string is named, even as the first row."""
    with pytest.raises(SceneError, match=r"map\[0\]: rows must be strings, got 0"):
        parse_scene(example(map=[0]))


def test_text_map_unknown_flag_names_the_line() -> None:
    """An unknown flag in a text legend line is named with its line number."""
    with pytest.raises(SceneError, match=r"line 2: unknown flag 'muddy' for '\*' \(known: wall"):
        parse_text_map("system: pf1e\nlegend *: difficult muddy\nmap:\n*\n")


def test_too_many_walls_or_creatures() -> None:
    """More walls or creatures than the limits raise LimitError naming count and limit."""
    limits = LIMITS.tighter(walls=1, creatures=2)
    with pytest.raises(LimitError, match=r"walls: 2 walls is over the limit of 1"):
        parse_scene(example(walls=[{"from": [0, 0], "to": [1, 0]}] * 2), limits=limits)
    with pytest.raises(LimitError, match=r"creatures: 3 creatures is over the limit of 2"):
        parse_scene(example(), limits=limits)


def test_scene_file_over_the_size_limit(tmp_path: Path) -> None:
    """A scene file larger than the byte limit (`Limits.scene_bytes`) is refused unread."""
    path = tmp_path / "big.json"
    path.write_text(json.dumps(SCENE_MD_EXAMPLE), encoding="utf-8")
    with pytest.raises(LimitError, match=r"over the scene file limit of 10 bytes"):
        load_scene(path, limits=LIMITS.tighter(scene_bytes=10))


def test_fly_needs_a_speed() -> None:
    """A fly object without a speed is refused, naming the creature."""
    with pytest.raises(SceneError, match=r"\('a'\).fly: fly needs a 'speed'"):
        parse_scene(with_creatures({"id": "a", "at": [0, 0], **MEDIUM, "fly": {}}))


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(["", "x", "1/2", "medium", "large", "open", "difficult", "#", "..", "x-a"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                ["id", "at", "size", "side", "from", "to", "flags", "speed", "fly", "x-k", "?"]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["map", "legend", "walls", "creatures", "square", "ceiling_ft", "system"]),
    json_values,
)
def test_garbage_raises_only_scene_errors(key: str, value: Any) -> None:
    """Any value under any key either parses or raises a one-line SceneError (or LimitError for
    a value over a bound, such as a ceiling of 100001 ft), never a crash."""
    try:
        parse_scene(example(**{key: value}))
    except (SceneError, LimitError) as error:
        assert "\n" not in str(error)


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet="system: pf1ecreatu=,.#^o\nmap:aA0123", max_size=80))
def test_text_garbage_raises_only_scene_errors(text: str) -> None:
    """Any text either parses as a text map or raises a one-line SceneError, never a crash."""
    try:
        parse_text_map(text)
    except SceneError as error:
        assert "\n" not in str(error)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, len(TEXT_MAP)),
    st.integers(0, 6),
    st.text(alphabet=" :=,.#^oOb*\n-x1/", max_size=4),
)
def test_mutated_text_map_raises_only_scene_errors(at: int, cut: int, insert: str) -> None:
    """The example text map with a few characters cut or inserted parses or fails cleanly."""
    try:
        parse_text_map(TEXT_MAP[:at] + insert + TEXT_MAP[at + cut :])
    except SceneError as error:
        assert "\n" not in str(error)


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"speed": 10**29}, r"creatures\[0\] \('a'\)\.speed: 10{29} is over the limit of 100000"),
        (
            {"speed": 30, "fly": {"speed": 10**9, "maneuverability": "good"}},
            r"\.fly\.speed: 1000000000 is over the limit",
        ),
        (
            {"speed": 30, "alt": 10**9, "fly": {"speed": 60, "maneuverability": "good"}},
            r"\.alt: 1000000000 is over the limit of 100000",
        ),
    ],
)
def test_absurd_creature_numbers_raise_limit_error(patch: dict[str, Any], message: str) -> None:
    """Huge speeds and altitudes raise LimitError (they overflowed the search before)."""
    base = {"id": "a", "at": [0, 0], "size": "medium", "side": "party"}
    doc = {"footfall": 1, "system": "dnd35", "map": [".."], "creatures": [{**base, **patch}]}
    with pytest.raises(LimitError, match=message):
        parse_scene(doc)


def test_absurd_ceiling_raises_limit_error() -> None:
    """A ceiling of 10^10 ft raises LimitError."""
    with pytest.raises(LimitError, match="ceiling_ft: 10000000000 is over the limit of 100000"):
        parse_scene({"footfall": 1, "system": "dnd35", "map": [".."], "ceiling_ft": 10**10})


def test_deeply_nested_json_is_a_scene_error(tmp_path: Path) -> None:
    """JSON nested 100000 deep is refused in one line, not a RecursionError traceback."""
    path = tmp_path / "deep.json"
    path.write_text('{"map": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    with pytest.raises(SceneError, match=r"deep\.json: not valid JSON: nested too deeply"):
        load_scene(path)


@pytest.mark.parametrize(
    ("system", "patch", "where"),
    [
        ("pf1e", {"speed": 7}, "speed"),
        ("dnd35", {"speed": 32}, "speed"),
        ("dnd35", {"speed": 30, "fly": {"speed": 62, "maneuverability": "good"}}, "fly.speed"),
    ],
)
def test_d20_speeds_are_multiples_of_five(system: str, patch: dict[str, Any], where: str) -> None:
    """A pf1e / dnd35 speed of 7 ft is refused (it was floored to 5 ft without a word)."""
    base = {"id": "a", "at": [0, 0], "size": "medium", "side": "party"}
    doc = {"footfall": 1, "system": system, "map": [".."], "creatures": [{**base, **patch}]}
    with pytest.raises(SceneError, match=rf"\.{where}: a {system} speed is a multiple of 5 ft"):
        parse_scene(doc)


# -- typed vocabulary, read-only records, limits and errors as data (issue 11) -----------------


def test_vocabularies_are_parsed_into_enums() -> None:
    """Sizes, armor, load, maneuverability and doors are enum members equal to their words."""
    from footfall.rules import Armor, Load, Maneuverability, Size, SteelSize
    from footfall.scene import Door

    data = example(walls=[{"from": [5, 0], "to": [5, 2], "door": "closed"}])
    scene = parse_scene(data)
    valeros, bat = creature(scene, "valeros"), creature(scene, "bat")
    assert valeros.size is Size.MEDIUM and valeros.size == "medium"
    assert (valeros.armor, valeros.load) == (Armor.MEDIUM, Load.LIGHT)
    assert bat.fly is not None and bat.fly.maneuverability is Maneuverability.GOOD
    assert scene.walls[0].door is Door.CLOSED and type(valeros.side) is str
    steel = {"footfall": 1, "system": "drawsteel", "map": [".."] * 2}
    big = {"id": "b", "at": [0, 0], "size": 2, "side": "x", "speed": 5}
    assert parse_scene({**steel, "creatures": [big]}).creatures[0].size is SteelSize.TWO
    heresy = {"footfall": 1, "system": "dh2e", "map": [".."]}
    human = {"id": "h", "at": [0, 0], "size": "medium", "side": "x", "agility_bonus": 3}
    assert parse_scene({**heresy, "creatures": [human]}).creatures[0].size is Size.MEDIUM
    assert (
        scene_to_json(scene) == data and type(scene_to_json(scene)["creatures"][0]["size"]) is str
    )


def test_records_built_in_code_get_the_members() -> None:
    """A Creature given words gets the members; a word of no vocabulary is left for validate."""
    from footfall.rules import Armor, Size

    made = Creature("z", (0, 0), "large", "p", armor="heavy")
    assert made.size is Size.LARGE and made.armor is Armor.HEAVY
    scene = parse_scene(SCENE_MD_EXAMPLE)
    odd = Creature("z", (0, 0), "huge2", "p")
    assert odd.size == "huge2"
    with pytest.raises(SceneError, match=r"\('z'\)\.size: unknown pf1e size 'huge2'"):
        validate(Scene(scene.system, scene.rows, scene.legend, (), (odd,)))


def test_records_hold_read_only_mappings() -> None:
    """legend and extra are read-only; replace, pickle and deepcopy keep the scene equal."""
    import dataclasses
    import pickle
    from types import MappingProxyType

    scene = parse_scene(example(**{"x-vtt": {"id": 7}}))
    assert isinstance(scene.legend, MappingProxyType) and isinstance(scene.extra, MappingProxyType)
    with pytest.raises(TypeError):
        scene.legend["*"] = scene.legend["."]
    made = Creature("z", (0, 0), "medium", "p", extra={"x-a": 1})
    assert isinstance(made.extra, MappingProxyType)
    moved = dataclasses.replace(scene, background="map.png")
    assert moved.legend is scene.legend and hash(moved) != hash(scene)
    for copied in (pickle.loads(pickle.dumps(scene)), copy.deepcopy(scene)):
        assert copied == scene and hash(copied) == hash(scene)
        assert isinstance(copied.legend, MappingProxyType)
        assert scene_to_json(copied) == scene_to_json(scene)


def test_every_reader_takes_limits(tmp_path: Path) -> None:
    """parse_text_map, parse_scene_text, load_scene and validate obey the limits they are given."""
    small = LIMITS.tighter(squares=4)
    path = tmp_path / "s.txt"
    path.write_text(TEXT_MAP, encoding="utf-8")
    scene = load_scene(path)
    for read in (
        lambda: parse_text_map(TEXT_MAP, limits=small),
        lambda: parse_scene_text(TEXT_MAP, limits=small),
        lambda: parse_scene_text(json.dumps(SCENE_MD_EXAMPLE), limits=small),
        lambda: load_scene(path, limits=small),
        lambda: validate(scene, limits=small),
    ):
        with pytest.raises(LimitError, match="40 squares is over the limit of 4 squares"):
            read()


def test_scene_errors_are_data(tmp_path: Path) -> None:
    """An error carries its catalog key, the bad value, the valid ones and where it sits."""
    from footfall.scene.model import ARMORS
    from footfall.scene.values import Where

    bad = with_creatures({"id": "a", "at": [0, 0], **MEDIUM, "armor": "plate"})
    with pytest.raises(SceneError) as info:
        parse_scene(bad)
    error = info.value
    assert (error.key, error.value, error.valid) == ("error.scene.unknown", "plate", ARMORS)
    assert error.fields["where"] == Where("creatures[0] ('a').armor")
    path = tmp_path / "e.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(SceneError) as info:
        load_scene(path)
    assert info.value.fields["where"] == Where("creatures[0] ('a').armor", "e.json")
    assert str(info.value) == (
        "e.json: creatures[0] ('a').armor: unknown armor 'plate' (known: none, light, medium, "
        "heavy)"
    )
