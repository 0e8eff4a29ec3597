"""``/api/encounters``: exactly TURN.md's table, with its statuses and one-line errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footfall.api import create_app
from footfall.turns.store import EncounterStore


@pytest.fixture
def api(tmp_path: Path) -> TestClient:
    """A client on an app whose encounters live in a fresh database."""
    app = create_app()
    app.state.encounters = EncounterStore(tmp_path / "encounters.sqlite3")
    return TestClient(app, raise_server_exceptions=False)


def one_line(response: Any, status: int, *extra: str) -> dict[str, Any]:
    """Assert a JSON error of `status`: one line first, then only code, field and `extra`."""
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert next(iter(body)) == "error" and set(body) <= {"error", "code", "field", *extra}
    assert "\n" not in body["error"]
    return body


def _new(api: TestClient, **body: Any) -> dict[str, Any]:
    response = api.post("/api/encounters", json={"sample": "pf1e-ogre-bridge", **body})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def test_paths_are_turn_md_table() -> None:
    """The OpenAPI schema lists TURN.md's encounter operations and the two that
    docs/contracts/EXTENSIONS.md adds (the rest of the turn's reach, the order during play)."""
    paths = create_app().openapi()["paths"]
    ops = {(m.upper(), p) for p, item in paths.items() if "encounters" in p for m in item}
    base = "/api/encounters/{encounter_id}"
    assert ops == {
        ("POST", "/api/encounters"), ("GET", "/api/encounters"), ("GET", base),
        ("POST", f"{base}/move"), ("POST", f"{base}/undo"), ("POST", f"{base}/end-turn"),
        ("DELETE", base), ("GET", f"{base}/reach"), ("POST", f"{base}/order"),
    }  # fmt: skip


def test_a_turn_over_http(api: TestClient) -> None:
    """Create (201), move, undo, end turn, list, get, delete (204): TURN.md's shapes."""
    e = _new(api, title="Ogre on the bridge", order=["valeros", "ogre"])
    assert (e["footfall_encounter"], e["version"], e["round"], e["active"]) == (1, 1, 1, "valeros")
    eid = e["id"]
    r = api.post(f"/api/encounters/{eid}/move",
                 json={"version": 1, "action": "move", "path": [[9, 5], [10, 5]]})  # fmt: skip
    assert r.status_code == 200
    turn = r.json()["turn"]
    assert turn["moves"] == [
        {"action": "move", "path": [[8, 5], [9, 5], [10, 5]], "cost": 10, "provokes": []}
    ]
    assert turn["spent"] == {"move": 10}
    assert turn["can"] == [{"action": "move", "left": 20}, {"action": "double-move", "left": 50}]
    r = api.post(f"/api/encounters/{eid}/undo", json={"version": 2})
    assert r.json()["turn"]["moves"] == [] and r.json()["version"] == 3
    r = api.post(f"/api/encounters/{eid}/end-turn", json={"version": 3})
    assert (r.json()["active"], r.json()["log"]) == (
        "ogre",
        [{"round": 1, "mover": "valeros", "moves": []}],
    )
    assert api.get("/api/encounters").json() == [
        {"id": eid, "title": "Ogre on the bridge", "system": "pf1e", "round": 1,
         "active": "ogre", "version": 4}
    ]  # fmt: skip
    assert api.get(f"/api/encounters/{eid}").json() == r.json()
    assert api.delete(f"/api/encounters/{eid}").status_code == 204
    one_line(api.get(f"/api/encounters/{eid}"), 404)


def test_illegal_move_is_422_with_violations(api: TestClient) -> None:
    """A move into a pit: 422 naming the rule, with check's violations; nothing changes."""
    eid = _new(api)["id"]
    r = api.post(f"/api/encounters/{eid}/move",
                 json={"version": 1, "action": "move", "path": [[9, 5], [10, 4]]})  # fmt: skip
    body = one_line(r, 422, "violations")
    assert body["violations"] == [
        {"step": 2, "rule": "impassable",
         "message": "step 2: [10, 4] is impassable (a pit or impassable terrain)"}
    ]  # fmt: skip
    assert api.get(f"/api/encounters/{eid}").json()["version"] == 1


def test_stale_version_is_409(api: TestClient) -> None:
    """A change naming an older version is refused (409) with the current version."""
    eid = _new(api)["id"]
    api.post(f"/api/encounters/{eid}/move", json={"version": 1, "action": "move", "path": [[9, 5]]})
    for path, body in (("move", {"action": "move", "path": [[9, 4]]}), ("undo", {}),
                       ("end-turn", {})):  # fmt: skip
        r = api.post(f"/api/encounters/{eid}/{path}", json={"version": 1, **body})
        assert one_line(r, 409, "version")["version"] == 2


def test_bad_input_names_the_field(api: TestClient) -> None:
    """Bad values: one line naming the field (order, action, scene or sample, path)."""
    r = api.post("/api/encounters", json={"sample": "pf1e-ogre-bridge", "order": ["ogre", "zz"]})
    assert one_line(r, 400)["field"] == "order[1]"
    assert (
        one_line(api.post("/api/encounters", json={}), 400)["code"] == "error.turns.scene-or-sample"
    )
    one_line(api.post("/api/encounters", json={"sample": "nope"}), 404)
    eid = _new(api)["id"]
    r = api.post(
        f"/api/encounters/{eid}/move", json={"version": 1, "action": "fly", "path": [[9, 5]]}
    )
    assert one_line(r, 400)["field"] == "action"
    r = api.post(f"/api/encounters/{eid}/move", json={"version": 1, "action": "move", "path": []})
    assert one_line(r, 400)["field"] == "path"
    r = api.post(f"/api/encounters/{eid}/undo", json={"version": 1})
    assert "nothing to undo" in one_line(r, 400)["error"]


def test_inputs_are_bounded(api: TestClient) -> None:
    """A path over the limit, a long title or an odd id is refused before any work."""
    eid = _new(api)["id"]
    r = api.post(f"/api/encounters/{eid}/move",
                 json={"version": 1, "action": "move", "path": [[9, 5]] * 2001})  # fmt: skip
    one_line(r, 422)
    one_line(
        api.post("/api/encounters", json={"sample": "pf1e-ogre-bridge", "title": "x" * 201}), 422
    )
    one_line(api.get("/api/encounters/" + "x" * 41), 422)
    one_line(api.get("/api/encounters/..%2F..%2Fetc"), 404)


def test_scene_body_and_405_allow(api: TestClient) -> None:
    """A scene may be given whole; a wrong method lists the path's methods in Allow."""
    fury = {"id": "f", "at": [0, 0], "size": "1M", "side": "a", "speed": 5}
    scene = {"footfall": 1, "system": "drawsteel", "map": ["....."], "creatures": [fury]}
    e = api.post("/api/encounters", json={"scene": scene}).json()
    assert e["turn"]["can"][0] == {"action": "advance", "left": 5}
    r = api.put("/api/encounters")
    assert r.status_code == 405 and r.headers["allow"] == "GET, POST"
