"""Map import against the real layouts: Enhanced Terrain Layer v9 and v10+, Foundry v13 regions
and walls, Dungeondraft portals, and one-line errors for exports footfall cannot read.

The fixtures in tests/fixtures/ are small files written for these tests; their structure
follows the real module and Foundry sources cited in docs/maps.md ("Where the formats come
from").
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.errors import InputError
from footfall.imports import ImportResult, import_map, read_foundry, read_uvtt
from footfall.scene import Flag
from helpers import FIXTURES
from helpers.cli import invoke
from helpers.foundry import cost_region, foundry_doc, px, rect_shape
from helpers.uvtt import pt, uvtt_doc


def fixture(name: str) -> dict[str, Any]:
    """Return a fixture file parsed (a fresh copy each time)."""
    data: dict[str, Any] = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    return data


def foundry(doc: dict[str, Any], system: str = "pf1e") -> ImportResult:
    return read_foundry(json.dumps(doc), system=system)


# ---------------------------------------------------------------- Enhanced Terrain Layer v9


def test_etl_v9_points_relative_to_the_entry_mark_squares_by_their_centre() -> None:
    """ETL 1.0.x: [x, y] points relative to the entry's x, y; the mud covers (2..3, 0..1)."""
    rows = import_map(FIXTURES / "foundry-v9-etl.json", system="pf1e").scene.rows
    assert rows[0] == "..^^...."
    assert rows[1] == "..^^...."


def test_etl_v9_old_height_fields_are_migrated_as_etl_does() -> None:
    """terraintype "air" without elevation is 5..100 ft up: not on the ground, named."""
    result = import_map(FIXTURES / "foundry-v9-etl.json", system="pf1e")
    assert result.scene.rows[0][5] == "."
    assert (
        "terrain 'terrainBirds00000002' (Enhanced Terrain Layer): lies at elevations 5 to 100, "
        "off the ground where the map's creatures stand; not imported" in result.warnings
    )


def test_etl_entry_without_multiple_takes_the_scene_default() -> None:
    """The rubble (min 0, max 10 ft) has no multiple: the scene's default 3 applies, read as x2."""
    result = import_map(FIXTURES / "foundry-v9-etl.json", system="pf1e")
    assert result.scene.rows[4] == "^^......"
    assert (
        "terrain 'terrainRubble0000003' (Enhanced Terrain Layer): a cost multiplier of 3 is "
        "imported as difficult terrain (x2)" in result.warnings
    )


def test_etl_inactive_and_broken_entries_are_named_not_applied() -> None:
    """A hidden (inactive) entry costs nothing; 'terrainundefined' is dropped as ETL drops it."""
    result = import_map(FIXTURES / "foundry-v9-etl.json", system="pf1e")
    assert result.scene.rows[5][7] == "."
    assert (
        "terrain 'terrainHidden000004' (Enhanced Terrain Layer): inactive (hidden), costs "
        "nothing in Enhanced Terrain Layer; not imported" in result.warnings
    )
    assert (
        "terrain 'terrainundefined' (Enhanced Terrain Layer): no terrain data; Enhanced Terrain "
        "Layer would drop it too, not imported" in result.warnings
    )


def test_etl_environments_are_named_and_scene_defaults_reported() -> None:
    """Environments/obstacles are listed in a warning; the scene's defaults under ignored."""
    result = import_map(FIXTURES / "foundry-v9-etl.json", system="pf1e")
    assert (
        "Enhanced Terrain Layer environments and obstacles not imported (footfall terrain has "
        "no such types): rubble, swamp" in result.warnings
    )
    ignored = result.scene.extra["x-import"]["ignored"]
    assert ignored["etl_scene"] == ["depth", "elevation", "environment", "multiple", "opacity"]
    assert ignored["etl"] == ["drawcolor", "flags", "locked", "opacity"]


def test_v9_walls_move_1_block_and_move_0_do_not() -> None:
    """v9 wall movement NORMAL is 1, NONE 0; ds 1 is an open door."""
    scene = import_map(FIXTURES / "foundry-v9-etl.json", system="pf1e").scene
    assert [(w.start, w.end, w.door) for w in scene.walls] == [
        ((4, 2), (4, 4), None),
        ((4, 4), (4, 5), "open"),
    ]


# ---------------------------------------------------------------- Enhanced Terrain Layer v10+


def test_etl_shape_rectangle_is_half_open_like_pixi() -> None:
    """A rectangle from the centre of (1,0) to that of (3,0) takes (1,0), (2,0), not (3,0)."""
    rows = import_map(FIXTURES / "foundry-v11-etl.json", system="pf1e").scene.rows
    assert rows[0][:4] == ".^^."


def test_etl_shape_ellipse_includes_centres_on_its_edge() -> None:
    """An ellipse whose ends are the centres of (0,2) and (4,2) takes both (PIXI: <= 1)."""
    rows = import_map(FIXTURES / "foundry-v11-etl.json", system="pf1e").scene.rows
    assert rows[2] == "^^^^^..."


def test_etl_shape_polygon_points_are_flat_and_edge_centres_left_out() -> None:
    """A flat [x0, y0, ...] triangle of multiple 4 marks (5,0) x4; its long side's centres not."""
    rows = import_map(FIXTURES / "foundry-v11-etl.json", system="pf1e").scene.rows
    assert rows[0][5:7] == "*."
    assert rows[1][5] == "."


def test_etl_overlapping_entries_take_the_largest_multiple() -> None:
    """Two x2 entries overlapping at (7,3) give x2 (ETL's maximum), not x4."""
    rows = import_map(FIXTURES / "foundry-v11-etl.json", system="pf1e").scene.rows
    assert rows[3][6:8] == "^^"
    assert rows[4][7] == "^"


def test_etl_elevation_and_depth_decide_whether_it_touches_the_ground() -> None:
    """10..20 ft up is skipped (named); -10..+10 ft touches the ground and applies."""
    result = import_map(FIXTURES / "foundry-v11-etl.json", system="pf1e")
    assert result.scene.rows[5][:4] == ".^.."
    assert (
        "terrain 'terrainCloud0000007' (Enhanced Terrain Layer): lies at elevations 10 to 20, "
        "off the ground where the map's creatures stand; not imported" in result.warnings
    )


def test_etl_multiple_one_is_no_terrain() -> None:
    """An entry of multiple 1 changes nothing and is not warned about."""
    result = import_map(FIXTURES / "foundry-v11-etl.json", system="pf1e")
    assert result.scene.rows[5][5] == "."
    assert not any("Plain0000009" in warning for warning in result.warnings)


def test_etl_and_a_region_on_one_square_multiply() -> None:
    """An ETL x2 entry over a region x2 square gives x4 (pf1e: difficult + poor visibility)."""
    x, y = px(2, 0)
    flags = {
        "enhanced-terrain-layer": {
            "terrainA": {
                "_id": "A",
                "x": x,
                "y": y,
                "multiple": 2,
                "shape": {"type": "r", "width": 200, "height": 100, "points": []},
            }
        }
    }
    doc = foundry_doc(
        flags=flags, tokens=[], regions=[cost_region("Mud", [rect_shape(3, 0, 2, 1)], 2)]
    )
    scene = foundry(doc).scene
    assert scene.rows[0][1:6] == ".^*^."
    assert scene.legend["*"].flags == {Flag.DIFFICULT, Flag.POOR_VISIBILITY}


def test_etl_unknown_shape_type_and_missing_id_are_named() -> None:
    """A ShapeData type ETL does not test (circle "c") and an entry without _id are named."""
    x, y = px(0, 0)
    flags = {
        "enhanced-terrain-layer": {
            "terrainC": {"_id": "C", "x": x, "y": y, "shape": {"type": "c", "radius": 50}},
            "terrainN": {"x": x, "y": y, "shape": {"type": "r", "width": 100, "height": 100}},
        }
    }
    result = foundry(foundry_doc(flags=flags, tokens=[]))
    assert result.scene.rows[0][0] == "."
    assert "terrain 'terrainC' (Enhanced Terrain Layer): shape type \"c\" not imported" in (
        result.warnings
    )
    assert (
        "terrain 'terrainN' (Enhanced Terrain Layer): no x, y or _id; Enhanced Terrain Layer "
        "would drop it too, not imported" in result.warnings
    )


def pixi_contains(points: list[tuple[Fraction, Fraction]], x: Fraction, y: Fraction) -> bool:
    """PIXI.Polygon.contains written out plainly (the test ETL uses), in exact fractions."""
    inside = False
    j = len(points) - 1
    for i in range(len(points)):
        (xi, yi), (xj, yj) = points[i], points[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 12), st.integers(0, 8)).map(lambda p: (p[0] * 50, p[1] * 50)),
        min_size=3,
        max_size=7,
    )
)
def test_etl_polygons_match_pixi_at_every_square_centre(points: list[tuple[int, int]]) -> None:
    """Any polygon on a half-square lattice marks exactly the squares PIXI says contain it."""
    x0, y0 = px(0, 0)
    flat = [coordinate for point in points for coordinate in point]
    flags = {
        "enhanced-terrain-layer": {
            "terrainP": {
                "_id": "P",
                "x": x0,
                "y": y0,
                "multiple": 2,
                "shape": {"type": "p", "width": 600, "height": 400, "points": flat},
            }
        }
    }
    rows = foundry(foundry_doc(flags=flags, tokens=[], walls=[])).scene.rows
    exact = [(Fraction(x), Fraction(y)) for x, y in points]
    for row in range(8):
        for col in range(13):
            centre = (Fraction(100 * col + 50), Fraction(100 * row + 50))
            assert (rows[row][col] == "^") == pixi_contains(exact, *centre), (col, row)


# ---------------------------------------------------------------- Foundry v13 regions, walls


def test_v13_regions_read_walk_and_fly_difficulties() -> None:
    """Bog walk 2 -> '^'; chasm walk null, fly 1 -> pit; wall of force all null -> 'X'."""
    scene = import_map(FIXTURES / "foundry-v13-regions.json", system="pf1e").scene
    assert scene.rows[2][:3] == "^^^"
    assert scene.rows[3][:3] == "^^^"
    assert [scene.rows[r][6] for r in (2, 3, 4)] == ["_", "_", "_"]
    assert all(row[9] == "X" for row in scene.rows)


def test_v13_missing_fly_difficulty_is_foundrys_initial_1() -> None:
    """A behaviour without "fly" gives flyers 1 (the schema's initial), so walk null is a pit."""
    scene = import_map(FIXTURES / "foundry-v13-regions.json", system="pf1e").scene
    assert scene.rows[6][7] == "_"
    assert scene.legend["_"].flags == {Flag.PIT}


def test_v13_region_off_the_ground_and_other_behaviours_are_named() -> None:
    """A bridge deck at 10 ft does not cover the chasm; a teleport behaviour is named."""
    result = import_map(FIXTURES / "foundry-v13-regions.json", system="pf1e")
    assert (
        "region 'Bridge deck': lies at elevations 10 to 10, off the ground where the map's "
        "creatures stand; not imported" in result.warnings
    )
    assert (
        "region 'Portal': behaviour 'teleportToken' not imported (footfall reads movement costs)"
        in result.warnings
    )


def test_v13_walls_doors_and_windows() -> None:
    """Locked door (ds 2) is closed; a window (sight 30, move 20) still blocks movement."""
    scene = import_map(FIXTURES / "foundry-v13-regions.json", system="pf1e").scene
    assert [(w.start, w.end, w.door) for w in scene.walls] == [
        ((5, 0), (5, 3), None),
        ((5, 3), (5, 4), "closed"),
        ((5, 4), (5, 8), None),
        ((7, 0), (7, 1), None),
    ]


def test_v13_token_elevation_is_named() -> None:
    """A token 30 ft up is imported on the map, and the warning says so."""
    result = import_map(FIXTURES / "foundry-v13-regions.json", system="pf1e")
    bat = next(c for c in result.scene.creatures if c.id == "giant-bat")
    assert (bat.at, bat.size, bat.side) == ((7, 4), "large", "hostile")
    assert "token 'giant-bat' (tokens[1]): at elevation 30, imported standing on the map" in (
        result.warnings
    )


def test_every_field_not_read_is_listed_in_the_import_report() -> None:
    """x-import.ignored names each field nobody read: wall sight/light/sound, token looks..."""
    ignored = import_map(FIXTURES / "foundry-v13-regions.json", system="pf1e").scene.extra[
        "x-import"
    ]["ignored"]
    assert ignored["walls"] == [
        "_id",
        "animation",
        "doorSound",
        "flags",
        "light",
        "sight",
        "sound",
        "threshold",
    ]
    assert ignored["difficulties"] == ["burrow", "swim"]
    assert ignored["regions"] == ["_id", "color", "flags", "locked", "visibility"]
    assert {"actorId", "texture", "sight", "movementAction"} <= set(ignored["tokens"])
    assert {"name", "fog", "environment", "ownership"} <= set(ignored["scene"])
    read = {"width", "height", "grid", "walls", "tokens", "regions", "background", "_stats"}
    assert not read & set(ignored["scene"])


# ---------------------------------------------------------------- Foundry version and grid


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"_stats": {"coreVersion": "0.8.9"}},
            "Foundry scene: exported by Foundry 0.8.9; footfall reads scene exports of "
            "Foundry v9 to v13",
        ),
        (
            {"flags": {"exportSource": {"coreVersion": "0.7.10"}}},
            "Foundry scene: exported by Foundry 0.7.10; footfall reads scene exports of "
            "Foundry v9 to v13",
        ),
        (
            {"_stats": {"coreVersion": "latest"}},
            'Foundry scene: coreVersion "latest" is not a Foundry version (like "13.345"); '
            "footfall reads scene exports of Foundry v9 to v13",
        ),
        (
            {"grid": {"type": 2, "size": 100}},
            "Foundry scene: grid.type 2 is a hex grid; footfall maps are square grids "
            "(grid.type 1)",
        ),
        (
            {"grid": 100, "gridType": 5},
            "Foundry scene: grid.type 5 is a hex grid; footfall maps are square grids "
            "(grid.type 1)",
        ),
        (
            {"grid": {"type": 7, "size": 100}},
            "Foundry scene: grid.type 7 is not a Foundry grid type (0 gridless, 1 square, "
            "2-5 hex); footfall reads square grids (grid.type 1)",
        ),
        ({"grid": None}, "Foundry scene: missing 'grid' (the grid size in pixels)"),
        ({"grid": {"type": 1}}, "Foundry scene: grid.size is missing"),
    ],
    ids=[
        "v0.8",
        "v0.7-flags",
        "bad-version",
        "hex",
        "hex-v9",
        "unknown-type",
        "no-grid",
        "no-size",
    ],
)
def test_foundry_exports_it_cannot_read_are_one_line_errors(
    change: dict[str, Any], message: str
) -> None:
    """An old version, a hex or unknown grid, a missing grid: one line naming what is read."""
    doc = foundry_doc()
    doc.update(change)
    if doc.get("grid") is None:
        del doc["grid"]
    with pytest.raises(InputError) as caught:
        foundry(doc)
    assert str(caught.value) == message


def test_foundry_newer_than_v13_is_read_with_a_warning() -> None:
    """A v14 export is read as a v13 scene, and the warning says so."""
    result = foundry(foundry_doc(_stats={"coreVersion": "14.350"}))
    assert (
        "exported by Foundry 14.350, newer than v13: read as a v13 scene; newer parts may be "
        "missed" in result.warnings
    )


def test_foundry_errors_exit_2_with_one_line(tmp_path: Path) -> None:
    """`footfall import` of a hex-grid export exits 2 with the one line on stderr."""
    path = tmp_path / "hex.json"
    path.write_text(json.dumps(foundry_doc(grid={"type": 3, "size": 100})), encoding="utf-8")
    result = invoke(["import", str(path), "--system", "pf1e"])
    assert result.exit_code == 2
    assert result.stderr == (
        "footfall: error: Foundry scene: grid.type 3 is a hex grid; footfall maps are square "
        "grids (grid.type 1)\n"
    )


# ---------------------------------------------------------------- Universal VTT


def test_dungeondraft_window_is_a_closed_door() -> None:
    """In a .dd2vtt, closed: false means "allow light" (a window): imported closed, named."""
    result = import_map(FIXTURES / "dungeondraft-window.dd2vtt", system="pf1e")
    doors = [(w.start, w.end, w.door) for w in result.scene.walls if w.door]
    assert doors == [((2, 1), (2, 2), "closed"), ((3, 0), (4, 0), "closed")]
    assert (
        "1 portal(s) marked closed: false imported as closed doors: Dungeondraft writes that "
        "flag for portals that let light through (windows, grates), not for open doors; set "
        '"door": "open" on any that are open doorways' in result.warnings
    )
    assert result.scene.extra["x-import"]["editor"] == "dungeondraft"


def test_the_same_portal_from_another_editor_is_an_open_door() -> None:
    """The same bytes named .uvtt (Arkenforge writes closed: false for an open door): open."""
    data = (FIXTURES / "dungeondraft-window.dd2vtt").read_bytes()
    result = import_map(data, system="pf1e", name="window.uvtt")
    doors = [(w.start, w.end, w.door) for w in result.scene.walls if w.door]
    assert doors == [((2, 1), (2, 2), "closed"), ((3, 0), (4, 0), "open")]
    assert result.scene.extra["x-import"]["editor"] == "universal"


def test_uvtt_fields_not_read_are_listed() -> None:
    """Portal position/rotation/freestanding, extra resolution keys, metadata: all listed."""
    doc = uvtt_doc(software="Dungeondraft 1.1", name="crypt")
    doc["resolution"]["grid_color"] = "ff000000"
    ignored = read_uvtt(json.dumps(doc), system="pf1e").scene.extra["x-import"]["ignored"]
    assert ignored == {
        "file": ["name", "software"],
        "portals": ["freestanding", "position", "rotation"],
        "resolution": ["grid_color"],
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"format": 0},
            "Universal VTT file: 'format' 0 is not a Universal VTT version (the editors write "
            "0.1 to 1)",
        ),
        (
            {"format": "new"},
            "Universal VTT file: 'format' must be a version number, got \"new\"",
        ),
        (
            {"grid": {"type": "hex", "orientation": "pointy-top"}},
            'Universal VTT file: grid type "hex" is not a square grid; footfall maps are square '
            "grids (one pixels_per_grid)",
        ),
        (
            {"resolution": {"map_size": pt(4, 4), "pixels_per_grid": {"x": 70, "y": 60}}},
            "Universal VTT file: resolution.pixels_per_grid is 70 x 60 pixels, not square; "
            "footfall maps are square grids",
        ),
        (
            {"resolution": {"map_origin": pt(0, 0), "map_size": pt(4, 4)}},
            "Universal VTT file: resolution: missing 'pixels_per_grid'",
        ),
    ],
    ids=["format-0", "format-text", "hex", "non-square", "no-grid-size"],
)
def test_uvtt_files_it_cannot_read_are_one_line_errors(
    change: dict[str, Any], message: str
) -> None:
    """A wrong version, a hex or non-square grid, no grid size: one line naming the value."""
    doc = copy.deepcopy(uvtt_doc())
    doc.update(change)
    with pytest.raises(InputError) as caught:
        read_uvtt(json.dumps(doc), system="pf1e")
    assert str(caught.value) == message


def test_uvtt_square_pixels_per_grid_object_is_read() -> None:
    """pixels_per_grid written as {"x": 10, "y": 10} reads like 10."""
    doc = uvtt_doc()
    doc["resolution"]["pixels_per_grid"] = {"x": 10, "y": 10}
    info = read_uvtt(json.dumps(doc), system="pf1e").scene.extra["x-import"]
    assert info["pixels_per_grid"] == 10


def test_import_result_ignored_reads_the_report() -> None:
    """`ImportResult.ignored` gives the same lists as x-import.ignored, as tuples."""
    result = import_map(FIXTURES / "dungeondraft-window.dd2vtt", system="pf1e")
    assert result.ignored == {"portals": ("freestanding", "position", "rotation")}
    assert read_uvtt(json.dumps(uvtt_doc(portals=[])), system="pf1e").ignored == {}


def etl_template(kind: str, x: float, y: float, distance: float, **more: Any) -> dict[str, Any]:
    """A measured template carrying ETL terrain flags (a spell area marked as terrain)."""
    flag = {"multiple": 2, "elevation": 0, "depth": 0, "environment": "", "obstacle": ""}
    flag.update(more.pop("etl", {}))
    return {
        "t": kind,
        "x": x,
        "y": y,
        "distance": distance,
        "direction": 0,
        "angle": 53.13,
        "width": 5,
        "borderColor": "#000000",
        "fillColor": "#ff0000",
        "flags": {"enhanced-terrain-layer": flag},
        **more,
    }


def test_etl_circle_template_marks_centres_within_its_radius() -> None:
    """A 10-ft circle (200 px) centred on (5,5) takes the centres at most 200 px away, rim in."""
    cx, cy = px(5.5, 5.5)
    doc = foundry_doc(tokens=[], templates=[etl_template("circle", cx, cy, 10)])
    result = foundry(doc)
    rows = result.scene.rows
    assert [rows[r][3:8] for r in range(3, 8)] == [
        "..^..",
        ".^^^.",
        "^^^^^",
        ".^^^.",
        "..^..",
    ]
    assert not any("template(s) not imported" in warning for warning in result.warnings)


def test_etl_rect_template_runs_from_its_origin_along_its_direction() -> None:
    """A rect template of direction 45 and diagonal 2 squares covers the 2x2 squares it spans."""
    x, y = px(2, 1)
    diagonal = 10 * 2**0.5  # ft: the diagonal of a 10-ft square, as Foundry stores it
    doc = foundry_doc(tokens=[], templates=[etl_template("rect", x, y, diagonal, direction=45)])
    rows = foundry(doc).scene.rows
    assert [rows[r][1:5] for r in range(0, 4)] == ["....", ".^^.", ".^^.", "...."]


def test_etl_cone_template_is_named_and_plain_templates_counted() -> None:
    """A cone is not placed (named); a template without ETL flags is counted as not imported."""
    x, y = px(2, 2)
    plain = {"t": "circle", "x": x, "y": y, "distance": 10, "flags": {}}
    doc = foundry_doc(tokens=[], templates=[etl_template("cone", x, y, 15, _id="coneA"), plain])
    result = foundry(doc)
    assert all(set(row) == {"."} for row in result.scene.rows)
    assert "template 'coneA' (Enhanced Terrain Layer): shape type \"cone\" not imported" in (
        result.warnings
    )
    assert "1 measured template(s) not imported (no effect on movement in footfall)" in (
        result.warnings
    )


def test_etl_template_without_multiple_is_terrain_in_v9_not_v10() -> None:
    """v9 ETL reads a missing template multiple as 2 (`|| 2`), v10+ as 1 (`?? 1`): no terrain."""
    cx, cy = px(5.5, 5.5)
    template = etl_template("circle", cx, cy, 5, etl={"multiple": None})
    v9 = foundry(foundry_doc(tokens=[], templates=[template])).scene.rows
    v13 = foundry(
        foundry_doc(tokens=[], templates=[template], _stats={"coreVersion": "13.345"})
    ).scene.rows
    assert v9[5][5] == "^"
    assert v13[5][5] == "."


def test_uvtt_version_error_exits_2_with_one_line(tmp_path: Path) -> None:
    """`footfall import` of a Universal VTT file of format 0 exits 2 with one line."""
    path = tmp_path / "old.dd2vtt"
    path.write_text(json.dumps(uvtt_doc(format=0)), encoding="utf-8")
    result = invoke(["import", str(path), "--system", "pf1e"])
    assert result.exit_code == 2
    assert result.stderr == (
        "footfall: error: Universal VTT file: 'format' 0 is not a Universal VTT version "
        "(the editors write 0.1 to 1)\n"
    )
