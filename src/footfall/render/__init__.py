"""Draw a scene as a PNG: map or background picture, walls, doors, creatures, reach and path.

The picture is laid out on a fixed grid so a program can find any square in it: square
``(x, y)`` covers the pixels ``x*cell .. (x+1)*cell - 1`` across and ``y*cell .. (y+1)*cell - 1``
down; the legend is a strip below the map (`picture_size` gives the whole size). Reachable
squares are tinted with the colour of their cost band (`BAND_COLOURS`, alpha `REACH_ALPHA`)
and carry their cost; the path is a line through the centres of its squares.

The package draws in layers, one module each: `_palette` (colours), `_view` (which squares,
which pixels), `_overlay` (the reach and path to draw), `_background` (the picture under the
map), `_drawing` (terrain, grid, reach, walls, creatures, path), `_legend`, `_fonts`.

>>> from footfall.scene import parse_scene
>>> scene = parse_scene({"footfall": 1, "system": "pf1e", "map": ["...", ".#."]})
>>> render_scene(scene, cell=20).size == picture_size(scene, cell=20)
True
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image, ImageDraw

from footfall.errors import InputError, LimitError, Param
from footfall.i18n import Lang, t
from footfall.limits import LIMITS, Limits
from footfall.render._background import open_background, paste_background, placement
from footfall.render._drawing import (
    draw_costs,
    draw_creatures,
    draw_grid,
    draw_path,
    draw_reach,
    draw_terrain,
    draw_walls,
)
from footfall.render._fonts import find_font, font
from footfall.render._fonts import wrap as _wrap
from footfall.render._legend import Line, draw_legend
from footfall.render._legend import legend_lines as _legend_lines
from footfall.render._overlay import ReachOverlay, reach_overlay, reach_window
from footfall.render._palette import (
    BAND_COLOURS,
    DOOR_CLOSED_COLOUR,
    DOOR_OPEN_COLOUR,
    LEGEND_BG,
    PATH_COLOUR,
    REACH_ALPHA,
    SIDE_COLOURS,
    TERRAIN_ALPHA,
    TERRAIN_COLOURS,
    WALL_COLOUR,
    terrain_colour,
    terrain_kind,
    terrain_kinds,
)
from footfall.render._view import (
    DEFAULT_CELL,
    View,
    Window,
    auto_cell,
    legend_font_size,
    line_height,
    square_box,
    view,
)
from footfall.scene import Scene

__all__ = [
    "BAND_COLOURS",
    "DEFAULT_CELL",
    "DOOR_CLOSED_COLOUR",
    "DOOR_OPEN_COLOUR",
    "MIN_LEGEND_WIDTH",
    "PATH_COLOUR",
    "REACH_ALPHA",
    "SIDE_COLOURS",
    "TERRAIN_ALPHA",
    "TERRAIN_COLOURS",
    "WALL_COLOUR",
    "ReachOverlay",
    "Rendered",
    "Window",
    "auto_cell",
    "find_font",
    "picture_size",
    "reach_overlay",
    "reach_window",
    "render",
    "render_png",
    "render_scene",
    "square_box",
    "terrain_colour",
    "terrain_kind",
    "terrain_kinds",
]

#: Narrowest picture: a small map gets a legend this wide (long lines wrap to fit).
MIN_LEGEND_WIDTH = 360
#: Sides of a square the picture may use, in pixels.
_CELL_RANGE = (8, 200)


@dataclass(frozen=True, slots=True)
class Rendered:
    """A drawn picture and what the caller should know about it (missing font, picture)."""

    image: Image.Image
    notes: tuple[str, ...] = field(default=())

    def png(self) -> bytes:
        """Return the picture as PNG bytes."""
        buffer = io.BytesIO()
        self.image.save(buffer, format="PNG", optimize=False)
        return buffer.getvalue()


@dataclass(frozen=True, slots=True)
class _Layout:
    """The picture's legend lines (wrapped), font, line height and sizes, and its notes."""

    lines: tuple[Line, ...]
    font_path: str | None
    line_h: int
    map_size: tuple[int, int]
    size: tuple[int, int]
    notes: tuple[str, ...]


def _layout(
    scene: Scene,
    reach: ReachOverlay | None,
    cell: int,
    lang: Lang,
    shown: View | None = None,
    *,
    limits: Limits = LIMITS,
) -> _Layout:
    """Work out the legend (language, font, lines) and the picture's size."""
    low, high = _CELL_RANGE
    if not low <= cell <= high:
        raise InputError(
            "error.maps.render-cell", param=Param("cell"), value=cell, low=low, high=high
        )
    notes: list[str] = []
    font_path = find_font(lang)
    legend_lang: Lang = lang
    if lang == "zh" and font_path is None:
        notes.append(t("maps.note.no_cjk_font", lang))
        legend_lang = "en"
        font_path = find_font("en")
    lines = _legend_lines(scene, reach, legend_lang)
    line_h = line_height(cell)
    legend_font = font(font_path, legend_font_size(line_h))
    shown = shown or View(0, 0, scene.width, scene.height, cell)
    map_w, map_h = shown.w * cell, shown.h * cell
    width = max(map_w, MIN_LEGEND_WIDTH)
    room = width - (6 + (line_h - 6) + 6) - 8
    wrapped: list[Line] = []
    for text, swatch in lines:
        for i, part in enumerate(_wrap(text, legend_font, room)):
            wrapped.append((part, swatch if i == 0 else ("indent", None)))
    height = map_h + (len(wrapped) + 1) * line_h
    if width * height > limits.pixels:
        raise LimitError(
            "error.maps.render-pixels",
            width=width,
            height=height,
            limit=limits.pixels,
            cell=cell,
            least=low,
            crop=Param("crop"),
            window=Param("window"),
        )
    return _Layout(tuple(wrapped), font_path, line_h, (map_w, map_h), (width, height), tuple(notes))


def picture_size(
    scene: Scene,
    reach: ReachOverlay | None = None,
    cell: int = DEFAULT_CELL,
    lang: Lang = "en",
    window: Window | None = None,
    *,
    limits: Limits = LIMITS,
) -> tuple[int, int]:
    """Return the ``(width, height)`` in pixels of the picture `render` draws.

    The map takes ``scene.width * cell`` x ``scene.height * cell`` pixels at the top left;
    the legend strip below it is one line per entry (long entries wrap) plus one line of
    margin; the picture is `MIN_LEGEND_WIDTH` wide when the map is narrower.
    """
    return _layout(scene, reach, cell, lang, view(scene, window, cell), limits=limits).size


def render_scene(
    scene: Scene,
    *,
    reach: ReachOverlay | None = None,
    cell: int = DEFAULT_CELL,
    lang: Lang = "en",
    base_dir: str | Path | None = None,
    window: Window | None = None,
    limits: Limits = LIMITS,
) -> Image.Image:
    """Draw `scene` (and `reach`, if given) and return the RGB picture; see `render`."""
    return render(
        scene, reach=reach, cell=cell, lang=lang, base_dir=base_dir, window=window, limits=limits
    ).image


def render_png(
    scene: Scene,
    *,
    reach: ReachOverlay | None = None,
    cell: int = DEFAULT_CELL,
    lang: Lang = "en",
    base_dir: str | Path | None = None,
    window: Window | None = None,
    limits: Limits = LIMITS,
) -> bytes:
    """Draw `scene` and return PNG bytes; see `render`."""
    return render(
        scene, reach=reach, cell=cell, lang=lang, base_dir=base_dir, window=window, limits=limits
    ).png()


def render(
    scene: Scene,
    *,
    reach: ReachOverlay | None = None,
    cell: int = DEFAULT_CELL,
    lang: Lang = "en",
    base_dir: str | Path | None = None,
    window: Window | None = None,
    limits: Limits = LIMITS,
) -> Rendered:
    """Draw `scene`: background or terrain, grid, reach tint and costs, walls, doors,
    creatures, path, and a legend in `lang` below the map.

    `cell` is the side of a square in pixels (8 to 200). `base_dir` is where a relative
    `scene.background` path is looked up (the scene file's folder). `window`
    ``(x0, y0, x1, y1)`` draws only those squares (inclusive; `reach_window` gives the part
    around a mover), square (x0, y0) at the picture's top left. A picture over
    `limits.pixels` pixels raises `LimitError`. A background that cannot be read, or a
    language whose glyphs no installed font has, is reported in `Rendered.notes`, and the
    picture is drawn anyway (terrain colours, English legend).
    """
    shown = view(scene, window, cell)
    layout = _layout(scene, reach, cell, lang, shown, limits=limits)
    notes = list(layout.notes)
    width, height = layout.map_size
    image = Image.new("RGB", (width, height), TERRAIN_COLOURS["open"])
    background = open_background(scene, base_dir, notes, lang, limits)
    if background is not None:
        paste_background(image, background, placement(scene), shown)
    else:
        draw_terrain(ImageDraw.Draw(image), scene, shown)
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    odraw = ImageDraw.Draw(overlay)
    if background is not None:
        # Terrain painted over an imported picture shows as a tint, so the picture stays visible.
        draw_terrain(odraw, scene, shown, alpha=TERRAIN_ALPHA)
    draw_grid(odraw, shown, width, height)
    if reach is not None:
        draw_reach(odraw, shown, reach)
    image = Image.alpha_composite(image.convert("RGBA"), overlay).convert("RGB")
    draw = ImageDraw.Draw(image)
    small = font(layout.font_path, max(8, cell // 3))
    if reach is not None and cell >= 16:
        draw_costs(draw, shown, reach, small)
    draw_walls(draw, scene, shown)
    draw_creatures(draw, scene, shown, reach, small)
    if reach is not None and len(reach.path) > 1:
        draw_path(draw, shown, reach.path)
    picture = Image.new("RGB", layout.size, LEGEND_BG)
    picture.paste(image, (0, 0))
    legend_font = font(layout.font_path, legend_font_size(layout.line_h))
    draw_legend(ImageDraw.Draw(picture), layout.lines, height, layout.line_h, legend_font)
    return Rendered(picture, tuple(notes))
