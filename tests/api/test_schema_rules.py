"""The rules the long schemathesis run found the schema silent on, or the server wrong about
(issue 10, item 5): each stated in the schema from the library's own source, or fixed."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from footfall.api import create_app
from footfall.api.schema import chase_systems, conditions, travel_systems
from footfall.limits import SERVER_LIMITS
from footfall.rules import SYSTEM_IDS, load_system
from footfall.scene.vocabulary import vocabulary
from footfall.travel.party import TOUGHNESS
from footfall.units import FT_PER_SQUARE

SCHEMAS: dict[str, Any] = create_app().openapi()["components"]["schemas"]
SCENE = {
    "footfall": 1,
    "system": "pf1e",
    "map": ["..."],
    "creatures": [{"id": "a", "at": [0, 0], "size": "medium", "side": "pc", "speed": 30}],
}


def _props(model: str) -> dict[str, Any]:
    properties: dict[str, Any] = SCHEMAS[model]["properties"]
    return properties


def test_flight_altitudes_are_stated_in_five_foot_steps(client: TestClient) -> None:
    """A flight's start and end altitude are multiples of the 5-ft square in the schema, and
    the server refuses another with its one line (error.flight.alt-step), not a 422."""
    assert _props("FlightPathQuery")["alt"]["multipleOf"] == FT_PER_SQUARE
    to = _props("FlightPathQuery")["to"]["prefixItems"][2]
    assert (to["multipleOf"], to["maximum"]) == (FT_PER_SQUARE, SERVER_LIMITS.fall_alt_ft)
    body = {"speed": 60, "maneuverability": "good", "alt": 7, "to": [1, 0, 5]}
    answer = client.post("/api/flight/path", json=body)
    assert answer.status_code == 400
    assert (answer.json()["code"], answer.json()["field"]) == ("error.flight.alt-step", "alt")


def test_journey_systems_are_those_with_their_rules() -> None:
    """/api/travel and /api/route state the systems with overland rules; /api/chase those
    with chase rules (Draw Steel has neither: seed 003)."""
    assert travel_systems() == ["pf1e", "dnd35", "dh2e"]
    assert _props("TravelQuery")["system"]["enum"] == travel_systems()
    assert _props("RouteQuery")["system"]["enum"] == travel_systems()
    assert _props("ChaseQuery")["system"]["enum"] == chase_systems() == ["pf1e", "dnd35"]


def test_speeds_and_toughness_are_stated_from_the_library() -> None:
    """A journey's speeds are the d20 systems' 5-ft steps up to `Limits.d20_speed`, a
    Toughness 0-100 (`footfall.travel.party.TOUGHNESS`), a party 1 to `Limits.party`."""
    squares = {int(load_system(s).square) for s in ("pf1e", "dnd35")}
    assert squares == {FT_PER_SQUARE}
    for model in ("TravelQuery", "RouteQuery", "PartyMember"):
        speed = _props(model)["speed"]
        assert (speed["minimum"], speed["multipleOf"]) == (FT_PER_SQUARE, FT_PER_SQUARE)
        assert speed["maximum"] == SERVER_LIMITS.d20_speed
    tough = _props("TravelQuery")["toughness"]
    assert (tough["minimum"], tough["maximum"]) == TOUGHNESS
    party = _props("TravelQuery")["party"]
    assert (party["minItems"], party["maxItems"]) == (1, SERVER_LIMITS.party)


def test_a_movers_conditions_are_some_systems() -> None:
    """A tactical mover's conditions are stated as the words of every system's conditions."""
    every = {word for s in SYSTEM_IDS for word in vocabulary(s).conditions}
    assert set(conditions()) == every
    assert _props("TacticalQuery")["conditions"]["items"]["enum"] == conditions()


def test_an_unknown_mover_or_target_names_its_field(client: TestClient) -> None:
    """An id that is no creature of the scene is refused naming the field it came in (was no
    field: the refusal could not be told from an unknown system)."""
    for body in ({"mover": "zz"}, {"mover": "zz", "conditions": ["prone"]}):
        answer = client.post("/api/reach", json={"scene": SCENE, **body}).json()
        assert (answer["code"], answer["field"]) == ("error.unknown", "mover")
    steel = {
        **SCENE,
        "system": "drawsteel",
        "creatures": [{**SCENE["creatures"][0], "size": "1M", "speed": 5}],
    }  # type: ignore[dict-item]
    body = {"scene": steel, "target": "zz", "kind": "push", "distance": 1}
    answer = client.post("/api/forced", json=body).json()
    assert (answer["code"], answer["field"]) == ("error.unknown", "target")


def test_a_journeys_unit_is_mi_or_km(client: TestClient) -> None:
    """``unit`` is refused when it is neither mi nor km, even when every leg names its own
    (was accepted and ignored); the schema states the two."""
    assert _props("TravelQuery")["unit"]["enum"] == ["mi", "km", None]
    body = {"legs": ["24 mi plains trackless"], "speed": 30}
    assert client.post("/api/travel", json={**body, "unit": "mi"}).status_code == 200
    answer = client.post("/api/travel", json={**body, "unit": "miles"})
    assert answer.status_code == 400
    assert (answer.json()["code"], answer.json()["field"]) == ("error.unknown", "unit")
