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
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

from footfall.errors import InputError, LimitError, Spelling, library_spelling
from footfall.i18n import Lang
from footfall.limits import LIMITS, Limits
from footfall.rules import System
from footfall.scene import Scene
from footfall.tactical.family import Occupant
from footfall.tactical.frame import Frame, build_frame, clip_edges, cost_tables, influence
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
    found = _reaches(scene, batch)
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
    return _Cut(frame.x0, frame.y0, klass, exits, ends, bits)


@dataclass(slots=True)
class _Tile:
    """One mover's window in the stacked search: its arrays, cut from a shared or own frame."""

    policy: Policy
    box: Box
    klass: npt.NDArray[np.int16]
    exits: npt.NDArray[np.uint8]
    ends: npt.NDArray[np.bool_]
    bits: npt.NDArray[np.int32]


def _tile(policy: Policy, box: Box, full: _Cut, bare: _Cut | None = None) -> _Tile:
    """Cut `policy`'s window from `full`, with `bare` where the mover's own space reaches."""
    part = full.part(box)
    tile = _Tile(policy, box, full.klass[part].copy(), full.exits[part].copy(),
                 full.ends[part].copy(), full.bits[part].copy())  # fmt: skip
    if bare is not None:
        own = _meet(_reach_of(policy), box)
        if own is not None:
            x0, y0, _, _ = box
            here = (slice(own[1] - y0, own[3] - y0), slice(own[0] - x0, own[2] - x0))
            there = bare.part(own)
            tile.klass[here] = bare.klass[there]
            tile.exits[here] = bare.exits[there]
            tile.ends[here] = bare.ends[there]
            tile.bits[here] = bare.bits[there]
    clip_edges(tile.exits)
    return tile


def _reach_of(policy: Policy) -> Box:
    """Return the positions whose arrays read the mover's own space (`influence`)."""
    x, y = policy.mover.at
    n, margin = policy.side, influence(policy.side)
    return x - n + 1 - margin, y - n + 1 - margin, x + n + margin, y + n + margin


def _meet(a: Box, b: Box) -> Box | None:
    """Return the intersection of two boxes, None when empty."""
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


def _seen(scene: Scene, policy: Policy) -> dict[str, Occupant | None] | None:
    """Map every other creature's id to its entry of the policy's occupants (None: unmarked).

    None when the entries do not line up with the scene's creatures (`family.occupants` keeps
    the scene's order and drops the unmarked).
    """
    entries, sides = policy.occupants, policy.sizes.sides
    found: dict[str, Occupant | None] = {}
    i = 0
    for other in scene.creatures:
        if other.id == policy.mover.id:
            continue
        if i < len(entries) and entries[i][:3] == (other.at[0], other.at[1], sides[other.id]):
            found[other.id] = entries[i]
            i += 1
        else:
            found[other.id] = None
    return found if i == len(entries) else None


def _companies(
    scene: Scene, policies: Sequence[Policy]
) -> list[tuple[list[int], tuple[Occupant, ...], tuple[Occupant, ...]] | None]:
    """Split movers of one `frame_key` into companies that see every creature alike.

    Each company: its members (indices into `policies`), every creature's space as they see
    it (theirs too: as the others of the company see it) and the same without theirs. A mover
    whose occupants do not line up with the scene (`_seen`) is a company of its own (None).
    """
    found: list[tuple[list[int], dict[str, Occupant | None]] | None] = []
    for i, policy in enumerate(policies):
        view = _seen(scene, policy)
        if view is None:
            found.append(None)
            continue
        for company in found:
            if company is None:
                continue
            members, merged = company
            if all(merged.get(cid, entry) == entry for cid, entry in view.items()):
                members.append(i)
                merged.update((cid, entry) for cid, entry in view.items() if cid not in merged)
                break
        else:
            found.append(([i], dict(view)))
    out: list[tuple[list[int], tuple[Occupant, ...], tuple[Occupant, ...]] | None] = []
    for company in found:
        if company is None:
            out.append(None)
            continue
        members, merged = company
        ids = {policies[i].mover.id for i in members}
        full = [merged.get(c.id) for c in scene.creatures]
        bare = [entry for c, entry in zip(scene.creatures, full, strict=True) if c.id not in ids]
        out.append((members, tuple(e for e in full if e), tuple(e for e in bare if e)))
    return out


def _group_tiles(scene: Scene, members: list[Plan]) -> list[_Tile]:
    """Return the tiles of movers with one `frame_key`: shared frames where they can."""
    policies = [plan.policy for plan in members]
    boxes = [_box(policy) for policy in policies]
    tiles: list[_Tile] = []
    done: set[int] = set()
    for company in _companies(scene, policies) if len(members) > 1 else []:
        if company is None or len(company[0]) < 2:
            continue
        indices, full, bare = company
        # A member another member's space also reaches, where its own does, keeps its frame.
        reach = {i: _reach_of(policies[i]) for i in indices}
        shared = [
            i for i in indices
            if (own := _meet(reach[i], boxes[i])) is None
            or all(_meet(own, reach[j]) is None for j in indices if j != i)
        ]  # fmt: skip
        clusters: list[tuple[Box, int, list[int]]] = []
        for i in shared:
            clusters = _join(clusters, boxes, i)
        for box, _, group in clusters:
            if len(group) < 2:
                continue
            first = policies[group[0]]
            whole = _cut(build_frame(replace(first, occupants=full), *box))
            empty = _cut(build_frame(replace(first, occupants=bare), *box))
            tiles.extend(_tile(policies[i], boxes[i], whole, empty) for i in group)
            done.update(group)
    for i, plan in enumerate(members):
        if i not in done:
            tiles.append(_tile(policies[i], boxes[i], _cut(plan.frame())))
    return tiles


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


def _reaches(scene: Scene, batch: Sequence[Plan]) -> dict[str, Reach]:
    """Return the reach of every mover of `batch`, by id: shared frames, stacked searches."""
    groups: dict[Hashable, list[Plan]] = {}
    spaces = {(c.at, c.side) for c in scene.creatures}
    for plan in batch:
        policy = plan.policy
        key = policy.family.frame_key(policy)
        if len(spaces) < len(scene.creatures):
            key = (key, policy.mover.id)  # two creatures in one place: no sharing
        groups.setdefault(key, []).append(plan)
    tiles = [tile for members in groups.values() for tile in _group_tiles(scene, members)]
    found: dict[str, Reach] = {}
    start = 0
    while start < len(tiles):
        stop, area = start, 0
        while stop < len(tiles) and (stop == start or area + tiles[stop].klass.size <= _STACKED):
            area += tiles[stop].klass.size
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
    states = max(cost.shape[0] for cost, _ in tables)
    classes = sum(cost.shape[2] for cost, _ in tables)
    cost = np.full((states, 2, classes), -1, dtype=np.int32)
    nxt = np.zeros((states, 2, classes), dtype=np.int8)
    for (part, after), at in zip(tables, offsets.values(), strict=True):
        cost[: part.shape[0], :, at : at + part.shape[2]] = part
        nxt[: part.shape[0], :, at : at + part.shape[2]] = after
    height = sum(tile.klass.shape[0] for tile in tiles)
    width = max(tile.klass.shape[1] for tile in tiles)
    klass = np.full((height, width), -1, dtype=np.int16)
    exits = np.zeros((height, width), dtype=np.uint8)
    sources = []
    row = 0
    for tile in tiles:
        h, w = tile.klass.shape
        at = offsets[tile.policy.pricing]
        klass[row : row + h, :w] = np.where(tile.klass >= 0, tile.klass + at, -1)
        exits[row : row + h, :w] = tile.exits
        x, y = tile.policy.mover.at
        sources.append((x - tile.box[0], row + y - tile.box[1], tile.policy.start_state, 0))
        row += h
    budget = max(tile.policy.budget for tile in tiles)
    best = search(ready(StepGraph(klass, exits, cost, nxt)), sources, budget).dist.min(axis=0)
    reaches: list[Reach] = []
    row = 0
    for tile, (sx, sy, _, _) in zip(tiles, sources, strict=True):
        h, w = tile.klass.shape
        least = best[row : row + h, :w]
        ok = (least <= tile.policy.budget) & (least < INF) & tile.ends
        ok[sy - row, sx] = False
        rows, cols = np.nonzero(ok)
        xs = np.asarray(cols, dtype=np.int64) + tile.box[0]
        ys = np.asarray(rows, dtype=np.int64) + tile.box[1]
        shapes = None
        if xs.size:
            bits = tile.bits[rows, cols]
            shapes = bits if bits.any() else None
        reaches.append(Reach(tile.policy, xs, ys, np.asarray(least[rows, cols], np.int64), shapes))
        row += h
    return reaches
