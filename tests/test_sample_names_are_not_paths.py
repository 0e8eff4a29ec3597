"""No request value becomes a file path: sample names are looked up, never joined to a folder.

Issue 10, item 1: ``POST /api/route`` with ``"sample": "/some/path"`` or ``"../../x"`` read any
``.txt`` or ``.json`` file the server could read. Sample maps and sample scenes are now found
by exact name in the list of shipped files; every other string is an unknown name (400 or 404
naming the valid ones), and the file it spells is never opened.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from footfall.errors import InputError
from footfall.route import sample_map
from footfall.scene import list_samples, load_sample

SHIPPED_MAPS = ["hexes", "hive", "valley"]


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """Plant a readable map and scene outside the package, with a symlink to each."""
    (tmp_path / "secret.txt").write_text("SECRET-LINE\nlegend:\n  . = plains road\nrows:\n  ..\n")
    (tmp_path / "secret.json").write_text('{"SECRET-KEY": 1}')
    (tmp_path / "link.txt").symlink_to(tmp_path / "secret.txt")
    return tmp_path


def _hostile_names(folder: Path) -> list[str]:
    """Return names that spell files outside the shipped samples, in the forms attackers use."""
    secret = str(folder / "secret")
    up = os.path.relpath(secret, Path(__file__).parent.parent / "src" / "footfall" / "maps")
    return [
        secret,  # absolute, suffix added by the old lookup
        secret + ".txt",
        str(folder / "link"),  # a symlink outside the package
        up,  # ../../.. from the package folder
        "../maps/valley",
        "./valley",
        "valley/",
        "valley.txt",
        "%2e%2e%2fvalley",  # URL-encoded: a plain string to the lookup
        "..%2F..%2Fetc%2Fpasswd",
        "/etc/passwd",
        "valley\x00",
        "",
    ]


def test_sample_map_refuses_every_path_form(planted: Path) -> None:
    """A path, relative or absolute, encoded or symlinked, is an unknown sample map."""
    for name in _hostile_names(planted):
        with pytest.raises(InputError) as caught:
            sample_map(name)
        message = str(caught.value)
        assert "unknown sample map" in message, name
        assert "SECRET" not in message, name
        assert all(known in message for known in SHIPPED_MAPS), message


def test_sample_map_names_are_the_shipped_files() -> None:
    """Each shipped name loads; the valid names listed are exactly the shipped ones."""
    for name in SHIPPED_MAPS:
        assert sample_map(name).rows
    with pytest.raises(InputError, match=r"known: hexes, hive, valley"):
        sample_map("atlantis")


def test_sample_scene_refuses_every_path_form(planted: Path) -> None:
    """`load_sample` looks the name up in the shipped scenes too."""
    for name in _hostile_names(planted):
        with pytest.raises(InputError, match="unknown sample scene"):
            load_sample(name)
    assert load_sample(list_samples()[0]).creatures


def test_api_route_sample_is_never_a_path(client: TestClient, planted: Path) -> None:
    """``POST /api/route`` answers 400 naming the valid maps, and reads nothing it names."""
    for name in _hostile_names(planted):
        body = {"system": "pf1e", "sample": name, "from": [0, 0], "to": [1, 0], "speed": 30}
        response = client.post("/api/route", json=body)
        assert response.status_code in (400, 422), (name, response.text)
        assert "SECRET" not in response.text, name
        if response.status_code == 400:
            assert "valley" in response.json()["error"], response.text


def test_api_scene_name_is_never_a_path(client: TestClient, planted: Path) -> None:
    """``GET /api/scenes/{name}`` with traversal forms is a 404 (or the router's own 404)."""
    for name in ["..%2F..%2Fetc%2Fpasswd", "%2e%2e", str(planted / "secret").lstrip("/")]:
        response = client.get(f"/api/scenes/{name}")
        assert response.status_code == 404, (name, response.text)
        assert "SECRET" not in response.text
