"""`footfall.flight.compiled._ends` lists the kernel's ends in order without sorting them.

It reads `end_cost` (cells ``(y * side + x) * n_alts + level``, 8 facings) as levels x squares x
facings; the former code sorted the ends with ``np.lexsort`` by altitude, y, x and facing. Both
must give the same arrays (values and dtypes) for any box and any filled cells.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.flight.compiled import EndArrays, _Box, _ends
from footfall.flight.model import FlightState


def _sorted_ends(
    end_cost: npt.NDArray[np.int32], box: _Box, start: FlightState, work: int
) -> EndArrays:
    """The former `_ends`: every end, then one lexsort by altitude, y, x, facing."""
    cells, facings = np.nonzero(end_cost >= 0)
    cells = cells.astype(np.int64)
    alts = cells % box.n_alts + box.base
    squares = cells // box.n_alts
    xs = squares % box.side - box.reach + start.x
    ys = squares // box.side - box.reach + start.y
    costs = end_cost[cells, facings].astype(np.int64)
    order = np.lexsort((facings, xs, ys, alts))
    return EndArrays(
        xs[order], ys[order], 5 * alts[order], facings[order].astype(np.int64), costs[order], work
    )


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 4),
    st.integers(1, 6),
    st.integers(0, 8),
    st.integers(-20, 20),
    st.integers(-20, 20),
    st.floats(0.0, 1.0),
    st.integers(0, 2**32 - 1),
)
def test_ends_come_in_the_sorted_order(
    reach: int, n_alts: int, base: int, x: int, y: int, density: float, seed: int
) -> None:
    """Random boxes and costs: `_ends` gives the sorted ends, the same arrays and dtypes."""
    side = 2 * reach + 1
    rng = np.random.default_rng(seed)
    costs = rng.integers(0, 400, (side * side * n_alts, 8)).astype(np.int32)
    end_cost = np.where(rng.random(costs.shape) < density, costs, -1).astype(np.int32)
    box = _Box(reach, side, base, n_alts, 0, -base, (reach * side + reach) * n_alts)
    start = FlightState(x, y, 5 * base, 0)
    found, expected = _ends(end_cost, box, start, 7), _sorted_ends(end_cost, box, start, 7)
    assert found.work == expected.work == 7
    for got, want in zip(found[:5], expected[:5], strict=True):
        assert got.dtype == want.dtype == np.int64
        assert got.tolist() == want.tolist()
