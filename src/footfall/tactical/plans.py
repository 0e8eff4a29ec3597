"""What a query on one scene can reuse: its policy, its window's frame and its search graph.

A GM's table asks many questions of one scene (every token's reach, a path, the same reach
again after a click), and most of the work of each does not depend on anything but the scene
and the query's options: the `Policy`, the frame of the window a bounded move can reach, and
the search graph of that frame (checked and flattened once, `footfall.tactical.search.ready`).
`planned` keeps them in a small cache keyed by the scene object's identity and the options;
a `Scene` is frozen, so an entry can never go stale, and the scene object itself is held
with it (an id is only trusted while its object lives). Cached frame arrays are read-only.
The cache is bounded by entries and by the ``plans`` share of the cache budget
(`footfall.bytecache`): a plan is charged its window's arrays, and the scene it keeps alive
once however many plans of it are kept.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from footfall.bytecache import ENTRY_BYTES, ByteCache, scene_nbytes
from footfall.errors import Param
from footfall.limits import Limits
from footfall.rules import System, load_system
from footfall.scene import Scene, creature
from footfall.tactical.frame import Frame, build_frame
from footfall.tactical.policy import Policy, make_policy
from footfall.tactical.search import ReadyGraph, StepGraph, ready

__all__ = ["Ask", "Plan", "planned", "window", "window_graph"]

#: Entries kept (a scene's every creature times a few actions); least recently used go first.
_CACHED = 96
#: Windows larger than this many positions are not kept: their search dwarfs building them
#: (a 120-ft run's window is 49 x 49; 96 kept windows of this size are ~15 MB).
_CACHED_POSITIONS = 1 << 14
#: What a plan keeps per position of its window once its frame, graph and ends are built
#: (measured: tests/test_bytecache.py), and per plan (its policy).
_POSITION_BYTES = 64
_PLAN_BYTES = 8192


@dataclass(frozen=True, slots=True)
class Ask:
    """The options every view passes to `make_policy`."""

    action: str | None
    system: System | None
    switches: Mapping[str, str] | None
    distance: int | None
    flying: bool | None
    limits: Limits


def _read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    view = array.view()
    view.flags.writeable = False
    return view


class Plan:
    """A query's policy, with its window frame and search graph built on first use and kept.

    The frame's arrays are read-only views: a cached plan serves many queries.
    """

    __slots__ = ("_ends", "_frame", "_graph", "policy")

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self._frame: Frame | None = None
        self._graph: ReadyGraph | None = None
        self._ends: npt.NDArray[np.bool_] | None = None

    def frame(self) -> Frame:
        """Return the frame of every position the bounded move can reach (`window`)."""
        if self._frame is None:
            frame = window(self.policy)
            self._frame = replace(
                frame, block=_read_only(frame.block), code=_read_only(frame.code),
                notes=_read_only(frame.notes), end=_read_only(frame.end),
                thin=_read_only(frame.thin), corner=_read_only(frame.corner),
                mexp=_read_only(frame.mexp),
            )  # fmt: skip
        return self._frame

    def graph(self) -> ReadyGraph:
        """Return the search graph of the window frame, ready for `search`."""
        if self._graph is None:
            self._graph = window_graph(self.policy, self.frame())
        return self._graph

    def ends(self) -> npt.NDArray[np.bool_]:
        """Return where in the window frame a movement may end (`Frame.end_ok`), read-only."""
        if self._ends is None:
            ends = self.frame().end_ok()
            ends.flags.writeable = False
            self._ends = ends
        return self._ends


def _radius(policy: Policy) -> int:
    """Return the window's radius: how many squares the budget can carry the mover."""
    return 1 if policy.one_step else max(policy.budget, 0) // max(policy.min_step, 1)


def window(policy: Policy) -> Frame:
    """Build the frame of every position a bounded move can reach: the (2R+1)^2 window."""
    x, y = policy.mover.at
    radius = _radius(policy)
    return build_frame(policy, x - radius, y - radius, x + radius + 1, y + radius + 1)


def window_graph(policy: Policy, frame: Frame) -> ReadyGraph:
    """Return the search graph of `frame` under `policy`, checked and flattened."""
    graph = frame.graph(policy)
    if policy.one_step:
        # Minimum move (seed 000/004): one step whatever it costs; only the start has exits.
        x, y = policy.mover.at
        exits = np.zeros_like(graph.exits)
        exits[y - frame.y0, x - frame.x0] = graph.exits[y - frame.y0, x - frame.x0]
        graph = StepGraph(graph.square_class, exits, graph.cost, graph.next_state)
    if frame.second is not None:  # squeezed placements searched as a state (RULES 1.5)
        from footfall.tactical.placements import layered_graph

        return layered_graph(policy, frame, ready(graph))
    return ready(graph)


_PLANS: ByteCache[Hashable, tuple[System, Limits, Plan]] = ByteCache("plans", count=_CACHED)


def planned(scene: Scene, mover_id: str, ask: Ask) -> Plan:
    """Return the plan of `mover_id`'s query `ask` on `scene`, from the cache when it is there.

    Bad input raises as `make_policy` does (nothing is cached then).
    """
    rules = ask.system if ask.system is not None else load_system(scene.system)
    switches = None if ask.switches is None else tuple(sorted(ask.switches.items()))
    key = (id(scene), mover_id, ask.action, id(rules), switches, ask.distance, ask.flying,
           id(ask.limits))  # fmt: skip
    hit = _PLANS.get(key, owner=scene)
    if hit is not None and hit[0] is rules and hit[1] is ask.limits:
        return hit[2]
    policy = make_policy(
        scene, creature(scene, mover_id, Param("mover")), ask.action, system=rules,
        switches=ask.switches, distance=ask.distance, flying=ask.flying, limits=ask.limits,
    )  # fmt: skip
    plan = Plan(policy)
    side = 2 * _radius(policy) + 1
    positions = min(side, scene.width) * min(side, scene.height)
    if positions > _CACHED_POSITIONS:
        return plan  # not kept (see `_CACHED_POSITIONS`)
    nbytes = ENTRY_BYTES + _PLAN_BYTES + _POSITION_BYTES * positions
    _PLANS.put(key, (rules, ask.limits, plan), nbytes, owner=scene, holds=scene,
               held_nbytes=scene_nbytes(scene))  # fmt: skip
    return plan
