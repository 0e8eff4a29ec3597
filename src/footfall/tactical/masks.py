"""Full-map masks of a scene, computed once per scene and cached: the input of every frame.

`prepare` turns a scene's map into boolean layers (walls, pits, difficult terrain ...), its
thin walls and wall corners into exit bits, and its legend into an index map; `sizes` gives
the size order and the space of every creature under one system's size table. Both are small
caches keyed by the objects' identity (a `Scene` or `System` is never hashed: hashing a
`System` walks every table of its data file), bounded by entries and by bytes
(`footfall.bytecache`); an entry refers to its scene weakly and goes with it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np
import numpy.typing as npt

from footfall.bytecache import ENTRY_BYTES, ByteCache, array_nbytes
from footfall.errors import unknown
from footfall.grid import DIRECTIONS
from footfall.rules import System
from footfall.scene import Flag, LegendEntry, Scene
from footfall.scene.layers import flag_mask, impassable_mask, terrain_index
from footfall.scene.walls import thin_wall_exits

__all__ = ["Prepared", "Sizes", "prepare", "sizes"]


@dataclass(frozen=True, slots=True)
class Prepared:
    """Full-map masks of a scene: terrain flags, thin walls and corners."""

    wall: npt.NDArray[np.bool_]
    impassable: npt.NDArray[np.bool_]
    pit: npt.NDArray[np.bool_]
    difficult: npt.NDArray[np.bool_]
    obstacle: npt.NDArray[np.bool_]
    poor_visibility: npt.NDArray[np.bool_]
    hazardous: npt.NDArray[np.bool_]
    thin: npt.NDArray[np.uint8]
    corner: npt.NDArray[np.uint8]
    index: npt.NDArray[np.int16]
    """The map as indices into `entries` (`footfall.scene.layers.terrain_index`)."""
    entries: tuple[LegendEntry, ...]
    has_narrow: bool
    """Whether any legend entry gives a ``width_ft`` or ``height_ft`` (RULES 1.5)."""
    has_terrain: bool
    """Whether any legend entry names a Dark Heresy ``terrain`` (seed 001 table)."""


@dataclass(frozen=True, slots=True)
class Sizes:
    """Size order and space side of every creature of a scene under one system's sizes."""

    orders: Mapping[str, int]
    """Size order by creature id (d20: fine 0 .. colossal 8; Draw Steel: 1T 0 .. 5 7)."""
    sides: Mapping[str, int]
    """Side of every creature's space, in squares, by creature id."""


#: Entries kept at most (and at most the ``masks`` / ``sizes`` shares of the cache budget).
_CACHED = 16
_PREPARED: ByteCache[int, Prepared] = ByteCache("masks", count=_CACHED)
_SIZES: ByteCache[tuple[int, int], tuple[System, Sizes]] = ByteCache("sizes", count=_CACHED)
#: What a creature's entry costs in `Sizes`: its id's slot and two ints in two dicts.
_SIZE_BYTES = 200


def corner_bits(wall: npt.NDArray[np.bool_]) -> npt.NDArray[np.uint8]:
    """Return bit d set where a diagonal step d passes a wall square's corner (RULES 1.2, 3).

    The step (x, y) -> (x+dx, y+dy) is blocked when (x+dx, y) or (x, y+dy) is a wall square:
    one wall square beside both squares is enough (seed 002 "Нельзя срезать углы").

    >>> bits = int(corner_bits(np.array([[False, True], [False, False]]))[0, 0])
    >>> [d for d in range(8) if bits >> d & 1]  # from (0, 0), NE and SE pass the wall (1, 0)
    [1, 3]
    """
    height, width = wall.shape
    padded = np.zeros((height + 2, width + 2), dtype=np.bool_)
    padded[1:-1, 1:-1] = wall
    bits = np.zeros((height, width), dtype=np.uint8)
    for d in (1, 3, 5, 7):
        dx, dy = DIRECTIONS[d]
        side_x = padded[1 : height + 1, 1 + dx : width + 1 + dx]
        side_y = padded[1 + dy : height + 1 + dy, 1 : width + 1]
        bits |= ((side_x | side_y).astype(np.uint8) << np.uint8(d)).astype(np.uint8)
    return bits


def prepare(scene: Scene) -> Prepared:
    """Return the scene's full-map masks, from a small cache keyed by the scene object."""
    hit = _PREPARED.get(id(scene), owner=scene)
    if hit is not None:
        return hit
    index, entries = terrain_index(scene)
    wall = flag_mask(scene, Flag.WALL)
    prepared = Prepared(
        wall=wall,
        impassable=impassable_mask(scene),
        pit=flag_mask(scene, Flag.PIT),
        difficult=flag_mask(scene, Flag.DIFFICULT),
        obstacle=flag_mask(scene, Flag.OBSTACLE),
        poor_visibility=flag_mask(scene, Flag.POOR_VISIBILITY),
        hazardous=flag_mask(scene, Flag.HAZARDOUS),
        thin=thin_wall_exits(scene),
        corner=corner_bits(wall),
        index=index,
        entries=entries,
        has_narrow=any(e.width_ft is not None or e.height_ft is not None for e in entries),
        has_terrain=any(e.terrain for e in entries),
    )
    arrays = (prepared.wall, prepared.impassable, prepared.pit, prepared.difficult,
              prepared.obstacle, prepared.poor_visibility, prepared.hazardous, prepared.thin,
              prepared.corner)  # fmt: skip
    # The index belongs to `terrain_index`'s cache too; charged here as well (it is kept
    # alive by this entry when that cache drops it).
    nbytes = ENTRY_BYTES + array_nbytes(*arrays, index) + 64 * len(entries)
    _PREPARED.put(id(scene), prepared, nbytes, owner=scene)
    return prepared


def sizes(
    scene: Scene, system: System, table: Callable[[], Mapping[str, tuple[int, int]]]
) -> Sizes:
    """Return every creature's size order and side under `table()` (size -> (order, side)).

    `table` gives the rule family's size table of `system` (`RuleFamily.sizes`), asked only
    on a miss: the answer is cached per (scene, system) object. A size the table lacks raises
    `InputError` naming the known ones.
    """
    key = (id(scene), id(system))
    hit = _SIZES.get(key, owner=scene)
    if hit is not None and hit[0] is system:
        return hit[1]
    known = table()
    orders: dict[str, int] = {}
    sides: dict[str, int] = {}
    for c in scene.creatures:
        row = known.get(c.size)
        if row is None:
            raise unknown(f"{system.id} size", c.size, known)
        orders[c.id], sides[c.id] = row
    found = Sizes(MappingProxyType(orders), MappingProxyType(sides))
    nbytes = ENTRY_BYTES + _SIZE_BYTES * len(orders)
    _SIZES.put(key, (system, found), nbytes, owner=scene)  # systems live on (`load_system`)
    return found
