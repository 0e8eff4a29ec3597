"""Universal VTT import: walls and doors in grid units, background image, overlay, bad files."""

from __future__ import annotations

import base64
import io
import json
from fractions import Fraction
from pathlib import Path

import pytest
from PIL import Image

from footfall.errors import InputError, LimitError
from footfall.imports import import_map, read_terrain, read_uvtt
from footfall.scene import Flag, Wall, parse_scene, scene_to_json
from footfall.tactical import views
from helpers.uvtt import PPG, pt, uvtt_bytes, uvtt_doc


def test_walls_are_segments_in_grid_units_from_the_origin() -> None:
    """Each consecutive pair of polyline points is a wall, shifted by `map_origin`."""
    result = read_uvtt(uvtt_bytes(), system="pf1e")
    walls = {(w.start, w.end): w.door for w in result.scene.walls}
    assert walls[((Fraction(3), Fraction(0)), (Fraction(3), Fraction(1)))] is None
    assert walls[((Fraction(3), Fraction(2)), (Fraction(3), Fraction(4)))] is None
    diagonal = ((Fraction(1, 2), Fraction(5, 2)), (Fraction(3, 2), Fraction(7, 2)))
    assert walls[diagonal] is None
    assert all(isinstance(c, Fraction) for w in result.scene.walls for c in (*w.start, *w.end))


def test_portals_become_doors_with_their_state() -> None:
    """A closed portal is a closed door; an open one (not Dungeondraft) an open door."""
    doc = uvtt_doc()
    doc["portals"][1]["closed"] = False
    result = read_uvtt(json.dumps(doc), system="pf1e", name="crypt.uvtt")
    doors = [w for w in result.scene.walls if w.door is not None]
    assert doors == [
        Wall((Fraction(3), Fraction(1)), (Fraction(3), Fraction(2)), "closed"),
        Wall((Fraction(5), Fraction(2)), (Fraction(6), Fraction(2)), "open"),
    ]
    assert [d.blocks for d in doors] == [True, False]
    assert (
        "1 portal(s) marked closed: false imported as open doors; a Dungeondraft export uses "
        "that flag for windows (import it as .dd2vtt to read it so)" in result.warnings
    )


def test_map_is_open_ground_of_map_size() -> None:
    """Terrain is not in the format: the scene is map_size squares of open ground."""
    scene = read_uvtt(uvtt_bytes(), system="dnd35").scene
    assert scene.rows == ("......",) * 4
    assert (scene.width, scene.height) == (6, 4)
    assert scene.system == "dnd35"


def test_polyline_of_several_points_gives_one_wall_per_pair() -> None:
    """A 4-point polyline (a room corner run) gives 3 walls; a repeated point is skipped."""
    line = [pt(0, 0), pt(2, 0), pt(2, 0), pt(2, 3), pt(0, 3)]
    result = read_uvtt(
        uvtt_bytes(
            resolution={"map_origin": pt(0, 0), "map_size": pt(4, 4), "pixels_per_grid": 10},
            line_of_sight=[line],
            objects_line_of_sight=[],
            portals=[],
        ),
        system="pf1e",
    )
    assert [(w.start, w.end) for w in result.scene.walls] == [
        ((0, 0), (2, 0)),
        ((2, 0), (2, 3)),
        ((2, 3), (0, 3)),
    ]
    assert any("zero-length" in w for w in result.warnings)


def test_background_image_is_kept_and_can_be_embedded() -> None:
    """The base64 image comes back as PNG bytes; `embedded()` puts a data URL in the scene."""
    result = read_uvtt(uvtt_bytes(), system="pf1e")
    assert result.background is not None
    assert result.background.media_type == "image/png"
    assert result.background.extension == "png"
    with Image.open(io.BytesIO(result.background.data)) as image:
        assert image.size == (60, 40)
    assert result.scene.background is None
    embedded = result.embedded().scene
    assert embedded.background is not None
    assert embedded.background.startswith("data:image/png;base64,")
    assert result.with_background("map.png").scene.background == "map.png"


def test_webp_image_is_recognised() -> None:
    """A WebP export keeps its media type and extension."""
    buffer = io.BytesIO()
    Image.new("RGB", (60, 40), (1, 2, 3)).save(buffer, format="WEBP")
    image = base64.b64encode(buffer.getvalue()).decode("ascii")
    result = read_uvtt(uvtt_bytes(image=image), system="pf1e")
    assert result.background is not None
    assert result.background.extension == "webp"


def test_unsupported_parts_are_warned_about() -> None:
    """Lights and environment are named in the warnings, not dropped silently."""
    warnings = read_uvtt(uvtt_bytes(extra_layer=[1]), system="pf1e").warnings
    assert "1 light(s) not imported (footfall does not model light)" in warnings
    assert "environment (ambient light, baked lighting) not imported" in warnings
    assert "unknown part 'extra_layer' not imported" in warnings


def test_imported_scene_round_trips_through_the_scene_format() -> None:
    """The imported scene is a valid SCENE.md scene: JSON out and back gives the same scene."""
    result = read_uvtt(uvtt_bytes(), system="pf1e").with_background("map.png")
    data = json.loads(json.dumps(scene_to_json(result.scene)))
    again = parse_scene(data)
    assert again.walls == result.scene.walls
    assert again.rows == result.scene.rows
    assert again.background == "map.png"


def test_terrain_overlay_merges_in() -> None:
    """Overlay characters replace open ground; '.' keeps what is there."""
    overlay = read_terrain("......\n.^^...\n...#..\n......\n")
    scene = read_uvtt(uvtt_bytes(), system="pf1e", terrain=overlay).scene
    assert scene.rows == ("......", ".^^...", "...#..", "......")
    assert scene.legend["^"].flags == {Flag.DIFFICULT}


def test_terrain_overlay_of_wrong_size_is_an_error() -> None:
    """An overlay whose size differs from map_size is refused with both sizes named."""
    with pytest.raises(InputError) as caught:
        read_uvtt(uvtt_bytes(), system="pf1e", terrain=["....", "...."])
    assert str(caught.value) == (
        "terrain overlay is 4x2 squares, the map is 6x4 "
        "(give one character per square, one line per row)"
    )


def test_terrain_overlay_with_unknown_character_is_an_error() -> None:
    """An overlay character outside the default legend is named with the known ones."""
    with pytest.raises(InputError, match=r"unknown character 'Z' at \[1, 0\]"):
        read_uvtt(uvtt_bytes(), system="pf1e", terrain=[".Z....", *["......"] * 3])


def test_import_map_reads_a_dd2vtt_file(tmp_path: Path) -> None:
    """`import_map` picks the Universal VTT reader by extension and reads the overlay file."""
    path = tmp_path / "crypt.dd2vtt"
    path.write_bytes(uvtt_bytes())
    overlay = tmp_path / "crypt.txt"
    overlay.write_text("^.....\n......\n......\n.....%\n", encoding="utf-8")
    result = import_map(path, system="pf1e", terrain=overlay)
    assert result.scene.rows[0] == "^....."
    assert result.scene.rows[3] == ".....%"
    assert len(result.scene.walls) == 5


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"format": 0.3, "resolution": ', "Universal VTT file: not valid JSON: Expecting value"),
        (
            json.dumps({"format": 0.3, "line_of_sight": []}).encode(),
            "Universal VTT file: missing 'resolution' (map_origin, map_size, pixels_per_grid)",
        ),
        (
            uvtt_bytes(line_of_sight=[[pt(1, 1)]]),
            "Universal VTT file: line_of_sight[0]: a wall polyline needs at least 2 points, got 1",
        ),
        (
            uvtt_bytes(portals=[{"bounds": [pt(1, 1)], "closed": True}]),
            "Universal VTT file: portals[0].bounds: a door needs 2 points, got 1",
        ),
        (
            uvtt_bytes(line_of_sight=[[pt(1, 1), {"x": "a", "y": 2}]]),
            'Universal VTT file: line_of_sight[0][1].x: expected a number, got "a"',
        ),
        (uvtt_bytes(image="aGVsbG8="), "Universal VTT file: 'image' is not a PNG"),
    ],
    ids=["bad-json", "no-resolution", "one-point", "one-point-door", "bad-number", "bad-image"],
)
def test_malformed_files_give_one_line_errors(data: bytes, message: str) -> None:
    """Bad JSON, a missing resolution, a one-point polyline... -> one line naming the problem."""
    with pytest.raises(InputError) as caught:
        read_uvtt(data, system="pf1e")
    text = str(caught.value)
    assert "\n" not in text
    assert text.startswith(message)


def test_huge_map_size_is_a_limit_error() -> None:
    """A map_size over 1000x1000 squares raises LimitError before anything is allocated."""
    resolution = {"map_origin": pt(0, 0), "map_size": pt(5000, 4000), "pixels_per_grid": 1}
    with pytest.raises(LimitError) as caught:
        read_uvtt(uvtt_bytes(resolution=resolution), system="pf1e")
    assert str(caught.value) == (
        "Universal VTT file: resolution.map_size: 5000x4000 = 20000000 squares is over the "
        "import limit of 1000000 squares (1000x1000)"
    )


def test_unknown_system_is_refused() -> None:
    """`import_map` names the known systems for a misspelt one."""
    with pytest.raises(InputError, match="unknown system 'pf2e' \\(known: pf1e, dnd35"):
        import_map(uvtt_bytes(), system="pf2e")


def test_imported_reach_equals_a_hand_built_scene() -> None:
    """The imported crypt gives the same reach as the same room typed in by hand (SCENE.md)."""
    imported = read_uvtt(uvtt_bytes(), system="pf1e").scene
    mover = {"id": "val", "at": [1, 1], "size": "medium", "side": "party", "speed": 30}
    data = scene_to_json(imported)
    data["creatures"] = [mover]
    by_hand = {
        "footfall": 1,
        "system": "pf1e",
        "map": ["......"] * 4,
        "walls": [
            {"from": [3, 0], "to": [3, 1]},
            {"from": [3, 1], "to": [3, 2], "door": "closed"},
            {"from": [3, 2], "to": [3, 4]},
            {"from": [0.5, 2.5], "to": [1.5, 3.5]},
            {"from": [5, 2], "to": [6, 2], "door": "open"},
        ],
        "creatures": [mover],
    }
    for action in ("move", "double-move"):
        got = views.reachable(parse_scene(data), "val", action).to_json()
        want = views.reachable(parse_scene(by_hand), "val", action).to_json()
        assert got["squares"] == want["squares"]
    # The closed door keeps the mover in the west room. The diagonal wall starts and ends on
    # the centres of (0, 2) and (1, 3), so every step into them touches it, and it cuts (0, 3)
    # off: the centre-to-centre rule of SCENE.md.
    reached = {tuple(s["at"]) for s in got["squares"]}
    assert reached == {(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (1, 2), (2, 2), (2, 3)}


def test_opening_the_imported_door_opens_the_east_room() -> None:
    """The same file with its portal open lets the mover through the door (x=3, y=1..2)."""
    doc = uvtt_doc()
    doc["portals"][0]["closed"] = False
    data = scene_to_json(read_uvtt(json.dumps(doc), system="pf1e").scene)
    data["creatures"] = [
        {"id": "val", "at": [1, 1], "size": "medium", "side": "party", "speed": 30}
    ]
    reached = {
        tuple(s["at"]) for s in views.reachable(parse_scene(data), "val").to_json()["squares"]
    }
    assert (3, 1) in reached and (5, 1) in reached


def test_wall_drawn_across_a_doorway_is_cut_at_the_door() -> None:
    """A wall running straight through a portal keeps only its parts beside the door."""
    line = [[pt(10 + 3, 20 + 0), pt(10 + 3, 20 + 4)]]  # all of x=3; the door y=1..2 lies on it
    result = read_uvtt(uvtt_bytes(line_of_sight=line, objects_line_of_sight=[]), system="pf1e")
    plain = sorted((w.start, w.end) for w in result.scene.walls if w.door is None)
    assert plain == [((3, 0), (3, 1)), ((3, 2), (3, 4))]
    assert "1 wall segment(s) drawn across a doorway cut at the door" in result.warnings


def test_walls_not_along_a_door_are_left_whole() -> None:
    """Walls crossing a door's line, or parallel beside it, are not cut."""
    lines = [[pt(10 + 2, 20 + 1.5), pt(10 + 4, 20 + 1.5)], [pt(10 + 2.5, 20), pt(10 + 2.5, 24)]]
    result = read_uvtt(uvtt_bytes(line_of_sight=lines, objects_line_of_sight=[]), system="pf1e")
    plain = sorted((w.start, w.end) for w in result.scene.walls if w.door is None)
    assert plain == [
        ((Fraction(2), Fraction(3, 2)), (Fraction(4), Fraction(3, 2))),
        ((Fraction(5, 2), Fraction(0)), (Fraction(5, 2), Fraction(4))),
    ]
    assert not any("doorway" in w for w in result.warnings)


def test_warnings_read_in_russian_and_chinese() -> None:
    """Each Universal VTT warning has Russian and Chinese text (the catalog maps.warn.*)."""
    doc = uvtt_doc(extra_layer=[1], line_of_sight=[[pt(13, 20), pt(13, 24), pt(13, 24)]])
    del doc["format"]
    result = read_uvtt(json.dumps(doc), system="pf1e")
    assert len(result.warnings) == 6
    for lang in ("ru", "zh"):
        pairs = zip(result.messages(lang), result.warnings, strict=True)
        assert all(text and text != english for text, english in pairs)
    assert "не импортировано источников света: 1 (footfall не моделирует освещение)" in (
        result.messages("ru")
    )
    assert "1 个光源未导入(footfall 不模拟光照)" in result.messages("zh")


def test_float_noise_of_an_editor_is_snapped_to_the_pixel() -> None:
    """Points a float32 hair off a pixel (a rotated portal) are snapped: the door still opens.

    Dungeondraft computes a door's ends from its centre and rotation in float32, so a door on
    x = 3 comes out at x = 3.0000000437 and 2.9999999563; footfall reads points to the nearest
    pixel when they are within 1/100 pixel of it (Foundry keeps wall ends in whole pixels).
    """
    line = [[pt(10 + 3, 20 + 0), pt(10 + 3, 20 + 4)]]  # the room's wall straight through
    door = {
        "position": pt(10 + 3, 20 + 1.5),
        "bounds": [pt(10 + 3.0000000437, 20 + 1), pt(10 + 2.9999999563, 20 + 2.0000000437)],
        "rotation": 1.5707963705062866,
        "closed": False,
        "freestanding": False,
    }
    result = read_uvtt(
        uvtt_bytes(line_of_sight=line, objects_line_of_sight=[], portals=[door]), system="pf1e"
    )
    assert sorted((w.start, w.end, w.door) for w in result.scene.walls) == [
        ((3, 0), (3, 1), None),
        ((3, 1), (3, 2), "open"),
        ((3, 2), (3, 4), None),
    ]
    # A quarter square at 10 pixels per square is 2.5 pixels, not float noise: kept exact.
    quarter = [[pt(10 + 1.25, 20 + 1), pt(10 + 1.25, 20 + 2)]]
    walls = read_uvtt(uvtt_bytes(line_of_sight=quarter, portals=[]), system="pf1e").scene.walls
    assert ((Fraction(5, 4), Fraction(1)), (Fraction(5, 4), Fraction(2))) in [
        (w.start, w.end) for w in walls
    ]


def test_astronomic_map_size_is_named_short() -> None:
    """A map_size of 1e308 squares is refused in one short line, not a 600-digit number."""
    resolution = {"map_origin": pt(0, 0), "map_size": pt(1e308, 1e308), "pixels_per_grid": 70}
    with pytest.raises(LimitError) as caught:
        read_uvtt(uvtt_bytes(resolution=resolution), system="pf1e")
    assert str(caught.value) == (
        "Universal VTT file: resolution.map_size: 1e+308x1e+308 = 1e+616 squares is over the "
        "import limit of 1000000 squares (1000x1000)"
    )


def test_many_doors_on_one_line_are_cut_in_near_linear_time() -> None:
    """1500 doors and 1500 walls on one line: cut exactly, and fast (it used to be n x m)."""
    import signal

    n = 1500
    walls = [[pt(0, 1), pt(n, 1)]] + [[pt(i, 1), pt(i + 0.75, 1)] for i in range(n)]
    doors = [{"bounds": [pt(i + 0.25, 1), pt(i + 0.5, 1)], "closed": i % 2 == 0} for i in range(n)]
    doc = uvtt_doc(
        resolution={"map_origin": pt(0, 0), "map_size": pt(n, 2), "pixels_per_grid": 4},
        line_of_sight=walls,
        objects_line_of_sight=[],
        portals=doors,
    )

    def too_slow(signum: int, frame: object) -> None:
        raise TimeoutError("cutting walls at 1500 doors took over 20 s")

    previous = signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(20)
    try:
        scene = read_uvtt(json.dumps(doc).encode(), system="pf1e").scene
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    plain = sorted((w.start, w.end) for w in scene.walls if w.door is None)
    # The long wall keeps [0, 1/4], [i + 1/2, i + 5/4] and [n - 1/2, n]; each short one
    # [i, i + 1/4] and [i + 1/2, i + 3/4]; repeats stay (dedupe works on whole input segments).
    assert len(plain) == (n + 1) + 2 * n
    assert ((Fraction(1, 2), 1), (Fraction(5, 4), 1)) in plain
    assert ((0, 1), (Fraction(1, 4), 1)) in plain
    assert not any(s[0] < Fraction(1, 2) < e[0] and s[1] == 1 for s, e in plain)


def test_a_parsed_dict_with_float_numbers_imports_like_the_file() -> None:
    """read_uvtt(json.load(f)) (Python floats, format 0.3) gives the scene the bytes give."""
    doc = uvtt_doc()
    assert isinstance(doc["format"], float)
    from_dict = read_uvtt(doc, system="pf1e")
    from_bytes = read_uvtt(uvtt_bytes(), system="pf1e")
    assert from_dict.scene == from_bytes.scene
    assert from_dict.warnings == from_bytes.warnings


def test_fractional_map_size_keeps_the_pictures_extent() -> None:
    """map_size 5.5 x 4 gives 6 columns, and the picture covers 5.5 of them (not stretched)."""
    resolution = {"map_origin": pt(10, 20), "map_size": pt(5.5, 4), "pixels_per_grid": PPG}
    scene = read_uvtt(uvtt_bytes(resolution=resolution), system="pf1e").scene
    assert scene.width == 6
    assert scene.extra["x-import"]["extent"] == ["11/2", "4"]
    whole = read_uvtt(uvtt_bytes(), system="pf1e").scene
    assert "extent" not in whole.extra["x-import"]


def test_errors_name_the_parameter_and_the_limits_are_the_callers() -> None:
    """An unknown format names the `fmt` parameter; a caller's tighter limits are applied."""
    from footfall.errors import Param
    from footfall.limits import LIMITS

    with pytest.raises(InputError) as caught:
        import_map(b"[]", system="pf1e")
    assert caught.value.param == Param("fmt")
    assert str(caught.value).endswith("give fmt uvtt|foundry")
    tight = LIMITS.tighter(import_squares=9)
    with pytest.raises(LimitError, match=r"6x4 = 24 squares is over the import limit of 9 "):
        import_map(uvtt_bytes(), system="pf1e", limits=tight)
    with pytest.raises(LimitError, match="5 wall segments is over the import limit of 4"):
        read_uvtt(uvtt_doc(), system="pf1e", limits=LIMITS.tighter(import_walls=4))


def test_the_conventions_cover_every_family_and_unit() -> None:
    """conventions.toml has one row per rule family and per unit, with sizes of the systems."""
    from footfall.imports import default_size
    from footfall.imports._conventions import conventions
    from footfall.rules import SYSTEM_IDS, Family, Unit, load_system
    from footfall.scene import size_table

    data = conventions()
    assert set(data.families) == set(Family) and set(data.units) == set(Unit)
    for system in SYSTEM_IDS:
        family = data.family(load_system(system).family)
        assert {family.half_square, family.one_square} <= set(size_table(system))
        assert default_size(system) == family.one_square
