"""What the active creature may still reach this turn (`footfall.turns.reach`): the squares a
move would be accepted for, the turn so far counted (TURN.md's turn rules, RULES.md 1.4)."""

from __future__ import annotations

import contextlib
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from footfall.errors import InputError
from footfall.rules import load_system
from footfall.scene import Scene, load_sample
from footfall.tactical import check_path
from footfall.turns import Encounter, move, movements, new_encounter
from footfall.turns.play import turn_rules
from footfall.turns.reach import reach_left
from helpers.tactical_scenes import make, mob

Square = tuple[int, int]
STEPS = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]
#: Rules a longer path can never mend: once broken, every extension breaks them too.
MONOTONE = {"budget", "speed-cap"}


def _bridge() -> Encounter:
    return new_encounter(load_sample("pf1e-ogre-bridge"), encounter_id="e-r")


def test_a_fresh_turn_reaches_what_reach_does() -> None:
    """With no move yet, the rest of the turn is a fresh turn: the squares and costs of reach."""
    from footfall.tactical import reachable

    e = _bridge()
    fresh = reachable(e.scene, "valeros", "double-move")
    left = reach_left(e, "double-move")
    assert {s.at: s.cost for s in left.squares} == {s.at: s.distance for s in fresh.squares}
    assert left.paid == 0 and not left.extends


def test_the_5_10_5_count_carries_into_the_rest_of_the_turn() -> None:
    """After one diagonal (5 ft) the next costs 10 ft (RULES.md 1.4): valeros, moved from (8,5)
    to (9,4), has 25 ft of his move action left; (10,5), one diagonal on, costs 10 (a fresh
    turn's reach says 5), (11,6), two on, 15 (10 + 5), the movement 20 in all."""
    from footfall.tactical import reachable

    e = move(_bridge(), "move", [(9, 4)])
    left = reach_left(e, "move")
    assert left.extends and left.paid == 5
    by = {s.at: s for s in left.squares}
    assert (by[(10, 5)].cost, by[(10, 5)].turn_cost) == (10, 15)
    assert (by[(11, 6)].cost, by[(11, 6)].turn_cost) == (15, 20)
    assert reachable(e.scene, "valeros", "move").distance_at((10, 5)) == 5
    assert max(s.turn_cost for s in left.squares) == 30
    assert all(s.band == 1 for s in left.squares)


def test_a_five_foot_step_leaves_nothing_and_a_move_leaves_no_step() -> None:
    """The 5-foot step is the turn's only movement: after it no action reaches anything; after a
    move, the step is refused with the economy's reason."""
    stepped = move(_bridge(), "five-foot-step", [(8, 4)])
    for action in ("move", "double-move", "five-foot-step", "run"):
        left = reach_left(stepped, action)
        assert not left.squares and left.refusal
    moved = move(_bridge(), "move", [(8, 4)])
    assert reach_left(moved, "five-foot-step").refusal


def test_draw_steel_advance_is_one_movement_capped_at_speed() -> None:
    """Draw Steel: after advancing 2 of speed 5 the advance reaches 3 squares more at most."""
    e = new_encounter(load_sample("drawsteel-burning-hall"), ["fury", "goblin"])
    e = move(e, "advance", [(3, 5), (4, 5)])
    left = reach_left(e, "advance")
    assert left.paid == 2 and max(s.turn_cost for s in left.squares) <= 5
    assert (7, 5) in {s.at for s in left.squares}
    assert (8, 5) not in {s.at for s in left.squares}


def test_dh2e_half_moves_then_full_move() -> None:
    """DH2: after a half move the second half action reaches what a full move has left; a run
    (a full action) is refused."""
    e = new_encounter(load_sample("dh2e-hive-underpass"), ["interrogator", "heretic"])
    e = move(e, "half-move", [(3, 4)])
    assert reach_left(e, "run").refusal
    full = reach_left(e, "full-move")
    assert full.extends and full.squares
    assert max(s.turn_cost for s in full.squares) <= full.to_json()["budget"]


def test_unknown_action_is_one_line() -> None:
    """An action the system lacks is refused naming the system's actions."""
    with pytest.raises(InputError, match="double-move"):
        reach_left(_bridge(), "advance")


def test_json_shape() -> None:
    """The answer: reach's head, what the movement has paid and has left, and each square's
    move cost, movement cost and band."""
    data = reach_left(move(_bridge(), "move", [(9, 5), (10, 5)]), "double-move").to_json()
    assert (data["action"], data["paid"], data["budget"], data["left"]) == (
        "double-move", 10, 60, 50,
    )  # fmt: skip
    assert {"at", "cost", "turn_cost", "band"} == set(data["squares"][0])
    assert {s["band"] for s in data["squares"]} == {1, 2}


# ------------------------------------------------------------------------------ properties

#: (system, creature fields, action used by the first move, actions asked after it)
SMALL = (
    ("pf1e", {"speed": 10}, "move", ("move", "double-move")),
    ("dnd35", {"speed": 10}, "double-move", ("double-move",)),
    ("drawsteel", {"speed": 3, "size": "1M"}, "advance", ("advance",)),
    ("dh2e", {"agility_bonus": 1}, "half-move", ("half-move", "full-move")),
)


@st.composite
def small_turns(draw: st.DrawFn) -> tuple[Encounter, str]:
    """A 6x6 scene of walls, pits and difficult ground, a mover who made one move, an action."""
    system, fields, first, after = draw(st.sampled_from(SMALL))
    rows = ["".join(draw(st.sampled_from(".....^^#_")) for _ in range(6)) for _ in range(6)]
    x, y = draw(st.integers(0, 5)), draw(st.integers(0, 5))
    rows[y] = rows[y][:x] + "." + rows[y][x + 1 :]
    ex, ey = draw(st.integers(0, 5)), draw(st.integers(0, 5))
    assume((ex, ey) != (x, y))
    rows[ey] = rows[ey][:ex] + "." + rows[ey][ex + 1 :]
    foe: dict[str, Any] = mob("foe", ex, ey, side="foes", **fields)
    scene: Scene = make(system, rows, mob("hero", x, y, **fields), foe)
    e = new_encounter(scene, ["hero", "foe"], encounter_id="e-p")
    dx, dy = draw(st.sampled_from(STEPS))
    if draw(st.booleans()):
        with contextlib.suppress(InputError):  # off the map or refused: the turn starts fresh
            e = move(e, first, [(x + dx, y + dy)])
    return e, draw(st.sampled_from(after))


def _accepted(e: Encounter, action: str, here: Square) -> set[Square]:
    """Every square some move under `action` is accepted for (the oracle; small scenes only).

    `move` checks a move with `check_path` on the movement's joined path once the turn's
    economy allows the action (tests/turns/test_play.py); here every simple path from the
    mover is so checked, and grown until it breaks a rule no longer path can mend."""
    if reach_left(e, action).refusal:
        return set()
    done = movements(e)
    last = done[-1] if done else None
    extends = last is not None and last.action in turn_rules(load_system(e.system)).rule(
        action
    ).continues  # fmt: skip
    start, before = (last.start, list(last.squares)) if extends and last else (here, [])
    scene = replace(e.scene, creatures=tuple(
        replace(c, at=start) if c.id == e.active else c for c in e.scene.creatures
    ))  # fmt: skip
    found: set[Square] = set()

    def grow(path: list[Square]) -> None:
        x, y = path[-1] if path else here
        for dx, dy in STEPS:
            nxt = (x + dx, y + dy)
            if not (0 <= nxt[0] < e.scene.width and 0 <= nxt[1] < e.scene.height):
                continue
            if nxt == here or nxt in path:
                continue
            checked = check_path(scene, e.active, [*before, *path, nxt], action=action)
            if checked.legal:
                found.add(nxt)
            elif {str(r) for _, r in checked.walk.violations} & MONOTONE:
                continue
            grow([*path, nxt])

    grow([])
    return found


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(small_turns())
def test_every_square_marked_is_one_a_move_is_accepted_for(case: tuple[Encounter, str]) -> None:
    """Each square `reach_left` marks is accepted by `move` along the path it found, at the cost
    it says; and on small scenes every square some accepted move ends in is marked."""
    e, action = case
    left = reach_left(e, action)
    here = next(c.at for c in e.scene.creatures if c.id == e.active)
    for s in left.squares:
        after = move(e, action, list(s.path))
        assert after.moves[-1].cost == pytest.approx(s.cost)
        assert after.moves[-1].end == s.at
    assert {s.at for s in left.squares} == _accepted(e, action, here)
