"""The PostgreSQL store: the SQLite store's behaviour on a throwaway cluster (Debian's
postgresql: initdb and pg_ctl), skipped where either psycopg or the server is missing."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import socket
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from footfall.errors import InputError
from footfall.limits import Limits
from footfall.scene import load_sample
from footfall.turns import IllegalMove, StaleVersion, UnknownEncounter, move, new_encounter
from footfall.turns.store import EncounterStore
from footfall.turns.store_pg import APPLICATION, SCHEMA_VERSION, PostgresStore, open_store

#: .ci/run sets it: there the server and psycopg are installed, and a skip would hide a failure.
REQUIRED = bool(os.environ.get("FOOTFALL_REQUIRE_POSTGRES"))

if REQUIRED:
    import psycopg
else:
    psycopg = pytest.importorskip("psycopg")  # an optional dependency, not one of footfall's


def _skip(reason: str) -> None:
    """Skip the module's tests, or fail them where CI requires PostgreSQL."""
    if REQUIRED:
        pytest.fail(f"FOOTFALL_REQUIRE_POSTGRES is set: {reason}")
    pytest.skip(reason)


def _bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    return str(versions[-1]) if versions else None


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """Start a PostgreSQL cluster in a temporary folder (as user postgres under root)."""
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        _skip("no PostgreSQL server binaries (initdb, pg_ctl)")
    root = Path(tempfile.mkdtemp(prefix="footfall-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        shutil.chown(root, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = root / "data"
    opts = f"-k {root} -p {port} -c listen_addresses=''"
    try:
        subprocess.run([*as_user, initdb, "-D", str(data), "-A", "trust", "-U", "postgres"],
                       check=True, capture_output=True, timeout=120)  # fmt: skip
        subprocess.run([*as_user, pg_ctl, "-D", str(data), "-o", opts, "-l", str(root / "log"),
                        "-w", "start"], check=True, capture_output=True, timeout=120)  # fmt: skip
    except (subprocess.SubprocessError, OSError) as exc:
        shutil.rmtree(root, ignore_errors=True)
        _skip(f"cannot start PostgreSQL: {exc}")
    try:
        yield f"postgresql://postgres@/postgres?host={root}&port={port}"
    finally:
        subprocess.run([*as_user, pg_ctl, "-D", str(data), "-m", "fast", "stop"],
                       capture_output=True, timeout=120)  # fmt: skip
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def store(url: str) -> Iterator[PostgresStore]:
    """A store on an emptied database."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS encounters, schema")
    made = PostgresStore(url, limits=Limits(encounter_connections=2))
    yield made
    made.close()


def _bridge(store: PostgresStore) -> str:
    scene = load_sample("pf1e-ogre-bridge")
    return store.create(lambda eid: new_encounter(scene, encounter_id=eid), "bridge").id


def test_open_store_picks_by_the_database_value(tmp_path: Path) -> None:
    """A postgresql:// URL opens the PostgreSQL store, anything else a SQLite file."""
    assert isinstance(open_store("postgresql://u@/db"), PostgresStore)
    assert isinstance(open_store(str(tmp_path / "e.db")), EncounterStore)


def test_create_get_list_delete(store: PostgresStore) -> None:
    """An encounter is stored, read back equal, listed, deleted, as in SQLite."""
    eid = _bridge(store)
    assert store.get(eid).active == "valeros"
    assert [r["id"] for r in store.list()] == ["bridge"]
    with pytest.raises(InputError, match="already exists"):
        _bridge(store)
    store.delete(eid)
    with pytest.raises(UnknownEncounter):
        store.get(eid)


def test_version_check_and_refused_move(store: PostgresStore) -> None:
    """A stale version is refused, a refused move rolls back: the row is unchanged."""
    eid = _bridge(store)
    moved = store.update(eid, 1, lambda e: move(e, "move", [(9, 5)]))
    with pytest.raises(StaleVersion, match="is at version 2, not 1"):
        store.update(eid, 1, lambda e: move(e, "move", [(9, 4)]))
    with pytest.raises(IllegalMove):
        store.update(eid, 2, lambda e: move(e, "move", [(10, 4)]))
    assert store.get(eid) == moved


def test_schema_version_and_newer_refused(store: PostgresStore, url: str) -> None:
    """The schema table holds the version; a newer schema is refused in one line."""
    _bridge(store)
    with psycopg.connect(url, autocommit=True) as conn:
        assert conn.execute("SELECT version FROM schema").fetchall() == [(SCHEMA_VERSION,)]
        conn.execute("UPDATE schema SET version = %s", (SCHEMA_VERSION + 1,))
    with pytest.raises(InputError, match="newer than this footfall knows"):
        PostgresStore(url).list()


def _race(url: str, square: tuple[int, int], out: multiprocessing.Queue[str]) -> None:
    try:
        PostgresStore(url).update("bridge", 1, lambda e: move(e, "move", [square]))
        out.put("moved")
    except StaleVersion:
        out.put("stale")


def test_two_processes_never_lose_a_move(store: PostgresStore, url: str) -> None:
    """Two processes changing version 1 at once: one moves, the other is told stale."""
    _bridge(store)
    ctx = multiprocessing.get_context("spawn")
    out: multiprocessing.Queue[str] = ctx.Queue()
    procs = [ctx.Process(target=_race, args=(url, sq, out)) for sq in ((9, 5), (8, 4))]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert sorted(out.get(timeout=5) for _ in procs) == ["moved", "stale"]


def test_unreachable_server_is_one_line() -> None:
    """A URL no server answers is one line naming it, without its password."""
    with pytest.raises(InputError, match="cannot open the encounter database") as err:
        PostgresStore("postgresql://u:secret@/db?host=/nonexistent&port=1").list()
    assert "secret" not in str(err.value)


def _ours(url: str) -> int:
    """How many connections of footfall the server has open now."""
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", (APPLICATION,)
        ).fetchone()
    return int(row[0]) if row else 0


def test_operations_share_a_bounded_pool(store: PostgresStore, url: str) -> None:
    """Forty operations from eight threads at once use at most the pool's two connections
    (Limits.encounter_connections), made once and reused; every operation answers."""
    eid = _bridge(store)
    answers: list[str] = []
    peak: list[int] = []

    def work() -> None:
        for _ in range(5):
            answers.append(store.get(eid).active)
            peak.append(_ours(url))

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert answers == ["valeros"] * 40
    assert max(peak) <= 2
    stats = store.pool().get_stats()
    assert stats["connections_num"] <= 2 and stats["requests_num"] >= 40


def test_a_connection_the_server_dropped_is_replaced(store: PostgresStore, url: str) -> None:
    """The server ends every footfall connection (a restart, an idle timeout): the next
    operation still answers, on a fresh connection checked before use."""
    eid = _bridge(store)
    assert store.get(eid).version == 1
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE application_name = %s", (APPLICATION,),
        )  # fmt: skip
    assert store.update(eid, 1, lambda e: move(e, "move", [(9, 5)])).version == 2
    assert store.get(eid).version == 2


def test_a_stale_change_rolls_back_and_gives_its_connection_back(store: PostgresStore) -> None:
    """A refused change (stale, illegal) leaves no transaction open: the pool's two
    connections serve the next changes at once."""
    eid = _bridge(store)
    for _ in range(5):
        with pytest.raises(StaleVersion):
            store.update(eid, 7, lambda e: e)
        with pytest.raises(IllegalMove):
            store.update(eid, 1, lambda e: move(e, "move", [(9, 4), (10, 4)]))
    assert store.pool().get_stats().get("requests_waiting", 0) == 0
    assert store.update(eid, 1, lambda e: move(e, "move", [(9, 5)])).version == 2
