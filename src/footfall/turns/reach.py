"""What the active creature may still reach this turn: ``reach`` for the rest of a turn.

A fresh ``reach`` answers "where could this creature go in a turn of its own?". In an
encounter the turn so far counts: after a 10-ft move a pf1e `move` has 20 ft left, the 5-10-5
count runs on, a 5-foot step taken leaves nothing, Draw Steel's one move action is spent once.
`reach_left` answers with the very search `move` checks against (`footfall.turns.play`):

- an action the turn's economy refuses reaches nothing (`TurnReach.refusal` says why);
- an action that would *extend* the turn's last movement searches on from where the mover
  stands, starting in the rule state and at the cost the movement's path so far has under
  that action (`footfall.tactical.walk` of the joined path), with the action's whole budget;
  a charge (or a straight run) tries the straight lines from where the movement began;
- an action that starts a movement of its own is a fresh ``reach`` from where the mover stands.

Every square found is then checked as `move` checks it: the joined path (the movement so far
plus the path the search found) walked under the action, and kept only if it breaks no rule.
So every square marked is one a move to it is accepted for (tests/turns/test_reach.py, a
Hypothesis property, also shows the converse on small scenes).

>>> from footfall.scene import load_sample
>>> from footfall.turns import move, new_encounter
>>> e = move(new_encounter(load_sample("pf1e-ogre-bridge")), "move", [(9, 5), (10, 5)])
>>> left = reach_left(e, "move")
>>> left.paid, max(s.turn_cost for s in left.squares)
(10, 30)
>>> reach_left(e, "run").refusal is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from footfall.errors import InputError
from footfall.i18n import Lang
from footfall.limits import LIMITS, Limits
from footfall.rules import load_system
from footfall.scene import Scene
from footfall.tactical.placements import end_layers
from footfall.tactical.plans import Ask, planned
from footfall.tactical.policy import Policy
from footfall.tactical.report import head_json
from footfall.tactical.search import INF, search
from footfall.tactical.walk import straight_lines, walk
from footfall.turns.model import Encounter
from footfall.turns.play import _economy, _where, allowed, movements, turn_rules

__all__ = ["ReachLeft", "TurnReach", "reach_left", "turn_reach_json"]

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class ReachLeft:
    """A square the mover may still end its turn's movement in.

    `cost` is what a move there costs (what `move` would record: the movement's cost after it
    less its cost before), `turn_cost` the movement's whole cost after it (what ``check`` says
    of the joined path), both in the system's unit; `band` is the band of `turn_cost` under the
    action (1: within one move action ...); `path` the squares entered after the mover's square.
    """

    at: Square
    cost: int | float
    turn_cost: int | float
    band: int
    path: tuple[Square, ...]


@dataclass(frozen=True, slots=True)
class TurnReach:
    """Where `action` still takes the active creature this turn (`reach_left`)."""

    action: str
    mover: str
    at: Square
    extends: bool
    """Whether a move under `action` extends the turn's last movement (else starts one)."""
    paid: int | float
    """What the movement it extends has cost so far, in the system's unit (0: a new one)."""
    squares: tuple[ReachLeft, ...]
    refusal: str | None
    """Why the turn allows no move under `action` (the turn's economy), or None."""
    policy: Policy | None

    def to_json(self, lang: Lang = "en") -> dict[str, Any]:
        """Return ``reach``'s shape for the rest of the turn (docs/contracts/EXTENSIONS.md)."""
        data: dict[str, Any] = (
            head_json(self.policy, lang) if self.policy is not None
            else {"system": "", "mover": self.mover, "action": self.action,
                  "action_name": self.action, "budget": 0, "unit": ""}
        )  # fmt: skip
        if self.policy is not None:
            data["bands"] = [
                {"band": i, "up_to": self.policy.display(threshold)}
                for i, (_, threshold) in enumerate(self.policy.bands, start=1)
            ]
        data["at"] = list(self.at)
        data["extends"] = self.extends
        data["paid"] = self.paid
        data["left"] = _minus(data["budget"], self.paid) if self.policy is not None else 0
        data["refusal"] = self.refusal
        data["squares"] = [
            {"at": list(s.at), "cost": s.cost, "turn_cost": s.turn_cost, "band": s.band}
            for s in self.squares
        ]
        return data


def _minus(a: int | float, b: int | float) -> int | float:
    d = a - b
    return d if isinstance(d, int) else round(d, 3)


def reach_left(
    encounter: Encounter,
    action: str,
    *,
    distance: int | None = None,
    limits: Limits = LIMITS,
    lang: Lang = "en",
) -> TurnReach:
    """Return where the active creature may still move this turn under `action`.

    The turn's moves count as `move` counts them (see the module); `distance` is a granted
    distance (a Draw Steel shift). An unknown action raises `InputError` naming the system's.
    """
    system = load_system(encounter.system)
    given = system.action(action).given  # an unknown action: one line naming the system's
    turn = turn_rules(system)
    done = movements(encounter)
    here = _where(encounter)
    extends, refusal = _economy(turn, action, done, lang, encounter.active, encounter.scene.system)
    if refusal is None and turn.rule(action) is None:
        refusal = action
    if refusal is not None:
        return TurnReach(action, encounter.active, here, False, 0, (), refusal, None)
    if given and distance is None:  # a shift: as far as the effect grants
        return TurnReach(action, encounter.active, here, False, 0, (), None, None)
    if not extends:
        return _fresh(encounter, action, here, distance, limits)
    last = done[-1]
    scene = _placed(encounter.scene, encounter.active, last.start)
    try:
        plan = planned(scene, encounter.active, Ask(action, None, None, distance, None, limits))
    except InputError:
        return TurnReach(action, encounter.active, here, True, last.cost, (), None, None)
    found = _continued(plan, last.squares)
    return TurnReach(
        action, encounter.active, here, True, last.cost,
        _checked(plan, last.squares, found, last.cost), None, plan.policy,
    )  # fmt: skip


def turn_reach_json(
    encounter: Encounter,
    actions: Sequence[str] | None = None,
    *,
    distance: int | None = None,
    limits: Limits = LIMITS,
    lang: Lang = "en",
) -> dict[str, Any]:
    """Return the rest of the turn's reach under each of `actions` as JSON (default: every
    action the turn still allows): the answer of ``GET /api/encounters/{id}/reach`` and of
    ``footfall encounter reach`` (docs/contracts/EXTENSIONS.md). `count` is the number of
    squares some action reaches (what the page shows).
    """
    wanted = list(actions) if actions else [a.action for a in allowed(encounter, limits=limits)]
    answers = {
        a: reach_left(encounter, a, distance=distance, limits=limits, lang=lang) for a in wanted
    }
    shaded = {s.at for r in answers.values() for s in r.squares}
    return {
        "id": encounter.id,
        "version": encounter.version,
        "mover": encounter.active,
        "at": list(_where(encounter)),
        "count": len(shaded),
        "reach": {a: r.to_json(lang) for a, r in answers.items()},
    }


def _placed(scene: Scene, mover: str, at: Square) -> Scene:
    creatures = tuple(replace(c, at=at) if c.id == mover else c for c in scene.creatures)
    return replace(scene, creatures=creatures)


def _fresh(
    encounter: Encounter, action: str, here: Square, distance: int | None, limits: Limits
) -> TurnReach:
    """A movement of its own: the fresh reach, each square's path checked as `move` does."""
    try:
        plan = planned(
            encounter.scene, encounter.active, Ask(action, None, None, distance, None, limits)
        )
    except InputError:  # e.g. a 5-foot step of a creature whose speed is 0
        return TurnReach(action, encounter.active, here, False, 0, (), None, None)
    policy = plan.policy
    if policy.start_rule:
        candidates: list[tuple[Square, ...]] = []
    elif policy.straight:
        candidates = _lines(plan, (), here)
    else:
        candidates = _searched(plan, here, policy.start_state, 0)
    return TurnReach(
        action, encounter.active, here, False, 0, _checked(plan, (), candidates, 0), None,
        policy,
    )  # fmt: skip


def _continued(plan: Any, before: Sequence[Square]) -> list[tuple[Square, ...]]:
    """Candidate paths (squares after the mover's square) extending the movement `before`."""
    policy: Policy = plan.policy
    if policy.start_rule or policy.budget < 0 or not before:
        return []
    if policy.straight:
        return _lines(plan, before, before[-1])
    frame = plan.frame()
    x, y = before[-1]
    if not frame.inside(x, y):
        return []
    prefix = walk(policy, before, frame)
    last = prefix.steps[-1]
    code = int(frame.code[y - frame.y0, x - frame.x0])
    if last.layer and frame.second is not None and frame.second.code is not None:
        code = int(frame.second.code[y - frame.y0, x - frame.x0])  # a second placement
    _, state, _ = policy.pricing.price(last.state_before, last.diagonal, code)
    # A layered search numbers a second placement's states after the first's (RULES 1.5).
    state += last.layer * policy.pricing.states
    return _searched(plan, (x, y), state, prefix.cost)


def _searched(plan: Any, here: Square, state: int, paid: int) -> list[tuple[Square, ...]]:
    """One cheapest path from `here` (in rule `state`, `paid` spent) to every end square."""
    policy: Policy = plan.policy
    frame = plan.frame()
    if not frame.inside(*here) or policy.budget < 0:
        return []
    source = (here[0] - frame.x0, here[1] - frame.y0, state, paid)
    result = search(plan.graph(), [source], policy.budget)
    best = result.dist.min(axis=0)
    ok = (best <= policy.budget) & (best < INF) & plan.ends()
    dist = result.dist
    if frame.second is not None:  # squeezed placements as a state (RULES 1.5)
        may = end_layers(frame)
        dist = np.where(np.repeat(may, dist.shape[0] // 2, axis=0), dist, INF)
        best = dist.min(axis=0)
        ok = (best <= policy.budget) & (best < INF)
    ok[here[1] - frame.y0, here[0] - frame.x0] = False
    states = dist.argmin(axis=0)
    parent = result.parent.reshape(-1)
    n_states, h, w = result.dist.shape
    paths: list[tuple[Square, ...]] = []
    for ly, lx in np.argwhere(ok).tolist():
        index = (int(states[ly, lx]) * h + ly) * w + lx
        out: list[Square] = []
        for _ in range(n_states * h * w):
            _, rest = divmod(index, h * w)
            py, px = divmod(rest, w)
            out.append((px + frame.x0, py + frame.y0))
            index = int(parent[index])
            if index < 0:
                break
        out.reverse()
        paths.append(tuple(out[1:]))  # without the source square
    return paths


def _lines(plan: Any, before: Sequence[Square], here: Square) -> list[tuple[Square, ...]]:
    """A charge (or straight run): the straight lines from the movement's start through
    `before` to every end square, as paths after `here`."""
    policy: Policy = plan.policy
    frame = plan.frame()
    start = policy.mover.at
    out: list[tuple[Square, ...]] = []
    for ly, lx in np.argwhere(plan.ends()).tolist():
        end = (lx + frame.x0, ly + frame.y0)
        if end in (start, here):
            continue
        for line in straight_lines(start, end):
            if len(line) > len(before) and tuple(line[: len(before)]) == tuple(before):
                out.append(tuple(line[len(before) :]))
    return out


def _checked(
    plan: Any,
    before: Sequence[Square],
    candidates: Sequence[tuple[Square, ...]],
    paid: int | float,
) -> tuple[ReachLeft, ...]:
    """Keep the candidates whose joined path `move` accepts, the cheapest per square (walked
    over the plan's window frame, which holds every path the budget allows)."""
    policy: Policy = plan.policy
    frame = plan.frame()
    best: dict[Square, tuple[int, tuple[Square, ...]]] = {}
    for path in candidates:
        if not path:
            continue
        w = walk(policy, [*before, *path], frame)
        if not w.legal:
            continue
        seen = best.get(path[-1])
        if seen is None or w.cost < seen[0]:
            best[path[-1]] = (w.cost, path)
    out = []
    for at in sorted(best, key=lambda s: (s[1], s[0])):
        total, path = best[at]
        shown = policy.display(total)
        out.append(ReachLeft(at, _minus(shown, paid), shown, policy.band(total), path))
    return tuple(out)
