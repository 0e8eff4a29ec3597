"""Translate footfall's messages and labels into English, Russian and Chinese.

Catalogs are TOML files beside this module, one per domain (`rates.toml`, `tactical.toml`,
...). Each top-level table is one key with one string per language::

    ["budget"]
    en = "costs {cost} {unit}, more than the {budget} {unit} this action allows"
    ru = "..."
    zh = "..."

Keys are unique across catalogs (prefix them with the domain, e.g. ``tactical.budget``).
Placeholders use `str.format` syntax. Russian and Chinese terms come from the seed texts.

Error messages (`footfall.errors`) live in the ``errors*.toml`` catalogs under keys starting
``error.``; their nouns under ``error.noun.<key>`` (``errors_nouns.toml``). Every key has all three
languages: a key without its ru or zh text is refused when the catalogs load, and the refusal
lists every such key (tests/i18n/test_completeness.py says the same).

A count and its noun agree through the ``plural`` format spec, which prints the number and
the form its language's plural rule picks (CLDR rules)::

    ru = "выравнивается за {rounds:plural:раунд|раунда|раундов}"   # 1 раунд, 3 раунда, 5 раундов
    en = "levels out within {rounds:plural:round|rounds}"            # 1 round, 3 rounds
"""

from __future__ import annotations

import errno
import marshal
import os
import re
import string
import sys
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Literal, cast

from footfall.errors import RuleDataError, unknown

if TYPE_CHECKING:  # start-up: tomllib and importlib.resources load when a catalog is read
    from importlib.resources.abc import Traversable

__all__ = [
    "LANGS",
    "Lang",
    "Words",
    "catalog",
    "error_text",
    "measure",
    "noun",
    "os_reason",
    "parse_lang",
    "parser_reason",
    "plural",
    "scene_title",
    "t",
    "unit_forms",
]

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
    """Load and merge every catalog file; a duplicate key or missing language is an error.

    Parsing the 300 KB of TOML costs about 0.17 s of CPU, more than the rest of a small
    command, so the merged (and checked) catalog is kept in ``__pycache__`` beside the files
    as a `marshal` dump named by the files' names, sizes and modification times, as Python
    keeps compiled modules: any edit of a catalog makes a new name, and a folder that cannot
    be written (a read-only install) only means parsing each time. Like Python's own
    bytecode, nothing is written under ``PYTHONDONTWRITEBYTECODE`` (`sys.dont_write_bytecode`);
    a dump already there is still read.
    """
    from importlib import resources

    return _load_catalog(resources.files(__package__))


def _load_catalog(root: Traversable) -> dict[str, dict[Lang, str]]:
    """`catalog`'s work for the catalog files in `root`."""
    entries = sorted((e for e in root.iterdir() if e.name.endswith(".toml")), key=lambda e: e.name)
    stored = _stored_catalog(root, entries)
    if stored is not None and stored.exists():
        try:
            return cast(dict[str, dict[Lang, str]], marshal.loads(stored.read_bytes()))
        except (OSError, EOFError, ValueError, TypeError):
            pass
    merged = _parse_catalogs(entries)
    if stored is not None and not sys.dont_write_bytecode:
        _store(stored, marshal.dumps(merged))
    return merged


def _stored_catalog(root: object, entries: list[Traversable]) -> Path | None:
    """The ``__pycache__`` file for these catalog files, or None outside a real folder."""
    if not isinstance(root, Path):
        return None
    try:
        facts = [(e.name, *_size_and_time(root / e.name)) for e in entries]
    except OSError:
        return None
    digest = f"{zlib.crc32(repr((_CATALOG_FORMAT, facts)).encode()):08x}"
    return root / "__pycache__" / f"catalog.{digest}.marshal"


def _size_and_time(path: Path) -> tuple[int, int]:
    facts = path.stat()
    return facts.st_size, facts.st_mtime_ns


def _store(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically (a temporary file renamed); failure is silent."""
    import tempfile

    try:
        path.parent.mkdir(exist_ok=True)
        for old in path.parent.glob("catalog.*.marshal"):
            if old != path:
                old.unlink(missing_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as out:
            out.write(data)
        os.replace(out.name, path)
    except OSError:
        pass


#: Bumped when the stored catalog's shape changes (part of the stored file's name).
_CATALOG_FORMAT = 1


def _parse_catalogs(entries: list[Traversable]) -> dict[str, dict[Lang, str]]:
    """Parse and check the catalog files (`catalog`'s work when nothing is stored)."""
    import tomllib

    merged: dict[str, dict[Lang, str]] = {}
    incomplete: list[str] = []
    for entry in entries:
        try:
            data = tomllib.loads(entry.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise RuleDataError(f"i18n/{entry.name}: not valid TOML: {exc}") from None
        for key, texts in data.items():
            if key in merged:
                raise RuleDataError(f"i18n/{entry.name}: key {key!r} is defined twice")
            if not isinstance(texts, dict) or set(texts) != set(LANGS):
                incomplete.append(f"{entry.name}: {key}")
                continue
            merged[key] = {cast(Lang, lang): str(text) for lang, text in texts.items()}
            for lang, text in merged[key].items():
                for spec in _PLURAL_SPEC.findall(text):
                    if len(spec.split("|")) != _PLURAL_FORMS[lang]:
                        raise RuleDataError(
                            f"i18n/{entry.name}: key {key!r} ({lang}): plural:{spec} needs "
                            f"{_PLURAL_FORMS[lang]} form(s) separated by '|'"
                        )
    if incomplete:
        raise RuleDataError(
            f"i18n: {len(incomplete)} key(s) lack exactly en, ru and zh strings: "
            + "; ".join(incomplete)
        )
    return merged


#: How many forms a ``plural:`` spec gives per language (CLDR: en one/other; ru one/few/many).
_PLURAL_FORMS: dict[Lang, int] = {"en": 2, "ru": 3, "zh": 1}
_PLURAL_SPEC = re.compile(r"\{[^{}:]*:plural:([^{}]*)\}")


@dataclass(frozen=True)
class Words:
    """A value written in every language (a data file's ``names``): a message formatted in
    one language takes that language's word, so every language's template names the same
    field (``{name}``).

    >>> t("tactical.note.condition-still", "ru", name=Words("Pinned", "Прижатый", "压制"))
    'Прижатый: не может двигаться'
    """

    en: str
    ru: str
    zh: str


def t(key: str, lang: Lang = "en", /, **values: object) -> str:
    """Return the message `key` in `lang`, formatted with `values` (a `Words` value in `lang`).

    An unknown key is a programming error and raises `KeyError`.
    """
    text = catalog()[key][lang]
    if any(isinstance(v, Words) for v in values.values()):
        values = {k: getattr(v, lang) if isinstance(v, Words) else v for k, v in values.items()}
    if ":plural:" in text or ":agree" in text or ":value:" in text:
        return _PluralFormatter(lang, values).format(text, **values)
    return text.format(**values)


def error_text(
    key: str, lang: Lang, values: dict[str, object], fields: Mapping[str, object] | None = None
) -> str:
    """Return the error message `key` in `lang`, formatted with the rendered `values`.

    Called by `footfall.errors.FootfallError.render` (`fields`: the error's own, unrendered);
    an unknown key is a programming error (`KeyError`). A decimal number is written in
    `lang`'s way (ru: 1,5); in Russian and Chinese a list of valid values names each value of
    a closed vocabulary by its word and its id (`footfall.i18n.values`), in Chinese with the
    enumeration comma of seed 004 (a、b).
    """
    shown = {name: _shown(name, value, lang) for name, value in values.items()}
    if lang != "en" and fields is not None and isinstance(fields.get("valid"), (tuple, list)):
        from footfall.i18n.values import valid_text

        shown["valid"] = valid_text(key, lang, fields)
    return t(key, lang, **shown)


def _shown(name: str, value: object, lang: Lang) -> object:
    """One field of an error as its language writes it (decimal comma, list comma, the
    system's reason for a failed file or socket operation)."""
    if name == "reason" and isinstance(value, str) and lang != "en":
        from footfall.i18n.reasons import reason_text  # the system's, parsers', databases'

        return reason_text(lang, value)
    if name == "where" and lang != "en":
        text = f"{value}"
        if isinstance(value, str) and f"error.noun.{text}" in catalog():
            return noun(text, lang)  # a file named by its kind: "map file" «файл карты»
        named = _NAMED.match(text)  # the kind and the path: "journey file '/x/trip.toml'"
        if named is not None and f"error.noun.{named['kind']}" in catalog():
            text = f"{noun(named['kind'], lang)}{named['rest']}"
        text = _DAY.sub(lambda m: t("common.day", lang, n=int(m[1])), text)
        return _LINE.sub(lambda m: t("common.line", lang, n=int(m[1])), text)
    if isinstance(value, str) and lang != "en":
        if name == "kind" and f"error.json-kind.{value}" in catalog():
            return t(f"error.json-kind.{value}", lang)  # "got a JSON array": «массив JSON»
        value = _SHORTENED.sub(
            lambda m: f"… ({t('error.quote.' + m['unit'], lang, n=int(m['n']))})", value
        )
    if lang == "ru" and isinstance(value, float):
        return str(value).replace(".", ",")
    if lang == "zh" and name == "valid" and isinstance(value, str):
        return value.replace(", ", "、")
    return value


#: A value `footfall.errors.quote` shortened: "'xxxx… (5000 characters)", "… (401 digits)".
_SHORTENED = re.compile(r"… \((?P<n>\d+) (?P<unit>characters|digits)\)")

#: An error's `where` naming a file by its kind and then its quoted path or a part of it
#: (``journey file '/x/trip.toml'``, ``journey file: day 2``): the kind is a noun.
_NAMED = re.compile(r"^(?P<kind>[a-z][a-z ]*?)(?P<rest>(?: ['\"]|:).*)$", re.DOTALL)

#: A text file's line named in an error's `where` (``line 3``, ``valley line 3: ``): the
#: text-map and route readers compose it; it is rendered in the language (common.line).
_LINE = re.compile(r"(?<![\w/.\\-])line (\d+)(?=$|:|\s)")
#: A journey file's day named in an error's `where` (``journey file: day 2``): common.day.
_DAY = re.compile(r"(?<![\w/.\\-])day (\d+)(?=$|:|\s)")


@cache
def _os_reasons() -> dict[str, str]:
    """The C library's English reasons (strerror) -> their catalog keys (errors_os.toml)."""
    found: dict[str, str] = {}
    for key, texts in catalog().items():
        if key.startswith("error.os."):
            code = getattr(errno, key.removeprefix("error.os."), None)
            found[texts["en"] if code is None else os.strerror(code)] = key
            found.setdefault(texts["en"], key)
    return found


#: Python's JSON parser's reason: "<message>: line L column C (char N)".
_PARSER_AT = re.compile(
    r"^(?P<message>.+): line (?P<line>\d+) column (?P<column>\d+) \(char (?P<char>\d+)\)$"
)


def parser_reason(lang: Lang, reason: str) -> str:
    """Return the JSON parser's `reason` in `lang` (errors_parsers.toml); another is kept.

    >>> parser_reason("ru", "Expecting value: line 1 column 1 (char 0)")
    'ожидается значение: строка 1, столбец 1 (символ 0)'
    >>> parser_reason("zh", "Extra data: line 2 column 3 (char 9)")
    '多余的数据:第2行第3列(字符9)'
    """
    found = _PARSER_AT.match(reason)
    if lang == "en" or found is None:
        return reason
    words = catalog()
    key = next(
        (
            k
            for k, v in words.items()
            if k.startswith("error.parser.json.") and v["en"] == found["message"]
        ),
        None,
    )
    if key is None:
        return reason
    at = {name: int(found[name]) for name in ("line", "column", "char")}
    return t("error.parser.at", lang, message=words[key][lang], **at)


def os_reason(lang: Lang, reason: str) -> str:
    """Return the operating system's `reason` (``exc.strerror``) in `lang`, when it is one of
    the reasons the catalogs hold (errors_os.toml); any other reason is kept as it is.

    >>> os_reason("ru", os.strerror(errno.ENOENT)), os_reason("zh", "Permission denied")
    ('нет такого файла или каталога', '权限不够')
    >>> os_reason("ru", "something else"), os_reason("en", os.strerror(errno.EISDIR))
    ('something else', 'Is a directory')
    """
    if lang == "en":
        return reason
    key = _os_reasons().get(reason)
    return reason if key is None else t(key, lang)


def scene_title(name: str, title: str, lang: Lang) -> str:
    """Return the title of sample scene `name` in `lang` (``scene.title.<name>``, scenes.toml),
    or the scene's own `title` (its ``x-title``) when the catalog has none.

    >>> scene_title("pf1e-ogre-bridge", "Ogre on the bridge", "ru")
    'Огр на мосту'
    >>> scene_title("my-cave", "My cave", "zh")
    'My cave'
    """
    texts = catalog().get(f"scene.title.{name}")
    return title if texts is None else texts[lang]


def unit_forms(
    lang: Lang,
    unit: str,
    *,
    genitive: bool = False,
    accusative: bool = False,
    dative: bool = False,
) -> tuple[str, ...] | None:
    """The forms of a unit's word in `lang` (``common.forms.<id>``), by its id or its label.

    `genitive`: the forms after "из", "до" (``common.forms-of.<id>``: из 1 мили, до 5 клеток);
    `accusative`: after "в" naming a measure (``common.forms-in.<id>``: предел в 1 милю);
    `dative`: after "кратна" (``common.forms-to.<id>``: кратна 1 клетке, 5 клеткам).

    >>> unit_forms("ru", "mi"), unit_forms("ru", "миль"), unit_forms("ru", "x")
    (('миля', 'мили', 'миль'), ('миля', 'мили', 'миль'), None)
    >>> unit_forms("ru", "клеток", genitive=True)
    ('клетки', 'клеток', 'клеток')
    """
    words = catalog()
    for key, texts in words.items():
        if not key.startswith("common.forms."):
            continue
        ident = key.removeprefix("common.forms.")
        label = words.get(f"common.unit.{ident}", {}).get(lang)
        if unit in (ident, label) or unit in texts[lang].split("|"):
            chosen = texts
            if genitive:
                chosen = words.get(f"common.forms-of.{ident}", texts)
            elif dative:
                chosen = words.get(f"common.forms-to.{ident}", texts)
            elif accusative:
                chosen = words.get(f"common.forms-in.{ident}", texts)
            return tuple(chosen[lang].split("|"))
    return None


def measure(lang: Lang, count: object, unit: str) -> str:
    """Return a count and its unit's word agreeing with it: 1 миля, 2 мили, 5 миль, 1,5 мили.

    `unit` is a unit id (``mi``) or its label; a unit without forms is written as given. This is
    the one place a number meets a unit in code; templates do the same with ``{unit:agree:n}``.

    >>> measure("ru", 1, "mi"), measure("ru", 24, "mi"), measure("ru", "1,5", "mi")
    ('1 миля', '24 мили', '1,5 мили')
    >>> measure("en", 1, "mi"), measure("zh", 5, "ft"), measure("ru", 5, "фт")
    ('1 mi', '5尺', '5 фт')
    """
    forms = unit_forms(lang, unit)
    word = unit if forms is None else plural(lang, count, forms)
    return f"{count}{word}" if lang == "zh" else f"{count} {word}"


def noun(key: str, lang: Lang) -> str:
    """Return the error catalog's word ``error.noun.<key>`` in `lang`, or `key` if it has none.

    A noun with a name or a number in it (``pf1e size``, ``leg 3 distance``) is found under
    its family's key, the name or number written ``{}`` (``{} size``, ``leg {} distance``).

    >>> noun("terrain", "ru"), noun("pf1e size", "ru"), noun("leg 3 distance", "zh")
    ('местность', 'размер в pf1e', '第3段路程的距离')
    """
    words = catalog()
    texts = words.get(f"error.noun.{key}")
    if texts is not None:
        return texts[lang]
    for pattern in (r"^\S+(?= )", r"\d+"):
        found = re.search(pattern, key)
        if found is None:
            continue
        family = words.get(f"error.noun.{key[: found.start()]}{{}}{key[found.end() :]}")
        if family is not None:
            return family[lang].replace("{}", found.group())
    return key


def plural(lang: Lang, count: object, forms: tuple[str, ...] | list[str]) -> str:
    """Return the form of a noun that agrees with `count` in `lang` (without the number).

    `forms`: en ``one|other``; ru ``one|few|many`` (1 клетка, 2 клетки, 5 клеток; a fraction
    takes the ``few`` form: 1,5 клетки); zh one form (no plural). `count` may be a number or a
    number already formatted for display (``"2,5"``). CLDR plural rules.
    """
    whole = _whole(count)
    if lang == "ru":
        if len(forms) != 3:
            raise ValueError(f"Russian plural needs 3 forms (one|few|many), got {len(forms)}")
        if whole is None:
            return forms[1]
        n = abs(whole)
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]
    if lang == "en":
        if len(forms) != 2:
            raise ValueError(f"English plural needs 2 forms (one|other), got {len(forms)}")
        return forms[0] if whole is not None and abs(whole) == 1 else forms[1]
    return forms[0]


def _whole(count: object) -> int | None:
    """Return `count` as an int when it is a whole number, else None (a fraction)."""
    if isinstance(count, bool):
        return int(count)
    if isinstance(count, int):
        return count
    if isinstance(count, Fraction):
        return int(count) if count.denominator == 1 else None
    if isinstance(count, float):
        return int(count) if count.is_integer() else None
    text = str(count).strip().replace("\u00a0", "").replace(" ", "")
    try:
        return int(text)
    except ValueError:
        return None


class _PluralFormatter(string.Formatter):
    """`str.format` plus two specs: ``plural:form|form...`` prints the count and its agreeing
    noun; ``agree:NAME`` prints a unit (``{unit:agree:distance}``) in the form the field NAME's
    count asks for (24 мили), the unit's forms read from ``common.forms.<unit>``
    (``agree-of``, ``agree-in``, ``agree-to``: the genitive, accusative, dative forms);
    ``value:VOCABULARY`` prints a closed vocabulary's id as its word and the id in brackets
    (``{size:value:size}``: «большой (large)», 大型(large); docs/i18n.md)."""

    def __init__(self, lang: Lang, values: dict[str, object] | None = None) -> None:
        self.lang = lang
        self.values = values or {}

    def format_field(self, value: object, format_spec: str) -> str:
        """Format one field; ``plural:...`` and ``agree:...`` as the class says."""
        if format_spec.startswith("plural:"):
            forms = format_spec.removeprefix("plural:").split("|")
            return f"{value} {plural(self.lang, value, forms)}"
        if format_spec.startswith(("agree:", "agree-of:", "agree-in:", "agree-to:")):
            kind, _, name = format_spec.partition(":")
            count = self.values.get(name)
            unit_words = unit_forms(
                self.lang,
                str(value),
                genitive=kind == "agree-of",
                accusative=kind == "agree-in",
                dative=kind == "agree-to",
            )
            if unit_words is None or count is None:
                return str(value)
            return plural(self.lang, count, unit_words)
        if format_spec.startswith("value:"):
            from footfall.i18n.values import shown_value, value_word

            ident = str(getattr(value, "value", value))
            vocab = format_spec.removeprefix("value:")
            return shown_value(value_word(vocab, ident, self.lang), ident, self.lang)
        return str(super().format_field(value, format_spec))
