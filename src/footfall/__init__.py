"""footfall: exact movement rules for tabletop RPGs.

Pathfinder 1e (``pf1e``), D&D 3.5 (``dnd35``), Dark Heresy 2e (``dh2e``) and Draw Steel
(``drawsteel``): rates per round, minute, hour and day; reachable squares, cheapest paths and
path checking on a battle map; encounters (turns checked move by move); journeys, chases,
routes and flight.

The main entry points are here; each lives in the module named after its concept, which holds
the rest of that concept's public names (`footfall.scene`, `footfall.tactical`,
`footfall.travel`, `footfall.flight`, ...). Importing `footfall` is cheap: a name is imported
from its module the first time it is used.

>>> import footfall
>>> scene = footfall.load_sample("pf1e-ogre-bridge")
>>> footfall.find_path(scene, "valeros", (12, 8), action="double-move").found
True
>>> footfall.movement_rates("pf1e", speed=30).to_json()["overland_day"]["walk"]
24
>>> turn = footfall.make_move(footfall.new_encounter(scene), "move", [(9, 5)])
>>> footfall.encounter_to_json(turn)["turn"]["can"][0]
{'action': 'move', 'left': 25}

A name here never shadows a module: the module `footfall.rates` holds `movement_rates`
(there called ``rates``), `footfall.chase` holds `chase_odds`, `footfall.render` holds
`render_png`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from footfall.classcache import install as _install_class_cache
from footfall.lazy import facade

_install_class_cache()  # compiled dataclass methods kept between processes (start-up)

__version__ = "0.1.0"

if TYPE_CHECKING:  # the names as their modules define them, for type checkers
    from footfall.chase import chase_odds
    from footfall.errors import FootfallError, InputError, LimitError, RuleDataError, SceneError
    from footfall.flight import check as check_flight
    from footfall.flight import find_flight_path, flight_request, stall
    from footfall.flight.reach import reach as flight_reach
    from footfall.imports import import_map
    from footfall.limits import LIMITS, Limits
    from footfall.rates import rates as movement_rates
    from footfall.render import render_png
    from footfall.route import find_route, load_map
    from footfall.rules import SYSTEM_IDS, System, load_system, parse_system
    from footfall.scene import (
        Creature,
        Scene,
        list_samples,
        load_sample,
        load_scene,
        parse_scene,
        scene_to_json,
    )
    from footfall.tactical import check_path, find_path, reach_all, reachable
    from footfall.tactical.forced import forced_move
    from footfall.travel import Leg, Member, Traveller, exertion_odds, parse_leg, plan_journey
    from footfall.turns import Encounter, encounter_to_json, end_turn, new_encounter
    from footfall.turns import move as make_move
    from footfall.turns import undo as undo_move
    from footfall.turns.store import EncounterStore

#: Each public name and the module (and its name there) it comes from.
_HOMES: dict[str, tuple[str, str]] = {
    # systems
    "SYSTEM_IDS": ("footfall.rules", "SYSTEM_IDS"),
    "System": ("footfall.rules", "System"),
    "load_system": ("footfall.rules", "load_system"),
    "parse_system": ("footfall.rules", "parse_system"),
    # scenes
    "Scene": ("footfall.scene", "Scene"),
    "Creature": ("footfall.scene", "Creature"),
    "load_scene": ("footfall.scene", "load_scene"),
    "parse_scene": ("footfall.scene", "parse_scene"),
    "scene_to_json": ("footfall.scene", "scene_to_json"),
    "load_sample": ("footfall.scene", "load_sample"),
    "list_samples": ("footfall.scene", "list_samples"),
    # the grid: reach, path, check
    "reachable": ("footfall.tactical", "reachable"),
    "reach_all": ("footfall.tactical", "reach_all"),
    "find_path": ("footfall.tactical", "find_path"),
    "check_path": ("footfall.tactical", "check_path"),
    "forced_move": ("footfall.tactical.forced", "forced_move"),
    # rates, journeys, chases, routes
    "movement_rates": ("footfall.rates", "rates"),
    "plan_journey": ("footfall.travel", "plan_journey"),
    "exertion_odds": ("footfall.travel", "exertion_odds"),
    "parse_leg": ("footfall.travel", "parse_leg"),
    "Leg": ("footfall.travel", "Leg"),
    "Member": ("footfall.travel", "Member"),
    "Traveller": ("footfall.travel", "Traveller"),
    "chase_odds": ("footfall.chase", "chase_odds"),
    "find_route": ("footfall.route", "find_route"),
    "load_map": ("footfall.route", "load_map"),
    # flight (D&D 3.5)
    "flight_request": ("footfall.flight", "flight_request"),
    "flight_reach": ("footfall.flight.reach", "reach"),
    "find_flight_path": ("footfall.flight", "find_flight_path"),
    "check_flight": ("footfall.flight", "check"),
    "stall": ("footfall.flight", "stall"),
    # encounters: turns (TURN.md)
    "Encounter": ("footfall.turns", "Encounter"),
    "EncounterStore": ("footfall.turns.store", "EncounterStore"),
    "new_encounter": ("footfall.turns", "new_encounter"),
    "make_move": ("footfall.turns", "move"),
    "undo_move": ("footfall.turns", "undo"),
    "end_turn": ("footfall.turns", "end_turn"),
    "encounter_to_json": ("footfall.turns", "encounter_to_json"),
    # maps: import and pictures
    "import_map": ("footfall.imports", "import_map"),
    "render_png": ("footfall.render", "render_png"),
    # bounds and errors
    "LIMITS": ("footfall.limits", "LIMITS"),
    "Limits": ("footfall.limits", "Limits"),
    "FootfallError": ("footfall.errors", "FootfallError"),
    "InputError": ("footfall.errors", "InputError"),
    "LimitError": ("footfall.errors", "LimitError"),
    "RuleDataError": ("footfall.errors", "RuleDataError"),
    "SceneError": ("footfall.errors", "SceneError"),
}

__all__ = [
    "LIMITS",
    "SYSTEM_IDS",
    "Creature",
    "Encounter",
    "EncounterStore",
    "FootfallError",
    "InputError",
    "Leg",
    "LimitError",
    "Limits",
    "Member",
    "RuleDataError",
    "Scene",
    "SceneError",
    "System",
    "Traveller",
    "__version__",
    "chase_odds",
    "check_flight",
    "check_path",
    "encounter_to_json",
    "end_turn",
    "exertion_odds",
    "find_flight_path",
    "find_path",
    "find_route",
    "flight_reach",
    "flight_request",
    "forced_move",
    "import_map",
    "list_samples",
    "load_map",
    "load_sample",
    "load_scene",
    "load_system",
    "make_move",
    "movement_rates",
    "new_encounter",
    "parse_leg",
    "parse_scene",
    "parse_system",
    "plan_journey",
    "reach_all",
    "reachable",
    "render_png",
    "scene_to_json",
    "stall",
    "undo_move",
]


__getattr__, __dir__ = facade(__name__, _HOMES)
