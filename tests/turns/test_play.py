"""The turn rules of TURN.md, each from a small scene: moves checked against the turn so far."""

from __future__ import annotations

from typing import Any

import pytest

from footfall.errors import InputError
from footfall.scene import load_sample
from footfall.turns import (
    Encounter,
    IllegalMove,
    allowed,
    encounter_to_json,
    end_turn,
    move,
    new_encounter,
    parse_encounter,
    undo,
)
from helpers.tactical_scenes import make, mob


def d20(*creatures: dict[str, Any], rows: list[str] | None = None) -> Encounter:
    """Return a pf1e encounter on an open 10x10 map (or `rows`), `creatures` in order."""
    scene = make("pf1e", rows or ["." * 10] * 10, *creatures)
    return new_encounter(scene, encounter_id="e-test")


def can(e: Encounter) -> dict[str, Any]:
    """Return the turn's allowances: action -> what is left."""
    return {a.action: a.left for a in allowed(e)}


def refused(e: Encounter, action: str, path: list[tuple[int, int]], **kw: Any) -> list[str]:
    """Make a move that must be refused; return its violations' rule ids."""
    with pytest.raises(IllegalMove) as err:
        move(e, action, path, **kw)
    return [v["rule"] for v in err.value.violations_json()]


# ------------------------------------------------------------------------------ d20


def test_turn_md_example_move_then_what_is_left() -> None:
    """TURN.md's example: after a 10-ft move, move has 20 ft left and double move 50 (RULES 1.4)."""
    e = new_encounter(load_sample("pf1e-ogre-bridge"), encounter_id="e-1")
    e = move(e, "move", [(9, 5), (10, 5)])
    assert encounter_to_json(e)["turn"]["spent"] == {"move": 10}
    assert can(e) == {"move": 20, "double-move": 50}


def test_diagonal_count_runs_across_moves() -> None:
    """The 5-10-5 count runs over the turn: a second move's first diagonal costs 10 ft (1.2)."""
    e = d20(mob("a", 5, 5))
    e = move(e, "move", [(6, 6)])
    assert e.moves[0].cost == 5
    e = move(e, "move", [(7, 7)])
    assert e.moves[1].cost == 10
    e = move(e, "move", [(8, 8)])
    assert e.moves[2].cost == 5
    assert can(e) == {"move": 10, "double-move": 40}


def test_second_move_action_is_a_double_move_with_one_count() -> None:
    """Past one move's 30 ft the turn is refused as a move, taken as a double move (1.4)."""
    e = d20(mob("a", 0, 0))
    e = move(e, "move", [(i, 0) for i in range(1, 7)])  # 30 ft
    assert refused(e, "move", [(7, 0)]) == ["budget"]
    e = move(e, "double-move", [(7, 0)])
    assert can(e) == {"double-move": 25}


def test_five_foot_step_only_alone() -> None:
    """A 5-foot step only with no other movement, and then no other movement (official)."""
    e = d20(mob("a", 5, 5))
    stepped = move(e, "five-foot-step", [(6, 5)])
    assert can(stepped) == {}
    assert refused(stepped, "move", [(7, 5)]) == ["turn-economy"]
    moved = move(e, "move", [(6, 5)])
    assert refused(moved, "five-foot-step", [(7, 5)]) == ["turn-economy"]


def test_five_foot_step_is_one_square_even_in_two_moves() -> None:
    """A 5-foot step never grows to two squares across moves."""
    e = move(d20(mob("a", 5, 5)), "five-foot-step", [(6, 5)])
    assert refused(e, "five-foot-step", [(7, 5)]) == ["turn-economy"]


def test_move_then_run_is_refused() -> None:
    """A move action spent leaves no full-round action: a run after it is refused."""
    e = move(d20(mob("a", 0, 0)), "move", [(1, 0)])
    assert refused(e, "run", [(2, 0)]) == ["turn-economy"]


@pytest.mark.parametrize(
    ("lang", "spent"),
    [("en", "for move"), ("ru", "на перемещение (move)"), ("zh", "已用于移动(move)")],
)
def test_the_economy_refusal_names_the_spent_actions_in_words(lang: str, spent: str) -> None:
    """The refusal names the actions already used in the user's language: each as its word
    and id in ru and zh (they were bare ids until stop 22), the id in English."""
    e = move(d20(mob("a", 0, 0)), "move", [(1, 0)])
    with pytest.raises(IllegalMove) as err:
        move(e, "run", [(2, 0)], lang=lang)  # type: ignore[arg-type]
    (message,) = [v["message"] for v in err.value.violations_json()]
    assert spent in str(message), message


def test_run_continues_as_one_run() -> None:
    """A run dragged in two pieces is one run: 120 ft in all at speed 30."""
    e = move(d20(mob("a", 0, 0), rows=["." * 30]), "run", [(i, 0) for i in range(1, 11)])
    assert can(e) == {"run": 70}
    assert refused(e, "run", [(i, 0) for i in range(11, 26)]) == ["budget"]


def test_charge_stays_straight_across_moves() -> None:
    """A charge's straight line runs over its pieces: a turn off the line is refused (1.4)."""
    e = move(d20(mob("a", 0, 0)), "charge", [(1, 0), (2, 0)])
    assert "straight-line" in refused(e, "charge", [(3, 1)])
    assert move(e, "charge", [(3, 0)]).moves[-1].cost == 5


def test_illegal_move_names_rule_and_changes_nothing() -> None:
    """Moving into a pit is refused with `impassable`; the encounter stays as it was."""
    e = new_encounter(load_sample("pf1e-ogre-bridge"), encounter_id="e-1")
    before = encounter_to_json(e)
    assert refused(e, "move", [(9, 5), (10, 4)]) == ["impassable"]
    assert encounter_to_json(e) == before


def test_provocation_recorded_once_per_enemy_across_moves() -> None:
    """Leaving the ogre's threat provokes once in the turn, recorded on the move that did it."""
    e = new_encounter(load_sample("pf1e-ogre-bridge"), encounter_id="e-1")
    e = move(e, "move", [(9, 5), (10, 5)])
    e = move(e, "double-move", [(11, 6), (12, 7)])
    assert [(p.step, p.by) for p in e.moves[1].provokes] == [(2, "ogre")]
    e = move(e, "double-move", [(13, 7)])
    assert e.moves[2].provokes == ()


# ------------------------------------------------------------------------------ drawsteel


def hero(cid: str, x: int, y: int, **fields: Any) -> dict[str, Any]:
    """Return a Draw Steel creature: size 1M, speed 5 (seed 002)."""
    return mob(cid, x, y, size="1M", speed=5, **fields)


def steel(*creatures: dict[str, Any]) -> Encounter:
    """Return a Draw Steel encounter on an open 12x12 map."""
    return new_encounter(make("drawsteel", ["." * 12] * 12, *creatures), encounter_id="e-s")


def test_drawsteel_one_advance_capped_by_speed() -> None:
    """One move action: an advance in pieces never covers more than the speed (speed cap)."""
    e = move(steel(hero("f", 0, 0)), "advance", [(1, 0), (2, 0), (3, 0)])
    assert can(e)["advance"] == 2
    assert "budget" in refused(e, "advance", [(4, 0), (5, 0), (6, 0)])
    assert refused(e, "disengage", [(4, 0)]) == ["turn-economy"]


def test_drawsteel_shift_is_its_own_movement() -> None:
    """A granted shift is a movement of its own after the advance, with its distance."""
    e = move(steel(hero("f", 0, 0)), "advance", [(i, 0) for i in range(1, 6)])
    assert can(e) == {"shift": None}
    e = move(e, "shift", [(6, 0), (7, 0)], distance=2)
    assert e.moves[-1].cost == 2 and e.moves[-1].distance == 2
    assert "budget" in refused(e, "shift", [(8, 0), (9, 0)], distance=1)


def test_drawsteel_shift_needs_its_distance() -> None:
    """A shift without its granted distance is bad input, naming the parameter."""
    with pytest.raises(InputError, match="distance"):
        move(steel(hero("f", 0, 0)), "shift", [(1, 0)])


# ------------------------------------------------------------------------------ dh2e


def acolyte(cid: str, x: int, y: int, ab: int) -> dict[str, Any]:
    """Return a dh2e creature with Agility Bonus `ab`."""
    return mob(cid, x, y, agility_bonus=ab, speed=None)


def test_dh2e_half_moves_join_into_a_full_move() -> None:
    """Two half actions or one full action: half move AB, full move 2 AB (seed 001 table)."""
    scene = make("dh2e", ["." * 12] * 3, acolyte("a", 0, 0, 3))
    e = move(new_encounter(scene, encounter_id="e-h"), "half-move", [(1, 0), (2, 0)])
    assert can(e) == {"half-move": 1, "full-move": 4}
    assert refused(e, "half-move", [(3, 0), (4, 0)]) == ["budget"]
    e = move(e, "full-move", [(3, 0), (4, 0), (5, 0)])
    assert can(e) == {"full-move": 1}
    assert refused(e, "run", [(7, 0)]) == ["turn-economy"]


# ------------------------------------------------------------------------------ order, undo


def test_undo_returns_the_mover_and_the_allowance() -> None:
    """Undo takes back the last move: the mover is where it started, the budget refunded."""
    e = d20(mob("a", 5, 5))
    moved = move(e, "move", [(6, 6), (7, 7)])
    back = undo(moved)
    assert back.version == moved.version + 1
    assert back.scene == e.scene and back.moves == () and can(back) == can(e)


def test_undo_with_nothing_to_undo_names_the_mover() -> None:
    """Undo at the start of a turn is bad input: nothing to undo."""
    with pytest.raises(InputError, match="nothing to undo: a has not moved"):
        undo(d20(mob("a", 5, 5)))


def test_end_turn_passes_on_and_counts_rounds() -> None:
    """End turn: the next in order is active; after the last, round 2 begins (TURN.md)."""
    e = d20(mob("a", 0, 0), mob("b", 5, 5))
    e = end_turn(move(e, "move", [(1, 0)]))
    assert (e.active, e.round, e.moves) == ("b", 1, ())
    assert e.log[0].mover == "a" and e.log[0].moves[0].path == ((0, 0), (1, 0))
    e = end_turn(e)
    assert (e.active, e.round) == ("a", 2)
    assert can(e)["move"] == 30


def test_order_names_creatures_once() -> None:
    """The order must name creatures of the scene, each once, with the bad one named."""
    scene = make("pf1e", ["..."], mob("a", 0, 0), mob("b", 2, 0))
    assert new_encounter(scene, ["b", "a"]).active == "b"
    with pytest.raises(InputError, match="'z' is not a creature of the scene"):
        new_encounter(scene, ["a", "z"])
    with pytest.raises(InputError, match="'a' takes its turn twice"):
        new_encounter(scene, ["a", "a"])


def test_json_round_trip_keeps_the_encounter() -> None:
    """The TURN.md JSON reads back into the same encounter (spent and can recomputed)."""
    e = new_encounter(load_sample("pf1e-ogre-bridge"), encounter_id="e-1", title="Bridge")
    e = end_turn(move(e, "move", [(9, 5), (10, 5)]))
    e = move(e, "move", [(7, 6)])
    data = encounter_to_json(e)
    assert data["footfall_encounter"] == 1 and data["turn"]["mover"] == "kyra"
    assert parse_encounter(data) == e


def test_x_keys_are_kept_through_moves_and_the_json() -> None:
    """TURN.md: an encounter's own ``x-...`` keys are kept and ignored: read, carried through
    a move, undo and end turn, and written back as they were."""
    data = encounter_to_json(new_encounter(load_sample("pf1e-ogre-bridge"), encounter_id="e-x"))
    data["x-vtt"] = {"scene": "abc", "tokens": [1, 2]}
    e = parse_encounter(data)
    e = end_turn(undo(move(move(e, "move", [(9, 5)]), "move", [(10, 5)])))
    assert encounter_to_json(e)["x-vtt"] == {"scene": "abc", "tokens": [1, 2]}
    assert "x-vtt" not in encounter_to_json(d20(mob("a", 0, 0)))


def test_newer_shape_is_refused() -> None:
    """An encounter of a later shape version is refused naming the version."""
    data = encounter_to_json(d20(mob("a", 0, 0)))
    data["footfall_encounter"] = 2
    with pytest.raises(InputError, match="shape version 2 is newer"):
        parse_encounter(data)


def test_empty_order_is_refused() -> None:
    """An order naming nobody is bad input naming the order."""
    scene = make("pf1e", ["..."], mob("a", 0, 0))
    with pytest.raises(InputError, match="order names no creature"):
        new_encounter(scene, [])
