"""Issue 10 item 5: bodies a plain JSON reader lets through are one-line 4xx, never a 500.

Lone surrogates (escaped or encoded), control characters and line breaks in ids, nesting past
`Limits.json_depth`, integers of more than 4300 digits, text that is not UTF-8, a Foundry
scene with more tokens than a scene may hold (counted before any region is placed), and a
picture over `Limits.picture_pixels` (read from its header).
"""

from __future__ import annotations

import base64
import io
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from PIL import Image
from tests.api.test_hostile import assert_one_line_error

from footfall.api import create_app
from helpers import sample_json

PF = sample_json("pf1e-ogre-bridge")
MOVER = PF["creatures"][0]["id"]


@pytest.fixture(scope="module")
def client() -> TestClient:
    """A client of the server with its default limits."""
    return TestClient(create_app(), raise_server_exceptions=False)


def post(client: TestClient, url: str, raw: bytes) -> Any:
    """Post `raw` bytes as a JSON body."""
    return client.post(url, content=raw, headers={"content-type": "application/json"})


def scene_text(**first: Any) -> str:
    """Return the pf1e sample's JSON text with its first creature's fields replaced."""
    data = json.loads(json.dumps(PF))
    data["creatures"][0].update(first)
    return json.dumps(data)


@pytest.mark.parametrize("url", ["/api/reach", "/api/path", "/api/check", "/api/scenes/validate"])
def test_lone_surrogate_in_an_id_is_a_400_naming_the_field(client: TestClient, url: str) -> None:
    """A creature id holding an escaped lone surrogate is a 400 naming its field."""
    extra = {"/api/path": ', "to": [1, 1]', "/api/check": ', "path": [[0, 0]]'}.get(url, "")
    raw = ('{"scene": ' + scene_text(id="\\ud800") + ', "mover": "x"' + extra + "}").encode()
    raw = raw.replace(b"\\\\ud800", b"\\ud800")
    line = assert_one_line_error(post(client, url, raw), 400, ["lone surrogate", "'\\ud800'"])
    assert "scene.creatures[0].id" in line


def test_lone_low_surrogate_in_x_title_is_a_400(client: TestClient) -> None:
    """A low surrogate (DC00-DFFF) in an x- key's value is refused like a high one."""
    data = json.loads(json.dumps(PF))
    data["x-title"] = "SURROGATE"
    raw = json.dumps({"scene": data, "mover": MOVER}).encode().replace(b"SURROGATE", b"\\udc00")
    assert_one_line_error(post(client, "/api/reach", raw), 400, ["scene.x-title", "surrogate"])


def test_a_surrogate_pair_is_a_character_and_is_kept(client: TestClient) -> None:
    """An escaped surrogate *pair* is one character (an emoji): the request is answered."""
    data = json.loads(json.dumps(PF))
    data["x-title"] = "PAIR"
    raw = json.dumps({"scene": data, "mover": MOVER}).encode()
    raw = raw.replace(b"PAIR", b"\\ud83d\\ude00")
    assert post(client, "/api/reach", raw).status_code == 200


def test_encoded_surrogate_bytes_are_a_400_naming_the_byte(client: TestClient) -> None:
    """UTF-8 bytes encoding a surrogate (ED A0 80) are not UTF-8: 400 naming the byte."""
    raw = b'{"scene": {}, "mover": "\xed\xa0\x80"}'
    assert_one_line_error(post(client, "/api/reach", raw), 400, ["not utf-8 text (byte 24)"])


@pytest.mark.parametrize("char", ["\n", "\r", "\t", "\x00", "\x1b", "\u2028", "\u200b"])
def test_control_character_in_an_id_is_a_400(client: TestClient, char: str) -> None:
    """A line break, tab, NUL, escape or format character in an id is a 400 on render too."""
    body = {"scene": json.loads(scene_text(id=f"og{char}re")), "mover": f"og{char}re"}
    response = client.post("/api/render", json=body)
    assert_one_line_error(response, 400, ["creatures[0]", "an id is printable text"])


def test_control_character_in_a_side_is_a_400(client: TestClient) -> None:
    """A side is an identifier too."""
    body = {"scene": json.loads(scene_text(side="a\nb")), "mover": MOVER}
    assert_one_line_error(client.post("/api/reach", json=body), 400, ["side", "U+000A"])


def test_a_long_id_is_a_413_before_any_drawing(client: TestClient) -> None:
    """A 100,000-character id is refused at once (it took 8 s to draw)."""
    long = "x" * 100_000
    body = {"scene": json.loads(scene_text(id=long)), "mover": long}
    line = assert_one_line_error(client.post("/api/render", json=body), 413, ["over the limit"])
    assert "100000 characters" in line


@pytest.mark.parametrize("depth", [65, 5_000, 100_000])
def test_deep_nesting_is_a_413_naming_the_depth(client: TestClient, depth: int) -> None:
    """Nesting past 64 (or past what a parser can take) is a 413 with the depth."""
    raw = b'{"scene": ' + b"[" * depth + b"]" * depth + b', "mover": "a"}'
    says = [f"nested {depth + 1} deep", "limit of 64"]
    assert_one_line_error(post(client, "/api/reach", raw), 413, says)


def test_brackets_inside_strings_are_not_nesting(client: TestClient) -> None:
    """A string full of brackets is text, not nesting: the request is answered."""
    data = json.loads(json.dumps(PF))
    data["x-note"] = "[{" * 1000
    assert client.post("/api/reach", json={"scene": data, "mover": MOVER}).status_code == 200


def test_a_4301_digit_integer_is_a_400(client: TestClient) -> None:
    """An integer past Python's 4300-digit limit is a 400 naming the limit."""
    raw = ('{"scene": {}, "mover": "a", "distance": ' + "9" * 5000 + "}").encode()
    assert_one_line_error(post(client, "/api/reach", raw), 400, ["more than 4300 digits"])


def test_long_digit_runs_in_strings_are_text(client: TestClient) -> None:
    """A run of digits inside a string is not a number: the request is answered."""
    data = json.loads(json.dumps(PF))
    data["x-note"] = "9" * 5000
    assert client.post("/api/reach", json={"scene": data, "mover": MOVER}).status_code == 200


def test_latin1_body_is_a_400(client: TestClient) -> None:
    """A body in Latin-1 is not UTF-8: one line naming the byte."""
    raw = '{"scene": {}, "mover": "café"}'.encode("latin-1")
    assert_one_line_error(post(client, "/api/reach", raw), 400, ["not utf-8 text"])


def test_foundry_tokens_are_counted_before_rasterising(client: TestClient) -> None:
    """A Foundry scene with 501 tokens and a costly region is refused by count, at once."""
    region = {
        "name": "mud",
        "shapes": [{"type": "ellipse", "x": 5000, "y": 5000, "radiusX": 4000, "radiusY": 4000}],
        "behaviors": [{"type": "modifyMovementCost", "system": {"difficulties": {"walk": 2}}}],
    }
    tokens = [{"name": f"t{i}", "x": 0, "y": 0, "width": 1, "height": 1} for i in range(501)]
    doc = {
        "name": "big",
        "width": 10000,
        "height": 10000,
        "grid": {"size": 20, "distance": 5, "units": "ft", "type": 1},
        "padding": 0,
        "walls": [],
        "tokens": tokens,
        "regions": [region] * 50,
    }
    body = {"data": doc, "system": "pf1e", "format": "foundry"}
    says = ["501 tokens", "limit of 500"]
    assert_one_line_error(client.post("/api/import", json=body), 413, says)


def _png(width: int, height: int) -> str:
    """A ``data:`` URL of a blank PNG of `width` x `height` (tiny, whatever its size)."""
    out = io.BytesIO()
    Image.new("1", (width, height)).save(out, format="PNG", optimize=True)
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


def test_a_huge_picture_is_refused_from_its_header(client: TestClient) -> None:
    """A 7000x7000 picture (a small file) is a 413 before it is decoded."""
    scene = {**json.loads(json.dumps(PF)), "background": _png(7000, 7000)}
    response = client.post("/api/render", json={"scene": scene, "cell": 8})
    says = ["7000x7000 pixels", "limit of 40000000"]
    assert_one_line_error(response, 413, says)
