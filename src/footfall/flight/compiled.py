"""The compiled flight search: the rule machine and the airspace as arrays, run by numba.

`compiled_reach` lays out the box of squares and 5-ft altitude levels a budget can reach
(`_Box`), turns the airspace into arrays over it (the open sky, or a scene's edges, walls,
corners, ceiling and creatures: `footfall.flight.space.scene_tables`; either kept to an
altitude band), takes the rule machine's arrays (`footfall.flight.machine.rule_machine`) and
runs the label-setting kernel (`footfall.flight._kernel.reach_kernel`) on them. It answers
what the Python search (`footfall.flight.search`) answers without a target, entry by entry
(tests compare the two); `footfall.flight.reach.reach` picks between them.

The kernel is the one compiled ahead of time (`footfall.aot`) when it is built; else numba is
imported on the first search (`kernel`). `warm_up` loads it ahead of the first search.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from footfall.errors import LimitError
from footfall.flight.machine import free_turns, rule_machine
from footfall.flight.model import HALF_FT, Airspace, FlightState, Flyer, raw
from footfall.rules import Maneuverability, System

__all__ = [
    "COMPILED_FROM_FT",
    "EndArrays",
    "KernelEnds",
    "compiled_arrays",
    "compiled_reach",
    "kernel",
    "loaded",
    "warm_up",
]

#: Searches of at least this many ft use the compiled kernel (when it can take the airspace);
#: shorter ones run in Python unless the kernel is already loaded (numba's start-up costs
#: about half a second once per process, more than a short search).
COMPILED_FROM_FT = 45

#: Most labels (states reached, ~21 bytes each) the compiled kernel may keep.
_MAX_LABELS = 1 << 24

_loaded: list[Callable[..., int]] = []
_reference: list[Callable[..., int]] = []

_Bools = npt.NDArray[np.bool_]


def kernel() -> Callable[..., int]:
    """Return the compiled reach kernel (`settle_kernel`): the one compiled ahead of time
    (`footfall.aot`, built by ``footfall warm-up``) when it is built, else numba's JIT one
    (importing numba on first use)."""
    if not _ahead_of_time():
        from footfall.flight._kernel import settle_kernel

        _loaded.append(settle_kernel)
    return _loaded[0]


def _ahead_of_time() -> bool:
    """Load the kernel compiled ahead of time if it is built; whether a kernel is loaded."""
    if not _loaded:
        from footfall import aot

        found = aot.kernel("settle_kernel")
        if found is not None:
            _loaded.append(found)
    return bool(_loaded)


def reference_kernel() -> Callable[..., int]:
    """Return the former kernel (`reach_kernel`: every label walked), the tests' reference."""
    if not _reference:
        from footfall.flight._kernel import reach_kernel

        _reference.append(reach_kernel)
    return _reference[0]


def loaded() -> bool:
    """Whether the kernel is loaded, or compiled ahead of time (then loaded now, in about a
    millisecond): even a short search is then cheaper compiled."""
    return _ahead_of_time()


class KernelEnds(NamedTuple):
    """What the kernel found: each end's square, altitude (ft), facing and least cost
    (half-feet), sorted by altitude, y, x and facing, and the states it expanded."""

    xs: list[int]
    ys: list[int]
    alts: list[int]
    facings: list[int]
    costs: list[int]
    work: int


@dataclass(frozen=True, slots=True)
class _Box:
    """The squares and altitude levels a search can reach, as the kernel indexes them.

    `side` x `side` squares centred on the start (`reach` squares each way), `n_alts` 5-ft
    levels from altitude ``5 x base``; level `ground` is altitude 0 (maybe outside the box),
    levels below `alt_lo` are refused (the ground, or a band). `origin` is the start's cell.
    """

    reach: int
    side: int
    base: int
    n_alts: int
    alt_lo: int
    ground: int
    origin: int


def _box(
    flyer: Flyer, start: FlightState, limit: int, band: tuple[int, int | None], ceiling: int | None
) -> _Box | None:
    """Return the box a search of `limit` half-feet can reach; None when the start is outside.

    Every square costs at least 5 ft x the cheapest rate per ft (a dive: 2.5 ft); altitude
    runs from the lowest the budget can dive to (or the ground, or the band's `low`) up to
    the highest it can climb to (or the band's `high`, or the flyer's top at `ceiling`).
    """
    low, high = band
    cheapest = min(Fraction(HALF_FT), Fraction(*flyer.up_cost), Fraction(*flyer.down_cost))
    reach_sq = math.floor(limit / (5 * cheapest))
    side = 2 * reach_sq + 1
    top = start.alt + 5 * math.floor(limit / (5 * Fraction(*flyer.up_cost)))
    bottom = max(0, start.alt - 5 * math.floor(limit / (5 * Fraction(*flyer.down_cost))))
    if high is not None:
        top = min(top, high)
    if ceiling is not None:
        top = min(top, ceiling - flyer.height_ft)
    base = bottom // 5
    n_alts = top // 5 - base + 1
    alt_lo = max(-(-low // 5) - base, 0)
    if not (alt_lo + base) * 5 <= start.alt <= top:
        return None
    origin = (reach_sq * side + reach_sq) * n_alts + start.alt // 5 - base
    return _Box(reach_sq, side, base, n_alts, alt_lo, -base, origin)


def _open_sky(box: _Box) -> tuple[_Bools, _Bools, _Bools, _Bools]:
    """Return the airspace arrays of the open sky (`scene_tables`' shapes): nothing in the way."""
    side, n_alts = box.side, box.n_alts
    nobody = np.zeros((side, side, n_alts), np.bool_)
    return np.ones((side, side, 8), np.bool_), nobody, nobody, np.ones((side, side), np.bool_)


class EndArrays(NamedTuple):
    """`KernelEnds` as arrays (int64, in the same order): what `footfall.flight.reach` keeps."""

    xs: npt.NDArray[np.int64]
    ys: npt.NDArray[np.int64]
    alts: npt.NDArray[np.int64]
    facings: npt.NDArray[np.int64]
    costs: npt.NDArray[np.int64]
    work: int


def _ends(end_cost: npt.NDArray[np.int32], box: _Box, start: FlightState, work: int) -> EndArrays:
    """Return the ends the kernel filled in `end_cost`, sorted by altitude, y, x, facing.

    A cell is ``(y * side + x) * n_alts + level``: seen as levels x squares x facings, the
    ends come out of `np.nonzero` (row-major) already in that order, with no sort.
    """
    by_level = end_cost.reshape(box.side * box.side, box.n_alts, 8).transpose(1, 0, 2)
    levels, squares, facings = np.nonzero(by_level >= 0)
    costs = by_level[levels, squares, facings].astype(np.int64)
    return EndArrays(
        squares % box.side - box.reach + start.x,
        squares // box.side - box.reach + start.y,
        5 * (levels + box.base),
        facings,
        costs,
        work,
    )


def compiled_reach(
    flyer: Flyer,
    start: FlightState,
    system: System,
    budget_ft: int,
    space: Airspace,
    max_work: int,
    *,
    reference: bool = False,
    symmetric: bool = True,
    shed: bool = True,
) -> KernelEnds | None:
    """Run the compiled kernel; None when it cannot take this airspace or start.

    `compiled_arrays`' search, its ends as lists (`KernelEnds`).
    """
    found = compiled_arrays(
        flyer, start, system, budget_ft, space, max_work,
        reference=reference, symmetric=symmetric, shed=shed,
    )  # fmt: skip
    if found is None:
        return None
    xs, ys, alts, facings, costs, work = found
    lists = (xs.tolist(), ys.tolist(), alts.tolist(), facings.tolist(), costs.tolist())
    return KernelEnds(*lists, work)


def compiled_arrays(
    flyer: Flyer,
    start: FlightState,
    system: System,
    budget_ft: int,
    space: Airspace,
    max_work: int,
    *,
    reference: bool = False,
    symmetric: bool = True,
    shed: bool = True,
) -> EndArrays | None:
    """Run the compiled kernel; None when it cannot take this airspace or start.

    It takes the open sky and scenes (`SceneAirspace`: edges, walls, ceiling, creatures, as
    `scene_tables` arrays), either kept to an altitude band (`BandedAirspace`). Past
    `max_work` states (or a label pool of `_MAX_LABELS`) it raises `LimitError`.
    `reference` runs the former kernel (`reference_kernel`), which the tests compare with;
    `symmetric` False searches both of each pair of mirror images on the open sky (as on
    scenes); `shed` False keeps what the budget left cannot use (`Machine.shed_cost`): both
    False, the labels and work are the reference's.
    """
    from footfall.flight.space import BandedAirspace, SceneAirspace, scene_tables

    assert system.tactical is not None
    band: tuple[int, int | None] = (0, None)
    inner = space
    if isinstance(space, BandedAirspace):
        band, inner = (space.low, space.high), space.inner
    scene = inner if type(inner) is SceneAirspace else None
    if scene is None and type(inner) is not Airspace:
        return None
    square_ft = int(system.square)
    if square_ft != 5 or start.alt % 5 or start.spent:
        return None
    limit = budget_ft * HALF_FT
    box = _box(flyer, start, limit, band, None if scene is None else scene.ceiling)
    if box is None:
        return None
    machine = rule_machine(flyer, square_ft, system.tactical.diagonal_costs, budget_ft, raw(start))
    if scene is None:
        airspace = _open_sky(box)
    else:
        x0, y0 = start.x - box.reach, start.y - box.reach
        airspace = scene_tables(scene, flyer, x0, y0, box.side, box.base, box.n_alts)
    end_cost = np.full((box.side * box.side * box.n_alts, 8), -1, np.int32)
    m = machine
    tables = (m.part_of, m.resources, m.keys, m.guards, m.keeps, m.facing_of,
              m.move_start, m.move_to, m.move_cost, m.move_dx, m.move_dy, m.move_dz, m.move_dir,
              m.n_parts)  # fmt: skip
    search = (box.side, box.n_alts, box.alt_lo, box.ground, box.origin, 0, 0, limit,
              free_turns(flyer), *airspace, max_work, _MAX_LABELS, end_cost)  # fmt: skip
    if reference:
        work = reference_kernel()(*tables, *search)
    else:
        # The open sky (banded or not) looks the same in the mirror that keeps the start's
        # facing: the kernel searches one of each pair of mirror images.
        mirror = m.mirror if scene is None and symmetric else None
        axis = -1 if mirror is None else start.facing
        mirror = np.zeros(1, np.int32) if mirror is None else mirror
        never = np.full(len(m.shed_cost), limit + 1, np.int32)
        shedding = (m.shed_cost, m.shed_to) if shed else (never, m.shed_to)
        work = kernel()(*tables, *m.cover, mirror, *shedding, axis, *search)
    if work < 0:  # -1: past max_work; -2: as many labels as a search may keep (about 350 MB)
        raise LimitError("error.flight.search-work", most=max_work)
    return _ends(end_cost, box, start, work)


def warm_up(system: System | None = None) -> None:
    """Load the compiled reach kernel now (a server does it once, before its first request).

    `system`: one with flight rules (default: the registry's first, by its data).
    """
    from footfall.flight.space import default_flight_system

    chosen = default_flight_system() if system is None else system
    assert chosen.flight is not None
    flyer = Flyer(10, chosen.flight.row(Maneuverability.GOOD))
    compiled_reach(flyer, FlightState(0, 0, 10, 0), chosen, 10, Airspace(), 10_000)
