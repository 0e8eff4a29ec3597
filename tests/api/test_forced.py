"""``/api/forced``: Draw Steel forced movement over HTTP, the same JSON as the CLI's."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from helpers.cli import cli_json


def _scene() -> dict[str, Any]:
    """A hero at (0, 0), an orc at (1, 0) and a wall at (4, 0) (Draw Steel)."""
    return {
        "footfall": 1,
        "system": "drawsteel",
        "map": ["....#"],
        "creatures": [
            {"id": "hero", "at": [0, 0], "size": "1M", "side": "party", "speed": 5},
            {"id": "orc", "at": [1, 0], "size": "1M", "side": "foes", "speed": 5},
        ],
    }


def test_push_into_a_wall(client: TestClient) -> None:
    """Push 4 with 2 squares to the wall: 2 + 2 damage (Heroes, Slamming Into Objects)."""
    body = {"scene": _scene(), "target": "orc", "kind": "push", "distance": 4, "source": "hero",
            "path": [[2, 0], [3, 0], [4, 0]]}  # fmt: skip
    answer = client.post("/api/forced", json=body)
    assert answer.status_code == 200, answer.text
    outcome = answer.json()["outcomes"][0]
    assert outcome["end"] == [3, 0] and outcome["damage"] == 4 and outcome["legal"]


def test_same_answer_as_the_cli(client: TestClient, tmp_path: Any) -> None:
    """The API answers what ``footfall forced --json`` prints."""
    import json

    file = tmp_path / "duel.json"
    file.write_text(json.dumps(_scene()), encoding="utf-8")
    body = {"scene": _scene(), "target": "orc", "kind": "slide", "distance": 2}
    api = client.post("/api/forced", json=body).json()
    cli = cli_json("forced", str(file), "--target", "orc", "--kind", "slide", "--distance", "2")
    assert api == cli


def test_bad_kind_is_a_4xx_naming_the_field(client: TestClient) -> None:
    """An unknown kind is one line naming the kinds, a 4xx, never a traceback."""
    body = {"scene": _scene(), "target": "orc", "kind": "shove", "distance": 2, "source": "hero"}
    answer = client.post("/api/forced", json=body)
    assert 400 <= answer.status_code < 500
    assert "push, pull, slide" in answer.text


def test_push_without_source(client: TestClient) -> None:
    """A push with no source names the missing field."""
    body = {"scene": _scene(), "target": "orc", "kind": "push", "distance": 2}
    answer = client.post("/api/forced", json=body)
    assert answer.status_code == 400 and "source" in answer.text
