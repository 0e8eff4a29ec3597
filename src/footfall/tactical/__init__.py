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

>>> from footfall.tactical import reachable, find_path, check_path
"""

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
