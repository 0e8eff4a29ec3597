"""Draw the layers of a picture: terrain, grid, reach tint and costs, walls, creatures, path."""

from __future__ import annotations

from PIL import ImageDraw

from footfall.render._fonts import Font
from footfall.render._legend import num
from footfall.render._overlay import ReachOverlay
from footfall.render._palette import (
    BAND_COLOURS,
    DOOR_CLOSED_COLOUR,
    DOOR_OPEN_COLOUR,
    GRID,
    OTHER_SIDES,
    PATH_COLOUR,
    REACH_ALPHA,
    SIDE_COLOURS,
    TERRAIN_COLOURS,
    TEXT,
    WALL_COLOUR,
    Colour,
    terrain_colour,
)
from footfall.render._view import View, square_box
from footfall.scene import Scene, footprint

__all__ = [
    "draw_costs",
    "draw_creatures",
    "draw_grid",
    "draw_path",
    "draw_reach",
    "draw_terrain",
    "draw_walls",
]


def draw_terrain(
    draw: ImageDraw.ImageDraw, scene: Scene, view: View, alpha: int | None = None
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


def draw_walls(draw: ImageDraw.ImageDraw, scene: Scene, view: View) -> None:
    """Draw walls as dark lines, closed doors as brown bars, open doors as light lines."""
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
    """Return the colour of each side in the scene: its own, else the spare ones in turn."""
    colours: dict[str, Colour] = {}
    spare = iter(OTHER_SIDES * (len(scene.creatures) + 1))
    for creature in scene.creatures:
        if creature.side not in colours:
            colours[creature.side] = SIDE_COLOURS.get(creature.side) or next(spare)
    return colours


def draw_creatures(
    draw: ImageDraw.ImageDraw,
    scene: Scene,
    view: View,
    reach: ReachOverlay | None,
    font: Font,
) -> None:
    """Draw each creature as a disc filling its space, labelled; the mover with a ring."""
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


def draw_grid(draw: ImageDraw.ImageDraw, view: View, width: int, height: int) -> None:
    """Draw the grid lines over a map part `width` x `height` pixels."""
    cell = view.cell
    for x in range(view.w + 1):
        draw.line((x * cell, 0, x * cell, height - 1), fill=GRID)
    for y in range(view.h + 1):
        draw.line((0, y * cell, width - 1, y * cell), fill=GRID)


def draw_reach(draw: ImageDraw.ImageDraw, view: View, reach: ReachOverlay) -> None:
    """Tint each square the mover may end in with the colour of its cost band."""
    for (x, y), cost in reach.costs.items():
        if view.holds(x, y):
            colour = BAND_COLOURS[reach.band(cost)]
            left, top, right, bottom = square_box(x - view.x0, y - view.y0, view.cell)
            draw.rectangle((left + 1, top + 1, right, bottom), fill=(*colour, REACH_ALPHA))


def draw_costs(draw: ImageDraw.ImageDraw, view: View, reach: ReachOverlay, font: Font) -> None:
    """Write each reachable square's cost near its bottom edge."""
    cell = view.cell
    for (x, y), cost in sorted(reach.costs.items()):
        if view.holds(x, y):
            cx, cy = view.px(x + 0.5, y + 1)
            draw.text((cx, cy - max(2, cell // 10)), num(cost), fill=TEXT, font=font,
                      anchor="ms")  # fmt: skip


def draw_path(draw: ImageDraw.ImageDraw, view: View, path: tuple[tuple[int, int], ...]) -> None:
    """Draw the path as a line through its squares' centres, its end marked with a dot."""
    cell = view.cell
    centres = [view.px(x + 0.5, y + 0.5) for x, y in path]
    draw.line(centres, fill=PATH_COLOUR, width=max(2, cell // 12), joint="curve")
    r = max(2, cell // 10)
    tx, ty = centres[-1]
    draw.ellipse((tx - r, ty - r, tx + r, ty + r), fill=PATH_COLOUR)
