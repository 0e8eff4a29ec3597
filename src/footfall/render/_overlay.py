"""What a picture shows over the map: a mover's reach by cost band, its path, and the window.

`ReachOverlay` is built from the JSON of a reach (and a path) query of the tactical engine
(`reach_overlay`), so the picture's costs are those of ``footfall reach``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from footfall.errors import InputError
from footfall.render._palette import BAND_COLOURS
from footfall.render._view import Window
from footfall.scene import Scene, footprint

__all__ = ["ReachOverlay", "Square", "reach_overlay", "reach_window"]

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class ReachOverlay:
    """What to draw over the map for one mover and action.

    `costs` maps each square where the mover may end to its least cost (system unit);
    `bands` are ``(label, up_to)`` pairs with ascending bounds (a cost above the previous
    bound and at most ``up_to`` is in that band), e.g. one move, two moves, a run. `path`
    starts at the mover's square; `reason` says why there is none to `target`.
    """

    mover: str
    action: str
    unit: str
    budget: int | Fraction
    costs: Mapping[Square, int | Fraction]
    bands: tuple[tuple[str, int | Fraction], ...]
    path: tuple[Square, ...] = ()
    path_cost: int | Fraction | None = None
    target: Square | None = None
    reason: str | None = None

    def band(self, cost: int | Fraction) -> int:
        """Return the band index of `cost` (the last band for anything beyond the bounds)."""
        last = min(len(self.bands), len(BAND_COLOURS)) - 1
        for i, (_, bound) in enumerate(self.bands):
            if cost <= bound:
                return min(i, last)
        return max(last, 0)

    def shown_bands(self) -> tuple[tuple[str, int | Fraction], ...]:
        """Return the bands the budget reaches into (the legend lists only these)."""
        shown: list[tuple[str, int | Fraction]] = []
        low: int | Fraction = 0
        for label, bound in self.bands[: len(BAND_COLOURS)]:
            if low >= self.budget and shown:
                break
            shown.append((label, bound))
            low = bound
        return tuple(shown)


def _exact(value: object) -> int | Fraction:
    """Read a JSON number exactly (``"3/2"`` and ``1.5`` are 3/2); a bool is not a number."""
    if isinstance(value, bool):
        raise InputError("error.maps.render-number", value=value)
    number = Fraction(str(value))
    return int(number) if number.denominator == 1 else number


def reach_overlay(reach: Mapping[str, Any], path: Mapping[str, Any] | None = None) -> ReachOverlay:
    """Build a `ReachOverlay` from the JSON of a reach (and a path) query.

    Reads SCENE.md's shapes (``mover``, ``action`` and its translated ``action_name``,
    ``budget``, ``unit``, ``squares``), the ``bands`` list of the tactical engine (``label``
    and ``up_to`` each), and a path's ``found``, ``path``, ``cost``, ``to`` and ``reason``.
    The CLI's ``footfall render`` and the API's ``/api/render`` both draw through it.
    """
    costs = {(int(s["at"][0]), int(s["at"][1])): _exact(s["cost"]) for s in reach["squares"]}
    bands = tuple((str(b.get("label", "")), _exact(b["up_to"])) for b in reach.get("bands", []))
    budget = _exact(reach["budget"])
    # The legend names the action in the reader's language (``action_name``), not its id.
    action = str(reach.get("action_name") or reach["action"])
    if not bands or bands[-1][1] < budget:
        bands = (*bands, (action, budget))
    squares: tuple[Square, ...] = ()
    cost = None
    target = None
    reason = None
    if path is not None:
        target = (int(path["to"][0]), int(path["to"][1]))
        if path.get("found"):
            squares = tuple((int(p[0]), int(p[1])) for p in path["path"])
            cost = _exact(path["cost"])
        else:
            reason = str(path.get("reason") or "") or None
    return ReachOverlay(
        mover=str(reach["mover"]),
        action=action,
        unit=str(reach["unit"]),
        budget=budget,
        costs=MappingProxyType(costs),
        bands=bands,
        path=squares,
        path_cost=cost,
        target=target,
        reason=reason,
    )


def reach_window(scene: Scene, reach: ReachOverlay, margin: int = 2) -> Window:
    """Return the squares around the mover, its reach and its path, `margin` squares wider."""
    squares = list(reach.costs) + list(reach.path)
    if reach.target is not None:
        squares.append(reach.target)
    for creature in scene.creatures:
        if creature.id == reach.mover:
            side = footprint(scene, creature)
            x, y = creature.at
            squares += [(x, y), (x + side - 1, y + side - 1)]
    if not squares:
        return (0, 0, scene.width - 1, scene.height - 1)
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    return (
        max(0, min(xs) - margin),
        max(0, min(ys) - margin),
        min(scene.width - 1, max(xs) + margin),
        min(scene.height - 1, max(ys) + margin),
    )
