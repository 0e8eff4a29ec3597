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

All three run on the tactical search kernel (`footfall.tactical.search.search`, a bucket-queue
Dijkstra over integer costs): an odd-r hex grid is a square grid on which even rows may not
step NE or SE and odd rows may not step NW or SW, which is exactly the kernel's per-cell
``exits`` bitmask.

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

import enum
import itertools
import json
import math
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

from footfall.errors import InputError, LimitError, SceneError, quote, unknown
from footfall.grid import alternating_diagonals
from footfall.limits import LIMITS
from footfall.rules import Road, System, Terrain, load_system
from footfall.tactical.search import INF, StepGraph, search
from footfall.travel import (
    KM_PER_MILE,
    Leg,
    LegPlan,
    Traveller,
    make_leg,
    num,
    read_text_file,
    resolve_traveller,
    system_unit,
    to_unit,
)

__all__ = [
    "MAX_CELLS",
    "MAX_MAP_BYTES",
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

#: Largest map footfall searches (cells), a work limit against hostile input.
MAX_CELLS = LIMITS.cells
#: Largest cell side (in the map's unit): past it, hours overflow a display float.
MAX_CELL_SIZE = LIMITS.cell_size
#: Largest map file footfall reads, in bytes: a map of `MAX_CELLS` one-character cells is
#: 4 MB of text (a JSON map's quotes and commas add a little), so 32 MB refuses only what is
#: not a map.
MAX_MAP_BYTES = LIMITS.map_bytes
#: Largest cell coordinate ``--from`` / ``--to`` may give, in digits: a map has at most
#: `MAX_CELLS` cells, so any coordinate of more digits is off every map.
_POINT_DIGITS = len(str(MAX_CELLS))

#: Direction bits of the kernel (N, NE, E, SE, S, SW, W, NW = 0..7).
_ORTHOGONAL = 0b01010101
_ALL = 0xFF
_HEX_EVEN = 0b11110101  # N, E, S, SW, W, NW
_HEX_ODD = 0b01011111  # N, NE, E, SE, S, W


class Grid(enum.Enum):
    """The cell shape of a terrain map."""

    SQUARE = "square"
    """Square cells: 8 neighbours (or 4 with ``diagonal: none``)."""
    HEX = "hex"
    """Pointy-top hexes, odd-r offset coordinates: 6 neighbours."""


class Diagonal(enum.Enum):
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
    unit: str
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
    """The fastest route: its path of cells, legs (as `footfall.travel`), hours and days."""

    system: str
    found: bool
    start: tuple[int, int]
    goal: tuple[int, int]
    path: tuple[tuple[int, int], ...]
    legs: tuple[LegPlan, ...]
    hours: Fraction
    day_hours: Fraction
    unit: str
    traveller: str
    metric: bool = False

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
        return {
            "found": self.found,
            "system": self.system,
            "unit": "km" if self.metric else self.unit,
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
            "legs": [
                {
                    "distance": num(p.leg.distance * scale),
                    "distance_exact": str(p.leg.distance * scale),
                    "terrain": None if p.leg.terrain is None else p.leg.terrain.value,
                    "road": None if p.leg.road is None else p.leg.road.value,
                    **({"dense": p.leg.dense} if self.system == "dh2e" else {}),
                    "multiplier": str(p.multiplier),
                    "per_hour": num(p.per_hour * scale),
                    "hours": num(p.hours),
                    "hours_exact": str(p.hours),
                }
                for p in self.legs
            ],
        }


# --------------------------------------------------------------------------- parsing


def _map_error(where: str, message: str) -> SceneError:
    return SceneError(f"{where}: {message}")


def _uncomment(line: str) -> str:
    """Drop a ``#`` comment: a ``#`` at the start of the line or after a space."""
    if line.lstrip().startswith("#"):
        return ""
    cut = line.find(" #")
    return line if cut < 0 else line[:cut]


def parse_map_text(text: str, name: str = "map") -> TerrainMap:
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
        if section == "legend":
            tokens = stripped.split()
            words = tokens[2:] if len(tokens) > 1 and tokens[1] == "=" else tokens[1:]
            if len(tokens[0]) != 1 or not words:
                where = f"{name} line {number}"
                raise _map_error(where, f"legend entry {quote(stripped)}: use 'X = terrain road'")
            legend[tokens[0]] = " ".join(words)
            continue
        field, sep, value = stripped.partition(":")
        if not sep:
            raise _map_error(
                f"{name} line {number}", f"expected 'key: value', got {quote(stripped)}"
            )
        header[field.strip().lower()] = value.strip()
    return parse_map({**header, "legend": legend, "rows": rows}, name)


def parse_map_json(text: str, name: str = "map") -> TerrainMap:
    """Parse the JSON map format (keys as the text format) into a `TerrainMap`."""
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as exc:
        raise _map_error(name, f"not valid JSON: {exc}") from None
    except RecursionError:
        raise _map_error(name, "not valid JSON: nested too deeply") from None
    except ValueError:  # Python refuses integers of more than 4300 digits (CVE-2020-10735)
        raise _map_error(
            name, f"not valid JSON: a number of more than {sys.get_int_max_str_digits()} digits"
        ) from None
    if not isinstance(data, dict):
        raise _map_error(name, "expected a JSON object")
    return parse_map(data, name)


def parse_map(data: Mapping[str, object], name: str = "map") -> TerrainMap:
    """Validate a map document (``grid``, ``cell``, ``diagonal``, ``legend``, ``rows``)."""
    known = ("grid", "cell", "diagonal", "legend", "rows", "name", "system")
    for key in data:
        if key not in known:
            raise _map_error(name, str(unknown("key", key, known)))
    grids = [g.value for g in Grid]
    grid_name = str(data.get("grid", "square")).lower()
    if grid_name not in grids:
        raise _map_error(name, str(unknown("grid", grid_name, grids)))
    diagonals = [d.value for d in Diagonal]
    diagonal = str(data.get("diagonal", "alternating")).lower()
    if diagonal not in diagonals:
        raise _map_error(name, str(unknown("diagonal", diagonal, diagonals)))
    cell_text = str(data.get("cell", "1 mi")).split()
    if len(cell_text) != 2 or cell_text[1] not in ("mi", "km"):
        raise _map_error(name, f"cell {quote(data.get('cell'))}: expected e.g. '6 mi' or '10 km'")
    try:
        cell = Fraction(cell_text[0])
    except (ValueError, ZeroDivisionError):
        raise _map_error(name, f"cell size {quote(cell_text[0])} is not a number") from None
    if cell <= 0:
        raise _map_error(name, f"cell size {cell} must be more than 0")
    if cell > MAX_CELL_SIZE:
        raise LimitError(f"{name}: cell size {quote(cell_text[0])} is more than {MAX_CELL_SIZE}")
    raw_legend = data.get("legend")
    if not isinstance(raw_legend, Mapping) or not raw_legend:
        raise _map_error(name, "needs a legend of symbols")
    legend: dict[str, Cell] = {}
    for symbol, meaning in raw_legend.items():
        if not isinstance(symbol, str) or len(symbol) != 1 or symbol.isspace():
            raise _map_error(name, f"legend symbol {quote(symbol)} must be one visible character")
        if not isinstance(meaning, str):
            raise _map_error(
                name, f"legend {quote(symbol)}: {quote(meaning)} must be text, e.g. 'forest road'"
            )
        words = tuple(meaning.lower().split())
        legend[symbol] = Cell(symbol, words, impassable=words == ("impassable",))
    raw_rows = data.get("rows")
    if not isinstance(raw_rows, list) or not raw_rows:
        raise _map_error(name, "needs rows")
    for y, raw in enumerate(raw_rows):
        if not isinstance(raw, str):
            raise _map_error(name, f"row {y} {quote(raw)} must be text, one symbol per cell")
    rows = tuple(str(r).replace(" ", "") for r in raw_rows)
    width = len(rows[0])
    if width == 0:
        raise _map_error(name, "rows are empty")
    if len(rows) * width > MAX_CELLS:
        raise LimitError(f"{name}: {width}x{len(rows)} cells is more than {MAX_CELLS}")
    for y, row in enumerate(rows):
        if len(row) != width:
            raise _map_error(name, f"row {y} has {len(row)} cells, row 0 has {width}")
        for ch in set(row):
            if ch not in legend:
                raise _map_error(name, f"row {y}: symbol {quote(ch)} is not in the legend")
    return TerrainMap(
        grid=Grid(grid_name),
        cell=cell,
        unit=cell_text[1],
        diagonal=Diagonal(diagonal),
        legend=legend,
        rows=rows,
        name=str(data.get("name", name)),
    )


def load_map(path: str | Path) -> TerrainMap:
    """Read a map file: ``.json`` as JSON, anything else as the text format.

    A bare name (``valley``, ``hexes``) names a sample map shipped in `footfall.maps`.
    """
    file = Path(path)
    if not file.exists() and file.parent == Path(".") and file.suffix == "":
        return sample_map(str(path))
    text = read_text_file(file, "map", MAX_MAP_BYTES)  # a regular file; a BOM is dropped
    if file.suffix.lower() == ".json":
        return parse_map_json(text, file.name)
    return parse_map_text(text, file.name)


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
        meaning = " ".join(cell.words)
        raise InputError(
            f"legend {quote(cell.symbol)} = {quote(meaning)} does not fit {system.id} ({exc}); "
            + (
                "dh2e maps use open, dense, impassable"
                if system.heresy is not None
                else "pf1e / dnd35 maps use 'TERRAIN ROAD' or impassable"
            )
        ) from None


def _class_tables(
    system: System, terrain_map: TerrainMap, rate: Fraction
) -> tuple[list[str], list[Fraction], list[Fraction], npt.NDArray[np.int16]]:
    """Return the passable symbols, their multipliers and exact hours per cell, and classes."""
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
    return symbols, multipliers, hours, _classes(terrain_map, codes)


def _classes(terrain_map: TerrainMap, codes: Mapping[str, int]) -> npt.NDArray[np.int16]:
    """Return the class id of every cell (-1 impassable), vectorised over the symbols."""
    text = "".join(terrain_map.rows).encode("utf-32-le")
    points = np.frombuffer(text, dtype=np.uint32).reshape(terrain_map.height, terrain_map.width)
    classes = np.full(points.shape, -1, dtype=np.int16)
    for symbol, code in codes.items():
        classes[points == ord(symbol)] = code
    return classes


def _leg_multiplier(system: System, leg: Leg) -> Fraction:
    if system.heresy is not None:
        return system.heresy.dense_factor if leg.dense else Fraction(1)
    if system.travel is None or leg.terrain is None or leg.road is None:
        raise InputError("a map cell needs a terrain and a road, e.g. 'forest trackless'")
    return system.travel.terrain_multiplier(Terrain(leg.terrain), Road(leg.road))


def _exits(terrain_map: TerrainMap) -> npt.NDArray[np.uint8]:
    """Return each cell's allowed step directions (neighbourhood and map edge)."""
    height, width = terrain_map.height, terrain_map.width
    exits = np.empty((height, width), dtype=np.uint8)
    if terrain_map.grid is Grid.HEX:
        exits[0::2, :] = _HEX_EVEN
        exits[1::2, :] = _HEX_ODD
    elif terrain_map.diagonal is Diagonal.NONE:
        exits[:, :] = _ORTHOGONAL
    else:
        exits[:, :] = _ALL
    # Clear the steps that would leave the map: N side (NW, N, NE), S, W, E.
    exits[0, :] &= np.uint8(~0b10000011 & 0xFF)
    exits[-1, :] &= np.uint8(~0b00111000 & 0xFF)
    exits[:, 0] &= np.uint8(~0b11100000 & 0xFF)
    exits[:, -1] &= np.uint8(~0b00001110 & 0xFF)
    return exits


def find_route(
    terrain_map: TerrainMap,
    start: tuple[int, int],
    goal: tuple[int, int],
    traveller: Traveller,
    *,
    system_id: str = "pf1e",
    metric: bool = False,
) -> Route:
    """Find the fastest route from `start` to `goal` (``(x, y)`` cells) for `traveller`."""
    system = load_system(system_id)
    if metric and system.heresy is not None:
        raise InputError("--metric: dh2e maps are in km already (a pf1e / dnd35 option)")
    mover = resolve_traveller(system, traveller)
    if mover.water:
        raise InputError("routes are overland: give --speed or --mount, not a vessel")
    for label, (x, y) in (("from", start), ("to", goal)):
        if not (0 <= x < terrain_map.width and 0 <= y < terrain_map.height):
            raise InputError(
                f"--{label} {quote(x, 20)},{quote(y, 20)} is off the"
                f" {terrain_map.width}x{terrain_map.height} map"
            )
    symbols, multipliers, hours, classes = _class_tables(system, terrain_map, mover.walk)
    for label, (x, y) in (("from", start), ("to", goal)):
        if classes[y, x] < 0:
            raise InputError(f"--{label} {x},{y} is an impassable cell")
    # One exact time unit for every class: hours x scale are the smallest coprime integers.
    scale = Fraction(math.lcm(*(h.denominator for h in hours)) if hours else 1)
    unit_cost = [int(h * scale) for h in hours]
    common = math.gcd(*unit_cost) if unit_cost else 1
    scale /= common
    unit_cost = [c // common for c in unit_cost]
    alternating = terrain_map.grid is Grid.SQUARE and terrain_map.diagonal is Diagonal.ALTERNATING
    n_states = 2 if alternating else 1
    n_classes = max(len(symbols), 1)
    cost = np.zeros((n_states, 2, n_classes), dtype=np.int64)
    next_state = np.zeros((n_states, 2, n_classes), dtype=np.int8)
    for c, step in enumerate(unit_cost):
        for parity in range(n_states):
            cost[parity, 0, c] = step
            next_state[parity, 0, c] = parity
            cells, after = alternating_diagonals(parity) if alternating else (1, parity)
            cost[parity, 1, c] = cells * step
            next_state[parity, 1, c] = after
    worst = int(cost.max()) * terrain_map.width * terrain_map.height * n_states
    if worst >= INF - 1:
        raise LimitError(
            f"route costs on this {terrain_map.width}x{terrain_map.height} map need more than "
            "32-bit integers (exact time scale too fine); use a coarser map"
        )
    graph = StepGraph(
        square_class=classes,
        exits=_exits(terrain_map),
        cost=cost.astype(np.int32),
        next_state=next_state,
    )
    result = search(graph, [(start[0], start[1], 0, 0)], INF - 1, target=goal)
    gx, gy = goal
    best_state = int(np.argmin(result.dist[:, gy, gx]))
    day_hours = mover.row_hours
    label = mover.label
    if int(result.dist[best_state, gy, gx]) >= INF:
        unit = system_unit(system)
        is_metric = metric and system.heresy is None
        return Route(
            system.id, False, start, goal, (), (), Fraction(0), day_hours, unit, label, is_metric
        )
    height, width = terrain_map.height, terrain_map.width
    states: list[tuple[int, int, int]] = []
    index = (best_state * height + gy) * width + gx
    flat_parent = result.parent.reshape(-1)
    while index >= 0:
        state, rest = divmod(index, height * width)
        y, x = divmod(rest, width)
        states.append((x, y, state))
        index = int(flat_parent[index])
    states.reverse()
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
        klass = int(classes[y1, x1])
        cell = terrain_map.legend[symbols[klass]]
        same = run_class >= 0 and terrain_map.legend[symbols[run_class]].words == cell.words
        if not same:
            close()
            run_class, run_cells = klass, 0
        run_cells += cells
    close()
    total = sum((p.hours for p in legs), Fraction(0))
    # The search's integer total and the legs' exact hours must agree.
    assert total * scale == int(result.dist[best_state, gy, gx])
    return Route(
        system=system.id,
        found=True,
        start=start,
        goal=goal,
        path=tuple((x, y) for x, y, _ in states),
        legs=tuple(legs),
        hours=total,
        day_hours=day_hours,
        unit=system_unit(system),
        traveller=label,
        metric=metric and system.heresy is None,
    )


def parse_point(text: str, what: str) -> tuple[int, int]:
    """Parse ``"x,y"`` into a cell; `what` names the option in errors.

    A coordinate of more digits than any map could need is refused here, quoted short (a
    5001-digit number is past Python's int() limit and would make a 5000-character line).
    """
    parts = text.split(",")
    for part in parts:
        digits = part.strip().lstrip("+-")
        if len(digits) > _POINT_DIGITS and digits.isdigit():
            raise InputError(
                f"--{what} {quote(text, 40)} is off every map: a coordinate of {len(digits)}"
                f" digits (a map has at most {MAX_CELLS} cells)"
            )
    try:
        x, y = (int(p) for p in parts)
    except ValueError:
        raise InputError(f"--{what} {quote(text)}: expected X,Y (column,row), e.g. 2,3") from None
    return x, y
