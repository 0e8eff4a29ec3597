"""Run the docstring examples of the tactical modules (they document the rules' numbers)."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from footfall.tactical import actions, policy, views


@pytest.mark.parametrize("module", [actions, policy, views], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    """Every docstring example of the module passes (5-10-5 costs, straight lines, actions)."""
    result = doctest.testmod(module)
    assert result.failed == 0
