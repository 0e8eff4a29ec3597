"""The catalogs are complete: every key in en, ru and zh, no English left in ru / zh, the
seeds' terms where the seeds have them, every error renders in every language."""

from __future__ import annotations

import re
import string
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from footfall.errors import InputError, Listed, Noun, Param
from footfall.i18n import LANGS, catalog, noun
from helpers.catalog_sources import nouns, raised_keys

FILES = sorted(
    (e for e in resources.files("footfall.i18n").iterdir() if e.name.endswith(".toml")),
    key=lambda e: e.name,
)
ENTRIES = {
    (entry.name, key): texts
    for entry in FILES
    for key, texts in tomllib.loads(entry.read_text(encoding="utf-8")).items()
}
ERROR_KEYS = sorted(k for (_, k) in ENTRIES if k.startswith("error.") and ".noun." not in k)

#: Latin words a ru / zh text may keep: names (systems, formats, programs), ids and option
#: values the user types, units of the option syntax.
NAMES = set(
    """footfall pf1e dnd35 dh2e drawsteel D&D JSON TOML UTF-8 PNG WebP JPEG Universal VTT
    Foundry Enhanced Terrain Layer base64 id ID x y X Y ALT N H M T F FT L true false any mi km
    ft m open dense impassable fly check reach uvtt foundry v dex con walk hustle speed
    trackless forest road fly_speed grid type size distance units bounds closed image format
    resolution points c door ds disposition multiple terrainheight padding coreVersion legend
    map wall creature mark on at side legs party name toughness x-height e.g squares given
    structured creatures travel z Draw Steel PostgreSQL psycopg pip IP
    install SSL TCP-""".split()  # noqa: SIM905
)
#: Left out before looking for English: placeholders, quotes, flags, ids (with ``_./=`` or a
#: digit) and a data file's table name (``[turn]``).
_STRIPPED = re.compile(r"\{[^{}]*\}|'[^']*'|\"[^\"]*\"|--[\w-]+|\S*[_./=\d]\S*|\[[a-z_.-]+\]")


def _english_words(text: str) -> list[str]:
    """The Latin words of `text` that are not placeholders, quotes, ids or known names."""
    rest = _STRIPPED.sub(" ", text)
    return [w for w in re.findall(r"[A-Za-z][A-Za-z&-]*", rest) if w not in NAMES]


def test_every_key_has_every_language() -> None:
    """Every key of every catalog file has an en, a ru and a zh text (the list names the gaps)."""
    missing = sorted(
        f"{file}: {key} (missing {', '.join(lang for lang in LANGS if lang not in texts)})"
        for (file, key), texts in ENTRIES.items()
        if set(texts) != set(LANGS)
    )
    assert not missing, "keys to translate:\n" + "\n".join(missing)


def test_no_english_left_in_the_errors() -> None:
    """A ru or zh error text keeps no English word beyond names, ids and option values."""
    found = {
        f"{key} ({lang}): {words}"
        for (_, key), texts in ENTRIES.items()
        if key.startswith("error.")
        for lang in ("ru", "zh")
        if lang in texts and (words := _english_words(texts[lang]))
    }
    assert not found, "English left:\n" + "\n".join(sorted(found))


#: The seeds' own words: English term -> (the Russian stems any of which a ru text uses, the
#: Chinese word a zh text uses). Seeds: 000 Pathfinder 1e ru (пересеченная местность, спешка,
#: марш-бросок, проверка Выносливости, скакун), 001 Dark Heresy 2e ru (бонус Ловкости, бонус
#: Выносливости, Усталость), 002 Draw Steel ru (труднопроходимая местность, смещение), 004 D&D 3.5
#: zh (困难地形, 急行, 强行军, 机动性, 坐骑, 体质).
GLOSSARY = {
    "difficult terrain": (("пересеченн", "труднопроходим"), "困难地形"),
    "hazardous terrain": (("опасн",), "危险地形"),
    "hustle": (("спешк",), "急行"),
    "forced march": (("марш-брос",), "强行军"),
    "forced-march": (("марш-брос",), "强行军"),
    "maneuverability": (("маневренност",), "机动性"),
    "agility bonus": (("Ловкост",), "敏捷加值"),
    "Constitution": (("Выносливост",), "体质"),
    "mount": (("скакун", "верхов"), "坐骑"),
    "vessel": (("суд",), "船"),
    "impassable square": (("непроходим",), "无法通行"),
    "leg": (("участ",), "段"),  # a journey's leg: «участок» (docs/i18n.md, "Terms")
}


#: Messages where a term is the id the user types (``[hustle|walk]``, a table's keys).
TERM_AS_ID = {"error.travel.leg-terrain", "error.travel.file-day"}


@pytest.mark.parametrize("term", sorted(GLOSSARY))
def test_the_seeds_terms_are_used(term: str) -> None:
    """A ru / zh message whose English names a seed term uses the seed's own word for it."""
    stems, chinese = GLOSSARY[term]
    pattern = re.compile(rf"\b{re.escape(term)}(?:s|es|ed|ing)?\b", re.IGNORECASE)
    hits = [
        (k, t)
        for k, t in catalog().items()
        if k not in TERM_AS_ID and pattern.search(_STRIPPED.sub(" ", t["en"]))
    ]
    assert hits, f"no message says {term!r}"
    wrong = [k for k, t in hits if not any(s.lower() in t["ru"].lower() for s in stems)]
    wrong += [k for k, t in hits if chinese not in t["zh"]]
    assert not wrong, f"{term!r} not in the seed's words: {sorted(set(wrong))}"


def _fields(template: str) -> dict[str, object]:
    """Values for every field of an English template: the kind of value each name takes."""
    values: dict[str, object] = {}
    for _, name, _, _ in string.Formatter().parse(template):
        if not name:
            continue
        name = name.split("!")[0]
        if name == "param":
            values[name] = (Param("speed"), Param("mount"))
        elif name == "what":
            values[name] = Noun("terrain")
        elif name == "options":
            values[name] = Listed((Param("hustle"), Param("toughness")))
        elif name in {"value", "valid", "where"}:
            values[name] = ("a", "b") if name == "valid" else "x"
        else:
            values[name] = 3
    return values


@pytest.mark.parametrize("key", ERROR_KEYS)
def test_every_error_renders_in_every_language(key: str) -> None:
    """Each error of each catalog renders, with the fields it names, on one line in en/ru/zh."""
    error = InputError(key, **_fields(" ".join(catalog()[key].values())))
    lines = {lang: error.render(lang) for lang in LANGS}
    for lang, line in lines.items():
        assert line.strip() and "\n" not in line, (lang, line)
        assert not re.search(r"\{[a-z_]+\}", line), (lang, line)
    words = re.sub(r"\{[^{}]*\}", "", catalog()[key]["en"])
    assert lines["ru"] != lines["en"] or not re.search("[a-z]", words), lines


def test_every_raised_key_is_in_the_catalogs() -> None:
    """Every ``error.…`` key footfall's sources name is a catalog entry."""
    known = set(catalog())
    prefixes = ("error.noun.", "error.join.")
    missing = sorted(k for k in raised_keys() if k not in known and not k.endswith("."))
    assert not [k for k in missing if not k.startswith(prefixes)], missing


#: Nouns the scanner cannot see: enum values and names passed through variables.
EXTRA_NOUNS = {"pursuer", "quarry", "dex", "con", "agility bonus", "walls", "creatures",
               "Universal VTT file", "Foundry scene", "map file"}  # fmt: skip


@pytest.mark.parametrize("word", sorted(nouns() | EXTRA_NOUNS))
def test_every_noun_has_its_words(word: str) -> None:
    """Every noun the sources hand an error is translated (a flag stays as it is)."""
    if word.startswith("--"):
        return
    samples = {re.sub(r"\{[^{}]*\}", name, word) for name in ("pf1e", "3")}
    ru = [noun(sample, "ru") for sample in samples if noun(sample, "zh") != sample]
    assert ru, f"no error.noun entry for {word!r}"
    assert not _english_words(re.sub(r"pf1e|\(\w+\)|chase_tie", "", ru[0])), ru


# ---- the error catalogs, whole, and Russian plurals ------------------------------------------

ERROR_FILES = [entry.name for entry in FILES if entry.name.startswith("errors")]


def test_error_keys_cover_the_error_catalogs() -> None:
    """Every key of every errors*.toml is an ``error.`` key (so ERROR_KEYS, which the render
    test walks, holds every one of them but the nouns), and no error lives in another file."""
    assert len(ERROR_FILES) >= 15, ERROR_FILES
    outside = sorted(
        f"{f}: {k}" for f, k in ENTRIES if k.startswith("error.") and f not in ERROR_FILES
    )
    not_errors = sorted(
        f"{f}: {k}" for f, k in ENTRIES if f in ERROR_FILES and not k.startswith("error.")
    )
    assert outside == [] and not_errors == []
    rendered = {k for k in ERROR_KEYS} | {k for _, k in ENTRIES if ".noun." in k}
    assert {k for f, k in ENTRIES if f in ERROR_FILES} == rendered


def test_a_missing_language_is_refused(tmp_path: Path) -> None:
    """A catalog key without its ru (or any language's) text is refused when catalogs load,
    and the refusal names the key (the check test_every_key_has_every_language repeats)."""
    from footfall.errors import RuleDataError
    from footfall.i18n import _parse_catalogs

    gap = tmp_path / "errors_gap.toml"
    gap.write_text('["error.gap.x"]\nen = "x {value}"\nzh = "x {value}"\n', encoding="utf-8")
    with pytest.raises(RuleDataError, match=r"errors_gap\.toml: error\.gap\.x"):
        _parse_catalogs([gap])


#: Every ``plural:`` spec of a Russian text: (key, field, the three forms).
RU_PLURALS = [
    (key, field, spec.split("|"))
    for (_, key), texts in ENTRIES.items()
    for field, spec in re.findall(r"\{([a-z_]+):plural:([^{}]*)\}", texts.get("ru", ""))
]


def _stem(forms: list[str]) -> str:
    """The longest beginning all `forms` share."""
    first = forms[0]
    size = 0
    while size < len(first) and all(f[size : size + 1] == first[size] for f in forms):
        size += 1
    return first[:size]


@pytest.mark.parametrize(
    ("key", "field", "forms"), RU_PLURALS, ids=[f"{k}-{f}" for k, f, _ in RU_PLURALS]
)
def test_russian_plural_forms_are_one_word(key: str, field: str, forms: list[str]) -> None:
    """A Russian ``plural:`` gives the one / few / many forms (1 клетка, 2 клетки, 5 клеток) of
    one word: three Cyrillic forms sharing a stem, the one form unlike the few form (in every
    case a declined noun's singular and the form after 2-4 differ: клетка / клетки, клетки /
    клеток, байту / байта), the count a field the English text names too. (Which form is the
    one, the few and the many is the translator's: the check cannot tell a swap.)"""
    assert len(forms) == 3 and all(re.fullmatch(r"[а-яё /]+", f) for f in forms), forms
    assert len(_stem(forms)) >= 2, f"{key} {{{field}}}: {forms} are not forms of one word"
    assert forms[0] != forms[1], f"{key} {{{field}}}: one and few are both {forms[0]!r}"
    english_fields = {
        name.split(":")[0]
        for _, name, _, _ in string.Formatter().parse(catalog()[key]["en"])
        if name
    }
    assert field in english_fields, f"{key}: ru counts {{{field}}}, which the English never names"


#: The error texts with a Russian plural, rendered at counts of each CLDR category.
RU_PLURAL_ERRORS = sorted({k for k, _, _ in RU_PLURALS if k in ERROR_KEYS})


@pytest.mark.parametrize("key", RU_PLURAL_ERRORS)
@pytest.mark.parametrize(("count", "form"), [(1, 0), (21, 0), (3, 1), (22, 1), (5, 2), (11, 2)])
def test_russian_errors_agree_with_their_counts(key: str, count: int, form: int) -> None:
    """An error whose Russian counts a noun renders each count with its form: 1 and 21 the
    one form, 3 and 22 the few form, 5 and 11 the many form (CLDR's Russian rule)."""
    fields = _fields(" ".join(catalog()[key].values()))
    plurals = [(f, forms) for k, f, forms in RU_PLURALS if k == key]
    for name, _ in plurals:
        fields[name] = count
    line = InputError(key, **fields).render("ru")
    for _, forms in plurals:
        assert f"{count} {forms[form]}" in line, (line, forms)
