"""The API's refusals that are no footfall error - pydantic's 422, the router's 404 and 405 -
in the request's language (issue 14, item 4: footfall.i18n.validation); English unchanged."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footfall.api.app import create_app

CASES = [
    ("post", "/api/reach", b'{"scene": '),
    ("post", "/api/reach", b'{"scene": "x"}'),
    ("post", "/api/reach", b"[1]"),
    ("get", "/api/nosuch", None),
    ("delete", "/api/reach", None),
]

ENGLISH = re.compile(r"\b(Input|should|valid|Field|required|Not Found|Method|Allowed|and \d+ more|"
                     r"Expecting|malformed)\b")  # fmt: skip


@pytest.fixture(scope="module")
def client() -> Any:
    return TestClient(create_app())


@pytest.mark.parametrize("lang", ["ru", "zh"])
@pytest.mark.parametrize(("method", "url", "body"), CASES)
def test_the_apis_own_refusals_are_in_the_language(
    client: Any, lang: str, method: str, url: str, body: bytes | None
) -> None:
    """Accept-Language ru / zh: the 4xx line has no pydantic or HTTP English; the status and
    the body's shape stay."""
    headers = {"Accept-Language": lang, "content-type": "application/json"}
    answer = getattr(client, method)(url, headers=headers, **({"content": body} if body else {}))
    english = getattr(client, method)(url, headers={"content-type": "application/json"},
                                      **({"content": body} if body else {}))  # fmt: skip
    assert answer.status_code == english.status_code and 400 <= answer.status_code < 500
    line = answer.json()["error"]
    assert line != english.json()["error"]
    assert not ENGLISH.search(line), line


def test_the_query_lang_chooses_too(client: Any) -> None:
    """?lang=zh on an unknown URL: 未找到."""
    assert client.get("/api/nosuch?lang=zh").json() == {"error": "未找到"}
    assert client.get("/api/nosuch").json() == {"error": "Not Found"}
