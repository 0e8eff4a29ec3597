"""Click's usage errors in the user's language, from footfall's catalogs (docs/i18n.md).

Typer (0.24 and later) vendors its own Click, whose messages are plain English f-strings (no
gettext to hook into): `usage_line` renders the `UsageError` Typer raised from what it
carries (the option, the parameter, the value, pydantic's error type) with the catalog
entries ``error.cli.*`` (errors_cli.toml), in English too, so the three languages say the same.
A message of a kind it does not know keeps Click's English text inside a translated frame.

>>> from typer._click.exceptions import NoSuchOption
>>> usage_line(NoSuchOption("--bogus", possibilities=["--json"]), "ru", "footfall reach")
"нет такого параметра: --bogus (возможные параметры: --json) (см. 'footfall reach --help')"
"""

from __future__ import annotations

import re
import sys
from typing import Any

from footfall.errors import quote
from footfall.i18n import Lang, t

try:  # Typer >= 0.24 vendors Click as typer._click; older Typer depends on Click itself.
    from typer._click import exceptions as _click
except ImportError:  # pragma: no cover - depends on the installed Typer
    from click import exceptions as _click  # type: ignore[no-redef]

__all__ = ["usage_line", "usage_message"]

#: pydantic's error types (Typer validates typed options with it) -> the catalog's detail key.
_DETAILS = {
    "int_parsing": "error.cli.detail.integer",
    "int_type": "error.cli.detail.integer",
    "int_from_float": "error.cli.detail.integer",
    "float_parsing": "error.cli.detail.number",
    "float_type": "error.cli.detail.number",
    "decimal_parsing": "error.cli.detail.number",
    "bool_parsing": "error.cli.detail.boolean",
    "bool_type": "error.cli.detail.boolean",
}
#: pydantic's bound errors -> (the catalog key, the bound's name in the error's ctx).
_BOUNDS = {
    "greater_than": ("error.cli.detail.gt", "gt"),
    "greater_than_equal": ("error.cli.detail.ge", "ge"),
    "less_than": ("error.cli.detail.lt", "lt"),
    "less_than_equal": ("error.cli.detail.le", "le"),
}
_EXTRA = re.compile(r"^Got unexpected extra arguments?(?:\(s\))? \((?P<args>.*)\)$")
_COMMAND = re.compile(r"^No such command (?P<name>.+)\.$")
_NO_VALUE = re.compile(r"^Option (?P<opt>.+) does not take a value\.$")
_NEEDS = re.compile(r"^Option (?P<opt>.+) requires (?:an argument|(?P<n>\d+) arguments)\.$")
_TAKES = re.compile(r"^Argument (?P<arg>.+) takes (?P<n>\d+) values\.$")


def usage_line(exc: Exception, lang: Lang, path: str) -> str:
    """Return the one line after ``footfall: error:`` for usage error `exc` of command `path`:
    the message and where to read the command's help."""
    return usage_message(exc, lang) + t("error.cli.see-help", lang, path=path)


def usage_message(exc: Exception, lang: Lang) -> str:
    """Return the message of usage error `exc` in `lang` (one line, naming what was typed)."""
    if isinstance(exc, _click.MissingParameter):
        return _missing(exc, lang)
    if isinstance(exc, _click.BadParameter):
        return _bad_parameter(exc, lang)
    if isinstance(exc, _click.NoSuchOption):
        if exc.possibilities:
            valid = ", ".join(sorted(exc.possibilities))
            return t("error.cli.no-such-option.maybe", lang, option=exc.option_name, valid=valid)
        return t("error.cli.no-such-option", lang, option=exc.option_name)
    message = _fold(str(getattr(exc, "message", exc)))
    return _by_text(message, lang)


def _by_text(message: str, lang: Lang) -> str:
    """A usage error Click words in its text only (extra arguments, an option's values)."""
    if m := _EXTRA.match(message):
        return t("error.cli.extra", lang, args=m["args"])
    if message == "Missing command.":  # ``footfall --lang ru`` and nothing after it
        return t("error.cli.missing-command", lang)
    if m := _COMMAND.match(message):
        return t("error.cli.no-such-command", lang, name=m["name"])
    if m := _NO_VALUE.match(message):
        return t("error.cli.no-value", lang, option=m["opt"])
    if m := _NEEDS.match(message):
        if m["n"] is None:
            return t("error.cli.needs-value", lang, option=m["opt"])
        return t("error.cli.needs-values", lang, option=m["opt"], count=int(m["n"]))
    if m := _TAKES.match(message):
        return t("error.cli.argument-values", lang, argument=m["arg"], count=int(m["n"]))
    return t("error.cli.usage", lang, detail=message)


def _hint(exc: Any) -> str:
    """The parameter as Click names it: ``'--speed'``, ``'SCENE'``, ``'-o' / '--output'``."""
    if exc.param_hint is not None:
        hint = exc.param_hint
        return hint if isinstance(hint, str) else " / ".join(repr(h) for h in hint)
    if exc.param is not None:
        return str(exc.param.get_error_hint())
    return ""


def _missing(exc: Any, lang: Lang) -> str:
    """A required argument or option not given."""
    kind = exc.param_type or (exc.param.param_type_name if exc.param is not None else "")
    key = {"argument": "error.cli.missing-argument", "option": "error.cli.missing-option"}
    return t(key.get(kind, "error.cli.missing-parameter"), lang, name=_hint(exc))


def _bad_parameter(exc: Any, lang: Lang) -> str:
    """A value Typer refused: the parameter, what was typed, and what it expected."""
    hint = _hint(exc)
    error = _pydantic_error(exc)
    value = error.get("input") if error else None
    if value is None:
        value = _typed_value(exc)
    kind = str(error.get("type", "")) if error else ""
    if kind in _DETAILS:
        detail = t(_DETAILS[kind], lang)
    elif kind in _BOUNDS:
        key, bound = _BOUNDS[kind]
        detail = t(key, lang, bound=((error or {}).get("ctx") or {}).get(bound, "?"))
    elif lang == "en" or not exc.message:
        detail = _fold(exc.message)  # Click's or a callback's own words
    else:
        detail = ""
    if value is None:
        if detail:
            return t("error.cli.invalid", lang, param=hint, detail=detail)
        return t("error.cli.invalid-bare", lang, param=hint)
    if detail:
        return t("error.cli.invalid-value", lang, param=hint, detail=detail, value=quote(value))
    return t("error.cli.invalid-value-bare", lang, param=hint, value=quote(value))


def _pydantic_error(exc: Any) -> dict[str, Any] | None:
    """The first error of the pydantic validation behind `exc`, if there is one."""
    errors = getattr(exc.__cause__, "errors", None)
    if not callable(errors):
        return None
    try:
        found = errors()
    except Exception:  # only a nicer message is at stake
        return None
    for error in found if isinstance(found, list) else []:
        if isinstance(error, dict):
            return error
    return None


def _typed_value(exc: Any) -> object | None:
    """The value given on the command line to the option `exc` refuses, if it can be found."""
    opts = [o for o in getattr(exc.param, "opts", ()) if o.startswith("-")]
    args = sys.argv[1:]
    for i, arg in enumerate(args):
        for opt in opts:
            if arg == opt and i + 1 < len(args):
                return args[i + 1]
            if opt.startswith("--") and arg.startswith(f"{opt}="):
                return arg[len(opt) + 1 :]
    return None


def _fold(message: str) -> str:
    """Fold a multi-line message into one line."""
    return " ".join(part.strip() for part in message.splitlines() if part.strip())
