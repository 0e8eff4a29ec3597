"""Every `Limits` field: a request over it is a 413 whose one line names the limit and the value.

Each limit is set small here so a small request passes it; the list of cases must cover every
field of `Limits` (a new limit without a test fails `test_every_limit_has_a_case`), and every
field is documented in docs/api.md.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footfall.api import Limits, create_app
from footfall.limits import SERVER_FIELDS, SERVER_LIMITS
from helpers import ROOT

DOCS = ROOT / "docs" / "api.md"

ONE: dict[str, Any] = {
    "footfall": 1,
    "system": "pf1e",
    "map": ["...."],
    "creatures": [{"id": "valeros", "at": [0, 0], "size": "medium", "side": "party", "speed": 10}],
}

#: Fields that bound no one request's answer: a cache size, the process's pixels in flight,
#: and the server's clock and connection bounds, body pieces among them (tests/api/
#: test_server.py).
NOT_REQUEST_LIMITS = {
    "scene_cache",
    "pixels_in_flight",
    "query_seconds",
    "header_seconds",
    "body_seconds",
    "body_chunks",
    "body_piece_bytes",
    "keep_alive_seconds",
    "header_bytes",
    "requests",
    "shutdown_seconds",
}


def _png(width: int, height: int) -> str:
    """Return a ``data:`` URL of a blank PNG picture of `width` x `height` pixels."""
    import base64
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height)).save(out, format="PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


def _case_json_depth() -> tuple[Limits, str, Any, str]:
    return (
        Limits.server(json_depth=5),
        "/api/reach",
        {"scene": ONE, "mover": "valeros", "x-deep": [[[[[[1]]]]]]},
        ("request body: JSON nested 7 deep, over the limit of 5"),
    )


def _case_id_chars() -> tuple[Limits, str, Any, str]:
    long = {**ONE["creatures"][0], "id": "valeros-the-bold"}
    return (
        Limits.server(id_chars=10),
        "/api/reach",
        {"scene": {**ONE, "creatures": [long]}, "mover": "valeros-the-bold"},
        ("creatures[0] ('valeros-the-bold').id: an id of 16 characters, over the limit of 10"),
    )


def _case_picture_pixels() -> tuple[Limits, str, Any, str]:
    return (
        Limits.server(picture_pixels=50),
        "/api/render",
        {"scene": {**ONE, "background": _png(10, 6)}, "cell": 8},
        ("background picture of 10x6 pixels is over the limit of 50 pixels"),
    )


def _case_body_bytes() -> tuple[Limits, str, Any, str]:
    body = b" " * 1001
    return (
        Limits.server(body_bytes=1000),
        "/api/chase",
        body,
        ("request body of 1001 bytes is over the limit of 1000 bytes"),
    )


def _case_import_bytes() -> tuple[Limits, str, Any, str]:
    body = b" " * 3001  # over the import limit, while the ordinary limit stays at 2 MB
    return (
        Limits.server(import_bytes=3000),
        "/api/import",
        body,
        ("request body of 3001 bytes is over the limit of 3000 bytes"),
    )


def _case_map_side() -> tuple[Limits, str, Any, str]:
    return (
        Limits.server(map_side=3),
        "/api/reach",
        {"scene": ONE, "mover": "valeros"},
        ("map is 4x1 squares, over the limit of 3x3"),
    )


def _case_creatures() -> tuple[Limits, str, Any, str]:
    crowd = {**ONE, "creatures": [*ONE["creatures"], {**ONE["creatures"][0], "id": "b"}]}
    return (
        Limits.server(creatures=1),
        "/api/reach",
        {"scene": crowd, "mover": "valeros"},
        ("scene has 2 creatures, over the limit of 1"),
    )


def _case_walls() -> tuple[Limits, str, Any, str]:
    walls = [{"from": [1, 0], "to": [1, 1]}, {"from": [2, 0], "to": [2, 1]}]
    return (
        Limits.server(walls=1),
        "/api/reach",
        {"scene": {**ONE, "walls": walls}, "mover": "valeros"},
        ("scene has 2 walls, over the limit of 1"),
    )


def _case_path_squares() -> tuple[Limits, str, Any, str]:
    path = [[1, 0], [2, 0], [3, 0]]
    return (
        Limits.server(path_squares=2),
        "/api/check",
        {"scene": ONE, "mover": "valeros", "path": path},
        ("path of 3 squares, over the limit of 2"),
    )


def _case_path_work() -> tuple[Limits, str, Any, str]:
    via = [[2, 0], [1, 0]]  # 3 searches of the 4x1 map: 12 squares
    return (
        Limits.server(path_work=11),
        "/api/path",
        {"scene": ONE, "mover": "valeros", "to": [3, 0], "via": via},
        (
            "a path through 2 waypoints on a 4x1 map searches up to 12 squares (3 searches), "
            "over the limit of 11; ask for fewer waypoints"
        ),
    )


def _case_legs() -> tuple[Limits, str, Any, str]:
    body = {"system": "pf1e", "speed": 30, "legs": ["1 mi plains road"] * 3}
    return Limits.server(legs=2), "/api/travel", body, "3 legs, over the limit of 2"


def _case_leg_distance() -> tuple[Limits, str, Any, str]:
    body = {"system": "pf1e", "speed": 30, "legs": ["5 mi plains road", "12 mi plains road"]}
    return (
        Limits.server(leg_distance=10),
        "/api/travel",
        body,
        ("leg 2 is 12 mi long, over the limit of 10 mi"),
    )


def _case_flight_work() -> tuple[Limits, str, Any, str]:
    body = {"speed": 40, "maneuverability": "average"}
    return (
        Limits.server(flight_work=100),
        "/api/flight/reach",
        body,
        (
            "this flight search needs more than 100 states; "
            "ask for a shorter movement, a smaller speed or a narrower altitude band"
        ),
    )


def _case_flight_ends() -> tuple[Limits, str, Any, str]:
    body = {"speed": 20, "maneuverability": "perfect"}
    return (
        Limits.server(flight_ends=10),
        "/api/flight/reach",
        body,
        (
            "this flight reach has 3040 ends (square, altitude, facing), over the limit of 10; "
            "ask for a narrower 'alt_range' or a shorter movement, or use footfall fly reach"
        ),
    )


CASES = {
    "body_bytes": _case_body_bytes,
    "import_bytes": _case_import_bytes,
    "map_side": _case_map_side,
    "creatures": _case_creatures,
    "walls": _case_walls,
    "path_squares": _case_path_squares,
    "path_work": _case_path_work,
    "legs": _case_legs,
    "leg_distance": _case_leg_distance,
    "flight_work": _case_flight_work,
    "flight_ends": _case_flight_ends,
    "json_depth": _case_json_depth,
    "id_chars": _case_id_chars,
    "picture_pixels": _case_picture_pixels,
}


#: The catalog key of each case's error (the "code" of its JSON); the flight search's own
#: error is the library's.
CODES = {
    "body_bytes": "error.api.body-bytes",
    "import_bytes": "error.api.body-bytes",
    "map_side": "error.api.map-side",
    "creatures": "error.api.scene-count",
    "walls": "error.api.scene-count",
    "path_squares": "error.api.path-squares",
    "path_work": "error.api.path-work",
    "legs": "error.api.legs",
    "leg_distance": "error.api.leg-distance",
    "flight_ends": "error.api.flight-ends",
    "flight_work": "error.flight.search-work",
    "json_depth": "error.api.json-depth",
    "id_chars": "error.scene.id-long",
    "picture_pixels": "error.maps.picture-pixels",
}


def test_every_limit_has_a_case() -> None:
    """Each request limit the server publishes is exercised below (a new one needs a case)."""
    assert set(CASES) == set(SERVER_FIELDS) - NOT_REQUEST_LIMITS


@pytest.mark.parametrize("name", sorted(CASES))
def test_over_a_limit_is_413_naming_limit_and_value(name: str) -> None:
    """Over the limit: 413 and one line with the value asked for and the limit's value."""
    limits, url, body, message = CASES[name]()
    client = TestClient(create_app(limits=limits), raise_server_exceptions=False)
    if isinstance(body, bytes):
        response = client.post(url, content=body, headers={"content-type": "application/json"})
    else:
        response = client.post(url, json=body)
    assert response.status_code == 413, response.text
    body = response.json()
    assert body["error"] == message
    assert body.get("code") == CODES.get(name), body
    assert str(getattr(limits, name)) in message


#: The value each case's request asks for: a limit of exactly that lets it through (a flight
#: search's work is not known beforehand: a roomy bound).
AT_LIMIT = {
    "body_bytes": 1001,
    "import_bytes": 3001,
    "map_side": 4,
    "creatures": 2,
    "walls": 2,
    "path_squares": 3,
    "path_work": 12,
    "legs": 3,
    "leg_distance": 12,
    "flight_work": 1_000_000,
    "flight_ends": 3040,
    "json_depth": 7,
    "id_chars": 16,
    "picture_pixels": 60,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_at_the_limit_is_not_refused(name: str) -> None:
    """With the limit equal to what the request asks for, the same request is not a 413."""
    limits, url, body, _ = CASES[name]()
    roomy = dataclasses.replace(limits, **{name: AT_LIMIT[name]})
    client = TestClient(create_app(limits=roomy), raise_server_exceptions=False)
    if isinstance(body, bytes):
        response = client.post(url, content=body, headers={"content-type": "application/json"})
    else:
        response = client.post(url, json=body)
    assert response.status_code != 413, response.text


def test_render_takes_pictures_as_large_as_import() -> None:
    """/api/render carries an imported scene's picture: it has the import limit, not 2 MB."""
    client = TestClient(create_app(limits=Limits.server(body_bytes=1000, import_bytes=5000)))
    text = json.dumps({"scene": ONE, "cell": 8}).encode()
    body = text + b" " * (2000 - len(text))  # 2000 bytes: over 1000, under 5000
    response = client.post(
        "/api/render", content=body, headers={"content-type": "application/json"}
    )
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "image/png"


def test_every_limit_is_documented() -> None:
    """docs/api.md's limits table names every limit the server publishes, with its default."""
    text = DOCS.read_text(encoding="utf-8")
    table = text[text.index("## Limits") :]
    for name in SERVER_FIELDS:
        row = next((ln for ln in table.splitlines() if ln.startswith(f"| `{name}` |")), None)
        assert row is not None, name
        value = getattr(SERVER_LIMITS, name)
        default = f"{value:,}" if isinstance(value, int) else str(value)
        assert row.split("|")[2].strip() == default, (name, default, row)
