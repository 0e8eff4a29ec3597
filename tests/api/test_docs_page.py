"""The API docs page works offline (/docs and its Swagger UI files are served by footfall) and
in the reader's language (/docs?lang=, /openapi.json?lang=, Accept-Language)."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footfall.api import create_app
from footfall.api.docs_page import UI_LABELS, document_texts, translated_text
from footfall.i18n import catalog, t

CYRILLIC = re.compile("[\u0400-\u04ff]")
HAN = re.compile("[\u4e00-\u9fff]")


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


# ------------------------------------------------------------------ the reader's language


def _shape(document: Any) -> Any:
    """`document` with every description-like string blanked: what a translation keeps."""
    copied = copy.deepcopy(document)
    for node, key in document_texts(copied):
        node[key] = ""
    return copied


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_the_translated_document_has_the_same_shape(client: TestClient, lang: str) -> None:
    """/openapi.json?lang= differs from the English document only in its descriptions and
    summaries: every path, key, enum, bound and schema name is the same."""
    english = client.get("/openapi.json").json()
    translated = client.get(f"/openapi.json?lang={lang}").json()
    assert translated != english
    assert _shape(translated) == _shape(english)
    assert client.get("/openapi.json?lang=en").json() == english


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_every_description_is_translated(client: TestClient, lang: str) -> None:
    """Each summary and description (the document's, tags', operations', parameters', answers',
    fields') is in the language: Cyrillic in ru, Han in zh; a new one without its
    ``apidocs.*`` entry fails here. Examples to type (``"speed=30,dex=+3"``) stay as given."""
    script = CYRILLIC if lang == "ru" else HAN
    english = client.get("/openapi.json").json()
    translated = client.get(f"/openapi.json?lang={lang}").json()
    left = [n[k] for n, k in document_texts(translated) if not script.search(n[k])]
    assert left == [t for t in left if re.fullmatch(r'"[^"]*"', t)] and len(left) == 2, left
    assert translated["tags"][0]["name"] == english["tags"][0]["name"] == "general"
    assert script.search(translated["tags"][0]["description"])


def test_every_apidocs_entry_is_used() -> None:
    """Each ``apidocs.*`` entry is a string of the English document, a Swagger UI label, the
    page's title or the refusals' sentence: no stale entry left behind."""
    english = create_app().openapi()
    texts = {
        n[k].partition(" Schema-valid requests refused")[0] for n, k in document_texts(english)
    }
    labels = set(UI_LABELS.values()) | {"apidocs.page-title", "apidocs.refusals"}
    stale = [
        key
        for key, words in catalog().items()
        if key.startswith("apidocs.") and key not in labels and words["en"] not in texts
    ]
    assert not stale, stale
    assert set(UI_LABELS.values()) <= set(catalog())


def test_a_refusal_keeps_its_codes() -> None:
    """An answer's list of refusals is translated around its codes, which stay catalog keys."""
    english = create_app().openapi()
    answer = english["paths"]["/api/tables/{system}/{table}"]["get"]["responses"]["400"]
    ru = translated_text(answer["description"], "ru")
    assert ru is not None and ru.startswith("Неверный ввод: строка называет неверное значение.")
    assert ru.endswith(": error.rules.unknown-table."), ru


@pytest.mark.parametrize(
    ("asked", "header", "lang"),
    [
        ("", "", "en"),
        ("?lang=ru", "", "ru"),
        ("?lang=zh", "ru", "zh"),
        ("", "zh-CN,zh;q=0.9", "zh"),
        ("", "de-DE, ru;q=0.8", "ru"),
        ("?lang=en", "ru", "en"),
    ],
)
def test_docs_page_speaks_the_readers_language(
    client: TestClient, asked: str, header: str, lang: str
) -> None:
    """``?lang=``, else Accept-Language, else English (the API's rules): the page's language,
    title and document; labels replaced outside English."""
    page = client.get("/docs" + asked, headers={"Accept-Language": header}).text
    assert f'<html lang="{lang}">' in page
    assert f"openapi.json?lang={lang}" in page
    assert f"<title>{t('apidocs.page-title', lang)}</title>" in page
    assert ('id="footfall-labels"' in page) is (lang != "en")
    if lang != "en":
        labels = re.search(r'id="footfall-labels" type="application/json">(.*?)</script>', page)
        assert labels and json.loads(labels.group(1))["Execute"] == t("apidocs.ui.execute", lang)
    document = client.get("/openapi.json" + asked, headers={"Accept-Language": header}).json()
    assert document["info"]["summary"] == t(
        "apidocs.exact-movement-rules-for-pathfinder-1e-d-d", lang
    )


@pytest.mark.parametrize("path", ["/docs?lang=fr", "/openapi.json?lang=fr"])
def test_an_unknown_language_is_refused(client: TestClient, path: str) -> None:
    """``lang=fr`` is the API's one-line 400 naming the languages footfall speaks."""
    answer = client.get(path, headers={"Accept-Language": "ru"})
    assert answer.status_code == 400
    assert answer.json()["field"] == "lang" and "en, ru, zh" in answer.json()["error"]
