"""The rule machine kept on disk: a flight command builds it once, not every process.

Building an 80-ft average flyer's rule machine (`footfall.flight.machine.build_machine`) costs
0.3-0.4 s of CPU in Python, 0.7-0.8 s for a double move: as much as its compiled search. A
server keeps it in memory (`footfall.flight.machine.rule_machine` is cached); a command that
runs once per process keeps it in ``__pycache__`` beside this module, as Python keeps compiled
modules and numba its kernels: a ``.npz`` of plain arrays (no pickle) named by a digest of
everything the machine is built from (the flyer, its row and switches, the square, the
5-10-5 costs, the budget, the start) and of the sizes and times of the modules that build
it, so any edit of the rules' code makes a new name. At most `KEPT` machines are kept (the
least recently used go); a folder that cannot be written (a read-only install), or a file
that cannot be read, only means building it again. Like Python's own bytecode (and the
message catalog's dump, `footfall.i18n`), nothing is written under ``PYTHONDONTWRITEBYTECODE``
(`sys.dont_write_bytecode`); a machine already there is still read.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

import numpy as np

from footfall.flight.machine import Cover, Machine
from footfall.flight.model import Raw

__all__ = ["KEPT", "machine_path", "stored_machine"]

#: Most machines kept in ``__pycache__`` (an average 80-ft double move's is about 2 MB).
KEPT = 48

#: Bumped when the stored shape changes (part of the digest).
_FORMAT = 1

_HERE = Path(__file__).resolve().parent
_SOURCES = ("machine.py", "model.py", "store.py")

#: The `Machine` fields stored as arrays, in order (`states`, `mirror` and the scalars apart).
_ARRAYS = (
    "part_of", "resources", "keeps", "facing_of", "move_start", "move_to", "move_cost",
    "move_dx", "move_dy", "move_dz", "move_dir", "keys", "shed_cost", "shed_to",
)  # fmt: skip


def machine_path(key: tuple[object, ...]) -> Path | None:
    """Return the file of the machine built from `key`, or None when the sources are not files."""
    try:
        facts = [(name, *_size_and_time(_HERE / name)) for name in _SOURCES]
    except OSError:
        return None
    digest = hashlib.sha256(repr((_FORMAT, facts, key)).encode()).hexdigest()[:24]
    return _HERE / "__pycache__" / f"machine.{digest}.npz"


def _size_and_time(path: Path) -> tuple[int, int]:
    facts = path.stat()
    return facts.st_size, facts.st_mtime_ns


def stored_machine(key: tuple[object, ...], build: Callable[[], Machine]) -> Machine:
    """Return the machine of `key` from ``__pycache__``, or `build` it and keep it there
    (unless `sys.dont_write_bytecode`)."""
    path = machine_path(key)
    if path is not None and path.exists():
        try:
            machine = _load(path)
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
            pass
        else:
            _touch(path)
            return machine
    machine = build()
    if path is not None and not sys.dont_write_bytecode:
        _store(path, machine)
    return machine


def _states_array(states: list[Raw]) -> np.ndarray:
    """Return the raw states as one int64 row each (``level`` None as -1, ``backward`` 0/1)."""
    rows = [(*r[:9], -1 if r[9] is None else r[9], *r[10:]) for r in states]
    return np.array(rows, np.int64).reshape(len(states), 14)


def _states_list(table: np.ndarray) -> list[Raw]:
    """Return the raw states of `_states_array`'s table."""
    return [
        (a, b, c, d, e, f, g, h, bool(i), None if j < 0 else j, k, m, n, o)
        for a, b, c, d, e, f, g, h, i, j, k, m, n, o in table.tolist()
    ]


def _store(path: Path, machine: Machine) -> None:
    """Write `machine` to `path` atomically (a temporary file renamed); failure is silent."""
    arrays = {name: getattr(machine, name) for name in _ARRAYS}
    arrays["states"] = _states_array(machine.states)
    arrays["bit_of"], arrays["part_words"], arrays["cover"] = machine.cover[:3]
    scalars = (machine.n_parts, machine.guards, machine.cover.words, machine.mirror is not None)
    arrays["scalars"] = np.array(scalars, np.int64)
    if machine.mirror is not None:
        arrays["mirror"] = machine.mirror
    try:
        path.parent.mkdir(exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as out:
            np.savez(out, allow_pickle=False, **arrays)
        os.replace(out.name, path)
        _prune(path.parent)
    except OSError:
        pass


def _load(path: Path) -> Machine:
    """Read a machine written by `_store`."""
    with np.load(path, allow_pickle=False) as data:
        n_parts, guards, words, mirrored = (int(v) for v in data["scalars"])
        fields = {name: data[name] for name in _ARRAYS}
        cover = Cover(data["bit_of"], data["part_words"], data["cover"], words)
        mirror = data["mirror"] if mirrored else None
        states = _states_list(data["states"])
    return Machine(
        states=states, n_parts=n_parts, guards=guards, cover=cover, mirror=mirror, **fields
    )


def _touch(path: Path) -> None:
    """Mark `path` as just used (the least recently used machines are pruned first)."""
    with contextlib.suppress(OSError):
        os.utime(path)


def _prune(folder: Path) -> None:
    """Keep the `KEPT` most recently used machines of `folder`."""
    stored = sorted(folder.glob("machine.*.npz"), key=lambda p: p.stat().st_mtime_ns)
    for old in stored[: max(0, len(stored) - KEPT)]:
        old.unlink(missing_ok=True)
