"""Foundry VTT scene import: grid and padding, walls and doors, tokens, regions, terrain flags."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.errors import InputError, LimitError
from footfall.imports import import_map, read_foundry
from footfall.limits import LIMITS
from footfall.scene import Flag, Wall, parse_scene, scene_to_json
from footfall.tactical import views
from helpers.foundry import (
    PAD_X,
    PAD_Y,
    SIZE,
    cost_region,
    foundry_doc,
    px,
    rect_shape,
    token,
    wall,
)


def read(system: str = "pf1e", **overrides: Any) -> Any:
    return read_foundry(json.dumps(foundry_doc(**overrides)).encode(), system=system)


def test_padding_offset_puts_the_scene_at_square_zero() -> None:
    """Walls are in grid units measured from the scene's top-left, after Foundry's padding."""
    scene = read().scene
    assert (scene.width, scene.height) == (16, 12)
    assert scene.walls[0] == Wall((Fraction(3), Fraction(0)), (Fraction(3), Fraction(2)))
    assert Wall((Fraction(0), Fraction(8)), (Fraction(2), Fraction(10))) in scene.walls


def test_doors_keep_their_state_and_locked_doors_are_closed() -> None:
    """ds 0 closed, 1 open, 2 locked (closed); a secret door is a door too."""
    doors = [(w.start[1], w.door) for w in read().scene.walls if w.door is not None]
    assert doors == [(2, "closed"), (3, "open"), (4, "closed"), (5, "closed")]


def test_walls_that_do_not_restrict_movement_are_skipped_with_a_warning() -> None:
    """move 0 (none) walls are left out and counted; one-way walls block both ways."""
    result = read()
    assert not any(w.start[0] == 5 for w in result.scene.walls)
    assert "1 wall(s) that do not restrict movement (move: none) skipped" in result.warnings
    assert "1 one-way wall(s) imported as blocking both ways" in result.warnings


def test_tokens_become_creatures_by_size_and_disposition() -> None:
    """Token width -> pf1e size; disposition 1/0/-1/-2 -> friendly/neutral/hostile/secret."""
    scene = read().scene
    got = [(c.id, c.at, c.size, c.side) for c in scene.creatures]
    assert got == [
        ("imp", (0, 0), "tiny", "friendly"),
        ("valeros", (1, 0), "medium", "friendly"),
        ("merchant", (0, 2), "medium", "neutral"),
        ("ogre", (6, 6), "large", "hostile"),
        ("troll-king", (8, 0), "huge", "secret"),
        ("purple-worm", (12, 8), "gargantuan", "hostile"),
        ("colossus", (0, 6), "colossal", "hostile"),
    ]
    assert scene.creatures[4].extra == {"x-foundry-id": "idTroll King", "x-name": "Troll King"}


def test_drawsteel_sizes_come_from_token_width() -> None:
    """Draw Steel sizes: under a square 1T, one square 1M, then 2, 3, 4 (seed 002 order)."""
    sizes = [c.size for c in read("drawsteel").scene.creatures]
    assert sizes[:6] == ["1T", "1M", "1M", "2", "3", "4"]


def test_hidden_tokens_and_missing_speeds_are_warned_about() -> None:
    """Hidden tokens are imported and marked; speeds are not in an export and that is said."""
    result = read()
    colossus = result.scene.creatures[-1]
    assert colossus.extra["x-hidden"] is True
    assert (
        "hidden token(s) imported as ordinary creatures, marked x-hidden: colossus"
        in result.warnings
    )
    assert any("speeds are not part of a Foundry scene export" in w for w in result.warnings)


def test_unsupported_collections_are_listed() -> None:
    """Lights and tiles are named with their counts; empty collections are not mentioned."""
    warnings = read().warnings
    assert "1 light(s) not imported (no effect on movement in footfall)" in warnings
    assert "2 tile(s) not imported (no effect on movement in footfall)" in warnings
    assert not any("sound" in w for w in warnings)
    assert any("'worlds/w/maps/crypt.webp' is not inside a Foundry export" in w for w in warnings)


def test_overlapping_tokens_are_not_imported_but_named() -> None:
    """A second token on an occupied square is left out with a warning (SCENE.md checks)."""
    tokens = [token("A", 2, 2, 1, 1), token("B", 2, 2, 1, -1)]
    result = read(tokens=tokens)
    assert [c.id for c in result.scene.creatures] == ["a"]
    assert "token 'b' (tokens[1]): not imported, it overlaps 'a' at [2, 2]" in result.warnings


def test_difficult_region_uses_the_square_centre_rule() -> None:
    """A rectangle region with walk x2 makes difficult exactly the squares whose centre it holds."""
    # The rectangle spans squares 10..11 fully and half of 12 (centre of 12 is at 12.5: out).
    shape = rect_shape(10, 0, 2, 2)
    shape["width"] = 2.5 * SIZE - 1
    region = cost_region("Rubble", [shape], 2)
    scene = read(regions=[region], tokens=[]).scene
    assert [row[9:14] for row in scene.rows[:3]] == [".^^..", ".^^..", "....."]
    assert scene.legend["^"].flags == {Flag.DIFFICULT}


def test_region_edges_through_centres_count_as_inside() -> None:
    """A square whose centre lies exactly on a region's edge is inside (closed shapes)."""
    x, y = px(10.5, 0)  # left edge through the centres of column 10
    shape = {"type": "rectangle", "x": x, "y": y, "width": SIZE, "height": SIZE / 2}
    scene = read(regions=[cost_region("Edge", [shape], 2)], tokens=[]).scene
    assert scene.rows[0][10:12] == "^^"
    assert scene.rows[1][10:12] == ".."


def test_polygon_ellipse_and_hole_shapes() -> None:
    """A triangle, a circle and a rectangle with a hole mark the squares their centres fall in."""
    triangle = {"type": "polygon", "points": [*px(0, 0), *px(4, 0), *px(0, 4)]}
    circle = {"type": "circle", "x": px(12, 6)[0], "y": px(12, 6)[1], "radius": 160}
    ring = rect_shape(6, 8, 3, 3)
    hole = {**rect_shape(7, 9, 1, 1), "hole": True}
    regions = [cost_region("Mud", [triangle, circle, ring, hole], 2)]
    scene = read(regions=regions, tokens=[]).scene
    # Triangle x + y <= 4: centres (c + .5) + (r + .5) <= 4.
    assert [row[:5] for row in scene.rows[:5]] == ["^^^^.", "^^^..", "^^...", "^....", "....."]
    # Circle of radius 1.6 squares around grid point (12, 6): centres within 1.6.
    assert [row[10:14] for row in scene.rows[4:8]] == [".^^.", "^^^^", "^^^^", ".^^."]
    assert [row[6:9] for row in scene.rows[8:11]] == ["^^^", "^.^", "^^^"]


def test_overlapping_regions_multiply() -> None:
    """Two x2 regions over one square make x4: difficult + poor visibility in pf1e."""
    regions = [
        cost_region("Rubble", [rect_shape(10, 0, 2, 1)], 2),
        cost_region("Fog", [rect_shape(11, 0, 2, 1)], 2),
    ]
    scene = read(regions=regions, tokens=[]).scene
    assert scene.rows[0][10:13] == "^*^"
    assert scene.legend["*"].flags == {Flag.DIFFICULT, Flag.POOR_VISIBILITY}


def test_overlap_in_drawsteel_stays_difficult_with_a_warning() -> None:
    """Draw Steel difficult terrain does not multiply: x4 is difficult, and the warning says so."""
    regions = [
        cost_region("Rubble", [rect_shape(10, 0, 2, 1)], 2),
        cost_region("Fog", [rect_shape(11, 0, 2, 1)], 2),
    ]
    result = read("drawsteel", regions=regions, tokens=[])
    assert result.scene.rows[0][10:13] == "^^^"
    assert (
        "region 'Rubble': a cost multiplier of 4 is imported as difficult terrain "
        "(drawsteel does not multiply terrain costs)" in result.warnings
    )


def test_null_difficulty_is_impassable_or_a_pit_for_flyers() -> None:
    """walk null -> impassable; walk null but fly allowed -> pit (flyers cross, SCENE.md)."""
    regions = [
        cost_region("Chasm", [rect_shape(10, 0, 1, 1)], None, fly=1),
        cost_region("Wall of force", [rect_shape(12, 0, 1, 1)], None, fly=None),
    ]
    scene = read(regions=regions, tokens=[]).scene
    assert scene.rows[0][10:13] == "_.X"
    assert scene.legend["X"].impassable
    assert scene.legend["_"].flags == {Flag.PIT}


def test_other_region_behaviours_are_warned_about() -> None:
    """A teleport behaviour is not movement cost: it is named in a warning."""
    region = {
        "name": "Portal",
        "shapes": [rect_shape(0, 0, 1, 1)],
        "behaviors": [{"type": "teleportToken", "system": {}}],
    }
    result = read(regions=[region], tokens=[])
    assert result.scene.rows[0][0] == "."
    assert (
        "region 'Portal': behaviour 'teleportToken' not imported (footfall reads movement costs)"
        in result.warnings
    )


def test_enhanced_terrain_layer_polygons() -> None:
    """ETL terrain flags (points relative to x, y; multiple) mark squares by the centre rule."""
    x, y = px(10, 0)
    flags = {
        "enhanced-terrain-layer": {
            "terrainAbc": {
                "_id": "Abc",
                "x": x,
                "y": y,
                "width": 200,
                "height": 100,
                "points": [[0, 0], [200, 0], [200, 100], [0, 100]],
                "multiple": 2,
            }
        }
    }
    scene = read(flags=flags, tokens=[]).scene
    assert scene.rows[0][9:13] == ".^^."


def test_v10_layout_with_number_grid_and_square_distance() -> None:
    """An older export (grid a number, gridDistance/gridUnits beside it, img) reads the same."""
    doc = foundry_doc()
    del doc["background"]
    doc.update(grid=SIZE, gridDistance=10, gridUnits="ft", gridType=1, img="maps/a.png")
    result = read_foundry(json.dumps(doc), system="pf1e")
    assert result.scene.walls[0] == Wall((Fraction(3), Fraction(0)), (Fraction(3), Fraction(2)))
    assert result.scene.square == 10
    assert any("'maps/a.png'" in w for w in result.warnings)


def test_move_given_as_strings_is_understood() -> None:
    """Walls whose move is "none"/"normal" (as some exports write) read like 0/20."""
    walls = [wall((1, 0), (1, 1), move="none"), wall((2, 0), (2, 1), move="normal")]
    scene = read(walls=walls, tokens=[]).scene
    assert [w.start[0] for w in scene.walls] == [2]


def test_imported_scene_is_a_valid_scene() -> None:
    """The imported scene passes the scene checks and round-trips through SCENE.md JSON."""
    regions = [
        cost_region("Rubble", [rect_shape(10, 0, 2, 1)], 2),
        cost_region("Fog", [rect_shape(11, 0, 2, 1)], 2),
        cost_region("Wall of force", [rect_shape(13, 0, 1, 1)], None),
    ]
    scene = read(regions=regions).scene
    again = parse_scene(json.loads(json.dumps(scene_to_json(scene))))
    assert again.rows == scene.rows
    assert again.walls == scene.walls
    assert again.creatures == scene.creatures


def test_import_map_detects_a_foundry_json(tmp_path: Any) -> None:
    """A .json file with a grid is read as a Foundry scene."""
    path = tmp_path / "fvtt-Scene-crypt.json"
    path.write_text(json.dumps(foundry_doc()), encoding="utf-8")
    assert import_map(path, system="pf1e").scene.width == 16


@pytest.mark.parametrize(
    ("doc", "error", "message"),
    [
        ("{not json", InputError, "Foundry scene: not valid JSON: Expecting property name"),
        ({"width": 100, "height": 100}, InputError, "Foundry scene: missing 'grid'"),
        (
            foundry_doc(grid={"type": 2, "size": 100}),
            InputError,
            "Foundry scene: grid.type 2 is a hex grid; footfall maps are square grids",
        ),
        (
            foundry_doc(walls=[{"c": [0, 0, 10]}]),
            InputError,
            "Foundry scene: walls[0].c: expected [x0, y0, x1, y1], got [0, 0, 10]",
        ),
        (
            foundry_doc(tokens=[token("a", 0, 0, 1, 3)]),
            InputError,
            "Foundry scene: tokens[0].disposition: unknown disposition 3",
        ),
        (
            foundry_doc(width=200_000, height=200_000),
            LimitError,
            "Foundry scene: width x height / grid size: 2000x2000 = 4000000 squares is over",
        ),
    ],
    ids=["bad-json", "no-grid", "hex", "short-wall", "disposition", "huge"],
)
def test_malformed_scenes_give_one_line_errors(doc: Any, error: type, message: str) -> None:
    """Bad JSON, a missing grid, hex grids, broken walls, huge maps -> one line naming it."""
    text = doc if isinstance(doc, str) else json.dumps(doc)
    with pytest.raises(error) as caught:
        import_map(text.encode(), system="pf1e", fmt="foundry")
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith(message)


def test_imported_reach_equals_a_hand_built_scene() -> None:
    """A Foundry room with a rubble region, a door and an ogre reaches like the same room by hand.

    pf1e: difficult terrain doubles (seed 000 "Пересеченная местность x2"), enemies block
    (RULES.md 1.3); the hand-built map marks the region's squares '^'.
    """
    doc = foundry_doc(
        walls=[wall((4, 0), (4, 2)), wall((4, 2), (4, 3), door=1, ds=0), wall((4, 3), (4, 12))],
        tokens=[token("Valeros", 1, 1, 1, 1), token("Ogre", 2, 3, 2, -1)],
        regions=[cost_region("Rubble", [rect_shape(1, 2, 3, 1)], 2)],
    )
    imported = scene_to_json(read_foundry(json.dumps(doc), system="pf1e").scene)
    for creature in imported["creatures"]:
        creature["speed"] = 30
    rows = ["." * 16] * 12
    rows[2] = ".^^^" + "." * 12
    by_hand = {
        "footfall": 1,
        "system": "pf1e",
        "map": rows,
        "walls": [
            {"from": [4, 0], "to": [4, 2]},
            {"from": [4, 2], "to": [4, 3], "door": "closed"},
            {"from": [4, 3], "to": [4, 12]},
        ],
        "creatures": [
            {"id": "valeros", "at": [1, 1], "size": "medium", "side": "friendly", "speed": 30},
            {"id": "ogre", "at": [2, 3], "size": "large", "side": "hostile", "speed": 30},
        ],
    }
    assert imported["map"] == by_hand["map"]
    for action in ("move", "double-move", "run"):
        got = views.reachable(parse_scene(imported), "valeros", action).to_json()
        want = views.reachable(parse_scene(by_hand), "valeros", action).to_json()
        assert got["squares"] == want["squares"], action
    running = {tuple(s["at"]) for s in got["squares"]}
    assert (5, 0) not in running  # behind the wall and the closed door, even running
    assert (1, 2) not in running  # no running through rubble (seed 000, hampered-run)
    moving = views.reachable(parse_scene(imported), "valeros", "move").to_json()
    costs = {tuple(s["at"]): s["cost"] for s in moving["squares"]}
    assert costs[(1, 2)] == 10  # one orthogonal step into rubble: 5 ft x2


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 16), st.integers(0, 16)), min_size=3, max_size=7, unique=True)
)
def test_polygon_scanline_agrees_with_the_point_test(vertices: list[tuple[int, int]]) -> None:
    """The exact scanline used for polygons marks the same squares as the exact point test."""
    from footfall.imports.foundry import _Frame, _polygon, _Work

    # Vertices on a half-square lattice, so edges often pass through centres and corners.
    frame = _Frame(Fraction(100), Fraction(200), Fraction(100))
    pts = [(Fraction(200 + 50 * x), Fraction(100 + 50 * y)) for x, y in vertices]
    shape = _polygon(pts)
    width = 10
    # Rows top to bottom (the sweep's order), then back up (the sweep must start again).
    for row in [*range(10), *reversed(range(10))]:
        by_point = {c for c in range(width) if shape.inside(*frame.centre_px(c, row))}
        assert shape.columns(frame, row, width, _Work()) == by_point


def test_grid_distance_sets_the_square_in_the_systems_unit() -> None:
    """A 2-m grid in dh2e gives square 2; metres on a pf1e map are warned about, not used."""
    dh2e = read("dh2e", grid={"type": 1, "size": SIZE, "distance": 2, "units": "m"}, tokens=[])
    assert dh2e.scene.square == 2
    pf1e = read(grid={"type": 1, "size": SIZE, "distance": 1.5, "units": "m"}, tokens=[])
    assert pf1e.scene.square is None
    assert "grid distance 1.5 m is not in pf1e's unit; squares count as the default 5 ft" in (
        pf1e.warnings
    )


@pytest.mark.parametrize("distance", [5000, 0.001, 2.0005])
def test_grid_distance_outside_the_scene_bounds_is_one_line(distance: float) -> None:
    """A grid distance no scene may have (square 0.01-1000, 3 decimals) is refused, named."""
    with pytest.raises(InputError, match=r"grid\.distance .* is not a usable square"):
        read(grid={"type": 1, "size": SIZE, "distance": distance, "units": "ft"}, tokens=[])


def test_gridless_scene_is_read_on_its_grid_size_with_a_warning() -> None:
    """grid.type 0 (gridless) lays squares of grid.size pixels over the scene and says so."""
    result = read(grid={"type": 0, "size": SIZE, "distance": 5, "units": "ft"}, tokens=[])
    assert result.scene.width == 16
    assert "the scene is gridless; its grid size is used to lay squares over it" in (
        result.warnings
    )


def test_drawsteel_tokens_two_sizes_apart_may_share_a_square() -> None:
    """Draw Steel: a 1T token on a 1M token's square is kept (1T < 1S < 1M, seed 002)."""
    tokens = [token("Hero", 2, 2, 1, 1), token("Familiar", 2, 2, 0.5, 1)]
    assert [c.id for c in read("drawsteel", tokens=tokens).scene.creatures] == ["hero", "familiar"]
    assert [c.id for c in read("pf1e", tokens=tokens).scene.creatures] == ["hero"]


def test_warnings_read_in_russian_and_chinese() -> None:
    """Every warning of a busy import has a Russian and a Chinese text, not the English one."""
    region = {
        "name": "Portal",
        "shapes": [rect_shape(0, 0, 1, 1), {"type": "star"}],
        "behaviors": [
            {"type": "teleportToken", "system": {}},
            {"type": "modifyMovementCost", "system": {"difficulties": {"walk": 3}}},
        ],
    }
    tokens = [token("A", 2, 2, 1.5, 1, hidden=True), token("B", 3, 3, 2, -1)]
    result = read("drawsteel", regions=[region], tokens=tokens)
    assert len(result.notices) == len(result.warnings) >= 10
    assert result.messages("en") == result.warnings
    for lang in ("ru", "zh"):
        texts = result.messages(lang)
        pairs = zip(texts, result.warnings, strict=True)
        assert all(text and text != english for text, english in pairs)
    ru = result.messages("ru")
    assert (
        "область 'Portal': поведение 'teleportToken' не импортировано "
        "(footfall читает только стоимость перемещения)" in ru
    )
    assert "фишка 'b' (tokens[1]) не импортирована: она пересекается с 'a' в [3, 3]" in ru
    assert result.without("maps.warn.speeds").warnings == tuple(
        w for w in result.warnings if not w.startswith("creature speeds")
    )


def test_background_offset_is_kept_as_the_pictures_origin() -> None:
    """Foundry draws the picture at padding - offset (Scene#getDimensions): kept in grid units."""
    shifted = {"src": "worlds/w/maps/crypt.webp", "offsetX": 50, "offsetY": -200}
    info = read(background=shifted).scene.extra["x-import"]
    assert info["background_origin"] == ["-1/2", "2"]
    assert "background_origin" not in read().scene.extra["x-import"]


def test_padding_is_counted_in_floating_point_as_foundry_does() -> None:
    """Foundry pads ceil((padding * width) * (1 / size)) squares in doubles, not exactly.

    Scene#getDimensions (v10-v11 `toNearest`, v12+ `calculateDimensions`, which warns not to
    change the float expression): with padding 0.05, a 105-px grid and a 6300-px-wide scene,
    0.05 * 6300 * (1/105) is 3.0000000000000004 in doubles, so Foundry pads 4 squares, not 3.
    """
    grid = {"type": 1, "size": 105, "distance": 5, "units": "ft"}
    pad_x, pad_y = 4 * 105, 1 * 105  # 0.05 * 2100 * (1/105) is 1.0 in doubles too: 1 square
    walls = [{"c": [pad_x + 105, pad_y, pad_x + 105, pad_y + 210], "move": 20}]
    tokens = [{"name": "Scout", "x": pad_x + 210, "y": pad_y + 105, "width": 1, "disposition": 1}]
    scene = read(
        width=6300, height=2100, padding=0.05, grid=grid, walls=walls, tokens=tokens, regions=[]
    ).scene
    assert [(w.start, w.end) for w in scene.walls] == [((1, 0), (1, 2))]
    assert scene.creatures[0].at == (2, 1)


@pytest.mark.parametrize(
    ("doc_text", "message"),
    [
        (
            '{"grid": {"size": 1e400}, "width": 1e400, "height": 1e400}',
            "Foundry scene: grid.size 1e+400 and the scene's size 1e+400 are beyond what "
            "Foundry can lay out (over 1e308 pixels)",
        ),
        (
            '{"grid": {"size": -' + "7" * 500 + '.5}, "width": 100, "height": 100}',
            "Foundry scene: grid.size must be more than 0, got -7.77778e+499",
        ),
    ],
    ids=["beyond-doubles", "huge-negative"],
)
def test_numbers_beyond_a_double_are_one_line_errors(doc_text: str, message: str) -> None:
    """Sizes of 1e400 pixels, or a 500-digit grid size, are named, never an OverflowError."""
    with pytest.raises(InputError) as caught:
        read_foundry(doc_text.encode(), system="pf1e")
    assert str(caught.value) == message


def test_a_region_too_detailed_to_place_is_a_limit_error() -> None:
    """A zigzag region whose edges cross every row stops with LimitError, not minutes of work.

    The limit is lowered for the test (a 2000-point zigzag over 100 rows is 200 000 exact
    crossings, a few seconds); the default allows about 20 s of work under load.
    """
    points: list[int] = []
    for i in range(2000):
        points += [PAD_X + i * 5, PAD_Y if i % 2 == 0 else PAD_Y + 1000]
    points += [PAD_X + 10000, PAD_Y + 1000, PAD_X, PAD_Y + 1000]
    zigzag = {"type": "polygon", "points": points, "hole": False}
    doc = foundry_doc(tokens=[], regions=[cost_region("Maze", [zigzag], 2)])
    tight = LIMITS.tighter(region_work=1_000_000)
    with pytest.raises(LimitError, match="the regions are too detailed to place on the grid"):
        read_foundry(json.dumps(doc).encode(), system="pf1e", limits=tight)
    # A plain region stays far below the default limit.
    read(tokens=[], regions=[cost_region("Mud", [rect_shape(0, 0, 16, 12)], 2)])


def test_a_region_above_the_ground_does_not_hamper_walkers() -> None:
    """A v12+ region at elevation 10-20 (a bridge deck) leaves the ground squares open."""
    deck = cost_region("Deck", [rect_shape(1, 1, 2, 2)], 2)
    deck["elevation"] = {"bottom": 10, "top": 20}
    ground = cost_region("Mud", [rect_shape(5, 5, 1, 1)], 2)
    ground["elevation"] = {"bottom": None, "top": 5}
    result = read(tokens=[], regions=[deck, ground])
    assert result.scene.rows[1][1:3] == ".."
    assert result.scene.rows[5][5] == "^"
    assert (
        "region 'Deck': lies at elevations 10 to 20, off the ground where the map's creatures "
        "stand; not imported"
    ) in result.warnings
