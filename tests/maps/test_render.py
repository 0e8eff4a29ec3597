"""Rendering: picture size, terrain and background, reach tint by band, walls, doors, tokens."""

from __future__ import annotations

import base64
import io
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from footfall.errors import InputError, LimitError
from footfall.render import (
    BAND_COLOURS,
    DOOR_CLOSED_COLOUR,
    DOOR_OPEN_COLOUR,
    PATH_COLOUR,
    REACH_ALPHA,
    SIDE_COLOURS,
    TERRAIN_ALPHA,
    TERRAIN_COLOURS,
    WALL_COLOUR,
    ReachOverlay,
    picture_size,
    reach_window,
    render,
    render_png,
    render_scene,
)
from footfall.scene import parse_scene

CELL = 40


def scene_of(**more: Any) -> Any:
    """A 12x6 pf1e room: a solid block, difficult ground, walls, doors, three creatures."""
    data: dict[str, Any] = {
        "footfall": 1,
        "system": "pf1e",
        "map": [
            "............",
            "..##........",
            "..##..^^....",
            "............",
            "............",
            "............",
        ],
        "walls": [
            {"from": [6, 4], "to": [6, 6]},
            {"from": [8, 0], "to": [8, 1], "door": "closed"},
            {"from": [10, 0], "to": [10, 1], "door": "open"},
            {"from": [0, 5], "to": [1, 6]},
        ],
        "creatures": [
            {"id": "val", "at": [0, 0], "size": "medium", "side": "party", "speed": 30},
            {"id": "ogre", "at": [9, 3], "size": "large", "side": "foes", "speed": 40},
            {"id": "cat", "at": [4, 4], "size": "tiny", "side": "neutral", "speed": 30},
        ],
    }
    data.update(more)
    return parse_scene(data)


def pixel(image: Image.Image, x: int, y: int, dx: int = CELL // 4, dy: int = CELL // 4) -> tuple:
    """Return the RGB of a pixel inside square (x, y), away from its cost text and edges."""
    return image.getpixel((x * CELL + dx, y * CELL + dy))


def blend(under: tuple[int, int, int], over: tuple[int, int, int]) -> tuple[int, int, int]:
    """Return `over` at alpha REACH_ALPHA composited on `under`."""
    a = REACH_ALPHA / 255
    return tuple(round(o * a + u * (1 - a)) for u, o in zip(under, over, strict=True))  # type: ignore[return-value]


def close(a: tuple, b: tuple, tolerance: int = 2) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=True))


def overlay(**more: Any) -> ReachOverlay:
    """A hand-made reach: three squares in band 0, one in band 1, a path along row 3."""
    values: dict[str, Any] = {
        "mover": "val",
        "action": "double-move",
        "unit": "ft",
        "budget": 60,
        "costs": {(1, 0): 5, (0, 1): 5, (1, 1): 5, (5, 3): 35},
        "bands": (("one move", 30), ("two moves", 60), ("a run", 120)),
    }
    values.update(more)
    return ReachOverlay(**values)


def test_picture_is_the_map_at_cell_pixels_plus_the_legend() -> None:
    """Width is columns x cell; the map fills rows x cell; the legend strip lies below."""
    scene = scene_of()
    image = render_scene(scene, cell=CELL)
    assert image.size == picture_size(scene, cell=CELL)
    assert image.size[0] == 12 * CELL
    assert image.size[1] > 6 * CELL
    with_reach = render_scene(scene, reach=overlay(), cell=CELL)
    assert with_reach.size == picture_size(scene, overlay(), cell=CELL)
    assert with_reach.size[1] > image.size[1]  # the bands add legend lines


def test_png_bytes_decode_to_the_same_picture() -> None:
    """`render_png` gives a PNG of the same size."""
    scene = scene_of()
    with Image.open(io.BytesIO(render_png(scene, cell=20))) as image:
        assert image.format == "PNG"
        assert image.size == picture_size(scene, cell=20)


def test_terrain_colours_without_background() -> None:
    """Open, solid and difficult squares are filled with their terrain colours."""
    image = render_scene(scene_of(), cell=CELL)
    assert close(pixel(image, 5, 0), TERRAIN_COLOURS["open"])
    assert close(pixel(image, 2, 1), TERRAIN_COLOURS["wall"])
    assert close(pixel(image, 6, 2), TERRAIN_COLOURS["difficult"])


def test_reachable_squares_are_tinted_by_band() -> None:
    """A reachable square's pixels are the band colour over the map; others are untouched."""
    image = render_scene(scene_of(), reach=overlay(), cell=CELL)
    open_ground = TERRAIN_COLOURS["open"]
    band0 = blend(open_ground, BAND_COLOURS[0])
    band1 = blend(open_ground, BAND_COLOURS[1])
    assert close(pixel(image, 1, 0), band0)
    assert close(pixel(image, 0, 1), band0)
    assert close(pixel(image, 5, 3), band1)
    assert close(pixel(image, 6, 0), open_ground)  # not reachable
    assert close(pixel(image, 3, 3), open_ground)


def test_costs_are_written_in_reachable_squares() -> None:
    """The cost text darkens pixels near the bottom of a reachable square only."""
    image = render_scene(scene_of(), reach=overlay(), cell=CELL)

    def darkest(x: int, y: int) -> int:
        box = (x * CELL + 5, y * CELL + CELL // 2, (x + 1) * CELL - 5, (y + 1) * CELL - 2)
        crop = image.crop(box)
        return min(
            sum(crop.getpixel((i, j))) for i in range(crop.width) for j in range(crop.height)
        )

    assert darkest(5, 3) < 200  # "35" in dark text
    assert darkest(3, 3) > 400  # plain open ground


def test_walls_and_doors_are_drawn_distinctly() -> None:
    """A wall is dark, a closed door brown, an open door light: three different colours."""
    image = render_scene(scene_of(), cell=CELL)
    assert close(image.getpixel((6 * CELL, 5 * CELL)), WALL_COLOUR)
    assert close(image.getpixel((8 * CELL, CELL // 2)), DOOR_CLOSED_COLOUR)
    assert close(image.getpixel((10 * CELL, CELL // 2)), DOOR_OPEN_COLOUR)
    assert len({WALL_COLOUR, DOOR_CLOSED_COLOUR, DOOR_OPEN_COLOUR}) == 3


def test_diagonal_wall_is_drawn_along_its_segment() -> None:
    """The wall (0, 5)-(1, 6) crosses square (0, 5) corner to corner."""
    image = render_scene(scene_of(), cell=CELL)
    assert close(pixel(image, 0, 5, CELL // 2, CELL // 2), WALL_COLOUR)
    assert close(pixel(image, 0, 5, CELL // 4, 3 * CELL // 4), TERRAIN_COLOURS["open"])


def test_creatures_fill_their_space_in_their_side_colour() -> None:
    """A large ogre fills 2x2 squares with the foes' colour; a tiny cat one square."""
    image = render_scene(scene_of(), cell=CELL)
    # Left part of the ogre's disc, clear of its label: squares (9..10, 3..4).
    assert close(image.getpixel((9 * CELL + 10, 4 * CELL)), SIDE_COLOURS["foes"], 3)
    assert close(image.getpixel((4 * CELL + 20, 4 * CELL + 8)), SIDE_COLOURS["neutral"], 3)
    assert close(pixel(image, 11, 5), TERRAIN_COLOURS["open"])


def test_path_is_a_line_through_square_centres() -> None:
    """The path from (0, 0) along row 3 passes through the centre between its squares."""
    path = ((0, 0), (1, 1), (2, 2), (3, 3), (4, 3), (5, 3))
    reach = overlay(path=path, path_cost=35, target=(5, 3))
    image = render_scene(scene_of(), reach=reach, cell=CELL)
    between = (4 * CELL, 3 * CELL + CELL // 2)  # the edge between (3, 3) and (4, 3)
    assert close(image.getpixel(between), PATH_COLOUR)


def test_background_data_url_is_drawn_under_the_grid() -> None:
    """An embedded background picture fills the map; painted terrain is a tint over it."""
    buffer = io.BytesIO()
    Image.new("RGB", (12 * 7, 6 * 7), (10, 120, 200)).save(buffer, format="PNG")
    url = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
    image = render_scene(scene_of(background=url), cell=CELL)
    assert close(pixel(image, 5, 0), (10, 120, 200))  # open ground shows the picture
    # Painted terrain shows as a tint over the picture.
    a = TERRAIN_ALPHA / 255
    tinted = tuple(
        round(w * a + b * (1 - a))
        for w, b in zip(TERRAIN_COLOURS["wall"], (10, 120, 200), strict=True)
    )
    assert close(pixel(image, 2, 1), tinted)
    reached = render_scene(scene_of(background=url), reach=overlay(), cell=CELL)
    assert close(pixel(reached, 1, 0), blend((10, 120, 200), BAND_COLOURS[0]))


def test_background_file_is_read_beside_the_scene(tmp_path: Path) -> None:
    """A relative background path is read from `base_dir`; a missing one is a note."""
    Image.new("RGB", (120, 60), (200, 30, 30)).save(tmp_path / "map.png")
    scene = scene_of(background="map.png")
    image = render_scene(scene, cell=CELL, base_dir=tmp_path)
    assert close(pixel(image, 6, 4), (200, 30, 30))
    missing = render(scene, cell=CELL, base_dir=tmp_path / "elsewhere")
    assert any("not drawn" in note for note in missing.notes)
    assert close(pixel(missing.image, 6, 4), TERRAIN_COLOURS["open"])


def test_background_extent_of_a_foundry_scene_is_respected() -> None:
    """A picture covering 11.5 of 12 columns leaves the last half column open ground."""
    buffer = io.BytesIO()
    Image.new("RGB", (115, 60), (10, 120, 200)).save(buffer, format="PNG")
    url = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
    extra = {"x-import": {"format": "foundry", "extent": ["23/2", "6"]}}
    image = render_scene(scene_of(background=url, **extra), cell=CELL)
    assert close(pixel(image, 11, 0, 5, 5), (10, 120, 200))
    assert close(pixel(image, 11, 0, CELL - 5, 5), TERRAIN_COLOURS["open"])


def test_band_of_costs() -> None:
    """Costs up to each bound fall in that band; beyond the last bound, the last band."""
    reach = overlay()
    assert [reach.band(c) for c in (5, 30, 35, 60, 65, 500)] == [0, 0, 1, 1, 2, 2]
    assert reach.shown_bands() == (("one move", 30), ("two moves", 60))
    assert overlay(budget=Fraction(30)).shown_bands() == (("one move", 30),)


def test_chinese_legend_without_a_cjk_font_falls_back_with_a_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With no font for Chinese the picture is still drawn, in English, and a note says why."""
    import footfall.render as render_module

    monkeypatch.setattr(
        render_module, "find_font", lambda lang: None if lang == "zh" else "/nonexistent.ttf"
    )
    drawn = render(scene_of(), reach=overlay(), cell=CELL, lang="zh")
    assert drawn.image.size[0] == 12 * CELL
    assert drawn.notes == (
        "未找到含中文字形的字体(请安装 fonts-noto-cjk 或 fonts-wqy-zenhei);图例以英文绘制",
    )
    english = render(scene_of(), reach=overlay(), cell=CELL, lang="en")
    assert english.notes == ()


def test_russian_legend_is_drawn() -> None:
    """A Russian legend renders without notes when a Cyrillic font is installed."""
    from footfall.render import find_font

    drawn = render(scene_of(), reach=overlay(), cell=CELL, lang="ru")
    if find_font("ru") is not None:
        assert drawn.notes == ()
    assert drawn.image.size == picture_size(scene_of(), overlay(), cell=CELL, lang="ru")


def test_cell_size_is_checked() -> None:
    """A cell under 8 or over 200 pixels is refused in one line."""
    with pytest.raises(InputError, match="cell must be 8 to 200 pixels, got 4"):
        render_scene(scene_of(), cell=4)


def test_long_legend_lines_wrap_at_spaces_or_between_glyphs() -> None:
    """Words wrap at spaces; a run with no spaces (Chinese) breaks between glyphs."""
    from PIL import ImageFont

    from footfall.render import _wrap

    font = ImageFont.load_default(14)
    room = int(font.getlength("aaaa bbbb"))
    assert _wrap("aaaa bbbb cccc", font, room) == ["aaaa bbbb", "cccc"]
    pieces = _wrap("x" * 30, font, int(font.getlength("x" * 8)))
    assert pieces == ["x" * 8, "x" * 8, "x" * 8, "x" * 6]


def test_window_draws_only_its_squares_at_the_top_left() -> None:
    """window (2, 1, 5, 3) draws 4x3 squares, square (2, 1) at pixel (0, 0)."""
    scene = scene_of()
    image = render_scene(scene, reach=overlay(), cell=100, window=(2, 1, 5, 3))
    assert image.size == picture_size(scene, overlay(), cell=100, window=(2, 1, 5, 3))
    assert image.size[0] == 4 * 100
    # Square (2, 1) is solid ('#'); square (5, 3) is reachable in band 1.
    assert close(image.getpixel((25, 25)), TERRAIN_COLOURS["wall"])
    band1 = blend(TERRAIN_COLOURS["open"], BAND_COLOURS[1])
    assert close(image.getpixel((3 * 100 + 25, 2 * 100 + 25)), band1)


def test_window_crops_the_background_picture() -> None:
    """A window over the right half of the map shows the right half of the picture."""
    picture = Image.new("RGB", (120, 60), (200, 30, 30))
    picture.paste((30, 30, 200), (60, 0, 120, 60))
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG")
    url = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
    image = render_scene(scene_of(background=url), cell=CELL, window=(6, 0, 11, 5))
    assert close(pixel(image, 0, 0), (30, 30, 200))
    assert close(pixel(image, 5, 5), (30, 30, 200))


def test_reach_window_frames_mover_reach_and_path() -> None:
    """The window around a reach spans the mover, its squares and its path, 2 squares wider."""
    reach = overlay(path=((0, 0), (1, 1), (2, 2)), target=(2, 2))
    assert reach_window(scene_of(), reach) == (0, 0, 7, 5)
    assert reach_window(scene_of(), reach, margin=0) == (0, 0, 5, 3)


def test_window_outside_the_map_is_refused() -> None:
    """A window holding no square of the map is an error naming the map's size."""
    with pytest.raises(InputError, match=r"window \[20, 20, 30, 30\] holds no square"):
        render_scene(scene_of(), window=(20, 20, 30, 30))


def test_picture_over_the_pixel_limit_is_refused() -> None:
    """A 1000x1000-square map at 8 pixels a square is over the limit; a window of it is not."""
    big = parse_scene({"footfall": 1, "system": "pf1e", "map": ["." * 1000] * 1000})
    with pytest.raises(LimitError, match="is over the limit of 40000000 pixels"):
        picture_size(big, cell=8)
    assert picture_size(big, cell=8, window=(0, 0, 99, 99))[0] == 800


def test_background_origin_shifts_the_picture() -> None:
    """A Foundry picture offset half a square left (origin -1/2) is drawn half a square left."""
    buffer = io.BytesIO()
    picture = Image.new("RGB", (120, 60), (200, 30, 30))  # 12x6 squares of 10 px
    picture.paste((10, 120, 200), (10, 0, 120, 60))  # red first square, blue from x = 1
    picture.save(buffer, format="PNG")
    url = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()
    extra = {"x-import": {"format": "foundry", "background_origin": ["-1/2", "0"]}}
    image = render_scene(scene_of(background=url, **extra), cell=CELL)
    # Grid x = 0.75 is picture x = 1.25: blue once shifted (it would be red unshifted).
    assert close(pixel(image, 0, 3, CELL * 3 // 4, 5), (10, 120, 200), tolerance=12)
    # The last half column lies past the picture's right edge: open ground.
    assert close(pixel(image, 11, 3, CELL - 4, 5), TERRAIN_COLOURS["open"])


def test_two_hampering_flags_have_their_own_colour_and_legend_line() -> None:
    """An imported x4 square ('*': difficult + poor visibility) is told apart from a x2 one."""
    from footfall.render import _legend_lines

    legend = {"*": {"flags": ["difficult", "poor_visibility"]}}
    scene = parse_scene({"footfall": 1, "system": "pf1e", "map": ["^*.", "..."], "legend": legend})
    image = render_scene(scene, cell=CELL)
    assert not close(pixel(image, 0, 0), pixel(image, 1, 0), tolerance=10)
    texts = [text for text, _ in _legend_lines(scene, None, "en")]
    assert texts == ["difficult terrain", "difficult terrain + poor visibility"]


def test_big_background_warns_nobody_and_a_too_big_one_is_a_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past Pillow's warning size the picture is drawn silently; past its error size, a note."""
    import warnings

    def url_of(width: int, height: int) -> str:
        buffer = io.BytesIO()
        Image.new("RGB", (width, height), (10, 120, 200)).save(buffer, format="PNG")
        return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()

    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 100_000)  # warn past 0.1 M, refuse past 0.2 M
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        drawn = render(scene_of(background=url_of(400, 300)), cell=CELL)
    assert not [w for w in caught if issubclass(w.category, Image.DecompressionBombWarning)]
    assert drawn.notes == ()
    assert close(pixel(drawn.image, 5, 5), (10, 120, 200), tolerance=12)
    drawn = render(scene_of(background=url_of(500, 500)), cell=CELL)
    (note,) = drawn.notes
    assert note.startswith("background 'data:image/png;base64,")
    assert note.endswith(
        "' is over 0.2 megapixels, too big to draw (export the map with fewer pixels per grid); "
        "terrain colours drawn instead"
    )


def test_legend_says_so_when_no_square_is_reachable() -> None:
    """An action with no end square (e.g. a run out of hampered ground) is named, no swatches."""
    from footfall.render import _legend_lines

    lines = _legend_lines(scene_of(), overlay(costs={}), "en")
    texts = [text for text, _ in lines]
    assert texts[:2] == [
        "val: double-move, up to 60 ft",
        "no square where this action may end (see footfall reach for why)",
    ]
    assert not any(swatch == ("fill", BAND_COLOURS[0]) for _, swatch in lines)


def test_the_picture_limit_is_the_callers() -> None:
    """A caller's tighter pixel limit refuses a picture the default allows, naming the window."""
    from footfall.limits import LIMITS

    tight = LIMITS.tighter(pixels=100_000)
    with pytest.raises(LimitError, match="over the limit of 100000 pixels") as caught:
        render_scene(scene_of(), cell=CELL, limits=tight)
    assert str(caught.value).endswith("or draw a window (crop, window)")
    assert render_scene(scene_of(), cell=CELL).size == picture_size(scene_of(), cell=CELL)
