"""Read the values of an imported file exactly: JSON with exact decimals, numbers, lists.

Both importers read JSON with every decimal kept exact (`fractions.Fraction`) and refuse a
malformed value in one line that names the file kind and the value's place in the file
(``Foundry scene: walls[3].c[0]: expected a number, got "x"``). Values are shown in such
lines as JSON (`show_value`), numbers as decimals (`fmt_number`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import Any

from footfall.errors import InputError, LimitError, Noun, json_kind
from footfall.limits import LIMITS, Limits
from footfall.untrusted import exact_decimal, parse_json

__all__ = [
    "FileKind",
    "ceil_fraction",
    "check_map_size",
    "expect_list",
    "expect_object",
    "floor_fraction",
    "fmt_number",
    "load_document",
    "load_json",
    "number",
    "show_value",
]


class FileKind(StrEnum):
    """The kind of file an import reads, as its error lines name it."""

    UVTT = "Universal VTT file"
    """A Universal VTT export (``.dd2vtt``, ``.df2vtt``, ``.uvtt``)."""
    FOUNDRY = "Foundry scene"
    """A Foundry VTT scene export ("Export Data" on a scene)."""
    MAP = "map file"
    """A file whose format is not known yet."""


def _reject_constant(name: str) -> Any:
    raise InputError("error.maps.json-constant", name=name)


def load_json(data: bytes | str, kind: FileKind) -> Any:
    """Parse `data` as JSON keeping decimals exact, or raise a one-line `InputError`.

    `kind` names the file in the message. Malformed JSON (bad syntax, nesting too deep,
    integers of more than 4300 digits) is refused by `footfall.untrusted.parse_json`, the one
    home of those guards; this reader adds exact decimals and refuses ``NaN`` and
    ``Infinity``, which are not JSON numbers.
    """
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InputError("error.maps.not-utf8", file=Noun(kind), byte=exc.start) from None
    return parse_json(data, str(kind), parse_float=exact_decimal, parse_constant=_reject_constant)


def load_document(data: bytes | str | Mapping[str, Any], kind: FileKind) -> Mapping[str, Any]:
    """Return the JSON object an importer reads: `data` parsed (`load_json`), or as given."""
    doc = load_json(data, kind) if isinstance(data, bytes | str) else data
    if not isinstance(doc, Mapping):
        raise InputError("error.maps.not-object", file=Noun(kind), type=json_kind(doc))
    return doc


def number(value: object, kind: FileKind, where: str) -> Fraction:
    """Return the JSON number `value` exactly, or raise `InputError` naming `where`."""
    if isinstance(value, float) and math.isfinite(value):
        return Fraction(str(value))  # the decimal the file spelled, not the binary float
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise InputError(
            "error.maps.number", file=Noun(kind), where=where, value=value, shown=show_value(value)
        )
    return Fraction(value)


def expect_list(value: object, kind: FileKind, where: str, *, null: bool = False) -> list[Any]:
    """Return `value` if it is a JSON list, else raise `InputError` naming `where`.

    With `null`, a JSON null is an empty list (a Foundry export may write null for a
    collection it has nothing in).
    """
    if value is None and null:
        return []
    if not isinstance(value, list):
        raise InputError("error.maps.list", file=Noun(kind), where=where, type=json_kind(value))
    return value


def expect_object(value: object, kind: FileKind, where: str) -> Mapping[str, Any]:
    """Return `value` if it is a JSON object, else raise `InputError` naming `where`."""
    if not isinstance(value, Mapping):
        raise InputError("error.maps.object", file=Noun(kind), where=where)
    return value


#: Numbers at least this big are shown in messages without going through a float.
_FLOAT_MAX = Fraction(10) ** 300


def show_value(value: object) -> str:
    """Show a JSON value in a message, fractions as decimals, cut to 40 characters.

    >>> show_value(Fraction(3, 2)), show_value("x" * 50)
    ('1.5', '"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...')
    """

    def plain(item: object) -> object:
        if isinstance(item, Fraction):
            return float(item) if abs(item) < _FLOAT_MAX else fmt_number(item)
        return str(item)

    if isinstance(value, Fraction) and abs(value) >= _FLOAT_MAX:
        return fmt_number(value)

    text = json.dumps(value, default=plain)
    return text if len(text) <= 40 else text[:37] + "..."


def fmt_number(value: Fraction) -> str:
    """Show an exact number for a message: ``5``, ``1.5``, ``1e+400`` (display only).

    Never compared; numbers too big for a float are shown by their order of magnitude.

    >>> fmt_number(Fraction(5)), fmt_number(Fraction(3, 2)), fmt_number(Fraction(10) ** 400)
    ('5', '1.5', '1e+400')
    """
    if abs(value) >= _FLOAT_MAX:
        return format((Decimal(value.numerator) / Decimal(value.denominator)).normalize(), ".6g")
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def check_map_size(
    width: int, height: int, kind: FileKind, where: str, *, limits: Limits = LIMITS
) -> None:
    """Raise `InputError` for an empty map and `LimitError` for one over `limits.import_squares`."""
    if width <= 0 or height <= 0:
        raise InputError(
            "error.maps.map-empty", file=Noun(kind), where=where, width=width, height=height
        )
    most = limits.import_squares
    if width * height > most:
        w, h, area = (fmt_number(Fraction(n)) for n in (width, height, width * height))
        raise LimitError(
            "error.maps.map-too-big",
            file=Noun(kind),
            where=where,
            width=w,
            height=h,
            area=area,
            limit=most,
            side=math.isqrt(most),
        )


def ceil_fraction(value: Fraction) -> int:
    """Return the least integer not below `value`."""
    return -((-value.numerator) // value.denominator)


def floor_fraction(value: Fraction) -> int:
    """Return the greatest integer not above `value`."""
    return math.floor(value)
