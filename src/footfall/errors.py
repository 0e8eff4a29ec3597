"""Exceptions raised by footfall.

Every error footfall raises on purpose derives from `FootfallError` and carries a one-line
message that names the bad value and, where there is a closed list, the valid ones::

    FootfallError
    ├── RuleDataError      a packaged data file (system rules, catalog) is malformed
    └── InputError         the caller asked for something invalid (CLI exit 2, HTTP 4xx)
        ├── SceneError     a scene file or map is malformed
        └── LimitError     a request is larger than footfall will work on
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "FootfallError",
    "InputError",
    "LimitError",
    "RuleDataError",
    "SceneError",
    "quote",
    "unknown",
]

#: Longest quoted value, in characters, before `quote` shortens it (a hostile 100,000-character
#: id must not make a 100,000-character error line).
QUOTE_LIMIT = 80

#: Most valid values `unknown` lists (a scene may hold 500 creatures).
KNOWN_LIMIT = 40


class FootfallError(Exception):
    """Base of every error footfall raises on purpose; `str(error)` is one line.

    A message built from user text that holds a line break (a value quoted with ``str``, not
    ``repr``; an exception's own multi-line text) is folded onto one line here, so the CLI's
    ``footfall: error:`` line and the API's ``{"error": ...}`` stay one line whatever the input.

    >>> str(InputError("leg '24 mi\\nforest': bad terrain"))
    "leg '24 mi forest': bad terrain"
    """

    def __str__(self) -> str:
        """Return the message on one line (line breaks folded into spaces)."""
        text = super().__str__()
        lines = text.splitlines()
        if len(lines) <= 1:
            return text
        return " ".join(line.strip() for line in lines if line.strip())


class RuleDataError(FootfallError):
    """A packaged data file is malformed: the message names the file, the key and the value."""


class InputError(FootfallError):
    """The caller's input is invalid: the message names the bad value and the valid ones."""


class SceneError(InputError):
    """A scene (JSON or text map) is malformed or inconsistent."""


class LimitError(InputError):
    """A request exceeds a size or work limit (map too large, too many waypoints...)."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """Quote `value` for an error message: its ``repr``, shortened when over `limit` characters.

    The repr escapes line breaks and control characters, so the quote is always one line.

    >>> quote("swampp")
    "'swampp'"
    >>> quote("x" * 1000, limit=10)
    "'xxxxxxxx… (1000 characters)"
    """
    text = repr(value)
    if len(text) <= limit:
        return text
    size = len(value) if isinstance(value, (str, bytes)) else len(text)
    unit = "digits" if isinstance(value, int) and not isinstance(value, bool) else "characters"
    return f"{text[: max(limit - 1, 1)]}… ({size} {unit})"


def unknown(what: str, value: object, known: Iterable[object]) -> InputError:
    """Build the standard "unknown X 'v' (known: a, b, c)" error.

    The value is quoted with `quote`; past `KNOWN_LIMIT` valid values the list says how many
    more there are.

    >>> str(unknown("terrain", "swampp", ["desert", "swamp"]))
    "unknown terrain 'swampp' (known: desert, swamp)"
    >>> str(unknown("creature", "c", [f"c{i}" for i in range(45)])).endswith("c39 and 5 more)")
    True
    """
    names = [str(k) for k in known]
    listed = ", ".join(names[:KNOWN_LIMIT])
    if len(names) > KNOWN_LIMIT:
        listed += f" and {len(names) - KNOWN_LIMIT} more"
    return InputError(f"unknown {what} {quote(value)} (known: {listed})")
