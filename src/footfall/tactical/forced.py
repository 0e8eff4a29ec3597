"""Draw Steel forced movement: push, pull and slide a creature N squares (`forced_move`).

The rules are Draw Steel: Heroes' "Forced Movement" (the numbers in ``systems/drawsteel.toml``
``[steel.forced]``, each beside its source) and seed 002's one sentence on it: at the
Director's discretion a creature may be forced into the space of a creature within 1 size of
its own, and then takes a bane (switch ``forced_share``: ``collide``, the official rule, or
``allow``). What the texts leave open is in docs/decisions.md, "Forced movement"; the answer's
shape in docs/tactical.md, "Forced movement".

- push N: a straight line, every square farther from the source; pull N: every square
  closer; slide N: any path. Up to N squares (fewer is always allowed); ``vertical`` lets the
  movement go up and down too. Difficult terrain is ignored; nothing is provoked.
- Into a creature: the movement ends; both take 1 damage per square remaining. Into an object
  (a wall square, a thin wall, a closed door, the ground, the ceiling): the movement ends; the
  target takes 2 damage plus 1 per square remaining, unless enough squares remain to hurl it
  through (glass 1, wood 3, stone 6, metal 9 squares), which it survives with 3, 5, 8 or 11
  damage and goes on. Downward into an object: falling damage too, as if it fell the squares
  it was moved down with Agility 0. Ending aloft without flight: it falls (2 per square, less
  its Agility, once 2 or more; at most 50).

Coordinates are the top-left square ``(x, y)`` of the target's space; with ``vertical`` a
position is ``(x, y, z)``, z in squares above the ground (a creature's ``alt`` / 5 ft).

>>> from footfall.scene import parse_scene
>>> scene = parse_scene({"footfall": 1, "system": "drawsteel", "map": ["....#"],
...     "creatures": [{"id": "hero", "at": [0, 0], "size": "1M", "side": "party"},
...                   {"id": "orc", "at": [1, 0], "size": "1M", "side": "foes"}]})
>>> answer = forced_move(scene, "orc", "push", 4, source="hero", path=[(2, 0), (3, 0), (4, 0)])
>>> answer.outcomes[0].end, answer.outcomes[0].collision.damage  # 2 moved, 2 left: 2 + 2
((3, 0, 0), 4)
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from footfall.errors import InputError, LimitError, Param, unknown
from footfall.limits import LIMITS, Limits
from footfall.rules import Family, Material, SteelForced, System, load_system
from footfall.scene import Creature, Scene, footprint
from footfall.scene.model import creature as find_creature
from footfall.tactical.conditions import condition_rows
from footfall.tactical.forced_world import (
    Body,
    Cell,
    Collision,
    Hit,
    Hurled,
    Outcome,
    State,
    World,
    step,
    stop,
)

__all__ = [
    "Cell",
    "Collision",
    "Forced",
    "Hit",
    "Hurled",
    "Kind",
    "Outcome",
    "forced_move",
    "straight_lines",
]


class Kind(StrEnum):
    """The three forced movements (Draw Steel Heroes, "Forced Movement")."""

    PUSH = "push"
    PULL = "pull"
    SLIDE = "slide"


@dataclass(frozen=True, slots=True)
class Forced:
    """The answer of `forced_move`: the rules applied and the outcomes."""

    scene: Scene = field(repr=False)
    target: str
    kind: Kind
    asked: int
    """The distance the effect names."""
    distance: int
    """The distance moved at most: `asked` plus the big-versus-little bonus, less stability."""
    bonus: int
    stability: int
    source: str | None
    origin: Cell | None
    vertical: bool
    switches: Mapping[str, str]
    outcomes: tuple[Outcome, ...]
    checked: bool
    """Whether a path was given (one outcome, maybe with violations) or all were listed."""
    held: str | None = None
    """The target's condition that forced movement cannot move it out of (restrained: Draw
    Steel Heroes, Conditions), None when it moves; then `distance` is 0."""

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """Return the answer as plain JSON values (docs/tactical.md, "Forced movement")."""
        del lang  # the answer holds ids and numbers only
        return {
            "system": self.scene.system,
            "target": self.target,
            "kind": self.kind.value,
            "asked": self.asked,
            "distance": self.distance,
            "bonus": self.bonus,
            "stability": self.stability,
            "source": self.source,
            "origin": None if self.origin is None else self._cell(self.origin),
            "vertical": self.vertical,
            "interpretations": dict(self.switches),
            "checked": self.checked,
            "held": self.held,
            "outcomes": [self._outcome_json(o) for o in self.outcomes],
        }

    def _cell(self, cell: Cell) -> list[int]:
        return list(cell) if self.vertical else [cell[0], cell[1]]

    def _outcome_json(self, o: Outcome) -> dict[str, Any]:
        hit = o.collision
        out: dict[str, Any] = {
            "end": self._cell(o.end),
            "path": [self._cell(c) for c in o.path],
            "moved": o.moved,
            "damage": o.damage,
            "collision": None
            if hit is None
            else {
                "hit": hit.hit.value,
                "at": self._cell(hit.at),
                "remaining": hit.remaining,
                "damage": hit.damage,
                "creature": hit.creature,
                "other_damage": hit.other_damage,
                "material": None if hit.material is None else hit.material.value,
            },
            "hurled": [
                {
                    "at": self._cell(h.at),
                    "material": h.material.value,
                    "cost": h.cost,
                    "damage": h.damage,
                }
                for h in o.hurled
            ],
            "fall": o.fall,
            "fall_damage": o.fall_damage,
            "shares": o.shares,
            "bane": o.bane,
            "hazardous": [list(s) for s in o.hazardous],
        }
        if self.checked:
            out["legal"] = o.legal
            out["violations"] = [{"rule": r, "step": s} for r, s in o.violations]
        return out


# --------------------------------------------------------------------------------------------
# straight lines, a given path, every outcome
# --------------------------------------------------------------------------------------------


def _round(num: int, den: int, up: bool) -> int:
    """Round num/den (den > 0) to the nearest integer; halves go down, or up when `up`."""
    q, r = divmod(num, den)
    return q + 1 if 2 * r > den or (up and 2 * r == den) else q


def straight_lines(start: Cell, end: Cell) -> list[tuple[Cell, ...]]:
    """Return the straight lines of positions from `start` to `end` (after the start).

    As `footfall.tactical.walk.straight_lines` (a charge's line), in three dimensions: each
    step advances one square along the longest axis and keeps the others within half a square
    of the exact line; a tie between two squares gives both lines.

    >>> straight_lines((0, 0, 0), (2, 1, 0))
    [((1, 0, 0), (2, 1, 0)), ((1, 1, 0), (2, 1, 0))]
    """
    length = max(abs(e - s) for s, e in zip(start, end, strict=True))
    lines: list[tuple[Cell, ...]] = []
    for up in (False, True):
        line = tuple(
            (
                start[0] + _round(i * (end[0] - start[0]), length, up),
                start[1] + _round(i * (end[1] - start[1]), length, up),
                start[2] + _round(i * (end[2] - start[2]), length, up),
            )
            for i in range(1, length + 1)
        )
        if line not in lines:
            lines.append(line)
    return lines


def _step_rule(world: World, kind: Kind, vertical: bool, a: Cell, b: Cell) -> str | None:
    """The rule the step `a` -> `b` breaks, if any."""
    if max(abs(p - q) for p, q in zip(a, b, strict=True)) != 1:
        return "forced-not-adjacent"
    if b[2] != a[2] and not vertical:
        return "forced-vertical"
    if kind is Kind.PUSH and world.distance(b) <= world.distance(a):
        return "forced-not-farther"
    if kind is Kind.PULL and world.distance(b) >= world.distance(a):
        return "forced-not-closer"
    return None


def _violations(
    world: World, kind: Kind, vertical: bool, distance: int, path: Sequence[Cell]
) -> list[tuple[str, int]]:
    """Every rule the intended `path` breaks, with its 1-based step."""
    found: list[tuple[str, int]] = []
    previous = world.start
    for index, cell in enumerate(path, start=1):
        rule = _step_rule(world, kind, vertical, previous, cell)
        if rule is not None:
            found.append((rule, index))
        previous = cell
    if len(path) > distance:
        found.append(("forced-too-far", distance + 1))
    if kind is not Kind.SLIDE and path and not found:
        lines = straight_lines(world.start, path[-1])
        if tuple(path) not in lines:
            first = min(
                next((i for i, (p, q) in enumerate(zip(path, line, strict=False)) if p != q), 0)
                for line in lines
            )
            found.append(("forced-not-straight", first + 1))
    return found


def _run(world: World, distance: int, path: Iterable[Cell]) -> Outcome:
    """Move the target along `path` with `distance` squares: stop at the first collision."""
    state = State(world.start, distance)
    for cell in path:
        if state.left <= 0:
            break
        moved = step(world, state, cell)
        if isinstance(moved, Outcome):
            return moved
        state = moved
    return stop(world, state)


def _ends(world: World, distance: int, vertical: bool) -> Iterable[Cell]:
    """Every position a straight push or pull of `distance` may aim at."""
    x0, y0, z0 = world.start
    reach = min(distance, max(world.scene.width, world.scene.height))
    zs = [z0]
    if vertical:
        top = z0 + reach if world.ceiling is None else min(z0 + reach, world.ceiling)
        zs = list(range(max(z0 - reach, -1), top + 1))
    # aimed no farther than one square past the map's edge (the edge stops a line there)
    xs = range(max(x0 - reach, -1), min(x0 + reach, world.scene.width) + 1)
    ys = range(max(y0 - reach, -1), min(y0 + reach, world.scene.height) + 1)
    for z in zs:
        for y in ys:
            for x in xs:
                if (x, y, z) != world.start:
                    yield x, y, z


def _lines(world: World, kind: Kind, distance: int, vertical: bool, limit: int) -> list[Outcome]:
    """Every outcome of a straight push or pull: one per line aimed, duplicates merged."""
    found: dict[Outcome, None] = {}
    ends = list(_ends(world, distance, vertical))
    if len(ends) * min(distance, max(world.scene.width, world.scene.height)) // 2 > limit:
        raise LimitError("error.forced.work", param=Param("distance"), limit=limit)  # at once
    work = 0
    for end in ends:
        for line in straight_lines(world.start, end):
            work += len(line)
            if work > limit:
                raise LimitError("error.forced.work", param=Param("distance"), limit=limit)
            previous = world.start
            legal = True
            for cell in line:
                if _step_rule(world, kind, vertical, previous, cell) is not None:
                    legal = False
                    break
                previous = cell
            if legal:
                played = _run(world, distance, line)
                if played.collision is not None and played.collision.hit is Hit.EDGE:
                    played = replace(played, collision=None)  # the edge only stops it
                found.setdefault(played)
    return list(found)


def _neighbours(cell: Cell, vertical: bool) -> Iterable[Cell]:
    x, y, z = cell
    for dz in (-1, 0, 1) if vertical else (0,):
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if dx or dy or dz:
                    yield x + dx, y + dy, z + dz


def _slides(world: World, distance: int, vertical: bool, limit: int) -> list[Outcome]:
    """Every outcome of a slide: the fewest squares to each position, and each collision."""
    best: dict[Cell, State] = {world.start: State(world.start, distance)}
    queue: list[tuple[int, Cell]] = [(0, world.start)]
    stops: dict[tuple[Any, ...], Outcome] = {}
    work = 0
    while queue:
        moved, cell = heapq.heappop(queue)
        state = best[cell]
        if state.moved != moved or state.left <= 0:
            continue
        for nxt in _neighbours(cell, vertical):
            work += 1
            if work > limit:
                raise LimitError("error.forced.work", param=Param("distance"), limit=limit)
            result = step(world, state, nxt)
            if isinstance(result, Outcome):
                hit = result.collision
                key = (hit.hit, hit.at, hit.creature) if hit else (None, result.end, None)
                if hit is not None and hit.hit is Hit.EDGE:
                    continue
                if key not in stops or stops[key].moved > result.moved:
                    stops[key] = result
                continue
            seen = best.get(result.cell)
            if seen is None or seen.moved > result.moved:
                best[result.cell] = result
                heapq.heappush(queue, (result.moved, result.cell))
    ends = [stop(world, s) for c, s in best.items() if c != world.start]
    return ends + list(stops.values())


# --------------------------------------------------------------------------------------------
# the query
# --------------------------------------------------------------------------------------------


def _rules(scene: Scene, system: System | None) -> tuple[System, SteelForced]:
    """The system and its forced-movement rules; a system without them is refused."""
    rules = system if system is not None else load_system(scene.system)
    if rules.family is not Family.STEEL or rules.steel is None or rules.steel.forced is None:
        raise InputError("error.forced.system", system=rules.id, value=rules.id)
    return rules, rules.steel.forced


def _body(scene: Scene, rules: System, c: Creature, per_square: int) -> Body:
    assert rules.steel is not None
    order = next((s.order for s in rules.steel.sizes if s.size == c.size), 0)
    return Body(c.id, c.at[0], c.at[1], c.alt // per_square, footprint(scene, c), order)


def _origin(scene: Scene, source: str | Sequence[int] | None) -> tuple[str | None, Creature | None]:
    """The source's id and creature, when `source` names one."""
    if isinstance(source, str):
        return source, find_creature(scene, source, Param("source"))
    return None, None


def _source_body(
    scene: Scene, rules: System, source: str | Sequence[int] | None, per_square: int
) -> Body | None:
    """The source as a box: a creature's space, or a square (z 0 unless given)."""
    if source is None:
        return None
    if isinstance(source, str):
        return _body(scene, rules, find_creature(scene, source, Param("source")), per_square)
    cell = tuple(source)
    if len(cell) not in (2, 3) or not all(isinstance(v, int) for v in cell):
        raise InputError("error.forced.origin", param=Param("source"), value=list(cell))
    x, y = cell[0], cell[1]
    if not (0 <= x < scene.width and 0 <= y < scene.height):
        raise InputError(
            "error.tactical.off-map", param=Param("source"), x=x, y=y, width=scene.width,
            height=scene.height, last_x=scene.width - 1, last_y=scene.height - 1,
        )  # fmt: skip
    return Body("", x, y, cell[2] if len(cell) == 3 else 0, 1, -1)


def _distance(asked: int, stability: int, bonus: int, limits: Limits) -> int:
    """The squares the target is moved at most: `asked` + `bonus` - `stability`, at least 0."""
    for name, value in (("distance", asked), ("stability", stability)):
        if value < 0:
            raise InputError("error.tactical.distance-negative", param=Param(name), value=value)
        if value > limits.speed:
            raise InputError(
                "error.tactical.distance-limit", param=Param(name), value=value, limit=limits.speed
            )
    return max(0, asked + bonus - stability)


def _cells(path: Sequence[Sequence[int]], vertical: bool, z0: int) -> list[Cell]:
    """Read a given path: ``[x, y]`` squares (at the target's height) or ``[x, y, z]``."""
    cells: list[Cell] = []
    for i, square in enumerate(path):
        values = tuple(square)
        if len(values) == 2:
            cells.append((values[0], values[1], z0))
        elif len(values) == 3:
            cells.append((values[0], values[1], values[2]))
        else:
            raise InputError("error.forced.path-square", param=Param("path", i), value=list(values))
    return cells


def forced_move(
    scene: Scene,
    target_id: str,
    kind: Kind | str,
    distance: int,
    *,
    source: str | Sequence[int] | None = None,
    path: Sequence[Sequence[int]] | None = None,
    vertical: bool = False,
    stability: int = 0,
    melee_weapon: bool = False,
    agility: int = 0,
    walls: Material | str | None = None,
    doors: Material | str | None = None,
    switches: Mapping[str, str] | None = None,
    system: System | None = None,
    limits: Limits = LIMITS,
) -> Forced:
    """Push, pull or slide `target_id` up to `distance` squares (Draw Steel forced movement).

    `source` is the creature (id) or square ``[x, y]`` (``[x, y, z]``) moving the target:
    needed for a push or pull, and for the big-versus-little bonus (`melee_weapon`: the
    ability is a melee weapon ability; a larger source adds 1). `stability` is the target's,
    subtracted from the distance; `agility` its Agility score (less falling damage). `walls`
    and `doors` name what a map's walls and closed doors are made of (default: stone, wood).
    Without `path`, every outcome is listed (each square the target may end in, each
    collision it may be driven into); with `path` (the positions after the start, as
    intended), that one movement is played and checked. `switches`: ``forced_share``.
    """
    rules, forced = _rules(scene, system)
    try:
        kind = Kind(kind)
    except ValueError:
        raise unknown(
            "forced movement", kind, [k.value for k in Kind], param=Param("kind")
        ) from None
    target = find_creature(scene, target_id, Param("target"))
    per_square = forced.ft_per_square
    src_id, src_creature = _origin(scene, source)
    src = _source_body(scene, rules, source, per_square)
    if kind is not Kind.SLIDE and src is None:
        raise InputError("error.forced.needs-source", param=Param("source"), kind=kind.value)
    if src_creature is not None and src_creature.id == target.id:
        raise InputError("error.forced.self", param=Param("source"), value=target.id)
    me = _body(scene, rules, target, per_square)
    bigger = melee_weapon and src is not None and src.order > me.order
    bonus = forced.big_bonus if bigger else 0
    most = _distance(distance, stability, bonus, limits)
    rows = condition_rows(rules, target)
    held = next((str(row.condition) for row in rows if not row.force_moved), None)
    if held is not None:
        most = 0  # a restrained creature "can't be force moved" (Draw Steel Heroes, Conditions)
    chosen = rules.switches(switches)
    world = World(
        scene=scene,
        rules=forced,
        side=me.side,
        order=me.order,
        bodies=tuple(
            _body(scene, rules, c, per_square) for c in scene.creatures if c.id != target.id
        ),
        walls=_material(walls, forced.wall_material, "walls"),
        doors=_material(doors, forced.door_material, "doors"),
        share=chosen.get("forced_share") == "allow",
        bane_gap=rules.steel.bane_size_gap if rules.steel else 1,
        ceiling=None if scene.ceiling_ft is None else scene.ceiling_ft // per_square,
        source=src,
        agility=agility,
        flies=target.fly is not None,
        start=(me.x, me.y, me.z),
    )
    if path is not None:
        if len(path) > limits.path_squares:
            raise LimitError(
                "error.api.path-squares", param=Param("path"), count=len(path),
                limit=limits.path_squares,
            )  # fmt: skip
        cells = _cells(path, vertical, me.z)
        played = _run(world, most, cells[:most])
        broken = tuple(_violations(world, kind, vertical, most, cells))
        outcomes: tuple[Outcome, ...] = (replace(played, violations=broken),)
    elif held is not None:
        outcomes = (_run(world, 0, []),)  # it stays where it stands
    else:
        work = limits.forced_work
        listed = (
            _slides(world, most, vertical, work)
            if kind is Kind.SLIDE
            else _lines(world, kind, most, vertical, work)
        )
        outcomes = tuple(sorted(listed, key=_order))
    return Forced(
        scene, target.id, kind, distance, most, bonus, stability, src_id,
        None if src is None or src_id is not None else (src.x, src.y, src.z),
        vertical, chosen, outcomes, path is not None, held,
    )  # fmt: skip


def _order(o: Outcome) -> tuple[Any, ...]:
    end = o.end
    hit = o.collision
    return (end[1], end[0], end[2], o.moved, hit.hit.value if hit else "", o.path)


def _material(value: Material | str | None, default: Material, name: str) -> Material:
    if value is None:
        return default
    try:
        return Material(value)
    except ValueError:
        raise unknown("material", value, [m.value for m in Material], param=Param(name)) from None
