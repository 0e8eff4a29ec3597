"""footfall: exact movement rules for tabletop RPGs.

Pathfinder 1e (``pf1e``), D&D 3.5 (``dnd35``), Dark Heresy 2e (``dh2e``) and Draw Steel
(``drawsteel``): rates per round, minute, hour and day; reachable squares, cheapest paths and
path checking on a battle map; journeys, chases and flight.
"""

from __future__ import annotations

from footfall.errors import FootfallError, InputError, LimitError, RuleDataError, SceneError

__version__ = "0.1.0"

__all__ = [
    "FootfallError",
    "InputError",
    "LimitError",
    "RuleDataError",
    "SceneError",
    "__version__",
]
