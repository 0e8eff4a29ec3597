"""The API's refusals that are no footfall error, in the request's language: pydantic's 422
(a request its schema refuses) and the HTTP errors of the router (404 of an unknown URL, 405
of a method), from ``errors_validation.toml`` (docs/i18n.md, "Usage errors and system reasons").

pydantic words its errors in English only; each has a ``type`` (``missing``, ``int_parsing``,
``greater_than`` with its bound in ``ctx``), which the catalog words. A type it lacks keeps
pydantic's English inside the translated frame, as Click's unknown kinds do (cli/usage.py).

>>> validation_line([{"type": "missing", "loc": ("body", "mover"), "msg": "Field required"}], "ru")
'mover: обязательное поле'
>>> validation_line([{"type": "greater_than_equal", "loc": ("body", "distance"),
...                   "msg": "Input should be greater than or equal to 0", "ctx": {"ge": 0}}], "zh")
'distance:应不小于0'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import suppress
from typing import Any

from footfall.i18n import Lang, catalog, t

__all__ = ["http_line", "validation_line"]


def validation_line(errors: Sequence[Mapping[str, Any]], lang: Lang) -> str:
    """One line naming the first error of pydantic's list `errors` in `lang`."""
    if not errors:
        return t("error.validation.invalid", lang)
    first = errors[0]
    kind = str(first.get("type", ""))
    ctx = dict(first.get("ctx") or {})
    if kind == "json_invalid":
        from footfall.i18n.reasons import reason_text

        reason = str(ctx.get("error", "cannot be parsed"))
        bare = [w[lang] for k, w in catalog().items()
                if k.startswith("error.parser.json.") and w["en"] == reason]  # fmt: skip
        reason = bare[0] if bare else reason_text(lang, reason)  # "Expecting value"
        return t("error.validation.json", lang, reason=reason)
    loc = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
    key = f"error.validation.type.{kind}"
    detail = str(first.get("msg", "invalid value"))
    if key in catalog():
        with suppress(KeyError, IndexError, ValueError):  # a ctx pydantic names otherwise
            detail = t(key, lang, **{k: str(v) for k, v in ctx.items()})
    line = t("error.validation.line", lang, loc=loc or t("error.validation.body", lang),
             detail=detail)  # fmt: skip
    if len(errors) > 1:
        line = t("error.validation.more", lang, line=line, count=len(errors) - 1)
    return line.replace("\n", " ")


def http_line(status: int, detail: str, lang: Lang) -> str:
    """The router's own refusal (``Not Found``, ``Method Not Allowed``) in `lang`; another
    detail is kept as given.

    >>> http_line(404, "Not Found", "ru"), http_line(400, "odd", "zh")
    ('не найдено', 'odd')
    """
    key = f"error.validation.http.{status}"
    words = catalog().get(key)
    if words is None or words["en"] != detail:
        return detail
    return words[lang]
