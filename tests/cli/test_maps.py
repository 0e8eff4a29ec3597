"""`footfall import` and `footfall render`: files written, exact output, exit 2 on bad input."""

from __future__ import annotations

import dataclasses
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from footfall.render import (
    BAND_COLOURS,
    MIN_LEGEND_WIDTH,
    PATH_COLOUR,
    REACH_ALPHA,
    auto_cell,
    picture_size,
)
from footfall.scene import load_scene
from footfall.tactical import views
from helpers.cli import invoke
from helpers.foundry import cost_region, foundry_doc, rect_shape, token, wall
from helpers.uvtt import png_bytes, pt, uvtt_bytes


def run(*args: str) -> Any:
    return invoke(list(args))


@pytest.fixture
def dd2vtt(tmp_path: Path) -> Path:
    path = tmp_path / "crypt.dd2vtt"
    path.write_bytes(uvtt_bytes())
    return path


def test_import_writes_the_scene_and_its_picture(dd2vtt: Path, tmp_path: Path) -> None:
    """-o writes the scene and the PNG beside it; the scene names the PNG as its background."""
    out = tmp_path / "crypt.json"
    result = run("import", str(dd2vtt), "--system", "pf1e", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        f"wrote {out}\nwrote {tmp_path / 'crypt.png'}\n"
        "6x4 squares, 5 walls (2 doors), 0 creatures\n"
    )
    assert result.stderr == (
        "warning: environment (ambient light, baked lighting) not imported\n"
        "warning: 1 light(s) not imported (footfall does not model light)\n"
    )
    scene = load_scene(out)
    assert scene.background == "crypt.png"
    assert (tmp_path / "crypt.png").read_bytes() == png_bytes(60, 40)


def test_import_embed_puts_a_data_url_in_the_scene(dd2vtt: Path, tmp_path: Path) -> None:
    """--embed writes no picture file: the scene carries it as a data URL."""
    out = tmp_path / "crypt.json"
    result = run("import", str(dd2vtt), "--system", "pf1e", "-o", str(out), "--embed")
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "crypt.png").exists()
    background = load_scene(out).background
    assert background is not None and background.startswith("data:image/png;base64,")


def test_import_without_output_prints_the_scene(dd2vtt: Path) -> None:
    """Without -o the scene JSON goes to stdout, and stderr says the picture was not kept."""
    result = run("import", str(dd2vtt), "--system", "dnd35", "--lang", "ru")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["system"] == "dnd35"
    assert data["map"] == ["......"] * 4
    assert "background" not in data
    assert result.stderr.splitlines()[0] == (
        "предупреждение: окружение (рассеянный свет, запеченное освещение) не импортировано"
    )
    assert result.stderr.splitlines()[-1] == (
        "предупреждение: фоновое изображение не сохранено: укажите -o ФАЙЛ, чтобы записать его "
        "рядом со сценой, или --embed"
    )


def test_import_json_report(dd2vtt: Path, tmp_path: Path) -> None:
    """--json with -o prints a report of what was written and the warnings."""
    out = tmp_path / "crypt.json"
    result = run("import", str(dd2vtt), "--system", "pf1e", "-o", str(out), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "scene": str(out),
        "background": "crypt.png",
        "embedded": False,
        "width": 6,
        "height": 4,
        "walls": 5,
        "doors": 2,
        "creatures": 0,
        "warnings": [
            "environment (ambient light, baked lighting) not imported",
            "1 light(s) not imported (footfall does not model light)",
        ],
    }


def test_import_foundry_with_a_background_file(tmp_path: Path) -> None:
    """A Foundry export plus --background FILE gives a scene with that picture beside it."""
    src = tmp_path / "fvtt-Scene-crypt.json"
    src.write_text(json.dumps(foundry_doc()), encoding="utf-8")
    picture = tmp_path / "crypt-art.png"
    picture.write_bytes(png_bytes(160, 120))
    out = tmp_path / "crypt.json"
    result = run(
        "import", str(src), "--system", "pf1e", "-o", str(out), "--background", str(picture)
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "16x12 squares, 7 walls (4 doors), 7 creatures"
    assert "background image" not in result.stderr  # given, so no advice to give it
    assert load_scene(out).background == "crypt.png"
    assert (tmp_path / "crypt.png").read_bytes() == picture.read_bytes()


def test_import_with_terrain_overlay(dd2vtt: Path, tmp_path: Path) -> None:
    """--terrain merges a plain-text map of the same size into the imported scene."""
    overlay = tmp_path / "terrain.txt"
    overlay.write_text("^^....\n......\n......\n....__\n", encoding="utf-8")
    result = run("import", str(dd2vtt), "--system", "pf1e", "--terrain", str(overlay))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["map"] == ["^^....", "......", "......", "....__"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{oops", "footfall: error: Universal VTT file: not valid JSON: Expecting property name"),
        (
            json.dumps({"format": 0.3, "image": ""}).encode(),
            "footfall: error: Universal VTT file: missing 'resolution'",
        ),
        (
            uvtt_bytes(objects_line_of_sight=[[pt(2, 2)]]),
            "footfall: error: Universal VTT file: objects_line_of_sight[0]: a wall polyline "
            "needs at least 2 points, got 1",
        ),
        (
            uvtt_bytes(
                resolution={
                    "map_origin": pt(0, 0),
                    "map_size": pt(1001, 1000),
                    "pixels_per_grid": 1,
                }
            ),
            "footfall: error: Universal VTT file: resolution.map_size: 1001x1000 = 1001000 "
            "squares is over the import limit of 1000000 squares (1000x1000)",
        ),
    ],
    ids=["bad-json", "no-resolution", "one-point", "huge"],
)
def test_malformed_files_exit_2_with_one_line(tmp_path: Path, content: bytes, message: str) -> None:
    """Malformed files give exit status 2 and one line on stderr naming the problem."""
    path = tmp_path / "bad.dd2vtt"
    path.write_bytes(content)
    result = run("import", str(path), "--system", "pf1e")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(message)


def test_import_unknown_system_and_format_exit_2(dd2vtt: Path) -> None:
    """An unknown system or --format is named with the known ones."""
    result = run("import", str(dd2vtt), "--system", "pf2e")
    assert result.exit_code == 2
    assert result.stderr == (
        "footfall: error: unknown system 'pf2e' (known: pf1e, dnd35, dh2e, drawsteel)\n"
    )
    result = run("import", str(dd2vtt), "--system", "pf1e", "--format", "roll20")
    assert result.stderr == (
        "footfall: error: unknown map format 'roll20' (known: uvtt, foundry)\n"
    )


def _scene_with_mover(tmp_path: Path) -> Path:
    """Import the crypt and put a 30-ft mover in it, as a GM would after importing."""
    out = tmp_path / "crypt.json"
    src = tmp_path / "crypt.dd2vtt"
    src.write_bytes(uvtt_bytes())
    assert run("import", str(src), "--system", "pf1e", "-o", str(out)).exit_code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    data["creatures"] = [
        {"id": "val", "at": [1, 1], "size": "medium", "side": "party", "speed": 30}
    ]
    out.write_text(json.dumps(data), encoding="utf-8")
    return out


def test_render_draws_reach_where_the_engine_says(tmp_path: Path) -> None:
    """Reachable squares (from the tactical engine) are tinted; squares past the wall are not."""
    scene_path = _scene_with_mover(tmp_path)
    png = tmp_path / "reach.png"
    result = run("render", str(scene_path), "--mover", "val", "-o", str(png), "--cell", "40")
    assert result.exit_code == 0, result.output
    image = Image.open(png).convert("RGB")
    assert result.stdout == f"wrote {png} ({image.width}x{image.height} pixels)\n"
    reach = views.reachable(load_scene(scene_path), "val").to_json()
    reached = {tuple(s["at"]) for s in reach["squares"]}
    assert (0, 0) in reached and (4, 0) not in reached  # the wall x=3 and its closed door
    assert (1, 3) not in reached  # the diagonal wall ends on its centre: every step touches it
    base = (200, 180, 120)  # the background picture's colour
    tinted = tuple(round(b * (1 - REACH_ALPHA / 255) + c * REACH_ALPHA / 255)
                   for b, c in zip(base, BAND_COLOURS[0], strict=True))  # fmt: skip
    for x in range(6):
        for y in range(4):
            if (x, y) == (1, 1):
                continue  # the mover's token
            colour = image.getpixel((x * 40 + 30, y * 40 + 8))  # off the walls and the cost
            expected = tinted if (x, y) in reached else base
            assert all(abs(a - b) <= 3 for a, b in zip(colour, expected, strict=True)), (x, y)


def test_render_draws_the_path_to_a_square(tmp_path: Path) -> None:
    """--to draws the cheapest path; --json reports it with the picture's size."""
    scene_path = _scene_with_mover(tmp_path)
    png = tmp_path / "path.png"
    result = run(
        "render", str(scene_path), "--mover", "val", "--to", "2,3", "-o", str(png), "--json"
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    path = report["path"]
    assert (path[0], path[-1], len(path)) == ([1, 1], [2, 3], 3)  # one diagonal, one straight
    image = Image.open(png).convert("RGB")
    assert [report["width"], report["height"]] == list(image.size)
    for (ax, ay), (bx, by) in itertools.pairwise(path):
        middle = ((ax + bx) * 20 + 20, (ay + by) * 20 + 20)  # between two square centres
        colour = image.getpixel(middle)
        assert all(abs(a - b) <= 3 for a, b in zip(colour, PATH_COLOUR, strict=True)), middle


def test_render_without_mover_draws_the_map(tmp_path: Path) -> None:
    """Without --mover the map alone is drawn, at cell pixels per square."""
    scene_path = _scene_with_mover(tmp_path)
    png = tmp_path / "map.png"
    result = run("render", str(scene_path), "-o", str(png))
    assert result.exit_code == 0, result.output
    assert Image.open(png).size == picture_size(load_scene(scene_path), cell=40)
    assert Image.open(png).size[0] == MIN_LEGEND_WIDTH  # 6 x 40 = 240: the legend is wider


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--mover", "nobody"], "footfall: error: unknown creature 'nobody' (known: val)"),
        (["--to", "1,1"], "footfall: error: --action, --to and --speed need --mover ID"),
        (
            ["--mover", "val", "--to", "one,two"],
            "footfall: error: --to expects X,Y (two whole numbers), got 'one,two'",
        ),
        (["--cell", "2"], "footfall: error: cell must be 8 to 200 pixels, got 2"),
        (["--lang", "fr"], "footfall: error: unknown language 'fr' (known: en, ru, zh)"),
    ],
    ids=["unknown-mover", "to-without-mover", "bad-to", "bad-cell", "bad-lang"],
)
def test_render_bad_input_exits_2(tmp_path: Path, args: list[str], message: str) -> None:
    """Bad options give exit 2 and one line naming the bad value."""
    scene_path = _scene_with_mover(tmp_path)
    result = run("render", str(scene_path), "-o", str(tmp_path / "x.png"), *args)
    assert result.exit_code == 2
    assert result.stderr == message + "\n"


def test_default_cell_shrinks_on_big_maps() -> None:
    """40 pixels a square by default; big maps get smaller squares, never under 8."""
    assert [auto_cell(6, 4), auto_cell(100, 100), auto_cell(200, 200), auto_cell(1000, 1000)] == [
        40,
        31,
        15,
        8,
    ]


def test_import_json_without_output_gives_scene_and_warnings(dd2vtt: Path) -> None:
    """--json without -o prints the scene and the warnings as one JSON object."""
    result = run("import", str(dd2vtt), "--system", "pf1e", "--json", "--embed")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert sorted(report) == ["scene", "warnings"]
    assert report["scene"]["background"].startswith("data:image/png;base64,")
    assert len(report["scene"]["walls"]) == 5


def test_render_crop_draws_the_part_around_the_reach(tmp_path: Path) -> None:
    """--crop frames the mover's reach; --window takes explicit squares; not both."""
    scene_path = _scene_with_mover(tmp_path)
    png = tmp_path / "crop.png"
    args = ["render", str(scene_path), "--mover", "val", "-o", str(png), "--json", "--force"]
    report = json.loads(run(*args, "--crop").stdout)
    assert report["window"] == [0, 0, 4, 3]  # reach x 0..2 plus 2 squares, clamped to the map
    report = json.loads(run(*args, "--window", "1,1,2,2", "--cell", "100").stdout)
    assert report["window"] == [1, 1, 2, 2]
    assert Image.open(png).size[0] == MIN_LEGEND_WIDTH  # 2 squares of 100 px: legend wider
    both = run(*args, "--crop", "--window", "0,0,1,1")
    assert both.exit_code == 2
    assert both.stderr == "footfall: error: give --crop or --window, not both\n"


def test_foundry_scene_end_to_end(tmp_path: Path) -> None:
    """Export -> import with its picture -> render with a speed: the door and rubble show."""
    doc = foundry_doc(
        walls=[wall((4, 0), (4, 2)), wall((4, 2), (4, 3), door=1, ds=0), wall((4, 3), (4, 12))],
        tokens=[token("Valeros", 1, 1, 1, 1), token("Ogre", 2, 4, 2, -1)],
        regions=[cost_region("Rubble", [rect_shape(1, 2, 3, 1)], 2)],
    )
    src = tmp_path / "fvtt-Scene-crypt.json"
    src.write_text(json.dumps(doc), encoding="utf-8")
    art = tmp_path / "art.png"
    art.write_bytes(png_bytes(1600, 1200, (90, 90, 90)))
    out = tmp_path / "crypt.json"
    imported = run("import", str(src), "--system", "pf1e", "--background", str(art), "-o", str(out))
    assert imported.exit_code == 0, imported.output
    png = tmp_path / "crypt-reach.png"
    args = ["render", str(out), "--mover", "valeros", "--speed", "30", "-o", str(png)]
    assert run(*args, "--cell", "20").exit_code == 0
    scene = load_scene(out)
    moved = dataclasses.replace(
        scene, creatures=(dataclasses.replace(scene.creatures[0], speed=30), scene.creatures[1])
    )
    costs = {
        tuple(s["at"]): s["cost"] for s in views.reachable(moved, "valeros").to_json()["squares"]
    }
    assert costs[(1, 2)] == 10  # rubble: 5 ft x2 (seed 000)
    assert (5, 1) not in costs  # the closed door at x = 4
    image = Image.open(png).convert("RGB")
    grey = (90, 90, 90)
    tint = tuple(round(g * (1 - REACH_ALPHA / 255) + c * REACH_ALPHA / 255)
                 for g, c in zip(grey, BAND_COLOURS[0], strict=True))  # fmt: skip
    for (x, y), expected in (((3, 0), tint), ((5, 1), grey), ((0, 3), tint)):
        colour = image.getpixel((x * 20 + 4, y * 20 + 4))
        assert all(abs(a - b) <= 3 for a, b in zip(colour, expected, strict=True)), (x, y)


@pytest.mark.parametrize(
    ("name", "content", "extra", "message"),
    [
        (
            "list.dd2vtt",
            b"[1, 2]",
            [],
            "footfall: error: Universal VTT file: expected a JSON object, got array\n",
        ),
        (
            "list.json",
            b"[1, 2]",
            ["--format", "foundry"],
            "footfall: error: Foundry scene: expected a JSON object, got array\n",
        ),
        (
            "digits.dd2vtt",
            b'{"resolution": {"map_size": {"x": ' + b"9" * 5000 + b', "y": 1}}}',
            [],
            "footfall: error: Universal VTT file: not valid JSON: a number of more than 4300 "
            "digits\n",
        ),
    ],
    ids=["uvtt-list", "foundry-list", "huge-integer"],
)
def test_json_that_is_no_object_exits_2(
    tmp_path: Path, name: str, content: bytes, extra: list[str], message: str
) -> None:
    """A JSON list, or an integer too long to read, is one error line and exit 2, no traceback."""
    path = tmp_path / name
    path.write_bytes(content)
    result = run("import", str(path), "--system", "pf1e", *extra)
    assert result.exit_code == 2
    assert result.stderr == message


def test_terrain_overlay_not_utf8_exits_2(dd2vtt: Path, tmp_path: Path) -> None:
    """A binary file given as --terrain is named in one error line, not a UnicodeDecodeError."""
    overlay = tmp_path / "terrain.txt"
    overlay.write_bytes(b"....\n..\x80.\n")
    result = run("import", str(dd2vtt), "--system", "pf1e", "--terrain", str(overlay))
    assert result.exit_code == 2
    assert result.stderr == (
        f"footfall: error: terrain overlay {str(overlay)!r}: not UTF-8 text (byte 7)\n"
    )


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_legend_names_the_action_in_the_chosen_language(tmp_path: Path, lang: str) -> None:
    """The picture's legend title uses the translated action name, not the id 'run'."""
    from footfall.render import reach_overlay
    from footfall.tactical import views

    scene = load_scene(_scene_with_mover(tmp_path))
    reach = views.reachable(scene, "val", "run").to_json(lang)  # type: ignore[arg-type]
    overlay = reach_overlay(reach)
    assert overlay.action == reach["action_name"]
    assert overlay.action != "run"


def test_render_into_a_missing_folder_names_the_path_once(tmp_path: Path) -> None:
    """-o in a folder that does not exist: one line, the path once, the OS reason."""
    scene_path = _scene_with_mover(tmp_path)
    target = tmp_path / "no-such-folder" / "x.png"
    result = run("render", str(scene_path), "-o", str(target))
    assert result.exit_code == 2
    assert result.stderr == (
        f"footfall: error: cannot write {str(target)!r}: No such file or directory\n"
    )


def test_render_of_a_mover_without_speed_says_how_to_give_one(tmp_path: Path) -> None:
    """An imported creature has no speed: the error names --speed, not only the lack."""
    scene_path = _scene_with_mover(tmp_path)
    data = json.loads(scene_path.read_text(encoding="utf-8"))
    del data["creatures"][0]["speed"]
    scene_path.write_text(json.dumps(data), encoding="utf-8")
    result = run("render", str(scene_path), "--mover", "val", "-o", str(tmp_path / "x.png"))
    assert result.exit_code == 2
    assert result.stderr == (
        "footfall: error: mover 'val' has no speed: give --speed N (an imported map carries "
        "no speeds) or add 'speed' to the creature in the scene\n"
    )


def test_render_refuses_speed_for_dh2e_instead_of_ignoring_it(tmp_path: Path) -> None:
    """dh2e movers move by Agility bonus (seed 001): --speed would be silently ignored."""
    src = tmp_path / "crypt.dd2vtt"
    src.write_bytes(uvtt_bytes())
    out = tmp_path / "crypt.json"
    assert run("import", str(src), "--system", "dh2e", "-o", str(out)).exit_code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    data["creatures"] = [{"id": "sister", "at": [1, 1], "size": "medium", "side": "party",
                          "agility_bonus": 3}]  # fmt: skip
    out.write_text(json.dumps(data), encoding="utf-8")
    png = str(tmp_path / "x.png")
    result = run("render", str(out), "--mover", "sister", "--speed", "6", "-o", png)
    assert result.exit_code == 2
    assert result.stderr == (
        "footfall: error: --speed does not apply to dh2e: its movers move by 'agility_bonus' "
        "(set it on the creature in the scene)\n"
    )
    assert run("render", str(out), "--mover", "sister", "-o", png).exit_code == 0


def test_render_at_adds_the_mover_to_an_imported_map(dd2vtt: Path, tmp_path: Path) -> None:
    """Import a UVTT map (no creatures), then `render --mover --at --speed`: the GM's two steps.

    The added mover's reach is the engine's reach of the same scene with it placed by hand.
    """
    from footfall.scene import Creature
    from footfall.tactical import reachable

    scene_path = tmp_path / "crypt.json"
    assert run("import", str(dd2vtt), "--system", "pf1e", "-o", str(scene_path)).exit_code == 0
    png = tmp_path / "reach.png"
    result = run(
        "render", str(scene_path), "--mover", "val", "--at", "1,1", "--speed", "30",
        "-o", str(png), "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    imported = load_scene(scene_path)
    placed = dataclasses.replace(
        imported,
        creatures=(Creature(id="val", at=(1, 1), size="medium", side="party", speed=30),),
    )
    assert report["reachable"] == len(reachable(placed, "val").squares) > 0
    assert Image.open(png).size == (report["width"], report["height"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--at", "1,1"], "--at and --size need --mover ID"),
        (["--mover", "val", "--at", "one,1", "--speed", "30"], "--at expects X,Y"),
        (["--mover", "val", "--at", "99,1", "--speed", "30"], "val"),
        (["--mover", "val", "--size", "large", "--speed", "30"], "--size applies to a mover"),
        (["--mover", "val", "--at", "1,1", "--size", "huge-ish", "--speed", "30"], "huge-ish"),
    ],
)
def test_render_at_bad_input_exits_2(
    dd2vtt: Path, tmp_path: Path, args: list[str], message: str
) -> None:
    """A bad --at/--size is one line naming it, exit 2 (off the map, unknown size...)."""
    scene_path = tmp_path / "crypt.json"
    assert run("import", str(dd2vtt), "--system", "pf1e", "-o", str(scene_path)).exit_code == 0
    result = run("render", str(scene_path), *args, "-o", str(tmp_path / "x.png"))
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("system", "speed", "message"),
    [
        ("pf1e", "31", "--speed 31: a pf1e speed is a multiple of 5 ft"),
        ("dnd35", "32", "--speed 32: a dnd35 speed is a multiple of 5 ft"),
        ("pf1e", "100005", "--speed 100005 is over the limit of 100000"),
        ("drawsteel", "100001", "--speed 100001 is over the limit of 100000"),
        ("pf1e", "-5", "--speed must be 0 or more, got -5"),
    ],
)
def test_render_speed_is_checked_as_a_scene_speed(
    dd2vtt: Path, tmp_path: Path, system: str, speed: str, message: str
) -> None:
    """--speed obeys the scene's speed rules: 5-ft steps in pf1e/dnd35 (RULES.md 1.2), MAX_SPEED."""
    scene_path = tmp_path / "crypt.json"
    assert run("import", str(dd2vtt), "--system", system, "-o", str(scene_path)).exit_code == 0
    png = tmp_path / "x.png"
    result = run("render", str(scene_path), "--mover", "v", "--at", "1,1", "--speed", speed,
                 "-o", str(png))  # fmt: skip
    assert result.exit_code == 2
    assert result.stderr == f"footfall: error: {message}\n"
    assert not png.exists()


def test_render_speed_at_the_bounds_is_drawn(dd2vtt: Path, tmp_path: Path) -> None:
    """--speed 35 (a multiple of 5) and 0 are drawn: the checks refuse only what a scene does."""
    scene_path = tmp_path / "crypt.json"
    assert run("import", str(dd2vtt), "--system", "pf1e", "-o", str(scene_path)).exit_code == 0
    for speed in ("35", "0"):
        result = run("render", str(scene_path), "--mover", "v", "--at", "1,1", "--speed", speed,
                     "-o", str(tmp_path / "x.png"), "--force")  # fmt: skip
        assert result.exit_code == 0, result.output


def test_import_into_a_folder_writes_nothing_and_says_one_line(
    dd2vtt: Path, tmp_path: Path
) -> None:
    """-o naming a folder: one error line (no warning before it), and no picture beside it."""
    folder = tmp_path / "adir"
    folder.mkdir()
    result = run("import", str(dd2vtt), "--system", "pf1e", "-o", str(folder))
    assert result.exit_code == 2
    assert result.stderr == f"footfall: error: cannot write {str(folder)!r}: Is a directory\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir", "crypt.dd2vtt"]
    assert list(folder.iterdir()) == []


def test_import_warnings_follow_the_written_files(dd2vtt: Path, tmp_path: Path) -> None:
    """A successful -o import still prints its warnings on stderr, after writing the scene."""
    out = tmp_path / "crypt.json"
    result = run("import", str(dd2vtt), "--system", "pf1e", "-o", str(out), "--embed")
    assert result.exit_code == 0, result.output
    assert out.exists()
    assert result.stderr.splitlines() == [
        "warning: environment (ambient light, baked lighting) not imported",
        "warning: 1 light(s) not imported (footfall does not model light)",
    ]
