"""Every error the API answers: one JSON line with its status, never a traceback.

The body is ``{"error": "<one line>"}``, the message the CLI prints after ``footfall: error:``
with each parameter spelled as the request field it came in (``'con_mod'`` where the CLI says
``--con-mod``). A footfall error adds, as an extension (docs/contracts/EXTENSIONS.md):

- ``"code"``: its catalog key (``error.api.legs``), when it has one: what a program tests;
- ``"field"``: the request field it names (``con_mod``, ``legs[1]``), when it names one.

Statuses:

- `InputError` (bad value, unknown id, malformed scene) -> 400; `NotFound` (an unknown sample
  scene named in the URL) -> 404;
- a request the schema rejects (malformed JSON, wrong type, missing field) -> 422;
- `LimitError` and a body over the limit -> 413;
- a query over its wall-time budget (`footfall.api.work.Busy`) -> 503 with ``Retry-After``;
- a broken packaged data file (`RuleDataError`) and anything unforeseen -> 500 with a generic
  line; the details go to the server's log (logger ``footfall.api``).

A router whose request fields are not named as the library's parameters says so in its module
``FIELDS`` (library name -> field, ``{"switches": "interpretations"}``), as a CLI topic module
says its ``FLAGS``; the error handlers read the ``FIELDS`` of the endpoint's module.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable, Coroutine, Mapping
from typing import Any, cast

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from footfall.api.responses import JSON
from footfall.api.work import Busy
from footfall.errors import FootfallError, InputError, LimitError, Param, Spelling
from footfall.i18n import LANGS, Lang, t
from footfall.i18n.choose import accept_language

__all__ = [
    "ERRORS",
    "EXCEPTION_HANDLERS",
    "ErrorBody",
    "NotFound",
    "error_body",
    "error_response",
    "field_name",
    "field_spelling",
    "fields_spelling",
]

_log = logging.getLogger("footfall.api")


class ErrorBody(BaseModel):
    """Every error: one line, the same message the CLI prints after ``footfall: error:``."""

    error: str
    code: str | None = Field(
        None, description="The error's catalog key (error.api.legs), when it has one."
    )
    field: str | None = Field(
        None, description="The request field the error names (con_mod, legs[1]), if any."
    )


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "Bad input: the line names the bad value."},
    404: {"model": ErrorBody, "description": "Unknown sample scene or URL."},
    413: {"model": ErrorBody, "description": "Over a limit (body, map size, work)."},
    422: {"model": ErrorBody, "description": "Malformed request (JSON, types, fields)."},
    500: {"model": ErrorBody, "description": "Internal error (never details)."},
    503: {"model": ErrorBody, "description": "Busy: the query ran out of time; try again."},
}


class NotFound(InputError):
    """An unknown resource named in the URL (a sample scene): 404."""


# ------------------------------------------------------------------------------ spelling


def field_spelling(param: Param) -> str:
    """Spell a library parameter as the request field it is given in: ``'con_mod'``.

    >>> field_spelling(Param("con_mod")), field_spelling(Param("legs", 1))
    ("'con_mod'", "'legs[1]'")
    """
    return f"'{field_name(param)}'"


def fields_spelling(fields: Mapping[str, str]) -> Spelling:
    """Return `field_spelling` with the fields a router names otherwise (`fields`: its FIELDS).

    >>> fields_spelling({"switches": "interpretations"})(Param("switches"))
    "'interpretations'"
    """
    return lambda param: f"'{field_name(param, fields)}'"


def field_name(param: Param, fields: Mapping[str, str] | None = None) -> str:
    """Return the request field of `param`: its name (or its entry in `fields`), ``[index]``.

    >>> field_name(Param("legs", 1)), field_name(Param("start"), {"start": "from"})
    ('legs[1]', 'from')
    """
    name = (fields or {}).get(param.name, param.name)
    return name if param.index is None else f"{name}[{param.index}]"


def _router_fields(request: Request | None) -> Mapping[str, str]:
    """Return the ``FIELDS`` of the module whose endpoint answered `request` (none: empty)."""
    route = None if request is None else request.scope.get("route")
    module = sys.modules.get(getattr(getattr(route, "endpoint", None), "__module__", ""))
    fields: Mapping[str, str] = getattr(module, "FIELDS", {})
    return fields


# ------------------------------------------------------------------------------ bodies


def error_response(status: int, message: str) -> JSON:
    """Build the one error shape for a line that is not a footfall error (404, 405, 422)."""
    return JSON({"error": message}, status_code=status)


def error_body(
    exc: FootfallError, fields: Mapping[str, str] | None = None, lang: Lang = "en"
) -> dict[str, str]:
    """Return the JSON of `exc`: its line in `lang`, its catalog key, the field it names.

    >>> error_body(InputError("error.api.legs", param=Param("legs"), count=3, limit=2))
    {'error': '3 legs, over the limit of 2', 'code': 'error.api.legs', 'field': 'legs'}
    """
    known = fields or {}
    body = {"error": exc.render(lang, fields_spelling(known))}
    if exc.key is not None:
        body["code"] = exc.key
    if exc.param is not None:
        body["field"] = field_name(exc.param, known)
    return body


def footfall_response(
    status: int, exc: FootfallError, fields: Mapping[str, str] | None = None, lang: Lang = "en"
) -> JSON:
    """Answer `exc` with `status` and `error_body` in `lang`."""
    return JSON(error_body(exc, fields, lang), status_code=status)


def request_lang(request: Request | None) -> Lang:
    """Return the language to answer `request`'s error in (docs/i18n.md).

    The body's ``lang`` (when the body was read and is a JSON object), the query's ``lang``,
    the ``Accept-Language`` header, else English; a ``lang`` footfall does not speak is
    passed over here (the endpoint itself refuses it, in the header's language).
    """
    if request is None:
        return "en"
    body = getattr(request, "_body", None)
    if isinstance(body, bytes) and body.lstrip().startswith(b"{"):
        try:
            asked = json.loads(body).get("lang")
        except (ValueError, RecursionError):
            asked = None
        if asked in LANGS:
            return cast(Lang, asked)
    query = request.query_params.get("lang", "")
    for lang in LANGS:
        if query == lang:
            return lang
    return header_lang(request.headers.get("accept-language", ""))


def header_lang(header: str) -> Lang:
    """Return the language of an ``Accept-Language`` header, English when it names none."""
    return accept_language(header[:1000]) or "en"


def _one_line(exc: RequestValidationError, lang: Lang = "en") -> str:
    """Turn pydantic's error list into one line naming the first bad field (in `lang`)."""
    errors = exc.errors()
    if lang != "en":
        from footfall.i18n.validation import validation_line

        return validation_line(errors, lang)
    if not errors:
        return "invalid request"
    first = errors[0]
    if first.get("type") == "json_invalid":
        ctx = first.get("ctx") or {}
        return f"malformed JSON: {ctx.get('error', 'cannot be parsed')}"
    loc = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
    msg = str(first.get("msg", "invalid value"))
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{loc or 'body'}: {msg}{more}".replace("\n", " ")


# ------------------------------------------------------------------------------ handlers


async def _limit(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, LimitError)
    return footfall_response(413, exc, _router_fields(request), request_lang(request))


async def _not_found(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, NotFound)
    return footfall_response(404, exc, _router_fields(request), request_lang(request))


async def _busy(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Busy)
    response = footfall_response(503, exc)
    response.headers["retry-after"] = "1"
    return response


async def _footfall(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, FootfallError)
    if isinstance(exc, InputError):
        return footfall_response(400, exc, _router_fields(request), request_lang(request))
    # RuleDataError: a packaged file is broken; not the client's fault, no details.
    _log.error("footfall data error: %s", exc)
    return error_response(500, t("error.validation.internal-data", request_lang(request)))


async def _invalid(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    return error_response(422, _one_line(exc, request_lang(request)))


async def _http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    from footfall.i18n.validation import http_line

    detail = http_line(exc.status_code, str(exc.detail), request_lang(request))
    response = error_response(exc.status_code, detail)
    response.headers.update(exc.headers or {})  # e.g. Allow on 405 (RFC 9110)
    return response


async def _crash(request: Request, exc: Exception) -> Response:
    _log.exception("unexpected error on %s %s", request.method, request.url.path)
    return error_response(500, t("error.validation.internal", request_lang(request)))


#: The app's exception handlers (`FastAPI(exception_handlers=...)`), by exception class.
_Handler = Callable[[Request, Any], Coroutine[Any, Any, Response]]
EXCEPTION_HANDLERS: dict[int | type[Exception], _Handler] = {
    LimitError: _limit,
    NotFound: _not_found,
    Busy: _busy,
    FootfallError: _footfall,
    RequestValidationError: _invalid,
    StarletteHTTPException: _http,
    Exception: _crash,
}
