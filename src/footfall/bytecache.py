"""Caches bounded by the bytes they keep, least recently used dropped first (issue 10).

A server parses a scene once and the tactical engine prepares its masks once, so that a page
asking many questions of one scene is answered fast; but a cache bounded by its entry count
alone let a client that sent 32 distinct 500 x 500 scenes make a worker hold them all. Every
per-scene cache of footfall is a `ByteCache`: each entry is charged the bytes it keeps alive
(numpy arrays by their ``nbytes``, a parsed scene by `scene_nbytes`), and entries are dropped,
least recently used first, until the cache's total is within its budget; an entry larger than
the budget alone is answered but not kept.

The budget of the whole process, `cache_mb` MiB (`DEFAULT_MB` unless the ``FOOTFALL_CACHE_MB``
environment variable or `set_cache_mb` says otherwise; ``footfall serve --cache-mb N`` sets it
for its workers), is shared among the caches by `SHARES`. Measurements behind the numbers are in
docs/deploy.md ("Memory").

>>> cache = ByteCache("masks", budget=100)
>>> cache.put("a", "A", 60), cache.put("b", "B", 30), cache.put("c", "C", 200)
(True, True, False)
>>> cache.get("a"), cache.put("d", "D", 30), list(cache.keys()), cache.nbytes
('A', True, ['a', 'd'], 90)
"""

from __future__ import annotations

import math
import os
import sys
import threading
import weakref
from collections import OrderedDict
from collections.abc import Hashable, Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from footfall.errors import InputError, Param

if TYPE_CHECKING:
    import numpy.typing as npt

    from footfall.scene import Scene

__all__ = [
    "DEFAULT_MB",
    "ENV",
    "SHARES",
    "ByteCache",
    "array_nbytes",
    "cache_mb",
    "caches",
    "scene_nbytes",
    "set_cache_mb",
]

#: The environment variable giving the process's cache budget in MiB (``footfall serve``
#: sets it for the workers it starts).
ENV = "FOOTFALL_CACHE_MB"
#: The process's cache budget in MiB when nothing sets it: a 500 x 500 scene with 5,000 walls
#: and 8 tokens asked about keeps 10.5 MB in all (its JSON and parse 3.1, masks 2.8, index 0.5,
#: plans 4.1), the load benchmark's 100 x 100 scene 1.3 MB; docs/deploy.md "Memory".
DEFAULT_MB = 64
#: The largest budget `set_cache_mb` takes (1 TiB): a bound, not a recommendation.
MAX_MB = 1 << 20
#: Each cache's share of the process budget: ``scenes`` the server's parsed scenes with their
#: JSON keys (`footfall.api.scene_cache`), ``masks`` a scene's full-map masks and ``sizes``
#: its creatures' spaces (`footfall.tactical.masks`), ``plans`` the tactical plans
#: (`footfall.tactical.plans`, charged the scenes they keep alive), ``index`` the terrain
#: index maps (`footfall.scene.layers`), ``seen`` the creatures' spaces as each side sees
#: them (`footfall.tactical.family`).
SHARES: Mapping[str, float] = MappingProxyType(
    {"scenes": 0.45, "masks": 0.3, "plans": 0.15, "index": 0.05, "sizes": 0.025, "seen": 0.025}
)
#: What an entry costs besides its value: the key, the entry's record, the dict's slot and a
#: weak reference (measured with tracemalloc: 200-260 bytes).
ENTRY_BYTES = 256

#: What a parsed scene keeps per wall, per creature and per legend entry besides its strings,
#: measured with tracemalloc on scenes parsed from fresh JSON (tests/test_bytecache.py checks
#: the estimate against the measure): 376-430 bytes a wall (its points, door and record), 216
#: a creature with a 5-character id (its id counted apart; 240 with a 15-character id),
#: 56 its flight, 48 its conditions (a tuple of shared words), 350 a legend entry.
WALL_BYTES = 480
CREATURE_BYTES = 280
FLY_BYTES = 96
LEGEND_BYTES = 400
#: A scene's record, its legend mapping and its tuples' headers.
SCENE_BYTES = 2048

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_total: int | None = None  # bytes; None: not read from `ENV` yet
_total_lock = threading.Lock()
_caches: weakref.WeakSet[ByteCache[Any, Any]] = weakref.WeakSet()


def _checked_mb(value: object, name: str | Param) -> float:
    """Return `value` as a budget in MiB, or raise `InputError` naming it.

    >>> _checked_mb("96", "x"), _checked_mb(0, "x")
    (96.0, 0.0)
    """
    try:
        mb = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        mb = math.nan
    if not 0 <= mb <= MAX_MB:
        raise InputError("error.api.cache-mb", name=name, value=value, most=MAX_MB)
    return mb


def _read_total() -> int:
    """Return the process budget in bytes, read from `ENV` the first time."""
    global _total
    with _total_lock:
        if _total is None:
            text = os.environ.get(ENV)
            mb = DEFAULT_MB if text is None or not text.strip() else _checked_mb(text, ENV)
            _total = int(mb * (1 << 20))
        return _total


def cache_mb() -> float:
    """Return the process's cache budget in MiB (`DEFAULT_MB`, `ENV` or `set_cache_mb`)."""
    return _read_total() / (1 << 20)


def set_cache_mb(mb: float) -> None:
    """Set the process's cache budget to `mb` MiB (0 keeps nothing) and shrink every cache
    to its new share at once. A budget below 0 or over `MAX_MB` raises `InputError`.

    >>> before = cache_mb(); set_cache_mb(8); cache_mb(), ByteCache("masks").budget
    (8.0, 2516582)
    >>> set_cache_mb(before)
    """
    global _total
    total = int(_checked_mb(mb, Param("cache_mb")) * (1 << 20))
    with _total_lock:
        _total = total
    for cache in list(_caches):
        cache.shrink()


def caches() -> list[ByteCache[Any, Any]]:
    """Return every live cache of this process (tests and the memory report read them)."""
    return list(_caches)


def array_nbytes(*arrays: npt.NDArray[Any] | None) -> int:
    """Return the bytes of `arrays`' data (None counts 0).

    >>> import numpy as np
    >>> array_nbytes(np.zeros((500, 500), dtype=np.int16), None)
    500000
    """
    return sum(0 if a is None else int(a.nbytes) for a in arrays)


def json_nbytes(value: object, depth: int = 0) -> int:
    """Return the bytes of a JSON-like value and what it holds (an ``x-...`` key's value).

    >>> json_nbytes({"x-note": "hi"}) > json_nbytes({})
    True
    """
    size = sys.getsizeof(value)
    if isinstance(value, MappingProxyType):  # a read-only view: its dict is apart
        size += sys.getsizeof(dict(value))
    if depth > 100:  # deeper than any request may nest (Limits.json_depth)
        return size
    if isinstance(value, Mapping):
        return size + sum(
            json_nbytes(k, depth + 1) + json_nbytes(v, depth + 1) for k, v in value.items()
        )
    if isinstance(value, list | tuple):
        return size + sum(json_nbytes(v, depth + 1) for v in value)
    return size


def _extra(record: Any) -> int:
    extra = record.extra
    return json_nbytes(extra) if extra else 0


def _creature(creature: Any) -> int:
    size = CREATURE_BYTES + sys.getsizeof(creature.id)
    if creature.fly is not None:
        size += FLY_BYTES
    if creature.conditions:
        size += sys.getsizeof(creature.conditions)
    return size


def scene_nbytes(scene: Scene) -> int:
    """Return an estimate, never below the measure, of the bytes a parsed scene keeps.

    Its map rows, background and ids are measured (``sys.getsizeof``); its walls, creatures
    and legend entries are counted at `WALL_BYTES`, `CREATURE_BYTES` and `LEGEND_BYTES`; their
    ``x-...`` keys are measured when there are any. A 500 x 500 map keeps 275 KB, 5,000 walls
    2 MB more; a 100 x 100 scene with six creatures 17 KB.
    """
    size = SCENE_BYTES + sys.getsizeof(scene.rows) + sum(map(sys.getsizeof, scene.rows))
    size += len(scene.walls) * WALL_BYTES + len(scene.legend) * LEGEND_BYTES
    size += sum(map(_creature, scene.creatures))
    if scene.background is not None:
        size += sys.getsizeof(scene.background)
    size += _extra(scene) + sum(map(_extra, scene.legend.values()))
    size += sum(map(_extra, scene.creatures)) + sum(map(_extra, scene.walls))
    return size


class _Mourner:
    """A weak reference's callback: notes the key of an entry whose owner was collected (only
    a list append: it may run in any thread, at any moment, inside the cache's own calls)."""

    __slots__ = ("dead", "key")

    def __init__(self, dead: list[Any], key: Hashable) -> None:
        self.dead = dead
        self.key = key

    def __call__(self, _ref: weakref.ref[Any]) -> None:
        self.dead.append(self.key)


class _Entry:
    """A kept value with its charge, the weak reference to its owner, the object it holds."""

    __slots__ = ("held", "nbytes", "owner", "value")

    def __init__(
        self, value: Any, nbytes: int, owner: weakref.ref[Any] | None, held: int | None
    ) -> None:
        self.value = value
        self.nbytes = nbytes
        self.owner = owner
        self.held = held


class ByteCache(Generic[K, V]):
    """Values by key, least recently used dropped first past `budget` bytes or `count` entries.

    `name` is the cache's key in `SHARES`: without a fixed `budget` (bytes) its budget is its
    share of the process's (`set_cache_mb`). Every method takes the cache's lock (queries run
    in threads).

    A value may belong to an `owner` (a scene whose identity is in the key): it is kept by a
    weak reference, answered only to a `get` naming the same object, and dropped when the
    owner is collected. A value that keeps an object alive (`holds`, a plan keeps its scene)
    is charged that object's `held_nbytes` once however many entries hold it.
    """

    __slots__ = (
        "__weakref__", "_budget", "_dead", "_entries", "_held", "_lock", "count", "hits",
        "misses", "name", "nbytes",
    )  # fmt: skip

    def __init__(self, name: str, count: int | None = None, budget: int | None = None) -> None:
        if name not in SHARES:
            raise ValueError(f"no share for cache {name!r}: {sorted(SHARES)}")
        self.name = name
        self.count = count
        self._budget = budget
        self._entries: OrderedDict[K, _Entry] = OrderedDict()
        self._held: dict[int, list[Any]] = {}  # id -> [object, entries holding it, bytes]
        self._dead: list[K] = []  # keys whose owner was collected, dropped at the next call
        self._lock = threading.Lock()
        self.nbytes = 0
        """Bytes charged now: the entries' and, once each, the objects they hold."""
        self.hits = 0
        self.misses = 0
        _caches.add(self)

    @property
    def budget(self) -> int:
        """The most bytes this cache keeps: its fixed budget, else its share of the process's."""
        if self._budget is not None:
            return self._budget
        return int(SHARES[self.name] * _read_total())

    def __len__(self) -> int:
        return len(self._entries)

    def keys(self) -> Iterator[K]:
        """Return the keys kept, least recently used first."""
        with self._lock:
            return iter(list(self._entries))

    def get(self, key: K, owner: object = None) -> V | None:
        """Return the value kept under `key` (of `owner`, when it was put with one), else None."""
        with self._lock:
            self._drop_dead()
            entry = self._entries.get(key)
            if entry is None or (entry.owner is not None and entry.owner() is not owner):
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            value: V = entry.value
            return value

    def put(
        self, key: K, value: V, nbytes: int, owner: object = None, holds: object = None,
        held_nbytes: int = 0,
    ) -> bool:  # fmt: skip
        """Keep `value` under `key`, charged `nbytes` (plus `held_nbytes` for `holds`, once);
        drop the least recently used entries past the budget. Whether it was kept: a value
        larger than the budget alone is not (the caller answers it all the same)."""
        budget = self.budget
        with self._lock:
            self._drop_dead()
            self._pop(key)  # a value under the same key is replaced, kept or not
            fresh = holds is not None and id(holds) not in self._held
            if nbytes + (held_nbytes if fresh else 0) > budget or self.count == 0:
                return False
            ref = None
            if owner is not None:
                ref = weakref.ref(owner, _Mourner(self._dead, key))
            held = None
            if holds is not None:
                held = id(holds)
                row = self._held.get(held)
                if row is None:
                    self._held[held] = row = [holds, 0, held_nbytes]
                    self.nbytes += held_nbytes
                row[1] += 1
            self._entries[key] = _Entry(value, nbytes, ref, held)
            self.nbytes += nbytes
            self._fit(budget)
            return key in self._entries

    def shrink(self) -> None:
        """Drop the least recently used entries until the cache is within its budget."""
        budget = self.budget
        with self._lock:
            self._drop_dead()
            self._fit(budget)

    def clear(self) -> None:
        """Drop every entry (tests start from an empty cache)."""
        with self._lock:
            while self._entries:
                self._pop(next(iter(self._entries)))
            self._dead.clear()

    def _fit(self, budget: int) -> None:
        count = len(self._entries) if self.count is None else self.count
        while self._entries and (self.nbytes > budget or len(self._entries) > count):
            self._pop(next(iter(self._entries)))

    def _drop_dead(self) -> None:
        while self._dead:
            key = self._dead.pop()
            entry = self._entries.get(key)
            if entry is not None and entry.owner is not None and entry.owner() is None:
                self._pop(key)

    def _pop(self, key: K) -> None:
        entry = self._entries.pop(key, None)
        if entry is None:
            return
        self.nbytes -= entry.nbytes
        if entry.held is not None:
            row = self._held[entry.held]
            row[1] -= 1
            if row[1] == 0:
                del self._held[entry.held]
                self.nbytes -= row[2]
