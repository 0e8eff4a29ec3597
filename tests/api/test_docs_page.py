"""The API docs page works offline: /docs and its Swagger UI files are served by footfall."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient


def test_docs_page_names_no_external_url(client: TestClient) -> None:
    """/docs references only footfall's own paths (no CDN, no swagger.io validator)."""
    page = client.get("/docs")
    assert page.status_code == 200
    assert not re.search(r"https?://|//cdn", page.text), page.text
    assert '"validatorUrl": null' in page.text


def test_docs_assets_are_served(client: TestClient) -> None:
    """Every file the page loads answers 200 from footfall, with its type."""
    page = client.get("/docs").text
    urls = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert {"docs/assets/swagger-ui-bundle.js", "docs/assets/swagger-ui.css"} <= set(urls)
    for url in urls:
        answer = client.get("/" + url)
        assert answer.status_code == 200, url
    assert client.get("/docs/assets/swagger-ui.css").headers["content-type"].startswith("text/css")
    assert client.get("/openapi.json").status_code == 200
