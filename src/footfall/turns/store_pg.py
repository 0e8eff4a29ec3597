"""The encounter store on PostgreSQL, for a hosted deployment of several machines (optional).

`PostgresStore` has `EncounterStore`'s five operations over psycopg 3 (``pip install
"footfall[postgres]"``: psycopg and psycopg_pool; not dependencies of footfall): every change
is one transaction that locks the encounter's row (``SELECT ... FOR UPDATE``), checks the
version, computes and writes; the ``schema`` table and `MIGRATIONS` are the SQLite store's,
the statements in PostgreSQL's words. `open_store` picks the store from ``--database``: a
``postgresql://`` URL or a file path.

Connections come from a pool (psycopg_pool's ``ConnectionPool``) of at most
`Limits.encounter_connections` per process, opened on first use, checked before each use (a
connection the server dropped is replaced) and made anew in a forked worker process (a pool
never crosses a fork). The first use of a store connects once on its own, so a bad URL is one
line at once rather than the pool's retries, and brings the schema up to date. Without
psycopg_pool each operation connects (the behaviour before the pool).
"""

from __future__ import annotations

import importlib
import json
import os
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from footfall.errors import InputError, LimitError, Param
from footfall.limits import LIMITS, Limits
from footfall.turns.document import encounter_to_json, parse_encounter, summary
from footfall.turns.model import Encounter, StaleVersion, UnknownEncounter
from footfall.turns.store import DATABASE_ENV, ID_PATTERN, EncounterStore, database_path

__all__ = [
    "MIGRATIONS", "SCHEMA_VERSION", "AnyStore", "PostgresStore", "is_url", "open_store",
]  # fmt: skip

#: Schema version -> the statements that bring a database of the version before up to it.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        "CREATE TABLE encounters ("
        " id TEXT PRIMARY KEY, title TEXT NOT NULL, system TEXT NOT NULL,"
        " round INTEGER NOT NULL, active TEXT NOT NULL, version BIGINT NOT NULL,"
        " body TEXT NOT NULL, created TIMESTAMPTZ NOT NULL DEFAULT now(),"
        " updated TIMESTAMPTZ NOT NULL DEFAULT now())",
    ),
}
SCHEMA_VERSION = max(MIGRATIONS)
#: The ``application_name`` of footfall's connections (seen in ``pg_stat_activity``).
APPLICATION = "footfall"
_SCHEMES = ("postgresql://", "postgres://")


def is_url(database: str | Path | None) -> bool:
    """Tell whether ``--database`` names a PostgreSQL URL rather than a file."""
    return isinstance(database, str) and database.startswith(_SCHEMES)


def open_store(
    database: str | Path | None = None, *, limits: Limits = LIMITS
) -> EncounterStore | PostgresStore:
    """Return the store ``--database`` names: a PostgreSQL URL, else a SQLite file."""
    chosen = database if database is not None else os.environ.get(DATABASE_ENV)
    if is_url(chosen):
        return PostgresStore(str(chosen), limits=limits)
    return EncounterStore(database_path(chosen), limits=limits)


class PostgresStore:
    """Encounters in a PostgreSQL database (`url`), with the version check of TURN.md."""

    def __init__(self, url: str, *, limits: Limits = LIMITS) -> None:
        self.url = url
        self.limits = limits
        self._ready = False
        self._pool: Any = None
        self._pool_pid = 0
        self._lock = threading.Lock()

    def pool(self) -> Any:
        """Return this process's connection pool (made on first use), or None without
        psycopg_pool."""
        try:
            pools: Any = importlib.import_module("psycopg_pool")
        except ImportError:
            return None
        with self._lock:
            if self._pool is None or self._pool_pid != os.getpid():
                # A pool inherited through a fork is another process's: left alone, not closed.
                self._pool = pools.ConnectionPool(
                    self.url, min_size=1, max_size=max(1, self.limits.encounter_connections),
                    kwargs={"connect_timeout": 10, "application_name": APPLICATION},
                    timeout=self.limits.encounter_wait_seconds,
                    check=pools.ConnectionPool.check_connection, name="footfall-encounters",
                    open=True,
                )  # fmt: skip
                self._pool_pid = os.getpid()
            return self._pool

    def close(self) -> None:
        """Close this process's pool (its connections); a later operation opens a new one."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None and self._pool_pid == os.getpid():
            pool.close()

    def _shown(self) -> str:
        """The URL without its password, for messages."""
        head, at, tail = self.url.rpartition("@")
        return f"{head.split(':', 2)[0]}:...@{tail}" if at and head.count(":") > 1 else self.url

    def _cannot(self, exc: Exception) -> InputError:
        return InputError("error.turns.database", value=self._shown(), reason=str(exc).strip())

    @contextmanager
    def _connect(self) -> Iterator[Any]:
        """Yield a cursor in one transaction (committed at the end, rolled back on an error)."""
        try:
            psycopg: Any = importlib.import_module("psycopg")
        except ImportError:
            raise InputError("error.turns.no-psycopg", value=self._shown()) from None
        pool = self.pool() if self._ready else None
        if pool is None:  # the first use (the schema checked), or no psycopg_pool
            with self._direct(psycopg) as cur:
                yield cur
            return
        try:
            with pool.connection() as conn, conn.cursor() as cur:  # commits or rolls back
                yield cur
        except psycopg.Error as exc:  # psycopg_pool.PoolTimeout is one too
            raise self._cannot(exc) from None

    @contextmanager
    def _direct(self, psycopg: Any) -> Iterator[Any]:
        """Yield a cursor of a connection of its own (closed after the transaction)."""
        try:
            conn = psycopg.connect(self.url, connect_timeout=10, application_name=APPLICATION)
        except psycopg.Error as exc:
            raise self._cannot(exc) from None
        try:
            with conn, conn.cursor() as cur:  # commits, or rolls back on an exception
                if not self._ready:
                    self._migrate(cur)
                yield cur
        except psycopg.Error as exc:
            raise self._cannot(exc) from None
        finally:
            conn.close()

    def _migrate(self, cur: Any) -> None:
        cur.execute("SELECT pg_advisory_xact_lock(4242013)")  # one migrating process at a time
        cur.execute("CREATE TABLE IF NOT EXISTS schema (version INTEGER NOT NULL)")
        row = cur.execute("SELECT version FROM schema").fetchone()
        found = 0 if row is None else int(row[0])
        if found > SCHEMA_VERSION:
            raise InputError(
                "error.turns.database-newer", value=self._shown(), found=found,
                known=SCHEMA_VERSION,
            )  # fmt: skip
        for version in range(found + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[version]:
                cur.execute(statement)
        if row is None:
            cur.execute("INSERT INTO schema (version) VALUES (%s)", (SCHEMA_VERSION,))
        else:
            cur.execute("UPDATE schema SET version = %s", (SCHEMA_VERSION,))
        self._ready = True

    def _load(self, body: str) -> Encounter:
        return parse_encounter(json.loads(body), limits=self.limits, param="id")

    def _values(self, encounter: Encounter) -> tuple[Any, ...]:
        body = json.dumps(encounter_to_json(encounter, limits=self.limits), ensure_ascii=False)
        row = summary(encounter)
        return (row["title"], row["system"], row["round"], row["active"], row["version"], body)

    def get(self, encounter_id: str) -> Encounter:
        """Return the encounter `encounter_id`, or raise `UnknownEncounter`."""
        with self._connect() as cur:
            row = cur.execute(
                "SELECT body FROM encounters WHERE id = %s", (encounter_id,)
            ).fetchone()
        if row is None:
            raise UnknownEncounter(encounter_id)
        return self._load(row[0])

    def list(self) -> list[dict[str, Any]]:
        """Return every encounter's summary row, oldest first."""
        with self._connect() as cur:
            rows = cur.execute(
                "SELECT id, title, system, round, active, version FROM encounters"
                " ORDER BY created, id"
            ).fetchall()
        keys = ("id", "title", "system", "round", "active", "version")
        return [dict(zip(keys, row, strict=True)) for row in rows]

    def create(
        self, make: Callable[[str], Encounter], encounter_id: str | None = None
    ) -> Encounter:
        """Store the encounter `make` builds for `encounter_id` (default: a fresh ``e-...``)."""
        if encounter_id is not None and not ID_PATTERN.fullmatch(encounter_id):
            raise InputError("error.turns.id", param=Param("id"), value=encounter_id)
        with self._connect() as cur:
            cur.execute("LOCK TABLE encounters IN SHARE ROW EXCLUSIVE MODE")  # count, then insert
            count = int(cur.execute("SELECT count(*) FROM encounters").fetchone()[0])
            if count >= self.limits.encounters:
                raise LimitError("error.turns.store-size", limit=self.limits.encounters)
            while True:
                chosen = encounter_id or f"e-{secrets.token_hex(6)}"
                taken = cur.execute("SELECT 1 FROM encounters WHERE id = %s", (chosen,))
                if taken.fetchone() is None:
                    break
                if encounter_id is not None:
                    raise InputError("error.turns.id-taken", param=Param("id"), value=chosen)
            encounter = make(chosen)
            cur.execute(
                "INSERT INTO encounters (title, system, round, active, version, body, id)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (*self._values(encounter), encounter.id),
            )
        return encounter

    def update(
        self, encounter_id: str, version: int, change: Callable[[Encounter], Encounter]
    ) -> Encounter:
        """Apply `change` if the encounter is at `version` (else `StaleVersion`), atomically."""
        with self._connect() as cur:
            row = cur.execute(
                "SELECT body FROM encounters WHERE id = %s FOR UPDATE", (encounter_id,)
            ).fetchone()
            if row is None:
                raise UnknownEncounter(encounter_id)
            current = self._load(row[0])
            if current.version != version:
                raise StaleVersion(current, version)
            changed = change(current)
            cur.execute(
                "UPDATE encounters SET title = %s, system = %s, round = %s, active = %s,"
                " version = %s, body = %s, updated = now() WHERE id = %s",
                (*self._values(changed), encounter_id),
            )
        return changed

    def delete(self, encounter_id: str) -> None:
        """Delete the encounter `encounter_id`, or raise `UnknownEncounter`."""
        with self._connect() as cur:
            gone = cur.execute("DELETE FROM encounters WHERE id = %s", (encounter_id,)).rowcount
        if not gone:
            raise UnknownEncounter(encounter_id)


#: Either store: the five operations are the same.
AnyStore = EncounterStore | PostgresStore
