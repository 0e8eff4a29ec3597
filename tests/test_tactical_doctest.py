"""Run the docstring examples of every tactical module (they document the rules' numbers)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import footfall.tactical

MODULES = [
    importlib.import_module(info.name)
    for info in pkgutil.walk_packages(footfall.tactical.__path__, "footfall.tactical.")
    if info.name != "footfall.tactical._kernel"  # compiled kernel: no examples, loads numba
]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    """Every docstring example of the module passes (5-10-5 costs, straight lines, actions)."""
    result = doctest.testmod(module)
    assert result.failed == 0


def test_the_families_are_covered() -> None:
    """The walk finds the family modules (a new family gets its examples run too)."""
    names = {m.__name__ for m in MODULES}
    assert {"footfall.tactical.families.d20", "footfall.tactical.families.steel"} <= names
