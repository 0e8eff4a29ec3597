"""Other programs' reasons in the user's language: the system's, the parsers', the databases'.

An error's ``reason`` field holds what a library said went wrong, in its English: the C
library's ``strerror`` (``Permission denied``), Python's JSON or TOML parser (``Invalid value
(at line 3, column 7)``), sqlite3 (``database is locked``) or psycopg (``connection failed:
connection to server at "db", port 5432 failed: Connection refused ...``). `reason_text`
renders it in the language from the catalogs: errors_os.toml, errors_parsers.toml,
errors_db.toml. A catalog entry's English is a template: ``{name}`` stands for the part the
library fills in (a key, a host), kept as given, and ``{reason}`` for a reason inside the
reason, itself rendered (psycopg nests the system's reason in libpq's frame). A reason no
entry matches stays as the library gave it (docs/i18n.md, "Usage errors and system reasons").
"""

from __future__ import annotations

import re
import string
from functools import cache

from footfall.i18n import Lang, catalog, os_reason, parser_reason, t

__all__ = ["reason_text", "templated", "toml_reason"]

#: tomllib's place: "<message> (at line L, column C)" or "<message> (at end of document)".
_TOML_AT = re.compile(
    r"^(?P<message>.+) \(at (?:line (?P<line>\d+), column (?P<column>\d+)"
    r"|(?P<end>end of document))\)$",
    re.DOTALL,
)

#: Python's OSError text: "[Errno N] <reason>" (psycopg quotes it); the number is kept.
_ERRNO = re.compile(r"^(?P<errno>\[Errno -?\d+\] )(?P<reason>.+)$", re.DOTALL)

#: How deep reasons nest before the rest is kept as given (psycopg nests three).
_DEPTH = 4


def reason_text(lang: Lang, reason: str) -> str:
    """Return a library's English `reason` in `lang`; a reason the catalogs lack is kept.

    >>> reason_text("ru", "Permission denied")
    'доступ запрещён'
    >>> reason_text("zh", "database is locked")
    '数据库已被锁定'
    >>> reason_text("ru", "Unclosed array (at line 3, column 7)")
    'незакрытый массив (строка 3, столбец 7)'
    >>> reason_text("ru", "something else"), reason_text("en", "database is locked")
    ('something else', 'database is locked')
    """
    if lang == "en":
        return reason
    return _reason(lang, reason, _DEPTH)


def _reason(lang: Lang, reason: str, depth: int) -> str:
    said = os_reason(lang, reason)
    if said != reason:
        return said
    said = parser_reason(lang, reason)
    if said != reason:
        return said
    said = toml_reason(lang, reason)
    if said != reason:
        return said
    found = _ERRNO.match(reason)
    if found is not None and depth > 0:
        return found["errno"] + _reason(lang, found["reason"], depth - 1)
    return _matched(lang, reason, "error.db.", depth)


def toml_reason(lang: Lang, reason: str) -> str:
    """Return TOML parser's (tomllib's) `reason` in `lang` (errors_parsers.toml); another is kept.

    >>> toml_reason("zh", "Expected '=' after a key in a key/value pair (at line 2, column 5)")
    "键/值对中的键之后应为'='(第2行第5列)"
    >>> toml_reason("ru", "Illegal character '\\\\x01' (at end of document)")
    "недопустимый символ '\\\\x01' (в конце документа)"
    """
    found = _TOML_AT.match(reason)
    if lang == "en" or found is None:
        return reason
    message = _matched(lang, found["message"], "error.parser.toml.", 0)
    if message == found["message"]:
        return reason
    if found["end"]:
        return t("error.parser.toml-end", lang, message=message)
    return t(
        "error.parser.toml-at", lang, message=message, line=found["line"], column=found["column"]
    )


def templated(lang: Lang, text: str, prefix: str) -> str:
    """Return `text` rendered in `lang` by the catalog entry under `prefix` whose English
    template matches it whole (``{name}`` kept as given), or `text` when none does.

    >>> templated("ru", "Started server process [42]", "serve.log.")
    'Запущен процесс сервера [42]'
    """
    return text if lang == "en" else _matched(lang, text, prefix, _DEPTH)


def _matched(lang: Lang, reason: str, prefix: str, depth: int) -> str:
    """`reason` rendered by the first catalog template under `prefix` that matches it whole
    (the most specific first), its ``{reason}`` part rendered in turn; else `reason`."""
    text = " ".join(reason.split())  # libpq's "\n\t" hints and "FATAL:  " spacing, as one line
    for key, pattern, nested in _templates(prefix):
        found = pattern.fullmatch(text)
        if found is None:
            continue
        values = dict(found.groupdict())
        for name in nested:
            values[name] = _reason(lang, values[name], depth - 1) if depth > 0 else values[name]
        return t(key, lang, **values)
    return reason


@cache
def _templates(prefix: str) -> tuple[tuple[str, re.Pattern[str], tuple[str, ...]], ...]:
    """The catalog's templates under `prefix` as patterns, the longest fixed text first; with
    the names of their fields that hold a reason in turn (``reason``)."""
    found: list[tuple[int, str, re.Pattern[str], tuple[str, ...]]] = []
    for key, texts in catalog().items():
        if not key.startswith(prefix):
            continue
        parts: list[str] = []
        fixed = 0
        nested: list[str] = []
        for literal, field, _, _ in string.Formatter().parse(texts["en"]):
            parts.append(re.escape(literal))
            fixed += len(literal)
            if field is not None:
                parts.append(f"(?P<{field}>.+?)")
                if field == "reason":
                    nested.append(field)
        found.append((fixed, key, re.compile("".join(parts), re.DOTALL), tuple(nested)))
    found.sort(key=lambda entry: -entry[0])
    return tuple((key, pattern, nested) for _, key, pattern, nested in found)
