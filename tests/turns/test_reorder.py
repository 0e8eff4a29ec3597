"""The initiative order changed during play (`footfall.turns.reorder`, docs/turns.md): the
active creature keeps its turn, the next turn follows the new order, the change is recorded."""

from __future__ import annotations

import pytest

from footfall.errors import InputError
from footfall.scene import load_sample
from footfall.turns import (
    Encounter,
    encounter_to_json,
    end_turn,
    move,
    new_encounter,
    parse_encounter,
    reorder,
    undo,
)


def _bridge() -> Encounter:
    scene = load_sample("pf1e-ogre-bridge")
    return new_encounter(scene, ["valeros", "ogre", "kyra"], encounter_id="e-o")


def test_the_active_creature_keeps_its_turn_and_the_next_follows_the_new_order() -> None:
    """valeros moves, then the order becomes kyra, valeros, ogre: valeros keeps his move and
    his turn; ending it passes to ogre; after ogre (last) round 2 begins with kyra."""
    e = move(_bridge(), "move", [(9, 5)])
    e = reorder(e, ["kyra", "valeros", "ogre"])
    assert (e.active, e.version, len(e.moves)) == ("valeros", 3, 1)
    e = end_turn(e)
    assert (e.active, e.round) == ("ogre", 1)
    e = end_turn(e)
    assert (e.active, e.round) == ("kyra", 2)


def test_recorded_with_the_turn_and_its_log_entry() -> None:
    """The turn's JSON lists the change (after how many moves, from, to); ending the turn
    carries it into the log entry; the JSON reads back equal."""
    e = reorder(move(_bridge(), "move", [(9, 5)]), ["ogre", "valeros", "kyra"])
    turn = encounter_to_json(e)["turn"]
    assert turn["reorders"] == [
        {"after": 1, "from": ["valeros", "ogre", "kyra"], "to": ["ogre", "valeros", "kyra"]}
    ]
    assert parse_encounter(encounter_to_json(e)) == e
    ended = end_turn(e)
    assert encounter_to_json(ended)["log"][0]["reorders"] == turn["reorders"]
    assert "reorders" not in encounter_to_json(ended)["turn"]
    assert parse_encounter(encounter_to_json(ended)) == ended


def test_undo_takes_back_moves_not_the_order() -> None:
    """Undo takes back the last move (TURN.md); a reorder stays until the order is changed
    back, itself a recorded change."""
    e = reorder(move(_bridge(), "move", [(9, 5)]), ["ogre", "valeros", "kyra"])
    back = undo(e)
    assert back.order == ("ogre", "valeros", "kyra") and not back.moves
    again = reorder(back, ["valeros", "ogre", "kyra"])
    assert again.order == ("valeros", "ogre", "kyra") and len(again.reorders) == 2


def test_the_same_order_changes_nothing() -> None:
    """An order equal to the current one is no change: same encounter, same version."""
    e = _bridge()
    assert reorder(e, list(e.order)) is e


@pytest.mark.parametrize(
    ("order", "message"),
    [
        (["valeros", "ogre", "goblin"], "order: 'goblin' does not take turns in this"),
        (["valeros", "ogre", "ogre"], "order: 'ogre' takes its turn twice"),
        (["valeros", "ogre"], "order: 'kyra' is missing"),
    ],
)
def test_a_bad_order_is_one_line(order: list[str], message: str) -> None:
    """A new order names every creature of the order, each once, and no other (one line)."""
    with pytest.raises(InputError, match=message):
        reorder(_bridge(), order)
