"""Check that a scene's creatures may stand where it puts them (SCENE.md, RULES.md 1.3, 3).

Run by `footfall.scene.parse_scene` after every value has been read: ids are unique, every
creature's space is on the map and on squares it may stand on, below the ceiling, and shared
with another creature only where the end rules of its system allow.
"""

from __future__ import annotations

from footfall.errors import SceneError
from footfall.scene.model import Creature, Flag, Scene, occupied_squares
from footfall.scene.values import Where
from footfall.scene.vocabulary import share_size_gap, vocabulary

__all__ = ["check_creatures"]


def check_creatures(scene: Scene) -> None:
    """Check ids are unique and every creature stands on the map, on open squares, alone."""
    sizes = vocabulary(scene.system).sizes
    order = list(sizes)
    seen: dict[str, int] = {}
    where_is: dict[tuple[int, int], Creature] = {}
    for i, creature in enumerate(scene.creatures):
        where = f"creatures[{i}] ({creature.id!r})"
        if creature.id in seen:
            raise SceneError(
                "error.scene.duplicate-id",
                where=Where(where),
                value=creature.id,
                other=seen[creature.id],
            )
        seen[creature.id] = i
        side = sizes[creature.size]
        _check_space(scene, creature, side, where)
        for x, y in sorted(occupied_squares(creature, side), key=lambda p: (p[1], p[0])):
            _check_square(scene, creature, (x, y), where)
            other = where_is.get((x, y))
            if other is not None and not _may_share(scene.system, order, other, creature):
                raise _overlap(scene.system, where, other, (x, y))
            where_is[(x, y)] = creature


def _overlap(system: str, where: str, other: Creature, square: tuple[int, int]) -> SceneError:
    """Build the error of two creatures in one square, naming the sharing rule of `system`."""
    x, y = square
    if share_size_gap(system) is None:
        return SceneError(
            "error.scene.overlap", where=Where(where), value=other.id, x=x, y=y, system=system
        )
    return SceneError(
        "error.scene.overlap-sizes", where=Where(where), value=other.id, x=x, y=y, system=system
    )


def _check_space(scene: Scene, creature: Creature, side: int, where: str) -> None:
    """Refuse a space off the map, or an altitude above the ceiling."""
    x0, y0 = creature.at
    if x0 < 0 or y0 < 0 or x0 + side > scene.width or y0 + side > scene.height:
        raise SceneError(
            "error.scene.off-the-map",
            where=Where(where),
            size=creature.size,
            x=x0,
            y=y0,
            side=side,
            width=scene.width,
            height=scene.height,
            last_x=scene.width - 1,
            last_y=scene.height - 1,
        )
    if scene.ceiling_ft is not None and creature.alt > scene.ceiling_ft:
        raise SceneError(
            "error.scene.above-ceiling",
            where=Where(f"{where}.alt"),
            alt=creature.alt,
            ceiling=scene.ceiling_ft,
        )


def _check_square(scene: Scene, creature: Creature, square: tuple[int, int], where: str) -> None:
    """Refuse a square of the creature's space that is solid, or a pit under a walker."""
    x, y = square
    char = scene.rows[y][x]
    entry = scene.legend[char]
    if Flag.WALL in entry.flags:
        raise SceneError("error.scene.in-wall", where=Where(where), value=char, x=x, y=y)
    if entry.impassable:
        raise SceneError("error.scene.in-impassable", where=Where(where), value=char, x=x, y=y)
    if Flag.PIT in entry.flags and creature.fly is None:
        raise SceneError("error.scene.over-pit", where=Where(where), value=char, x=x, y=y)


def _may_share(system: str, order: list[str], a: Creature, b: Creature) -> bool:
    """Tell whether two creatures may stand in one square (the end rules of RULES.md).

    pf1e/dnd35 (seed 004, RULES.md 1.3) and dh2e: only when one of them is helpless.
    Draw Steel (seed 002, RULES.md 3): when their sizes are `share_size_gap` (2) or more apart.
    """
    gap = share_size_gap(system)
    if gap is not None:
        return abs(order.index(a.size) - order.index(b.size)) >= gap
    return a.helpless or b.helpless
