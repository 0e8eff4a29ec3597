"""Find the fastest overland route across a terrain map (square or hex cells).

A map is a grid of cells; each cell has a terrain and a road kind (pf1e / dnd35: the terrain
x road table of RULES.md 1.6) or is dense or open (dh2e, RULES.md 2), or is impassable. The
time to enter a cell is ``cell size / (traveller's rate x the cell's multiplier)``: exact
fractions, turned into integers by one common scale (the least common multiple of their
denominators), so the least-cost search decides on exact integers and the route's hours are
exact. The route's legs have the same shape as `footfall.travel`'s, so a route feeds the
journey planner unchanged (``footfall route ... --json > r.json``, then
``footfall travel pf1e --speed 30 --from-route r.json``).

Neighbourhoods:

- square, ``diagonal: alternating`` (default): 8 neighbours; diagonals count 1, 2, 1, 2 ...
  cells along the route (the d20 5-10-5 rule of RULES.md 1.2 at map scale), kept exact by a
  parity state;
- square, ``diagonal: none``: 4 neighbours;
- hex: pointy-top hexes in "odd-r" offset coordinates (odd rows shifted half a cell right);
  6 neighbours, each one cell away.

All three run the tactical search kernel's algorithm (`footfall.tactical.search.search`, a
bucket-queue Dijkstra over integer costs): an odd-r hex grid is a square grid on which even
rows may not step NE or SE and odd rows may not step NW or SW, which is exactly the kernel's
per-cell ``exits`` bitmask. A map of up to `LIST_STATES` search states runs it on plain
Python lists (`footfall.route_lists`, no numpy imported), a larger one on the kernel's arrays
(`footfall.route_arrays`); both find the same route.

The map format (text; JSON has the same keys, see `docs/travel.md`)::

    # a comment
    grid: square          # or hex
    cell: 6 mi            # distance between neighbouring cell centres (mi or km)
    diagonal: alternating # square only: alternating (default) or none
    legend:
      . = plains trackless
      = = plains highway
      f = forest trackless
      ~ = impassable
    rows:
      ..ff..
      ==~~==
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from importlib import resources
from pathlib import Path
from types import MappingProxyType, ModuleType

from footfall.errors import InputError, LimitError, Noun, Param, SceneError, quote, unknown
from footfall.grid import alternating_diagonals
from footfall.limits import LIMITS, Limits
from footfall.rules import SYSTEM_IDS, Family, System, load_system
from footfall.travel.journey import LegPlan, leg_json
from footfall.travel.legs import Leg, make_leg, terrain_multiplier
from footfall.travel.mover import Mover
from footfall.travel.quantities import KM_PER_MILE, DistanceUnit, num, system_unit, to_unit
from footfall.travel.traveller import Traveller, resolve_traveller
from footfall.untrusted import parse_json, read_text

__all__ = [
    "LIST_STATES",
    "Cell",
    "Diagonal",
    "Grid",
    "Route",
    "TerrainMap",
    "find_route",
    "load_map",
    "parse_map",
    "parse_map_json",
    "parse_map_text",
    "parse_point",
    "sample_map",
]

#: Maps of at most this many search states (cells x rule states) are searched on plain Python
#: lists (`footfall.route_lists`: no numpy to import), larger ones on the tactical kernel's
#: arrays (`footfall.route_arrays`); both give the same route. As whole commands on a quiet
#: machine, lists win up to about 50,000 states (hex 200 x 200: 0.38 s CPU against 0.46 s;
#: 250 x 250: 0.47 against 0.36 s, the compiled kernel built): docs/benchmarks.md, "startup".
LIST_STATES = 40_000

#: A cost no state reaches (the tactical kernel's ``INF``, the largest int32).
_INF = 2**31 - 1
#: The library parameters of a route's two ends, by the names the CLI options once had.
_POINTS = {"from": "start", "to": "goal"}


class Grid(StrEnum):
    """The cell shape of a terrain map."""

    SQUARE = "square"
    """Square cells: 8 neighbours (or 4 with ``diagonal: none``)."""
    HEX = "hex"
    """Pointy-top hexes, odd-r offset coordinates: 6 neighbours."""


class Diagonal(StrEnum):
    """How a square map counts diagonal steps."""

    ALTERNATING = "alternating"
    """1, 2, 1, 2 ... cells (the d20 rule, RULES.md 1.2)."""
    NONE = "none"
    """No diagonal steps: 4 neighbours."""


@dataclass(frozen=True, slots=True)
class Cell:
    """What a legend symbol means: a terrain and road (d20), dense or open (dh2e), or a wall."""

    symbol: str
    words: tuple[str, ...]
    impassable: bool = False


@dataclass(frozen=True, slots=True)
class TerrainMap:
    """A parsed terrain map: cell shape, cell size, legend and the grid of symbols."""

    grid: Grid
    cell: Fraction
    unit: DistanceUnit
    diagonal: Diagonal
    legend: Mapping[str, Cell]
    rows: tuple[str, ...]
    name: str = ""

    @property
    def width(self) -> int:
        """Number of columns."""
        return len(self.rows[0])

    @property
    def height(self) -> int:
        """Number of rows."""
        return len(self.rows)


@dataclass(frozen=True, slots=True)
class Route:
    """The fastest route: its path of cells, legs (as `footfall.travel`), hours and days.

    `family` is the system's rule family: dh2e's legs (heresy) say whether they are dense.
    """

    system: str
    found: bool
    start: tuple[int, int]
    goal: tuple[int, int]
    path: tuple[tuple[int, int], ...]
    legs: tuple[LegPlan, ...]
    hours: Fraction
    day_hours: Fraction
    unit: DistanceUnit
    traveller: str
    metric: bool = False
    family: Family = Family.D20

    @property
    def days(self) -> Fraction:
        """Travel hours / hours in the traveller's day."""
        return self.hours / self.day_hours

    @property
    def distance(self) -> Fraction:
        """Total distance along the route, in the system's unit."""
        return sum((p.leg.distance for p in self.legs), Fraction(0))

    def to_json(self) -> dict[str, object]:
        """Return the JOURNEY.md ``route`` shape (numbers rounded for display)."""
        scale = KM_PER_MILE if self.metric else Fraction(1)
        heresy = self.family is Family.HERESY
        return {
            "found": self.found,
            "system": self.system,
            "unit": DistanceUnit.KM.value if self.metric else self.unit.value,
            "traveller": self.traveller,
            "from": list(self.start),
            "to": list(self.goal),
            "hours": num(self.hours) if self.found else None,
            "hours_exact": str(self.hours) if self.found else None,
            "days": num(self.days) if self.found else None,
            "day_hours": num(self.day_hours),
            "distance": num(self.distance * scale) if self.found else None,
            "steps": max(len(self.path) - 1, 0),
            "path": [list(p) for p in self.path],
            "legs": [leg_json(p, scale, heresy=heresy, pace=False) for p in self.legs],
        }


# --------------------------------------------------------------------------- parsing


def _uncomment(line: str) -> str:
    """Drop a ``#`` comment: a ``#`` at the start of the line or after a space."""
    if line.lstrip().startswith("#"):
        return ""
    cut = line.find(" #")
    return line if cut < 0 else line[:cut]


def parse_map_text(text: str, name: str = "map", *, limits: Limits = LIMITS) -> TerrainMap:
    """Parse the text map format (see the module docstring) into a `TerrainMap`.

    A leading byte-order mark (a map saved by Windows Notepad, or pasted from one) is dropped.
    """
    text = text.removeprefix("\ufeff")
    header: dict[str, str] = {}
    legend: dict[str, str] = {}
    rows: list[str] = []
    section = "header"
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip() if section == "rows" else _uncomment(raw)
        stripped = line.strip()
        if section == "rows":
            if stripped:
                rows.append(stripped.replace(" ", ""))
            continue
        if not stripped:
            continue
        key = stripped.lower()
        if key in ("legend:", "rows:"):
            section = key[:-1]
            continue
        where = f"{name} line {number}"
        if section == "legend":
            tokens = stripped.split()
            words = tokens[2:] if len(tokens) > 1 and tokens[1] == "=" else tokens[1:]
            if len(tokens[0]) != 1 or not words:
                raise SceneError("error.travel.map-legend-line", where=where, value=stripped)
            legend[tokens[0]] = " ".join(words)
            continue
        field, sep, value = stripped.partition(":")
        if not sep:
            raise SceneError("error.travel.map-header-line", where=where, value=stripped)
        header[field.strip().lower()] = value.strip()
    return parse_map({**header, "legend": legend, "rows": rows}, name, limits=limits)


def parse_map_json(text: str, name: str = "map", *, limits: Limits = LIMITS) -> TerrainMap:
    """Parse the JSON map format (keys as the text format) into a `TerrainMap`."""
    try:
        data = parse_json(text.removeprefix("\ufeff"), name)
    except InputError as exc:  # a map's bad JSON is a malformed map: the same line
        raise _map_json_error(exc) from None
    if not isinstance(data, dict):
        raise SceneError("error.travel.map-not-object", where=name)
    return parse_map(data, name, limits=limits)


def _map_json_error(exc: InputError) -> SceneError:
    """Return `footfall.untrusted.parse_json`'s refusal `exc` as a map's `SceneError`."""
    if exc.key == "error.json.nested":
        return SceneError("error.json.nested", **exc.fields)
    if exc.key == "error.json.digits":
        return SceneError("error.json.digits", **exc.fields)
    return SceneError("error.json.invalid", **exc.fields)


def _unknown(where: str, what: str, value: object, known: Sequence[str]) -> SceneError:
    """Return the standard unknown-X error of a map, prefixed with the map's name."""
    return SceneError(
        "error.travel.map-unknown", where=where, what=Noun(what), value=value, valid=tuple(known)
    )


def _map_cell(
    data: Mapping[str, object], name: str, limits: Limits
) -> tuple[Fraction, DistanceUnit]:
    """Return a map's cell size and its unit (``6 mi``, ``10 km``)."""
    cell_text = str(data.get("cell", "1 mi")).split()
    if len(cell_text) != 2 or cell_text[1] not in tuple(DistanceUnit):
        raise SceneError("error.travel.map-cell", where=name, value=data.get("cell"))
    try:
        cell = Fraction(cell_text[0])
    except (ValueError, ZeroDivisionError):
        raise SceneError("error.travel.map-cell-number", where=name, value=cell_text[0]) from None
    if cell <= 0:
        raise SceneError("error.travel.map-cell-zero", where=name, cell=str(cell))
    if cell > limits.cell_size:
        raise LimitError(
            "error.travel.map-cell-size", where=name, value=cell_text[0], limit=limits.cell_size
        )
    return cell, DistanceUnit(cell_text[1])


def _map_legend(data: Mapping[str, object], name: str) -> Mapping[str, Cell]:
    """Return a map's legend: what each symbol means."""
    raw_legend = data.get("legend")
    if not isinstance(raw_legend, Mapping) or not raw_legend:
        raise SceneError("error.travel.map-no-legend", where=name)
    legend: dict[str, Cell] = {}
    for symbol, meaning in raw_legend.items():
        if not isinstance(symbol, str) or len(symbol) != 1 or symbol.isspace():
            raise SceneError("error.travel.map-symbol", where=name, value=symbol)
        if not isinstance(meaning, str):
            raise SceneError(
                "error.travel.map-meaning", where=name, symbol=quote(symbol), value=meaning
            )
        words = tuple(meaning.lower().split())
        legend[symbol] = Cell(symbol, words, impassable=words == ("impassable",))
    return MappingProxyType(legend)


def _map_rows(
    data: Mapping[str, object], name: str, legend: Mapping[str, Cell], limits: Limits
) -> tuple[str, ...]:
    """Return a map's rows, one symbol per cell, all of one width and in the legend."""
    raw_rows = data.get("rows")
    if not isinstance(raw_rows, list) or not raw_rows:
        raise SceneError("error.travel.map-no-rows", where=name)
    for y, raw in enumerate(raw_rows):
        if not isinstance(raw, str):
            raise SceneError("error.travel.map-row-type", where=name, row=y, value=raw)
    rows = tuple(str(r).replace(" ", "") for r in raw_rows)
    width = len(rows[0])
    if width == 0:
        raise SceneError("error.travel.map-rows-empty", where=name)
    if len(rows) * width > limits.cells:
        raise LimitError(
            "error.travel.map-cells",
            where=name,
            width=width,
            height=len(rows),
            limit=limits.cells,
        )
    for y, row in enumerate(rows):
        if len(row) != width:
            raise SceneError(
                "error.travel.map-row-width", where=name, row=y, cells=len(row), width=width
            )
        for ch in set(row):
            if ch not in legend:
                raise SceneError("error.travel.map-row-symbol", where=name, row=y, value=ch)
    return rows


def parse_map(
    data: Mapping[str, object], name: str = "map", *, limits: Limits = LIMITS
) -> TerrainMap:
    """Validate a map document (``grid``, ``cell``, ``diagonal``, ``legend``, ``rows``)."""
    known = ("grid", "cell", "diagonal", "legend", "rows", "name", "system")
    for key in data:
        if key not in known:
            raise _unknown(name, "key", key, known)
    grids = [g.value for g in Grid]
    grid_name = str(data.get("grid", "square")).lower()
    if grid_name not in grids:
        raise _unknown(name, "grid", grid_name, grids)
    diagonals = [d.value for d in Diagonal]
    diagonal = str(data.get("diagonal", "alternating")).lower()
    if diagonal not in diagonals:
        raise _unknown(name, "diagonal", diagonal, diagonals)
    cell, unit = _map_cell(data, name, limits)
    legend = _map_legend(data, name)
    return TerrainMap(
        grid=Grid(grid_name),
        cell=cell,
        unit=unit,
        diagonal=Diagonal(diagonal),
        legend=legend,
        rows=_map_rows(data, name, legend, limits),
        name=str(data.get("name", name)),
    )


def load_map(path: str | Path, *, limits: Limits = LIMITS) -> TerrainMap:
    """Read a map file: ``.json`` as JSON, anything else as the text format.

    A bare name (``valley``, ``hexes``) names a sample map shipped in `footfall.maps`. A file
    must be a regular file of at most `limits.map_bytes` bytes of UTF-8 text.
    """
    file = Path(path)
    if not file.exists() and file.parent == Path(".") and file.suffix == "":
        return sample_map(str(path))
    text = read_text(file, "map", limits.map_bytes)  # a regular file; a BOM is dropped
    if file.suffix.lower() == ".json":
        return parse_map_json(text, file.name, limits=limits)
    return parse_map_text(text, file.name, limits=limits)


def sample_map(name: str) -> TerrainMap:
    """Return the sample map `name` shipped in `footfall/maps/`: valley, hexes, hive.

    `name` is looked up among the shipped maps' names and never joined to a path, so a
    request's ``../x`` or ``/etc/passwd`` is an unknown name, not a file read.
    """
    shipped = {
        entry.name.rsplit(".", 1)[0]: entry
        for entry in resources.files("footfall.maps").iterdir()
        if entry.name.endswith((".txt", ".json")) and entry.is_file()
    }
    entry = shipped.get(name)
    if entry is None:
        raise unknown("sample map", name, sorted(shipped))
    text = entry.read_text(encoding="utf-8")
    if entry.name.endswith(".json"):
        return parse_map_json(text, name)
    return parse_map_text(text, name)


# --------------------------------------------------------------------------- search


def _cell_leg(system: System, cell: Cell, distance: Fraction) -> Leg:
    try:
        return make_leg(system, distance, system_unit(system), cell.words)
    except InputError as exc:  # name the map's symbol: a dh2e map read as pf1e, or a typo
        fields = {
            "symbol": quote(cell.symbol),
            "value": " ".join(cell.words),
            "system": system.id,
            "reason": str(exc),
        }
        if system.heresy is not None:
            raise InputError("error.travel.map-cell-heresy", **fields) from None
        raise InputError("error.travel.map-cell-d20", **fields) from None


def _leg_multiplier(system: System, leg: Leg) -> Fraction:
    multiplier = terrain_multiplier(system, leg)
    if multiplier is None:
        raise InputError("error.travel.map-cell-terrain")
    return multiplier


def _class_tables(
    system: System, terrain_map: TerrainMap, rate: Fraction
) -> tuple[list[str], list[Fraction], list[Fraction], dict[str, int]]:
    """Return the passable symbols, their multipliers and exact hours per cell, and codes."""
    cell_distance = to_unit(terrain_map.cell, terrain_map.unit, system_unit(system))
    symbols: list[str] = []
    multipliers: list[Fraction] = []
    hours: list[Fraction] = []
    codes: dict[str, int] = {}
    for symbol, cell in terrain_map.legend.items():
        if cell.impassable:
            continue
        leg = _cell_leg(system, cell, cell_distance)
        mult = _leg_multiplier(system, leg)
        if mult <= 0:
            continue
        codes[symbol] = len(symbols)
        symbols.append(symbol)
        multipliers.append(mult)
        hours.append(cell_distance / (rate * mult))
    return symbols, multipliers, hours, codes


def _backend(terrain_map: TerrainMap, n_states: int) -> ModuleType:
    """The search for this map's size: `footfall.route_lists` or `footfall.route_arrays`."""
    if n_states * terrain_map.width * terrain_map.height <= LIST_STATES:
        from footfall import route_lists

        return route_lists
    from footfall import route_arrays

    return route_arrays


def _default_system() -> str:
    """Return the first system of the registry with overland travel tables (pf1e)."""
    return next(s for s in SYSTEM_IDS if load_system(s).travel is not None)


def find_route(
    terrain_map: TerrainMap,
    start: tuple[int, int],
    goal: tuple[int, int],
    traveller: Traveller,
    *,
    system_id: str | None = None,
    metric: bool = False,
    limits: Limits = LIMITS,
) -> Route:
    """Find the fastest route from `start` to `goal` (``(x, y)`` cells) for `traveller`.

    `system_id` is the game (default: the registry's first with overland travel, pf1e).
    """
    system = load_system(_default_system() if system_id is None else system_id)
    mover = _route_mover(system, traveller, metric, limits)
    for param, (x, y) in (("start", start), ("goal", goal)):
        if not (0 <= x < terrain_map.width and 0 <= y < terrain_map.height):
            raise InputError(
                "error.travel.route-off-map",
                param=Param(param),
                x=quote(x, 20),
                y=quote(y, 20),
                width=terrain_map.width,
                height=terrain_map.height,
            )
    symbols, multipliers, hours, codes = _class_tables(system, terrain_map, mover.walk)
    alternating = terrain_map.grid is Grid.SQUARE and terrain_map.diagonal is Diagonal.ALTERNATING
    backend = _backend(terrain_map, 2 if alternating else 1)
    classes = backend.cell_classes(terrain_map, codes)
    width = terrain_map.width

    def class_at(x: int, y: int) -> int:
        klass: int = backend.class_at(classes, width, x, y)
        return klass

    for param, (x, y) in (("start", start), ("goal", goal)):
        if class_at(x, y) < 0:
            raise InputError("error.travel.route-impassable", param=Param(param), x=x, y=y)
    scale, unit_cost = _time_scale(hours)
    tables = _step_tables(terrain_map, unit_cost, alternating)
    hexes = terrain_map.grid is Grid.HEX
    neighbours = (hexes, not hexes and terrain_map.diagonal is not Diagonal.NONE)
    states, best = backend.route_states(terrain_map, classes, tables, start, goal, neighbours)
    found = best < _INF
    legs = _route_legs(
        system, terrain_map, states, (symbols, multipliers), class_at, mover, alternating
    )
    total = sum((p.hours for p in legs), Fraction(0))
    # The search's integer total and the legs' exact hours must agree.
    assert not found or total * scale == best
    return Route(
        system=system.id,
        found=found,
        start=start,
        goal=goal,
        path=tuple((x, y) for x, y, _ in states),
        legs=tuple(legs),
        hours=total,
        day_hours=mover.row_hours,
        unit=system_unit(system),
        traveller=mover.label,
        metric=metric and system.heresy is None,
        family=system.family,
    )


def _route_mover(system: System, traveller: Traveller, metric: bool, limits: Limits) -> Mover:
    """Return the traveller's rates; refuse a vessel and dh2e's ``metric`` (km already)."""
    if metric and system.heresy is not None:
        raise InputError("error.travel.route-heresy-metric", param=Param("metric"))
    mover = resolve_traveller(system, traveller, limits=limits)
    if mover.water:
        raise InputError(
            "error.travel.route-vessel",
            param=Param("vessel"),
            speed=Param("speed"),
            mount=Param("mount"),
        )
    return mover


def _time_scale(hours: Sequence[Fraction]) -> tuple[Fraction, list[int]]:
    """Return one exact time unit for every class, and each class's cost in it.

    hours x scale are the smallest coprime integers.
    """
    scale = Fraction(math.lcm(*(h.denominator for h in hours)) if hours else 1)
    unit_cost = [int(h * scale) for h in hours]
    common = math.gcd(*unit_cost) if unit_cost else 1
    return scale / common, [c // common for c in unit_cost]


def _step_tables(
    terrain_map: TerrainMap, unit_cost: Sequence[int], alternating: bool
) -> tuple[list[list[list[int]]], list[list[list[int]]]]:
    """Return the search's step costs and next states, ``[state][kind][class]``.

    Kind 0 is a straight step, 1 a diagonal one. Under the alternating rule (RULES.md 1.2,
    `footfall.grid.alternating_diagonals`) a diagonal costs 1 or 2 cells by the parity of the
    diagonals taken so far (the state). A map whose dearest route could pass the kernel's
    integer range is refused.
    """
    n_states = 2 if alternating else 1
    n_classes = max(len(unit_cost), 1)
    cost = [[[0] * n_classes for _kind in range(2)] for _state in range(n_states)]
    next_state = [[[0] * n_classes for _kind in range(2)] for _state in range(n_states)]
    for c, step in enumerate(unit_cost):
        for parity in range(n_states):
            cost[parity][0][c] = step
            next_state[parity][0][c] = parity
            cells, after = alternating_diagonals(parity) if alternating else (1, parity)
            cost[parity][1][c] = cells * step
            next_state[parity][1][c] = after
    dearest = max(c for per_state in cost for per_kind in per_state for c in per_kind)
    if dearest * terrain_map.width * terrain_map.height * n_states >= _INF - 1:
        raise LimitError(
            "error.travel.route-costs", width=terrain_map.width, height=terrain_map.height
        )
    return cost, next_state


def _route_legs(
    system: System,
    terrain_map: TerrainMap,
    states: Sequence[tuple[int, int, int]],
    tables: tuple[Sequence[str], Sequence[Fraction]],
    class_at: Callable[[int, int], int],
    mover: Mover,
    alternating: bool,
) -> list[LegPlan]:
    """Return the route's legs: each run of cells of one meaning, as one `LegPlan`.

    `tables` are the passable symbols and their multipliers, by class.
    """
    symbols, multipliers = tables
    cell_distance = to_unit(terrain_map.cell, terrain_map.unit, system_unit(system))
    legs: list[LegPlan] = []
    run_class, run_cells = -1, 0

    def close() -> None:
        if run_cells:
            mult = multipliers[run_class]
            distance = cell_distance * run_cells
            cell = terrain_map.legend[symbols[run_class]]
            leg = _cell_leg(system, cell, distance)
            per_hour = mover.walk * mult
            legs.append(LegPlan(leg, mult, per_hour, distance / per_hour))

    for (x0, y0, s0), (x1, y1, _s1) in itertools.pairwise(states):
        diagonal_step = x0 != x1 and y0 != y1
        cells = alternating_diagonals(s0)[0] if alternating and diagonal_step else 1
        klass = class_at(x1, y1)
        cell = terrain_map.legend[symbols[klass]]
        same = run_class >= 0 and terrain_map.legend[symbols[run_class]].words == cell.words
        if not same:
            close()
            run_class, run_cells = klass, 0
        run_cells += cells
    close()
    return legs


def parse_point(text: str, what: str, *, limits: Limits = LIMITS) -> tuple[int, int]:
    """Parse ``"x,y"`` into a cell; `what` is the parameter (``start``, ``goal``) in errors.

    A coordinate of more digits than any map could need is refused here, quoted short (a
    5001-digit number is past Python's int() limit and would make a 5000-character line).
    ``from`` and ``to`` are accepted for ``start`` and ``goal``.
    """
    param = Param(_POINTS.get(what, what))
    parts = text.split(",")
    most = len(str(limits.cells))  # any coordinate of more digits is off every map
    for part in parts:
        digits = part.strip().lstrip("+-")
        if len(digits) > most and digits.isdigit():
            raise InputError(
                "error.travel.point-digits",
                param=param,
                text=quote(text, 40),
                digits=len(digits),
                limit=limits.cells,
            )
    try:
        x, y = (int(p) for p in parts)
    except ValueError:
        raise InputError("error.travel.point-format", param=param, value=text) from None
    return x, y
