"""Numpy layers of a scene's map for the tactical policies: terrain indices and masks.

A policy decides once per legend entry (exactly, with Fractions) and spreads the answer over
the map with numpy: ``table[index]``. Arrays are indexed ``[y, x]``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Literal

import numpy as np
import numpy.typing as npt

from footfall.bytecache import ENTRY_BYTES, ByteCache
from footfall.errors import InputError
from footfall.scene.model import Flag, LegendEntry, Scene

__all__ = [
    "clearance_below",
    "clearance_ft",
    "entry_at",
    "entry_mask",
    "flag_mask",
    "impassable_mask",
    "terrain_index",
]

#: The last few index maps, by scene identity (an entry refers to its scene weakly and goes
#: with it), bounded by entries and by the ``index`` share of the cache budget.
_INDEX_CACHE_SIZE = 4
_INDEX_CACHE: ByteCache[int, tuple[npt.NDArray[np.int16], tuple[str, ...]]] = ByteCache(
    "index", count=_INDEX_CACHE_SIZE
)


def terrain_index(scene: Scene) -> tuple[npt.NDArray[np.int16], tuple[LegendEntry, ...]]:
    """Return the map as int16 indices ``[H, W]`` into a tuple of legend entries.

    A policy decides once per legend entry (exactly, with Fractions) and spreads the answer
    over the map with numpy: ``table[index]``. The last few results are cached by identity,
    so the index array is read-only.
    """
    hit = _INDEX_CACHE.get(id(scene), owner=scene)
    if hit is not None:
        index, chars = hit
        return index, tuple(scene.legend[c] for c in chars)
    chars = tuple(sorted(scene.legend, key=ord))
    codes = np.frombuffer("".join(scene.rows).encode("utf-32-le"), dtype="<u4")
    lookup = np.zeros(ord(chars[-1]) + 1, dtype=np.int16)  # chars are sorted by code point
    lookup[[ord(c) for c in chars]] = np.arange(len(chars), dtype=np.int16)
    index = lookup[codes].reshape(scene.height, scene.width)
    index.setflags(write=False)  # shared by the cache: callers must not change it
    _INDEX_CACHE.put(id(scene), (index, chars), ENTRY_BYTES + int(index.nbytes), owner=scene)
    return index, tuple(scene.legend[c] for c in chars)


def entry_mask(scene: Scene, test: Callable[[LegendEntry], bool]) -> npt.NDArray[np.bool_]:
    """Return a bool ``[H, W]`` mask of the squares whose legend entry passes `test`."""
    index, entries = terrain_index(scene)
    table = np.array([test(entry) for entry in entries], dtype=np.bool_)
    return table[index]


def flag_mask(scene: Scene, flag: Flag) -> npt.NDArray[np.bool_]:
    """Return a bool ``[H, W]`` mask of the squares carrying `flag`."""
    return entry_mask(scene, lambda entry: flag in entry.flags)


def impassable_mask(scene: Scene) -> npt.NDArray[np.bool_]:
    """Return a bool ``[H, W]`` mask of the squares marked ``impassable`` in the legend."""
    return entry_mask(scene, lambda entry: entry.impassable)


def clearance_below(
    scene: Scene, which: Literal["width", "height"], limit: Fraction | int
) -> npt.NDArray[np.bool_]:
    """Return a bool ``[H, W]`` mask: the square's `which` clearance is given and < `limit` ft.

    Exact (Fraction comparison per legend entry): e.g. ``clearance_below(s, "width", 5)``
    marks squares a medium creature must squeeze through, ``..., Fraction(5, 2))`` those too
    narrow for it (RULES.md 1.5).
    """
    attribute = "width_ft" if which == "width" else "height_ft"

    def narrow(entry: LegendEntry) -> bool:
        value: Fraction | None = getattr(entry, attribute)
        return value is not None and value < limit

    return entry_mask(scene, narrow)


def clearance_ft(scene: Scene, which: Literal["width", "height"]) -> npt.NDArray[np.float64]:
    """Return `which` clearance in ft per square, 0 where none is given (for display only).

    Decisions use `clearance_below`, which is exact; these floats only draw the map.
    """
    index, entries = terrain_index(scene)
    attribute = "width_ft" if which == "width" else "height_ft"
    table = np.array([float(getattr(e, attribute) or 0) for e in entries], dtype=np.float64)
    return table[index]


def entry_at(scene: Scene, x: int, y: int) -> LegendEntry:
    """Return the legend entry of square ``(x, y)``; off the map raises `InputError`."""
    if not (0 <= x < scene.width and 0 <= y < scene.height):
        raise InputError(
            "error.scene.square-off-map",
            x=x,
            y=y,
            last_x=scene.width - 1,
            last_y=scene.height - 1,
        )
    return scene.legend[scene.rows[y][x]]
