"""Identifiers in a scene: a creature's ``id`` and ``side`` are short, printable words.

SCENE.md says only that an id is a string; footfall adds a rule (docs/scenes.md,
"Identifiers"): at most `footfall.limits.Limits.id_chars` characters, each printable in
Python's sense (`str.isprintable`): no control character, line break, tab, lone surrogate,
format or private-use character. An id is drawn in a picture's legend, written in terminal
maps and error lines, and sent back in JSON; a line break in one broke the picture, a lone
surrogate the JSON answer, and a 100,000-character id took 8 s to draw.
"""

from __future__ import annotations

import unicodedata

from footfall.errors import LimitError, Noun, SceneError
from footfall.limits import LIMITS, Limits
from footfall.scene import values
from footfall.scene.values import Where

__all__ = ["identifier"]


def identifier(value: object, where: str, limits: Limits = LIMITS) -> str:
    """Read an id or a side: a non-empty string of printable characters, not too long.

    >>> identifier("ogre-2", "creatures[0].id")
    'ogre-2'
    >>> identifier("a\\nb", "creatures[0].id")
    Traceback (most recent call last):
    footfall.errors.SceneError: creatures[0].id: 'a\\nb' holds U+000A (control character); \
an id is printable text, with no control character or line break
    >>> identifier("x" * 101, "creatures[0].id")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    footfall.errors.LimitError: creatures[0].id: an id of 101 characters, over the limit of 100
    """
    text = values.string(value, where)
    if len(text) > limits.id_chars:
        raise LimitError(
            "error.scene.id-long", where=Where(where), count=len(text), limit=limits.id_chars
        )
    for char in text:
        if not char.isprintable():
            raise SceneError(
                "error.scene.id-char",
                where=Where(where),
                value=text,
                char=f"U+{ord(char):04X}",
                kind=Noun(_KINDS.get(unicodedata.category(char), "separator")),
            )
    return text


#: The noun of each Unicode category `str.isprintable` refuses (the separators, but the space,
#: are the rest).
_KINDS = {
    "Cc": "control character",
    "Cf": "format character",
    "Cs": "lone surrogate",
    "Co": "private-use character",
    "Cn": "unassigned character",
}
