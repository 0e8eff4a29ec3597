"""Write a picture's legend: the mover and its bands, the path, terrain kinds, walls, doors."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from PIL import ImageDraw

from footfall.i18n import Lang, t
from footfall.render._fonts import Font
from footfall.render._overlay import ReachOverlay
from footfall.render._palette import (
    BAND_COLOURS,
    DOOR_CLOSED_COLOUR,
    DOOR_OPEN_COLOUR,
    PATH_COLOUR,
    TERRAIN_KEYS,
    TEXT,
    WALL_COLOUR,
    Colour,
    terrain_colour,
    terrain_kinds,
)
from footfall.scene import Scene

__all__ = ["Line", "draw_legend", "legend_lines", "num"]

#: One legend line: its text and its swatch (``fill``, ``line``, ``indent`` or ``none``, and a
#: colour).
Line = tuple[str, tuple[str, Colour | None]]


def legend_lines(scene: Scene, reach: ReachOverlay | None, lang: Lang) -> list[Line]:
    """Return the legend as (text, (swatch kind, colour)) lines."""
    lines: list[Line] = []
    if reach is not None:
        unit = _unit(reach.unit, lang)
        lines.append(
            (
                t(
                    "maps.legend.reach",
                    lang,
                    mover=reach.mover,
                    action=reach.action,
                    budget=num(reach.budget),
                    unit=unit,
                ),
                ("none", None),
            )
        )
        if not reach.costs:
            # Nothing is tinted: say so instead of listing colours that appear nowhere.
            lines.append((t("maps.legend.nothing_reachable", lang), ("none", None)))
        for i, (label, bound) in enumerate(reach.shown_bands() if reach.costs else ()):
            text = t("maps.legend.band", lang, label=label, high=num(bound), unit=unit)
            lines.append((text, ("fill", BAND_COLOURS[i])))
        if reach.target is not None:
            tx, ty = reach.target
            if reach.path:
                cost = num(reach.path_cost if reach.path_cost is not None else 0)
                text = t("maps.legend.path", lang, x=tx, y=ty, cost=cost, unit=unit)
            else:
                text = t("maps.legend.no_path", lang, x=tx, y=ty)
                if reach.reason:
                    text = f"{text}: {reach.reason}"
            lines.append((text, ("line", PATH_COLOUR)))
    keys = dict(TERRAIN_KEYS)
    order = [kind for kind, _ in TERRAIN_KEYS]
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


def num(value: int | Fraction) -> str:
    """Show a cost: a whole number as such, a fraction as a short decimal."""
    if isinstance(value, int) or value.denominator == 1:
        return str(int(value))
    return f"{float(value):g}"


def draw_legend(
    draw: ImageDraw.ImageDraw,
    lines: Sequence[Line],
    top: int,
    line_h: int,
    font: Font,
) -> None:
    """Draw the legend `lines` from pixel row `top` down, `line_h` pixels a line."""
    y = top + line_h // 2
    swatch = line_h - 6
    for text, (kind, colour) in lines:
        x = 6
        if kind == "fill" and colour is not None:
            draw.rectangle((x, y, x + swatch, y + swatch), fill=colour, outline=TEXT)
            x += swatch + 6
        elif kind == "line" and colour is not None:
            mid = y + swatch // 2
            draw.line((x, mid, x + swatch, mid), fill=colour, width=4)
            x += swatch + 6
        elif kind == "indent":
            x += swatch + 6
        draw.text((x, y + swatch // 2), text, fill=TEXT, font=font, anchor="lm")
        y += line_h
