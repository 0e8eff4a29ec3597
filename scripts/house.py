#!/usr/bin/env python3
"""Report what breaks the house rules of CONTRIBUTING.md in footfall's library code.

    python3 scripts/house.py [PATH ...]     # default: src/footfall

Rules checked (issue 11): no module over 800 lines, no function over 100 lines, no system id
(``"pf1e"`` ...) outside the data files and the rules registry, no command-line flag
(``--speed``) in a library string, no error built from a literal message instead of a catalog
key. Prints one line per finding and exits 1 when there is any; tests/test_house.py runs it.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = ROOT / "src" / "footfall"
MAX_MODULE = 800
MAX_FUNCTION = 100
SYSTEM_IDS = ("pf1e", "dnd35", "dh2e", "drawsteel")
#: The one registry that may name systems (the list of shipped data files).
REGISTRY = {"rules/registry.py"}
#: Front-ends: they may name flags and systems.
FRONT_ENDS = ("cli/", "api/", "api.py", "web/")
ERRORS = {"InputError", "SceneError", "LimitError", "RuleDataError", "FootfallError"}
#: Modules that may build an error from a literal message: the catalog loader reports a broken
#: catalog, and rendering a catalog key there would load the broken catalog again.
LITERAL_ERRORS = {"i18n/__init__.py"}
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]+")


def _strings(tree: ast.AST) -> list[tuple[int, str]]:
    """Return every string constant outside docstrings, with its line."""
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                docstrings.add(id(value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def check(path: Path, rel: str | None = None) -> list[str]:
    """Return the findings of one Python file of the library (`rel`: its path in it)."""
    rel = rel or path.relative_to(LIBRARY).as_posix()
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    found: list[str] = []
    lines = text.count("\n") + 1
    if lines > MAX_MODULE:
        found.append(f"{rel}: {lines} lines (module over {MAX_MODULE})")
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > MAX_FUNCTION:
                found.append(f"{rel}:{node.lineno}: {node.name} is {length} lines")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ERRORS
            and rel not in LITERAL_ERRORS
            and node.args
            and not (
                isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and node.args[0].value.startswith("error.")
            )
        ):
            found.append(f"{rel}:{node.lineno}: {node.func.id} from a literal message")
    front = rel.startswith(FRONT_ENDS)
    for lineno, value in _strings(tree):
        if not front and rel not in REGISTRY and value in SYSTEM_IDS:
            found.append(f"{rel}:{lineno}: system id {value!r}")
        if not front and FLAG.search(value):
            found.append(f"{rel}:{lineno}: command-line flag in {value[:60]!r}")
    return found


def main(argv: list[str]) -> int:
    """Check the given files or folders (default: the whole library)."""
    targets = [Path(a).resolve() for a in argv] or [LIBRARY]
    files = sorted({f for t in targets for f in ([t] if t.is_file() else t.rglob("*.py"))})
    findings = [line for f in files for line in check(f)]
    for line in findings:
        print(line)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
