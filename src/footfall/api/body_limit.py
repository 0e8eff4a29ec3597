"""Refuse a request body over its limit before any endpoint reads it (413)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from typing import Any, cast
from urllib.parse import parse_qs

from footfall.api.errors import footfall_response, header_lang
from footfall.errors import LimitError
from footfall.i18n import LANGS, Lang

__all__ = ["ASGIApp", "BodyLimit"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """Refuse request bodies over `limit` bytes with 413, before any endpoint reads them.

    A pure ASGI middleware (cheaper than Starlette's ``BaseHTTPMiddleware`` on the hot path):
    a declared ``Content-Length`` over the limit is refused at once; a body without one
    (chunked) is read here, counted as it arrives, and refused as soon as it passes the limit.
    `paths` gives some paths their own limit (``/api/import`` carries a picture).
    """

    def __init__(self, app: ASGIApp, limit: int, paths: Mapping[str, int] | None = None) -> None:
        self.app = app
        self.default = limit
        self.paths = dict(paths or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, or answer 413 when its body is too large."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.paths.get(scope.get("path", ""), self.default)
        declared = _declared_length(scope)
        if declared is not None:
            # The server frames the body by Content-Length: it cannot be longer than declared.
            if declared > limit:
                refusal = LimitError("error.api.body-bytes", size=declared, limit=limit)
                await footfall_response(413, refusal, lang=_lang(scope))(scope, receive, send)
                return
            await self.app(scope, receive, send)
            return
        # No length (chunked): read the body here, counting, then hand it on.
        chunks: list[bytes] = []
        received = 0
        more = True
        while more:
            msg = await receive()
            if msg["type"] != "http.request":
                await self.app(scope, receive, send)  # disconnected: let the app see it
                return
            chunk = msg.get("body", b"")
            received += len(chunk)
            if received > limit:
                # Chunked: the whole size is unknown; say how much came before it stopped.
                refusal = LimitError("error.api.body-bytes-chunked", size=received, limit=limit)
                await footfall_response(413, refusal, lang=_lang(scope))(scope, receive, send)
                return
            chunks.append(chunk)
            more = bool(msg.get("more_body", False))
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _lang(scope: Scope) -> Lang:
    """The language of a refusal before the body is read: the query's lang, the header's."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [""])[0]
    if query in LANGS:
        return cast(Lang, query)
    headers = dict(scope.get("headers") or [])
    return header_lang(headers.get(b"accept-language", b"").decode("latin-1"))


def _declared_length(scope: Scope) -> int | None:
    """Return the request's ``Content-Length``, or None when it has none (or not a number)."""
    declared: int | None = None
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                declared = int(value)
            except ValueError:
                declared = None
    return declared
