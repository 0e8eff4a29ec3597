"""Every creature's reach on a scene in one call (issue 15, item 3): a battle map's overlay.

`reach_all` asks `reachable` for each creature in the scene's order. The work that does not
depend on the mover is done once for all of them: the scene's masks (`footfall.tactical.masks`),
the system and its action records; each mover's policy, frame and search graph go to the plan
cache (`footfall.tactical.plans`), so asking again about the same scene object reuses them. The
answers are exactly those of one `reachable` call per
creature (tests/tactical/test_every.py).

A creature the query cannot move (no speed for this action, flight asked of a creature without
a fly speed) is listed under `refused` with its error instead of failing the whole call; an
error that would refuse every creature alike (an unknown action, a distance over the limit)
raises as `reachable` does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from footfall.errors import InputError, LimitError, Spelling, library_spelling
from footfall.i18n import Lang
from footfall.limits import LIMITS, Limits
from footfall.rules import System
from footfall.scene import Scene
from footfall.tactical.views import Reach, reachable

__all__ = ["EveryReach", "reach_all"]

#: Parameters of an error that concerns one creature, not the query (`reach_all`).
_PER_CREATURE = frozenset({"mover_id", "flying"})


@dataclass(frozen=True, slots=True)
class EveryReach:
    """Every creature's `Reach` by id, in the scene's order, and the creatures refused."""

    reaches: Mapping[str, Reach]
    refused: Mapping[str, InputError]

    def to_json(self, lang: Lang = "en", spell: Spelling = library_spelling) -> dict[str, Any]:
        """Return ``{"reaches": {id: reach}, "refused": {id: {"error", "message"}}}``.

        Each reach is `Reach.to_json`'s shape (SCENE.md ``reach``); `spell` spells the
        parameters a refusal names (a CLI flag, an API field).
        """
        return {
            "reaches": {cid: reach.to_json(lang) for cid, reach in self.reaches.items()},
            "refused": {
                cid: {"error": error.key, "message": error.render(lang, spell)}
                for cid, error in self.refused.items()
            },
        }


def reach_all(
    scene: Scene,
    action: str | None = None,
    *,
    system: System | None = None,
    switches: Mapping[str, str] | None = None,
    distance: int | None = None,
    flying: bool | None = None,
    limits: Limits = LIMITS,
) -> EveryReach:
    """Return the reach of every creature of `scene` for `action` (the options: `reachable`'s).

    >>> from footfall.scene import load_sample
    >>> every = reach_all(load_sample("pf1e-ogre-bridge"))
    >>> sorted(every.reaches) == sorted(c.id for c in load_sample("pf1e-ogre-bridge").creatures)
    True
    """
    reaches: dict[str, Reach] = {}
    refused: dict[str, InputError] = {}
    for other in scene.creatures:
        try:
            reaches[other.id] = reachable(
                scene, other.id, action, system=system, switches=switches, distance=distance,
                flying=flying, limits=limits,
            )  # fmt: skip
        except LimitError:
            raise
        except InputError as error:
            param = error.param
            if param is None or param.name not in _PER_CREATURE or error.value != other.id:
                raise
            refused[other.id] = error
    return EveryReach(MappingProxyType(reaches), MappingProxyType(refused))
