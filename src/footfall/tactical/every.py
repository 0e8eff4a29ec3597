"""Every creature's reach on a scene in one call (issue 15, item 3): a battle map's overlay.

`reach_all` gives each creature exactly the answer of one `reachable` call
(tests/tactical/test_every.py), sharing what does not depend on the mover:

- the scene's masks (`footfall.tactical.masks`), the system and its action records;
- **frames**: movers whose frames read the same things of their policy (`RuleFamily.frame_key`:
  the side of their space, flying ...) and who see every other creature alike (their
  occupants agree, but for themselves) share two frames over the box of their windows: one with
  every creature's space marked (`full`), one without theirs (`bare`). A mover's own frame is
  the full one but where its own space reaches (`influence`), which is the bare one there,
  unless another mover of the group also reaches that position (then it gets its own frame);
- **one search**: every mover's window is a tile of one stacked graph (tiles side by side
  share no exit, so each tile's distances are its mover's alone), with one set of cost tables
  (each pricing's classes at its own offset); each tile is cut with its mover's own budget.

A creature the query cannot move (no speed for this action, flight asked of a creature without
a fly speed) is listed under `refused` with its error instead of failing the whole call; an
error that would refuse every creature alike (an unknown action, a distance over the limit)
raises as `reachable` does. Movers the batch does not handle (a straight-line run, a one-step
move, nothing to reach) get their `reachable` answer.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

from footfall.errors import InputError, LimitError, Spelling, library_spelling
from footfall.i18n import Lang
from footfall.limits import LIMITS, Limits
from footfall.rules import System
from footfall.scene import Scene
from footfall.tactical.frame import Frame, build_frames, clip_edges, cost_tables, influence
from footfall.tactical.marks import BLOCK_OK, END_OK, NOTE_COLUMNS, NOTE_CORRIDOR
from footfall.tactical.plans import Ask, Plan, planned
from footfall.tactical.policy import Policy
from footfall.tactical.search import INF, StepGraph, ready, search
from footfall.tactical.views import Reach, reachable

__all__ = ["EveryReach", "reach_all"]

#: Parameters of an error that concerns one creature, not the query (`reach_all`).
_PER_CREATURE = frozenset({"mover_id", "flying"})
#: Positions of one stacked search at most (more tiles run in another search).
_STACKED = 1 << 18
#: A shared frame's box may hold this many positions beyond its windows' (else: another box).
_SLACK = 1024

#: A box of positions ``(x0, y0, x1, y1)``, half-open.
Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class EveryReach:
    """Every creature's `Reach` by id, in the scene's order, and the creatures refused."""

    reaches: Mapping[str, Reach]
    refused: Mapping[str, InputError]

    def to_json(self, lang: Lang = "en", spell: Spelling = library_spelling) -> dict[str, Any]:
        """Return ``{"reaches": {id: reach}, "refused": {id: {"error", "message"}}}``.

        Each reach is `Reach.to_json`'s shape (SCENE.md ``reach``); `spell` spells the
        parameters a refusal names (a CLI flag, an API field).
        """
        return {
            "reaches": {cid: reach.to_json(lang) for cid, reach in self.reaches.items()},
            "refused": {
                cid: {"error": error.key, "message": error.render(lang, spell)}
                for cid, error in self.refused.items()
            },
        }


def reach_all(
    scene: Scene,
    action: str | None = None,
    *,
    system: System | None = None,
    switches: Mapping[str, str] | None = None,
    distance: int | None = None,
    flying: bool | None = None,
    limits: Limits = LIMITS,
) -> EveryReach:
    """Return the reach of every creature of `scene` for `action` (the options: `reachable`'s).

    >>> from footfall.scene import load_sample
    >>> every = reach_all(load_sample("pf1e-ogre-bridge"))
    >>> sorted(every.reaches) == sorted(c.id for c in load_sample("pf1e-ogre-bridge").creatures)
    True
    """
    ask = Ask(action, system, switches, distance, flying, limits)
    plans: dict[str, Plan] = {}
    refused: dict[str, InputError] = {}
    for other in scene.creatures:
        try:
            plans[other.id] = planned(scene, other.id, ask)
        except LimitError:
            raise
        except InputError as error:
            param = error.param
            if param is None or param.name not in _PER_CREATURE or error.value != other.id:
                raise
            refused[other.id] = error
    batch = [plan for plan in plans.values() if _batched(plan.policy)]
    found = _reaches(batch)
    reaches: dict[str, Reach] = {}
    for cid in plans:
        reach = found.get(cid)
        if reach is None:
            reach = reachable(
                scene, cid, action, system=system, switches=switches, distance=distance,
                flying=flying, limits=limits,
            )  # fmt: skip
        reaches[cid] = reach
    return EveryReach(MappingProxyType(reaches), MappingProxyType(refused))


def _box(policy: Policy) -> Box:
    """Return the positions of the mover's window, as `footfall.tactical.plans.window` clips it."""
    x, y = policy.mover.at
    n, scene = policy.side, policy.scene
    radius = max(policy.budget, 0) // max(policy.min_step, 1)
    x0, y0 = max(x - radius, 0), max(y - radius, 0)
    x1, y1 = min(x + radius + 1, scene.width - n + 1), min(y + radius + 1, scene.height - n + 1)
    return x0, y0, max(x1, x0), max(y1, y0)


def _batched(policy: Policy) -> bool:
    """Tell whether the batch answers this mover (a searched move, its start in its window)."""
    if policy.start_rule or policy.budget < 0 or policy.straight or policy.one_step:
        return False
    x0, y0, x1, y1 = _box(policy)
    x, y = policy.mover.at
    return x0 <= x < x1 and y0 <= y < y1


@dataclass(frozen=True, slots=True)
class _Cut:
    """What the search and the answer read of a frame: classes, exits, ends, squeeze bits."""

    x0: int
    y0: int
    klass: npt.NDArray[np.int16]
    exits: npt.NDArray[np.uint8]
    ends: npt.NDArray[np.bool_]
    bits: npt.NDArray[np.int32]
    layered: bool = False
    """The frame has second squeezed placements (searched as a state: `reachable` answers)."""

    def part(self, box: Box) -> tuple[slice, slice]:
        """Return the slices of `box` in these arrays."""
        x0, y0, x1, y1 = box
        return slice(y0 - self.y0, y1 - self.y0), slice(x0 - self.x0, x1 - self.x0)


def _cut(frame: Frame) -> _Cut:
    """Return what the search reads of `frame` (as `Frame.graph` and `Frame.end_ok` give it)."""
    klass = np.where(frame.block == BLOCK_OK, frame.code, -1).astype(np.int16)
    exits = (~(frame.thin | frame.corner)).astype(np.uint8)
    ends = np.logical_and(frame.block == BLOCK_OK, frame.end == END_OK)
    bits = (frame.notes & (NOTE_CORRIDOR | NOTE_COLUMNS)).astype(np.int32)
    return _Cut(frame.x0, frame.y0, klass, exits, ends, bits, frame.second is not None)


@dataclass(frozen=True, slots=True)
class _Tile:
    """One mover's window in a stacked search: cut from `full`, with `bare` where the mover's
    own space reaches (`_reach_of`), when its frame is shared."""

    policy: Policy
    box: Box
    full: _Cut
    bare: _Cut | None = None

    @property
    def shape(self) -> tuple[int, int]:
        """``(h, w)`` of the window."""
        return self.box[3] - self.box[1], self.box[2] - self.box[0]

    @property
    def box_area(self) -> int:
        """Positions of the window."""
        h, w = self.shape
        return h * w


def _place(tile: _Tile, arrays: _Stack, row: int) -> None:
    """Write `tile`'s arrays into rows ``row ...`` of the stacked arrays (exits clipped)."""
    h, w = tile.shape
    here = (slice(row, row + h), slice(0, w))
    part = tile.full.part(tile.box)
    for name in _Stack.__slots__:
        getattr(arrays, name)[here] = getattr(tile.full, name)[part]
    own = None if tile.bare is None else _meet(_reach_of(tile.policy), tile.box)
    if tile.bare is not None and own is not None:
        x0, y0 = tile.box[0], tile.box[1]
        patch = (slice(row + own[1] - y0, row + own[3] - y0), slice(own[0] - x0, own[2] - x0))
        there = tile.bare.part(own)
        for name in _Stack.__slots__:
            getattr(arrays, name)[patch] = getattr(tile.bare, name)[there]
    clip_edges(arrays.exits[here])


class _Stack:
    """The stacked arrays of several tiles, one under the other (padding: no class, no exit)."""

    __slots__ = ("bits", "ends", "exits", "klass")

    def __init__(self, height: int, width: int) -> None:
        self.klass = np.full((height, width), -1, dtype=np.int16)
        self.exits = np.zeros((height, width), dtype=np.uint8)
        self.ends = np.zeros((height, width), dtype=np.bool_)
        self.bits = np.zeros((height, width), dtype=np.int32)


def _reach_of(policy: Policy) -> Box:
    """Return the positions whose arrays read the mover's own space (`influence`)."""
    x, y = policy.mover.at
    n, margin = policy.side, influence(policy.side)
    return x - n + 1 - margin, y - n + 1 - margin, x + n + margin, y + n + margin


def _meet(a: Box, b: Box) -> Box | None:
    """Return the intersection of two boxes, None when empty."""
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


def _group_tiles(members: list[Plan]) -> list[_Tile]:
    """Return the tiles of movers with one `frame_key` and one view of the others (`Seen`).

    Every creature's space as they see it is marked in one frame (theirs too: as the others
    of the view see it) and all but theirs in another, over the box of their windows.
    """
    policies = [plan.policy for plan in members]
    boxes = [_box(policy) for policy in policies]
    seen = policies[0].seen
    tiles: list[_Tile] = []
    done: set[int] = set()
    if len(members) > 1 and seen is not None:
        # A member another member's space also reaches, where its own does, keeps its frame.
        reach = [_reach_of(policy) for policy in policies]
        count: dict[tuple[int, int], int] = {}
        for around in reach:
            for square in _squares(around):
                count[square] = count.get(square, 0) + 1
        shared = [
            i for i, box in enumerate(boxes)
            if (own := _meet(reach[i], box)) is None
            or all(count[square] == 1 for square in _squares(own))
        ]  # fmt: skip
        ids = {policy.mover.id for policy in policies}
        bare = tuple(entry for cid, entry in seen if cid not in ids)
        theirs = tuple(entry for cid, entry in seen if cid in ids)
        clusters: list[tuple[Box, int, list[int]]] = []
        for i in shared:
            clusters = _join(clusters, boxes, i)
        for box, _, group in clusters:
            if len(group) < 2:
                continue
            first = policies[group[0]]
            empty, whole = build_frames(first, box, bare, theirs)
            whole_cut, empty_cut = _cut(whole), _cut(empty)
            tiles.extend(_Tile(policies[i], boxes[i], whole_cut, empty_cut) for i in group)
            done.update(group)
    for i, plan in enumerate(members):
        if i not in done:
            tiles.append(_Tile(policies[i], boxes[i], _cut(plan.frame())))
    return tiles


def _squares(box: Box) -> list[tuple[int, int]]:
    """Return the squares (positions) of `box`."""
    return [(x, y) for y in range(box[1], box[3]) for x in range(box[0], box[2])]


def _join(
    clusters: list[tuple[Box, int, list[int]]], boxes: Sequence[Box], i: int
) -> list[tuple[Box, int, list[int]]]:
    """Add window `i` to the first cluster whose box stays about the size of its windows."""
    box = boxes[i]
    area = (box[2] - box[0]) * (box[3] - box[1])
    for k, (around, total, indices) in enumerate(clusters):
        merged = (min(around[0], box[0]), min(around[1], box[1]),
                  max(around[2], box[2]), max(around[3], box[3]))  # fmt: skip
        if (merged[2] - merged[0]) * (merged[3] - merged[1]) <= 2 * (total + area) + _SLACK:
            clusters[k] = (merged, total + area, [*indices, i])
            return clusters
    return [*clusters, (box, area, [i])]


def _reaches(batch: Sequence[Plan]) -> dict[str, Reach]:
    """Return the reach of every mover of `batch`, by id: shared frames, stacked searches."""
    groups: dict[Hashable, list[Plan]] = {}
    for plan in batch:
        policy = plan.policy
        # One view of the others is one `Seen` object (`family.occupants` caches it).
        key = (policy.family.frame_key(policy), id(policy.seen))
        groups.setdefault(key, []).append(plan)
    tiles = [tile for members in groups.values() for tile in _group_tiles(members)]
    # A frame with second squeezed placements is searched with the placement as a state
    # (`footfall.tactical.placements`): its mover gets its `reachable` answer instead.
    tiles = [t for t in tiles if not (t.full.layered or (t.bare is not None and t.bare.layered))]
    # One stacked search per budget: a tile searched past its own budget costs work for nothing.
    tiles.sort(key=lambda tile: tile.policy.budget)
    found: dict[str, Reach] = {}
    start = 0
    while start < len(tiles):
        stop, area, budget = start, 0, tiles[start].policy.budget
        while (
            stop < len(tiles)
            and tiles[stop].policy.budget == budget
            and (stop == start or area + tiles[stop].box_area <= _STACKED)
        ):
            area += tiles[stop].box_area
            stop += 1
        for tile, reach in zip(tiles[start:stop], _stacked(tiles[start:stop]), strict=True):
            found[tile.policy.mover.id] = reach
        start = stop
    return found


def _stacked(tiles: Sequence[_Tile]) -> list[Reach]:
    """Search every tile in one graph (tiles one under the other) and cut each one's reach."""
    offsets: dict[Any, int] = {}
    tables: list[tuple[npt.NDArray[np.int32], npt.NDArray[np.int8]]] = []
    for tile in tiles:
        if tile.policy.pricing not in offsets:
            offsets[tile.policy.pricing] = sum(cost.shape[2] for cost, _ in tables)
            tables.append(cost_tables(tile.policy.pricing))
    if len(tables) == 1:
        cost, nxt = tables[0]
    else:
        states = max(cost.shape[0] for cost, _ in tables)
        classes = sum(cost.shape[2] for cost, _ in tables)
        cost = np.full((states, 2, classes), -1, dtype=np.int32)
        nxt = np.zeros((states, 2, classes), dtype=np.int8)
        for (part, after), at in zip(tables, offsets.values(), strict=True):
            cost[: part.shape[0], :, at : at + part.shape[2]] = part
            nxt[: part.shape[0], :, at : at + part.shape[2]] = after
    starts = np.cumsum([0, *(tile.shape[0] for tile in tiles)])
    arrays = _Stack(int(starts[-1]), max(tile.shape[1] for tile in tiles))
    sources = []
    for tile, row in zip(tiles, starts.tolist(), strict=False):
        _place(tile, arrays, row)
        at = offsets[tile.policy.pricing]
        if at:
            h, w = tile.shape
            klass = arrays.klass[row : row + h, :w]
            klass[klass >= 0] += at
        x, y = tile.policy.mover.at
        sources.append((x - tile.box[0], row + y - tile.box[1], tile.policy.start_state, 0))
    budget = min(max(tile.policy.budget for tile in tiles), INF - 1)
    graph = ready(StepGraph(arrays.klass, arrays.exits, cost, nxt))
    best = search(graph, sources, budget).dist.min(axis=0)
    limit = np.repeat([min(tile.policy.budget, INF - 1) for tile in tiles], np.diff(starts))
    ok = (best <= limit[:, None]) & arrays.ends
    xs0, ys0 = zip(*((x, y) for x, y, _, _ in sources), strict=True)
    ok[list(ys0), list(xs0)] = False  # the start square is no end of a move
    rows, cols = np.nonzero(ok)
    least = np.asarray(best[rows, cols], dtype=np.int64)
    bits = arrays.bits[rows, cols]
    cuts = np.searchsorted(rows, starts).tolist()
    reaches: list[Reach] = []
    for k, tile in enumerate(tiles):
        a, b = cuts[k], cuts[k + 1]
        xs = np.asarray(cols[a:b], dtype=np.int64) + tile.box[0]
        ys = np.asarray(rows[a:b], dtype=np.int64) + (tile.box[1] - int(starts[k]))
        shape = bits[a:b]
        shapes = shape if a < b and shape.any() else None
        reaches.append(Reach(tile.policy, xs, ys, least[a:b], shapes))
    return reaches
