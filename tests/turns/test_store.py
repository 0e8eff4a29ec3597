"""The encounter store: SQLite, the version check, migrations, shared by processes (TURN.md)."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest

from footfall.errors import InputError
from footfall.scene import load_sample
from footfall.turns import (
    IllegalMove,
    StaleVersion,
    UnknownEncounter,
    end_turn,
    move,
    new_encounter,
)
from footfall.turns.store import SCHEMA_VERSION, EncounterStore, default_database


def _store(tmp_path: Path) -> EncounterStore:
    return EncounterStore(tmp_path / "data" / "encounters.sqlite3")


def _bridge(store: EncounterStore) -> str:
    scene = load_sample("pf1e-ogre-bridge")
    return store.create(lambda eid: new_encounter(scene, encounter_id=eid, title="Bridge")).id


def test_create_get_list_delete(tmp_path: Path) -> None:
    """An encounter is stored, read back equal, listed by its summary row, and deleted."""
    store = _store(tmp_path)
    eid = _bridge(store)
    assert store.get(eid).title == "Bridge"
    assert store.list() == [
        {"id": eid, "title": "Bridge", "system": "pf1e", "round": 1, "active": "valeros",
         "version": 1}
    ]  # fmt: skip
    store.delete(eid)
    with pytest.raises(UnknownEncounter, match=f"no encounter '{eid}'"):
        store.get(eid)
    with pytest.raises(UnknownEncounter):
        store.delete(eid)


def test_stale_version_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    """A change naming an older version raises StaleVersion; the stored encounter stays."""
    store = _store(tmp_path)
    eid = _bridge(store)
    moved = store.update(eid, 1, lambda e: move(e, "move", [(9, 5)]))
    assert moved.version == 2
    with pytest.raises(StaleVersion, match="is at version 2, not 1") as err:
        store.update(eid, 1, end_turn)
    assert err.value.current == 2
    assert store.get(eid) == moved


def test_refused_move_leaves_the_store_unchanged(tmp_path: Path) -> None:
    """A move the rules refuse rolls the transaction back: same encounter, same version."""
    store = _store(tmp_path)
    eid = _bridge(store)
    before = store.get(eid)
    with pytest.raises(IllegalMove):
        store.update(eid, 1, lambda e: move(e, "move", [(9, 5), (10, 4)]))
    assert store.get(eid) == before


def test_schema_version_written_and_newer_refused(tmp_path: Path) -> None:
    """The schema table holds the version; a file of a newer schema is refused in one line."""
    store = _store(tmp_path)
    _bridge(store)
    db = sqlite3.connect(store.path)
    assert db.execute("SELECT version FROM schema").fetchall() == [(SCHEMA_VERSION,)]
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    db.execute("UPDATE schema SET version = ?", (SCHEMA_VERSION + 1,))
    db.commit()
    db.close()
    with pytest.raises(InputError, match="newer than this footfall knows"):
        EncounterStore(store.path).list()


def test_not_a_database_is_one_line(tmp_path: Path) -> None:
    """A file that is not SQLite is refused naming the file."""
    bad = tmp_path / "notes.txt"
    bad.write_text("hello, this is not a database" * 100)
    with pytest.raises(InputError, match="cannot open the encounter database"):
        EncounterStore(bad).list()


def test_default_database_is_in_the_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without platformdirs the default is $XDG_DATA_HOME/footfall/encounters.sqlite3."""
    monkeypatch.setenv("XDG_DATA_HOME", "/somewhere")
    monkeypatch.setitem(__import__("sys").modules, "platformdirs", None)
    assert default_database() == Path("/somewhere/footfall/encounters.sqlite3")


def _race(path: str, eid: str, square: tuple[int, int], out: multiprocessing.Queue[str]) -> None:
    store = EncounterStore(path)
    try:
        store.update(eid, 1, lambda e: move(e, "move", [square]))
        out.put("moved")
    except StaleVersion:
        out.put("stale")


def test_two_processes_never_lose_a_move(tmp_path: Path) -> None:
    """Two worker processes changing version 1 at once: one moves, the other is told stale."""
    store = _store(tmp_path)
    eid = _bridge(store)
    ctx = multiprocessing.get_context("spawn")
    out: multiprocessing.Queue[str] = ctx.Queue()
    procs = [
        ctx.Process(target=_race, args=(str(store.path), eid, sq, out)) for sq in ((9, 5), (8, 4))
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert sorted(out.get(timeout=5) for _ in procs) == ["moved", "stale"]
    assert store.get(eid).version == 2
