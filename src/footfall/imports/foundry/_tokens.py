"""Read a Foundry scene's tokens as proposed creatures (``BaseToken``, v9 to v13).

A token is placed on the top-left square of the space whose centre is the token's centre;
its ``width`` chooses a size of the system (`footfall.imports._tokens.size_for_width`), its
``disposition`` a side. Actors are not part of a scene export, so creatures come without
speeds (a warning says so).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from footfall.errors import InputError, Noun
from footfall.imports._tokens import TokenPlacement, size_for_width, unique_id
from footfall.imports._values import (
    FileKind,
    expect_object,
    floor_fraction,
    fmt_number,
    number,
    show_value,
)
from footfall.imports.foundry._document import Frame
from footfall.imports.result import Warnings
from footfall.rules import System
from footfall.scene import Creature, Side
from footfall.scene.vocabulary import vocabulary

__all__ = ["SIDES", "Disposition", "read_tokens"]

_FOUNDRY = FileKind.FOUNDRY


class Disposition(IntEnum):
    """A token's disposition (``CONST.TOKEN_DISPOSITIONS``)."""

    SECRET = -2
    """Secret: side ``secret``."""
    HOSTILE = -1
    """Hostile: side ``hostile``."""
    NEUTRAL = 0
    """Neutral: side ``neutral``."""
    FRIENDLY = 1
    """Friendly: side ``friendly``."""


#: Token disposition -> creature side (Foundry's CONST.TOKEN_DISPOSITIONS).
SIDES: Mapping[int, str] = MappingProxyType(
    {
        Disposition.FRIENDLY: "friendly",
        Disposition.NEUTRAL: "neutral",
        Disposition.HOSTILE: "hostile",
        Disposition.SECRET: "secret",
    }
)

#: Token fields read (BaseToken.defineSchema): ``name``, ``_id``, ``x`` / ``y`` (top-left
#: pixel), ``width`` / ``height`` (grid spaces), ``disposition`` (CONST.TOKEN_DISPOSITIONS
#: SECRET -2, HOSTILE -1, NEUTRAL 0, FRIENDLY 1), ``hidden``, ``elevation`` (a warning when
#: off the ground). Actor data, vision, light, bars, texture and the rest are listed as not
#: imported.
_TOKEN_READ = frozenset(
    {"name", "_id", "x", "y", "width", "height", "disposition", "hidden", "elevation"}
)


def read_tokens(
    items: list[Any],
    system: System,
    frame: Frame,
    warnings: Warnings,
    ignored: dict[str, set[str]],
) -> list[TokenPlacement]:
    """Return a proposed creature for each token, in the map's squares (`frame`)."""
    used: set[str] = set()
    placed: list[TokenPlacement] = []
    hidden: list[str] = []
    for i, value in enumerate(items):
        where = f"tokens[{i}]"
        item = expect_object(value, _FOUNDRY, where)
        ignored.setdefault("tokens", set()).update(set(item) - _TOKEN_READ)
        name = item.get("name")
        name = name if isinstance(name, str) else ""
        fallback = str(item.get("_id") or f"token-{i + 1}")
        cid = unique_id(name, used, fallback)
        placement = _token(item, where, cid, name, system, frame, warnings)
        if placement.creature.extra.get("x-hidden"):
            hidden.append(cid)
        placed.append(placement)
    if hidden:
        warnings.add("maps.warn.hidden", ids=", ".join(hidden))
    if placed:
        warnings.add("maps.warn.speeds")
    return placed


def _token(
    item: Mapping[str, Any],
    where: str,
    cid: str,
    name: str,
    system: System,
    frame: Frame,
    warnings: Warnings,
) -> TokenPlacement:
    """Return the creature token `item` stands for, id `cid`, and its label for warnings."""
    label = f"{cid!r} ({where})"
    width = number(item.get("width", 1), _FOUNDRY, f"{where}.width")
    height = number(item.get("height", width), _FOUNDRY, f"{where}.height")
    if width <= 0 or height <= 0:
        raise InputError("error.maps.foundry-token-size", file=Noun(_FOUNDRY), where=where)
    if width != height:
        warnings.add(
            "maps.warn.token_not_square", label=label, w=fmt_number(width), h=fmt_number(height)
        )
    chosen = size_for_width(system, max(width, height))
    if not chosen.exact:
        warnings.add(
            "maps.warn.token_size",
            label=label,
            width=fmt_number(max(width, height)),
            size=chosen.size,
        )
    x = number(item.get("x", 0), _FOUNDRY, f"{where}.x")
    y = number(item.get("y", 0), _FOUNDRY, f"{where}.y")
    gx, gy = frame.point(x, y)
    # The square of the top-left of the space whose centre is the token's centre.
    half = Fraction(1, 2)
    at = (
        floor_fraction(gx + width / 2 - Fraction(chosen.side, 2) + half),
        floor_fraction(gy + height / 2 - Fraction(chosen.side, 2) + half),
    )
    side = _side(item.get("disposition", Disposition.NEUTRAL), where)
    extra: dict[str, Any] = {}
    if item.get("_id"):
        extra["x-foundry-id"] = str(item["_id"])
    if name and name != cid:
        extra["x-name"] = name
    if item.get("hidden"):
        extra["x-hidden"] = True
    elevation = number(item.get("elevation") or 0, _FOUNDRY, f"{where}.elevation")
    if elevation:
        warnings.add("maps.warn.token_elevation", label=label, e=fmt_number(elevation))
    size = vocabulary(system.id).size_members[chosen.size]
    creature = Creature(id=cid, at=at, size=size, side=side, extra=extra)
    return TokenPlacement(creature, label)


def _side(disposition: object, where: str) -> Side:
    """Return the side of a token's `disposition`, or raise `InputError` naming the known."""
    try:
        return Side(SIDES[disposition])  # type: ignore[index]
    except (KeyError, TypeError):  # TypeError: a list or object is no disposition either
        raise InputError(
            "error.maps.foundry-disposition",
            file=Noun(_FOUNDRY),
            where=where,
            value=disposition,
            shown=show_value(disposition),
            valid=tuple(SIDES),
        ) from None
