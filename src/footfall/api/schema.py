"""The pieces of the request schema every router shares: the strict model, squares, `lang`.

Bounds of values in the models (a fly speed, an altitude, a seed) are the server's record's
(`footfall.limits.SERVER_LIMITS`): the schema is built once, when the module loads, so a record
given to `create_app` bounds the work of a request, not these values.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query
from pydantic import BaseModel, ConfigDict, Field

from footfall.errors import Param, unknown
from footfall.i18n import LANGS, Lang, parse_lang

__all__ = [
    "LANG_DOC",
    "LANG_ENUM",
    "SCENE_DOC",
    "LangQuery",
    "Pair",
    "RequestModel",
    "Triple",
    "lang",
]


class RequestModel(BaseModel):
    """A request body: unknown keys are an error, as in the scene format; no type coercion
    (``false`` is not 0, ``"3"`` is not 3)."""

    model_config = ConfigDict(extra="forbid", strict=True)


#: ``[x, y]`` and ``[x, y, alt]`` as JSON arrays (strict models take lists, not tuples).
Pair = Annotated[list[int], Field(min_length=2, max_length=2)]
Triple = Annotated[list[int], Field(min_length=3, max_length=3)]

LANG_DOC = "Language of messages and labels: en, ru or zh."
LANG_ENUM: dict[str, Any] = {"enum": ["en", "ru", "zh"]}
SCENE_DOC = "A scene in SCENE.md's JSON format."

#: The ``lang`` query parameter of a ``GET`` endpoint.
LangQuery = Annotated[str, Query(description=LANG_DOC, json_schema_extra=LANG_ENUM)]


def lang(value: str) -> Lang:
    """Parse the request's ``lang``, as the CLI's ``--lang`` does; the error names the field.

    >>> lang("ru")
    'ru'
    >>> lang("fr")
    Traceback (most recent call last):
    footfall.errors.InputError: unknown language 'fr' (known: en, ru, zh)
    """
    if value not in LANGS:
        raise unknown("language", value, LANGS, param=Param("lang"))
    return parse_lang(value)
