"""The pieces of the request schema every router shares: the strict model, squares, `lang`,
the scene, and the OpenAPI document's last touches (`document`).

Bounds of values in the models (a fly speed, an altitude, a seed) are the server's record's
(`footfall.limits.SERVER_LIMITS`): the schema is built once, when the module loads, so a record
given to `create_app` bounds the work of a request, not these values.

The schema states every rule the server enforces that JSON Schema can state (issue 10, item
5): types, enums, lengths, counts, bounds, the scene (`footfall.api.scene_schema`). What it
cannot state (a mover that is not in the scene, a creature off the map, a leg's text) is a
*refusal* of a schema-valid request: each operation's 400 and 413 answers list their codes
(`REFUSALS`, written into the document as ``x-refusals``), and the schemathesis run
(tests/api/test_schema.py) accepts such an answer only when its ``code`` is one of them.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Iterable
from typing import Annotated, Any

from fastapi import FastAPI, Query
from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from footfall.errors import Param, unknown
from footfall.i18n import LANGS, Lang, parse_lang

__all__ = [
    "CHASE_SYSTEM_ENUM",
    "LANG_DOC",
    "LANG_ENUM",
    "SCENE_DOC",
    "SYSTEM_ENUM",
    "TRAVEL_SYSTEM_ENUM",
    "LangQuery",
    "Name",
    "Pair",
    "RequestModel",
    "SceneJson",
    "Triple",
    "any_case",
    "chase_systems",
    "conditions",
    "d20_speed",
    "document",
    "lang",
    "shipped_maps",
    "travel_systems",
    "words",
]


class RequestModel(BaseModel):
    """A request body: unknown keys are an error, as in the scene format; no type coercion
    (``false`` is not 0, ``"3"`` is not 3; ``3.0`` is 3, the same JSON number:
    `footfall.api.body.whole_numbers`)."""

    model_config = ConfigDict(extra="forbid", strict=True)


#: ``[x, y]`` and ``[x, y, alt]`` as JSON arrays (strict models take lists, not tuples).
Pair = Annotated[list[int], Field(min_length=2, max_length=2)]
Triple = Annotated[list[int], Field(min_length=3, max_length=3)]

#: An id or a word given in a request (a mover, an action, a runner): not empty, at most 100
#: characters. Stated, not enforced here: the library refuses any other with its own line
#: (``unknown creature '' (known: valeros)``), the schema's rule included.
Name = Annotated[str, Field(json_schema_extra={"minLength": 1, "maxLength": 100})]

LANG_DOC = "Language of messages and labels: en, ru or zh."
LANG_ENUM: dict[str, Any] = {"enum": ["en", "ru", "zh"]}
#: The shipped systems' ids, stated when the document is made (the rules load on first use).
SYSTEM_ENUM: Callable[[dict[str, Any]], None]
SCENE_DOC = "A scene in SCENE.md's JSON format."

#: Where the scene's schema goes (`document` puts `scene_schema` there, once).
_SCENE_MARK = "x-footfall-scene"
_SCENE_REF = "#/components/schemas/Scene"

#: A scene in a request: a JSON object, read by `footfall.scene.parse_scene`; its schema is
#: `footfall.api.scene_schema.scene_schema`, referenced from every operation that takes one.
SceneJson = Annotated[dict[str, Any], WithJsonSchema({_SCENE_MARK: True})]


def words(vocabulary: Iterable[str], optional: bool = False) -> dict[str, Any]:
    """Return the schema's ``enum`` of a closed vocabulary (a StrEnum, a mapping's keys);
    `optional`: ``null`` too (a field of type ``str | None``).

    >>> words(("push", "pull")), words(["uvtt"], optional=True)
    ({'enum': ['push', 'pull']}, {'enum': ['uvtt', None]})
    """
    found: list[str | None] = [str(word) for word in vocabulary]
    return {"enum": [*found, None] if optional else found}


def words_of(target: str, optional: bool = False) -> Callable[[dict[str, Any]], None]:
    """Return `words` of the vocabulary named ``"module:attribute"`` as a pydantic schema hook:
    imported when the OpenAPI document is made, not when a router loads (start-up stays
    cheap: tests/test_startup.py).

    >>> schema = {"type": "string"}
    >>> words_of("footfall.rules:Load")(schema)
    >>> schema["enum"]
    ['light', 'medium', 'heavy']
    """

    def extra(schema: dict[str, Any]) -> None:
        schema.update(words(_vocabulary(target), optional))

    return extra


def _vocabulary(target: str) -> Iterable[str]:
    """Return the vocabulary ``"module:attribute"`` names (a function's: what it returns)."""
    module, _, name = target.partition(":")
    found: Any = getattr(importlib.import_module(module), name)
    listed: Iterable[str] = found() if callable(found) and not isinstance(found, type) else found
    return listed


SYSTEM_ENUM = words_of("footfall.rules:SYSTEM_IDS")


def travel_systems() -> list[str]:
    """Return the systems whose data has overland travel rules (``/api/travel``, ``route``):
    pf1e / dnd35 tables (`System.travel`) or dh2e's narrative travel (`System.heresy`).

    >>> travel_systems()
    ['pf1e', 'dnd35', 'dh2e']
    """
    from footfall.rules import SYSTEM_IDS, load_system

    loaded = [load_system(system) for system in SYSTEM_IDS]
    return [s.id for s in loaded if s.travel is not None or s.heresy is not None]


def chase_systems() -> list[str]:
    """Return the systems whose seed has chase rules (``/api/chase``: `footfall.chase`).

    >>> chase_systems()
    ['pf1e', 'dnd35']
    """
    from footfall.chase import has_chase_rules
    from footfall.rules import SYSTEM_IDS, load_system

    return [system for system in SYSTEM_IDS if has_chase_rules(load_system(system))]


def conditions() -> list[str]:
    """Return every system's conditions (a mover's: each system takes its own), in order.

    >>> "prone" in conditions()
    True
    """
    from footfall.rules import SYSTEM_IDS
    from footfall.scene.vocabulary import vocabulary

    return list(dict.fromkeys(word for s in SYSTEM_IDS for word in vocabulary(s).conditions))


#: The systems ``/api/travel`` and ``/api/route`` take, and those ``/api/chase`` takes.
TRAVEL_SYSTEM_ENUM = words_of("footfall.api.schema:travel_systems")
CHASE_SYSTEM_ENUM = words_of("footfall.api.schema:chase_systems")


def d20_speed(schema: dict[str, Any]) -> None:
    """State a pf1e / dnd35 speed in ft (`footfall.rates.check_d20_speed`): a positive
    multiple of the systems' square, at most the server's `Limits.d20_speed`.

    >>> schema = {}
    >>> d20_speed(schema)
    >>> schema
    {'minimum': 5, 'maximum': 100000, 'multipleOf': 5}
    """
    from footfall.limits import SERVER_LIMITS
    from footfall.rules import SYSTEM_IDS, Family, load_system

    systems = [load_system(system) for system in SYSTEM_IDS]
    step = math.lcm(*(int(s.square) for s in systems if s.family is Family.D20))
    schema.update({"minimum": step, "maximum": SERVER_LIMITS.d20_speed, "multipleOf": step})


def any_case(names: Iterable[str]) -> dict[str, Any]:
    """Return the schema's pattern of `names` in any case, with spaces around (how the library
    reads a facing); stated, not enforced: the library's line names the bad value.

    >>> print(any_case(["N", "NE"])["pattern"])
    ^\\s*(?:[Nn]|[Nn][Ee])\\s*$
    """
    spelled = ["".join(f"[{c.upper()}{c.lower()}]" for c in name) for name in names]
    return {"pattern": "^\\s*(?:" + "|".join(spelled) + ")\\s*$"}


def shipped_maps() -> list[str]:
    """Return the names of the overland maps shipped in `footfall.maps` (`route.sample_map`).

    >>> "valley" in shipped_maps()
    True
    """
    from importlib import resources

    return sorted(
        entry.name.rsplit(".", 1)[0]
        for entry in resources.files("footfall.maps").iterdir()
        if entry.name.endswith((".txt", ".json")) and entry.is_file()
    )


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


# ------------------------------------------------------------------------------ the document


def document(app: FastAPI) -> None:
    """Finish `app`'s OpenAPI document when it is first asked for: the scene's schema in
    ``components`` (referenced where a scene is taken) and each operation's refusals."""
    base: Callable[[], dict[str, Any]] = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            from footfall.api.refusals import add_refusals
            from footfall.api.scene_schema import scene_components

            schema = base()
            schema.setdefault("components", {}).setdefault("schemas", {}).update(scene_components())
            _place_scene(schema)
            add_refusals(schema)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _place_scene(node: Any) -> None:
    """Replace every scene mark in `node` by the reference to the scene's schema."""
    if isinstance(node, dict):
        if node.pop(_SCENE_MARK, None):
            node["$ref"] = _SCENE_REF
        for value in node.values():
            _place_scene(value)
    elif isinstance(node, list):
        for value in node:
            _place_scene(value)
