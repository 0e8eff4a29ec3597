"""The tactical grid engine: step policies per system, one search, three views.

>>> from footfall.tactical import reachable, find_path, check_path
"""

from footfall.tactical.actions import ActionSpec, action_names, action_spec
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
    "PathResult",
    "Policy",
    "Reach",
    "ReachSquare",
    "action_names",
    "action_spec",
    "check_path",
    "find_path",
    "make_policy",
    "reachable",
]
