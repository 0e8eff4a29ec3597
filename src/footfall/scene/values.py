"""Read the values of a scene's JSON exactly, and say where a bad one sits.

Every refusal is one `SceneError` (or `LimitError` over a bound) whose message starts with the
place of the bad value, a `Where`: the scene file, then the JSON key path
(``creatures[0] ('a').speed``) or the text-map line (``line 3``). The catalog templates
(``i18n/errors_scene.toml``) begin with ``{where}``, which renders as ``path: `` or as nothing
for the document itself.

Numbers are exact: ints stay int, decimals become ``Fraction(str(value))``, and a number of
more digits than `footfall.limits.Limits.digits` is refused naming its key, never converted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from footfall.errors import LimitError, Noun, SceneError, json_kind
from footfall.limits import Limits

__all__ = [
    "Number",
    "TooManyDigits",
    "Where",
    "at_most",
    "boolean",
    "choice",
    "digits_error",
    "integer",
    "items",
    "json_int",
    "mapping",
    "number",
    "pair",
    "string",
]

Number = int | Fraction

_T = TypeVar("_T")

_FRACTION_TEXT = re.compile(r"^\s*-?\d+(\.\d+)?(/\d+)?\s*$")

#: Bits of the largest int `number` takes: under Python's 4300-digit limit of ``str(int)``
#: (10**4300 has 14,284 bits), so the quote of any int it refuses can still be written.
_STR_BITS = 14_000


@dataclass(frozen=True, slots=True)
class Where:
    """The place of a bad value in a scene: a JSON key path or text-map line, maybe a file.

    Formats as the prefix of an error line: ``e.json: creatures[0].speed: `` (each part
    followed by ``: ``), or nothing for the document itself.

    >>> f"{Where('map[1]', 'e.json')}ragged rows"
    'e.json: map[1]: ragged rows'
    """

    path: str = ""
    file: str = ""

    def __format__(self, spec: str) -> str:
        """Return the prefix: each of `file` and `path` that is given, followed by ``: ``."""
        return "".join(f"{part}: " for part in (self.file, self.path) if part)

    def __str__(self) -> str:
        """Return the prefix (see `__format__`)."""
        return format(self)

    def in_file(self, name: str) -> Where:
        """Return this place inside the scene file `name`."""
        return Where(self.path, name)


class TooManyDigits(str):
    """A JSON integer literal of more digits than the scene limit, kept as its text.

    `json.loads` hands such a literal to ``int()``, which refuses it with a bare
    ``ValueError``; `json_int` keeps it as this marker instead, so that `number` refuses it
    naming the key it stands under.
    """

    __slots__ = ()


def json_int(text: str, digits: int) -> int | TooManyDigits:
    """Read a JSON integer literal, or mark it when it has more than `digits` digits."""
    if len(text) - text.startswith("-") > digits:
        return TooManyDigits(text)
    return int(text)


def digits_error(where: str, text: str, limits: Limits) -> SceneError:
    """Build the error of a number written with more digits than `limits` allows."""
    return SceneError(
        "error.scene.too-many-digits",
        where=Where(where),
        value=text,
        digits=sum(ch.isdigit() for ch in text),
        limit=limits.digits,
    )


def number(value: object, where: str, limits: Limits) -> Number:
    """Read a JSON number exactly: ints stay int, fractions become `Fraction(str(value))`.

    Strings ``"5/2"`` and ``"2.5"`` are accepted too (how `footfall.scene.scene_to_json`
    writes a fraction that no decimal spells exactly).

    >>> from footfall.limits import LIMITS
    >>> number(2.5, "square", LIMITS), number("1/3", "square", LIMITS), number(4.0, "x", LIMITS)
    (Fraction(5, 2), Fraction(1, 3), 4)
    """
    if isinstance(value, bool):
        raise SceneError("error.scene.not-number", where=Where(where), value=value)
    if isinstance(value, TooManyDigits):
        raise digits_error(where, value, limits)
    if isinstance(value, int):
        if value.bit_length() > _STR_BITS:
            raise SceneError("error.scene.huge-number", where=Where(where), limit=limits.digits)
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise SceneError("error.scene.not-finite", where=Where(where), value=value)
        result = Fraction(str(value))
    elif isinstance(value, Fraction):
        result = value
    elif isinstance(value, str) and _FRACTION_TEXT.match(value):
        result = _fraction_text(value, where, limits)
    else:
        raise SceneError("error.scene.not-number", where=Where(where), value=value)
    return result.numerator if result.denominator == 1 else result


def _fraction_text(value: str, where: str, limits: Limits) -> Fraction:
    """Read a number written as text (``"5/2"``, ``"2.5"``), at most `limits.digits` long."""
    if sum(ch.isdigit() for ch in value) > limits.digits:
        raise digits_error(where, value, limits)
    try:
        return Fraction(value.strip())
    except (ValueError, ZeroDivisionError):
        raise SceneError("error.scene.not-number", where=Where(where), value=value) from None


def integer(value: object, where: str, limits: Limits, *, minimum: int | None = 0) -> int:
    """Read a whole number (``30`` or ``30.0``), at least `minimum` when given."""
    found = number(value, where, limits)
    if not isinstance(found, int):
        raise SceneError("error.scene.not-whole", where=Where(where), value=value)
    if minimum is not None and found < minimum:
        raise SceneError("error.scene.too-small", where=Where(where), value=found, low=minimum)
    return found


def at_most(value: int, where: str, limit: int) -> int:
    """Return `value`, or raise `LimitError` when it is over `limit`."""
    if value > limit:
        raise LimitError("error.scene.over-limit", where=Where(where), value=value, limit=limit)
    return value


def string(value: object, where: str) -> str:
    """Read a non-empty string."""
    if not isinstance(value, str) or not value:
        raise SceneError("error.scene.not-string", where=Where(where), value=value)
    return value


def boolean(value: object, where: str) -> bool:
    """Read ``true`` or ``false``."""
    if not isinstance(value, bool):
        raise SceneError("error.scene.not-boolean", where=Where(where), value=value)
    return value


def choice(value: object, where: str, what: str, known: Mapping[str, _T]) -> _T:
    """Read one of the words of `known`, returning what it maps to (an enum member).

    `what` (a noun) names the vocabulary in the error, which lists the words.
    """
    if not isinstance(value, str) or value not in known:
        raise SceneError(
            "error.scene.unknown",
            where=Where(where),
            what=Noun(what),
            value=value,
            valid=tuple(known),
        )
    return known[value]


def mapping(
    value: object, where: str, known: tuple[str, ...]
) -> tuple[Mapping[str, Any], dict[str, Any]]:
    """Check `value` is an object whose keys are `known` or ``x-...``; split off the extras."""
    if not isinstance(value, Mapping):
        raise SceneError("error.scene.not-object", where=Where(where), kind=json_kind(value))
    extra: dict[str, Any] = {}
    for key in value:
        if not isinstance(key, str):
            raise SceneError("error.scene.key-not-string", where=Where(where), value=key)
        if key.startswith("x-"):
            extra[key] = value[key]
        elif key not in known:
            raise SceneError("error.scene.unknown-key", where=Where(where), value=key, valid=known)
    return value, extra


def items(value: object, where: str) -> list[Any]:
    """Read a JSON array (a list or tuple)."""
    if not isinstance(value, list | tuple):
        raise SceneError("error.scene.not-list", where=Where(where), kind=json_kind(value))
    return list(value)


def pair(value: object, where: str) -> tuple[object, object]:
    """Read ``[x, y]``."""
    found = items(value, where)
    if len(found) != 2:
        raise SceneError("error.scene.not-pair", where=Where(where), value=value)
    return found[0], found[1]
