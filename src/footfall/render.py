"""Draw a scene as a PNG: map or background picture, walls, doors, creatures, reach and path.

The picture is laid out on a fixed grid so a program can find any square in it: square
``(x, y)`` covers the pixels ``x*cell .. (x+1)*cell - 1`` across and ``y*cell .. (y+1)*cell - 1``
down; the legend is a strip below the map (`picture_size` gives the whole size). Reachable
squares are tinted with the colour of their cost band (`BAND_COLOURS`, alpha `REACH_ALPHA`)
and carry their cost; the path is a line through the centres of its squares.

>>> from footfall.scene import parse_scene
>>> scene = parse_scene({"footfall": 1, "system": "pf1e", "map": ["...", ".#."]})
>>> render_scene(scene, cell=20).size == picture_size(scene, cell=20)
True
"""

from __future__ import annotations

import base64
import binascii
import io
import math
import shutil
import subprocess
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from footfall.errors import InputError, LimitError
from footfall.i18n import Lang, t
from footfall.limits import LIMITS
from footfall.scene import Flag, LegendEntry, Scene, footprint

__all__ = [
    "BAND_COLOURS",
    "DEFAULT_CELL",
    "DOOR_CLOSED_COLOUR",
    "DOOR_OPEN_COLOUR",
    "MAX_PIXELS",
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
    "terrain_kinds",
]

Colour = tuple[int, int, int]
Square = tuple[int, int]

#: Side of a square in pixels unless the caller says otherwise.
DEFAULT_CELL = 40
#: Narrowest picture: a small map gets a legend this wide (long lines wrap to fit).
MIN_LEGEND_WIDTH = 360
#: Largest picture drawn (width x height, in pixels); bigger asks raise `LimitError`.
MAX_PIXELS = LIMITS.pixels

#: Tint of reachable squares, band by band (band 0 = cheapest).
BAND_COLOURS: tuple[Colour, ...] = (
    (46, 160, 67),
    (235, 190, 30),
    (240, 120, 30),
    (200, 40, 40),
)
#: Opacity (0-255) of the reach tint over the map.
REACH_ALPHA = 120
#: Opacity (0-255) of terrain colours drawn over a background picture.
TERRAIN_ALPHA = 110

_GRID = (0, 0, 0, 40)
WALL_COLOUR: Colour = (25, 25, 25)
DOOR_CLOSED_COLOUR: Colour = (150, 75, 20)
DOOR_OPEN_COLOUR: Colour = (120, 220, 240)
PATH_COLOUR: Colour = (30, 90, 230)
_LEGEND_BG: Colour = (250, 250, 246)
_TEXT: Colour = (20, 20, 20)
SIDE_COLOURS: dict[str, Colour] = {
    "friendly": (60, 120, 220),
    "party": (60, 120, 220),
    "neutral": (230, 200, 60),
    "hostile": (200, 50, 50),
    "foes": (200, 50, 50),
    "secret": (130, 70, 170),
}
_OTHER_SIDES: tuple[Colour, ...] = ((40, 170, 170), (220, 120, 180), (120, 120, 120))

#: Colour of each terrain kind, drawn when the scene has no background picture.
TERRAIN_COLOURS: dict[str, Colour] = {
    "open": (236, 228, 206),
    "wall": (70, 66, 62),
    "impassable": (110, 30, 30),
    "pit": (30, 30, 36),
    "hazardous": (235, 150, 130),
    "difficult": (190, 160, 110),
    "obstacle": (150, 140, 120),
    "poor_visibility": (170, 175, 195),
}
#: Terrain kinds in legend order, with their i18n keys.
_TERRAIN_KEYS = (
    ("wall", "maps.terrain.wall"),
    ("impassable", "maps.terrain.impassable"),
    ("pit", "maps.terrain.pit"),
    ("hazardous", "maps.terrain.hazardous"),
    ("difficult", "maps.terrain.difficult"),
    ("obstacle", "maps.terrain.obstacle"),
    ("poor_visibility", "maps.terrain.poor_visibility"),
)


def terrain_kind(entry: LegendEntry) -> str:
    """Return the kind a legend entry is drawn as: its most telling flag, else ``open``."""
    if entry.impassable:
        return "impassable"
    for kind in ("wall", "pit", "hazardous", "difficult", "obstacle", "poor_visibility"):
        if Flag(kind) in entry.flags:
            return kind
    return "open"


def terrain_kinds(entry: LegendEntry) -> tuple[str, ...]:
    """Return every kind a legend entry shows: one that blocks alone, else each hampering flag.

    An impassable, wall or pit square is just that; otherwise hazardous, difficult, obstacle
    and poor visibility are all listed, so an imported x4 square (difficult + poor
    visibility) does not look like a x2 one.
    """
    first = terrain_kind(entry)
    if first in ("impassable", "wall", "pit", "open"):
        return (first,)
    return tuple(
        kind
        for kind in ("hazardous", "difficult", "obstacle", "poor_visibility")
        if Flag(kind) in entry.flags
    )


def terrain_colour(entry: LegendEntry) -> Colour:
    """Return the fill colour of a square with this legend entry (no background picture).

    An entry of several kinds gets the mean of their colours.
    """
    colours = [TERRAIN_COLOURS[kind] for kind in terrain_kinds(entry)]
    r, g, b = (round(sum(c[i] for c in colours) / len(colours)) for i in range(3))
    return r, g, b


@dataclass(frozen=True, slots=True)
class ReachOverlay:
    """What to draw over the map for one mover and action.

    `costs` maps each square where the mover may end to its least cost (system unit);
    `bands` are ``(label, up_to)`` pairs with ascending bounds (a cost above the previous
    bound and at most ``up_to`` is in that band), e.g. one move, two moves, a run. `path`
    starts at the mover's square; `reason` says why there is none to `target`.
    """

    mover: str
    action: str
    unit: str
    budget: int | Fraction
    costs: Mapping[Square, int | Fraction]
    bands: tuple[tuple[str, int | Fraction], ...]
    path: tuple[Square, ...] = ()
    path_cost: int | Fraction | None = None
    target: Square | None = None
    reason: str | None = None

    def band(self, cost: int | Fraction) -> int:
        """Return the band index of `cost` (the last band for anything beyond the bounds)."""
        last = min(len(self.bands), len(BAND_COLOURS)) - 1
        for i, (_, bound) in enumerate(self.bands):
            if cost <= bound:
                return min(i, last)
        return max(last, 0)

    def shown_bands(self) -> tuple[tuple[str, int | Fraction], ...]:
        """Return the bands the budget reaches into (the legend lists only these)."""
        shown: list[tuple[str, int | Fraction]] = []
        low: int | Fraction = 0
        for label, bound in self.bands[: len(BAND_COLOURS)]:
            if low >= self.budget and shown:
                break
            shown.append((label, bound))
            low = bound
        return tuple(shown)


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


def square_box(x: int, y: int, cell: int) -> tuple[int, int, int, int]:
    """Return the pixel box ``(left, top, right, bottom)`` (inclusive) of square (x, y)."""
    return x * cell, y * cell, (x + 1) * cell - 1, (y + 1) * cell - 1


def auto_cell(width: int, height: int) -> int:
    """Return the default cell: 40 pixels, or less so a big map stays a quarter of the limit.

    >>> auto_cell(6, 4), auto_cell(1000, 1000)
    (40, 8)
    """
    fit = math.isqrt(MAX_PIXELS // 4 // max(1, width * height))
    return max(8, min(DEFAULT_CELL, fit))


def _exact(value: object) -> int | Fraction:
    """Read a JSON number exactly (``"3/2"`` and ``1.5`` are 3/2); a bool is not a number."""
    if isinstance(value, bool):
        raise InputError(f"expected a number, got {value!r}")
    number = Fraction(str(value))
    return int(number) if number.denominator == 1 else number


def reach_overlay(reach: Mapping[str, Any], path: Mapping[str, Any] | None = None) -> ReachOverlay:
    """Build a `ReachOverlay` from the JSON of a reach (and a path) query.

    Reads SCENE.md's shapes (``mover``, ``action`` and its translated ``action_name``,
    ``budget``, ``unit``, ``squares``), the ``bands`` list of the tactical engine (``label``
    and ``up_to`` each), and a path's ``found``, ``path``, ``cost``, ``to`` and ``reason``.
    The CLI's ``footfall render`` and the API's ``/api/render`` both draw through it.
    """
    costs = {(int(s["at"][0]), int(s["at"][1])): _exact(s["cost"]) for s in reach["squares"]}
    bands = tuple((str(b.get("label", "")), _exact(b["up_to"])) for b in reach.get("bands", []))
    budget = _exact(reach["budget"])
    # The legend names the action in the reader's language (``action_name``), not its id.
    action = str(reach.get("action_name") or reach["action"])
    if not bands or bands[-1][1] < budget:
        bands = (*bands, (action, budget))
    squares: tuple[Square, ...] = ()
    cost = None
    target = None
    reason = None
    if path is not None:
        target = (int(path["to"][0]), int(path["to"][1]))
        if path.get("found"):
            squares = tuple((int(p[0]), int(p[1])) for p in path["path"])
            cost = _exact(path["cost"])
        else:
            reason = str(path.get("reason") or "") or None
    return ReachOverlay(
        mover=str(reach["mover"]),
        action=action,
        unit=str(reach["unit"]),
        budget=budget,
        costs=costs,
        bands=bands,
        path=squares,
        path_cost=cost,
        target=target,
        reason=reason,
    )


# ---------------------------------------------------------------------------------------------
# Fonts
# ---------------------------------------------------------------------------------------------

_FONT_CANDIDATES: dict[str, tuple[str, ...]] = {
    "latin": (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    ),
    "zh": (
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/truetype/arphic/uming.ttc",
    ),
}


@cache
def find_font(lang: Lang) -> str | None:
    """Return the path of a font with the glyphs of `lang`, or None when there is none.

    Latin and Cyrillic (en, ru): DejaVu Sans or Liberation Sans. Chinese: Noto Sans CJK or
    WenQuanYi (Debian ``fonts-noto-cjk`` / ``fonts-wqy-zenhei``), else whatever
    ``fc-list :lang=zh`` names.
    """
    key = "zh" if lang == "zh" else "latin"
    for candidate in _FONT_CANDIDATES[key]:
        if Path(candidate).is_file():
            return candidate
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return None
    query = ":lang=zh" if lang == "zh" else ":lang=ru"
    try:
        out = subprocess.run(
            [fc_list, query, "file"], capture_output=True, text=True, timeout=5, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    files = sorted(line.split(":")[0].strip() for line in out.splitlines() if line.strip())
    return files[0] if files else None


def _font(path: str | None, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    if path is not None:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            pass
    return ImageFont.load_default(size)


# ---------------------------------------------------------------------------------------------
# Layout
# ---------------------------------------------------------------------------------------------


def _line_height(cell: int) -> int:
    return max(14, min(28, cell // 2 + 4))


Window = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class _View:
    """The squares drawn: columns x0..x0+w-1, rows y0..y0+h-1, `cell` pixels each."""

    x0: int
    y0: int
    w: int
    h: int
    cell: int

    def px(self, gx: float | Fraction, gy: float | Fraction) -> tuple[float, float]:
        """Return the picture pixel of grid point (gx, gy)."""
        return float(gx - self.x0) * self.cell, float(gy - self.y0) * self.cell

    def holds(self, x: int, y: int) -> bool:
        """Tell whether square (x, y) is drawn."""
        return self.x0 <= x < self.x0 + self.w and self.y0 <= y < self.y0 + self.h


def _view(scene: Scene, window: Window | None, cell: int) -> _View:
    if window is None:
        return _View(0, 0, scene.width, scene.height, cell)
    x0, y0, x1, y1 = window
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(scene.width - 1, x1), min(scene.height - 1, y1)
    if x1 < x0 or y1 < y0:
        raise InputError(
            f"window {list(window)} holds no square of the {scene.width}x{scene.height} map"
        )
    return _View(x0, y0, x1 - x0 + 1, y1 - y0 + 1, cell)


@dataclass(frozen=True, slots=True)
class _Layout:
    lines: list[tuple[str, tuple[str, Colour | None]]]
    font_path: str | None
    line_h: int
    map_size: tuple[int, int]
    size: tuple[int, int]
    notes: tuple[str, ...]


def _layout(
    scene: Scene, reach: ReachOverlay | None, cell: int, lang: Lang, view: _View | None = None
) -> _Layout:
    """Work out the legend (language, font, lines) and the picture's size."""
    if not 8 <= cell <= 200:
        raise InputError(f"cell must be 8 to 200 pixels, got {cell}")
    notes: list[str] = []
    font_path = find_font(lang)
    legend_lang: Lang = lang
    if lang == "zh" and font_path is None:
        notes.append(t("maps.note.no_cjk_font", lang))
        legend_lang = "en"
        font_path = find_font("en")
    lines = _legend_lines(scene, reach, legend_lang)
    line_h = _line_height(cell)
    font = _font(font_path, _legend_font_size(line_h))
    view = view or _View(0, 0, scene.width, scene.height, cell)
    map_w, map_h = view.w * cell, view.h * cell
    width = max(map_w, MIN_LEGEND_WIDTH)
    room = width - (6 + (line_h - 6) + 6) - 8
    wrapped: list[tuple[str, tuple[str, Colour | None]]] = []
    for text, swatch in lines:
        for i, part in enumerate(_wrap(text, font, room)):
            wrapped.append((part, swatch if i == 0 else ("indent", None)))
    lines = wrapped
    height = map_h + (len(lines) + 1) * line_h
    if width * height > MAX_PIXELS:
        raise LimitError(
            f"picture of {width}x{height} pixels is over the limit of {MAX_PIXELS} pixels; "
            f"use a smaller cell (now {cell} pixels a square, 8 the least) or draw a window "
            "(--crop, --window)"
        )
    return _Layout(lines, font_path, line_h, (map_w, map_h), (width, height), tuple(notes))


def _wrap(text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont, room: int) -> list[str]:
    """Break `text` into lines no wider than `room` pixels: at spaces, else between glyphs."""
    out: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if font.getlength(candidate) <= room:
            line = candidate
            continue
        if line:
            out.append(line)
        line = ""
        for char in word:  # a word (or CJK run) wider than the room breaks between glyphs
            if line and font.getlength(line + char) > room:
                out.append(line)
                line = ""
            line += char
    out.append(line)
    return out


def _legend_font_size(line_h: int) -> int:
    return max(10, line_h - 6)


def picture_size(
    scene: Scene,
    reach: ReachOverlay | None = None,
    cell: int = DEFAULT_CELL,
    lang: Lang = "en",
    window: Window | None = None,
) -> tuple[int, int]:
    """Return the ``(width, height)`` in pixels of the picture `render` draws.

    The map takes ``scene.width * cell`` x ``scene.height * cell`` pixels at the top left;
    the legend strip below it is one line per entry (long entries wrap) plus one line of
    margin; the picture is `MIN_LEGEND_WIDTH` wide when the map is narrower.
    """
    return _layout(scene, reach, cell, lang, _view(scene, window, cell)).size


def _legend_lines(
    scene: Scene, reach: ReachOverlay | None, lang: Lang
) -> list[tuple[str, tuple[str, Colour | None]]]:
    """Return the legend as (text, (swatch kind, colour)) lines."""
    lines: list[tuple[str, tuple[str, Colour | None]]] = []
    if reach is not None:
        unit = _unit(reach.unit, lang)
        lines.append(
            (
                t(
                    "maps.legend.reach",
                    lang,
                    mover=reach.mover,
                    action=reach.action,
                    budget=_num(reach.budget),
                    unit=unit,
                ),
                ("none", None),
            )
        )
        if not reach.costs:
            # Nothing is tinted: say so instead of listing colours that appear nowhere.
            lines.append((t("maps.legend.nothing_reachable", lang), ("none", None)))
        for i, (label, bound) in enumerate(reach.shown_bands() if reach.costs else ()):
            text = t("maps.legend.band", lang, label=label, high=_num(bound), unit=unit)
            lines.append((text, ("fill", BAND_COLOURS[i])))
        if reach.target is not None:
            tx, ty = reach.target
            if reach.path:
                cost = _num(reach.path_cost if reach.path_cost is not None else 0)
                text = t("maps.legend.path", lang, x=tx, y=ty, cost=cost, unit=unit)
            else:
                text = t("maps.legend.no_path", lang, x=tx, y=ty)
                if reach.reason:
                    text = f"{text}: {reach.reason}"
            lines.append((text, ("line", PATH_COLOUR)))
    keys = dict(_TERRAIN_KEYS)
    order = [kind for kind, _ in _TERRAIN_KEYS]
    shown: dict[tuple[str, ...], Colour] = {}
    for char in {c for row in set(scene.rows) for c in set(row)}:
        entry = scene.legend[char]
        kinds = terrain_kinds(entry)
        if kinds != ("open",):
            shown[kinds] = terrain_colour(entry)
    for kinds in sorted(shown, key=lambda ks: [order.index(k) for k in ks]):
        text = " + ".join(t(keys[kind], lang) for kind in kinds)
        lines.append((text, ("fill", shown[kinds])))
    if any(w.door is None for w in scene.walls):
        lines.append((t("maps.legend.wall", lang), ("line", WALL_COLOUR)))
    if any(w.door == "closed" for w in scene.walls):
        lines.append((t("maps.legend.door_closed", lang), ("line", DOOR_CLOSED_COLOUR)))
    if any(w.door == "open" for w in scene.walls):
        lines.append((t("maps.legend.door_open", lang), ("line", DOOR_OPEN_COLOUR)))
    return lines


def _unit(unit: str, lang: Lang) -> str:
    key = f"common.unit.{unit}"
    try:
        return t(key, lang)
    except KeyError:
        return unit


def _num(value: int | Fraction) -> str:
    if isinstance(value, int) or value.denominator == 1:
        return str(int(value))
    return f"{float(value):g}"


# ---------------------------------------------------------------------------------------------
# Drawing
# ---------------------------------------------------------------------------------------------


def render_scene(
    scene: Scene,
    *,
    reach: ReachOverlay | None = None,
    cell: int = DEFAULT_CELL,
    lang: Lang = "en",
    base_dir: str | Path | None = None,
    window: Window | None = None,
) -> Image.Image:
    """Draw `scene` (and `reach`, if given) and return the RGB picture; see `render`."""
    return render(scene, reach=reach, cell=cell, lang=lang, base_dir=base_dir, window=window).image


def render_png(
    scene: Scene,
    *,
    reach: ReachOverlay | None = None,
    cell: int = DEFAULT_CELL,
    lang: Lang = "en",
    base_dir: str | Path | None = None,
    window: Window | None = None,
) -> bytes:
    """Draw `scene` and return PNG bytes; see `render`."""
    return render(scene, reach=reach, cell=cell, lang=lang, base_dir=base_dir, window=window).png()


def reach_window(scene: Scene, reach: ReachOverlay, margin: int = 2) -> Window:
    """Return the squares around the mover, its reach and its path, `margin` squares wider."""
    squares = list(reach.costs) + list(reach.path)
    if reach.target is not None:
        squares.append(reach.target)
    for creature in scene.creatures:
        if creature.id == reach.mover:
            side = footprint(scene, creature)
            x, y = creature.at
            squares += [(x, y), (x + side - 1, y + side - 1)]
    if not squares:
        return (0, 0, scene.width - 1, scene.height - 1)
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    return (
        max(0, min(xs) - margin),
        max(0, min(ys) - margin),
        min(scene.width - 1, max(xs) + margin),
        min(scene.height - 1, max(ys) + margin),
    )


def render(
    scene: Scene,
    *,
    reach: ReachOverlay | None = None,
    cell: int = DEFAULT_CELL,
    lang: Lang = "en",
    base_dir: str | Path | None = None,
    window: Window | None = None,
) -> Rendered:
    """Draw `scene`: background or terrain, grid, reach tint and costs, walls, doors,
    creatures, path, and a legend in `lang` below the map.

    `cell` is the side of a square in pixels (8 to 200). `base_dir` is where a relative
    `scene.background` path is looked up (the scene file's folder). `window`
    ``(x0, y0, x1, y1)`` draws only those squares (inclusive; `reach_window` gives the part
    around a mover), square (x0, y0) at the picture's top left. A background that cannot
    be read, or a language whose glyphs no installed font has, is reported in
    `Rendered.notes`, and the picture is drawn anyway (terrain colours, English legend).
    """
    view = _view(scene, window, cell)
    layout = _layout(scene, reach, cell, lang, view)
    notes = list(layout.notes)
    font_path, line_h = layout.font_path, layout.line_h
    width, height = layout.map_size
    image = Image.new("RGB", (width, height), TERRAIN_COLOURS["open"])
    background = _background(scene, base_dir, notes, lang)
    if background is not None:
        _paste_background(image, background, _placement(scene), view)
    else:
        _draw_terrain(ImageDraw.Draw(image), scene, view)
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    odraw = ImageDraw.Draw(overlay)
    if background is not None:
        # Terrain painted over an imported picture shows as a tint, so the picture stays visible.
        _draw_terrain(odraw, scene, view, alpha=TERRAIN_ALPHA)
    for x in range(view.w + 1):
        odraw.line((x * cell, 0, x * cell, height - 1), fill=_GRID)
    for y in range(view.h + 1):
        odraw.line((0, y * cell, width - 1, y * cell), fill=_GRID)
    if reach is not None:
        for (x, y), cost in reach.costs.items():
            if view.holds(x, y):
                colour = BAND_COLOURS[reach.band(cost)]
                left, top, right, bottom = square_box(x - view.x0, y - view.y0, cell)
                odraw.rectangle((left + 1, top + 1, right, bottom), fill=(*colour, REACH_ALPHA))
    image = Image.alpha_composite(image.convert("RGBA"), overlay).convert("RGB")
    draw = ImageDraw.Draw(image)
    small = _font(font_path, max(8, cell // 3))
    if reach is not None and cell >= 16:
        for (x, y), cost in sorted(reach.costs.items()):
            if view.holds(x, y):
                cx, cy = view.px(x + 0.5, y + 1)
                draw.text((cx, cy - max(2, cell // 10)), _num(cost), fill=_TEXT, font=small,
                          anchor="ms")  # fmt: skip
    _draw_walls(draw, scene, view)
    _draw_creatures(draw, scene, view, reach, small)
    if reach is not None and len(reach.path) > 1:
        centres = [view.px(x + 0.5, y + 0.5) for x, y in reach.path]
        draw.line(centres, fill=PATH_COLOUR, width=max(2, cell // 12), joint="curve")
        r = max(2, cell // 10)
        tx, ty = centres[-1]
        draw.ellipse((tx - r, ty - r, tx + r, ty + r), fill=PATH_COLOUR)
    picture = Image.new("RGB", layout.size, _LEGEND_BG)
    picture.paste(image, (0, 0))
    legend_font = _font(font_path, _legend_font_size(line_h))
    _draw_legend(ImageDraw.Draw(picture), layout.lines, height, line_h, legend_font)
    return Rendered(picture, tuple(notes))


def _paste_background(
    image: Image.Image, background: Image.Image, placed: _Placement, view: _View
) -> None:
    """Stretch the picture over its extent from its origin and paste the part the view shows."""
    cell = view.cell
    full_w = max(1, round(placed.extent[0] * cell))
    full_h = max(1, round(placed.extent[1] * cell))
    # The picture's top-left and the view's, in pixels of the whole map at this cell.
    pic_x, pic_y = round(placed.origin[0] * cell), round(placed.origin[1] * cell)
    view_x, view_y = view.x0 * cell, view.y0 * cell
    left, top = max(view_x, pic_x), max(view_y, pic_y)
    right = min(view_x + image.width, pic_x + full_w)
    bottom = min(view_y + image.height, pic_y + full_h)
    if right <= left or bottom <= top:
        return
    sx, sy = background.width / full_w, background.height / full_h
    box = ((left - pic_x) * sx, (top - pic_y) * sy, (right - pic_x) * sx, (bottom - pic_y) * sy)
    part = background.convert("RGB").resize(
        (right - left, bottom - top), Image.Resampling.LANCZOS, box=box
    )
    image.paste(part, (left - view_x, top - view_y))


@dataclass(frozen=True, slots=True)
class _Placement:
    """Where the background picture lies, in squares: its top-left corner and its size."""

    origin: tuple[Fraction, Fraction]
    extent: tuple[Fraction, Fraction]


def _placement(scene: Scene) -> _Placement:
    """Return where the picture lies: the whole map, unless the import recorded otherwise.

    ``x-import.extent`` is the size the picture covers (a Foundry scene whose width is not a
    whole number of squares), ``x-import.background_origin`` its top-left corner (a Foundry
    background offset); both in squares, as exact fraction strings.
    """
    origin = (Fraction(0), Fraction(0))
    extent = (Fraction(scene.width), Fraction(scene.height))
    info = scene.extra.get("x-import")
    if isinstance(info, Mapping):
        origin = _pair(info.get("background_origin")) or origin
        extent = _pair(info.get("extent")) or extent
    return _Placement(origin, extent)


def _pair(value: object) -> tuple[Fraction, Fraction] | None:
    if isinstance(value, list) and len(value) == 2:
        try:
            return Fraction(str(value[0])), Fraction(str(value[1]))
        except (ValueError, ZeroDivisionError):
            return None
    return None


def _background(
    scene: Scene, base_dir: str | Path | None, notes: list[str], lang: Lang
) -> Image.Image | None:
    """Open the scene's background picture, or note why it cannot be used."""
    ref = scene.background
    if ref is None:
        return None
    try:
        if ref.startswith("data:"):
            header, _, payload = ref.partition(",")
            if ";base64" not in header:
                notes.append(t("maps.note.background_url", lang))
                return None
            data = base64.b64decode(payload, validate=False)
        else:
            path = Path(ref)
            if not path.is_absolute():
                path = Path(base_dir or ".") / path
            data = path.read_bytes()
        with warnings.catch_warnings():
            # Pillow warns on stderr past MAX_IMAGE_PIXELS (89 M): high-resolution map exports
            # are that big; only its error, at twice that, stops the picture (noted below).
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
            image.load()
        return image
    except Image.DecompressionBombError:
        shown = ref if len(ref) <= 60 else ref[:57] + "..."
        limit = f"{2 * (Image.MAX_IMAGE_PIXELS or 0) / 1_000_000:.3g}"
        notes.append(t("maps.note.background_too_big", lang, ref=repr(shown), limit=limit))
        return None
    except (OSError, binascii.Error, ValueError) as exc:
        shown = ref if len(ref) <= 60 else ref[:57] + "..."
        notes.append(t("maps.note.background", lang, ref=repr(shown), error=exc.__class__.__name__))
        return None


def _draw_terrain(
    draw: ImageDraw.ImageDraw, scene: Scene, view: _View, alpha: int | None = None
) -> None:
    """Fill squares with their terrain colours; with `alpha`, tint all but open ground."""
    colours = {char: terrain_colour(entry) for char, entry in scene.legend.items()}
    cell = view.cell
    for y in range(view.y0, view.y0 + view.h):
        row = scene.rows[y][view.x0 : view.x0 + view.w]
        top = (y - view.y0) * cell
        x = 0
        while x < len(row):
            char, start = row[x], x
            while x < len(row) and row[x] == char:
                x += 1
            box = (start * cell, top, x * cell - 1, top + cell - 1)
            if alpha is None:
                draw.rectangle(box, colours[char])
            elif colours[char] != TERRAIN_COLOURS["open"]:
                draw.rectangle(box, (*colours[char], alpha))


def _draw_walls(draw: ImageDraw.ImageDraw, scene: Scene, view: _View) -> None:
    thick = max(2, view.cell // 8)
    for wall in scene.walls:
        a, b = view.px(*wall.start), view.px(*wall.end)
        if wall.door is None:
            draw.line((a, b), fill=WALL_COLOUR, width=thick)
        elif wall.door == "closed":
            draw.line((a, b), fill=WALL_COLOUR, width=thick + 4)
            draw.line((a, b), fill=DOOR_CLOSED_COLOUR, width=thick + 2)
        else:
            # An open door: a thin light line with the door's ends marked.
            draw.line((a, b), fill=DOOR_OPEN_COLOUR, width=max(1, thick // 2))
            r = max(2, thick)
            for px, py in (a, b):
                draw.rectangle(
                    (px - r, py - r, px + r, py + r), outline=DOOR_CLOSED_COLOUR, width=1
                )


def _side_colours(scene: Scene) -> dict[str, Colour]:
    colours: dict[str, Colour] = {}
    spare = iter(_OTHER_SIDES * (len(scene.creatures) + 1))
    for creature in scene.creatures:
        if creature.side not in colours:
            colours[creature.side] = SIDE_COLOURS.get(creature.side) or next(spare)
    return colours


def _draw_creatures(
    draw: ImageDraw.ImageDraw,
    scene: Scene,
    view: _View,
    reach: ReachOverlay | None,
    font: ImageFont.FreeTypeFont | ImageFont.ImageFont,
) -> None:
    colours = _side_colours(scene)
    cell = view.cell
    for creature in scene.creatures:
        side = footprint(scene, creature)
        x0, y0 = creature.at
        left, top = view.px(x0, y0)
        inset = max(2, cell // 8)
        box = (left + inset, top + inset, left + side * cell - inset, top + side * cell - inset)
        is_mover = reach is not None and creature.id == reach.mover
        outline = (255, 255, 255) if is_mover else (20, 20, 20)
        width = max(2, cell // 10) if is_mover else 1
        draw.ellipse(box, fill=colours[creature.side], outline=outline, width=width)
        if cell >= 16:
            label = creature.id if len(creature.id) <= 3 * side + 1 else creature.id[: 3 * side]
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            draw.text(
                centre, label, fill=(255, 255, 255), font=font, anchor="mm",
                stroke_width=1, stroke_fill=(0, 0, 0),
            )  # fmt: skip


def _draw_legend(
    draw: ImageDraw.ImageDraw,
    lines: Sequence[tuple[str, tuple[str, Colour | None]]],
    top: int,
    line_h: int,
    font: ImageFont.FreeTypeFont | ImageFont.ImageFont,
) -> None:
    y = top + line_h // 2
    swatch = line_h - 6
    for text, (kind, colour) in lines:
        x = 6
        if kind == "fill" and colour is not None:
            draw.rectangle((x, y, x + swatch, y + swatch), fill=colour, outline=_TEXT)
            x += swatch + 6
        elif kind == "line" and colour is not None:
            mid = y + swatch // 2
            draw.line((x, mid, x + swatch, mid), fill=colour, width=4)
            x += swatch + 6
        elif kind == "indent":
            x += swatch + 6
        draw.text((x, y + swatch // 2), text, fill=_TEXT, font=font, anchor="lm")
        y += line_h
