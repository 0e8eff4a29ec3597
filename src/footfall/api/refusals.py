"""The refusals of schema-valid requests: rules the OpenAPI schema cannot state.

JSON Schema states types, words, lengths, counts and bounds (`footfall.api.schema`); it
cannot state that a mover is a creature of the scene, that a creature stands on the map, that
a leg's text reads ``24 mi forest trackless``, or that a search fits its work limit. Such a
request is answered 400 (or 413 for a work limit) with one of the codes below, listed for its
operation in the OpenAPI document (``x-refusals`` of its 400 and 413 answers, and their
descriptions) and in docs/api.md ("Errors"). tests/api/test_schema.py lets schemathesis
accept these answers to schema-valid requests only when their ``code`` is listed here.

A code is listed alone (``error.scene.ragged``: any field), with the field it names
(``error.unknown@mover``: an unknown mover, not an unknown system, which the schema states), or
as a family (``error.maps.*``: any error of an imported file, whose format is another program's;
``error.travel.map-*``: any error of an overland map's text).
"""

from __future__ import annotations

from typing import Any

__all__ = ["REFUSALS", "add_refusals", "is_listed", "refusals_of"]

#: Rules of a scene the schema cannot state (`footfall.scene.document`, `.validation`).
SCENE = (
    "error.scene.ragged",
    "error.scene.unknown-char",
    "error.scene.off-the-map",
    "error.scene.in-wall",
    "error.scene.in-impassable",
    "error.scene.over-pit",
    "error.scene.overlap",
    "error.scene.overlap-sizes",
    "error.scene.duplicate-id",
    "error.scene.above-ceiling",
    "error.scene.alt-walker",
    "error.scene.wall-point",
    "error.scene.square-range",
    "error.scene.square-denominator",
    "error.scene.not-positive",
    "error.scene.not-number",
    "error.scene.too-many-squares",
    "error.scene.id-char",
    "error.scene.legend-key",
)

#: A scene's mover: one of its creatures, by id.
MOVER = ("error.unknown@mover",)

#: A flyer: a scene's creature, or a speed and a class in the open sky (not both).
FLYER = (
    "error.flight.open-sky-needs",
    "error.flight.open-sky-only",
    "error.flight.mover-required",
    "error.rules.unknown-switch",
)

#: A journey's legs as text (``24 mi forest trackless``) or objects (JOURNEY.md).
TRAVEL = (
    "error.travel.seed-range",
    "error.travel.file-party",
    "error.travel.leg-format",
    "error.travel.leg-terrain",
    "error.travel.file-leg-distance",
)

#: A chase's runners as text (``speed=30,dex=+2,con=+1``).
CHASE = (
    "error.travel.seed-range",
    "error.travel.chase-no-rules",
    "error.travel.chase-runner-format",
    "error.travel.chase-runner-speed",
)

#: Operation ("METHOD /path") -> status -> codes of its refusals.
REFUSALS: dict[str, dict[int, tuple[str, ...]]] = {
    "POST /api/scenes/validate": {400: SCENE},
    "POST /api/render": {400: (*SCENE, *MOVER, "error.unknown@action", "error.api.render-mover")},
    "POST /api/reach": {400: (*SCENE, *MOVER, "error.unknown@action")},
    "POST /api/reach/all": {400: (*SCENE, "error.unknown@action")},
    "POST /api/path": {400: (*SCENE, *MOVER, "error.unknown@action")},
    "POST /api/check": {400: (*SCENE, *MOVER, "error.unknown@action")},
    "POST /api/forced": {400: (*SCENE, "error.unknown@target")},
    "POST /api/import": {400: ("error.maps.*",)},
    "GET /api/rates/{system}": {400: ("error.rates.*",)},
    "GET /api/tables/{system}/{table}": {400: ("error.rules.unknown-table",)},
    "POST /api/flight/check": {400: (*SCENE, *MOVER, *FLYER, "error.flight.steps-or-path")},
    "POST /api/flight/path": {400: (*SCENE, *MOVER, *FLYER)},
    "POST /api/flight/reach": {400: (*SCENE, *MOVER, *FLYER)},
    "POST /api/travel": {400: TRAVEL},
    "POST /api/route": {
        400: (
            "error.api.route-map",
            "error.travel.map-*",
            "error.travel.heresy-options",
            "error.travel.one-way",
        )
    },
    "POST /api/chase": {400: CHASE},
    "POST /api/encounters": {400: (*SCENE, "error.turns.scene-or-sample")},
}


def refusals_of(schema: dict[str, Any], method: str, path: str, status: int) -> tuple[str, ...]:
    """Return the codes an operation of `schema` lists as refusals for `status`."""
    operation = schema["paths"].get(path, {}).get(method.lower(), {})
    answer = operation.get("responses", {}).get(str(status), {})
    return tuple(answer.get("x-refusals", ()))


def is_listed(listed: tuple[str, ...], code: str | None, field: str | None) -> bool:
    """Tell whether an answer's `code` (naming `field`) is one of the `listed` refusals.

    >>> is_listed(("error.unknown@mover", "error.maps.*"), "error.maps.uvtt-no-resolution", None)
    True
    >>> is_listed(("error.unknown@mover",), "error.unknown", "system")
    False
    """
    if code is None:
        return False
    if code in listed or f"{code}@{field}" in listed:
        return True
    return any(entry.endswith("*") and code.startswith(entry[:-1]) for entry in listed)


def add_refusals(schema: dict[str, Any]) -> None:
    """Write `REFUSALS` into the OpenAPI `schema`: ``x-refusals`` and the answer's text."""
    for label, statuses in REFUSALS.items():
        method, path = label.split(" ", 1)
        responses = schema["paths"][path][method.lower()].setdefault("responses", {})
        for status, codes in statuses.items():
            answer = responses.setdefault(str(status), {"description": ""})
            answer["x-refusals"] = list(codes)
            shown = ", ".join(codes)
            answer["description"] = (
                f"{answer.get('description', '')} Schema-valid requests refused for rules the "
                f"schema cannot state: {shown}."
            ).strip()
