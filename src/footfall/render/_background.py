"""Draw a scene's background picture: open it, place it in squares, paste the part shown.

The picture is the scene's ``background`` (a path beside the scene file, or a ``data:``
URL); an import may record where it lies (``x-import.extent``, ``x-import.background_origin``).
A picture that cannot be read is noted, and the map is drawn in terrain colours instead.

Its pixel count is read from its header before it is decoded (`Limits.picture_pixels`: a
13000x13000 picture of 877 KB decodes to 1.4 GB), and `PIXELS` bounds the pixels a process
decodes at once over all its threads (`Limits.pixels_in_flight`, the server's requests).
"""

from __future__ import annotations

import base64
import binascii
import io
import threading
import time
import warnings
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from PIL import Image

from footfall.errors import LimitError
from footfall.i18n import Lang, t
from footfall.limits import LIMITS, Limits
from footfall.render._view import View
from footfall.scene import Scene

__all__ = ["PIXELS", "PixelBudget", "Placement", "open_background", "paste_background", "placement"]


class PixelBudget:
    """The picture pixels this process holds decoded at once, over all threads.

    `hold` waits (up to `wait` seconds) until `pixels` more fit under `limit`, then holds them
    while its block runs; past the wait it raises `LimitError`.

    >>> budget = PixelBudget()
    >>> with budget.hold(10, limit=10, wait=0): budget.held
    10
    >>> budget.held
    0
    """

    def __init__(self) -> None:
        self.held = 0
        self._room = threading.Condition()

    @contextmanager
    def hold(self, pixels: int, limit: int, wait: float) -> Iterator[None]:
        """Hold `pixels` of the budget while the block runs."""
        deadline = time.monotonic() + wait
        with self._room:
            while self.held and self.held + pixels > limit:
                left = deadline - time.monotonic()
                if left <= 0 or not self._room.wait(left):
                    raise LimitError("error.maps.pixels-in-flight", held=self.held, limit=limit)
            self.held += pixels
        try:
            yield
        finally:
            with self._room:
                self.held -= pixels
                self._room.notify_all()


#: The process's one budget of decoded picture pixels.
PIXELS = PixelBudget()


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
    scene: Scene,
    base_dir: str | Path | None,
    notes: list[str],
    lang: Lang,
    limits: Limits = LIMITS,
) -> Image.Image | None:
    """Open the scene's background picture, or note why it cannot be used.

    A picture over `limits.picture_pixels` (told by its header) raises `LimitError` before
    it is decoded; decoding waits for room in `PIXELS` (`limits.pixels_in_flight`).
    """
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
            pixels = image.width * image.height
            if pixels > limits.picture_pixels:
                raise LimitError(
                    "error.maps.picture-pixels",
                    width=image.width,
                    height=image.height,
                    limit=limits.picture_pixels,
                )
            with PIXELS.hold(pixels, limits.pixels_in_flight, limits.query_seconds):
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
