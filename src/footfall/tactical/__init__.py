"""The tactical grid engine: one search, three views, the rules of each family in a module.

Data flows one way: system file -> `footfall.rules.System` -> `policy` (its family plans the
move) -> `frame` (arrays of a window) -> `search` (the kernel) or `walk` -> `views` (reach,
path, check) -> `report` (JSON). The modules:

- `policy`: `Policy` and `make_policy`; `family`: the `RuleFamily` protocol and its records;
  `families`: one module per family (`d20`, `steel`, `heresy`; d20 `squeezing`), by a table;
- `masks`: a scene's full-map masks, cached; `marks`: block, end and note codes;
- `frame`: the per-position arrays and the search graph; `walk`: pricing a given path;
  `provocations`: what a path provokes; `actions`: each system's actions, from its file;
- `search` and `_kernel`: Dial's algorithm (Python and numba); `views`, `report`: answers;
  `plans`: the per-scene cache of policies, frames and graphs; `every`: every creature's reach.

Importing the package imports none of them: each name below is imported from its module the
first time it is used (PEP 562, `footfall.lazy`), so ``footfall route``, which needs the search
kernel alone, does not load the rules of the families, the scene model or the views.

>>> from footfall.tactical import reachable, find_path, check_path
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from footfall.lazy import facade

if TYPE_CHECKING:  # the names as their modules define them, for type checkers
    from footfall.tactical.actions import ActionSpec, action_names, action_spec
    from footfall.tactical.every import EveryReach, reach_all
    from footfall.tactical.policy import Policy, make_policy
    from footfall.tactical.views import (
        CheckResult,
        PathResult,
        Reach,
        ReachSquare,
        check_path,
        find_path,
        reachable,
    )

#: Each public name and the module it comes from: imported the first time it is asked for.
_HOMES: dict[str, tuple[str, str]] = {
    "ActionSpec": ("footfall.tactical.actions", "ActionSpec"),
    "action_names": ("footfall.tactical.actions", "action_names"),
    "action_spec": ("footfall.tactical.actions", "action_spec"),
    "EveryReach": ("footfall.tactical.every", "EveryReach"),
    "reach_all": ("footfall.tactical.every", "reach_all"),
    "Policy": ("footfall.tactical.policy", "Policy"),
    "make_policy": ("footfall.tactical.policy", "make_policy"),
    "CheckResult": ("footfall.tactical.views", "CheckResult"),
    "PathResult": ("footfall.tactical.views", "PathResult"),
    "Reach": ("footfall.tactical.views", "Reach"),
    "ReachSquare": ("footfall.tactical.views", "ReachSquare"),
    "check_path": ("footfall.tactical.views", "check_path"),
    "find_path": ("footfall.tactical.views", "find_path"),
    "reachable": ("footfall.tactical.views", "reachable"),
}

__all__ = [
    "ActionSpec",
    "CheckResult",
    "EveryReach",
    "PathResult",
    "Policy",
    "Reach",
    "ReachSquare",
    "action_names",
    "action_spec",
    "check_path",
    "find_path",
    "make_policy",
    "reach_all",
    "reachable",
]

__getattr__, __dir__ = facade(__name__, _HOMES)
