"""The shipped systems' parsed TOML kept in ``systems/__pycache__`` (start-up): the same rules."""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

import pytest

from footfall.errors import RuleDataError
from footfall.rules import registry
from footfall.rules.system import parse_system


def _copy(tmp_path: Path, system_id: str = "pf1e") -> Path:
    from importlib import resources

    entry = resources.files("footfall.systems").joinpath(f"{system_id}.toml")
    path = tmp_path / f"{system_id}.toml"
    path.write_text(entry.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def test_stored_tables_are_the_parsed_ones(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first read parses and stores the file; the second reads the store, and both give
    the tables `tomllib` parses (so the same `System`)."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    path = _copy(tmp_path)
    parsed = tomllib.loads(path.read_text(encoding="utf-8"))
    assert registry._system_data(path, "systems/pf1e.toml") == parsed
    stored = list((tmp_path / "__pycache__").glob("pf1e.*.marshal"))
    assert len(stored) == 1
    monkeypatch.setattr(tomllib, "loads", None)  # a second read must not parse
    assert registry._system_data(path, "systems/pf1e.toml") == parsed
    monkeypatch.undo()
    fresh = parse_system(path.read_text(encoding="utf-8"), "systems/pf1e.toml")
    assert fresh == registry.load_system("pf1e")


def test_a_changed_file_is_parsed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A system file whose size or time changed is parsed again, and its old store dropped."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    path = _copy(tmp_path)
    registry._system_data(path, "f")
    text = path.read_text(encoding="utf-8").replace('seed = "', 'seed = "changed ', 1)
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(1, 1))
    assert str(registry._system_data(path, "f")["seed"]).startswith("changed ")
    assert len(list((tmp_path / "__pycache__").glob("pf1e.*.marshal"))) == 1


def test_nothing_is_stored_without_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With PYTHONDONTWRITEBYTECODE (``sys.dont_write_bytecode``) nothing is written."""
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    registry._system_data(_copy(tmp_path), "f")
    assert not (tmp_path / "__pycache__").exists()


def test_a_broken_store_is_parsed_past(tmp_path: Path) -> None:
    """A store that is not a marshal dump is ignored: the file is parsed."""
    path = _copy(tmp_path)
    stored = registry._stored_path(path)
    assert stored is not None
    stored.parent.mkdir()
    stored.write_bytes(b"\x00garbage")
    assert registry._system_data(path, "f")["id"] == "pf1e"


def test_bad_toml_names_the_file(tmp_path: Path) -> None:
    """A system file that is not TOML raises one `RuleDataError` naming it (nothing stored)."""
    path = tmp_path / "bad.toml"
    path.write_text("id = ", encoding="utf-8")
    with pytest.raises(RuleDataError, match=r"systems/bad\.toml"):
        registry._system_data(path, "systems/bad.toml")
