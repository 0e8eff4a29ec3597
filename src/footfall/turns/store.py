"""Where encounters are kept: one SQLite file, shared by every worker process (TURN.md).

`EncounterStore` opens a connection per operation (so a store is safe to share between
threads and processes), in WAL mode, and makes every change in one ``BEGIN IMMEDIATE``
transaction: read the row, check the version the change names (`StaleVersion`, 409, when
another change came first), compute the new encounter, write it. The ``schema`` table holds
the schema version; `MIGRATIONS` brings an older file up to date when it is opened, and a
newer file is refused. The database path comes only from the caller (``footfall serve
--database PATH``, ``footfall encounter --database PATH``), never from a request; the default
is `default_database` (the user's data folder).
"""

from __future__ import annotations

import importlib
import json
import os
import re
import secrets
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from footfall.errors import InputError, LimitError, Param
from footfall.limits import LIMITS, Limits
from footfall.turns.document import encounter_to_json, parse_encounter, summary
from footfall.turns.model import Encounter, StaleVersion, UnknownEncounter

__all__ = [
    "ID_PATTERN", "MIGRATIONS", "SCHEMA_VERSION", "EncounterStore", "database_path",
    "default_database",
]  # fmt: skip

#: Schema version -> the statements that bring a database of the version before up to it.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        "CREATE TABLE encounters ("
        " id TEXT PRIMARY KEY, title TEXT NOT NULL, system TEXT NOT NULL,"
        " round INTEGER NOT NULL, active TEXT NOT NULL, version INTEGER NOT NULL,"
        " body TEXT NOT NULL, created REAL NOT NULL DEFAULT (julianday('now')),"
        " updated REAL NOT NULL DEFAULT (julianday('now')))",
    ),
}
#: The schema version this footfall writes.
SCHEMA_VERSION = max(MIGRATIONS)

#: What an encounter id may be: 1-40 letters, digits, ``-`` and ``_`` (never a path).
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,40}")

#: The file name in the data folder.
FILE_NAME = "encounters.sqlite3"


def default_database() -> Path:
    """Return the default database file: ``encounters.sqlite3`` in the user's data folder.

    The folder is platformdirs' user data folder when platformdirs is installed, else
    ``$XDG_DATA_HOME/footfall`` (``~/.local/share/footfall``).
    """
    try:
        platformdirs = importlib.import_module("platformdirs")
    except ImportError:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        return Path(base) / "footfall" / FILE_NAME
    return Path(str(platformdirs.user_data_dir("footfall", appauthor=False))) / FILE_NAME


def database_path(given: str | Path | None = None) -> Path:
    """Return the database file: `given`, else ``$FOOTFALL_DATABASE``, else the default."""
    return Path(given or os.environ.get(DATABASE_ENV) or default_database())


#: The environment variable that names the database when no path is given
#: (``footfall serve --database`` sets it for its worker processes).
DATABASE_ENV = "FOOTFALL_DATABASE"


class EncounterStore:
    """Encounters in one SQLite file (`path`), with the version check of TURN.md."""

    def __init__(self, path: str | Path, *, limits: Limits = LIMITS) -> None:
        self.path = Path(path)
        self.limits = limits
        self._ready = False

    # ---------------------------------------------------------------- connection

    @contextmanager
    def _connect(self, write: bool) -> Iterator[sqlite3.Connection]:
        """Yield a connection in a transaction (``IMMEDIATE`` when `write`), then close it."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        except (OSError, sqlite3.Error) as exc:
            raise self._cannot(exc) from None
        try:
            if not self._ready:
                self._migrate(db)
            db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            raise self._cannot(exc) from None
        finally:
            db.close()

    def _cannot(self, exc: Exception) -> InputError:
        return InputError("error.turns.database", value=str(self.path), reason=str(exc))

    def _migrate(self, db: sqlite3.Connection) -> None:
        """Create or bring the schema up to `SCHEMA_VERSION` (refuse a newer file)."""
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("CREATE TABLE IF NOT EXISTS schema (version INTEGER NOT NULL)")
            row = db.execute("SELECT version FROM schema").fetchone()
            found = 0 if row is None else int(row[0])
            if found > SCHEMA_VERSION:
                raise InputError(
                    "error.turns.database-newer", value=str(self.path), found=found,
                    known=SCHEMA_VERSION,
                )  # fmt: skip
            for version in range(found + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[version]:
                    db.execute(statement)
            if row is None:
                db.execute("INSERT INTO schema (version) VALUES (?)", (SCHEMA_VERSION,))
            else:
                db.execute("UPDATE schema SET version = ?", (SCHEMA_VERSION,))
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        self._ready = True

    # ---------------------------------------------------------------- reading

    def _load(self, body: str, encounter_id: str) -> Encounter:
        return parse_encounter(json.loads(body), limits=self.limits, param="id")

    def get(self, encounter_id: str) -> Encounter:
        """Return the encounter `encounter_id`, or raise `UnknownEncounter`."""
        with self._connect(write=False) as db:
            row = db.execute("SELECT body FROM encounters WHERE id = ?", (encounter_id,)).fetchone()
        if row is None:
            raise UnknownEncounter(encounter_id)
        return self._load(row[0], encounter_id)

    def list(self) -> list[dict[str, Any]]:
        """Return every encounter's summary row (TURN.md ``GET /api/encounters``), oldest first."""
        with self._connect(write=False) as db:
            rows = db.execute(
                "SELECT id, title, system, round, active, version FROM encounters"
                " ORDER BY created, id"
            ).fetchall()
        keys = ("id", "title", "system", "round", "active", "version")
        return [dict(zip(keys, row, strict=True)) for row in rows]

    # ---------------------------------------------------------------- changing

    def _write(self, db: sqlite3.Connection, encounter: Encounter, insert: bool) -> None:
        body = json.dumps(encounter_to_json(encounter, limits=self.limits), ensure_ascii=False)
        row = summary(encounter)
        values = (row["title"], row["system"], row["round"], row["active"], row["version"], body)
        if insert:
            db.execute(
                "INSERT INTO encounters (title, system, round, active, version, body, id)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (*values, encounter.id),
            )
        else:
            db.execute(
                "UPDATE encounters SET title = ?, system = ?, round = ?, active = ?,"
                " version = ?, body = ?, updated = julianday('now') WHERE id = ?",
                (*values, encounter.id),
            )

    def create(
        self, make: Callable[[str], Encounter], encounter_id: str | None = None
    ) -> Encounter:
        """Store the encounter `make` builds for `encounter_id` (default: a fresh ``e-...``).

        A chosen id is 1-40 letters, digits, ``-`` or ``_``, not taken; past
        `limits.encounters` stored encounters a new one is refused.
        """
        if encounter_id is not None and not ID_PATTERN.fullmatch(encounter_id):
            raise InputError("error.turns.id", param=Param("id"), value=encounter_id)
        with self._connect(write=True) as db:
            count = int(db.execute("SELECT count(*) FROM encounters").fetchone()[0])
            if count >= self.limits.encounters:
                raise LimitError("error.turns.store-size", limit=self.limits.encounters)
            while True:
                chosen = encounter_id or f"e-{secrets.token_hex(6)}"
                taken = db.execute("SELECT 1 FROM encounters WHERE id = ?", (chosen,))
                if taken.fetchone() is None:
                    break
                if encounter_id is not None:
                    raise InputError("error.turns.id-taken", param=Param("id"), value=chosen)
            encounter = make(chosen)
            self._write(db, encounter, insert=True)
        return encounter

    def update(
        self, encounter_id: str, version: int, change: Callable[[Encounter], Encounter]
    ) -> Encounter:
        """Apply `change` to the encounter if it is at `version`; store and return the result.

        A stale `version` raises `StaleVersion` (409), an unknown id `UnknownEncounter`; an
        error `change` raises leaves the stored encounter as it was.
        """
        with self._connect(write=True) as db:
            row = db.execute("SELECT body FROM encounters WHERE id = ?", (encounter_id,)).fetchone()
            if row is None:
                raise UnknownEncounter(encounter_id)
            current = self._load(row[0], encounter_id)
            if current.version != version:
                raise StaleVersion(current, version)
            changed = change(current)
            self._write(db, changed, insert=False)
        return changed

    def delete(self, encounter_id: str) -> None:
        """Delete the encounter `encounter_id`, or raise `UnknownEncounter`."""
        with self._connect(write=True) as db:
            gone = db.execute("DELETE FROM encounters WHERE id = ?", (encounter_id,)).rowcount
        if not gone:
            raise UnknownEncounter(encounter_id)
