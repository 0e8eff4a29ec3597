"""``/api/import``: the editor is read from the file name, and the scene is the CLI's."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from helpers.cli import invoke


def _window_map() -> dict[str, Any]:
    """Build a 3x2 Universal VTT map whose one portal, on grid line x = 1, has closed: false."""
    return {
        "format": 0.3,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": 3, "y": 2},
            "pixels_per_grid": 50,
        },
        "line_of_sight": [],
        "portals": [
            {
                "position": {"x": 1, "y": 1},
                "bounds": [{"x": 1, "y": 0}, {"x": 1, "y": 2}],
                "rotation": 0,
                "closed": False,
                "freestanding": False,
            }
        ],
    }


@pytest.mark.parametrize(
    ("name", "door"),
    [("keep.dd2vtt", "closed"), ("keep.uvtt", "open"), ("keep.df2vtt", "open"), (None, "open")],
)
def test_import_reads_closed_false_by_the_file_name(
    client: TestClient, name: str | None, door: str
) -> None:
    """A Dungeondraft portal's closed: false (a window) is a closed door; other editors': open."""
    body: dict[str, Any] = {"data": _window_map(), "system": "pf1e"}
    if name is not None:
        body["name"] = name
    response = client.post("/api/import", json=body)
    assert response.status_code == 200, response.text
    walls = response.json()["scene"]["walls"]
    assert walls == [{"from": [1, 0], "to": [1, 2], "door": door}]


def test_import_matches_the_cli_for_a_dd2vtt(client: TestClient, tmp_path: Any) -> None:
    """The API's scene of a .dd2vtt is the one ``footfall import`` writes (walls and doors)."""
    path = tmp_path / "keep.dd2vtt"
    path.write_text(json.dumps(_window_map()), encoding="utf-8")
    out = tmp_path / "keep.json"
    done = invoke(["import", str(path), "--system", "pf1e", "-o", str(out)])
    assert done.exit_code == 0, done.output
    written = json.loads(out.read_text(encoding="utf-8"))
    body = {"data": _window_map(), "system": "pf1e", "name": "keep.dd2vtt"}
    scene = client.post("/api/import", json=body).json()["scene"]
    assert scene["walls"] == written["walls"] == [{"from": [1, 0], "to": [1, 2], "door": "closed"}]


@pytest.mark.parametrize("lang", ["en", "ru", "zh"])
def test_import_warnings_speak_the_request_language(client: TestClient, lang: str) -> None:
    """The warnings of an import are the catalog's in the request's ``lang`` (they were English
    in every language until stop 22), the same lines the library gives for that language."""
    from pathlib import Path

    from footfall.imports import import_map

    raw = (Path(__file__).parents[1] / "fixtures" / "foundry-v13-regions.json").read_bytes()
    body = {"data": json.loads(raw), "system": "pf1e", "name": "regions.json", "lang": lang}
    response = client.post("/api/import", json=body)
    assert response.status_code == 200, response.text
    warnings = response.json()["warnings"]
    expected = import_map(raw, system="pf1e", name="regions.json").embedded().messages(lang)
    assert warnings == list(expected) and warnings, warnings
    if lang != "en":
        english = import_map(raw, system="pf1e", name="regions.json").warnings
        assert not set(warnings) & set(english), warnings
