"""The HTTP API is a library client: it never imports the CLI (``footfall.cli``).

Each check runs in a fresh interpreter (a subprocess), so modules other tests imported do not
hide an import; it uses the same footfall package as this test process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import footfall

#: The footfall package under test (this checkout), first on the child's path.
_SRC = str(Path(footfall.__file__).resolve().parents[1])

_IMPORT_ONLY = """
import json, sys
import footfall.api
print(json.dumps(sorted(m for m in sys.modules if m.startswith("footfall.cli"))))
"""

# Ask every endpoint family that loads code lazily (tactical, render, flight, journeys, rates,
# tables, meta, import), then list the footfall.cli modules loaded. Statuses are printed so a
# failing request cannot pass for a clean import list.
_EXERCISE = """
import json, sys
from fastapi.testclient import TestClient
from footfall.api import create_app

client = TestClient(create_app(), raise_server_exceptions=False)
scene = client.get("/api/scenes/pf1e-ogre-bridge").json()
found = client.post("/api/path", json={"scene": scene, "mover": "ogre", "to": [9, 4]}).json()
path = found["path"][1:]
statuses = [
    client.get("/api/meta").status_code,
    client.get("/api/rates/pf1e?speed=30").status_code,
    client.get("/api/tables/pf1e").status_code,
    client.post("/api/reach", json={"scene": scene, "mover": "ogre"}).status_code,
    client.post("/api/path", json={"scene": scene, "mover": "ogre", "to": [9, 4]}).status_code,
    client.post("/api/check", json={"scene": scene, "mover": "ogre", "path": path}).status_code,
    client.post("/api/render", json={"scene": scene, "mover": "ogre", "cell": 8}).status_code,
    client.post("/api/flight/reach",
                json={"speed": 20, "maneuverability": "perfect"}).status_code,
    client.post("/api/flight/path",
                json={"speed": 20, "maneuverability": "perfect", "to": [0, -2, 0]}).status_code,
    client.post("/api/flight/check",
                json={"speed": 20, "maneuverability": "perfect", "steps": "f1"}).status_code,
    client.post("/api/flight/stall", json={"alt": 100}).status_code,
    client.post("/api/travel",
                json={"system": "pf1e", "speed": 30, "legs": ["24 mi plains road"]}).status_code,
    client.post("/api/route", json={"sample": "valley", "from": [0, 7], "to": [29, 7],
                                    "speed": 30}).status_code,
    client.post("/api/chase",
                json={"pursuer": "speed=30,dex=+2", "quarry": "speed=30,dex=+3"}).status_code,
    client.post("/api/import", json={"system": "pf1e", "name": "a.dd2vtt", "data": {
        "format": 0.3, "line_of_sight": [], "portals": [],
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 2, "y": 2},
                       "pixels_per_grid": 10}}}).status_code,
]
print(json.dumps(statuses))
print(json.dumps(sorted(m for m in sys.modules if m.startswith("footfall.cli"))))
"""


def _run(code: str) -> list[str]:
    """Run `code` in a fresh interpreter on this footfall; return its stdout lines."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (_SRC, env.get("PYTHONPATH", "")) if p)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_importing_the_api_imports_no_cli_module() -> None:
    """``import footfall.api`` loads no ``footfall.cli`` module."""
    (loaded,) = _run(_IMPORT_ONLY)
    assert json.loads(loaded) == []


def test_answering_every_endpoint_imports_no_cli_module() -> None:
    """After one request of every kind (flight, render, travel ...) still no ``footfall.cli``."""
    statuses, loaded = _run(_EXERCISE)
    assert json.loads(statuses) == [200] * 15
    assert json.loads(loaded) == []
