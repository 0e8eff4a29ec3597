"""What a server process does so that the memory of a big request goes back to the system.

Issue 10, item 3: after any hostile request a worker's memory returns to within 10 % of where
it was (tests/api/test_memory.py). Three things kept it (measured with ``mallinfo2``,
``sys._debugmallocstats`` and ``/proc/self/smaps``; docs/benchmarks-api.md "Memory"):

- **glibc's dynamic mmap threshold.** glibc serves a block of 128 KiB or more with its own
  ``mmap`` and unmaps it when freed; but freeing such a block raises the threshold to its
  size (up to 32 MiB) and the trim threshold to twice that. After a 500 x 500 reach (an 18 MB
  block) every later large array went to the query thread's arena, and an arena's free top
  below the raised trim threshold is never returned, not even by ``malloc_trim``: a worker
  kept 20-40 MB. `tune_allocator` fixes the threshold at glibc's default, 128 KiB
  (``mallopt(M_MMAP_THRESHOLD)``; setting it turns the adjustment off), so a freed large
  array is unmapped at once and an arena's top is trimmed past 128 KiB. Skipped when the
  environment sets it already (``MALLOC_MMAP_THRESHOLD_``, or ``GLIBC_TUNABLES`` naming
  ``glibc.malloc.mmap_threshold``) and outside glibc.
- **Python's own allocator (pymalloc).** Small objects live in 1 MiB arenas, returned only
  when wholly empty: a Foundry import's or a big scene's million short-lived objects
  spread over new arenas, and the few objects that outlive the request (a compiled regular
  expression, a cache's entry) kept six of them: 6-11 MB. With ``PYTHONMALLOC=malloc`` the
  objects come from glibc, whose free pages `release_memory` returns one by one. It must be
  set before the interpreter starts: ``footfall serve`` sets it for the worker processes it
  starts (`worker_environment`); a single-worker server runs in the serve process itself,
  which keeps the allocator it was started with.
- **Free pages not yet returned.** `release_memory` (run by an idle worker,
  `footfall.api.serving.InFlight`) collects Python's garbage and calls ``malloc_trim(0)``.

What a worker keeps on purpose, the parsed scenes of `footfall.api.scene_cache` and the
tactical engine's per-scene caches, is bounded by their entry counts (`Limits.scene_cache`)
and by the bytes they keep: `footfall.bytecache` (64 MiB a process unless ``footfall serve
--cache-mb N`` or ``FOOTFALL_CACHE_MB`` says otherwise).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import gc
import os
from collections.abc import Mapping, MutableMapping

__all__ = ["MMAP_THRESHOLD", "release_memory", "tune_allocator", "worker_environment"]

#: The size (bytes) from which glibc serves a block by ``mmap``: its default, kept fixed.
MMAP_THRESHOLD = 128 * 1024
#: ``mallopt``'s parameter number of the mmap threshold (glibc's ``M_MMAP_THRESHOLD``).
_M_MMAP_THRESHOLD = -3


@functools.cache
def _glibc() -> ctypes.CDLL | None:
    """Return the C library when it is glibc (it has ``malloc_trim``), else None (looked up
    once: ``find_library`` may run ``ldconfig``)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        libc = ctypes.CDLL(name)
        libc.malloc_trim  # noqa: B018 (glibc only)
        libc.mallopt  # noqa: B018
    except (OSError, AttributeError):
        return None
    return libc


def _threshold_set(environ: Mapping[str, str]) -> bool:
    """Whether `environ` sets glibc's mmap threshold itself.

    >>> _threshold_set({"GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=65536"}), _threshold_set({})
    (True, False)
    """
    return "MALLOC_MMAP_THRESHOLD_" in environ or "mmap_threshold" in environ.get(
        "GLIBC_TUNABLES", ""
    )


def tune_allocator(environ: Mapping[str, str] = os.environ) -> bool:
    """Fix glibc's mmap threshold at `MMAP_THRESHOLD` in this process; whether it was set.

    Nothing is done outside glibc or when `environ` sets the threshold (its value wins).
    """
    if _threshold_set(environ):
        return False
    libc = _glibc()
    if libc is None:
        return False
    return bool(libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))


def worker_environment(environ: MutableMapping[str, str] = os.environ) -> None:
    """Make the worker processes started from `environ` use the C allocator for Python's
    objects (``PYTHONMALLOC=malloc``), unless `environ` names an allocator already.

    >>> env = {}; worker_environment(env); env
    {'PYTHONMALLOC': 'malloc'}
    >>> env = {"PYTHONMALLOC": "pymalloc"}; worker_environment(env); env
    {'PYTHONMALLOC': 'pymalloc'}
    """
    environ.setdefault("PYTHONMALLOC", "malloc")


def release_memory() -> None:
    """Collect Python's garbage and hand the C allocator's free pages back to the system.

    glibc keeps the freed memory of a picture or a large scene in its arenas (a decoded
    6000 x 6000 picture left a worker 116 MB larger, tests/api/test_memory.py);
    ``malloc_trim(0)`` returns their free pages. Elsewhere than glibc, only the collection.
    """
    gc.collect()
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)
