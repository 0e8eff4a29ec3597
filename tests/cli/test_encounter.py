"""``footfall encounter``: new, list, show, reach, move, undo, end-turn, order, delete."""

from __future__ import annotations

import json
from pathlib import Path

from helpers.cli import invoke


def run(db: Path, *args: str) -> tuple[int, str]:
    """Run ``footfall encounter ARGS --database DB``; return the exit code and all output."""
    result = invoke(["encounter", *args, "--database", str(db)])
    return result.exit_code, result.output


def test_a_turn_from_the_command_line(tmp_path: Path) -> None:
    """A script plays a turn: new, move, what is left, undo, end turn, list (TURN.md)."""
    db = tmp_path / "game.sqlite3"
    code, out = run(db, "new", "pf1e-ogre-bridge", "--id", "bridge", "--order", "valeros,ogre")
    assert code == 0 and out.splitlines()[1] == "order: [valeros], ogre"
    code, out = run(db, "move", "bridge", "--action", "move", "--path", "9,5 10,5")
    assert code == 0 and "  move: 8,5 -> 10,5, 10 ft" in out
    assert out.splitlines()[-1] == "left: move 20 ft, double move 50 ft"
    code, out = run(db, "show", "bridge", "--json")
    data = json.loads(out)
    assert data["footfall_encounter"] == 1 and data["turn"]["spent"] == {"move": 10}
    code, out = run(db, "undo", "bridge", "--json")
    assert json.loads(out)["turn"]["moves"] == []
    code, out = run(db, "end-turn", "bridge", "--version", "3", "--json")
    assert (json.loads(out)["active"], json.loads(out)["version"]) == ("ogre", 4)
    code, out = run(db, "list", "--json")
    assert json.loads(out) == [
        {"id": "bridge", "title": "pf1e: valeros, ogre", "system": "pf1e", "round": 1,
         "active": "ogre", "version": 4}
    ]  # fmt: skip
    assert run(db, "delete", "bridge") == (0, "deleted bridge\n")
    assert run(db, "list") == (0, "no encounters\n")


def test_errors_are_one_line_naming_the_value(tmp_path: Path) -> None:
    """A refused move, a stale version, an unknown id or creature: one line, exit 2."""
    db = tmp_path / "game.sqlite3"
    run(db, "new", "pf1e-ogre-bridge", "--id", "bridge")
    code, out = run(db, "move", "bridge", "--action", "move", "--path", "9,5 10,4")
    assert code == 2 and out == (
        "footfall: error: the move is refused (1 broken): step 2: [10, 4] is impassable "
        "(a pit or impassable terrain)\n"
    )
    code, out = run(db, "undo", "bridge", "--version", "7")
    assert code == 2 and "is at version 1, not 7" in out
    code, out = run(db, "show", "nope")
    assert (code, out) == (2, "footfall: error: no encounter 'nope'\n")
    code, out = run(db, "new", "pf1e-ogre-bridge", "--order", "valeros,zed")
    assert code == 2 and "--order #2: 'zed' is not a creature of the scene" in out
    code, out = run(db, "new", "pf1e-ogre-bridge", "--id", "../etc")
    assert code == 2 and "--id: '../etc' is not an encounter id" in out
    code, out = run(db, "new", "pf1e-ogre-bridge", "--id", "bridge")
    assert code == 2 and "an encounter 'bridge' already exists" in out
    code, out = run(db, "move", "bridge", "--action", "move", "--path", "9;x")
    assert code == 2 and len(out.splitlines()) == 1


def test_reach_shows_what_the_turn_still_allows(tmp_path: Path) -> None:
    """``encounter reach``: per action, what is left and the squares `reach_left` finds (the
    same answer as the library's and the HTTP endpoint's); after a 10-ft move a pf1e move
    has 20 ft left (seed 000: a move action is the speed, 30 ft)."""
    from footfall.turns import reach_left, turn_reach_json
    from footfall.turns.store import EncounterStore

    db = tmp_path / "game.sqlite3"
    run(db, "new", "pf1e-ogre-bridge", "--id", "bridge", "--order", "valeros,ogre")
    run(db, "move", "bridge", "--action", "move", "--path", "9,5 10,5")
    stored = EncounterStore(db).get("bridge")
    code, out = run(db, "reach", "bridge", "--json")
    assert code == 0 and json.loads(out) == turn_reach_json(stored)
    moved = len(reach_left(stored, "move").squares)
    code, out = run(db, "reach", "bridge")
    assert out.splitlines()[0] == f"move: 20 ft left, {moved} squares to end in"
    code, out = run(db, "reach", "bridge", "--action", "five-foot-step")
    assert code == 0 and out.startswith("5-foot step: not this turn (")
    code, out = run(db, "reach", "bridge", "--action", "move")
    assert code == 0 and out.count("\n") > 10  # the line, then the map
    code, out = run(db, "reach", "bridge", "--action", "fly-away")
    assert code == 2 and "fly-away" in out and "double-move" in out


def test_order_changes_who_acts_next(tmp_path: Path) -> None:
    """``encounter order``: the active creature keeps its turn; the next turn follows the new
    order; an order leaving a creature out is one line naming it."""
    db = tmp_path / "game.sqlite3"
    run(db, "new", "pf1e-ogre-bridge", "--id", "bridge", "--order", "valeros,ogre,kyra")
    code, out = run(db, "order", "bridge", "--order", "valeros,kyra,ogre")
    assert code == 0 and out.splitlines()[1] == "order: [valeros], kyra, ogre"
    code, out = run(db, "end-turn", "bridge", "--json")
    assert json.loads(out)["active"] == "kyra"
    code, out = run(db, "order", "bridge", "--order", "valeros,kyra")
    assert (code, out.count("\n")) == (2, 1) and "'ogre' is missing" in out
