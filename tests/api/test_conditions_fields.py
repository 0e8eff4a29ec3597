"""/api/reach, /api/path, /api/check take the mover's speed, base speed, armor, load and
conditions (issue 12 items 6, 8), as the CLI does."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from footfall.scene import load_sample, scene_to_json
from helpers.api import error_line
from helpers.cli import cli_json


def _body(**fields: Any) -> dict[str, Any]:
    return {"scene": scene_to_json(load_sample("pf1e-ogre-bridge")), "mover": "ezren", **fields}


def test_reach_fields_agree_with_the_cli(client: TestClient) -> None:
    """base_speed + armor + conditions: the same answer as footfall reach --json."""
    body = _body(base_speed=30, armor="heavy", conditions=["exhausted"])
    response = client.post("/api/reach", json=body)
    assert response.status_code == 200
    assert response.json()["budget"] == 10  # 30 -> 20 ft in heavy armor, halved (exhausted)
    assert response.json() == cli_json(
        "reach", "pf1e-ogre-bridge", "--mover", "ezren", "--base-speed", "30", "--armor",
        "heavy", "--condition", "exhausted",
    )  # fmt: skip


def test_check_refuses_a_fatigued_run(client: TestClient) -> None:
    """A fatigued mover's run is refused with the `condition` rule (seed 004 急行)."""
    body = _body(path=[[3, 3]], action="run", conditions=["fatigued"])
    data = client.post("/api/check", json=body).json()
    assert [v["rule"] for v in data["violations"]] == ["condition"]


def test_bad_condition_names_the_field(client: TestClient) -> None:
    """An unknown condition: a 400 naming the field and the system's conditions."""
    response = client.post("/api/path", json=_body(to=[3, 3], conditions=["slowed"]))
    assert "fatigued" in error_line(response, 400)
    assert response.json()["field"] == "conditions"
