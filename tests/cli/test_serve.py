"""``footfall serve``: picks the pf1e ogre sample, takes a scene file, prints the URL, serves."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from footfall.cli.serve import default_sample, resolve_scene
from footfall.errors import InputError

SCENE = {
    "footfall": 1,
    "system": "drawsteel",
    "map": ["....", ".^.."],
    "creatures": [{"id": "fury", "at": [0, 0], "size": "1M", "side": "heroes", "speed": 5}],
}


def test_default_sample_is_pf1e_with_ogre() -> None:
    """With no --scene the page opens the pf1e sample that has an ogre beside difficult terrain."""
    from footfall.api import sample_scenes

    name = default_sample()
    assert name is not None
    data = sample_scenes()[name]
    assert data["system"] == "pf1e"
    assert any(c["id"] == "ogre" for c in data["creatures"])
    assert any("^" in row for row in data["map"])


def test_resolve_scene_file(tmp_path: Path) -> None:
    """A scene file is read once, validated and offered under its stem."""
    path = tmp_path / "crypt.json"
    path.write_text(json.dumps(SCENE), encoding="utf-8")
    name, extra = resolve_scene(str(path))
    assert name == "crypt"
    assert extra["crypt"]["map"] == SCENE["map"]


def test_resolve_scene_unknown() -> None:
    """Neither a sample nor a file: one line naming the samples."""
    with pytest.raises(InputError, match=r"^unknown scene \(not a sample name nor a file\) 'nope'"):
        resolve_scene("nope")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_serve_prints_url_and_serves(tmp_path: Path) -> None:
    """``python -m footfall serve`` prints the URL, serves the page and the scene given."""
    path = tmp_path / "crypt.json"
    path.write_text(json.dumps(SCENE), encoding="utf-8")
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "footfall", "serve", "--port", str(port), "--scene", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.startswith("footfall ") and f"http://127.0.0.1:{port}/" in first
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):  # up to 30 s on a busy machine
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        meta = httpx.get(f"{base}/api/meta").json()
        assert meta["default_scene"] == "crypt"
        assert httpx.get(f"{base}/api/scenes/crypt").json()["system"] == "drawsteel"
        assert "<canvas" in httpx.get(f"{base}/").text
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_serve_bad_scene_exits_2() -> None:
    """An unknown --scene is one line on stderr and exit status 2, no traceback."""
    result = subprocess.run(
        [sys.executable, "-m", "footfall", "serve", "--scene", "nope"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("footfall: error: unknown scene")
    assert "Traceback" not in result.stderr


def test_serve_port_in_use_exits_2() -> None:
    """A port already listened on is one line on stderr and exit status 2."""
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "footfall", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 2
    assert result.stderr.startswith(f"footfall: error: cannot listen on 127.0.0.1:{port}: ")
    assert "Traceback" not in result.stderr
