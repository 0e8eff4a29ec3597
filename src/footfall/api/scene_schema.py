"""The JSON Schema of a SCENE.md scene, built from what the scene reader reads it against.

The reader (`footfall.scene.document`) checks a scene's keys against its key tuples, its words
against each system's `footfall.scene.vocabulary.Vocabulary` and the scene's enums, its
numbers against `footfall.limits.Limits`, its ids with `footfall.scene.identifiers`. This
module reads the same tuples, vocabularies, enums and limits and writes them as JSON Schema:
one branch per system (``anyOf``, told apart by ``system``), so that a system's sizes,
conditions, terrains, speed step and Agility Bonus are stated. Nothing is written twice: a new
key, word or limit in the reader reaches the schema.

What JSON Schema cannot state is left to the reader, and listed with the operations' refusals
(`footfall.api.schema.REFUSALS`, docs/api.md "Errors"): rows of equal length made of legend
characters, creatures on the map, on open squares, apart, under the ceiling, with distinct
ids; an altitude only for a flyer; a wall of two distinct ends; a square's denominator.

>>> schema = scene_schema()
>>> [branch["properties"]["system"]["const"] for branch in schema["anyOf"]]
['pf1e', 'dnd35', 'dh2e', 'drawsteel']
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Any

from footfall.limits import SERVER_LIMITS, Limits
from footfall.rules import SYSTEM_IDS, Armor, Load
from footfall.scene import document, values
from footfall.scene.model import FORMAT_VERSION, Door, Flag
from footfall.scene.vocabulary import Vocabulary, vocabulary
from footfall.units import FT_PER_SQUARE

__all__ = [
    "EXTENSION",
    "IDENTIFIER_REF",
    "identifier_schema",
    "printable_pattern",
    "scene_components",
    "scene_schema",
]

#: Keys every object of a scene may add: SCENE.md's ``x-`` extensions, kept and ignored.
EXTENSION = "^x-"

JSON = dict[str, Any]

#: Where an id's schema is (`scene_components`): written once, referenced by every id.
IDENTIFIER_REF = "#/components/schemas/Identifier"
_LEGEND_KEY_REF = "#/components/schemas/LegendKey"


#: The Unicode categories the schema's text pattern leaves out: controls and line breaks.
#: `str.isprintable` (the reader's rule) refuses more (format, private-use, unassigned and
#: non-space separator characters): an id with one of those is schema-valid but refused
#: (``error.scene.id-char``, a listed refusal). A pattern of every non-printable character
#: (about 700 ranges) is exact, but generating text for it took 3 s a string.
_LEFT_OUT = ("Cc", "Zl", "Zp")


@cache
def printable_pattern(single: bool = False) -> str:
    """Return a regular expression of text with no control character or line break.

    Built from the Unicode database (`_LEFT_OUT`); every such character is also refused by
    `str.isprintable`, the reader's rule. `single`: one such character that is not a space
    either (a legend key).

    >>> import re
    >>> text = re.compile(printable_pattern())
    >>> bool(text.fullmatch("ogre 2")), bool(text.fullmatch("a\\nb"))
    (True, False)
    """
    left_out = _LEFT_OUT + (("Zs",) if single else ())
    ranges: list[tuple[int, int]] = []
    for code in range(0x10000):  # every character of these categories is in the BMP
        char = chr(code)
        if unicodedata.category(char) in left_out or (single and char.isspace()):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    parts = "".join(_escape(a) if a == b else f"{_escape(a)}-{_escape(b)}" for a, b in ranges)
    return f"^[^{parts}]$" if single else f"^[^{parts}]*$"


def _escape(code: int) -> str:
    return f"\\u{code:04x}"


def identifier_schema(limits: Limits = SERVER_LIMITS) -> JSON:
    """Return the schema of an id or a side (`footfall.scene.identifiers.identifier`)."""
    return {
        "type": "string",
        "minLength": 1,
        "maxLength": limits.id_chars,
        "pattern": printable_pattern(),
    }


def _obj(properties: JSON, required: tuple[str, ...] = ()) -> JSON:
    """An object of `properties` and ``x-`` keys only (`footfall.scene.values.mapping`)."""
    out: JSON = {
        "type": "object",
        "properties": properties,
        "patternProperties": {EXTENSION: {}},
        "additionalProperties": False,
    }
    if required:
        out["required"] = list(required)
    return out


def _keys(known: tuple[str, ...], properties: JSON) -> JSON:
    """Keep `properties` in the reader's key order, checking it names exactly `known`."""
    assert set(properties) <= set(known), set(properties) - set(known)
    return {key: properties[key] for key in known if key in properties}


def _number(limits: Limits, low: float | None = None, high: float | None = None) -> JSON:
    """A number as `values.number` reads it: a JSON number or a fraction's text (``"5/2"``)."""
    plain: JSON = {"type": "number"}
    if low is not None:
        plain["minimum"] = low
    if high is not None:
        plain["maximum"] = high
    text = {
        "type": "string",
        "pattern": values._FRACTION_TEXT.pattern,
        "maxLength": limits.digits,
    }
    if low is None and high is None:
        return {"anyOf": [plain, text]}
    return plain  # a bounded number: the text form's value cannot be bounded in JSON Schema


def _integer(low: int | None, high: int | None, step: int = 1) -> JSON:
    out: JSON = {"type": "integer"}
    if low is not None:
        out["minimum"] = low
    if high is not None:
        out["maximum"] = high
    if step != 1:
        out["multipleOf"] = step
    return out


def _legend(words: Vocabulary, limits: Limits) -> JSON:
    flags: JSON = {"type": "array", "items": {"enum": [flag.value for flag in Flag]}}
    entry: JSON = {
        "flags": flags,
        "width_ft": {"type": "number", "exclusiveMinimum": 0},
        "height_ft": {"type": "number", "exclusiveMinimum": 0},
        "impassable": {"type": "boolean"},
    }
    if words.terrains:
        entry["terrain"] = {"enum": list(words.terrains)}
    return {
        "type": "object",
        "propertyNames": {"$ref": _LEGEND_KEY_REF},
        "additionalProperties": {"anyOf": [flags, _obj(_keys(document._LEGEND_KEYS, entry))]},
    }


def _creature(words: Vocabulary, limits: Limits) -> JSON:
    step = words.speed_step if isinstance(words.speed_step, int) else 1
    speed = _integer(0, limits.speed, step)
    sizes: list[Any] = list(words.sizes)
    sizes += [int(size) for size in words.sizes if size.isdigit()]  # Draw Steel's 2..5
    side = limits.map_side
    props: JSON = {
        "id": {"$ref": IDENTIFIER_REF},
        "at": {
            "type": "array",
            "prefixItems": [_integer(0, side - 1), _integer(0, side - 1)],
            "items": False,
            "minItems": 2,
            "maxItems": 2,
        },
        "size": {"enum": sizes},
        "side": {"$ref": IDENTIFIER_REF},
        "armor": {"enum": [armor.value for armor in Armor]},
        "load": {"enum": [load.value for load in Load]},
        "helpless": {"type": "boolean"},
        "fly": _obj(
            _keys(
                document._FLY_KEYS,
                {"speed": speed, "maneuverability": {"enum": list(words.maneuverabilities)}},
            ),
            ("speed",),
        ),
        "alt": _integer(0, limits.height_ft, FT_PER_SQUARE),
        "conditions": {"type": "array", "items": {"enum": list(words.conditions)}},
    }
    if words.agility_bonus:
        props["agility_bonus"] = _integer(0, limits.speed)
        props["toughness_bonus"] = _integer(0, limits.speed)
    else:
        props["speed"] = speed
        props["base_speed"] = speed
    return _obj(_keys(document._CREATURE_KEYS, props), document._REQUIRED)


def _system(system: str, limits: Limits) -> JSON:
    """The schema of one system's scene."""
    words = vocabulary(system)
    side = limits.map_side
    point = {
        "type": "array",
        "prefixItems": [_number(limits, 0, side), _number(limits, 0, side)],
        "items": False,
        "minItems": 2,
        "maxItems": 2,
    }
    wall = _obj(
        _keys(document._WALL_KEYS, {"from": point, "to": point, "door": {"enum": list(Door)}}),
        ("from", "to"),
    )
    props: JSON = {
        "footfall": {"const": FORMAT_VERSION},
        "system": {"const": system},
        "map": {
            "type": "array",
            "minItems": 1,
            "maxItems": side,
            "items": {"type": "string", "minLength": 1, "maxLength": side},
        },
        "legend": _legend(words, limits),
        "walls": {"type": "array", "maxItems": limits.walls, "items": wall},
        "creatures": {
            "type": "array",
            "maxItems": limits.creatures,
            "items": _creature(words, limits),
        },
        "square": _number(limits, float(limits.min_square), limits.max_square),
        "ceiling_ft": _integer(0, limits.height_ft, FT_PER_SQUARE),
        "background": {"type": "string", "minLength": 1},
    }
    return _obj(_keys(document._TOP_KEYS, props), ("footfall", "system", "map"))


def scene_components(limits: Limits = SERVER_LIMITS) -> JSON:
    """Return the OpenAPI components of a scene: ``Scene``, ``Identifier``, ``LegendKey``."""
    return {
        "Scene": scene_schema(limits),
        "Identifier": {
            "description": "An id or a side: printable text (docs/scenes.md, 'Identifiers').",
            **identifier_schema(limits),
        },
        "LegendKey": {
            "description": "A legend's character: one printable character, not a space.",
            "type": "string",
            "pattern": printable_pattern(single=True),
        },
    }


@cache
def scene_schema(limits: Limits = SERVER_LIMITS) -> JSON:
    """Return the JSON Schema of a scene the server takes (`limits`: the server's bounds)."""
    return {
        "title": "Scene",
        "description": (
            "A scene in SCENE.md's JSON format (docs/scenes.md). Rules JSON Schema cannot "
            "state (equal rows of legend characters, creatures on open squares of the map, "
            "apart, distinct ids) are answered 400 with the reader's line (docs/api.md)."
        ),
        "anyOf": [_system(system, limits) for system in SYSTEM_IDS],
    }
