"""The refusals of schema-valid requests: rules the OpenAPI schema cannot state.

JSON Schema states types, words, lengths, counts and bounds (`footfall.api.schema`); it
cannot state that a mover is a creature of the scene, that a creature stands on the map, that
a leg's text reads ``24 mi forest trackless``, or that a search fits its work limit. Such a
request is answered 400 (or 413 for a work limit) with one of the codes below, listed for its
operation in the OpenAPI document (``x-refusals`` of its 400 and 413 answers, and their
descriptions) and in docs/api.md ("Errors"). tests/api/test_schema.py lets schemathesis
accept these answers to schema-valid requests only when their ``code`` is listed here.

A code is listed alone (``error.scene.ragged``: any field), with the field it names
(``error.unknown@mover``: an unknown mover, not an unknown system, which the schema states;
``error.unknown@conditions`` names ``conditions[1]`` too, an item of the list), or
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

#: Interpretation switches: those of the scene's (or the flight) system, with their choices.
SWITCHES = ("error.rules.unknown-switch", "error.rules.unknown-choice")

#: A mover's state given beside a scene (`footfall.tactical.conditions.adjust_mover`) and what
#: its system's engine needs of it: a speed in the system's steps (5 ft; Draw Steel's squares;
#: none in dh2e, which moves by Agility Bonus), not with a base speed; the system's conditions.
MOVER_STATE = (
    "error.tactical.speed-and-base",
    "error.tactical.speed-agility",
    "error.tactical.speed-step",
    "error.unknown@conditions",
    "error.tactical.no-speed",
    "error.tactical.no-agility",
    "error.tactical.needs-distance",
    "error.tactical.cannot-fly",
)

#: A tactical query on a scene: its action, switches and engine's needs.
TACTICAL = (
    *SCENE,
    "error.unknown@action",
    *SWITCHES,
    "error.tactical.needs-distance",
    "error.tactical.cannot-fly",
    "error.tactical.no-speed",
    "error.tactical.no-agility",
)

#: A flyer: a scene's creature, or a speed and a class in the open sky (not both); one that
#: flies (``fly``), in a system with flight rules, under the scene's ceiling.
FLYER = (
    "error.flight.open-sky-needs",
    "error.flight.open-sky-only",
    "error.flight.mover-required",
    "error.flight.cannot-fly",
    "error.flight.no-rules",
    "error.flight.ceiling",
    *SWITCHES,
)

#: An altitude band around the start (``alt_range``), and a flight's end on the scene's map.
BAND = ("error.flight.alt-range-start", "error.flight.band-order")

#: A flight's text: steps (``f2 r90 d10``) or 3-D squares (``X,Y,ALT ...``), each a neighbour
#: of the one before (`footfall.flight.notation`).
FLIGHT_TEXT = (
    "error.flight.step-*",
    "error.flight.steps-empty",
    "error.flight.square-*",
    "error.flight.squares-empty",
    "error.flight.leaves-map",
)
#: Work: a flight's steps, a search's states or its ends over the server's limits (413).
FLIGHT_WORK = (
    "error.flight.path-too-long",
    "error.flight.step-too-many",
    "error.flight.squares-too-many",
    "error.flight.search-*",
    "error.api.flight-ends",
)

#: A journey's legs as text (``24 mi forest trackless``) or objects (JOURNEY.md).
LEGS = (
    "error.travel.leg-*",
    "error.unknown@legs",
    "error.travel.number-digits",
    "error.travel.not-a-number",
    "error.travel.file-leg-*",
    "error.travel.no-overland",
    "error.travel.land-leg-terrain",
    "error.travel.vessel-leg-*",
)

#: Who travels: exactly one of a speed, a mount or a vessel of the system's tables; the
#: options of its system (dh2e's Agility and Toughness Bonus, pf1e / dnd35's Constitution),
#: a party on foot of distinct names, a river's current for a vessel.
TRAVELLER = (
    "error.travel.one-way",
    "error.travel.heresy-*",
    "error.travel.d20-odds-options",
    "error.travel.water-options",
    "error.travel.party-*",
    "error.travel.member-*",
    "error.unknown@mount",
    "error.unknown@vessel",
    "error.travel.loaded-mount",
    "error.travel.no-loaded-row",
    "error.travel.route-vessel",
    "error.travel.not-river",
    "error.travel.upstream",
    "error.travel.no-drift",
    "error.travel.drift-downstream",
    "error.travel.local-*",
)

#: A journey's plan: its days and checks (hustle, forced march) as the system's rules allow.
TRAVEL = (
    "error.travel.seed-range",
    *LEGS,
    *TRAVELLER,
    *SWITCHES,
    "error.travel.hustle-day",
    "error.travel.vessel-pace",
    "error.travel.vessel-leg-hustle",
    "error.travel.odds-*",
    "error.travel.rate-zero",
    "error.travel.trip-hours",
    "error.travel.walk-hours",
    "error.travel.day-hours",
)

#: A chase's runners as text (``speed=30,dex=+2,con=+1``).
CHASE = (
    "error.travel.seed-range",
    "error.travel.chase-runner-*",
    "error.unknown@pursuer",
    "error.unknown@quarry",
    "error.travel.chase-speed-*",
    "error.travel.chase-modifier-range",
    "error.travel.chase-no-speed",
    "error.travel.chase-rerolls",
)

#: A scene's picture (``background``, base64) and the drawing's size: its pixels and format
#: show only once its header is read.
PICTURE = (
    "error.maps.render-*",
    "error.maps.picture-pixels",
    "error.maps.pixels-in-flight",
    "error.maps.uvtt-image-*",
)

#: Operation ("METHOD /path") -> status -> codes of its refusals.
REFUSALS: dict[str, dict[int, tuple[str, ...]]] = {
    "POST /api/scenes/validate": {400: SCENE},
    "POST /api/render": {
        400: (*TACTICAL, *MOVER, "error.api.render-mover", "error.tactical.off-map", *PICTURE),
        413: PICTURE,
    },
    "POST /api/reach": {400: (*TACTICAL, *MOVER, *MOVER_STATE)},
    "POST /api/reach/all": {400: TACTICAL},
    "POST /api/path": {
        400: (*TACTICAL, *MOVER, *MOVER_STATE, "error.tactical.off-map"),
        413: ("error.api.path-work",),
    },
    "POST /api/check": {
        400: (
            *TACTICAL,
            *MOVER,
            *MOVER_STATE,
            "error.tactical.path-off-map",
            "error.tactical.not-neighbour",
        ),
    },
    "POST /api/forced": {
        400: (
            *SCENE,
            "error.unknown@target",
            "error.unknown@source",
            *SWITCHES,
            "error.forced.*",
            "error.tactical.distance-*",
        ),
        413: ("error.forced.work",),
    },
    "POST /api/import": {
        400: ("error.maps.*",),
        413: ("error.maps.*", "error.api.scene-count", "error.api.map-*"),
    },
    "GET /api/rates/{system}": {400: ("error.rates.*",)},
    "GET /api/tables/{system}/{table}": {400: ("error.rules.unknown-table",)},
    "POST /api/flight/check": {
        400: (*SCENE, *MOVER, *FLYER, "error.flight.steps-or-path", *FLIGHT_TEXT),
        413: FLIGHT_WORK,
    },
    "POST /api/flight/path": {
        400: (*SCENE, *MOVER, *FLYER, *BAND, "error.flight.to-off-map"),
        413: FLIGHT_WORK,
    },
    "POST /api/flight/reach": {400: (*SCENE, *MOVER, *FLYER, *BAND), 413: FLIGHT_WORK},
    "POST /api/travel": {
        400: TRAVEL,
        413: ("error.travel.party-size", "error.api.leg-distance", "error.travel.odds-work"),
    },
    "POST /api/route": {
        400: (
            "error.api.route-map",
            "error.travel.map-*",
            "error.travel.heresy-options",
            "error.travel.heresy-speed",
            "error.travel.one-way",
            "error.travel.route-*",
            "error.unknown@mount",
            "error.travel.loaded-mount",
            "error.travel.no-loaded-row",
        ),
        413: ("error.travel.map-*", "error.api.map-*"),
    },
    "POST /api/chase": {400: CHASE},
    "POST /api/encounters": {
        400: (
            *SCENE,
            "error.turns.scene-or-sample",
            "error.turns.no-creatures",
            "error.turns.no-turn-rules",
            "error.turns.order-*",
        ),
        413: ("error.turns.title-size", "error.turns.order-size"),
    },
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
    >>> is_listed(("error.unknown@conditions",), "error.unknown", "conditions[1]")
    True
    """
    if code is None:
        return False
    named = None if field is None else field.split("[", 1)[0]  # an item: its list's field
    if code in listed or f"{code}@{field}" in listed or f"{code}@{named}" in listed:
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
