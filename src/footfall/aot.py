"""The numba kernels compiled ahead of time: CPython extension modules a search loads without numba.

The search kernels (`footfall.tactical._kernel.dial`, `footfall.flight._kernel.settle_kernel`,
and `footfall.tactical._placements_kernel.layered_dijkstra` for a large squeezed mover whose
positions have two placements) are numba functions. Run by numba's JIT, a process pays
``import numba`` and the loading of the cached machine code, 0.6-0.9 s CPU and about 90 MB,
before its first compiled search. So `build` compiles the same Python source once more with
`numba.pycc` into one extension module per search, its kernels exported with exactly the
signatures the queries use (`KERNELS`, the one place they are declared), and `kernel` loads
such a module by its path: about a millisecond, numpy only, numba never imported.

Where: the first writable of ``footfall/__pycache__``, ``$XDG_CACHE_HOME/footfall`` and
``~/.cache/footfall`` (`folders`); `kernel` looks in all three, in that order. A module's file
is named by a hash (`fingerprint`) of its kernels' source files, their declared signatures and
the numba, numpy and Python versions and platform, so a changed kernel or an upgraded numba
finds no module and the search runs on numba's JIT as before; a module that fails to load is
one line on stderr and the JIT again, never a traceback. ``FOOTFALL_AOT=0`` in the
environment makes every search use the JIT (tests and benchmarks compare the two).

`footfall warm-up` (`footfall.cli.warmup`) calls `build`; ``footfall serve`` runs it in a
subprocess at start when a module is missing. Decisions: docs/decisions.md ("Kernels compiled
ahead of time").

An exported function unboxes its arguments without checking them against its signature
(numba.pycc checks an array's item size only: an int16 array passed as uint16 would be read,
a strided view read as if contiguous), so `kernel` wraps it in `_Checked`, which compares
each argument with the declared signature and otherwise runs the JIT dispatcher instead.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.machinery
import importlib.util
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

__all__ = [
    "KERNELS",
    "Array",
    "Built",
    "Export",
    "build",
    "disabled",
    "fingerprint",
    "folders",
    "forget",
    "jit",
    "kernel",
    "load",
    "module_path",
    "status",
]

#: Bumped when the way modules are built changes (so older builds are stale).
_FORMAT = 1

#: The CPU the modules are compiled for: numba's JIT compiles for the host, and so do we
#: (the host's identity is part of the fingerprint: a module built on another CPU is stale).
_TARGET_CPU = "host"

_PACKAGE = Path(__file__).resolve().parent


@dataclass(frozen=True, slots=True)
class Array:
    """A C-contiguous numpy array argument: its dtype's name, dimensions, whether read-only.

    A read-only one is what the caller passes (`footfall.tactical.search._frozen`): numba
    types it apart from a writable one, and the JIT compiles the same signature.
    """

    dtype: str
    ndim: int = 1
    readonly: bool = False


#: A scalar argument: ``int`` (numba's int64) or ``bool``.
Scalar = type[int] | type[bool]

Arg = Array | Scalar


@dataclass(frozen=True, slots=True)
class Export:
    """One exported kernel: the numba function `function` of `module`, and its arguments."""

    module: str
    function: str
    args: tuple[Arg, ...]

    def source(self) -> Path:
        """Return the kernel module's source file (inside this package)."""
        return _PACKAGE.joinpath(*self.module.split(".")[1:]).with_suffix(".py")


def _ro(dtype: str, ndim: int = 1) -> Array:
    return Array(dtype, ndim, readonly=True)


def _rw(dtype: str, ndim: int = 1) -> Array:
    return Array(dtype, ndim)


#: The extension modules and the kernels each exports, with the signatures the queries call
#: them with: the one place they are declared (tests/test_aot.py checks them against the
#: signatures the JIT compiles for `warm_up` and a search). A kernel's helpers (the njit
#: functions it calls) are compiled into its module. A kernel module must be self-contained:
#: a module's fingerprint hashes its kernels' own source files and `_SHARED` only. One module
#: per search (the tactical one with its JSON writer), so that a kernel which fails to build
#: (a changed signature not declared here yet) leaves the other's module working.
KERNELS: dict[str, tuple[Export, ...]] = {
    "tactical": (
        Export(
            "footfall.tactical._kernel",
            "dial",
            (
                _ro("int16"), _ro("uint8"), _ro("int32"), _ro("int8"),  # square_class .. next
                int, int,  # n_classes, n_buckets
                _ro("int64"), _ro("int64"),  # source_index, source_cost
                int, int, int, int,  # budget, target_square, n_states, width
                _rw("int32"),  # book (the search's work array)
            ),
        ),
        Export("footfall.tactical._encode", "rows", (_ro("int64"),) * 4),  # xs, ys, costs, bands
        Export(
            "footfall.tactical._placements_kernel",
            "layered_dijkstra",
            (
                _ro("int16", 2), _ro("uint8", 3), _ro("int32"), _ro("int8"),  # classes .. next
                int, int, int,  # n_classes, n_states, width
                _ro("int64"), _ro("int64"),  # source_node, source_cost
                int, int,  # budget, goal
            ),
        ),
    ),
    "flight": (
        Export(
            "footfall.flight._kernel",
            "settle_kernel",
            (
                _rw("int32"), _rw("int64", 2), _rw("int64"), int,  # part_of, resources, keys, high
                _rw("bool"), _rw("int8"),  # keeps, facing_of
                _rw("int32"), _rw("int32"), _rw("int32"),  # move_start, move_to, move_cost
                _rw("int8"), _rw("int8"), _rw("int8"), _rw("int8"),  # move_dx .. move_dir
                int,  # n_parts
                _rw("int32"), _rw("int32"), _rw("uint64"), int,  # bit_of, part_words, cover, words
                _rw("int32"), _rw("int32"), _rw("int32"), int,  # mirror_rid .. axis
                int, int, int, int, int, int, int, int,  # side, n_alts .. start_cost, limit
                bool,  # free
                _rw("bool", 3), _rw("bool", 3), _rw("bool", 3), _rw("bool", 2),  # across .. land
                int, int,  # max_work, capacity
                _rw("int32", 2),  # end_cost
            ),
        ),
    ),
}  # fmt: skip

#: The module that exports each kernel.
_HOME = {export.function: name for name, exports in KERNELS.items() for export in exports}


def _numba_version() -> bytes:
    """Return what identifies the installed numba, without importing it (b"" when absent).

    Its versioneer file names the version and the revision; reading it costs a file read,
    where `importlib.metadata` costs 30-100 ms.
    """
    spec = importlib.util.find_spec("numba")
    if spec is None or not spec.submodule_search_locations:
        return b""
    stamp = Path(next(iter(spec.submodule_search_locations)), "_version.py")
    try:
        return stamp.read_bytes()
    except OSError:
        from importlib.metadata import version

        return version("numba").encode()


def _host_cpu() -> bytes:
    """Return what identifies this CPU's instruction set: Linux's /proc/cpuinfo model and flags
    lines of the first processor (the later ones repeat them; "cpu MHz" changes, so it is not
    read), elsewhere the platform's processor name."""
    try:
        with open("/proc/cpuinfo", "rb") as info:
            first = info.read(1 << 16).split(b"\n\n", 1)[0]
    except OSError:
        import platform

        return platform.processor().encode() + platform.machine().encode()
    keys = (b"model name", b"flags", b"Features", b"CPU part", b"isa", b"cpu model")
    return b"\n".join(line for line in first.splitlines() if line.startswith(keys))


#: The source files every kernel module compiles in besides its own: LLVM code inlined where
#: it is called (`footfall._prefetch`, the prefetch hint of both searches).
_SHARED = (_PACKAGE / "_prefetch.py",)


def fingerprint(name: str) -> str:
    """Return the hash naming module `name`'s file: its kernels' sources and signatures, the
    numba, numpy and Python versions and the platform (16 hex digits)."""
    exports = KERNELS[name]
    digest = hashlib.sha256()
    sources = sorted({export.source() for export in exports} | set(_SHARED))
    for part in (
        str(_FORMAT).encode(),
        *(source.read_bytes() for source in sources),
        repr([(e.module, e.function, e.args) for e in exports]).encode(),
        _numba_version(),
        np.__version__.encode(),
        sys.version.encode(),
        importlib.machinery.EXTENSION_SUFFIXES[0].encode(),
        _TARGET_CPU.encode(),
        _host_cpu() if _TARGET_CPU == "host" else b"",
    ):
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.hexdigest()[:16]


def _module_name(name: str) -> str:
    """Return module `name`'s extension name (its ``PyInit_`` symbol): one per fingerprint."""
    return f"footfall_aot_{name}_{fingerprint(name)}"


def folders() -> list[Path]:
    """Return the folders a module may be kept in, in the order `kernel` looks: the package's
    ``__pycache__``, ``$XDG_CACHE_HOME/footfall``, ``~/.cache/footfall``."""
    found = [_PACKAGE / "__pycache__"]
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):
        found.append(Path(xdg, "footfall"))
    found.append(Path.home() / ".cache" / "footfall")
    return found


def module_path(name: str) -> Path | None:
    """Return the path of module `name`'s up-to-date file, None when none is built."""
    file = _module_name(name) + importlib.machinery.EXTENSION_SUFFIXES[0]
    for folder in folders():
        path = folder / file
        if path.is_file():
            return path
    return None


# ---------------------------------------------------------------------------- loading


class _Checked:
    """An exported kernel that checks its arguments against the declared signature first
    (dtype, dimensions, C order, writable where declared so) and runs the JIT on a mismatch."""

    __slots__ = ("__wrapped__", "_arrays", "_export", "_exported", "_n")

    def __init__(self, exported: Callable[..., Any], export: Export) -> None:
        self._exported = exported
        self._export = export
        self._n = len(export.args)
        self._arrays = tuple(
            (i, np.dtype(a.dtype), a.ndim, not a.readonly)
            for i, a in enumerate(export.args)
            if isinstance(a, Array)
        )
        self.__wrapped__ = exported

    def __call__(self, *args: Any) -> Any:
        if len(args) == self._n:
            for i, dtype, ndim, written in self._arrays:
                a = args[i]
                if (
                    type(a) is not np.ndarray
                    or a.dtype != dtype
                    or a.ndim != ndim
                    or not a.flags.c_contiguous
                    or (written and not a.flags.writeable)
                ):
                    break
            else:
                return self._exported(*args)
        return jit(self._export.function)(*args)


def jit(function: str) -> Callable[..., Any]:
    """Return kernel `function`'s numba dispatcher (imports numba)."""
    export = next(e for e in KERNELS[_HOME[function]] if e.function == function)
    module = importlib.import_module(export.module)
    return getattr(module, function)  # type: ignore[no-any-return]


_modules: dict[str, Any] = {}
_told: set[str] = set()


def disabled() -> bool:
    """Whether ``FOOTFALL_AOT`` (0, no, false or off) makes every search use numba's JIT."""
    return os.environ.get("FOOTFALL_AOT", "1").strip().lower() in {"0", "no", "false", "off"}


def _import(name: str, path: Path) -> Any:
    """Import the extension module at `path` (one of `folders`, never a path from a request)."""
    module_name = _module_name(name)
    loader = importlib.machinery.ExtensionFileLoader(module_name, str(path))
    spec = importlib.util.spec_from_file_location(module_name, str(path), loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def _module(name: str) -> Any:
    """Return extension module `name` (loaded once per process), None when not built, stale,
    disabled or failing to load (then one line on stderr, once per process)."""
    if disabled():
        return None
    if name not in _modules:
        module = None
        try:
            path = module_path(name)
            if path is not None:
                module = _import(name, path)
            else:
                _hint(name)
        except Exception as error:  # any failure means: use the JIT
            _tell(name, f"{type(error).__name__}: {error}")
        _modules[name] = module
    return _modules[name]


def kernel(function: str) -> Callable[..., Any] | None:
    """Return kernel `function` ("dial", "rows", "layered_dijkstra", "settle_kernel") compiled
    ahead of time, or None: not built, stale, disabled (``FOOTFALL_AOT=0``) or failing to load
    (one line on stderr). The caller then uses numba's JIT (`jit`). A module is loaded once
    per process."""
    name = _HOME[function]
    module = _module(name)
    if module is None:
        return None
    exported = getattr(module, function, None)
    if exported is None:
        _tell(name, f"its compiled module has no {function}")
        return None
    export = next(e for e in KERNELS[name] if e.function == function)
    return _Checked(exported, export)


def load(function: str) -> Callable[..., Any]:
    """Return kernel `function` compiled ahead of time, else numba's dispatcher (`jit`)."""
    return kernel(function) or jit(function)


def _tell(name: str, what: str) -> None:
    """Write one line on stderr about module `name` that did not load (`what`: the error),
    once per process, in `footfall.notices.lang`."""
    if name not in _told:
        _told.add(name)
        _say("warmup.not-loaded", name, reason=" ".join(what.split()))


def _hint(name: str) -> None:
    """Say once per process that module `name` is not built, so numba's JIT runs the search,
    when `footfall.notices.jit_hint` asks for it (the command line does)."""
    from footfall import notices

    if notices.jit_hint and name not in _told:
        _told.add(name)
        _say("warmup.not-built", name)


def _say(key: str, name: str, **fields: str) -> None:
    """Write catalog line `key` about module `name` on stderr, in `footfall.notices.lang`."""
    from footfall import notices
    from footfall.i18n import t

    kernel = t(f"warmup.kernel.{name}", notices.lang)
    sys.stderr.write(t(key, notices.lang, kernel=kernel, **fields) + "\n")


def forget() -> None:
    """Forget the modules loaded or looked for (tests build, break and remove them)."""
    _modules.clear()
    _told.clear()


# ---------------------------------------------------------------------------- building


@dataclass(frozen=True, slots=True)
class Built:
    """What `build` did for module `name`: its `path` (None when it failed), whether it was
    compiled now (`fresh`, in `seconds`), or why it failed (`error`)."""

    name: str
    path: Path | None
    fresh: bool
    seconds: float
    error: str | None = None


def status() -> dict[str, Path | None]:
    """Return each module's up-to-date file, None when it is not built."""
    return {name: module_path(name) for name in KERNELS}


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK | os.X_OK)


def _target() -> Path:
    """Return the folder a build writes to: the first writable of `folders`."""
    for folder in folders():
        if _writable(folder):
            return folder
    raise OSError("no writable folder for the compiled kernels: " + ", ".join(map(str, folders())))


def _signature(export: Export) -> tuple[Any, ...]:
    """Return the numba argument types of `export` (its return type is inferred)."""
    from numba.core import types

    def one(arg: Arg) -> Any:
        if isinstance(arg, Array):
            dtype = types.boolean if arg.dtype == "bool" else getattr(types, arg.dtype)
            return types.Array(dtype, arg.ndim, "C", readonly=arg.readonly)
        return types.boolean if arg is bool else types.int64

    return tuple(one(arg) for arg in export.args)


#: Flags for the C helpers pycc compiles into every module (numba's runtime: allocation,
#: error handling; the kernels' own code is compiled by LLVM as the JIT does). -O1 halves
#: gcc's time against Python's own -O3 and none of it is in the kernels' loops.
_HELPER_CFLAGS = "-O1"


def _compile(name: str, folder: Path) -> Path:
    """Compile module `name` into `folder` (written under a temporary name, then renamed)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pycc: Any = importlib.import_module("numba.pycc")  # deprecated; docs/decisions.md

    module_name = _module_name(name)
    final = folder / (module_name + importlib.machinery.EXTENSION_SUFFIXES[0])
    functions = [
        getattr(importlib.import_module(export.module), export.function) for export in KERNELS[name]
    ]
    with tempfile.TemporaryDirectory(prefix=f".{module_name}-", dir=folder) as work:
        cc = pycc.CC(module_name, source_module=KERNELS[name][0].module)
        cc.output_dir = work
        cc.target_cpu = _TARGET_CPU
        cc.verbose = False
        for export, function in zip(KERNELS[name], functions, strict=True):
            cc.export(export.function, _signature(export))(function.py_func)
        with _quiet(), _cflags(_HELPER_CFLAGS):
            cc.compile()
        os.replace(Path(work, cc.output_file), final)
    for old in folder.glob(f"footfall_aot_{name}_*"):
        if old != final and old.is_file():
            old.unlink(missing_ok=True)
    return final


@contextlib.contextmanager
def _cflags(flags: str) -> Iterator[None]:
    """Append `flags` to ``CFLAGS`` (distutils puts them after Python's own) for a while."""
    saved = os.environ.get("CFLAGS")
    os.environ["CFLAGS"] = f"{saved} {flags}" if saved else flags
    try:
        yield
    finally:
        if saved is None:
            del os.environ["CFLAGS"]
        else:
            os.environ["CFLAGS"] = saved


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Keep the C compiler's and distutils' chatter off stdout (file descriptor 1)."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 1)
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


def build(names: Sequence[str] | None = None, *, force: bool = False) -> list[Built]:
    """Compile the modules `names` (default: all) that have no up-to-date file (`force`: all
    of them) into the first writable of `folders`; return what was done for each.

    A module that fails to compile (no C compiler, a numba without ``numba.pycc``, a kernel
    whose signature changed) is reported in its `Built.error`; its kernels keep running on
    numba's JIT. Building imports numba and takes 5-10 s CPU per module.
    """
    done: list[Built] = []
    for name in names or list(KERNELS):
        started = time.perf_counter()
        path = None if force else module_path(name)
        if path is not None:
            done.append(Built(name, path, False, 0.0))
            continue
        try:
            path = _compile(name, _target())
        except Exception as error:  # reported; the JIT stays
            reason = " ".join(f"{type(error).__name__}: {error}".split())
            done.append(Built(name, None, False, time.perf_counter() - started, reason))
            continue
        _modules.pop(name, None)
        _told.discard(name)
        done.append(Built(name, path, True, time.perf_counter() - started))
    return done
