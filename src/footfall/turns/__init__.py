"""Encounters: initiative, a turn's moves checked against the turn so far, undo (TURN.md).

Turns sit above the engine (ARCHITECTURE.md "Families, turns and state"): an encounter holds
the scene, the order of play and the moves of the turn, and asks the same search as ``check``
to price "the turn so far plus this move"; the engine stays pure. The modules:

- `model`: the frozen records (`Encounter`, `Move`, `LogEntry`, `Provoked`) and the errors
  (`IllegalMove` 422, `StaleVersion` 409, `UnknownEncounter` 404);
- `play`: `new_encounter`, `move`, `undo`, `end_turn`, `reorder` (the initiative order during
  play), `allowed` (what each action still allows) under the system file's ``[turn]`` rules
  (`footfall.rules.Turn`);
- `reach`: `reach_left`, where the active creature may still move this turn, and
  `turn_reach_json`, that of every action the turn allows;
- `document`: the JSON form (`encounter_to_json`, `parse_encounter`);
- `store`: `EncounterStore`, SQLite (the server's only state), with the version check;
  `store_pg`: `PostgresStore` (psycopg 3, optional) and `open_store` (a URL or a file).

>>> from footfall.scene import load_sample
>>> e = new_encounter(load_sample("pf1e-ogre-bridge"), encounter_id="e-1")
>>> e = move(e, "move", [(9, 5)])
>>> e.version, e.moves[0].cost
(2, 5)
"""

from footfall.turns.document import encounter_to_json, parse_encounter, summary
from footfall.turns.model import (
    FORMAT,
    Encounter,
    IllegalMove,
    LogEntry,
    Move,
    Provoked,
    Reorder,
    StaleVersion,
    UnknownEncounter,
)
from footfall.turns.play import (
    Allowance,
    allowed,
    end_turn,
    move,
    movements,
    new_encounter,
    reorder,
    undo,
)
from footfall.turns.reach import TurnReach, reach_left, turn_reach_json

__all__ = [
    "FORMAT",
    "Allowance",
    "Encounter",
    "IllegalMove",
    "LogEntry",
    "Move",
    "Provoked",
    "Reorder",
    "StaleVersion",
    "TurnReach",
    "UnknownEncounter",
    "allowed",
    "encounter_to_json",
    "end_turn",
    "move",
    "movements",
    "new_encounter",
    "parse_encounter",
    "reach_left",
    "reorder",
    "summary",
    "turn_reach_json",
    "undo",
]
