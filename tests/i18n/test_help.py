"""``footfall --help`` and every command's help in en, ru and zh, option names kept."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from typing import Any

import pytest
import typer

from footfall.cli import app
from footfall.cli.help import help_texts


def _helps(command: Any, path: str) -> list[tuple[str, str]]:
    """Every (where, English help) of `command`, its options and its subcommands."""
    found = [(path, command.help)] if command.help else []
    found += [(f"{path} {p.name}", p.help) for p in command.params if getattr(p, "help", None)]
    for name, sub in getattr(command, "commands", {}).items():
        found += _helps(sub, f"{path} {name}")
    return found


def test_every_command_and_option_has_its_help_in_every_language() -> None:
    """Each command's and option's help text is in the help catalog (ru and zh beside en)."""
    missing = [
        f"{where}: {text!r}"
        for where, text in _helps(typer.main.get_command(app), "footfall")
        if text.strip() not in help_texts()
    ]
    assert not missing, "help texts to translate (src/footfall/i18n/cli_help.toml):\n" + "\n".join(
        missing
    )


def _help(*args: str, **env: str) -> str:
    base = {k: v for k, v in os.environ.items() if k not in {"LANG", "LC_ALL", "FOOTFALL_LANG"}}
    out = subprocess.run(
        [sys.executable, "-m", "footfall", *args, "--help"],
        capture_output=True, text=True, env={**base, "COLUMNS": "200", **env}, check=True,
    )  # fmt: skip
    return out.stdout


@pytest.mark.parametrize(("lang", "words"), [("ru", "Команды"), ("zh", "命令")])
def test_root_help_in_the_language(lang: str, words: str) -> None:
    """FOOTFALL_LANG chooses the language of ``footfall --help``: panels and commands."""
    text = _help(FOOTFALL_LANG=lang)
    assert words in text
    assert "Movement rules" not in text and "Show this message" not in text


def test_command_help_keeps_option_names() -> None:
    """``footfall travel --help --lang ru``: Russian help beside the same option names."""
    text = _help("travel", "--lang", "ru")
    assert "--forced-march" in text and "--leg" in text
    assert "марш-бросок" in text.lower() or "Спланировать" in text
    assert not re.search(r"\bthe\b|\bof\b", text)


def test_group_help_takes_lang() -> None:
    """``footfall fly --help --lang zh``: a group without --lang still answers in zh."""
    assert "D&D 3.5飞行" in _help("fly", "--lang", "zh") or "命令" in _help("fly", "--lang", "zh")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ru", "glass (стекло), wood (дерево), stone (камень), metal (металл)"),
        ("zh", "glass(玻璃)、wood(木头)、stone(石头)、metal(金属)"),
    ],
)
def test_typed_values_have_their_data_names_beside_them(lang: str, words: str) -> None:
    """``footfall forced --help``: the materials a user types keep their ids, each with the
    name systems/drawsteel.toml gives it in the language («stone (камень)»)."""
    import tomllib
    from importlib import resources

    data = resources.files("footfall.systems").joinpath("drawsteel.toml").read_text("utf-8")
    rows = tomllib.loads(data)["steel"]["forced"]["hurl"]["rows"]
    for material in ("glass", "wood", "stone", "metal"):
        name = rows[material]["names"][lang]
        assert f"{material} ({name})" in words or f"{material}({name})" in words
    assert words in " ".join(_help("forced", "--lang", lang).split()).replace("│ ", "")


#: The vocabulary of an option's values by the option's name, where the name says it; any
#: other option's listed ids may take the word of any vocabulary that has the id.
OPTION_VOCABULARY = {
    "armor": "armor", "load": "load", "kind": "kind", "facing": "facing",
    "maneuverability": "maneuverability", "action": "action", "scale": "scale",
    "vessel": "conveyance", "mount": "conveyance", "walls": "material", "doors": "material",
    "condition": "condition", "chase_tie": "choice.chase_tie",
    "forced_march_dc": "choice.forced_march_dc",
}  # fmt: skip
#: catalogs that word a vocabulary for the answers (footfall.i18n.values._PREFIXES)
WORD_PREFIXES = {"rates.load.": "load", "journeys.scale.": "scale"}


def vocabulary_words() -> dict[str, dict[str, dict[str, set[str]]]]:
    """Every closed vocabulary: {vocabulary: {id: {lang: the words it may be shown with}}}
    (values.toml's ``value.<vocabulary>[.<system>].<id>``; a system's own word counts)."""
    from footfall.i18n import catalog
    from footfall.rules import SYSTEM_IDS

    found: dict[str, dict[str, dict[str, set[str]]]] = {}
    for key, texts in catalog().items():
        prefix = next((p for p in WORD_PREFIXES if key.startswith(p)), None)
        if prefix is not None:
            vocab, ident = WORD_PREFIXES[prefix], key.removeprefix(prefix)
        elif key.startswith("value."):
            parts = key.removeprefix("value.").split(".")
            if len(parts) > 2 and parts[-2] in SYSTEM_IDS:
                parts = [*parts[:-2], parts[-1]]
            vocab, ident = ".".join(parts[:-1]), parts[-1]
        else:
            continue
        words = found.setdefault(vocab, {}).setdefault(ident, {"ru": set(), "zh": set()})
        for lang in ("ru", "zh"):
            words[lang].add(texts[lang])
    return found


_SEPARATOR = r"(?:, or |, | or | \| |\||; | )"


def listed_ids(text: str) -> dict[str, set[str]]:
    """The ids of each vocabulary an English help text lists: two or more in a row
    (``none, light, medium``, ``reset|bank``, ``N NE E``, ``push, pull or slide``, each
    perhaps with a remark in brackets: ``tactical (Dex) or overland (Con)``) or one
    as a default (``(default wood)``)."""
    found: dict[str, set[str]] = {}
    for vocab, ids in vocabulary_words().items():
        one = "|".join(sorted(map(re.escape, ids), key=len, reverse=True))
        item = rf"(?<![\w-])(?:{one})(?![\w-])(?: \([^()]*\))?"
        hits = [m[0] for m in re.finditer(rf"{item}(?:{_SEPARATOR}{item})+", text)]
        hits += re.findall(rf"\(default:? ((?:{one}))\)", text)
        for hit in hits:
            for ident in re.findall(rf"(?<![\w-])(?:{one})(?![\w-])", hit):
                found.setdefault(vocab, set()).add(ident)
    return found


def bare_ids(english: str, shown: str, option: str, lang: str) -> list[str]:
    """The ids `english` lists that `shown` (its `lang` help) does not show with a word of
    their vocabulary beside them (``none (без доспеха)``, ``none(无盔甲)``)."""
    words = vocabulary_words()
    mine = OPTION_VOCABULARY.get(option)
    missing = []
    for vocab, ids in listed_ids(english).items():
        if mine is not None and vocab != mine and mine in listed_ids(english):
            continue  # the option's own vocabulary words these ids
        for ident in sorted(ids):
            beside = [
                f"{ident}({w})" if lang == "zh" else f"{ident} ({w})"
                for v in ([mine] if mine in listed_ids(english) else [vocab])
                for w in words[v].get(ident, {}).get(lang, set())
            ]
            if not any(b in shown for b in beside):
                missing.append(f"{ident} ({vocab})")
    return missing


def _options() -> list[tuple[str, str, str]]:
    """Every option of every command: (where, its name, its English help)."""

    def walk(command: Any, path: str) -> list[tuple[str, str, str]]:
        found = [
            (f"{path} {p.name}", p.name or "", p.help)
            for p in command.params
            if getattr(p, "help", None)
        ]
        for name, sub in getattr(command, "commands", {}).items():
            found += walk(sub, f"{path} {name}")
        return found

    return walk(typer.main.get_command(app), "footfall")


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_every_listed_value_has_its_word_beside_it(lang: str) -> None:
    """Every option whose help lists the values of a closed vocabulary (found by reading every
    option's English help: --armor, --load, --action, --condition, --facing, --kind, --scale,
    --switch's choices ...) shows each id with its word from values.toml beside it in ru / zh,
    as the help prints it (`footfall.cli.help`): «none (без доспеха)», 「N(北)」."""
    from footfall.cli.help import _said

    listing = [(where, name, text) for where, name, text in _options() if listed_ids(text)]
    named = {name for _, name, _ in listing}
    assert {"armor", "load", "action", "condition", "facing", "kind", "scale"} <= named, named
    assert {"maneuverability", "walls", "doors", "vessel", "mount", "switch"} <= named, named
    missing = [
        f"{where}: {bare}"
        for where, name, text in listing
        for bare in bare_ids(text, _said(text, lang) or "", name, lang)
    ]
    assert missing == []


def test_a_bare_listed_value_is_caught() -> None:
    """A Russian help that lists ids without their words, or with another vocabulary's word,
    is caught; the words from values.toml pass."""
    english = "The mover's armor: none, light, medium, heavy (replaces the scene's)."
    assert bare_ids(english, "Доспех: none, light, medium, heavy.", "armor", "ru") == [
        "heavy (armor)", "light (armor)", "medium (armor)", "none (armor)",
    ]  # fmt: skip
    loads = "Доспех: none (без доспеха), light (легкая), medium (средняя), heavy (тяжелая)."
    assert bare_ids(english, loads, "armor", "ru") == [
        "heavy (armor)", "light (armor)", "medium (armor)",
    ]  # fmt: skip
    good = (
        "none (без доспеха), light (легкий доспех), medium (средний доспех), heavy (тяжелый доспех)"
    )
    assert bare_ids(english, good, "armor", "ru") == []
    assert listed_ids("Closed doors' material (default wood).") == {"material": {"wood"}}
    assert listed_ids("Starting facing: N NE E SE S SW W NW.")["facing"] == {
        "N", "NE", "E", "SE", "S", "SW", "W", "NW",
    }  # fmt: skip
    assert listed_ids("Id of the creature that moves.") == {}


def test_every_listed_id_in_a_help_text_has_a_word() -> None:
    """Every ``{ids:VOCABULARY:id,...}`` of cli_help.toml names ids values.toml words (else
    the help would show a bare id)."""
    from footfall.cli.help import IDS
    from footfall.i18n import catalog
    from footfall.i18n.values import value_word

    lists = [
        (key, m)
        for key, texts in catalog().items()
        if key.startswith("help.")
        for lang in ("ru", "zh")
        for m in IDS.finditer(texts[lang])
    ]
    assert len(lists) >= 30
    wordless = [
        f"{key}: {m['vocab']} {ident}"
        for key, m in lists
        for ident in m["ids"].split(",")
        if value_word(m["vocab"], ident, "ru", m["system"]) is None
    ]
    assert wordless == []
