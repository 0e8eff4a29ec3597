"""Every message of every catalog formats, in every language, with the fields its callers pass.

Issue 12 item 11: a Draw Steel shift note was formatted without the ``{x}`` and ``{y}`` its
message names, and crashed (`KeyError: 'x'`). This test reads the library's source (its
syntax tree): every call naming a catalog key - ``t("key", ...)``, an error
``InputError("error.x", ...)``, ``remark("key", ...)``, and the tactical rule sentences
(``message(rule, ...)``: every ``tactical.rule.*`` key) - with the keyword fields it passes
(a ``**values`` dict built in the same function counts with the keys it always holds). Each
message of such a key, in each language the catalogs hold, must name only fields every
caller passes, and must format with them.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import footfall
from footfall.i18n import catalog, t

SOURCE = Path(footfall.__file__).parent
#: Calls whose first argument is a catalog key, and the fields the call itself adds.
KEYED = {"t": (), "remark": (), "InputError": (), "SceneError": (), "LimitError": (),
         "RuleDataError": (), "FootfallError": ()}  # fmt: skip
#: The tactical rule sentences: ``message(rule, lang, policy, **values)`` and its step form
#: (footfall.tactical.report) add the move's unit, budget, speed cap and least distance.
RULE_CALLS = {"message": ("unit", "budget", "speed", "least"),
              "step_message": ("unit", "budget", "speed", "least")}  # fmt: skip
RULE_PREFIX = "tactical.rule."


@dataclass
class Site:
    """One call naming a catalog key: where it is and the fields it always passes."""

    where: str
    fields: frozenset[str]
    complete: bool = True
    """False when a ``**mapping`` could not be read (its keys are then unknown)."""


@dataclass
class Sites:
    """Every call site found, per catalog key: literal keys, and keys an f-string may give."""

    by_key: dict[str, list[Site]] = field(default_factory=dict)
    loose: dict[str, list[Site]] = field(default_factory=dict)

    def add(self, key: str, site: Site, *, loose: bool = False) -> None:
        (self.loose if loose else self.by_key).setdefault(key, []).append(site)

    def of(self, key: str) -> list[Site]:
        """The sites of `key`: its literal ones, else those of f-strings matching it."""
        return self.by_key.get(key) or self.loose.get(key, [])


def _dict_keys(function: ast.AST, name: str) -> frozenset[str] | None:
    """Return the constant keys a dict named `name` is built with in `function`, if any."""
    for node in ast.walk(function):
        value = None
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(target, ast.Name) and target.id == name for target in node.targets)
        ) or (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == name
        ):
            value = node.value
        if isinstance(value, ast.Dict) and all(
            isinstance(k, ast.Constant) and isinstance(k.value, str) for k in value.keys
        ):
            return frozenset(str(k.value) for k in value.keys if isinstance(k, ast.Constant))
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id == "dict"
            and not value.args
        ):
            return frozenset(str(k.arg) for k in value.keywords if k.arg)
    return None


def _set_before(function: ast.AST, name: str, call: ast.Call) -> frozenset[str]:
    """Return the keys ``name["key"] = ...`` sets before `call` in a block holding the call."""
    found: set[str] = set()
    for node in ast.walk(function):
        for body in (getattr(node, "body", None), getattr(node, "orelse", None)):
            if not isinstance(body, list):
                continue
            holds = any(
                s.lineno <= call.lineno <= (s.end_lineno or s.lineno)
                for s in body
                if isinstance(s, ast.stmt)
            )
            if not holds:
                continue
            for stmt in body:
                if not isinstance(stmt, ast.Assign) or stmt.lineno >= call.lineno:
                    continue
                for target in stmt.targets:
                    if (
                        isinstance(target, ast.Subscript)
                        and isinstance(target.value, ast.Name)
                        and target.value.id == name
                        and isinstance(target.slice, ast.Constant)
                    ):
                        found.add(str(target.slice.value))
    return frozenset(found)


def _fields(call: ast.Call, function: ast.AST) -> tuple[frozenset[str], bool]:
    """Return the keyword fields `call` always passes, and whether they are all known."""
    names: set[str] = set()
    complete = True
    for keyword in call.keywords:
        if keyword.arg is not None:
            names.add(keyword.arg)
        elif isinstance(keyword.value, ast.Name):
            keys = _dict_keys(function, keyword.value.id)
            if keys is None:
                complete = False
            else:
                names |= keys | _set_before(function, keyword.value.id, call)
        elif isinstance(keyword.value, ast.Dict):
            names |= {str(k.value) for k in keyword.value.keys if isinstance(k, ast.Constant)}
        else:
            complete = False
    return frozenset(names), complete


def _functions(tree: ast.AST) -> Iterator[tuple[ast.AST, ast.Call]]:
    """Yield every call with the innermost function holding it (the module for top level)."""
    scopes: list[ast.AST] = [tree]

    def visit(node: ast.AST) -> Iterator[tuple[ast.AST, ast.Call]]:
        inner = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        if inner:
            scopes.append(node)
        if isinstance(node, ast.Call):
            yield scopes[-1], node
        for child in ast.iter_child_nodes(node):
            yield from visit(child)
        if inner:
            scopes.pop()

    yield from visit(tree)


def _pattern(node: ast.JoinedStr) -> re.Pattern[str] | None:
    """Return the regex of the keys an f-string key may give (None: not a catalog key)."""
    parts = []
    for value in node.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            parts.append(re.escape(value.value))
        else:
            parts.append(r"[^ .]+")
    text = "".join(parts)
    return re.compile(text) if re.match(r"[a-z]+\\?\.", text) else None


def call_sites() -> Sites:
    """Find every call site of a catalog key in the library's source."""
    keys = set(catalog())
    sites = Sites()
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function, call in _functions(tree):
            name = call.func.id if isinstance(call.func, ast.Name) else None
            if isinstance(call.func, ast.Attribute):
                name = call.func.attr
            if name is None or not call.args:
                continue
            where = f"{path.relative_to(SOURCE)}:{call.lineno}"
            fields, complete = _fields(call, function)
            first = call.args[0]
            if name in RULE_CALLS and not isinstance(first, ast.Constant):
                site = Site(where, fields | set(RULE_CALLS[name]), complete)
                for key in keys:
                    if key.startswith(RULE_PREFIX):
                        sites.add(key, site, loose=True)
                continue
            if name not in KEYED:
                # A module's own wrapper given the key's tail (``_term("col.speed_ft", ...)``).
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    tail = [k for k in keys if k.endswith("." + first.value)]
                    if "." in first.value and len(tail) == 1:
                        sites.add(tail[0], Site(where, fields, complete))
                continue
            if isinstance(first, ast.Constant) and first.value in keys:
                sites.add(str(first.value), Site(where, fields, complete))
            elif isinstance(first, ast.JoinedStr) and (pattern := _pattern(first)):
                for key in keys:
                    if pattern.fullmatch(key):
                        sites.add(key, Site(where, fields, complete), loose=True)
    return sites


def placeholders(text: str) -> set[str]:
    """Return the field names a message template names (``{x}``, ``{speed:plural:...}``)."""
    names = set()
    for _, name, _, _ in string.Formatter().parse(text):
        if name:
            names.add(re.split(r"[.\[]", name, maxsplit=1)[0])
    return names


SITES = call_sites()
LANGS = sorted({lang for texts in catalog().values() for lang in texts})
#: Fields a rule sentence names that only some `message` callers can give, and why the others
#: never format it: the budget sentence needs the cost, and only `check` (which has it) and
#: `path` (which words it as ``tactical.reason.budget`` with its cheapest cost) report it.
ONLY_WITH = {"tactical.rule.budget": frozenset({"cost"})}


def test_the_scan_finds_the_callers() -> None:
    """The scan sees the known callers: the shift note with x and y, an error with its value."""
    shift = SITES.of("tactical.rule.shift-terrain")
    assert any({"x", "y", "step"} <= s.fields for s in shift)
    assert "value" in next(s for s in SITES.of("error.unknown")).fields
    # apidocs.* entries are found by their English text (footfall.api.docs_page), not by key.
    called = [key for key in catalog() if not key.startswith("apidocs.")]
    assert len(SITES.by_key) + len(SITES.loose) > len(called) / 2


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_formats_with_its_callers_fields(lang: str) -> None:
    """Each caller of a key passes every field its message names in this language, and the
    message formats with them (no `KeyError` at run time)."""
    problems = []
    for key, texts in sorted(catalog().items()):
        if lang not in texts:
            continue
        named = placeholders(texts[lang])
        if key.startswith("help."):  # {ids:VOCABULARY:...}: a help's list of ids, filled
            named.discard("ids")  # by footfall.cli.help, not a caller's field
        en = placeholders(texts.get("en", texts[lang]))
        if not named <= en:
            problems.append(f"{key} [{lang}] names {sorted(named - en)}, which en does not")
        for site in SITES.of(key):
            if not site.complete:
                continue
            missing = named - site.fields - ONLY_WITH.get(key, frozenset())
            if missing:
                problems.append(f"{key} [{lang}] needs {sorted(missing)}; {site.where} lacks them")
                continue
            values = dict.fromkeys(site.fields | ONLY_WITH.get(key, frozenset()), 2)
            try:
                t(key, lang, **values)  # type: ignore[arg-type]
            except (KeyError, ValueError, IndexError) as exc:
                problems.append(f"{key} [{lang}] from {site.where}: {exc!r}")
    assert not problems, "\n".join(problems)
