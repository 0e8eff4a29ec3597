"""Lists of valid values in the language: each value of a closed vocabulary as its word and
the id the user types, ``толчок (push)``, ``推(push)`` (docs/i18n.md "Valid values in errors").

An error's ``valid`` field lists what may be given instead of the bad value. In English the
ids are listed as they are (they are English words already). In Russian and Chinese a value
of a closed vocabulary - an action, a switch or its choice, armor, a size, a unit, a kind of
forced movement - is its word (``values.toml``: ``value.<vocabulary>.<id>``, the seeds' words
where a seed or a data file names it) followed by its id in brackets, as the id is what one
types; a value the vocabulary has no word for, and the values of a list that is no vocabulary
(names: systems, sample scenes, creatures, languages, file formats, keys, tables), stay ids.

The vocabulary of a list is read from the error itself: its key (``error.rules.unknown-action``
lists actions) or its ``what`` noun (``error.unknown`` with ``Noun("armor")``; a noun with a
system in it, ``pf1e size``, is its family ``{} size``, and the system picks the system's own
word where its data names the value otherwise: ``value.action.dh2e.run``).

>>> from footfall.errors import Noun
>>> kinds = {"what": Noun("forced movement"), "valid": ("push", "pull")}
>>> valid_text("error.unknown", "ru", kinds)
'толчок (push), притягивание (pull)'
>>> valid_text("error.unknown", "zh", {"what": Noun("armor"), "valid": ("none", "heavy")})
'无盔甲(none)、重甲(heavy)'
>>> valid_text("error.unknown", "ru", {"what": Noun("system"), "valid": ("pf1e", "dh2e")})
'pf1e, dh2e'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from enum import Enum

from footfall.i18n import Lang, catalog, t

__all__ = [
    "VOCABULARY_BY_KEY",
    "VOCABULARY_BY_NOUN",
    "joined",
    "shown_values",
    "valid_text",
    "value_word",
    "vocabulary",
]

#: Errors whose list is a vocabulary whatever their fields say (``{switch}``: the field's value).
VOCABULARY_BY_KEY: dict[str, str] = {
    "error.rules.unknown-switch": "switch",
    "error.rules.unknown-choice": "choice.{switch}",
    "error.rules.unknown-action": "action",
    "error.scene.text-flag": "flag",
    "error.travel.not-river": "conveyance",
}

#: The vocabulary of a list by the error's ``what`` noun (its family: ``{} size``). A noun not
#: here lists names, not words (system, sample scene, creature, language, map format, key).
VOCABULARY_BY_NOUN: dict[str, str] = {
    "action": "action",
    "armor": "armor",
    "load": "load",
    "{} condition": "condition",
    "{} size": "size",
    "{} terrain": "terrain",
    "{} choice": "choice.{}",
    "terrain": "terrain",
    "road": "road",
    "material": "material",
    "forced movement": "kind",
    "mount or vehicle": "conveyance",
    "vessel": "conveyance",
    "distance unit": "unit",
    "unit": "unit",
    "dh2e leg flag": "leg-flag",
    "scale": "scale",
    "flow": "flow",
    "facing": "facing",
    "maneuverability": "maneuverability",
    "grid": "grid",
    "diagonal": "diagonal",
    "flag": "flag",
    "door": "door",
}

#: Where a vocabulary's words are, when not (only) under ``value.<vocabulary>.``: the
#: catalogs that word them already for the answers.
_PREFIXES: dict[str, tuple[str, ...]] = {
    "flag": ("value.hampered.", "maps.terrain."),
    "load": ("rates.load.",),
    "scale": ("journeys.scale.",),
}

#: Most values a list shows (footfall.errors.KNOWN_LIMIT; not imported: errors imports i18n).
_LIMIT = 40
_FAMILY = re.compile(r"^(?P<name>\S+) (?P<rest>.+)$")


def vocabulary(key: str, fields: Mapping[str, object]) -> tuple[str | None, str | None]:
    """Return the vocabulary of error `key`'s list and the system it is read in (or None)."""
    system = fields.get("system")
    system = system if isinstance(system, str) else None
    found = VOCABULARY_BY_KEY.get(key)
    if found is not None:
        switch = fields.get("switch")
        return found.replace("{switch}", str(switch)), system
    what = getattr(fields.get("what"), "key", None)
    if not isinstance(what, str):
        return None, system
    if what in VOCABULARY_BY_NOUN:
        return VOCABULARY_BY_NOUN[what], system
    family = _FAMILY.match(what)
    if family is not None:
        found = VOCABULARY_BY_NOUN.get("{} " + family["rest"])
        if found is not None:
            if "{}" in found:
                return found.replace("{}", family["name"]), system
            return found, system or family["name"]
    return None, system


def value_word(vocab: str, ident: str, lang: Lang, system: str | None = None) -> str | None:
    """Return the word of value `ident` of vocabulary `vocab` in `lang`, or None.

    >>> value_word("action", "run", "ru"), value_word("action", "run", "ru", "dh2e")
    ('бег', 'Бег')
    >>> value_word("load", "heavy", "zh"), value_word("armor", "plate", "ru")
    ('重度', None)
    """
    words = catalog()
    keys = [f"value.{vocab}.{system}.{ident}"] if system else []
    keys += [f"{prefix}{ident}" for prefix in (f"value.{vocab}.", *_PREFIXES.get(vocab, ()))]
    for key in keys:
        if key in words:
            return words[key][lang]
    return None


def shown_value(word: str | None, ident: str, lang: Lang) -> str:
    """One value of a list: its word and its id in brackets; the id alone without a word, and
    the word alone when it holds the id already (``1T (крошечный)``).

    >>> shown_value("толчок", "push", "ru"), shown_value("推", "push", "zh")
    ('толчок (push)', '推(push)')
    >>> shown_value(None, "pf1e", "ru"), shown_value("1T (крошечный)", "1T", "ru")
    ('pf1e', '1T (крошечный)')
    """
    if word is None or word == ident:
        return ident
    if ident in word:
        return word
    return f"{word}({ident})" if lang == "zh" else f"{word} ({ident})"


def shown_values(
    vocab: str | None, ids: Sequence[str], lang: Lang, system: str | None = None
) -> list[str]:
    """Return each of `ids` as `shown_value` shows it: its word in vocabulary `vocab` (the
    system's own where its data names one) and the id; the ids alone without a vocabulary.

    >>> shown_values("action", ["move", "run"], "ru", "dh2e"), shown_values(None, ["a"], "ru")
    (['перемещение (move)', 'Бег (run)'], ['a'])
    """
    words = [None if vocab is None else value_word(vocab, i, lang, system) for i in ids]
    return [shown_value(word, ident, lang) for word, ident in zip(words, ids, strict=True)]


def joined(items: Sequence[str], lang: Lang) -> str:
    """Join a list's items as `lang` writes a list: commas, and seed 004's 、 in Chinese.

    >>> joined(["a", "b"], "ru"), joined(["a", "b"], "zh")
    ('a, b', 'a、b')
    """
    return ("、" if lang == "zh" else ", ").join(items)


def valid_text(key: str, lang: Lang, fields: Mapping[str, object]) -> str:
    """Return error `key`'s ``valid`` field listed in `lang` (not English: its ids are listed
    by `footfall.errors.listed`); past 40 values the list says how many more there are."""
    vocab, system = vocabulary(key, fields)
    found = fields.get("valid")
    values = list(found) if isinstance(found, (tuple, list)) else [found]
    items = [str(v.value) if isinstance(v, Enum) else str(v) for v in values]
    text = joined(shown_values(vocab, items[:_LIMIT], lang, system), lang)
    if len(items) > _LIMIT:
        text = t("error.list-more", lang, items=text, count=len(items) - _LIMIT)
    return text
