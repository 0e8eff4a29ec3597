"""Lists of valid values in Russian and Chinese (issue 14): a value of a closed vocabulary is
its word and the id to type, ``толчок (push)``, ``推(push)``; never a bare English id
(docs/i18n.md "Valid values in errors", footfall.i18n.values)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from footfall.errors import InputError, Noun
from footfall.i18n import LANGS, catalog
from footfall.i18n.values import VOCABULARY_BY_KEY, VOCABULARY_BY_NOUN, value_word
from footfall.rules import SYSTEM_IDS, load_system

SRC = Path(resources.files("footfall"))  # type: ignore[arg-type]

#: The `what` nouns of errors whose list is of names, not words: kept as typed (with why).
NAMES = {
    "system": "a system's id (its name is the book's)",
    "language": "a language code",
    "sample scene": "a file's name",
    "sample map": "a file's name",
    "scene (not a sample name nor a file)": "a file's name",
    "creature": "a creature's id in the scene",
    "map format": "a program's name (uvtt, foundry)",
    "key": "a file's key, as an option's name",
    "{} key": "a key of --pursuer speed=30,dex=2: as an option's name",
    "journey file key": "a file's key",
}


def _vocabularies() -> Iterator[tuple[str, str | None, tuple[str, ...]]]:
    """Every vocabulary a list of valid values names: (vocabulary, system, its ids)."""
    from footfall.chase import Scale
    from footfall.flight.model import DIRECTION_NAMES
    from footfall.flight.request import FLIGHT_ACTIONS
    from footfall.rates import Armor, Load
    from footfall.route import Diagonal, Grid
    from footfall.scene import size_table
    from footfall.scene.document import Door, Flag
    from footfall.scene.vocabulary import maneuverabilities
    from footfall.tactical.forced import Kind, Material
    from footfall.travel.quantities import DistanceUnit
    from footfall.travel.water import Flow

    yield "armor", None, tuple(a.value for a in Armor)
    yield "load", None, tuple(v.value for v in Load)
    yield "kind", None, tuple(k.value for k in Kind)
    yield "material", None, tuple(m.value for m in Material)
    yield "facing", None, tuple(DIRECTION_NAMES)
    yield "action", None, tuple(FLIGHT_ACTIONS)
    yield "flow", None, tuple(f.value for f in Flow)
    yield "unit", None, tuple(u.value for u in DistanceUnit)
    yield "scale", None, tuple(s.value for s in Scale)
    yield "grid", None, tuple(g.value for g in Grid)
    yield "diagonal", None, tuple(d.value for d in Diagonal)
    yield "flag", None, tuple(f.value for f in Flag)
    yield "door", None, tuple(d.value for d in Door)
    yield "leg-flag", "dh2e", ("dense", "open", "hustle", "walk")
    for system_id in SYSTEM_IDS:
        system = load_system(system_id)
        yield "action", system_id, tuple(str(a.id) for a in system.actions)
        yield "switch", system_id, tuple(str(i.id) for i in system.interpretations)
        for it in system.interpretations:
            yield f"choice.{it.id}", system_id, tuple(it.choice_ids)
        yield "size", system_id, tuple(s for s in size_table(system_id) if not s.isdigit())
        yield "maneuverability", system_id, tuple(maneuverabilities(system_id))
        if system.conditions is not None:
            yield "condition", system_id, tuple(str(r.condition) for r in system.conditions.rows)
        if system.travel is not None:
            yield "terrain", system_id, tuple(str(r.terrain) for r in system.travel.terrain)
            yield "road", system_id, tuple(str(r.road) for r in system.travel.roads)
            yield "conveyance", system_id, tuple(c.id for c in system.travel.conveyances)
        if system.heresy is not None:
            yield "terrain", system_id, tuple(t.id for t in system.heresy.terrains)


CASES = [
    pytest.param(vocab, system, ident, lang, id=f"{vocab}-{system}-{ident}-{lang}")
    for vocab, system, ids in _vocabularies()
    for ident in ids
    for lang in ("ru", "zh")
]


@pytest.mark.parametrize(("vocab", "system", "ident", "lang"), CASES)
def test_every_value_of_every_vocabulary_has_its_word(
    vocab: str, system: str | None, ident: str, lang: str
) -> None:
    """Each id a list of valid values may name has a word in ru and zh that is not the id."""
    word = value_word(vocab, ident, lang, system)  # type: ignore[arg-type]
    assert word is not None and word.strip() and word != ident, (vocab, system, ident, word)
    assert not re.fullmatch(r"[A-Za-z_ -]+", word), word


def _errors() -> Iterator[Any]:
    """One error per vocabulary, listing all its ids, as the library raises it."""
    for vocab, system, ids in _vocabularies():
        if vocab == "switch":
            yield InputError("error.rules.unknown-switch", system=system, value="x", valid=ids)
        elif vocab.startswith("choice."):
            switch = vocab.removeprefix("choice.")
            yield InputError("error.rules.unknown-choice", switch=switch, value="x", valid=ids)
        elif vocab == "action" and system is not None:
            yield InputError("error.rules.unknown-action", system=system, value="x", valid=ids)
        else:
            nouns = [n for n, v in VOCABULARY_BY_NOUN.items() if v == vocab and "{}" not in n]
            nouns += [n.replace("{}", system) for n, v in VOCABULARY_BY_NOUN.items()
                      if v == vocab and n.startswith("{} ") and system]  # fmt: skip
            for noun in nouns:
                yield InputError("error.unknown", what=Noun(noun), value="x", valid=ids)
                yield InputError("error.scene.unknown", what=Noun(noun), value="x", valid=ids,
                                 where="")  # fmt: skip


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_no_error_lists_a_bare_id_of_a_vocabulary(lang: str) -> None:
    """Rendered in ru and zh, every value of a listed vocabulary is ``word (id)``."""
    checked = 0
    for error in _errors():
        text = error.render(lang)
        listed = text[text.index("(известны:" if lang == "ru" else "(已知:") :]
        for ident in error.valid or ():
            shown = re.escape(str(ident))
            said = rf"[^,、(]+ ?\({shown}\)|{shown} ?\([^)]+\)"
            assert re.search(said, listed), (error.key, ident, text)
            checked += 1
    assert checked > 300


def _nouns_in_code() -> set[str]:
    """The `what` of every ``unknown(...)`` and ``Noun(...)`` of a closed list in the code,
    a name or number in it written ``{}`` (``f"{system.id} size"`` is ``{} size``)."""
    found: set[str] = set()
    for path in SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"\bunknown\(\s*f?\"([^\"]+)\"", text):
            found.add(re.sub(r"\{[^}]*\}", "{}", m[1]))
        for m in re.finditer(r"_member\([^)]*?, \"([^\"]+)\", \"", text):
            found.add(re.sub(r"^\S+ (choice)$", r"{} \1", m[1]))
    found.discard("language")
    return found


def test_every_listed_noun_is_a_vocabulary_or_a_name() -> None:
    """Each noun an error lists valid values of is worded (a vocabulary) or named in NAMES."""
    unclassified = {
        noun for noun in _nouns_in_code() if noun not in VOCABULARY_BY_NOUN and noun not in NAMES
    }
    assert unclassified == set(), "add each to VOCABULARY_BY_NOUN (and values.toml) or NAMES"


def test_every_error_listing_valid_values_is_classified() -> None:
    """Each catalog error with a {valid} list is a vocabulary by key, by its {what} noun, or
    a list of names (creatures, keys, hosts, directives, flight-step notation: kept as
    typed)."""
    by_what = {"error.unknown", "error.scene.unknown", "error.travel.map-unknown"}
    names = {
        "error.api.host", "error.cli.no-such-option.maybe", "error.maps.foundry-door-type",
        "error.rules.one-of", "error.rules.unknown-id", "error.rules.condition-action",
        "error.rules.unknown-table", "error.scene.unknown-key", "error.scene.no-system",
        "error.scene.text-not-directive", "error.scene.text-directive",
        "error.travel.member-key", "error.travel.file-leg-key", "error.travel.day-key",
        "error.travel.file-member-key", "error.turns.order-unknown",
        "error.turns.order-outside", "error.turns.order-missing", "error.flight.step-unknown",
    }  # fmt: skip
    listing = {k for k, v in catalog().items() if "{valid}" in v["en"]}
    assert listing == set(VOCABULARY_BY_KEY) | by_what | names


def _values_toml() -> dict[str, Any]:
    return tomllib.loads((SRC / "i18n" / "values.toml").read_text(encoding="utf-8"))


def test_the_data_files_words_are_the_catalogs() -> None:
    """An entry taken from a systems/*.toml `names` (its comment says so) still says what the
    data file says (the seeds' words), in every language."""
    text = (SRC / "i18n" / "values.toml").read_text(encoding="utf-8")
    values = _values_toml()
    checked = 0
    for key, source in re.findall(r'^\["([^"]+)"\]  # systems/(\w+)\.toml', text, flags=re.M):
        parts = key.split(".")
        vocab, ident = parts[1], parts[-1]
        system = parts[2] if len(parts) == 4 else source
        words = {lang: value_word(vocab, ident, lang, system) for lang in LANGS}
        assert words == {lang: values[key][lang] for lang in LANGS}
        assert _data_names(source, ident) is not None, key
        checked += 1
    assert checked > 80


def _data_names(system: str, ident: str) -> dict[str, str] | None:
    """The `names` of row `ident` anywhere in systems/<system>.toml."""
    data = tomllib.loads((SRC / "systems" / f"{system}.toml").read_text(encoding="utf-8"))
    found: list[dict[str, str]] = []

    def walk(node: Any, name: str | None) -> None:
        if isinstance(node, dict):
            names = node.get("names")
            if isinstance(names, dict) and (node.get("id") == ident or name == ident):
                found.append(names)
            for key, value in node.items():
                walk(value, key)
        elif isinstance(node, list):
            for value in node:
                walk(value, None)

    walk(data, None)
    return found[0] if found else None


def test_the_pages_words_are_the_catalogs() -> None:
    """An entry taken from the page (web/i18n.js) says what the page says."""
    from i18n.test_page_words import _catalog

    page = _catalog()
    text = (SRC / "i18n" / "values.toml").read_text(encoding="utf-8")
    values = _values_toml()
    pairs = re.findall(r'^\["([^"]+)"\]  # web/i18n\.js (\w+)', text, flags=re.M)
    for key, page_key in pairs:
        assert {lang: values[key][lang] for lang in LANGS} == {
            lang: page[lang][page_key] for lang in LANGS
        }, key
    assert len(pairs) > 40


def test_every_entry_says_where_its_words_come_from() -> None:
    """Each value.* entry names its source: a data file, the page, a catalog, or "not from a
    seed" (a translation chosen here)."""
    text = (SRC / "i18n" / "values.toml").read_text(encoding="utf-8")
    for line in re.findall(r"^\[.*$", text, flags=re.M):
        assert re.search(r"# (systems/|web/i18n\.js|i18n/|not from a seed)", line), line


def test_a_long_list_says_how_many_more_in_the_language() -> None:
    """Past 40 values: «и ещё 5», 等另外5个, not "and 5 more"."""
    error = InputError("error.unknown", what=Noun("creature"), value="x",
                       valid=tuple(f"c{i}" for i in range(45)))  # fmt: skip
    assert error.render("ru").endswith("c39 и ещё 5)")
    assert error.render("zh").endswith("c39等另外5个)")
    assert error.render("en").endswith("c39 and 5 more)")
