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


@pytest.mark.parametrize(
    ("key", "vocabulary", "ids"),
    [
        ("help.perfect-good-average-poor-clumsy-no-scene", "maneuverability",
         ("perfect", "good", "average", "poor", "clumsy")),
        ("help.pf1e-dnd35-armor-none-light-medium-heavy", "armor",
         ("none", "light", "medium", "heavy")),
        ("help.the-mover-s-armor-none-light-medium-heavy-replac", "armor",
         ("none", "light", "medium", "heavy")),
        ("help.pf1e-dnd35-load-light-medium-heavy", "rates.load", ("light", "medium", "heavy")),
        ("help.the-mover-s-load-light-medium-heavy-replaces-the", "rates.load",
         ("light", "medium", "heavy")),
    ],
)  # fmt: skip
@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_typed_ids_have_their_words_beside_them(
    key: str, vocabulary: str, ids: tuple[str, ...], lang: str
) -> None:
    """The maneuverability classes, armor and load a user types keep their ids in the help,
    each with its word from i18n/values.toml (load: rates.toml, as `footfall rates` says it)
    beside it («average (средняя)», 「none(无盔甲)」), as
    the walls' materials have theirs (docs/i18n.md)."""
    from footfall.i18n import catalog

    text = catalog()[key][lang]
    for ident in ids:
        where = vocabulary if "." in vocabulary else f"value.{vocabulary}"
        word = catalog()[f"{where}.{ident}"][lang]
        beside = f"{ident} ({word})" if lang == "ru" else f"{ident}({word})"
        assert beside in text, (key, lang, beside)
