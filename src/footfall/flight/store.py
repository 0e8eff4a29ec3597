"""The rule machine kept on disk: a flight command builds it once, not every process.

Building an 80-ft average flyer's rule machine (`footfall.flight.machine.build_machine`) costs
0.3-0.4 s of CPU in Python, 0.7-0.8 s for a double move: as much as its compiled search. A
server keeps it in memory (`footfall.flight.machine.rule_machine` is cached); a command that
runs once per process keeps it in ``__pycache__`` beside this module, as Python keeps compiled
modules and numba its kernels: a file of plain arrays (no pickle; `_store`) named by a digest of
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
import json
import math
import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, overload

import numpy as np
import numpy.typing as npt

from footfall.flight.machine import Cover, Machine
from footfall.flight.model import Raw

__all__ = ["KEPT", "machine_path", "stored_machine"]

#: Most machines kept in ``__pycache__`` (an average 80-ft double move's is about 2 MB).
KEPT = 48

#: Bumped when the stored shape changes (part of the digest).
_FORMAT = 2

#: The first bytes of a stored machine (then the header's length, the header, the arrays).
_MAGIC = b"FFMACHN\n"

#: Each array of a stored machine starts at a multiple of this many bytes.
_ALIGN = 64

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
    return _HERE / "__pycache__" / f"machine.{digest}.bin"


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
        except (OSError, ValueError, KeyError, TypeError, IndexError):
            pass
        else:
            _touch(path)
            return machine
    machine = build()
    if path is not None and not sys.dont_write_bytecode:
        _store(path, machine)
    return machine


def _states_array(states: Sequence[Raw]) -> npt.NDArray[np.int64]:
    """Return the raw states as one int64 row each (``level`` None as -1, ``backward`` 0/1)."""
    if isinstance(states, _StoredStates):
        return states.table
    rows = [(*r[:9], -1 if r[9] is None else r[9], *r[10:]) for r in states]
    return np.array(rows, np.int64).reshape(len(states), 14)


class _StoredStates(Sequence[Raw]):
    """A stored machine's raw states: the table read, each row made a `Raw` when asked for
    (the compiled search reads none; the tests compare them all)."""

    __slots__ = ("_rows", "table")

    def __init__(self, table: npt.NDArray[np.int64]) -> None:
        self.table = table
        self._rows: list[Raw] | None = None

    def _list(self) -> list[Raw]:
        if self._rows is None:
            self._rows = [
                (a, b, c, d, e, f, g, h, bool(i), None if j < 0 else j, k, m, n, o)
                for a, b, c, d, e, f, g, h, i, j, k, m, n, o in self.table.tolist()
            ]
        return self._rows

    @overload
    def __getitem__(self, index: int) -> Raw: ...
    @overload
    def __getitem__(self, index: slice) -> list[Raw]: ...
    def __getitem__(self, index: int | slice) -> Raw | list[Raw]:
        return self._list()[index]

    def __len__(self) -> int:
        return len(self.table)

    def __iter__(self) -> Iterator[Raw]:
        return iter(self._list())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _StoredStates):
            other = other._list()
        return isinstance(other, list) and self._list() == other

    __hash__ = None  # type: ignore[assignment]


def _store(path: Path, machine: Machine) -> None:
    """Write `machine` to `path` atomically (a temporary file renamed); failure is silent.

    The file: `_MAGIC`, the header's length (4 bytes, little-endian), the header (JSON: the
    scalars, and each array's name, dtype, shape and offset), then the arrays' bytes, each at
    a multiple of `_ALIGN`: `_load` reads it in one call, each array a view of the bytes.
    """
    arrays = {name: getattr(machine, name) for name in _ARRAYS}
    arrays["states"] = _states_array(machine.states)
    arrays["bit_of"], arrays["part_words"], arrays["cover"] = machine.cover[:3]
    if machine.mirror is not None:
        arrays["mirror"] = machine.mirror
    scalars = [machine.n_parts, machine.guards, machine.cover.words]
    offset, listed, data = 0, [], []
    for name, array in arrays.items():
        block = np.ascontiguousarray(array).tobytes()
        listed.append([name, array.dtype.str, list(array.shape), offset])
        data.append(block + bytes(-len(block) % _ALIGN))
        offset += len(data[-1])
    header = json.dumps({"scalars": scalars, "arrays": listed}).encode()
    start = len(_MAGIC) + 4 + len(header)
    header += b" " * (-start % _ALIGN)
    try:
        path.parent.mkdir(exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as out:
            out.write(_MAGIC + len(header).to_bytes(4, "little") + header)
            out.writelines(data)
        os.replace(out.name, path)
        _prune(path.parent)
    except OSError:
        pass


def _load(path: Path) -> Machine:
    """Read a machine written by `_store` (`ValueError`, `KeyError` ... if it is not one)."""
    with path.open("rb") as file:
        data = bytearray(os.fstat(file.fileno()).st_size)  # writable: the kernel's arrays are
        if file.readinto(data) != len(data) or not data.startswith(_MAGIC):
            raise ValueError(f"not a stored rule machine: {path}")
    at = len(_MAGIC)
    size = int.from_bytes(data[at : at + 4], "little")
    header = json.loads(data[at + 4 : at + 4 + size])
    base = at + 4 + size
    arrays: dict[str, Any] = {}  # each its field's dtype, as the header says
    for name, dtype, shape, offset in header["arrays"]:
        count = math.prod(shape)
        if count:
            flat = np.frombuffer(data, np.dtype(dtype), count, base + offset)
            arrays[name] = flat.reshape(shape)
        else:
            arrays[name] = np.empty(shape, np.dtype(dtype))
    n_parts, guards, words = (int(v) for v in header["scalars"])
    fields = {name: arrays[name] for name in _ARRAYS}
    cover = Cover(arrays["bit_of"], arrays["part_words"], arrays["cover"], words)
    states = _StoredStates(arrays["states"])
    return Machine(
        states=states,
        n_parts=n_parts,
        guards=guards,
        cover=cover,
        mirror=arrays.get("mirror"),
        **fields,
    )


def _touch(path: Path) -> None:
    """Mark `path` as just used (the least recently used machines are pruned first)."""
    with contextlib.suppress(OSError):
        os.utime(path)


def _prune(folder: Path) -> None:
    """Keep the `KEPT` most recently used machines of `folder`."""
    stored = sorted(folder.glob("machine.*.bin"), key=lambda p: p.stat().st_mtime_ns)
    for old in folder.glob("machine.*.npz"):  # the former format's (numpy's .npz)
        old.unlink(missing_ok=True)
    for old in stored[: max(0, len(stored) - KEPT)]:
        old.unlink(missing_ok=True)
