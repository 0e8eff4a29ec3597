"""The world a Draw Steel forced movement goes through, and one step of it.

`footfall.tactical.forced` is the public module (`forced_move`); this one holds its records
(`Hit`, `Collision`, `Hurled`, `Outcome`) and the rules of one step: objects, creatures, the
map's edge, the ground and ceiling, pits, hurling through objects, falling at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from footfall.rules import Material, SteelForced
from footfall.scene import Flag, Scene
from footfall.scene.layers import entry_at
from footfall.scene.walls import segments_touch

__all__ = [
    "Body",
    "Cell",
    "Collision",
    "Hit",
    "Hurled",
    "Outcome",
    "Square",
    "State",
    "World",
    "step",
    "stop",
]

Square = tuple[int, int]
#: A position of the target's space: top-left square and height above the ground, squares.
Cell = tuple[int, int, int]


class Hit(StrEnum):
    """What ends a forced movement early."""

    CREATURE = "creature"
    """Another creature's space (the source's too, for a pull or slide): both take damage."""
    OBJECT = "object"
    """A wall square, a thin wall or a closed door that did not break."""
    GROUND = "ground"
    """The ground, moved down into (an object that never breaks)."""
    CEILING = "ceiling"
    """The ceiling of an indoor map (its ``ceiling_ft``), moved up into."""
    EDGE = "edge"
    """The map's edge: the movement stops there, no damage (docs/decisions.md)."""
    PIT = "pit"
    """A pit: the target drops in and the movement ends (its depth is not on the map)."""


@dataclass(frozen=True, slots=True)
class Collision:
    """Where and into what a forced movement ran, and what it dealt."""

    hit: Hit
    at: Cell
    """The position the target would have entered."""
    remaining: int
    """Squares of the forced movement left when it ended."""
    damage: int
    """Damage the target takes from the collision (falling damage is `Outcome.fall_damage`)."""
    creature: str | None = None
    """The creature hit; it takes `other_damage`."""
    other_damage: int = 0
    material: Material | None = None
    """The object's material (`Hit.OBJECT`)."""


@dataclass(frozen=True, slots=True)
class Hurled:
    """An object the target was hurled through: its squares, material, cost and damage."""

    at: Cell
    material: Material
    cost: int
    damage: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """One way the forced movement can go: the squares entered, where it ends, the damage."""

    start: Cell
    path: tuple[Cell, ...]
    """Positions entered, in order, after the start."""
    moved: int
    """Squares of forced movement used (moving and hurling)."""
    collision: Collision | None = None
    hurled: tuple[Hurled, ...] = ()
    fall: int = 0
    """Squares fallen after the movement (the target ends aloft and cannot fly), or moved down
    into an object."""
    fall_damage: int = 0
    shares: str | None = None
    """The creature whose space the target ends in (switch ``forced_share=allow``)."""
    bane: bool = False
    """The target ends in the space of a creature within 1 size of its own (seed 002)."""
    hazardous: tuple[Square, ...] = ()
    """Hazardous (damaging) squares entered: affected as if it moved there willingly."""
    violations: tuple[tuple[str, int], ...] = ()
    """For a given path: each broken rule and the 1-based step breaking it."""

    @property
    def end(self) -> Cell:
        """The position the target ends in (its start if it did not move)."""
        return self.path[-1] if self.path else self.start

    @property
    def damage(self) -> int:
        """All damage the target takes: collision, hurling and falling."""
        hit = self.collision.damage if self.collision else 0
        return hit + sum(h.damage for h in self.hurled) + self.fall_damage

    @property
    def legal(self) -> bool:
        """Whether a given path breaks no rule (a listed outcome always is legal)."""
        return not self.violations


# --------------------------------------------------------------------------------------------
# the world the target moves through
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Body:
    """A creature's box: top-left square, height above the ground and side (squares)."""

    id: str
    x: int
    y: int
    z: int
    side: int
    order: int


def _gap(a0: int, a_side: int, b0: int, b_side: int) -> int:
    """Squares between two spans on one axis (0: they overlap)."""
    return max(0, a0 - (b0 + b_side - 1), b0 - (a0 + a_side - 1))


@dataclass(slots=True)
class World:
    """The scene as forced movement sees it, and the rules of the query."""

    scene: Scene
    rules: SteelForced
    side: int
    order: int
    bodies: tuple[Body, ...]
    walls: Material
    doors: Material
    share: bool
    bane_gap: int
    ceiling: int | None
    source: Body | None
    agility: int
    flies: bool
    start: Cell

    def distance(self, cell: Cell) -> int:
        """Squares from the source's space to the target's space at `cell` (Draw Steel counts
        every step 1, up and down too)."""
        s = self.source
        if s is None:
            return 0
        return max(
            _gap(cell[0], self.side, s.x, s.side),
            _gap(cell[1], self.side, s.y, s.side),
            _gap(cell[2], self.side, s.z, s.side),
        )

    def squares(self, cell: Cell) -> list[Square]:
        """The map squares under the target's space at `cell`."""
        x, y, _ = cell
        return [(x + dx, y + dy) for dy in range(self.side) for dx in range(self.side)]

    def on_map(self, cell: Cell) -> bool:
        """Whether the whole space at `cell` is on the map."""
        x, y, _ = cell
        w, h = self.scene.width, self.scene.height
        return x >= 0 and y >= 0 and x + self.side <= w and y + self.side <= h

    def creatures_at(self, cell: Cell) -> list[Body]:
        """The other creatures whose boxes overlap the target's box at `cell`."""
        return [
            b
            for b in self.bodies
            if _gap(cell[0], self.side, b.x, b.side) == 0
            and _gap(cell[1], self.side, b.y, b.side) == 0
            and _gap(cell[2], self.side, b.z, b.side) == 0
        ]

    def wall_squares(self, cell: Cell, broken: frozenset[Square]) -> list[Square]:
        """The wall (or impassable) squares of the space at `cell` not yet broken."""
        out = []
        for square in self.squares(cell):
            entry = entry_at(self.scene, *square)
            if (Flag.WALL in entry.flags or entry.impassable) and square not in broken:
                out.append(square)
        return out

    def pit(self, cell: Cell) -> bool:
        """Whether the space at `cell` is over a pit, on the ground."""
        return cell[2] == 0 and any(
            Flag.PIT in entry_at(self.scene, *s).flags for s in self.squares(cell)
        )

    def thin_walls(self, a: Cell, b: Cell, broken: frozenset[int]) -> list[int]:
        """The blocking thin walls (indices) the step of the space from `a` to `b` crosses."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if dx == 0 and dy == 0:
            return []
        hits: set[int] = set()
        for sx, sy in self.squares(a):
            p = (Fraction(2 * sx + 1, 2), Fraction(2 * sy + 1, 2))
            q = (p[0] + dx, p[1] + dy)
            for i, wall in enumerate(self.scene.walls):
                if i not in broken and wall.blocks and segments_touch(p, q, wall.start, wall.end):
                    hits.add(i)
        return sorted(hits)

    def corner(self, a: Cell, b: Cell, broken: frozenset[Square]) -> list[Square]:
        """The wall squares a diagonal step of the space cuts the corner of (RULES.md 3)."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if dx == 0 or dy == 0:
            return []
        out = []
        for sx, sy in self.squares(a):
            for square in ((sx + dx, sy), (sx, sy + dy)):
                if not (0 <= square[0] < self.scene.width and 0 <= square[1] < self.scene.height):
                    continue
                entry = entry_at(self.scene, *square)
                if Flag.WALL in entry.flags and square not in broken and square not in out:
                    out.append(square)
        return out

    def falling(self, squares: int, agility: int) -> int:
        """Falling damage of a fall of `squares` less `agility` (Draw Steel Heroes, Falling)."""
        rule = self.rules.falling
        height = squares - max(agility, 0)
        if height < rule.least:
            return 0
        return min(rule.per_square * height, rule.most)


# --------------------------------------------------------------------------------------------
# one step
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class State:
    """Where a forced movement stands: position, squares left and what it did so far."""

    cell: Cell
    left: int
    moved: int = 0
    path: tuple[Cell, ...] = ()
    hurled: tuple[Hurled, ...] = ()
    broken: frozenset[Square] = frozenset()
    broken_walls: frozenset[int] = frozenset()
    descended: int = 0
    hazardous: tuple[Square, ...] = ()


def _object_hits(world: World, state: State, nxt: Cell) -> list[tuple[Material, Square | int]]:
    """The unbroken objects the step to `nxt` runs into: wall squares and thin walls."""
    hits: list[tuple[Material, Square | int]] = []
    for index in world.thin_walls(state.cell, nxt, state.broken_walls):
        door = world.scene.walls[index].door is not None
        hits.append((world.doors if door else world.walls, index))
    squares = world.wall_squares(nxt, state.broken)
    for square in world.corner(state.cell, nxt, state.broken):
        if square not in squares:
            squares.append(square)
    hits.extend((world.walls, square) for square in squares)
    return hits


def _slam(world: World, state: State, nxt: Cell, hit: Hit, material: Material | None) -> Outcome:
    """The outcome of running into an object (or the ground, the ceiling) at `nxt`."""
    rules = world.rules
    damage = rules.object_damage + rules.object_per_square * state.left
    down = nxt[2] < state.cell[2]
    fall = state.descended if down else 0
    return stop(
        world,
        state,
        Collision(hit, nxt, state.left, damage, material=material),
        fall=fall,
        fall_damage=world.falling(fall, 0) if fall else 0,
    )


def step(world: World, state: State, nxt: Cell) -> State | Outcome:
    """Move the target one position to `nxt`: the new state, or the outcome that ends it."""
    if not world.on_map(nxt):
        return stop(world, state, Collision(Hit.EDGE, nxt, state.left, 0))
    if nxt[2] < 0:
        return _slam(world, state, nxt, Hit.GROUND, None)
    if world.ceiling is not None and nxt[2] + world.side > world.ceiling:
        return _slam(world, state, nxt, Hit.CEILING, None)
    hits = _object_hits(world, state, nxt)
    if hits:
        material = max((m for m, _ in hits), key=lambda m: world.rules.hurl_of(m).cost)
        row = world.rules.hurl_of(material)
        if state.left < row.cost:
            return _slam(world, state, nxt, Hit.OBJECT, material)
        state = State(
            state.cell,
            state.left - row.cost,
            state.moved + row.cost,
            state.path,
            (*state.hurled, Hurled(nxt, material, row.cost, row.damage)),
            state.broken | {h for _, h in hits if isinstance(h, tuple)},
            state.broken_walls | {h for _, h in hits if isinstance(h, int)},
            state.descended,
            state.hazardous,
        )
        if state.left == 0:
            return stop(world, state)
    others = world.creatures_at(nxt)
    if others and not world.share:
        hit = min(others, key=lambda b: b.id)
        damage = world.rules.creature_damage * state.left
        collision = Collision(Hit.CREATURE, nxt, state.left, damage, hit.id, damage)
        return stop(world, state, collision)
    hazardous = tuple(
        s
        for s in world.squares(nxt)
        if nxt[2] == 0 and Flag.HAZARDOUS in entry_at(world.scene, *s).flags
    )
    state = State(
        nxt,
        state.left - 1,
        state.moved + 1,
        (*state.path, nxt),
        state.hurled,
        state.broken,
        state.broken_walls,
        state.descended + max(0, state.cell[2] - nxt[2]),
        state.hazardous + tuple(s for s in hazardous if s not in state.hazardous),
    )
    if world.pit(nxt):
        return stop(world, state, Collision(Hit.PIT, nxt, state.left, 0))
    return state


def stop(
    world: World,
    state: State,
    collision: Collision | None = None,
    *,
    fall: int | None = None,
    fall_damage: int = 0,
) -> Outcome:
    """The outcome of a movement that stopped in `state` (maybe after `collision`)."""
    end = state.cell
    if fall is None:
        aloft = end[2] > 0 and not world.flies
        fall = end[2] if aloft else 0
        fall_damage = world.falling(fall, world.agility) if aloft else 0
    shares: str | None = None
    bane = False
    sharing = world.creatures_at(end)
    if sharing:
        with_ = min(sharing, key=lambda b: b.id)
        shares = with_.id
        bane = any(abs(b.order - world.order) <= world.bane_gap for b in sharing)
    return Outcome(
        world.start,
        state.path,
        state.moved,
        collision,
        state.hurled,
        fall,
        fall_damage,
        shares,
        bane,
        state.hazardous,
    )
