"""Three views of one search: reachable squares, a cheapest path, and a path check.

All three build the same `Policy` (`footfall.tactical.policy`) and `Frame`
(`footfall.tactical.frame`) and price steps with the same `Pricing`; `reachable` and
`find_path` run the search kernel over the frame's graph, `check_path` walks the given squares
over the same arrays (`footfall.tactical.walk`). Each result has `to_json` giving SCENE.md's
shapes (plus `breakdown`, `provokes`, `bands` ... as extra keys: `footfall.tactical.report`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from footfall.errors import InputError, Param
from footfall.i18n import Lang, t
from footfall.limits import LIMITS, Limits
from footfall.rules import RuleId, System
from footfall.scene import Scene
from footfall.tactical.encode import squares_json
from footfall.tactical.frame import Frame, build_frame
from footfall.tactical.marks import (
    BLOCK_RULE,
    END_RULE,
    NOTE_COLUMNS,
    NOTE_CORRIDOR,
    Block,
    End,
    squeezed_space,
)
from footfall.tactical.placements import end_layers, settle
from footfall.tactical.plans import Ask, planned, window, window_graph
from footfall.tactical.policy import Policy
from footfall.tactical.provocations import provocations
from footfall.tactical.report import (
    breakdown_json,
    budget_shown,
    head_json,
    message,
    notes_json,
    provokes_json,
    step_message,
    terrain_test_json,
    unit_word,
)
from footfall.tactical.search import INF, SearchResult, search
from footfall.tactical.walk import Walk, direction_of, straight_lines, walk

__all__ = [
    "CheckResult",
    "PathResult",
    "Reach",
    "ReachSquare",
    "check_path",
    "find_path",
    "reachable",
]

Square = tuple[int, int]

#: The interpretation switches (RULES.md) that change grid answers; a reach reports them.
_GRID_SWITCHES = ("hampered_diagonal", "run_straight", "tiny_end", "squeeze_past", "diagonal")
#: Largest map on which a missed path looks for the cheapest path over the whole map.
_FULL_SEARCH_SQUARES = 250_000


# --------------------------------------------------------------------------------------------
# Shared helpers
# --------------------------------------------------------------------------------------------


_Ask = Ask


def _policy(scene: Scene, mover_id: str, ask: Ask) -> Policy:
    return planned(scene, mover_id, ask).policy


_window = window


def _full(policy: Policy) -> Frame:
    return build_frame(policy, 0, 0, policy.scene.width, policy.scene.height)


def _on_map(scene: Scene, square: Square, param: Param, step: int | None = None) -> None:
    """Refuse a square off the map: the `param` square (`step`: the path square's number)."""
    x, y = square
    if not (0 <= x < scene.width and 0 <= y < scene.height):
        fields: dict[str, Any] = {
            "value": [x, y], "x": x, "y": y, "width": scene.width, "height": scene.height,
            "last_x": scene.width - 1, "last_y": scene.height - 1,
        }  # fmt: skip
        if step is None:
            raise InputError("error.tactical.off-map", param=param, **fields)
        raise InputError("error.tactical.path-off-map", param=param, step=step, **fields)


_graph = window_graph


# --------------------------------------------------------------------------------------------
# reachable
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReachSquare:
    """A square the mover may end in, with its least cost and its band.

    `cost` is in the internal unit (squares for pf1e, dnd35 and Draw Steel; half metres or
    thousandths of a metre for dh2e: `footfall.tactical.policy`); `distance` is the same cost
    in the system's unit (`Reach.unit`: 10 ft for 2 pf1e squares), as the JSON answers give it.
    """

    at: Square
    cost: int
    band: int
    distance: int | float = 0


@dataclass(frozen=True, slots=True)
class Reach:
    """Every square where the mover may END this action, with its least cost.

    Held as arrays (`xs`, `ys`, `costs`: internal unit) so a large answer costs no Python
    objects until asked for; `squares` builds the `ReachSquare` rows.
    """

    policy: Policy
    xs: npt.NDArray[np.int64]
    ys: npt.NDArray[np.int64]
    costs: npt.NDArray[np.int64]
    shapes: npt.NDArray[np.int32] | None = None
    """Per square, the `Note.CORRIDOR` / `Note.COLUMNS` bits of a squeezed space (RULES 1.5),
    or None when no square is squeezed: `occupies` lists the squares it fills."""

    def occupies(self, index: int) -> list[Square] | None:
        """Return the squares the mover fills when it ends at square `index` squeezed, or None."""
        if self.shapes is None:
            return None
        at = (int(self.xs[index]), int(self.ys[index]))
        return squeezed_space(at, self.policy.side, int(self.shapes[index]))

    @property
    def squares(self) -> tuple[ReachSquare, ...]:
        """The reachable squares, row by row, with cost and band."""
        bands = self.bands()
        show = self.policy.display
        return tuple(
            ReachSquare((x, y), c, b, show(c))
            for x, y, c, b in zip(
                self.xs.tolist(), self.ys.tolist(), self.costs.tolist(), bands.tolist(),
                strict=True,
            )
        )  # fmt: skip

    @property
    def unit(self) -> str:
        """The system's unit of `distance_at` and `ReachSquare.distance` (``ft``, ``m`` ...)."""
        return self.policy.unit.value

    def distance_at(self, square: Square) -> int | float | None:
        """Return the least cost of `square` in the system's unit (`unit`), None if unreachable.

        >>> from footfall.scene import load_sample
        >>> reachable(load_sample("pf1e-ogre-bridge"), "valeros").distance_at((9, 6))
        5
        """
        cost = self.cost_at(square)
        return None if cost is None else self.policy.display(cost)

    def __repr__(self) -> str:
        """A short summary: the mover, the action, how many squares, the budget."""
        p = self.policy
        return (
            f"Reach(mover={p.mover.id!r}, action={p.action.name!r}, squares={len(self.xs)}, "
            f"budget={p.display(max(p.budget, 0))} {p.unit.value})"
        )

    def bands(self) -> npt.NDArray[np.int64]:
        """Return the 1-based band of every square (first threshold its cost fits in)."""
        thresholds = np.array([t for _, t in self.policy.bands], dtype=np.int64)
        return np.searchsorted(thresholds, self.costs, side="left").astype(np.int64) + 1

    def cost_at(self, square: Square) -> int | None:
        """Return the least cost of `square` in the internal unit (squares for d20 and Draw
        Steel: see `ReachSquare`), None if it is not reachable; `distance_at` gives it in the
        system's unit."""
        hit = np.flatnonzero((self.xs == square[0]) & (self.ys == square[1]))
        return int(self.costs[hit[0]]) if hit.size else None

    def to_json(self, lang: Lang = "en") -> dict[str, Any]:
        """Return SCENE.md's ``reach`` shape (plus ``bands``, ``notes``, ``flying``)."""
        data = self._json(lang)
        data["squares"] = [
            {"at": [x, y], "cost": c, "band": b}
            for x, y, c, b in zip(
                self.xs.tolist(), self.ys.tolist(), self._shown(), self.bands().tolist(),
                strict=True,
            )
        ]  # fmt: skip
        if self.shapes is not None:
            for index in np.flatnonzero(self.shapes).tolist():
                squares = self.occupies(index) or []
                data["squares"][index]["occupies"] = [list(square) for square in squares]
        return data

    def json_text(self, lang: Lang = "en") -> str:
        """Return ``json.dumps(self.to_json(lang), ensure_ascii=False)``, built from the arrays.

        The same text, byte for byte (tests/tactical/test_plans.py), without a dict per square:
        a whole-map answer of 900 000 squares is encoded in a fraction of the time.
        """
        return self.json_bytes(lang).decode("utf-8")

    def json_bytes(self, lang: Lang = "en") -> bytes:
        """Return `json_text` encoded in UTF-8 (what the CLI writes: no 40 MB str in between)."""
        if self.shapes is not None:  # squeezed squares carry "occupies": rare, and small windows
            return json.dumps(self.to_json(lang), ensure_ascii=False).encode("utf-8")
        data = self._json(lang)
        keys = list(data)
        cut = keys.index("squares")
        head = json.dumps({k: data[k] for k in keys[:cut]}, ensure_ascii=False)
        tail = json.dumps({k: data[k] for k in keys[cut + 1 :]}, ensure_ascii=False)
        start = "".join([head[:-1], ", " if cut else "", '"squares": [']).encode("utf-8")
        end = "".join(["]", ", " if len(keys) > cut + 1 else "", tail[1:]]).encode("utf-8")
        if self.policy.scale.denominator == 1 and self.policy.scale >= 0:
            shown = self.costs * int(self.policy.scale)
            return squares_json(start, self.xs, self.ys, shown, self.bands(), end)
        rows = ", ".join(
            map(
                '{{"at": [{}, {}], "cost": {!r}, "band": {}}}'.format,
                self.xs.tolist(), self.ys.tolist(), self._shown(), self.bands().tolist(),
            )
        ).encode("ascii")  # fmt: skip
        return b"".join([start, rows, end])

    def _shown(self) -> list[Any]:
        """Return every square's cost in the display unit (`Policy.display`)."""
        p = self.policy
        if p.scale.denominator == 1:
            # Whole display units (ft per square, squares): exact in int64, no Fraction per square
            # (a 900000-square answer spent 5 s in `display`).
            shown: list[Any] = (self.costs * int(p.scale)).tolist()
            return shown
        return [p.display(c) for c in self.costs.tolist()]

    def _json(self, lang: Lang) -> dict[str, Any]:
        """Return the answer's JSON with an empty ``squares`` list, in the keys' order."""
        p = self.policy
        data = head_json(p, lang)
        data["squares"] = []
        data["bands"] = [
            {
                "band": i,
                "label": t(f"tactical.band.{label}", lang),
                "up_to": p.display(threshold),
            }
            for i, (label, threshold) in enumerate(p.bands, start=1)
        ]
        data["flying"] = p.flying
        data["switches"] = {k: v for k, v in p.switches.items() if k in _GRID_SWITCHES}
        data["notes"] = notes_json(p, lang)
        if p.start_rule:
            x, y = p.start_at or p.mover.at
            text = message(p.start_rule, lang, p, step=1, x=x, y=y)
            data["notes"].append({"note": p.start_rule, "message": text})
        return data


def _reach(policy: Policy, found: list[tuple[int, int, int]], frame: Frame | None = None) -> Reach:
    rows = sorted(found, key=lambda r: (r[1], r[0]))
    array = np.array(rows, dtype=np.int64).reshape(-1, 3)
    xs, ys = array[:, 0].copy(), array[:, 1].copy()
    return Reach(policy, xs, ys, array[:, 2].copy(), _shapes(frame, xs, ys))


def _shapes(
    frame: Frame | None,
    xs: npt.NDArray[np.int64],
    ys: npt.NDArray[np.int64],
    where: npt.NDArray[np.bool_] | None = None,
) -> npt.NDArray[np.int32] | None:
    """Return the squeezed-space bits of the frame at the squares (None: none is squeezed).

    `where`, the frame's mask of the squares in row order, picks them faster than indexing
    by the coordinates (a whole-map answer: 900 000 squares)."""
    if frame is None or not xs.size:
        return None
    picked = frame.notes[where] if where is not None else frame.notes[ys - frame.y0, xs - frame.x0]
    bits = picked & (NOTE_CORRIDOR | NOTE_COLUMNS)
    return bits.astype(np.int32) if bits.any() else None


def reachable(
    scene: Scene,
    mover_id: str,
    action: str | None = None,
    *,
    system: System | None = None,
    switches: Mapping[str, str] | None = None,
    distance: int | None = None,
    flying: bool | None = None,
    limits: Limits = LIMITS,
) -> Reach:
    """Return every square `mover_id` may end `action` in, with the least cost to get there.

    Only the (2R+1)^2 window around the mover is searched (R = budget / cheapest step).
    `system` gives the rules (default: the scene's system); `switches` the interpretation
    switches (RULES.md); `distance` a granted distance in the system's unit (Draw Steel shift
    N, an effect's move N), at most `limits.speed`; `flying` forces the fly speed on or off.

    >>> from footfall.scene import load_sample
    >>> reach = reachable(load_sample("pf1e-ogre-bridge"), "ogre")
    >>> reach.policy.budget, len(reach.squares) > 0
    (6, True)
    """
    plan = planned(scene, mover_id, Ask(action, system, switches, distance, flying, limits))
    policy = plan.policy
    if policy.start_rule or policy.budget < 0:
        return _reach(policy, [])
    frame = plan.frame()
    sx, sy = policy.mover.at
    ends = plan.ends()
    if policy.straight:
        found: list[tuple[int, int, int]] = []
        for ly, lx in np.argwhere(ends).tolist():
            x, y = lx + frame.x0, ly + frame.y0
            if (x, y) == (sx, sy):
                continue
            costs = [
                w.cost
                for line in straight_lines((sx, sy), (x, y))
                if (w := walk(policy, line, frame)).legal
            ]
            if costs:
                found.append((x, y, min(costs)))
        return _reach(policy, found, frame)
    source = (sx - frame.x0, sy - frame.y0, policy.start_state, 0)
    result = search(plan.graph(), [source], policy.budget)
    shown = frame
    if frame.second is None:
        best = result.dist.min(axis=0)
    else:  # squeezed placements as a state: the cheapest one it may end in (RULES 1.5)
        best, notes = settle(frame, result.dist)
        ends = best < INF
        shown = replace(frame, notes=notes)
    ok = (best <= policy.budget) & (best < INF) & ends
    ok[sy - frame.y0, sx - frame.x0] = False
    rows, cols = np.nonzero(ok)
    xs: npt.NDArray[np.int64] = np.asarray(cols, dtype=np.int64) + frame.x0
    ys: npt.NDArray[np.int64] = np.asarray(rows, dtype=np.int64) + frame.y0
    least = np.asarray(best[rows, cols], dtype=np.int64)
    return Reach(policy, xs, ys, least, _shapes(shown, xs, ys, ok))


# --------------------------------------------------------------------------------------------
# path
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PathResult:
    """A cheapest legal path to `to` (through `via`), or why there is none."""

    policy: Policy
    to: Square
    via: tuple[Square, ...]
    found: bool
    path: tuple[Square, ...]
    walk: Walk | None
    rule: RuleId | None = None
    cheapest: int | None = None
    at: Square | None = None
    """The square `rule` refuses (a charge's hampered or ally square), when not `to`."""

    @property
    def cost(self) -> int | None:
        """The path's cost in the internal unit (None when not found); see `distance`."""
        return self.walk.cost if self.found and self.walk is not None else None

    @property
    def distance(self) -> int | float | None:
        """The path's cost in the system's unit (`unit`: 45 ft), None when not found."""
        return None if self.cost is None else self.policy.display(self.cost)

    @property
    def unit(self) -> str:
        """The system's unit of `distance` (``ft``, ``squares``, ``m``)."""
        return self.policy.unit.value

    def __repr__(self) -> str:
        """A short summary: the mover, the target, found or why not, the cost and steps."""
        p = self.policy
        if self.found:
            tail = f"distance={self.distance} {p.unit.value}, steps={len(self.path) - 1}"
        else:
            tail = f"rule={str(self.rule) if self.rule else None!r}"
        return f"PathResult(mover={p.mover.id!r}, to={self.to}, found={self.found}, {tail})"

    def to_json(self, lang: Lang = "en") -> dict[str, Any]:
        """Return SCENE.md's ``path`` shape (plus ``breakdown``, ``provokes``, ``via`` ...)."""
        p = self.policy
        data = head_json(p, lang)
        data["to"] = list(self.to)
        data["via"] = [list(v) for v in self.via]
        data["found"] = self.found
        if self.found and self.walk is not None:
            data["cost"] = p.display(self.walk.cost)
            data["path"] = [list(s) for s in self.path]
            data["breakdown"] = breakdown_json(p, self.walk, lang)
            found = provocations(p, list(self.path[1:]), self.walk)
            data["provokes"] = provokes_json(found, lang)
            test = terrain_test_json(p.family.terrain_test(p, self.path[1:]), lang)
            if test is not None:
                data["test"] = test
        else:
            rule = self.rule or RuleId.BUDGET
            where = self.at or self.to
            values: dict[str, object] = {"step": 0, "x": where[0], "y": where[1]}
            if self.cheapest is not None:
                values["cost"] = p.display(self.cheapest)
                data["cheapest"] = p.display(self.cheapest)
                data["reason"] = t("tactical.reason.budget", lang, unit=unit_word(p, lang),
                                   budget=budget_shown(p), **values)  # fmt: skip
            elif self.rule:
                data["reason"] = message(rule, lang, p, **values)
            else:
                data["reason"] = t("tactical.reason.no-path", lang)
            data["rule"] = str(rule) if self.rule or self.cheapest is not None else None
        data["notes"] = notes_json(p, lang)
        return data


def _trace(results: list[SearchResult], shape: tuple[int, int], index: int) -> list[Square]:
    """Follow parent links back through the legs' search results to the start."""
    h, w = shape
    out: list[Square] = []
    leg = len(results) - 1
    while True:
        parent = results[leg].parent.reshape(-1)
        _, rest = divmod(index, h * w)
        y, x = divmod(rest, w)
        if not out or out[-1] != (x, y):
            out.append((x, y))
        up = int(parent[index])
        if up >= 0:
            index = up
            continue
        if leg == 0:
            break
        leg -= 1  # a source of this leg: the same (square, state) ended the previous leg
    out.reverse()
    return out


def find_path(
    scene: Scene,
    mover_id: str,
    to: Square,
    *,
    via: Sequence[Square] = (),
    action: str | None = None,
    system: System | None = None,
    switches: Mapping[str, str] | None = None,
    distance: int | None = None,
    flying: bool | None = None,
    limits: Limits = LIMITS,
) -> PathResult:
    """Return a cheapest legal path from the mover to `to`, through `via` in order.

    The 5-10-5 count carries across waypoints: each leg's search starts from every rule state
    the previous leg ended in, with its own cost (a multi-source search), so the cheapest
    overall path is found even when it reaches a waypoint at a dearer parity. The options are
    `reachable`'s; a square off the map raises `InputError`.
    """
    to = (int(to[0]), int(to[1]))
    via = tuple((int(v[0]), int(v[1])) for v in via)
    _on_map(scene, to, Param("to"))
    for v in via:
        _on_map(scene, v, Param("via"))
    plan = planned(scene, mover_id, Ask(action, system, switches, distance, flying, limits))
    policy = plan.policy
    start = policy.mover.at
    if policy.start_rule:
        at = policy.start_at or policy.mover.at
        return PathResult(policy, to, via, False, (), None, rule=policy.start_rule, at=at)
    if policy.straight:
        return _straight_path(policy, to, via)
    frame = plan.frame()
    points = [start, *via, to]
    for x, y in points[1:]:
        if not frame.inside(x, y):
            # Outside the window: out of the map's positions, or beyond any budget.
            return _not_found(policy, to, via)
    ly, lx = to[1] - frame.y0, to[0] - frame.x0
    if frame.block[ly, lx] != Block.OK:
        return PathResult(
            policy, to, via, False, (), None, rule=BLOCK_RULE[int(frame.block[ly, lx])]
        )
    # Staying put (no waypoints) is no movement; leaving and coming back ends a movement there,
    # so a start square the mover may not end on (an obstacle it was placed on) is refused.
    if not _may_end(frame, lx, ly) and (to != start or via):
        return PathResult(policy, to, via, False, (), None, rule=END_RULE[int(frame.end[ly, lx])])
    graph = plan.graph()
    sources = [(start[0] - frame.x0, start[1] - frame.y0, policy.start_state, 0)]
    results = []
    for k, (x, y) in enumerate(points[1:], start=1):
        last = k == len(points) - 1
        target = (x - frame.x0, y - frame.y0)
        result = search(graph, sources, policy.budget, target=target if last else None)
        results.append(result)
        column = result.dist[:, target[1], target[0]]
        sources = [
            (target[0], target[1], s, int(c)) for s, c in enumerate(column.tolist()) if c < INF
        ]
        if not sources:
            return _not_found(policy, to, via)
    h, w = frame.shape
    column = results[-1].dist[:, to[1] - frame.y0, to[0] - frame.x0]
    if frame.second is not None:  # end in a placement that may end there (RULES 1.5)
        may = end_layers(frame)[:, to[1] - frame.y0, to[0] - frame.x0]
        if int(np.where(np.repeat(may, column.shape[0] // 2), column, INF).min()) >= INF:
            # Reached only in a placement it may not end in: that placement's end rule.
            ends = frame.end if may[1] else frame.second.end
            rule = END_RULE[int(ends[to[1] - frame.y0, to[0] - frame.x0])]
            return PathResult(policy, to, via, False, (), None, rule=rule)
        column = np.where(np.repeat(may, column.shape[0] // 2), column, INF)
    best_state = int(np.argmin(column))
    index = (best_state * h + (to[1] - frame.y0)) * w + (to[0] - frame.x0)
    local = _trace(results, (h, w), index)
    path = tuple((x + frame.x0, y + frame.y0) for x, y in local)
    priced = walk(policy, list(path[1:]), frame)
    if priced.cost != int(column[best_state]):  # pragma: no cover - a bug, not user input
        raise AssertionError(f"search cost {int(column[best_state])} != walked {priced.cost}")
    return PathResult(policy, to, via, True, path, priced)


def _not_found(policy: Policy, to: Square, via: tuple[Square, ...]) -> PathResult:
    """Explain a miss: over budget (with the cheapest cost when one exists) or no path.

    On maps over `_FULL_SEARCH_SQUARES` squares the cheapest path is sought only within twice
    the larger of the budget's reach and the target's distance, so a miss stays cheap.
    """
    start = policy.mover.at
    side = policy.side
    if to[0] + side > policy.scene.width or to[1] + side > policy.scene.height:
        return PathResult(policy, to, via, False, (), None, rule=RuleId.OUT_OF_BOUNDS)
    if policy.scene.width * policy.scene.height <= _FULL_SEARCH_SQUARES:
        frame = _full(policy)
    else:
        reach = 1 if policy.one_step else max(policy.budget, 0) // max(policy.min_step, 1)
        far = max(
            [abs(p[0] - start[0]) for p in (*via, to)] + [abs(p[1] - start[1]) for p in (*via, to)]
        )
        radius = 2 * max(reach, far) + 2
        frame = build_frame(
            policy,
            start[0] - radius,
            start[1] - radius,
            start[0] + radius + 1,
            start[1] + radius + 1,
        )
        if any(not frame.inside(*p) for p in (*via, to)):
            return PathResult(policy, to, via, False, (), None)
    if not all(frame.inside(*p) for p in (*via, to)):
        # A waypoint where the mover's space would leave the map (a large mover by the edge).
        return PathResult(policy, to, via, False, (), None, rule=RuleId.OUT_OF_BOUNDS)
    ly, lx = to[1] - frame.y0, to[0] - frame.x0
    if frame.block[ly, lx] != Block.OK:
        return PathResult(
            policy, to, via, False, (), None, rule=BLOCK_RULE[int(frame.block[ly, lx])]
        )
    if not _may_end(frame, lx, ly):
        return PathResult(policy, to, via, False, (), None, rule=END_RULE[int(frame.end[ly, lx])])
    graph = _graph(policy, frame)
    sources = [(start[0] - frame.x0, start[1] - frame.y0, policy.start_state, 0)]
    for x, y in [*via, to]:
        lx, ly = x - frame.x0, y - frame.y0
        result = search(graph, sources, INF - 1, target=None)
        column = result.dist[:, ly, lx]
        sources = [(lx, ly, s, int(c)) for s, c in enumerate(column.tolist()) if c < INF]
        if not sources:
            return PathResult(policy, to, via, False, (), None)
    if frame.second is not None:  # end in a placement that may end there (RULES 1.5)
        may = end_layers(frame)[:, ly, lx]
        sources = [row for row in sources if may[row[2] // (len(column) // 2)]]
        if not sources:
            return PathResult(policy, to, via, False, (), None)
    cheapest = min(c for *_, c in sources)
    return PathResult(policy, to, via, False, (), None, rule=RuleId.BUDGET, cheapest=cheapest)


def _may_end(frame: Frame, lx: int, ly: int) -> bool:
    """Tell whether a movement may end at window position (lx, ly) in some placement."""
    if frame.end[ly, lx] == End.OK:
        return True
    return frame.second is not None and bool(end_layers(frame)[1, ly, lx])


def _straight_path(policy: Policy, to: Square, via: tuple[Square, ...]) -> PathResult:
    """Charge (and run under ``run_straight``): the straight line to `to`, if it is legal."""
    start = policy.mover.at
    best: Walk | None = None
    best_line: list[Square] = []
    first_rule: RuleId | None = None
    first_at: Square | None = None
    over_budget: list[int] = []
    for line in straight_lines(start, to) if to != start else []:
        if any(v not in line for v in via) or [line.index(v) for v in via] != sorted(
            line.index(v) for v in via
        ):
            first_rule = first_rule or RuleId.STRAIGHT_LINE
            continue
        w = walk(policy, line)
        if w.legal and (best is None or w.cost < best.cost):
            best, best_line = w, line
        elif not w.legal and {rule for _, rule in w.violations} == {RuleId.BUDGET}:
            over_budget.append(w.cost)
        elif not w.legal and first_rule is None:
            step, first_rule = next((s, r) for s, r in w.violations if r != RuleId.BUDGET)
            first_at = line[step - 1]
    if best is None and over_budget:
        # A straight line only too long for the budget: say what it costs (SCENE.md `cheapest`).
        return PathResult(
            policy, to, via, False, (), None, rule=RuleId.BUDGET, cheapest=min(over_budget)
        )
    if best is None:
        return PathResult(
            policy, to, via, False, (), None, rule=first_rule or RuleId.STRAIGHT_LINE, at=first_at
        )
    return PathResult(policy, to, via, True, (start, *best_line), best)


# --------------------------------------------------------------------------------------------
# check
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A given path priced step by step, with every violation."""

    policy: Policy
    squares: tuple[Square, ...]
    walk: Walk

    @property
    def legal(self) -> bool:
        """Whether the path breaks no rule."""
        return self.walk.legal

    @property
    def cost(self) -> int:
        """The path's cost in the internal unit (squares for d20 and Draw Steel)."""
        return self.walk.cost

    @property
    def distance(self) -> int | float:
        """The path's cost in the system's unit (`unit`)."""
        return self.policy.display(self.walk.cost)

    @property
    def unit(self) -> str:
        """The system's unit of `distance` (``ft``, ``squares``, ``m``)."""
        return self.policy.unit.value

    def __repr__(self) -> str:
        """A short summary: the mover, legal or the rules broken, the cost and steps."""
        p = self.policy
        rules = sorted({str(rule) for _, rule in self.walk.violations})
        return (
            f"CheckResult(mover={p.mover.id!r}, legal={self.legal}, distance={self.distance} "
            f"{p.unit.value}, steps={len(self.squares)}, violations={rules})"
        )

    def to_json(self, lang: Lang = "en") -> dict[str, Any]:
        """Return SCENE.md's ``check`` shape (plus ``breakdown``, ``provokes`` ...)."""
        p = self.policy
        data = head_json(p, lang)
        data["legal"] = self.walk.legal
        data["cost"] = p.display(self.walk.cost)
        violations = []
        start_rule = p.start_rule
        for step, rule in self.walk.violations:
            x, y = self.squares[step - 1] if 0 < step <= len(self.squares) else p.mover.at
            if step == 1 and rule == start_rule:
                # The walk lists the start rule first: it names a square of the start space.
                x, y = p.start_at or p.mover.at
                start_rule = None
            violations.append(
                {
                    "step": step,
                    "rule": str(rule),
                    "message": step_message(
                        rule,
                        lang,
                        p,
                        step=step,
                        x=x,
                        y=y,
                        cost=p.display(self.walk.steps[step - 1].total)
                        if step <= len(self.walk.steps)
                        else 0,
                    ),
                }
            )
        data["violations"] = violations
        data["path"] = [list(p.mover.at), *[list(s) for s in self.squares]]
        data["breakdown"] = breakdown_json(p, self.walk, lang)
        found = provocations(p, list(self.squares), self.walk)
        data["provokes"] = provokes_json(found, lang)
        test = terrain_test_json(p.family.terrain_test(p, self.squares), lang)
        if test is not None:
            data["test"] = test
        data["notes"] = notes_json(p, lang)
        return data


def check_path(
    scene: Scene,
    mover_id: str,
    squares: Sequence[Square],
    *,
    action: str | None = None,
    system: System | None = None,
    switches: Mapping[str, str] | None = None,
    distance: int | None = None,
    flying: bool | None = None,
    limits: Limits = LIMITS,
) -> CheckResult:
    """Price the given path (squares after the start) and list every rule it breaks.

    Squares off the map, an empty path or a jump between non-neighbouring squares raise
    `InputError`; a multi-square mover whose space would leave the map is `out-of-bounds`.
    The options are `reachable`'s.
    """
    path = [(int(x), int(y)) for x, y in squares]
    if not path:
        raise InputError("error.tactical.path-empty", param=Param("squares"))
    for i, square in enumerate(path, start=1):
        _on_map(scene, square, Param("squares", i - 1), i)
    policy = _policy(scene, mover_id, _Ask(action, system, switches, distance, flying, limits))
    prev = policy.mover.at
    for i, (x, y) in enumerate(path, start=1):
        if direction_of(x - prev[0], y - prev[1]) < 0:
            raise InputError(
                "error.tactical.not-neighbour", param=Param("squares", i - 1), value=[x, y],
                step=i, x=x, y=y, from_x=prev[0], from_y=prev[1],
            )  # fmt: skip
        prev = (x, y)
    return CheckResult(policy, tuple(path), walk(policy, path))
