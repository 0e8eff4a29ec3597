"""The command line's language: ``--lang``, else FOOTFALL_LANG, else the locale (docs/i18n.md).

`cli_lang` reads it from the arguments and the environment before any command runs, so that an
error Typer or footfall raises is in the user's language however early it comes; `localize`
makes it the default of every command's ``--lang`` option when the command tree is built.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from footfall.errors import Param, unknown
from footfall.i18n import LANGS, Lang
from footfall.i18n.choose import environment_lang

try:  # Typer >= 0.24 vendors Click as typer._click; older Typer depends on Click itself.
    from typer._click.globals import get_current_context
except ImportError:  # pragma: no cover - depends on the installed Typer
    from click.globals import get_current_context  # type: ignore[no-redef]

__all__ = ["asked_lang", "cli_lang", "current_lang", "localize"]


def cli_lang(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> Lang:
    """Return the language of ``footfall ARGV``: its ``--lang``, else the environment's.

    An unknown ``--lang`` value is refused, in all three languages (`asked_lang`, `main`).

    >>> cli_lang(["reach", "--lang", "zh"], {}), cli_lang(["reach", "--lang=ru"], {})
    ('zh', 'ru')
    >>> cli_lang(["reach"], {"LANG": "ru_RU.UTF-8"})
    'ru'
    """
    env = os.environ if environ is None else environ
    value = asked_lang(argv)
    for lang in LANGS:
        if value == lang:
            return lang
    if value is not None:
        raise unknown("language", value, LANGS, param=Param("lang"))
    return environment_lang(env)


def asked_lang(argv: Sequence[str]) -> str | None:
    """Return the last ``--lang`` value of `argv` (before a ``--``), or None.

    >>> asked_lang(["reach", "--lang", "zh"]), asked_lang(["x", "--lang=de"]), asked_lang(["x"])
    ('zh', 'de', None)
    """
    found: str | None = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.removeprefix("--lang=")
    return found


def localize(command: Any, lang: Lang) -> Any:
    """Make `lang` the default of every ``--lang`` option of `command` and its subcommands.

    `command` is the Click command Typer built (Typer vendors its own Click, so it is read by
    its attributes: ``params``, a group's ``commands``).
    """
    for param in getattr(command, "params", ()):
        if param.name == "lang" and getattr(param, "param_type_name", "") == "option":
            param.default = lang
    for sub in getattr(command, "commands", {}).values():
        localize(sub, lang)
    return command


def current_lang() -> Lang:
    """Return the language of the command running now: its ``--lang``, else `cli_lang`."""
    ctx = get_current_context(silent=True)
    while ctx is not None:
        value = ctx.params.get("lang")
        for lang in LANGS:
            if value == lang:
                return lang
        ctx = ctx.parent
    return cli_lang(sys.argv[1:])
