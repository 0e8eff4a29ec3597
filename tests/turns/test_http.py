"""The encounter endpoints docs/contracts/EXTENSIONS.md adds to TURN.md's table: the rest of
the turn's reach (``GET .../reach``) and the order during play (``POST .../order``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footfall.api import create_app
from footfall.scene import load_sample
from footfall.turns import move, new_encounter, reach_left
from footfall.turns.store import EncounterStore


@pytest.fixture
def api(tmp_path: Path) -> TestClient:
    """A client on an app whose encounters live in a fresh database."""
    app = create_app()
    app.state.encounters = EncounterStore(tmp_path / "encounters.sqlite3")
    return TestClient(app, raise_server_exceptions=False)


def _new(api: TestClient) -> dict[str, Any]:
    body = {"sample": "pf1e-ogre-bridge", "order": ["valeros", "ogre", "kyra"]}
    r = api.post("/api/encounters", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def test_reach_counts_the_turn_so_far(api: TestClient) -> None:
    """After a 10-ft move the move action's squares are those `reach_left` gives (20 ft more at
    most), the run is refused, and `count` is the squares of every action asked, once each."""
    e = _new(api)
    eid = e["id"]
    api.post(f"/api/encounters/{eid}/move",
             json={"version": 1, "action": "move", "path": [[9, 5], [10, 5]]})  # fmt: skip
    r = api.get(f"/api/encounters/{eid}/reach",
                params={"action": ["move", "double-move", "run"]})  # fmt: skip
    assert r.status_code == 200, r.text
    data = r.json()
    assert (data["id"], data["version"], data["mover"], data["at"]) == (eid, 2, "valeros",
                                                                         [10, 5])  # fmt: skip
    lib = move(new_encounter(load_sample("pf1e-ogre-bridge")), "move", [(9, 5), (10, 5)])
    assert data["reach"]["move"]["squares"] == reach_left(lib, "move").to_json()["squares"]
    assert data["reach"]["move"]["left"] == 20
    assert max(s["cost"] for s in data["reach"]["move"]["squares"]) == 20
    assert data["reach"]["run"]["squares"] == [] and data["reach"]["run"]["refusal"]
    shaded = {tuple(s["at"]) for r in data["reach"].values() for s in r["squares"]}
    assert data["count"] == len(shaded) > 0


def test_reach_defaults_to_what_the_turn_allows_and_speaks_the_language(api: TestClient) -> None:
    """Without `action` the answer holds each action of `turn.can`; `lang` words the names."""
    e = _new(api)
    r = api.get(f"/api/encounters/{e['id']}/reach", params={"lang": "ru"})
    assert list(r.json()["reach"]) == [c["action"] for c in e["turn"]["can"]]
    assert r.json()["reach"]["move"]["action_name"] != "move"


def test_reach_errors_are_one_line(api: TestClient) -> None:
    """An unknown encounter is 404, an unknown action 400 naming the system's actions."""
    assert api.get("/api/encounters/nope/reach").status_code == 404
    e = _new(api)
    r = api.get(f"/api/encounters/{e['id']}/reach", params={"action": "advance"})
    assert r.status_code == 400 and "double-move" in r.json()["error"]


def test_order_during_play(api: TestClient) -> None:
    """POST .../order changes the order (version on), the active creature keeps its turn; a
    stale version is 409; an order missing a creature 400 naming the field."""
    e = _new(api)
    eid = e["id"]
    r = api.post(f"/api/encounters/{eid}/order",
                 json={"version": 1, "order": ["kyra", "valeros", "ogre"]})  # fmt: skip
    assert r.status_code == 200, r.text
    assert (r.json()["order"], r.json()["active"], r.json()["version"]) == (
        ["kyra", "valeros", "ogre"], "valeros", 2,
    )  # fmt: skip
    assert r.json()["turn"]["reorders"][0]["to"] == ["kyra", "valeros", "ogre"]
    stale = api.post(f"/api/encounters/{eid}/order", json={"version": 1, "order": ["ogre"]})
    assert stale.status_code == 409 and stale.json()["version"] == 2
    bad = api.post(f"/api/encounters/{eid}/order", json={"version": 2, "order": ["ogre"]})
    assert bad.status_code == 400 and bad.json()["field"] == "order"
    r = api.post(f"/api/encounters/{eid}/end-turn", json={"version": 2})
    assert r.json()["active"] == "ogre"
