"""Foundry VTT scene exports built in code: a 16x12-square crypt and its walls, tokens, regions."""

from __future__ import annotations

from typing import Any

SIZE = 100
WIDTH, HEIGHT = 1600, 1200  # 16 x 12 squares
# Foundry pads ceil(0.25 * 1600 / 100) = 4 squares left/right, ceil(0.25 * 1200 / 100) = 3 up/down.
PAD_X, PAD_Y = 400, 300


def px(col: float, row: float) -> list[float]:
    """Return the canvas pixel of grid point (col, row) of the imported map."""
    return [PAD_X + col * SIZE, PAD_Y + row * SIZE]


def wall(a: tuple[float, float], b: tuple[float, float], **more: Any) -> dict[str, Any]:
    """Build a Foundry wall document from grid point `a` to `b`."""
    return {"c": [*px(*a), *px(*b)], "move": 20, "sense": 20, "door": 0, "ds": 0, **more}


def token(name: str, col: int, row: int, size: float, disposition: int, **more: Any) -> dict:
    """Build a token document whose space's top-left square is (col, row)."""
    x, y = px(col, row)
    return {
        "name": name,
        "x": x,
        "y": y,
        "width": size,
        "height": size,
        "disposition": disposition,
        "hidden": False,
        "_id": f"id{name}",
        **more,
    }


def rect_shape(col: int, row: int, w: int, h: int, **more: Any) -> dict[str, Any]:
    """A region rectangle covering squares col..col+w-1, row..row+h-1."""
    x, y = px(col, row)
    return {"type": "rectangle", "x": x, "y": y, "width": w * SIZE, "height": h * SIZE, **more}


def cost_region(name: str, shapes: list[dict[str, Any]], walk: float | None, **fly: Any) -> dict:
    """A v13 region whose modifyMovementCost behaviour sets the walking difficulty."""
    difficulties: dict[str, Any] = {"walk": walk, **fly}
    return {
        "name": name,
        "shapes": shapes,
        "behaviors": [
            {
                "type": "modifyMovementCost",
                "system": {"difficulties": difficulties},
                "disabled": False,
            }
        ],
    }


def foundry_doc(**overrides: Any) -> dict[str, Any]:
    """Build a v13-layout scene export: walls, doors, one token per size and disposition."""
    doc: dict[str, Any] = {
        "name": "Crypt",
        "width": WIDTH,
        "height": HEIGHT,
        "padding": 0.25,
        "grid": {"type": 1, "size": SIZE, "distance": 5, "units": "ft"},
        "background": {"src": "worlds/w/maps/crypt.webp", "offsetX": 0, "offsetY": 0},
        "walls": [
            wall((3, 0), (3, 2)),
            wall((3, 2), (3, 3), door=1, ds=0),  # closed door
            wall((3, 3), (3, 4), door=1, ds=1),  # open door
            wall((3, 4), (3, 5), door=1, ds=2),  # locked door: closed
            wall((3, 5), (3, 6), door=2, ds=0),  # secret door, closed
            wall((0, 8), (2, 10)),  # diagonal
            wall((5, 0), (5, 3), move=0),  # ethereal curtain: does not block movement
            wall((6, 0), (6, 1), dir=1),  # one-way
        ],
        "tokens": [
            token("Imp", 0, 0, 0.5, 1),
            token("Valeros", 1, 0, 1, 1),
            token("Merchant", 0, 2, 1, 0),
            token("Ogre", 6, 6, 2, -1),
            token("Troll King", 8, 0, 3, -2),
            token("Purple Worm", 12, 8, 4, -1),
            token("Colossus", 0, 12 - 6, 6, -1, hidden=True),
        ],
        "regions": [],
        "lights": [{"x": 0, "y": 0}],
        "sounds": [],
        "tiles": [{"x": 0}, {"x": 1}],
        "drawings": [],
        "notes": [],
        "templates": [],
    }
    doc.update(overrides)
    return doc
