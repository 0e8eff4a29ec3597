"""Start-up: the compiled methods of footfall's dataclasses, kept between processes.

`dataclasses.dataclass` writes each class's ``__init__``, ``__repr__``, ``__eq__``,
``__hash__`` and (frozen) ``__setattr__`` / ``__delattr__`` as source text and compiles it
with `exec` every time the class is defined: about 1 ms a class, most of it in the compiler.
A command defines 80 or more (``footfall odds``: 79, a third of its CPU time after the
interpreter's own start-up; docs/benchmarks.md, "startup").

`install` (called by ``import footfall``) wraps the standard library's ``_create_fn`` so that,
for a class of a ``footfall`` module, the compiled code of each method's text is looked up in
a store first: ``footfall/__pycache__/dataclasses.<tag>.marshal``, one `marshal` dump (the
format of ``.pyc`` files) per interpreter version, keyed by the full source text. The function
made from the stored code is the one `exec` makes from the text (same code object, same
globals), so a class is exactly what `dataclass` builds; a text not in the store is compiled
as before and added, and the store is written when the process ends (atomically; never when
``PYTHONDONTWRITEBYTECODE`` is set, as for bytecode). A store that cannot be read is ignored.

``import footfall`` itself imports no `dataclasses` (and through it `inspect`, ~10 ms that
``footfall --help``, ``import footfall.cli`` and the API's facade need not pay): when
`dataclasses` is not loaded yet, `install` puts a finder first on `sys.meta_path` that waits
for its import, lets the usual finder load it and wraps ``_create_fn`` right after the
module ran, before any class can be defined with it; the finder then leaves the path.

Only a ``_create_fn`` of the shape this module knows (Python 3.11's: the same local names and
return-annotation text) is wrapped; any other (3.12 names the annotation otherwise, 3.13 has
no ``_create_fn``) is left alone, and classes are then built as usual (slower, never
different).
"""

from __future__ import annotations

import marshal
import os
import sys
from types import CodeType, ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec

__all__ = ["install"]

#: The local names of the standard library's ``_create_fn`` that this module reimplements.
_KNOWN_SHAPE = (
    "name", "args", "body", "globals", "locals", "return_type", "return_annotation", "txt",
    "local_vars", "ns",
)  # fmt: skip

#: Bumped when a store's layout changes (part of its file name).
_FORMAT = 1

_stores: dict[str, dict[str, CodeType]] = {}
"""Each footfall module's store as read (module name -> text -> code), read on first use."""

_used: dict[str, dict[str, CodeType]] = {}
"""Each module's texts compiled or looked up in this process."""

_missed: set[str] = set()
"""The modules of which this process compiled a text its store did not hold."""

_paths: dict[str, str | None] = {}
"""Each module's store file (None: the module has no file)."""


def install() -> None:
    """Wrap ``dataclasses._create_fn`` with the stores, now if `dataclasses` is loaded, else as
    soon as it is (once; a no-op where it has another shape)."""
    dataclasses = sys.modules.get("dataclasses")
    if dataclasses is not None:
        _wrap(dataclasses)
    elif _AwaitDataclasses not in sys.meta_path:
        sys.meta_path.insert(0, _AwaitDataclasses)


class _AwaitDataclasses:
    """A finder (first on `sys.meta_path`) for `dataclasses` alone: it asks the finders after
    it for the module and wraps the loader so that ``_create_fn`` is wrapped once the module
    has run; then it leaves the path. Every other name it leaves to the others (None)."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        """The spec of `dataclasses`, its loader wrapped; None for any other module."""
        if name != "dataclasses":
            return None
        if _AwaitDataclasses in sys.meta_path:
            sys.meta_path.remove(_AwaitDataclasses)
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            spec: ModuleSpec | None = None if find is None else find(name, path, target)
            if spec is not None:
                break
        else:
            return None
        if spec.loader is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = _WrapAfter(spec.loader)  # type: ignore[assignment]
        return spec


class _WrapAfter:
    """The loader of `dataclasses`, which wraps ``_create_fn`` after the module has run (and
    puts the real loader back on the module and its spec first)."""

    def __init__(self, loader: Any) -> None:
        self.loader = loader

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        """The real loader's module (None: the default)."""
        created: ModuleType | None = self.loader.create_module(spec)
        return created

    def exec_module(self, module: ModuleType) -> None:
        """Run the module with the real loader, then wrap its ``_create_fn``."""
        module.__loader__ = self.loader
        if module.__spec__ is not None:
            module.__spec__.loader = self.loader
        self.loader.exec_module(module)
        _wrap(module)


def _wrap(dataclasses: ModuleType) -> None:
    """Wrap the ``_create_fn`` of the loaded `dataclasses` module (once; where it is the shape
    this module knows)."""
    original: Any = getattr(dataclasses, "_create_fn", None)
    if original is None or getattr(original, "__footfall_store__", False):
        return
    code = getattr(original, "__code__", None)
    if (
        code is None
        or code.co_varnames != _KNOWN_SHAPE
        or "exec" not in code.co_names
        or "->_return_type" not in code.co_consts  # 3.12 names it __dataclass_return_type__
    ):
        return
    missing = dataclasses.MISSING

    def _create_fn(  # the standard library's, with the compiled code looked up first
        name: str,
        args: list[str],
        body: list[str],
        *,
        globals: dict[str, Any] | None = None,
        locals: dict[str, Any] | None = None,
        return_type: Any = missing,
    ) -> Any:
        module = (globals or {}).get("__name__")
        if not isinstance(module, str) or not module.startswith("footfall."):
            return original(name, args, body, globals=globals, locals=locals,
                            return_type=return_type)  # fmt: skip
        if locals is None:
            locals = {}
        return_annotation = ""
        if return_type is not missing:
            locals["_return_type"] = return_type
            return_annotation = "->_return_type"
        joined = ",".join(args)
        lines = "\n".join(f"  {b}" for b in body)
        txt = f" def {name}({joined}){return_annotation}:\n{lines}"
        local_vars = ", ".join(locals.keys())
        txt = f"def __create_fn__({local_vars}):\n{txt}\n return {name}"
        ns: dict[str, Any] = {}
        exec(_compiled(module, globals, txt), globals, ns)
        return ns["__create_fn__"](**locals)

    _create_fn.__footfall_store__ = True  # type: ignore[attr-defined]
    dataclasses._create_fn = _create_fn  # type: ignore[attr-defined]
    if not sys.dont_write_bytecode:
        import atexit

        atexit.register(_save)


def _compiled(module: str, namespace: dict[str, Any] | None, txt: str) -> CodeType:
    """Return the code of `txt` (a method of a dataclass of `module`): stored, else compiled."""
    stored = _stores.get(module)
    if stored is None:
        path = _paths[module] = _store_path(namespace)
        stored = _stores[module] = _load(path)
    code = stored.get(txt)
    if code is None:
        # dont_inherit: no `from __future__` flag of this module, as dataclasses compiles it
        code = compile(txt, "<string>", "exec", dont_inherit=True)
        _missed.add(module)
    _used.setdefault(module, {})[txt] = code
    return code


def _store_path(namespace: dict[str, Any] | None) -> str | None:
    """The store of the module whose globals are `namespace`: beside its bytecode."""
    file = (namespace or {}).get("__file__")
    if not isinstance(file, str):
        return None
    folder, name = os.path.split(file)
    stem = name.rpartition(".")[0] or name
    tag = sys.implementation.cache_tag
    return os.path.join(folder, "__pycache__", f"{stem}.dataclasses.{tag}.{_FORMAT}.marshal")


def _load(path: str | os.PathLike[str] | None) -> dict[str, CodeType]:
    """Read the store at `path` (empty when there is none or it cannot be read)."""
    if path is None:
        return {}
    try:
        with open(path, "rb") as file:
            stored = marshal.loads(file.read())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(stored, dict):
        return {}
    return {k: v for k, v in stored.items() if isinstance(k, str) and isinstance(v, CodeType)}


def _save() -> None:
    """Write the store of each module that missed a text: the texts this process used (so a
    changed class's old methods are dropped). Failure is silent."""
    if sys.dont_write_bytecode:
        return
    import tempfile

    for module in sorted(_missed):
        path = _paths.get(module)
        if path is None:
            continue
        folder = os.path.dirname(path)
        try:
            os.makedirs(folder, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=folder, delete=False) as out:
                out.write(marshal.dumps(_used[module]))
            os.replace(out.name, path)
        except (OSError, ValueError):
            pass
    _missed.clear()
