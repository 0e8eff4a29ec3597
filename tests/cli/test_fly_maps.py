"""``fly reach``'s text maps (drawn from arrays) are the ones drawn square by square before:
the open sky, a scene, a scene kept to an altitude band, every band height."""

from __future__ import annotations

import pytest

from footfall.cli.flight import _reach_lines, _request
from footfall.flight.reach import FlightReach, reach
from footfall.flight.space import SceneAirspace
from footfall.i18n import t


def _lines_square_by_square(result: FlightReach, band: int, air: object) -> list[str]:
    """The former maps: a set of squares per band, each square written in a list of rows."""
    start = result.start
    by_band = result.squares_by_band(band)
    if isinstance(air, SceneAirspace):
        rows: list[str] = list(air.scene.rows)
        x0, y0 = 0, 0
    else:
        squares = set().union(*by_band.values(), {(start.x, start.y)})
        xs, ys = [x for x, _ in squares], [y for _, y in squares]
        x0, y0 = min(xs), min(ys)
        rows = ["." * (max(xs) - x0 + 1)] * (max(ys) - y0 + 1)
    lines = []
    for index in sorted(by_band, reverse=True):
        lines.append("")
        lines.append(t("flight.label.band", "en", low=index * band, high=index * band + band - 5))
        grid = [list(row) for row in rows]
        for x, y in by_band[index] | {(start.x, start.y)}:
            j, i = y - y0, x - x0
            if 0 <= j < len(grid) and 0 <= i < len(grid[j]):
                grid[j][i] = "@" if (x, y) == (start.x, start.y) else "*"
        lines.extend("".join(out) for out in grid)
    return lines


CASES = {
    "open sky": (None, None, 60, "average", 30, "E", None),
    "open sky, ground": (None, None, 30, "good", 0, "N", None),
    "open sky, band": (None, None, 40, "perfect", 20, "SW", "10-30"),
    "scene": ("dnd35-canyon-squeeze", "stirge", None, None, None, "W", None),
    "scene, eagle": ("dnd35-canyon-squeeze", "giant-eagle", None, None, None, "E", None),
    "scene, band": ("dnd35-canyon-squeeze", "giant-eagle", None, None, None, "E", "10-40"),
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("band", [5, 10, 25])
def test_maps_are_the_former_ones(case: str, band: int) -> None:
    """Each band's map marks the same squares with ``*`` and the start with ``@``, over the
    scene's own map or dots, as the square-by-square drawing did."""
    scene, mover, speed, cls, alt, facing, alt_range = CASES[case]
    req = _request(scene, mover, speed, cls, alt, facing, "move", None, None, None, alt_range)
    result = reach(req.flyer, req.start, system=req.system, budget_ft=req.budget_ft,
                   space=req.space)  # fmt: skip
    lines = _reach_lines(req.name, result, band, req.space, "en")
    assert result.count > 0
    assert lines[2:] == _lines_square_by_square(result, band, req.space)
