"""Plain terminal maps (issue 12 item 14): band digits on hampered squares, legends in play.

Without colour (`NO_COLOR`, or output that is not a terminal) no shading shows, so a
reachable square of difficult terrain (seed 000 "Затрудненное перемещение") shows its band
digit, and the legend names only the bands some square is in, each with its digit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.cli import invoke


def scene_file(tmp_path: Path, rows: list[str]) -> str:
    """Write a pf1e scene with a medium mover `v` (speed 30) at [0, 0]; return its path."""
    path = tmp_path / "s.json"
    path.write_text(json.dumps({
        "footfall": 1, "system": "pf1e", "map": rows,
        "creatures": [{"id": "v", "at": [0, 0], "size": "medium", "side": "party", "speed": 30}],
    }))  # fmt: skip
    return str(path)


def map_row(output: str) -> str:
    """Return the first map row (row 0, after its number) of a text answer."""
    return next(line[2:].rstrip() for line in output.splitlines() if line.startswith("0 "))


def test_reachable_difficult_square_shows_its_band(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`^` within one move shows `1`; beyond every band it stays `^`; walls stay `#`."""
    monkeypatch.setenv("NO_COLOR", "1")
    wide = "." * 3 + "^" + "." * 10 + "^" + "#"
    result = invoke(["reach", scene_file(tmp_path, [wide]), "--mover", "v"])
    assert result.exit_code == 0, result.output
    # 5, 10, 20 (the difficult square, x2), 25, 30 ft: five squares within one move
    assert map_row(result.output) == "@ 1 1 1 1 1 . . . . . . . . ^ #"


def test_legend_lists_only_the_bands_in_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 4-square map within one move: the legend names the one move only, with its digit."""
    monkeypatch.setenv("NO_COLOR", "1")
    result = invoke(["reach", scene_file(tmp_path, [".^.."]), "--mover", "v"])
    assert "1 one move (≤ 30 ft)" in result.output
    assert "two moves" not in result.output and "a run" not in result.output
    both = invoke(["reach", scene_file(tmp_path, ["." * 14]), "--mover", "v", "--action",
                   "double-move"])  # fmt: skip
    assert "1 one move (≤ 30 ft)  2 two moves (≤ 60 ft)" in both.output
    assert "a run" not in both.output
