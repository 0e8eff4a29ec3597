"""The merged catalog kept in ``__pycache__`` (footfall.i18n.catalog) is the parsed one."""

from __future__ import annotations

import marshal
import os
import shutil
import sys
from importlib import resources
from pathlib import Path

import pytest

from footfall import i18n


def _entries(root: Path) -> list[Path]:
    return sorted(root.glob("*.toml"), key=lambda e: e.name)


def _copy(tmp_path: Path) -> Path:
    root = Path(str(resources.files("footfall.i18n")))
    copy = tmp_path / "i18n"
    shutil.copytree(root, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def test_the_stored_catalog_is_the_parsed_catalog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a second process reads from ``__pycache__`` equals what parsing the files gives."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    copy = _copy(tmp_path)
    parsed = i18n._parse_catalogs(list(_entries(copy)))
    assert i18n._load_catalog(copy) == parsed  # parses and stores
    stored = i18n._stored_catalog(copy, list(_entries(copy)))
    assert stored is not None and stored.exists()
    assert marshal.loads(stored.read_bytes()) == parsed
    assert i18n._load_catalog(copy) == parsed  # reads the stored file
    assert i18n._load_catalog(Path(str(resources.files("footfall.i18n")))) == i18n.catalog()


def test_nothing_is_stored_under_dont_write_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Like Python's bytecode, no dump is written when PYTHONDONTWRITEBYTECODE is set."""
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    copy = _copy(tmp_path)
    assert i18n._load_catalog(copy) == i18n._parse_catalogs(list(_entries(copy)))
    assert not (copy / "__pycache__").exists()


def test_an_edited_catalog_gets_a_new_stored_name(tmp_path: Path) -> None:
    """Changing a catalog file's text (size or time) names a different stored file, so a
    stale dump is never read."""
    copy = _copy(tmp_path)
    before = i18n._stored_catalog(copy, list(_entries(copy)))
    rates = copy / "rates.toml"
    rates.write_text(rates.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    after = i18n._stored_catalog(copy, list(_entries(copy)))
    assert before is not None and after is not None and before != after
    stat = rates.stat()
    os.utime(rates, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert i18n._stored_catalog(copy, list(_entries(copy))) not in (before, after)


def test_a_folder_that_cannot_be_written_is_only_slower(tmp_path: Path) -> None:
    """Storing into a path that cannot be made fails silently (the catalog is still given)."""
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    i18n._store(blocked / "__pycache__" / "catalog.0.marshal", b"x")
    assert blocked.read_text(encoding="utf-8") == "not a folder"
