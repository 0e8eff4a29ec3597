"""Exceptions raised by footfall, as data: a catalog key and the fields its message names.

Every error footfall raises on purpose derives from `FootfallError`::

    FootfallError
    ├── RuleDataError      a packaged data file (system rules, catalog) is malformed
    └── InputError         the caller asked for something invalid (CLI exit 2, HTTP 4xx)
        ├── SceneError     a scene file or map is malformed
        └── LimitError     a request is larger than footfall will work on

An error is built from a key of the error catalogs (``i18n/errors*.toml``) and the fields its
message names; the library never writes a front-end's spelling of a parameter into it::

    raise InputError(
        "error.travel.con-mod-range", param=Param("con_mod"), value=99, low=-10, high=30
    )

Three fields have a fixed meaning, and are attributes of the error so that a program can act
on them without parsing text:

- `param` (a `Param`): the library parameter the bad value was given to. Each front-end
  spells it its own way when it renders the message: the CLI as its flag (``--con-mod``), the
  HTTP API as its field (``'con_mod'``), the page as the control; `str` uses the name.
- `value`: the bad value, quoted short by `quote` in the message.
- `valid`: the valid values, listed (at most `KNOWN_LIMIT` of them) in the message.

Any other field is shown as it is, except a `Param` (spelled), a tuple of them (spelled and
joined as alternatives: ``--speed, --mount or --vessel``), a `Listed` (spelled and listed
with commas: ``--agility-bonus, --toughness``) and a `Noun` (a catalog word, translated).

`render` gives the message in a language with a front-end's spelling; ``str(error)`` is
`render` in English with parameters spelled by their library names. A message is always one
line: line breaks a quoted value or an exception's text brings are folded into spaces.

An error may still be built from a literal English message (``InputError("free text")``);
such errors render the same in every language. scripts/house.py (run by tests/test_house.py)
lists where they remain.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the catalogs import this module for RuleDataError
    from footfall.i18n import Lang

__all__ = [
    "FootfallError",
    "InputError",
    "LimitError",
    "Listed",
    "Noun",
    "Param",
    "RuleDataError",
    "SceneError",
    "Spelling",
    "json_kind",
    "quote",
    "unknown",
]

#: Longest quoted value, in characters, before `quote` shortens it (a hostile 100,000-character
#: id must not make a 100,000-character error line).
QUOTE_LIMIT = 80

#: Most valid values `unknown` lists (a scene may hold 500 creatures).
KNOWN_LIMIT = 40

#: Prefix of every error catalog key; a message without it is a literal English message.
KEY_PREFIX = "error."


@dataclass(frozen=True, slots=True)
class Param:
    """A library parameter named in an error, spelled by each front-end as its own control.

    `name` is the keyword of the library call (``con_mod``, ``speed``, ``legs``); `index`
    the item of a list parameter when the error is about one item (the 2nd leg: 1).
    """

    name: str
    index: int | None = None


@dataclass(frozen=True, slots=True)
class Noun:
    """A word of the error catalogs (``error.noun.<key>``), rendered in the message's language.

    `key` names the thing (``terrain``, ``sample scene``); a key the catalogs lack renders as
    itself, so a noun can be written before its translations are.
    """

    key: str


@dataclass(frozen=True, slots=True)
class Listed:
    """Parameters named together in a message, spelled and listed with commas (not "or")."""

    params: tuple[Param, ...]


#: How a front-end spells a parameter: `Param` -> the text it shows (a flag, a field).
Spelling = Callable[[Param], str]


def library_spelling(param: Param) -> str:
    """Spell `param` as the library keyword it is (``con_mod``), the default of `str`."""
    return param.name


class FootfallError(Exception):
    """Base of every error footfall raises on purpose; `str(error)` is one line.

    `key` is the error catalog key (``error.…``), or None for a literal message; `fields` the
    values its message names. ``args[0]`` is the key or the literal message.

    >>> str(InputError("leg '24 mi\\nforest': bad terrain"))
    "leg '24 mi forest': bad terrain"
    """

    def __init__(self, message: str, /, **fields: Any) -> None:
        super().__init__(message)
        self.key: str | None = message if message.startswith(KEY_PREFIX) else None
        self.fields: Mapping[str, Any] = fields

    @property
    def param(self) -> Param | None:
        """The parameter the bad value was given to, if the error names one."""
        found = self.fields.get("param")
        return found if isinstance(found, Param) else None

    @property
    def value(self) -> object:
        """The bad value (None when the error names none)."""
        return self.fields.get("value")

    @property
    def valid(self) -> tuple[object, ...] | None:
        """The valid values, when there is a closed list of them."""
        found = self.fields.get("valid")
        return None if found is None else tuple(found)

    def render(self, lang: Lang = "en", spell: Spelling = library_spelling) -> str:
        """Return the message in `lang`, parameters spelled by `spell`, on one line."""
        if self.key is None:
            text = str(self.args[0]) if self.args else ""
        else:
            from footfall.i18n import error_text

            values = {name: _field(name, value, lang, spell) for name, value in self.fields.items()}
            text = error_text(self.key, lang, values, self.fields)
        return fold(text)

    def __str__(self) -> str:
        """Return the message in English, parameters spelled by their library names."""
        return self.render()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the key and the fields (an error crosses from a worker process intact)."""
        return (_rebuild, (type(self), str(self.args[0]) if self.args else "", dict(self.fields)))


class RuleDataError(FootfallError):
    """A packaged data file is malformed: the message names the file, the key and the value."""


class InputError(FootfallError):
    """The caller's input is invalid: the message names the bad value and the valid ones."""


class SceneError(InputError):
    """A scene (JSON or text map) is malformed or inconsistent."""


class LimitError(InputError):
    """A request exceeds a size or work limit (map too large, too many waypoints...)."""


def fold(text: str) -> str:
    """Fold a multi-line message onto one line (line breaks become spaces).

    >>> fold("a\\n  b")
    'a b'
    """
    lines = text.splitlines()
    if len(lines) <= 1:
        return text
    return " ".join(line.strip() for line in lines if line.strip())


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """Quote `value` for an error message: its ``repr``, shortened when over `limit` characters.

    The repr escapes line breaks and control characters, so the quote is always one line.

    >>> quote("swampp")
    "'swampp'"
    >>> quote("x" * 1000, limit=10)
    "'xxxxxxxx… (1000 characters)"

    A file's or a request's true, false and null are shown as JSON and TOML spell them, not
    as Python prints them (True, None), in every language:

    >>> quote(True), quote(None)
    ('true', 'null')
    """
    if value is None or isinstance(value, bool):
        return "null" if value is None else str(value).lower()
    text = repr(value)
    if len(text) <= limit:
        return text
    size = len(value) if isinstance(value, (str, bytes)) else len(text)
    unit = "digits" if isinstance(value, int) and not isinstance(value, bool) else "characters"
    return f"{text[: max(limit - 1, 1)]}… ({size} {unit})"


def json_kind(value: object) -> Noun:
    """The JSON type of `value` as a catalog noun (``error.noun.json array``: «массив», 数组),
    what a file or a request held, never Python's type name (dict, NoneType).

    >>> json_kind([1]), json_kind(None), json_kind(True)
    (Noun(key='json array'), Noun(key='json null'), Noun(key='json boolean'))
    """
    if isinstance(value, Mapping):
        return Noun("json object")
    if isinstance(value, list | tuple):
        return Noun("json array")
    if isinstance(value, str):
        return Noun("json string")
    if isinstance(value, bool):
        return Noun("json boolean")
    if value is None:
        return Noun("json null")
    return Noun("json number")


def listed(values: Iterable[object], limit: int = KNOWN_LIMIT) -> str:
    """Join `values` with commas; past `limit` of them, say how many more there are.

    >>> listed(["a", "b"])
    'a, b'
    >>> listed(range(5), limit=2)
    '0, 1 and 3 more'
    """
    names = [str(v) for v in values]
    text = ", ".join(names[:limit])
    if len(names) > limit:
        text += f" and {len(names) - limit} more"
    return text


def unknown(
    what: str, value: object, known: Iterable[object], *, param: Param | None = None
) -> InputError:
    """Build the standard "unknown X 'v' (known: a, b, c)" error.

    `what` is a `Noun` key (``terrain``); the value is quoted with `quote`; past `KNOWN_LIMIT`
    valid values the list says how many more there are.

    >>> str(unknown("terrain", "swampp", ["desert", "swamp"]))
    "unknown terrain 'swampp' (known: desert, swamp)"
    >>> str(unknown("creature", "c", [f"c{i}" for i in range(45)])).endswith("c39 and 5 more)")
    True
    """
    fields: dict[str, Any] = {"what": Noun(what), "value": value, "valid": tuple(known)}
    if param is not None:
        fields["param"] = param
    return InputError("error.unknown", **fields)


def _rebuild(cls: type[FootfallError], message: str, fields: dict[str, Any]) -> FootfallError:
    """Rebuild a pickled error (see `FootfallError.__reduce__`)."""
    return cls(message, **fields)


def _field(name: str, value: Any, lang: Lang, spell: Spelling) -> object:
    """Return one field of an error ready for its message template."""
    if isinstance(value, Param):
        return spell(value)
    if isinstance(value, Listed):
        return ", ".join(spell(p) for p in value.params)
    if isinstance(value, Noun):
        from footfall.i18n import noun

        return noun(value.key, lang)
    if isinstance(value, tuple) and value and all(isinstance(v, Param) for v in value):
        from footfall.i18n import error_text

        spelled = [spell(v) for v in value]
        if len(spelled) == 1:
            return spelled[0]
        return error_text(
            "error.join.or", lang, {"items": ", ".join(spelled[:-1]), "last": spelled[-1]}
        )
    if name == "value":
        return quote(value)
    if name == "valid":
        return listed(value)
    return value
