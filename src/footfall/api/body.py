"""Check a request's JSON body strictly, before FastAPI's models see it (issue 10, item 5).

FastAPI reads a JSON body with ``json.loads``, which takes UTF-8 that encodes surrogates,
keeps ``"\\ud800"`` as a lone surrogate (the answer's JSON then cannot be written: a 500),
and turns deep nesting and integers of more than 4300 digits into a generic 400. `StrictJson`
(a pure ASGI middleware, inside `footfall.api.body_limit.BodyLimit`) refuses them first:

- text that is not UTF-8 (or UTF-16/32, as RFC 8259 readers may take it) -> 400 naming the
  byte;
- nesting deeper than `Limits.json_depth` -> 413;
- an integer of more than 4300 digits -> 400 (Python's own limit, CVE-2020-10735);
- a string holding a lone surrogate -> 400 naming its field (``scene.creatures[0].id``);
- a body that takes longer than `Limits.body_seconds` to arrive -> 408, connection closed.

A number written with a fraction or an exponent that is whole (``561.0``, ``3e2``) is handed on
as the integer it is (`whole_numbers`): JSON has one kind of number, and JSON Schema's
``integer`` is any number with no fractional part, so the schema's ``integer`` fields take it.

Malformed JSON is left to FastAPI (its 422 ``malformed JSON: ...`` line). The common case costs
a strict decode and a few scans of the raw bytes; the body is parsed here only when a scan
finds something to look at (a ``\\u`` escape of a surrogate, a run of 4301 digits).
"""

from __future__ import annotations

import json
import re
import sys
from decimal import Decimal
from typing import Any

import anyio

from footfall.api.body_limit import ASGIApp, Message, Receive, Scope, Send
from footfall.api.errors import footfall_response
from footfall.errors import FootfallError, InputError, LimitError, Param

__all__ = ["StrictJson", "check_json", "whole_numbers"]

#: Where a refusal says the problem sits.
_WHERE = "request body"

#: A ``\\u`` escape of a surrogate (D800-DFFF): only such an escape can bring one into a string.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
#: A JSON string (to blank out before counting brackets).
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
#: A digit followed by a point or an exponent: where a number may be whole but not written so.
_FRACTION_OR_EXPONENT = re.compile(rb"\d[.eE]")
#: The body's bytes as marks (`_number_with_point`): a digit ``0``, a point or an exponent
#: ``.``, what may stand before a number (``:``, ``,``, ``[``, white space, a minus) a space,
#: any other byte ``x``.
_MARKS = bytes(
    48 if 48 <= b <= 57 else 46 if b in b".eE" else 32 if b in b":,[ \t\r\n-" else 120
    for b in range(256)
)
_MARKED_NUMBER = re.compile(rb"0+\.")
_MARKED_NUMBER_AFTER = re.compile(rb" 0+\.")
#: Every byte but the ten digits (deleted before counting the digits).
_NOT_DIGITS = bytes(b for b in range(256) if not 48 <= b <= 57)
#: Every byte but the four brackets (deleted before measuring the nesting).
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def check_json(body: bytes, depth: int) -> None:
    """Refuse a JSON body the server cannot answer in one line; malformed JSON passes.

    >>> check_json(b'{"a": [1]}', 64)
    >>> check_json(b'{"mover": "\\\\ud800"}', 64)
    Traceback (most recent call last):
    footfall.errors.InputError: request body: mover holds a lone surrogate '\\ud800' \
(half of a UTF-16 pair, not a character)
    >>> check_json(b"[" * 65 + b"]" * 65, 64)
    Traceback (most recent call last):
    footfall.errors.LimitError: request body: JSON nested 65 deep, over the limit of 64
    """
    _decode(body)
    brackets = body.count(b"[") + body.count(b"{")
    if brackets > depth:
        deepest = _depth(body)
        if deepest > depth:
            raise LimitError("error.api.json-depth", found=deepest, limit=depth)
    digits = sys.get_int_max_str_digits()
    # A run of digits past the limit is looked for only in a body holding that many digits
    # (the search costs 0.15 ms on an 11 KB scene, the count 0.01 ms).
    many = len(body.translate(None, _NOT_DIGITS)) > digits
    long_number = many and re.search(rb"\d{%d}" % (digits + 1), body) is not None
    if long_number or _SURROGATE_ESCAPE.search(body) is not None:
        try:
            document = json.loads(body)
        except json.JSONDecodeError:
            return
        except ValueError:  # an integer of more than 4300 digits (CVE-2020-10735)
            raise InputError("error.json.digits", where=_WHERE, digits=digits) from None
        _walk(document)


def whole_numbers(body: bytes) -> bytes:
    """Return `body` with each whole number written as an integer (``561.0`` -> ``561``).

    The body is parsed and written again only when a scan of its bytes finds a digit before
    a point or an exponent; otherwise (and for malformed JSON) it is returned as it came.

    >>> whole_numbers(b'{"alt": 561.0, "x": 2.5, "s": "1.0"}')
    b'{"alt": 561, "x": 2.5, "s": "1.0"}'
    >>> whole_numbers(b'{"alt": 561}')
    b'{"alt": 561}'
    >>> whole_numbers(b'[-3e2, 1.50]'), whole_numbers(b'4.0'), whole_numbers(b'{"system": "pf1e"}')
    (b'[-300, 1.5]', b'4', b'{"system": "pf1e"}')
    """
    if _FRACTION_OR_EXPONENT.search(body) is None or not _number_with_point(body):
        return body
    try:
        document = json.loads(body, parse_float=_whole)
    except ValueError:
        return body  # malformed: FastAPI says so
    return json.dumps(document, ensure_ascii=False).encode("utf-8")


def _number_with_point(body: bytes) -> bool:
    """Tell whether `body` may hold a number written with a point or an exponent.

    A JSON number starts the text or follows ``:``, ``,``, ``[``, white space or its minus
    sign, so ``pf1e`` (a system id, in every pf1e request) is not one; a string holding one
    (``"a 1.0"``) is taken for one: it costs the parse and changes nothing.
    """
    marked = body.translate(_MARKS)
    return bool(_MARKED_NUMBER.match(marked) or _MARKED_NUMBER_AFTER.search(marked))


def _whole(text: str) -> int | float:
    value = float(text)
    if value.is_integer():
        return int(Decimal(text))  # exact: 1e22 is 10**22, not the float's neighbour
    return value


def _decode(body: bytes) -> str:
    """Decode a body as RFC 8259 JSON text: UTF-8 (a byte-order mark dropped), UTF-16 or 32."""
    encoding = json.detect_encoding(body)
    try:
        return body.decode(encoding)  # strict: no encoded surrogates (json.loads lets them by)
    except UnicodeDecodeError as exc:
        raise InputError("error.api.json-encoding", encoding=encoding, byte=exc.start) from None


def _depth(body: bytes) -> int:
    """Return the deepest nesting of brackets outside strings."""
    deepest = level = 0
    for byte in _STRING.sub(b'""', body).translate(None, _NOT_BRACKETS):
        if byte in b"[{":
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def _walk(document: Any) -> None:
    """Refuse a string (or key) with a lone surrogate, naming the field it is in."""
    stack: list[tuple[Any, str]] = [(document, "")]
    while stack:
        value, where = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                _text(key, where or "body")
                stack.append((item, f"{where}.{key}" if where else key))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{i}]") for i, item in enumerate(value))
        elif isinstance(value, str):
            _text(value, where or "body")


def _text(value: str, where: str) -> None:
    """Refuse a string that holds a lone surrogate (it has no UTF-8 form)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InputError(
            "error.api.surrogate", param=Param(where), value=value[exc.start]
        ) from None


def _is_json(scope: Scope) -> bool:
    """Tell whether FastAPI reads this request's body as JSON (its own rule)."""
    kind = b""
    for name, value in scope.get("headers", ()):
        if name == b"content-type":
            kind = value
    if not kind:
        return True
    main, _, rest = kind.partition(b";")[0].strip().lower().partition(b"/")
    return main == b"application" and (rest == b"json" or rest.endswith(b"+json"))


class StrictJson:
    """Refuse a JSON request body that `check_json` refuses, with its one-line 4xx."""

    def __init__(self, app: ASGIApp, depth: int, seconds: float = 60) -> None:
        self.app = app
        self.depth = depth
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Read a JSON body, check it, and hand it on (or answer its error)."""
        if scope["type"] != "http" or scope.get("method") not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        if not _is_json(scope):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        more = True
        with anyio.move_on_after(self.seconds) as timer:
            while more:
                msg = await receive()
                if msg["type"] != "http.request":
                    await self.app(scope, receive, send)  # disconnected: let the app see it
                    return
                chunks.append(msg.get("body", b""))
                more = bool(msg.get("more_body", False))
        if timer.cancelled_caught:  # a slow or trickling client: answered and closed
            late = InputError("error.api.body-seconds", seconds=self.seconds)
            response = footfall_response(408, late)
            response.headers["connection"] = "close"
            await response(scope, receive, send)
            return
        body = b"".join(chunks)
        if body:
            try:
                check_json(body, self.depth)
            except FootfallError as exc:
                status = 413 if isinstance(exc, LimitError) else 400
                await footfall_response(status, exc)(scope, receive, send)
                return
            body = whole_numbers(body)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
