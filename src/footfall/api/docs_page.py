"""The API docs page (``/docs``), served offline and in the reader's language.

FastAPI's own ``/docs`` loads Swagger UI from a CDN, so it is blank without the internet (a
table at a convention, a laptop on a train). footfall turns that page off and serves the same
Swagger UI from the ``fastapi-swagger`` package (Swagger UI 5, docs/dependencies.md) under
``/docs/assets``; the page names no external URL (tests/api/test_docs_page.py). ReDoc, CDN-only,
is off. (``swagger-ui-bundle``'s Swagger UI 4.15 cannot draw an OpenAPI 3.1 document, which
FastAPI writes: its page said "Unable to render this definition"; tests/page/test_languages.py
now opens the page in Chromium.)

The language: ``/docs?lang=ru`` and ``/openapi.json?lang=ru`` (en, ru or zh; another is a 400
naming the three), else the ``Accept-Language`` header's, else English: the API's rules
(docs/i18n.md). A translated document differs from the English one only in its
description-like strings, each from the ``apidocs.*`` entries of ``i18n/apidocs.toml``: the
``summary`` and ``description`` of the document, its tags, operations, parameters, answers
and fields (`translate_document`); every key, id, enum, bound and schema name is the same
(tests/api/test_docs_page.py). Swagger UI has no translations of its own labels ("Try it
out", "Execute", "Parameters" ...): the page carries a small script that replaces those it
shows by the catalog's ``apidocs.ui.*`` words as they are drawn (`UI_LABELS`), checked in
Chromium (tests/page/test_languages.py).
"""

from __future__ import annotations

import copy
import html
import importlib.util
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from footfall.api.errors import header_lang
from footfall.api.responses import JSON
from footfall.api.schema import lang as parse_query_lang
from footfall.i18n import Lang, catalog, t

__all__ = ["UI_LABELS", "add_docs", "document_texts", "translate_document"]

#: Swagger UI 4's fixed labels the page replaces, by the catalog key of their words. A label is
#: replaced where a text node's text (spaces around aside) is exactly the English one.
UI_LABELS: dict[str, str] = {
    "Try it out": "apidocs.ui.try",
    "Cancel": "apidocs.ui.cancel",
    "Execute": "apidocs.ui.execute",
    "Clear": "apidocs.ui.clear",
    "Parameters": "apidocs.ui.parameters",
    "No parameters": "apidocs.ui.no-parameters",
    "Responses": "apidocs.ui.responses",
    "Request body": "apidocs.ui.request-body",
    "Name": "apidocs.ui.name",
    "Description": "apidocs.ui.description",
    "Code": "apidocs.ui.code",
    "Links": "apidocs.ui.links",
    "No links": "apidocs.ui.no-links",
    "Schemas": "apidocs.ui.schemas",
    "Schema": "apidocs.ui.schema",
    "Example Value": "apidocs.ui.example",
    "Media type": "apidocs.ui.media-type",
    "Server response": "apidocs.ui.server-response",
    "Response body": "apidocs.ui.response-body",
    "Response headers": "apidocs.ui.response-headers",
    "Request URL": "apidocs.ui.request-url",
    "Download": "apidocs.ui.download",
    "Details": "apidocs.ui.details",
    "Send empty value": "apidocs.ui.send-empty",
    "Reset": "apidocs.ui.reset",
    "Hide": "apidocs.ui.hide",
    "required": "apidocs.ui.required",
    "Controls Accept header.": "apidocs.ui.accept",
}

#: The sentence `footfall.api.refusals.add_refusals` appends to an answer's description.
_REFUSED = " Schema-valid requests refused for rules the schema cannot state: "

#: Descriptions that are an example to type (``"speed=30,dex=+3"``): kept as they are.
_EXAMPLE = re.compile(r'^"[^"]*"$')

#: Swagger UI's labels replaced as it draws them (the words come in the page, `_page`).
_LABELS_SCRIPT = """
(function () {
  const words = JSON.parse(document.getElementById("footfall-labels").textContent);
  function swap(node) {
    const text = node.nodeValue, key = text.trim();
    if (key && Object.prototype.hasOwnProperty.call(words, key)) {
      node.nodeValue = text.replace(key, words[key]);
    }
  }
  function walk(root) {
    if (root.nodeType === Node.TEXT_NODE) { swap(root); return; }
    const all = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = all.nextNode(); node; node = all.nextNode()) swap(node);
  }
  const ui = document.getElementById("swagger-ui");
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === "characterData") swap(change.target);
      for (const added of change.addedNodes) walk(added);
    }
  }).observe(ui, { childList: true, subtree: true, characterData: true });
  walk(ui);
})();
"""


def swagger_ui_files() -> Path:
    """Return the folder of Swagger UI 5's files (``fastapi-swagger``'s ``resources``: the
    bundle, its stylesheet and favicon), found without importing the package (its plugin
    would replace the app's routes; footfall serves the files itself)."""
    spec = importlib.util.find_spec("fastapi_swagger")
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError("footfall's /docs needs the fastapi-swagger package")
    return Path(spec.origin).parent / "resources"


def document_texts(document: Any) -> Iterator[tuple[dict[str, Any], str]]:
    """Yield every description-like string of an OpenAPI `document` as (its object, its key).

    Those are a ``summary`` or ``description`` that is a string: not a field of that name in
    a schema's ``properties`` (a mapping of names, not a described object).

    >>> doc = {"info": {"summary": "s"}, "properties": {"description": {"type": "string"}}}
    >>> [(key, node[key]) for node, key in document_texts(doc)]
    [('summary', 's')]
    """
    if isinstance(document, dict):
        for key, value in document.items():
            if key in {"summary", "description"} and isinstance(value, str):
                yield document, key
            elif key == "properties" and isinstance(value, dict):
                for field in value.values():
                    yield from document_texts(field)
            else:
                yield from document_texts(value)
    elif isinstance(document, list):
        for value in document:
            yield from document_texts(value)


def _words(lang: Lang) -> dict[str, str]:
    """The ``apidocs.*`` entries of the catalogs as English text -> its text in `lang`."""
    return {
        texts["en"]: texts[lang] for key, texts in catalog().items() if key.startswith("apidocs.")
    }


def translated_text(text: str, lang: Lang, words: dict[str, str] | None = None) -> str | None:
    """Return an English description in `lang`, or None when the catalogs lack it.

    A refusal's sentence keeps its codes (they are catalog keys); an example is kept.

    >>> translated_text("Roll every check.", "ru")
    'Бросить каждую проверку.'
    """
    found = _words(lang) if words is None else words
    if lang == "en" or _EXAMPLE.match(text):
        return text
    base, refused, codes = text.partition(_REFUSED)
    if refused:
        head = translated_text(base, lang, found) if base else ""
        if head is None:
            return None
        tail = t("apidocs.refusals", lang, codes=codes.removesuffix("."))
        return f"{head} {tail}".strip()
    return found.get(text)


def translate_document(document: dict[str, Any], lang: Lang) -> dict[str, Any]:
    """Return a copy of the OpenAPI `document` with its description-like strings in `lang`.

    Only those strings change (`document_texts`); one the catalogs lack stays English (the
    test makes that none: tests/api/test_docs_page.py).
    """
    if lang == "en":
        return document
    words = _words(lang)
    copied = copy.deepcopy(document)
    for node, key in document_texts(copied):
        found = translated_text(node[key], lang, words)
        if found is not None:
            node[key] = found
    return copied


def _chosen(request: Request, asked: str | None) -> Lang:
    """The page's language: ``?lang=`` (refused when not en, ru or zh), else the header's."""
    if asked is not None:
        return parse_query_lang(asked)
    return header_lang(request.headers.get("accept-language", ""))


def _page(lang: Lang) -> str:
    """The Swagger UI page in `lang`: its document, title and labels in that language."""
    drawn = get_swagger_ui_html(
        openapi_url=f"openapi.json?lang={lang}",
        title=t("apidocs.page-title", lang),
        swagger_js_url="docs/assets/swagger-ui-bundle.js",
        swagger_css_url="docs/assets/swagger-ui.css",
        swagger_favicon_url="docs/assets/favicon-32x32.png",
        swagger_ui_parameters={"validatorUrl": None},  # no badge fetched from swagger.io
    ).body
    page = bytes(drawn).decode()
    page = page.replace("<html>", f'<html lang="{lang}">', 1)
    if lang == "en":
        return page
    labels = {label: t(key, lang) for label, key in UI_LABELS.items()}
    data = html.escape(json.dumps(labels, ensure_ascii=False), quote=False)
    script = (
        f'<script id="footfall-labels" type="application/json">{data}</script>\n'
        f"<script>{_LABELS_SCRIPT}</script>\n"
    )
    return page.replace("</body>", script + "</body>", 1)


def add_docs(app: FastAPI) -> None:
    """Serve ``/docs`` (Swagger UI), its assets from the installed bundle, and
    ``/openapi.json`` in the reader's language (FastAPI's own route for it is replaced)."""
    app.mount("/docs/assets", StaticFiles(directory=swagger_ui_files()), name="docs-assets")
    app.router.routes[:] = [
        route for route in app.router.routes if getattr(route, "path", None) != app.openapi_url
    ]
    translated: dict[Lang, dict[str, Any]] = {}

    @app.get("/openapi.json", include_in_schema=False)
    def openapi(request: Request, lang: str | None = None) -> JSON:
        """The OpenAPI document, its descriptions in the reader's language."""
        chosen = _chosen(request, lang)
        if chosen not in translated:
            translated[chosen] = translate_document(app.openapi(), chosen)
        return JSON(translated[chosen])

    @app.get("/docs", include_in_schema=False)
    def docs(request: Request, lang: str | None = None) -> HTMLResponse:
        """The interactive API docs, every file served by footfall, in the reader's language."""
        return HTMLResponse(_page(_chosen(request, lang)))
