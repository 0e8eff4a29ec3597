"""Every docstring example of footfall is a test: pytest collects them from src/footfall."""

from __future__ import annotations

import pytest


def test_the_docstring_examples_are_collected(pytestconfig: pytest.Config) -> None:
    """The suite runs with --doctest-modules over src/footfall (pyproject.toml), so a module's
    examples run without a test naming it (a new module or rule family included)."""
    assert pytestconfig.getoption("doctestmodules")
    assert "src/footfall" in pytestconfig.getini("testpaths")
