"""Translate footfall's messages and labels into English, Russian and Chinese.

Catalogs are TOML files beside this module, one per domain (`rates.toml`, `tactical.toml`,
...). Each top-level table is one key with one string per language::

    ["budget"]
    en = "costs {cost} {unit}, more than the {budget} {unit} this action allows"
    ru = "..."
    zh = "..."

Keys are unique across catalogs (prefix them with the domain, e.g. ``tactical.budget``).
Placeholders use `str.format` syntax. Russian and Chinese terms come from the seed texts.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Literal, cast

from footfall.errors import RuleDataError, unknown

__all__ = ["LANGS", "Lang", "catalog", "parse_lang", "t"]

Lang = Literal["en", "ru", "zh"]
LANGS: tuple[Lang, ...] = ("en", "ru", "zh")


def parse_lang(value: str) -> Lang:
    """Return `value` as a `Lang`, or raise `InputError` naming the known languages."""
    for lang in LANGS:
        if value == lang:
            return lang
    raise unknown("language", value, LANGS)


@cache
def catalog() -> dict[str, dict[Lang, str]]:
    """Load and merge every catalog file; a duplicate key or missing language is an error."""
    merged: dict[str, dict[Lang, str]] = {}
    for entry in sorted(resources.files(__package__).iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".toml"):
            continue
        try:
            data = tomllib.loads(entry.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise RuleDataError(f"i18n/{entry.name}: not valid TOML: {exc}") from None
        for key, texts in data.items():
            if key in merged:
                raise RuleDataError(f"i18n/{entry.name}: key {key!r} is defined twice")
            if not isinstance(texts, dict) or set(texts) != set(LANGS):
                raise RuleDataError(
                    f"i18n/{entry.name}: key {key!r} must have exactly en, ru and zh strings"
                )
            merged[key] = {cast(Lang, lang): str(text) for lang, text in texts.items()}
    return merged


def t(key: str, lang: Lang = "en", /, **values: object) -> str:
    """Return the message `key` in `lang`, formatted with `values`.

    An unknown key is a programming error and raises `KeyError`.
    """
    return catalog()[key][lang].format(**values)
