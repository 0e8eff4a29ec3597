"""Squeezing through narrow and low spaces (d20, RULES 1.5; seed 004 "挤进狭窄空间").

A legend entry may give a square's clear width and height (``width_ft``, ``height_ft``).
Against the mover's space and height it is passable (wide and high enough), a squeeze (at
least half: each square counts double, -4 attack and AC), a crawl (a quarter of the height:
prone, 5 ft per move) or too narrow. A large-or-bigger mover also squeezes through a corridor
half its width (`footfall.tactical.families.narrowing`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from footfall.errors import InputError, quote
from footfall.scene import Creature
from footfall.tactical.family import Layers, Window
from footfall.tactical.marks import (
    BLOCK_TOO_NARROW,
    NOTE_CRAWL,
    NOTE_SQUEEZE_H,
    NOTE_SQUEEZE_W,
)
from footfall.tactical.masks import Prepared, prepare

if TYPE_CHECKING:
    from footfall.tactical.policy import Policy

__all__ = ["mark_narrow", "narrow_of"]

#: Width of a creature's space in ft (official Core Rulebook, table "Creature Size and
#: Scale"; seed 004 "体型与空间"): what the width clearance of a square is compared with.
_SPACE_FT: dict[str, Fraction] = {
    "fine": Fraction(1, 2),
    "diminutive": Fraction(1),
    "tiny": Fraction(5, 2),
    "small": Fraction(5),
    "medium": Fraction(5),
    "large": Fraction(10),
    "huge": Fraction(15),
    "gargantuan": Fraction(20),
    "colossal": Fraction(30),
}
#: Typical height of a creature in ft: the middle of its size's height range (official Core
#: Rulebook, table "Size Modifiers and Dimensions": medium 4-8 ft -> 6, small 2-4 -> 3 ...;
#: colossal "64 ft or more" -> 64). A creature may give its own with ``"x-height_ft"``.
_HEIGHT_FT: dict[str, Fraction] = {
    "fine": Fraction(1, 4),
    "diminutive": Fraction(3, 4),
    "tiny": Fraction(3, 2),
    "small": Fraction(3),
    "medium": Fraction(6),
    "large": Fraction(12),
    "huge": Fraction(24),
    "gargantuan": Fraction(48),
    "colossal": Fraction(64),
}


def _height(mover: Creature) -> Fraction:
    """Return the mover's height in ft: its ``x-height_ft``, else its size's typical height."""
    given = mover.extra.get("x-height_ft")
    if given is None:
        return _HEIGHT_FT[mover.size]
    try:
        height = Fraction(str(given))
    except (ValueError, ZeroDivisionError):
        height = Fraction(0)
    if isinstance(given, bool) or height <= 0:
        raise InputError("error.tactical.height", value=given, creature=quote(mover.id))
    return height


def narrow_of(
    prepared: Prepared, mover: Creature
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.bool_]]:
    """Return, per legend entry, the squeeze note bits and whether it is too narrow for `mover`.

    Decided once per legend entry, exactly (Fractions), then spread over a window by the
    caller: a map with many narrow squares costs no Python loop per square and per query.
    """
    width = _SPACE_FT[mover.size]
    height = _height(mover)
    bits_of = np.zeros(len(prepared.entries), dtype=np.int32)
    blocked_of = np.zeros(len(prepared.entries), dtype=np.bool_)
    for k, entry in enumerate(prepared.entries):
        clear_w, clear_h = entry.width_ft, entry.height_ft
        if clear_w is not None and clear_w < width:
            if 2 * clear_w >= width:
                bits_of[k] |= NOTE_SQUEEZE_W
            else:
                blocked_of[k] = True
        if clear_h is not None and clear_h < height:
            if 2 * clear_h >= height:
                bits_of[k] |= NOTE_SQUEEZE_H
            elif 4 * clear_h >= height:
                bits_of[k] |= NOTE_CRAWL
            else:
                blocked_of[k] = True
    return bits_of, blocked_of


def mark_narrow(policy: Policy, prepared: Prepared, window: Window, layers: Layers) -> None:
    """Mark the window's narrow and low squares for the mover: squeeze bits, too narrow."""
    if not prepared.has_narrow:
        return
    bits_of, blocked_of = narrow_of(prepared, policy.mover)
    if not (bits_of.any() or blocked_of.any()):
        return
    index = prepared.index[window]
    np.bitwise_or(layers.notes, bits_of[index], out=layers.notes)
    too_narrow = blocked_of[index]
    layers.block[too_narrow] = np.maximum(layers.block[too_narrow], BLOCK_TOO_NARROW)


def narrow_key(policy: Policy) -> tuple[str, Fraction] | None:
    """Return what `mark_narrow` reads of the mover: its size and height (None: no narrow map)."""
    if not prepare(policy.scene).has_narrow:
        return None
    return policy.mover.size, _height(policy.mover)
