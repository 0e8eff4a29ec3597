"""footfall.cli.quick: Typer's plain options coerced without pydantic, to the same outcome."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.cli import app

try:
    import typer.main
    from typer._click import Context
    from typer._coercion import build_runtime_param
except ImportError:  # pragma: no cover - depends on the installed Typer
    pytest.skip("this Typer coerces without pydantic", allow_module_level=True)

#: Values a user may type: plain, signed, padded, exponents, huge, other digits, empty.
TYPED = [
    "12", "-3", "0", "-0", "007", "+2", " 1", "1 ", "1_000", "1e3", "1.5", "abc", "", "١٢",
    "99999999999999999", "999999999999999999", "9999999999999999999", "9" * 5000, "en", "ru",
    "true", "--json",
]  # fmt: skip


def _params() -> list[tuple[Any, Any]]:
    """Every (command, parameter) of the full command tree whose coercion is the quick one."""
    found = []
    tree = typer.main.get_command(app)
    for command in tree.commands.values():  # type: ignore[attr-defined]
        for sub in getattr(command, "commands", {command.name: command}).values():
            for param in sub.params:
                param._runtime_param = None
                if type(param.get_runtime_param()).__name__ == "_Quick":
                    found.append((sub, param))
    return found


PARAMS = _params()


def _outcome(coerce: Any, value: object, param: Any, ctx: Any) -> tuple[str, object]:
    """What coercing `value` gives: ("ok", the value) or ("error", its type and text)."""
    try:
        return "ok", coerce(value, param=param, ctx=ctx)
    except Exception as error:  # compared, not hidden
        return "error", (type(error).__name__, str(error))


def _same(command: Any, param: Any, value: object) -> None:
    """The quick coercion and Typer's own give the same value or the same error."""
    ctx = Context(command)
    quick = param.get_runtime_param()
    typer_own = build_runtime_param(param.type_descriptor)
    ours = _outcome(quick.coerce, value, param, ctx)
    theirs = _outcome(typer_own.coerce, value, param, ctx)
    assert ours == theirs, (command.name, param.name, value)
    assert type(ours[1]) is type(theirs[1])


def test_most_options_are_quick() -> None:
    """The plain options of every command (over 200) take the quick coercion."""
    assert len(PARAMS) > 200


@pytest.mark.parametrize("value", TYPED)
def test_typed_values_coerce_as_typer_does(value: str) -> None:
    """Each typed value gives, for every quick option, what Typer's own coercion gives."""
    for command, param in PARAMS:
        typed: object = (value, value) if param.multiple else value
        _same(command, param, typed)


@given(st.text(alphabet="0123456789-+ _.e", max_size=22))
@settings(max_examples=200, deadline=None)
def test_number_like_text_coerces_as_typer_does(value: str) -> None:
    """Any short number-like text gives, for the int options, what Typer's coercion gives."""
    for command, param in PARAMS:
        if param.type_descriptor.annotation is int:
            _same(command, param, value)


def test_defaults_coerce_as_typer_does() -> None:
    """Each option's default (None, 0, False, [], "en" ...) comes out as Typer's own."""
    for command, param in PARAMS:
        _same(command, param, param.default)
