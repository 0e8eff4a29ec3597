"""The error JSON of the API: the line, its catalog key (``code``) and its request field.

docs/api.md's examples are real answers; a library error naming a parameter is spelled as the
router's request field (``switches`` is ``interpretations``); the API's own errors are catalog
entries (``error.api.*``), each one used.
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footfall.api import Limits, create_app
from footfall.errors import InputError, Noun, Param
from helpers import ROOT

DOCS = ROOT / "docs" / "api.md"
CATALOG = ROOT / "src" / "footfall" / "i18n" / "errors_api.toml"

#: The requests behind docs/api.md's error examples, in the order the block lists them.
EXAMPLE_REQUESTS: list[tuple[str, str, Any]] = [
    ("POST", "/api/travel", {"legs": ["20000 mi plains road"], "speed": 30}),
    ("GET", "/api/meta?lang=fr", None),
    ("POST", "/api/route", {"from": [0, 0], "to": [1, 1]}),
]

LINE: dict[str, Any] = {
    "footfall": 1,
    "system": "pf1e",
    "map": ["...."],
    "creatures": [{"id": "valeros", "at": [0, 0], "size": "medium", "side": "party", "speed": 10}],
}


def _examples() -> list[dict[str, Any]]:
    """Return the error bodies of docs/api.md's "Errors" example block."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## Errors") : text.index("## Limits")]
    block = re.search(r"```json\n(.*?)```", section, re.S)
    assert block is not None
    return [json.loads(line) for line in block[1].splitlines() if line.strip()]


def test_docs_error_examples_are_the_answers(client: TestClient) -> None:
    """Each error example of docs/api.md is what the API answers, key for key and in order."""
    examples = _examples()
    assert len(examples) == len(EXAMPLE_REQUESTS)
    for (method, url, body), expected in zip(EXAMPLE_REQUESTS, examples, strict=True):
        response = client.request(method, url, json=body)
        assert response.status_code in (400, 404, 413), response.text
        assert list(response.json().items()) == list(expected.items())


def test_a_library_parameter_is_spelled_as_the_routers_field(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A library error about `switches` names the tactical request's `interpretations`."""
    import footfall.tactical

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise InputError(
            "error.unknown", what=Noun("switch"), value="x", valid=("a",), param=Param("switches")
        )

    monkeypatch.setattr(footfall.tactical, "reachable", refuse)  # the router imports it per call
    response = client.post("/api/reach", json={"scene": LINE, "mover": "valeros"})
    assert response.status_code == 400
    assert response.json() == {
        "error": "unknown switch 'x' (known: a)",
        "code": "error.unknown",
        "field": "interpretations",
    }


def test_schema_and_url_errors_have_no_code(client: TestClient) -> None:
    """A 422 (the request's schema) and a 404 of an unknown URL are the bare line."""
    assert client.post("/api/reach", json={"scene": LINE}).json() == {
        "error": "mover: Field required"
    }
    assert client.get("/api/nope").json() == {"error": "Not Found"}


def test_every_api_error_key_is_used() -> None:
    """Each ``error.api.*`` entry of the catalog is raised somewhere in the API or ``serve``
    (or the cache budget ``serve`` gives its workers, `footfall.bytecache`)."""
    keys = tomllib.loads(CATALOG.read_text(encoding="utf-8"))
    sources = [*(ROOT / "src" / "footfall" / "api").glob("*.py")]
    sources.append(ROOT / "src" / "footfall" / "cli" / "serve.py")
    sources.append(ROOT / "src" / "footfall" / "bytecache.py")  # the workers' cache budget
    code = "".join(path.read_text(encoding="utf-8") for path in sources)
    unused = [key for key in keys if f'"{key}"' not in code]
    assert unused == []
    languages = {"en", "ru", "zh"}
    assert all(key.startswith("error.api.") and set(t) == languages for key, t in keys.items())


def test_chunked_body_over_the_limit_has_its_code() -> None:
    """A body without a length, over the limit: the chunked line and its key."""
    client = TestClient(create_app(limits=Limits.server(body_bytes=10)))

    def chunks() -> Any:
        yield b"{" + b" " * 20
        yield b"}"

    response = client.post(
        "/api/chase", content=chunks(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 413
    assert response.json()["code"] == "error.api.body-bytes-chunked"
