"""footfall.classcache: dataclass methods compiled once and kept, the same classes as before."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

import footfall
from footfall import classcache

_SRC = str(Path(footfall.__file__).resolve().parents[1])

_RECORD = '''
from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class Row:
    """A record as the rules define them."""

    id: str
    cost: Fraction | None
    tags: tuple[str, ...] = field(default=(), metadata={"spec": 1})
    hidden: int = field(default=0, compare=False, repr=False)
'''


def _define(tmp_path: Path, name: str) -> types.ModuleType:
    """Run `_RECORD` as the module `name` whose file is in `tmp_path`."""
    path = tmp_path / "records.py"
    path.write_text(_RECORD, encoding="utf-8")
    module = types.ModuleType(name)
    module.__file__ = str(path)
    sys.modules[name] = module
    try:
        exec(compile(_RECORD, str(path), "exec"), vars(module))
    finally:
        del sys.modules[name]
    return module


#: The Pythons whose dataclass builder `footfall.classcache` wraps (others build as usual).
_WRAPPED = pytest.mark.skipif(
    sys.version_info[:2] != (3, 11), reason="classcache wraps Python 3.11's _create_fn only"
)


def _methods(cls: type) -> dict[str, types.CodeType]:
    names = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")
    return {n: vars(cls)[n].__code__ for n in names if n in vars(cls)}


@_WRAPPED
def test_import_footfall_wraps_dataclasses() -> None:
    """After ``import footfall`` the standard library's method builder is footfall's (on
    Python 3.11, whose builder it knows)."""
    assert getattr(dataclasses._create_fn, "__footfall_store__", False)  # type: ignore[attr-defined]


@_WRAPPED
def test_a_stored_class_is_the_class_dataclass_builds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A footfall record built from stored code has the very methods (the same code, as
    compiled from the text) and the same behaviour as one the standard library compiles."""
    monkeypatch.setattr(classcache, "_stores", {})
    monkeypatch.setattr(classcache, "_used", {})
    monkeypatch.setattr(classcache, "_missed", set())
    monkeypatch.setattr(classcache, "_paths", {})
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    plain = _define(tmp_path, "elsewhere.records").Row  # not footfall's: compiled as usual
    first = _define(tmp_path, "footfall.test_records").Row  # compiled, kept
    assert classcache._missed == {"footfall.test_records"}
    classcache._save()
    assert list((tmp_path / "__pycache__").glob("records.dataclasses.*.marshal"))
    classcache._stores.clear()
    classcache._missed.clear()
    stored = _define(tmp_path, "footfall.test_records").Row  # read from the store
    assert classcache._missed == set()
    assert _methods(stored) == _methods(first) == _methods(plain)
    a, b = stored("a", None, ("x",), hidden=1), stored("a", None, ("x",), hidden=2)
    assert a == b and hash(a) == hash(b)
    assert repr(a) == "Row(id='a', cost=None, tags=('x',))"
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.id = "b"
    assert [f.metadata for f in dataclasses.fields(stored)][2] == {"spec": 1}


def test_an_unreadable_store_is_ignored(tmp_path: Path) -> None:
    """A store that is not a marshal dump of texts and code is read as empty."""
    path = tmp_path / "bad.marshal"
    path.write_bytes(b"not marshal")
    assert classcache._load(path) == {}
    assert classcache._load(tmp_path / "missing.marshal") == {}


def test_a_fresh_process_reads_what_an_earlier_one_stored() -> None:
    """A second `footfall.rules` import compiles none of the rules' methods: the first
    stored them (unless bytecode writing is off, as then nothing is stored)."""
    script = (
        "import json, footfall.rules\nfrom footfall import classcache\n"
        "print(json.dumps(sorted(classcache._missed)))"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = _SRC
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env
        )
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


@_WRAPPED
def test_dataclasses_imported_after_footfall_is_wrapped() -> None:
    """``import footfall`` before `dataclasses` (which it no longer imports) still wraps the
    builder, as soon as `dataclasses` is imported, and leaves the module its own loader and
    no finder of footfall's on the import path."""
    script = (
        "import json, sys, footfall\nimport dataclasses\n"
        "print(json.dumps([getattr(dataclasses._create_fn, '__footfall_store__', False),\n"
        "    type(dataclasses.__loader__).__name__, type(dataclasses.__spec__.loader).__name__,\n"
        "    [type(f).__name__ if not isinstance(f, type) else f.__name__ for f in sys.meta_path\n"
        "     if 'footfall' in getattr(f, '__module__', '')]]))"
    )
    env = {"PYTHONPATH": _SRC, "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env
    )
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [
        True, "SourceFileLoader", "SourceFileLoader", [],
    ]  # fmt: skip
