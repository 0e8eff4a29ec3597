"""Every creature's reach in one call: the same answers as one `reachable` call per creature."""

from __future__ import annotations

import dataclasses

import pytest
from fastapi.testclient import TestClient

from footfall.errors import InputError
from footfall.scene import Creature, list_samples, load_sample, scene_to_json
from footfall.tactical import reach_all, reachable
from helpers.cli import cli_json, invoke


@pytest.mark.parametrize("name", list_samples())
@pytest.mark.parametrize("action", [None, "run"])
def test_every_reach_is_the_reach_of_one_call(name: str, action: str | None) -> None:
    """On every shipped sample, `reach_all` gives each creature exactly the JSON that one
    `reachable` call on a fresh scene object gives (no cache shared), in the scene's order."""
    scene = load_sample(name)
    if action == "run" and scene.system not in ("pf1e", "dnd35"):
        action = None
    every = reach_all(scene, action)
    ids = [c.id for c in scene.creatures]
    assert list(every.reaches) == [cid for cid in ids if cid not in every.refused]
    assert set(every.reaches) | set(every.refused) == set(ids)
    for cid, reach in every.reaches.items():
        alone = reachable(dataclasses.replace(scene), cid, action)
        assert reach.to_json() == alone.to_json()
    data = every.to_json()
    assert set(data["reaches"]) == set(every.reaches)


def test_a_creature_that_cannot_move_is_refused_not_fatal() -> None:
    """A creature without a land speed is listed under `refused` with its error; the others
    still get their reach. An unknown action refuses every creature alike: it raises."""
    bridge = load_sample("pf1e-ogre-bridge")
    statue = Creature(id="statue", at=(0, 0), size=bridge.creatures[0].size,
                      side=bridge.creatures[0].side)  # fmt: skip
    scene = dataclasses.replace(bridge, creatures=(*bridge.creatures, statue))
    every = reach_all(scene)
    assert list(every.refused) == ["statue"]
    assert every.refused["statue"].key == "error.tactical.no-speed"
    assert set(every.reaches) == {c.id for c in bridge.creatures}
    assert every.to_json()["refused"]["statue"]["error"] == "error.tactical.no-speed"
    with pytest.raises(InputError):
        reach_all(bridge, "teleport")


def test_the_api_and_the_cli_give_every_reach(client: TestClient) -> None:
    """``POST /api/reach/all`` and ``footfall reach --all --json`` answer `reach_all`'s JSON;
    ``--all`` with ``--mover`` (or neither) is one line naming both flags, exit 2."""
    bridge = load_sample("pf1e-ogre-bridge")
    expected = reach_all(bridge).to_json()
    response = client.post("/api/reach/all", json={"scene": scene_to_json(bridge)})
    assert response.status_code == 200
    assert response.json() == expected
    assert cli_json("reach", "pf1e-ogre-bridge", "--all") == expected
    for extra in (["--all", "--mover", "ogre"], []):
        refused = invoke(["reach", "pf1e-ogre-bridge", *extra])
        assert refused.exit_code == 2
        assert "give one of --mover or --all" in refused.output
