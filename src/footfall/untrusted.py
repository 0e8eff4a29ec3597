"""Read what a user or a request hands footfall: files and JSON, bounded before they are read.

The one home of the guards every reader needs (scenes, journeys, overland maps, imports):

- `read_bytes` / `read_text`: only a regular file (a device such as /dev/zero or a named pipe
  says its size is 0 and reads forever, so it is refused before a byte is read), at most
  `limit` bytes (checked from the file's size, then by a bounded read in case it grows),
  UTF-8 with a byte-order mark dropped (Windows Notepad).
- `parse_json`: one JSON document, with the two ways JSON text hurts a parser turned into one
  line each: nesting deeper than the interpreter's recursion limit, and integers of more than
  Python's 4300 digits (CVE-2020-10735).

Every refusal is one `InputError` (or `LimitError` over a size) naming `what` (a noun such as
``journey file``) and the path, quoted short (`footfall.limits.Limits.path_quote`).
"""

from __future__ import annotations

import json
import os
import stat
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from footfall.errors import InputError, LimitError, Noun, quote
from footfall.limits import LIMITS

__all__ = ["exact_decimal", "parse_json", "read_bytes", "read_text"]


def _name(path: Path) -> str:
    return quote(str(path), LIMITS.path_quote)


def read_bytes(path: str | os.PathLike[str], what: str, limit: int) -> bytes:
    """Return the bytes of the regular file `path`, at most `limit` of them.

    Refuse in one line naming `what` and the path: a missing or unreadable file, a directory,
    anything else that is not a regular file, a file over `limit` bytes.
    """
    file = Path(path)
    name = _name(file)
    noun = Noun(what)
    try:
        info = file.stat()
    except OSError as exc:
        raise InputError("error.file.os", what=noun, path=name, reason=exc.strerror) from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError("error.file.directory", what=noun, path=name)
    if not stat.S_ISREG(info.st_mode):
        raise InputError("error.file.not-regular", what=noun, path=name)
    if info.st_size > limit:
        raise LimitError("error.file.too-big", what=noun, path=name, size=info.st_size, limit=limit)
    try:
        with file.open("rb") as handle:
            data = handle.read(limit + 1)  # bounded even if the file grows meanwhile
    except OSError as exc:
        raise InputError("error.file.os", what=noun, path=name, reason=exc.strerror) from None
    if len(data) > limit:
        raise LimitError("error.file.grew", what=noun, path=name, limit=limit)
    return data


def read_text(path: str | os.PathLike[str], what: str, limit: int) -> str:
    """Return the UTF-8 text of the regular file `path`, a byte-order mark dropped.

    As `read_bytes`, and text that is not UTF-8 is refused naming the first bad byte.
    """
    data = read_bytes(path, what, limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(
            "error.file.not-utf8", what=Noun(what), path=_name(Path(path)), byte=exc.start
        ) from None


def exact_decimal(text: str) -> Fraction:
    """Read a JSON decimal literal exactly (a `parse_float` for `parse_json`).

    An exponent past `Limits.digits` is refused before the number is built: ``1e10000000``
    is ten million digits, seconds of work for a value no map holds.

    >>> exact_decimal("2.5"), exact_decimal("-1.25e2")
    (Fraction(5, 2), Fraction(-125, 1))
    >>> exact_decimal("1e10000000")
    Traceback (most recent call last):
    ...
    footfall.errors.InputError: the number '1e10000000' has an exponent over 4300
    """
    _, _, exponent = text.lower().partition("e")
    if exponent and abs(int(exponent)) > LIMITS.digits:
        raise InputError("error.json.exponent", value=text, limit=LIMITS.digits)
    return Fraction(text)


def parse_json(
    text: str,
    where: str,
    *,
    parse_int: Callable[[str], object] | None = None,
    parse_float: Callable[[str], object] | None = None,
    parse_constant: Callable[[str], object] | None = None,
) -> object:
    """Parse one JSON document, refusing bad JSON in one line that starts with `where`.

    `where` names the document (a file's quoted path, ``scene``); `parse_int` reads integer
    literals (a scene keeps over-long ones as a marker to name their key), `parse_float`
    decimal ones (`exact_decimal` keeps them exact), `parse_constant` ``NaN`` and
    ``Infinity`` (a reader that refuses them raises there).

    >>> parse_json('{"a": [1, 2]}', "doc")
    {'a': [1, 2]}
    >>> parse_json("[" * 100_000, "doc")
    Traceback (most recent call last):
    ...
    footfall.errors.InputError: doc: not valid JSON: nested too deeply
    """
    try:
        return json.loads(
            text, parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant
        )
    except json.JSONDecodeError as exc:
        raise InputError("error.json.invalid", where=where, reason=str(exc)) from None
    except RecursionError:
        raise InputError("error.json.nested", where=where) from None
    except ValueError:  # Python refuses integers of more than 4300 digits (CVE-2020-10735)
        raise InputError(
            "error.json.digits", where=where, digits=sys.get_int_max_str_digits()
        ) from None
