"""The per-scene plan cache: a query asked again reuses its policy and frame, same answers."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from footfall.limits import LIMITS
from footfall.scene import load_sample
from footfall.tactical import find_path, plans, reachable
from footfall.tactical.plans import Ask, planned


def test_a_repeated_query_reuses_its_plan_and_answers_the_same() -> None:
    """The second reach of a mover on one scene object takes the cached plan and answers as a
    fresh scene object (no cache hit) does."""
    bridge = load_sample("pf1e-ogre-bridge")
    ask = Ask(None, None, None, None, None, LIMITS)
    assert planned(bridge, "ogre", ask) is planned(bridge, "ogre", ask)
    first, again = reachable(bridge, "ogre"), reachable(bridge, "ogre")
    fresh = reachable(dataclasses.replace(bridge), "ogre")
    assert first.to_json() == again.to_json() == fresh.to_json()
    path = find_path(bridge, "ogre", (5, 3))
    assert path.to_json() == find_path(dataclasses.replace(bridge), "ogre", (5, 3)).to_json()


def test_options_are_part_of_the_key() -> None:
    """A different action, switch or distance is a different plan, not the cached one."""
    bridge = load_sample("pf1e-ogre-bridge")
    plain = planned(bridge, "ogre", Ask(None, None, None, None, None, LIMITS))
    run = planned(bridge, "ogre", Ask("run", None, None, None, None, LIMITS))
    far = planned(bridge, "ogre", Ask(None, None, None, 60, None, LIMITS))
    assert len({id(plain), id(run), id(far)}) == 3
    assert plain.policy.budget < run.policy.budget


def test_cached_frames_are_read_only() -> None:
    """A kept frame cannot be written through (a later query would see the change)."""
    plan = planned(
        load_sample("pf1e-ogre-bridge"), "ogre", Ask(None, None, None, None, None, LIMITS)
    )
    frame = plan.frame()
    with pytest.raises(ValueError, match="read-only"):
        frame.block[0, 0] = np.int8(1)
    with pytest.raises(ValueError, match="read-only"):
        plan.ends()[0, 0] = True


def test_the_cache_is_bounded() -> None:
    """However many scenes are asked about, at most `_CACHED` plans are kept."""
    bridge = load_sample("pf1e-ogre-bridge")
    ask = Ask(None, None, None, None, None, LIMITS)
    for _ in range(plans._CACHED + 5):
        planned(dataclasses.replace(bridge), "ogre", ask)
    assert len(plans._PLANS) == plans._CACHED
