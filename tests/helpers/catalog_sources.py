"""Read footfall's sources for what the error catalogs must hold: nouns and raised keys.

A noun (`footfall.errors.Noun`) reaches a message in three ways: ``Noun("terrain")``,
``unknown("terrain", ...)``, or a function whose ``what`` parameter it wraps in a `Noun`
(``read_text(path, "scene file", ...)``, ``values.choice(v, where, "armor", ...)``). The
scanner finds the functions of the third kind and the string literals their callers pass.
An f-string noun (``f"{system} size"``) is given with its fields as ``{name}``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "footfall"

#: Functions that build a noun from their first argument.
_DIRECT = {"Noun": 0, "unknown": 0}


def _trees() -> list[ast.Module]:
    return [ast.parse(p.read_text(encoding="utf-8")) for p in sorted(SRC.rglob("*.py"))]


def _wrappers(trees: list[ast.Module]) -> dict[str, int]:
    """Functions with a ``what`` parameter they pass on as a noun: name -> its position."""
    found = dict(_DIRECT)
    changed = True
    while changed:  # a wrapper of a wrapper is a wrapper
        changed = False
        for tree in trees:
            for node in ast.walk(tree):
                if not isinstance(node, ast.FunctionDef) or node.name in found:
                    continue
                names = [a.arg for a in node.args.args]
                if "what" not in names:
                    continue
                if any(_passes_what(call, found) for call in ast.walk(node)):
                    found[node.name] = names.index("what")
                    changed = True
    return found


def _callee(call: ast.AST) -> str | None:
    if not isinstance(call, ast.Call):
        return None
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _passes_what(call: ast.AST, found: dict[str, int]) -> bool:
    name = _callee(call)
    if name is None or name not in found or not isinstance(call, ast.Call):
        return False
    args = [
        *call.args[found[name] : found[name] + 1],
        *(k.value for k in call.keywords if k.arg == "what"),
    ]
    return any(isinstance(a, ast.Name) and a.id == "what" for a in args)


def _text(node: ast.AST) -> str | None:
    """A string literal, or an f-string with its fields written ``{name}``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            elif isinstance(value, ast.FormattedValue):
                field = value.value
                name = field.attr if isinstance(field, ast.Attribute) else getattr(field, "id", "x")
                parts.append("{" + str(name) + "}")
        return "".join(parts)
    return None


def nouns() -> set[str]:
    """Every noun footfall's sources hand an error (literals and f-string patterns)."""
    trees = _trees()
    wrappers = _wrappers(trees)
    found: set[str] = set()
    for tree in trees:
        for call in ast.walk(tree):
            name = _callee(call)
            if name not in wrappers or not isinstance(call, ast.Call):
                continue
            position = wrappers[name]
            args = [*call.args[position : position + 1]]
            args += [k.value for k in call.keywords if k.arg == "what"]
            for arg in args:
                text = _text(arg)
                if text is not None:
                    found.add(text)
    return found


def raised_keys() -> set[str]:
    """Every ``error.…`` key written as a string literal in footfall's sources."""
    pattern = re.compile(r"[\"'](error\.[a-z0-9.\-]+)[\"']")
    keys: set[str] = set()
    for path in SRC.rglob("*.py"):
        keys.update(pattern.findall(path.read_text(encoding="utf-8")))
    return keys
