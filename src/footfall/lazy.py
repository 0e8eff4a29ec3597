"""Lazy package facades (PEP 562): a package's public names, each imported on first use.

`footfall`, `footfall.api` and `footfall.tactical` name their public objects in a table
(name -> the module that defines it and its name there) and take their module ``__getattr__``
and ``__dir__`` from `facade`. Importing the package then imports none of those modules: a
command that needs one function of a package pays for that function's module alone (start-up:
tests/test_startup.py, docs/benchmarks.md). The first lookup of a name imports its module and
stores the object in the package, so later lookups are ordinary attribute reads.

>>> import types
>>> package = types.ModuleType("example")
>>> package.__getattr__, package.__dir__ = facade(package, {"sqrt": ("math", "sqrt")})
>>> package.sqrt(9.0), "sqrt" in vars(package), "sqrt" in package.__dir__()
(3.0, True, True)
>>> package.cbrt
Traceback (most recent call last):
AttributeError: module 'example' has no attribute 'cbrt'
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

__all__ = ["facade"]


def facade(
    package: str | ModuleType, homes: Mapping[str, tuple[str, str]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """Return the ``__getattr__`` and ``__dir__`` of `package` (its name, or the module).

    `homes` maps each public name to ``(module, name there)``. ``__getattr__`` imports a name's
    module the first time the name is asked for and keeps the object in the package; a name
    not in `homes` is an `AttributeError` (so ``from package import submodule`` still imports
    the submodule). ``__dir__`` lists the package's attributes and every name of `homes`.
    """
    name = package if isinstance(package, str) else package.__name__

    def namespace() -> dict[str, Any]:
        module = package if isinstance(package, ModuleType) else sys.modules[name]
        return vars(module)

    def __getattr__(attribute: str) -> Any:
        home = homes.get(attribute)
        if home is None:
            raise AttributeError(f"module {name!r} has no attribute {attribute!r}")
        value = getattr(importlib.import_module(home[0]), home[1])
        namespace()[attribute] = value  # later lookups skip this function
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace(), *homes})

    return __getattr__, __dir__
