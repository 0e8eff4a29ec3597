"""Draw a scene's background picture: open it, place it in squares, paste the part shown.

The picture is the scene's ``background`` (a path beside the scene file, or a ``data:``
URL); an import may record where it lies (``x-import.extent``, ``x-import.background_origin``).
A picture that cannot be read is noted, and the map is drawn in terrain colours instead.
"""

from __future__ import annotations

import base64
import binascii
import io
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from PIL import Image

from footfall.i18n import Lang, t
from footfall.render._view import View
from footfall.scene import Scene

__all__ = ["Placement", "open_background", "paste_background", "placement"]


@dataclass(frozen=True, slots=True)
class Placement:
    """Where the background picture lies, in squares: its top-left corner and its size."""

    origin: tuple[Fraction, Fraction]
    extent: tuple[Fraction, Fraction]


def placement(scene: Scene) -> Placement:
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
    return Placement(origin, extent)


def _pair(value: object) -> tuple[Fraction, Fraction] | None:
    """Read an ``x-import`` pair of exact fraction strings, or None if it is not one."""
    if isinstance(value, list) and len(value) == 2:
        try:
            return Fraction(str(value[0])), Fraction(str(value[1]))
        except (ValueError, ZeroDivisionError):
            return None
    return None


def open_background(
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


def paste_background(
    image: Image.Image, background: Image.Image, placed: Placement, view: View
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
