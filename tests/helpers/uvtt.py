"""Universal VTT exports built in code (Dungeondraft's .dd2vtt layout) and the PNGs they embed."""

from __future__ import annotations

import base64
import io
import json
from typing import Any

from PIL import Image

PPG = 10


def png_bytes(width: int, height: int, colour: tuple[int, int, int] = (200, 180, 120)) -> bytes:
    """Return a PNG of one colour, as a map export would embed."""
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(buffer, format="PNG")
    return buffer.getvalue()


def pt(x: float, y: float) -> dict[str, float]:
    return {"x": x, "y": y}


def uvtt_doc(**overrides: Any) -> dict[str, Any]:
    """Build a 6x4-square Dungeondraft-style export with a room, a pillar and two doors.

    Origin is (10, 20) in grid units, as Dungeondraft writes for a map cut from a larger one.
    """
    ox, oy = 10, 20
    doc: dict[str, Any] = {
        "format": 0.3,
        "resolution": {
            "map_origin": pt(ox, oy),
            "map_size": pt(6, 4),
            "pixels_per_grid": PPG,
        },
        # A vertical wall x=3 from y=0 to y=1, then a door gap, then y=2..4.
        "line_of_sight": [
            [pt(ox + 3, oy + 0), pt(ox + 3, oy + 1)],
            [pt(ox + 3, oy + 2), pt(ox + 3, oy + 4)],
        ],
        # A diagonal wall off the grid lines (a toppled pillar).
        "objects_line_of_sight": [[pt(ox + 0.5, oy + 2.5), pt(ox + 1.5, oy + 3.5)]],
        "portals": [
            {
                "position": pt(ox + 3, oy + 1.5),
                "bounds": [pt(ox + 3, oy + 1), pt(ox + 3, oy + 2)],
                "rotation": 1.5708,
                "closed": True,
                "freestanding": False,
            },
            {
                "position": pt(ox + 5.5, oy + 2),
                "bounds": [pt(ox + 5, oy + 2), pt(ox + 6, oy + 2)],
                "rotation": 0,
                "closed": True,
                "freestanding": True,
            },
        ],
        "environment": {"baked_lighting": True, "ambient_light": "ffffffff"},
        "lights": [
            {"position": pt(ox + 1, oy + 1), "range": 4, "intensity": 1, "color": "ffeeccaa"}
        ],
        "image": base64.b64encode(png_bytes(6 * PPG, 4 * PPG)).decode("ascii"),
    }
    doc.update(overrides)
    return doc


def uvtt_bytes(**overrides: Any) -> bytes:
    """Return the export as the bytes of a .dd2vtt file."""
    return json.dumps(uvtt_doc(**overrides)).encode("utf-8")
