"""Answer where a flyer can end one movement, and how it gets there cheapest.

The answers of the flight search, built on three layers below (as tactical's graph and
search, STYLE.md):

1. the rules of one step, `footfall.flight.model.step_raw` (which `check` runs too);
2. the rule machine, `footfall.flight.machine`: those rules over rule states, worked out
   once per rule state and step;
3. the search, in Python (`footfall.flight.search`: exact least cost, A* toward a target,
   the links back for a path) or compiled (`footfall.flight.compiled`: the same search without
   a target, in numba, for large movements).

This module chooses the engine and writes the answers: `reach` (every end, `FlightReach`),
`find_path` (one cheapest flight, `FlightPath`) and `find_flight_path` (the same, with the
work shared between the engines as a server needs it). Work and size bounds come from
`footfall.limits.Limits`; past them a search raises `LimitError`.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal, NamedTuple

from footfall.errors import LimitError, Param
from footfall.flight.model import (
    HALF_FT,
    OPEN_SKY,
    Airspace,
    FlightState,
    Flyer,
    Step,
    StepKind,
    advance,
    with_switches,
)
from footfall.flight.notation import format_steps
from footfall.flight.search import FlightSearch, Target
from footfall.limits import LIMITS, Limits
from footfall.rules import System

if TYPE_CHECKING:  # numpy and the compiled search load with the first reach (a path: neither)
    import numpy as np
    import numpy.typing as npt

    from footfall.flight.compiled import EndArrays

__all__ = [
    "QUICK_PATH_WORK",
    "Engine",
    "FlightPath",
    "FlightReach",
    "ReachColumns",
    "ReachEntry",
    "find_flight_path",
    "find_path",
    "format_steps",
    "paused_gc",
    "reach",
    "warm_up",
]

#: Which search `reach` runs: "auto" (`reach` says when), "python" or "compiled".
Engine = Literal["auto", "python", "compiled"]

#: States `find_flight_path` first lets the path search (in Python) expand: a directed search
#: finds a reachable end in a few thousand states (an 80-ft average flyer's farthest ends,
#: measured: under 5,000) and settles a miss near the start; at most about 0.4 s.
QUICK_PATH_WORK = 10_000


def warm_up(system: System | None = None) -> None:
    """Load the compiled reach kernel now (`footfall.flight.compiled.warm_up`): a server does
    it once, before its first request."""
    from footfall.flight.compiled import warm_up as load

    load(system)


@dataclass(frozen=True, slots=True)
class ReachEntry:
    """A place a flyer can end its movement: square, altitude (ft), facing, least cost (ft)."""

    x: int
    y: int
    alt: int
    facing: int
    cost_ft: Fraction
    landed: bool
    """It ends on the ground, below its minimum forward speed (a landing, not a stall)."""


@dataclass(frozen=True, slots=True)
class FlightPath:
    """A cheapest legal flight to a place: its steps, the state after each, its cost."""

    steps: tuple[Step, ...]
    states: tuple[FlightState, ...]
    cost_ft: Fraction


class ReachColumns(NamedTuple):
    """A reach's ends as columns, one row per end in the entries' order (`FlightReach.columns`):
    square, altitude (ft), facing, least cost in half-feet, whether it ends on the ground."""

    x: npt.NDArray[np.int64]
    y: npt.NDArray[np.int64]
    alt: npt.NDArray[np.int64]
    facing: npt.NDArray[np.int64]
    cost: npt.NDArray[np.int64]
    landed: npt.NDArray[np.bool_]


class FlightReach:
    """Every place `flyer` can end a movement of `budget_ft` from `start`, cheapest first.

    The ends are kept as `columns` (arrays: what the compiled search gives); `entries`, one
    `ReachEntry` each, are made the first time they are asked for (a double move lists
    hundreds of thousands: the CLI's maps, `count` and the JSON need none of them).
    """

    __slots__ = ("_columns", "_entries", "budget_ft", "flyer", "start", "work")

    def __init__(
        self,
        flyer: Flyer,
        start: FlightState,
        budget_ft: int,
        entries: tuple[ReachEntry, ...] | None = None,
        work: int = 0,
        *,
        columns: ReachColumns | None = None,
    ) -> None:
        if (entries is None) == (columns is None):
            raise TypeError("FlightReach takes its entries or their columns, one of them")
        self.flyer = flyer
        self.start = start
        self.budget_ft = budget_ft
        self.work = work
        self._entries = entries
        self._columns = columns

    def __repr__(self) -> str:
        return (
            f"FlightReach(flyer={self.flyer!r}, start={self.start!r}, "
            f"budget_ft={self.budget_ft}, count={self.count}, work={self.work})"
        )

    @property
    def count(self) -> int:
        """How many ends there are (no entry made)."""
        if self._columns is not None:
            return len(self._columns.x)
        assert self._entries is not None
        return len(self._entries)

    @property
    def entries(self) -> tuple[ReachEntry, ...]:
        """The ends, one `ReachEntry` each, by altitude, y, x and facing (made once)."""
        if self._entries is None:
            assert self._columns is not None
            self._entries = _column_entries(self._columns, self.budget_ft)
        return self._entries

    @property
    def columns(self) -> ReachColumns:
        """The ends as `ReachColumns`, in the order of `entries`."""
        if self._columns is None:
            assert self._entries is not None
            self._columns = _entry_columns(self._entries)
        return self._columns

    def squares_by_band(self, band_ft: int) -> dict[int, set[tuple[int, int]]]:
        """Return the squares (x, y) of the ends in each altitude band of `band_ft` ft, by the
        band's index (``alt // band_ft``)."""
        import numpy as np

        found: dict[int, set[tuple[int, int]]] = {}
        for index, (x0, y0, mask) in self.band_masks(band_ft).items():
            ys, xs = np.nonzero(mask)
            found[index] = set(zip((xs + x0).tolist(), (ys + y0).tolist(), strict=True))
        return found

    def band_masks(
        self, band_ft: int, window: tuple[int, int, int, int] | None = None
    ) -> dict[int, tuple[int, int, npt.NDArray[np.bool_]]]:
        """Return, for each altitude band of `band_ft` ft with an end (by the band's index,
        ``alt // band_ft``, highest first), which squares of a window hold one: ``(x0, y0,
        mask)``, ``mask[y - y0, x - x0]``. The window is ``(x0, y0, width, height)``, ends
        outside it left out; None: the squares of the ends and the start.

        >>> from footfall.rules import Maneuverability, load_system
        >>> dnd35 = load_system("dnd35")
        >>> bat = Flyer(5, dnd35.flight.row(Maneuverability.PERFECT))
        >>> masks = reach(bat, FlightState(0, 0, 5, 0), system=dnd35, budget_ft=5).band_masks(10)
        >>> [(index, x0, y0, int(mask.sum())) for index, (x0, y0, mask) in masks.items()]
        [(1, -1, -1, 9), (0, -1, -1, 9)]
        """
        import numpy as np

        c = self.columns
        if window is None:
            x0 = min(int(c.x.min()), self.start.x) if len(c.x) else self.start.x
            y0 = min(int(c.y.min()), self.start.y) if len(c.y) else self.start.y
            x1 = max(int(c.x.max()), self.start.x) if len(c.x) else self.start.x
            y1 = max(int(c.y.max()), self.start.y) if len(c.y) else self.start.y
            window = (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
        x0, y0, width, height = window
        if not len(c.x):
            return {}
        band = c.alt // band_ft
        i, j = c.x - x0, c.y - y0
        seen = (i >= 0) & (i < width) & (j >= 0) & (j < height)
        found: dict[int, tuple[int, int, npt.NDArray[np.bool_]]] = {}
        # One flat index per (band, y, x): the masks of every band filled at once.
        low, high = int(band.min()), int(band.max())
        masks = np.zeros((high - low + 1, height, width), np.bool_)
        masks[band[seen] - low, j[seen], i[seen]] = True
        for index in sorted(set(band.tolist()), reverse=True):
            found[index] = (x0, y0, masks[index - low])
        return found


def _column_entries(columns: ReachColumns, budget_ft: int) -> tuple[ReachEntry, ...]:
    """Return `columns` as entries (in their order)."""
    ft = _ft_table(budget_ft)
    entry = ReachEntry
    c = columns
    with paused_gc():
        return tuple(
            entry(x, y, alt, facing, ft[cost], landed)
            for x, y, alt, facing, cost, landed in zip(
                c.x.tolist(), c.y.tolist(), c.alt.tolist(), c.facing.tolist(),
                c.cost.tolist(), c.landed.tolist(), strict=True,
            )
        )  # fmt: skip


def _entry_columns(entries: tuple[ReachEntry, ...]) -> ReachColumns:
    """Return `entries` as columns."""
    import numpy as np

    n = len(entries)
    ints = np.array(
        [(e.x, e.y, e.alt, e.facing, int(e.cost_ft * HALF_FT)) for e in entries], np.int64
    ).reshape(n, 5)
    landed = np.array([e.landed for e in entries], np.bool_).reshape(n)
    x, y, alt, facing, cost = (ints[:, k].copy() for k in range(5))
    return ReachColumns(x, y, alt, facing, cost, landed)


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while many acyclic objects are built.

    A reach can list 200,000 ends; each allocation pass of that many objects would trigger
    collections that walk the whole heap (measured: most of the time of building a perfect
    80-ft flyer's entries, or their JSON). Nothing built here has a cycle, so nothing is
    missed; the collector is turned back on (if it was on) at the end.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _check_budget(budget_ft: int, limits: Limits) -> None:
    """Refuse a movement longer than `limits.flight_budget_ft` at once (`LimitError`)."""
    if budget_ft > limits.flight_budget_ft:
        raise LimitError(
            "error.flight.search-budget",
            param=Param("budget_ft"),
            value=budget_ft,
            most=limits.flight_budget_ft,
        )


def _ft_table(budget_ft: int) -> list[Fraction]:
    """Return every cost up to `budget_ft` in ft, indexed by half-feet (one object each)."""
    return [Fraction(c, HALF_FT) for c in range(budget_ft * HALF_FT + 1)]


def _kernel_columns(found: EndArrays) -> ReachColumns:
    """Return the compiled search's ends as columns (already in order)."""
    return ReachColumns(found.xs, found.ys, found.alts, found.facings, found.costs, found.alts == 0)


def _search_entries(search: FlightSearch, budget_ft: int) -> tuple[ReachEntry, ...]:
    """Return the Python search's ends as entries, by altitude, y, x and facing."""
    ft = _ft_table(budget_ft)
    ends = search.ends
    places = sorted(ends, key=lambda p: (p[2], p[1], p[0], p[3]))
    with paused_gc():
        return tuple(ReachEntry(*p, ft[ends[p][0]], ends[p][1]) for p in places)


def reach(
    flyer: Flyer,
    start: FlightState,
    *,
    system: System,
    budget_ft: int,
    space: Airspace = OPEN_SKY,
    max_work: int | None = None,
    engine: Engine = "auto",
    switches: Mapping[str, str] | None = None,
    limits: Limits = LIMITS,
) -> FlightReach:
    """Return every (square, altitude, facing) where `flyer` can end a movement from `start`.

    An end is legal when the flight there breaks no rule, fits `budget_ft`, does not end in
    another creature's space, and keeps the minimum forward speed, or ends on the ground
    (a landing). The start's own square and altitude is not listed.

    `engine`: "python" always searches in Python; "compiled" uses the numba kernel where it
    can take the airspace (the open sky and scenes, with or without an altitude band); "auto"
    does so for movements of `footfall.flight.compiled.COMPILED_FROM_FT` or more, or once the
    kernel is loaded. Both give the same answer (tested); `work` counts states expanded by
    whichever ran. `max_work` (default `limits.flight_work` in Python,
    `limits.flight_compiled_work` compiled) bounds that work; a movement over
    `limits.flight_budget_ft` is refused at once. `switches`: interpretation switches of this
    query (`footfall.flight.with_switches`; None: the flyer's own choices).

    >>> from footfall.rules import Maneuverability, load_system
    >>> dnd35 = load_system("dnd35")
    >>> bat = Flyer(10, dnd35.flight.row(Maneuverability.GOOD))
    >>> found = reach(bat, FlightState(0, 0, 5, 0), system=dnd35, budget_ft=10)
    >>> len(found.entries), found.entries[0]
    (118, ReachEntry(x=-1, y=-2, alt=0, facing=0, cost_ft=Fraction(15, 2), landed=True))
    """
    from footfall.flight.compiled import COMPILED_FROM_FT, compiled_arrays, loaded

    flyer = with_switches(flyer, system, switches)
    _check_budget(budget_ft, limits)
    if engine == "compiled" or (engine == "auto" and (budget_ft >= COMPILED_FROM_FT or loaded())):
        work = limits.flight_compiled_work if max_work is None else max_work
        found = compiled_arrays(flyer, start, system, budget_ft, space, work)
        if found is not None:
            columns = _kernel_columns(found)
            return FlightReach(flyer, start, budget_ft, work=found.work, columns=columns)
    search = FlightSearch(
        flyer,
        start,
        system=system,
        budget_ft=budget_ft,
        space=space,
        target=None,
        max_work=limits.flight_work if max_work is None else max_work,
    ).run()
    return FlightReach(flyer, start, budget_ft, _search_entries(search, budget_ft), search.work)


def _replay(
    flyer: Flyer, start: FlightState, steps: list[Step], system: System, space: Airspace
) -> FlightPath:
    """Return the flight of `steps` from `start`, each state checked again (no fault)."""
    assert system.tactical is not None
    chain: list[FlightState] = []
    state = start
    for step in steps:
        state, faults = advance(
            flyer,
            state,
            step,
            space,
            square_ft=int(system.square),
            diagonal_costs=system.tactical.diagonal_costs,
        )
        assert not faults, faults
        chain.append(state)
    return FlightPath(tuple(steps), tuple(chain), state.spent_ft)


def find_path(
    flyer: Flyer,
    start: FlightState,
    to: tuple[int, int, int],
    *,
    system: System,
    budget_ft: int,
    facing: int | None = None,
    space: Airspace = OPEN_SKY,
    max_work: int | None = None,
    switches: Mapping[str, str] | None = None,
    limits: Limits = LIMITS,
) -> FlightPath | None:
    """Return a cheapest legal flight from `start` ending at `to` (x, y, alt), or None.

    The Python search, toward `to` (A*). `facing` asks for a given facing at the end; None
    accepts any. `max_work` (default `limits.flight_work`) bounds the states it expands
    (`LimitError` past it). `switches`: interpretation switches of this query
    (`footfall.flight.with_switches`; None: the flyer's own choices).
    """
    flyer = with_switches(flyer, system, switches)
    _check_budget(budget_ft, limits)
    target: Target = (*to, facing)
    search = FlightSearch(
        flyer,
        start,
        system=system,
        budget_ft=budget_ft,
        space=space,
        target=target,
        max_work=limits.flight_work if max_work is None else max_work,
    ).run()
    hits = [
        (place, label)
        for place, (cost, _, label) in search.ends.items()
        if place[:3] == to and facing in (None, place[3])
    ]
    if not hits:
        return None
    # Cheapest first; then an end that needs no last turn (free-turning classes list every
    # facing of a place at the cost of its state's own).
    ends, state_of = search.ends, search.state_of
    place, label = min(hits, key=lambda hit: (ends[hit[0]][0], hit[0][3] != state_of(hit[1])[3]))
    steps = search.steps_to(label)
    end_facing = state_of(label)[3]
    if place[3] != end_facing:
        steps.append(Step(StepKind.TURN, turn=(place[3] - end_facing + 4) % 8 - 4))
    return _replay(flyer, start, steps, system, space)


def find_flight_path(
    flyer: Flyer,
    start: FlightState,
    to: tuple[int, int, int],
    *,
    system: System,
    budget_ft: int,
    facing: int | None = None,
    space: Airspace = OPEN_SKY,
    switches: Mapping[str, str] | None = None,
    quick_work: int = QUICK_PATH_WORK,
    limits: Limits = LIMITS,
) -> FlightPath | None:
    """Return a cheapest legal flight to `to` (as `find_path`), sharing the work between engines.

    The path search runs in Python (tens of thousands of states a CPU second) and the reach
    search compiled (about a million): a miss has to exhaust every state within the budget,
    which at `limits.flight_work` states would take the path search most of a minute. So the
    path search first gets `quick_work` states (a hit is found in a few thousand); past that,
    `reach` (bounded by `limits`, as `reach` is) says whether `to` is an end at all (the same
    ends, tested); only then does the path search run again, bounded by `limits.flight_work`,
    to find the steps. With `limits.flight_work` at most `quick_work`, one search does it.
    The ``fly path`` command and ``POST /api/flight/path`` answer with it.

    >>> from footfall.rules import Maneuverability, load_system
    >>> dnd35 = load_system("dnd35")
    >>> griffon = Flyer(80, dnd35.flight.row(Maneuverability.AVERAGE))
    >>> found = find_flight_path(griffon, FlightState(0, 0, 30, 2), (1, 8, 5),
    ...                          system=dnd35, budget_ft=80)
    >>> format_steps(found.steps), found.cost_ft
    ('down5 r45 d5 r45 d5 d5 d5 f4', Fraction(65, 2))
    """
    flyer = with_switches(flyer, system, switches)

    def search(work: int | None) -> FlightPath | None:
        return find_path(
            flyer,
            start,
            to,
            system=system,
            budget_ft=budget_ft,
            facing=facing,
            space=space,
            max_work=work,
            limits=limits,
        )

    if limits.flight_work <= quick_work:
        return search(None)
    with contextlib.suppress(LimitError):
        return search(quick_work)
    ends = reach(flyer, start, system=system, budget_ft=budget_ft, space=space, limits=limits)
    if not any((e.x, e.y, e.alt) == to and facing in (None, e.facing) for e in ends.entries):
        return None
    return search(None)
