"""Decide where a flyer may be on a scene: map edges, walls, the ceiling, other creatures.

RULES.md 1.2: walls stop all movers, flyers included (seed 004: "像整面墙壁这类障碍物还是会挡住
飞行生物"), thin walls too, and no diagonal step passes the corner of a wall; flyers ignore
difficult terrain, obstacles, poor visibility and pits (seed 004: "飞行和虚体生物不受地形阻碍").
Walls are taken to reach the ceiling (or the sky). A creature fills the column of its space
from its altitude up to ``side x 5`` ft above it; RULES.md 1.3 applies in three dimensions:
no passing through an enemy that is not helpless (`enemy-space`) unless the flyer is tiny or
smaller or three size categories apart from it, no ending in anyone's space (`occupied-end`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from footfall.errors import InputError, Param, RuleDataError, unknown
from footfall.flight.model import DELTAS, Airspace, Fault, FlightState, Flyer
from footfall.rules import SYSTEM_IDS, Maneuverability, RuleId, Size, System, load_system
from footfall.units import FT_PER_SQUARE

if TYPE_CHECKING:  # numpy and the scene model load with a scene (the open sky needs neither)
    import numpy as np
    import numpy.typing as npt

    from footfall.scene import Creature, Scene

__all__ = [
    "BandedAirspace",
    "SceneAirspace",
    "default_flight_system",
    "flight_system",
    "flyer_of",
    "maneuverability",
    "scene_flyer",
    "scene_tables",
]


#: The rules of `SceneAirspace.step_faults` that do not depend on altitude (`scene_tables`).
_GRID_RULES = (RuleId.OUT_OF_BOUNDS, RuleId.WALL, RuleId.CORNER)


class _Body:
    """Another creature's box: its squares and its altitude band [low, high)."""

    __slots__ = ("enemy", "high", "id", "low", "squares")

    def __init__(self, creature: Creature, side: int, enemy: bool) -> None:
        x0, y0 = creature.at
        self.id = creature.id
        self.squares = {(x0 + i, y0 + j) for j in range(side) for i in range(side)}
        self.low = creature.alt
        self.high = creature.alt + 5 * side
        self.enemy = enemy and not creature.helpless


def _may_pass(scene: Scene, mover: Creature, other: Creature) -> bool:
    """Whether `mover` may pass through enemy `other`'s space (RULES.md 1.3, seed 004).

    Tiny and smaller movers enter occupied squares; any mover passes a creature three or more
    size categories apart (`Tactical.pass_size_gap`).
    """
    system = load_system(scene.system)
    tactical = system.tactical
    if tactical is None:
        return False
    try:
        mine, theirs = tactical.size(Size(mover.size)), tactical.size(Size(other.size))
    except ValueError:
        return False
    tiny = tactical.size(Size.TINY).order
    return mine.order <= tiny or abs(mine.order - theirs.order) >= tactical.pass_size_gap


class SceneAirspace(Airspace):
    """The airspace of `scene` for the creature `mover_id` (excluded from the others)."""

    def __init__(self, scene: Scene, mover: Creature) -> None:
        from footfall.scene import Flag, footprint
        from footfall.scene.layers import flag_mask, impassable_mask
        from footfall.scene.walls import thin_wall_exits

        self.scene = scene
        self.width = scene.width
        self.height = scene.height
        self.ceiling = scene.ceiling_ft
        solid = flag_mask(scene, Flag.WALL) | impassable_mask(scene)
        self.solid: list[list[bool]] = solid.tolist()
        self.thin: list[list[int]] = thin_wall_exits(scene).tolist()
        no_land = flag_mask(scene, Flag.PIT) | flag_mask(scene, Flag.OBSTACLE)
        self.no_land: list[list[bool]] = no_land.tolist()
        self.bodies = [
            _Body(c, footprint(scene, c), c.side != mover.side and not _may_pass(scene, mover, c))
            for c in scene.creatures
            if c.id != mover.id and not c.helpless
        ]

    def inside(self, x: int, y: int) -> bool:
        """Whether square (`x`, `y`) is on the map."""
        return 0 <= x < self.width and 0 <= y < self.height

    def _overlaps(self, flyer: Flyer, x: int, y: int, alt: int, enemies_only: bool) -> _Body | None:
        side = flyer.side
        top = alt + flyer.height_ft
        for body in self.bodies:
            if enemies_only and not body.enemy:
                continue
            if body.low >= top or alt >= body.high:
                continue
            for j in range(side):
                for i in range(side):
                    if (x + i, y + j) in body.squares:
                        return body
        return None

    def step_faults(
        self, flyer: Flyer, x: int, y: int, alt: int, direction: int | None, new_alt: int
    ) -> tuple[Fault, ...]:
        """Return the faults of one step: edge, walls, corners, ceiling, ground, enemies."""
        faults: list[Fault] = []
        side = flyer.side
        nx, ny = x, y
        if direction is not None:
            dx, dy = DELTAS[direction]
            nx, ny = x + dx, y + dy
            for j in range(side):
                for i in range(side):
                    sx, sy = x + i, y + j
                    tx, ty = sx + dx, sy + dy
                    if not self.inside(tx, ty):
                        where = (("x", tx), ("y", ty), ("w", self.width), ("h", self.height))
                        return (Fault(RuleId.OUT_OF_BOUNDS, "flight.fault.out_of_bounds", where),)
                    if self.solid[ty][tx] or (
                        self.inside(sx, sy) and self.thin[sy][sx] >> direction & 1
                    ):
                        faults.append(
                            Fault(RuleId.WALL, "flight.fault.wall", (("x", tx), ("y", ty)))
                        )
                        break
                    if dx and dy and (self.solid[sy][tx] or self.solid[ty][sx]):
                        faults.append(
                            Fault(RuleId.CORNER, "flight.fault.corner", (("x", tx), ("y", ty)))
                        )
                        break
                else:
                    continue
                break
        if new_alt < 0:
            faults.append(Fault(RuleId.FLIGHT_GROUND, "flight.fault.ground", (("alt", new_alt),)))
        if self.ceiling is not None and new_alt + flyer.height_ft > self.ceiling:
            faults.append(
                Fault(
                    RuleId.FLIGHT_CEILING,
                    "flight.fault.ceiling",
                    (("alt", new_alt), ("height", flyer.height_ft), ("ceiling", self.ceiling)),
                )
            )
        body = self._overlaps(flyer, nx, ny, new_alt, enemies_only=True)
        if body is not None:
            faults.append(Fault(RuleId.ENEMY_SPACE, "flight.fault.enemy", (("id", body.id),)))
        return tuple(faults)

    def end_faults(self, flyer: Flyer, state: FlightState) -> tuple[Fault, ...]:
        """Return `occupied-end` when the flyer would end inside another creature's space."""
        body = self._overlaps(flyer, state.x, state.y, state.alt, enemies_only=False)
        if body is not None:
            return (Fault(RuleId.OCCUPIED_END, "flight.fault.occupied", (("id", body.id),)),)
        return ()

    def can_land(self, flyer: Flyer, x: int, y: int) -> bool:
        """Whether every square under the flyer's space can be stood on (no pit, no obstacle)."""
        side = flyer.side
        return all(
            self.inside(x + i, y + j) and not self.no_land[y + j][x + i]
            for j in range(side)
            for i in range(side)
        )


def flight_system(system_id: str) -> System:
    """Return the system `system_id` if its data has flight rules, or raise InputError.

    The flight rules are D&D 3.5's (seed 004): a system has them when its data file has a
    maneuverability table (`System.flight`) and a tactical grid.
    """
    system = load_system(system_id)
    if system.flight is None or system.tactical is None:
        raise InputError("error.flight.no-rules", param=Param("scene"), value=system_id)
    return system


def default_flight_system() -> System:
    """Return the first system of the registry whose data has flight rules (the open sky's).

    Decided by the data (`System.flight`), never by a system id.
    """
    for system_id in SYSTEM_IDS:
        system = load_system(system_id)
        if system.flight is not None and system.tactical is not None:
            return system
    raise RuleDataError("error.flight.no-flight-system")


def maneuverability(value: str) -> Maneuverability:
    """Return the class named `value`, or raise InputError naming the five classes."""
    try:
        return Maneuverability(value.strip().lower())
    except ValueError:
        known = [m.value for m in Maneuverability]
        raise unknown("maneuverability", value, known, param=Param("maneuverability")) from None


def flyer_of(system: System, speed: int, cls: str, side: int = 1) -> Flyer:
    """Return a `Flyer` of fly `speed` ft and maneuverability `cls` in `system`."""
    if speed <= 0 or speed % FT_PER_SQUARE:
        raise InputError("error.flight.fly-speed", param=Param("speed"), value=speed)
    assert system.flight is not None
    return Flyer(speed, system.flight.row(maneuverability(cls)), side)


def scene_flyer(scene: Scene, mover_id: str) -> tuple[System, Flyer, SceneAirspace, Creature]:
    """Return the system, the flyer, the airspace and the creature of `mover_id` in `scene`.

    Raises `InputError` when the scene is not dnd35 or the creature cannot fly.
    """
    from footfall.scene import creature, footprint

    system = flight_system(scene.system)
    mover = creature(scene, mover_id, Param("mover"))
    if mover.fly is None:
        raise InputError("error.flight.cannot-fly", param=Param("mover"), value=mover_id)
    flyer = flyer_of(system, mover.fly.speed, mover.fly.maneuverability, footprint(scene, mover))
    return system, flyer, SceneAirspace(scene, mover), mover


class BandedAirspace(Airspace):
    """Another airspace, with the flight kept between altitudes `low` and `high` ft.

    Not a rule of the game: a question a GM may ask ("staying between 10 and 40 ft, where can
    it go?"), which also keeps a search small. Leaving the band is fault `flight-band`.
    """

    def __init__(self, inner: Airspace, low: int, high: int) -> None:
        if low < 0 or high < low:
            raise InputError(
                "error.flight.band-order", param=Param("alt_range"), low=low, high=high
            )
        self.inner = inner
        self.low = low
        self.high = high

    def step_faults(
        self, flyer: Flyer, x: int, y: int, alt: int, direction: int | None, new_alt: int
    ) -> tuple[Fault, ...]:
        """Return the inner airspace's faults, and `flight-band` outside the band."""
        faults = self.inner.step_faults(flyer, x, y, alt, direction, new_alt)
        if not self.low <= new_alt <= self.high:
            band = (("alt", new_alt), ("low", self.low), ("high", self.high))
            faults = (*faults, Fault(RuleId.FLIGHT_BAND, "flight.fault.band", band))
        return faults

    def end_faults(self, flyer: Flyer, state: FlightState) -> tuple[Fault, ...]:
        """Return the inner airspace's end faults."""
        return self.inner.end_faults(flyer, state)

    def can_land(self, flyer: Flyer, x: int, y: int) -> bool:
        """Whether the inner airspace lets the flyer land at (`x`, `y`)."""
        return self.inner.can_land(flyer, x, y)


def scene_tables(
    space: SceneAirspace, flyer: Flyer, x0: int, y0: int, side: int, base: int, n_alts: int
) -> tuple[
    npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_]
]:
    """Return `space`'s rules over a box, as arrays for the compiled reach kernel.

    The box is `side` x `side` squares from (`x0`, `y0`) and `n_alts` 5-ft levels from
    altitude ``5 x base``; arrays are indexed ``[y, x, ...]`` in box coordinates:

    - ``across[y, x, d]``: a step from the square in direction `d` passes edges, walls and
      corners (`step_faults`' first part, the same for every altitude);
    - ``enemy[y, x, k]``: the flyer's box there meets an enemy it may not pass (`enemy-space`);
    - ``occupied[y, x, k]``: it meets any other creature (`occupied-end`);
    - ``land[y, x]``: it can stand there (`can_land`).

    Ground and ceiling are altitude limits the caller applies. `step_faults` stays the
    reference: tests compare the kernel on scenes with the Python search, which calls it.
    """
    import numpy as np

    across = np.zeros((side, side, 8), np.bool_)
    land = np.zeros((side, side), np.bool_)
    probe = max(0, 5 * base)
    for j in range(side):
        y = y0 + j
        for i in range(side):
            x = x0 + i
            if not all(
                space.inside(x + a, y + b) for b in range(flyer.side) for a in range(flyer.side)
            ):
                continue
            land[j, i] = space.can_land(flyer, x, y)
            for d in range(8):
                found = space.step_faults(flyer, x, y, probe, d, probe)
                across[j, i, d] = not any(f.rule in _GRID_RULES for f in found)
    enemy = np.zeros((side, side, n_alts), np.bool_)
    occupied = np.zeros((side, side, n_alts), np.bool_)
    height = flyer.height_ft
    for body in space.bodies:
        # Levels k whose box [alt, alt + height) meets [low, high): low - height < alt < high.
        lo = max(0, (body.low - height) // 5 + 1 - base)
        hi = min(n_alts, -(-body.high // 5) - base)
        if lo >= hi:
            continue
        for bx, by in body.squares:
            for b in range(flyer.side):
                for a in range(flyer.side):
                    i, j = bx - a - x0, by - b - y0
                    if 0 <= i < side and 0 <= j < side:
                        occupied[j, i, lo:hi] = True
                        if body.enemy:
                            enemy[j, i, lo:hi] = True
    return across, enemy, occupied, land
