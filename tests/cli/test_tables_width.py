"""`footfall tables` fits the width COLUMNS gives (issue 12 item 14), in every language."""

from __future__ import annotations

import unicodedata

import pytest

from footfall.rules import SYSTEM_IDS, load_system
from footfall.tables import table_ids
from helpers.cli import invoke


def width(line: str) -> int:
    """Return the terminal width of `line`: wide (CJK) characters take two columns."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


CASES = [[]] + [[s] for s in SYSTEM_IDS] + [
    [s, tid] for s in SYSTEM_IDS for tid in table_ids(load_system(s))
]  # fmt: skip


@pytest.mark.parametrize("lang", ["ru", "zh"])  # the longest words; the wide characters
def test_every_table_fits_columns(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Every table of every system, and both listings, fit in COLUMNS=60, nothing cut off."""
    columns = 60
    monkeypatch.setenv("COLUMNS", str(columns))
    for args in CASES:
        result = invoke(["tables", *args, "--lang", lang])
        assert result.exit_code == 0, result.output
        wide = [line for line in result.output.splitlines() if width(line) > columns]
        assert not wide, (args, wide)
        assert "…" not in result.output, args


def test_without_columns_a_pipe_gets_whole_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without COLUMNS, output that is not a terminal is not wrapped (stable for scripts)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    result = invoke(["tables", "pf1e", "sizes"])
    assert "source: Pathfinder Core Rulebook: Table 8-4: Creature Size and Scale" in result.output
