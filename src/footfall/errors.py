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
    "unknown",
]


class FootfallError(Exception):
    """Base of every error footfall raises on purpose; `str(error)` is one line."""


class RuleDataError(FootfallError):
    """A packaged data file is malformed: the message names the file, the key and the value."""


class InputError(FootfallError):
    """The caller's input is invalid: the message names the bad value and the valid ones."""


class SceneError(InputError):
    """A scene (JSON or text map) is malformed or inconsistent."""


class LimitError(InputError):
    """A request exceeds a size or work limit (map too large, too many waypoints...)."""


def unknown(what: str, value: object, known: Iterable[object]) -> InputError:
    """Build the standard "unknown X 'v' (known: a, b, c)" error.

    >>> str(unknown("terrain", "swampp", ["desert", "swamp"]))
    "unknown terrain 'swampp' (known: desert, swamp)"
    """
    return InputError(f"unknown {what} {value!r} (known: {', '.join(str(k) for k in known)})")
