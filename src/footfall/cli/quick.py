"""Typer's value coercion without pydantic for plain options: start-up of every command.

Typer (0.29, the version installed here) turns every option's value into its type through a
pydantic ``TypeAdapter``, built on the option's first use: importing pydantic and building a dozen
adapters cost a command like ``footfall odds`` about 0.15 s CPU, more than its answer
(docs/benchmarks.md, "Issue 15 item 5"). `install` gives each plain option (``str``, ``int``,
``bool``, ``list[str]``, ``list[int]``, with or without a ``parser=``) a coercion that converts
the value directly when it is unremarkable (a string for a ``str``, a plain decimal for an
``int`` within its bounds, whatever a parser returns without raising) and otherwise hands it to
Typer's own adapter, built then. So an accepted value is the one Typer's adapter would give,
and a refused one meets Typer's own error, word for word (`footfall.cli.usage` renders it from
pydantic's error type): only the time differs. Any other option (a path, a choice, a clamped
number) keeps Typer's adapter.

`footfall.cli.build_app` calls `install` before it adds a command (so before any Typer command
of footfall's is converted; importing `footfall.cli` alone does not). It wraps the method
with which a Typer parameter builds its coercion
(``typer.core._TyperParameter.get_runtime_param``, private: with a Typer that has none,
`install` changes nothing), so it holds for every Typer command in the process, the console
script's and a test's ``CliRunner`` alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, get_args, get_origin

__all__ = ["install"]

try:  # Typer 0.29: runtime coercion through pydantic (typer/_coercion.py)
    from typer._coercion import RuntimeParam, build_runtime_param
    from typer.core import _TyperParameter
except ImportError:  # pragma: no cover - depends on the installed Typer
    RuntimeParam = None  # type: ignore[assignment,misc]


#: What a quick coercion returns when it leaves the value to Typer's adapter.
_SLOW = object()


def install() -> None:
    """Make Typer parameters coerce plain values without pydantic (once; see the module)."""
    if RuntimeParam is None or not hasattr(_TyperParameter, "get_runtime_param"):
        return  # pragma: no cover - depends on the installed Typer
    typer_own = _TyperParameter.get_runtime_param
    if getattr(typer_own, "quick", False):
        return

    def get_runtime_param(self: Any) -> Any:
        """Typer's coercion of this parameter, quick when its type is plain."""
        if self._runtime_param is None:
            self._runtime_param = _quick_param(self.type_descriptor)
        return typer_own(self)  # builds Typer's own when there is no quick one

    get_runtime_param.quick = True  # type: ignore[attr-defined]
    _TyperParameter.get_runtime_param = get_runtime_param  # type: ignore[method-assign]


def _quick_param(descriptor: Any) -> Any:
    """The quick coercion of a parameter's type descriptor, or None to leave it to Typer."""
    info = descriptor.parameter_info
    if descriptor.file_annotation is not None or info.clamp:
        return None
    annotation, many = descriptor.annotation, False
    if get_origin(annotation) is list and len(get_args(annotation)) == 1:
        annotation, many = get_args(annotation)[0], True
    if info.parser is None and annotation not in (str, int, bool):
        return None
    return _Quick(info, descriptor.annotation, descriptor, annotation, many)


if RuntimeParam is not None:

    @dataclass(frozen=True)
    class _Quick(RuntimeParam):
        """Convert an unremarkable value directly; give any other to Typer's adapter."""

        descriptor: Any
        item: Any
        many: bool

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if not self.many:
                converted = self._item(value)
            elif isinstance(value, (list, tuple)):
                converted = [self._item(v) for v in value]
                if any(v is _SLOW for v in converted):
                    converted = _SLOW
            else:
                converted = _SLOW
            if converted is _SLOW:  # Typer's adapter, built now, converts or refuses it
                typer_own = build_runtime_param(self.descriptor)
                return typer_own._coerce_value(value, param=param, ctx=ctx)
            return converted

        def _item(self, value: Any) -> Any:
            """One value converted, or `_SLOW`."""
            parser = self.parameter_info.parser
            if parser is not None:
                try:
                    return parser(value)
                except Exception:  # Typer's adapter calls it again and words the refusal
                    return _SLOW
            if self.item is str:
                return value if type(value) is str else _SLOW
            if self.item is bool:
                return value if type(value) is bool else _SLOW
            if type(value) is str and _plain_whole(value):
                number = int(value)
            elif type(value) is int:
                number = value
            else:
                return _SLOW
            low, high = self.parameter_info.min, self.parameter_info.max
            if (low is not None and number < low) or (high is not None and number > high):
                return _SLOW
            return number


def _plain_whole(text: str) -> bool:
    """Whether `text` is a plain decimal whole number that every int parser reads alike: ASCII
    digits, no leading zero, no sign but a minus, no spaces, at most 18 digits (64 bits).

    >>> [_plain_whole(t) for t in ("12", "-3", "0", "007", "+2", " 1", "1_0", "١", "1e3")]
    [True, True, True, False, False, False, False, False, False]
    """
    digits = text[1:] if text.startswith("-") else text
    if not (0 < len(digits) <= 18 and digits.isascii() and digits.isdigit()):
        return False
    return digits == "0" or digits[0] != "0"
