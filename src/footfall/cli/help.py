"""Help in the user's language: ``footfall --help`` and every command's, option names kept.

The help texts are the catalog ``i18n/cli_help.toml``, keyed by the English text Typer builds
from a command's docstring and its options' ``help=`` (so the topic modules stay as they are:
a new option's English help is its key, and tests/i18n/test_help.py fails until the catalog has
its ru and zh). `localize_help` rewrites the Click command tree Typer built, before it runs;
Typer's own panel titles (Arguments, Options, Commands) and ``[default: ...]`` follow.

A ru / zh help text names the values of a closed vocabulary an option takes as
``{ids:VOCABULARY:id,id}`` (``{ids:action@dh2e:charge}``: that system's word), shown as each
id with its word from i18n/values.toml beside it, «none (без доспеха), light (легкий
доспех)», 「none(无盔甲)、light(轻甲)」: the one source of the words (docs/i18n.md, "Help").
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from footfall.i18n import Lang, catalog

__all__ = ["help_texts", "ids_text", "localize_help", "type_label"]

#: Typer's words (typer.rich_utils) and their catalog keys.
_TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": "help.typer.panel-arguments",
    "OPTIONS_PANEL_TITLE": "help.typer.panel-options",
    "COMMANDS_PANEL_TITLE": "help.typer.panel-commands",
    "DEFAULT_STRING": "help.typer.default",
    "REQUIRED_LONG_STRING": "help.typer.required",
}


@cache
def help_texts() -> dict[str, dict[Lang, str]]:
    """The help catalog by its English text: English -> {language: text}."""
    return {
        texts["en"]: texts
        for key, texts in catalog().items()
        if key.startswith("help.") and not key.startswith("help.typer.")
    }


#: a vocabulary's ids in a help text: ``{ids:armor:none,light}``, ``{ids:action@dh2e:run}``
IDS = re.compile(r"\{ids:(?P<vocab>[\w.-]+)(?:@(?P<system>\w+))?:(?P<ids>[\w-]+(?:,[\w-]+)*)\}")


def ids_text(text: str, lang: Lang) -> str:
    """Return help text `text` with each ``{ids:...}`` list as the ids with their words.

    >>> ids_text("{ids:kind:push,pull}", "ru"), ids_text("{ids:action@dh2e:charge}", "zh")
    ('push (толчок), pull (притягивание)', 'charge(冲锋)')
    """
    from footfall.i18n.values import joined, value_word

    def listed(match: re.Match[str]) -> str:
        shown = []
        for ident in match["ids"].split(","):
            word = value_word(match["vocab"], ident, lang, match["system"])
            if word is None or word == ident:
                shown.append(ident)
            else:
                shown.append(f"{ident}({word})" if lang == "zh" else f"{ident} ({word})")
        return joined(shown, lang)

    return IDS.sub(listed, text)


def _said(text: str | None, lang: Lang) -> str | None:
    if text is None:
        return None
    found = help_texts().get(text.strip())
    return text if found is None else ids_text(found[lang], lang)


def localize_help(command: Any, lang: Lang) -> Any:
    """Put `command`'s help, its options' and its subcommands' into `lang` (in place)."""
    if lang != "en":
        _typer_words(lang)
    _walk(command, lang)
    return command


def _walk(command: Any, lang: Lang) -> None:
    if getattr(command, "help", None):
        command.help = _said(command.help, lang)
    if getattr(command, "short_help", None):
        command.short_help = _said(command.short_help, lang)
    for param in getattr(command, "params", ()):
        if getattr(param, "help", None):
            param.help = _said(param.help, lang)
        if lang != "en" and hasattr(param, "display_type_rich"):
            _wrap_type(param, lang)
    if lang != "en" and hasattr(command, "get_help_option"):
        _wrap_help_option(command, lang)
    if lang != "en":
        _metavars(command, lang)
    for sub in getattr(command, "commands", {}).values():
        _walk(sub, lang)


def _wrap_help_option(command: Any, lang: Lang) -> None:
    """Translate the ``--help`` option Click adds itself, and the ``Usage:`` word."""
    make_option = command.get_help_option
    make_usage = command.get_usage
    usage = catalog()["help.typer.usage"][lang]

    def get_help_option(ctx: Any) -> Any:
        option = make_option(ctx)
        if option is not None and option.help:
            option.help = _said(option.help, lang)
        if option is not None and hasattr(option, "display_type_rich"):
            _wrap_type(option, lang)
        return option

    def get_usage(ctx: Any) -> str:
        text: str = make_usage(ctx)
        return usage + text.removeprefix("Usage:") if text.startswith("Usage:") else text

    command.get_help_option = get_help_option
    command.get_usage = get_usage


#: Typer's type labels inside ``<...>`` (``<str>``, ``<list[str]>``, ``<int range>``).
_TYPE = re.compile(r"\b(?:int range|float range|str|int|float|bool|path|file|dir|list)\b")


def type_label(label: str, lang: Lang) -> str:
    """Return Typer's type label `label` in `lang` (``help.typer.type.*``); any other text,
    an option's own metavar (``N``, ``X,Y``), stays.

    >>> type_label("<list[str]>", "ru"), type_label("<int range>", "zh"), type_label("N", "ru")
    ('<список[текст]>', '<整数范围>', 'N')
    """
    if not label.startswith("<"):
        return label
    words = catalog()
    return _TYPE.sub(lambda m: words[f"help.typer.type.{m[0]}"][lang], label)


def _wrap_type(param: Any, lang: Lang) -> None:
    """Show `param`'s type label in `lang`."""
    shown = param.display_type_rich

    def display_type_rich(ctx: Any) -> str | None:
        label: str | None = shown(ctx)
        return None if label is None else type_label(label, lang)

    param.display_type_rich = display_type_rich


def _metavars(command: Any, lang: Lang) -> None:
    """Put the usage line's ``[OPTIONS]`` and ``COMMAND [ARGS]...`` in `lang`."""
    words = catalog()
    if getattr(command, "options_metavar", None) == words["help.typer.options-metavar"]["en"]:
        command.options_metavar = words["help.typer.options-metavar"][lang]
    if getattr(command, "subcommand_metavar", None) == words["help.typer.command-metavar"]["en"]:
        command.subcommand_metavar = words["help.typer.command-metavar"][lang]


def _typer_words(lang: Lang) -> None:
    """Set Typer's panel titles and default marker in `lang` (its module constants)."""
    try:
        from typer import rich_utils
    except ImportError:  # pragma: no cover - Typer without rich
        return
    words = catalog()
    for name, key in _TYPER_WORDS.items():
        if hasattr(rich_utils, name):
            setattr(rich_utils, name, words[key][lang])
