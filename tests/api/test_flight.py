"""``/api/flight/*`` under the default limits: 80-ft flyers answer; the CLI's options.

The griffon of docs/flight.md flies 80 ft with average maneuverability; the dnd35 sample's
giant eagle is one (fly 80 ft, average, 20 ft up: seed 004's maneuverability table, RULES.md
1.8). Answers are compared with ``footfall fly ... --json`` in the same process.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footfall.api import Limits, sample_scenes
from helpers.api import error_line
from helpers.cli import cli_json, invoke

SAMPLE = "dnd35-canyon-squeeze"


def test_default_flight_work_admits_the_80_ft_griffon() -> None:
    """The sample's giant eagle (80 ft, average, aloft) needs fewer states than the limit."""
    from footfall.api import FlightReachQuery, _flight_setup
    from footfall.flight.reach import reach
    from footfall.scene import parse_scene

    body = FlightReachQuery(scene=sample_scenes()[SAMPLE], mover="giant-eagle")
    system, flyer, air, start, _, budget = _flight_setup(body, parse_scene)
    assert (flyer.speed, flyer.maneuverability.value, start.alt) == (80, "average", 20)
    found = reach(flyer, start, system=system, budget_ft=budget, space=air)
    assert 0 < found.work <= Limits.server().flight_work
    assert len(found.entries) <= Limits.server().flight_ends


def test_griffon_reach_equals_the_cli(client: TestClient) -> None:
    """Default limits: the 80-ft griffon's reach answers, the same as ``footfall fly reach``."""
    scene = client.get(f"/api/scenes/{SAMPLE}").json()
    response = client.post("/api/flight/reach", json={"scene": scene, "mover": "giant-eagle"})
    assert response.status_code == 200, response.text
    assert response.json() == cli_json("fly", "reach", SAMPLE, "--mover", "giant-eagle")


def test_a_double_move_griffon_answers_as_the_cli(client: TestClient) -> None:
    """160 ft of the griffon among the canyon's walls (402,416 states) is within the limit."""
    scene = client.get(f"/api/scenes/{SAMPLE}").json()
    body = {"scene": scene, "mover": "giant-eagle", "action": "double-move"}
    response = client.post("/api/flight/reach", json=body)
    assert response.status_code == 200, response.text
    cli = cli_json("fly", "reach", SAMPLE, "--mover", "giant-eagle", "--action", "double-move")
    assert response.json() == cli


def test_every_80_ft_class_from_30_ft_up_is_within_the_work_limit() -> None:
    """Every 80-ft search from 30 ft up fits the limit: the dearest is a poor flyer's (346,172
    states); an average one's 302,494 (511,833 before labels shed what the budget left cannot
    use, 1,002,558 before the mirror search)."""
    from footfall.api import FlightReachQuery, _flight_setup
    from footfall.flight.reach import reach
    from footfall.scene import parse_scene

    works = {}
    for cls in ("perfect", "good", "average", "poor", "clumsy"):
        body = FlightReachQuery(speed=80, maneuverability=cls, alt=30)
        system, flyer, air, start, _, budget = _flight_setup(body, parse_scene)
        found = reach(flyer, start, system=system, budget_ft=budget, space=air)
        works[cls] = found.work
    assert works["average"] == 302_494
    assert works["poor"] == 346_172 == max(works.values())
    assert max(works.values()) <= Limits.server().flight_work


def test_a_120_ft_flyer_is_over_the_work_limit(client: TestClient) -> None:
    """120 ft of an average flyer 30 ft up (80 ft from 100 ft up now fits: 1,026,121 states):
    413 naming the limit."""
    body = {"speed": 120, "maneuverability": "average", "alt": 30}
    response = client.post("/api/flight/reach", json=body)
    assert response.status_code == 413
    assert response.json()["error"].startswith(
        f"this flight search needs more than {Limits.server().flight_work} states"
    )


@pytest.mark.parametrize(("to", "found"), [("0,-6,10", True), ("0,-9,50", False), ("3,-2,0", True)])
def test_path_past_the_quick_search_is_the_cli_answer(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, to: str, found: bool
) -> None:
    """Past the quick path search the reach settles a miss, the search finds a hit: as the CLI."""
    import footfall.api.flight

    monkeypatch.setattr(footfall.api.flight, "QUICK_PATH_WORK", 1)
    x, y, alt = (int(v) for v in to.split(","))
    body = {"speed": 40, "maneuverability": "good", "to": [x, y, alt]}
    api = client.post("/api/flight/path", json=body).json()
    cli = cli_json("fly", "path", "--speed", "40", "--maneuverability", "good", "--to", to)
    assert api == cli and api["found"] is found


def test_an_80_ft_miss_is_answered_not_refused(client: TestClient) -> None:
    """A miss of an 80-ft average flyer 30 ft up (a full search's 1.1M states in Python) is
    settled by the compiled reach: found false, with the reason."""
    body = {"speed": 80, "maneuverability": "average", "alt": 30, "to": [0, -20, 30]}
    response = client.post("/api/flight/path", json=body)
    assert response.status_code == 200, response.text
    assert response.json()["found"] is False
    assert response.json()["reason"] == "no legal flight ends there within 80 ft"


def test_alt_range_and_switches_as_the_cli(client: TestClient) -> None:
    """``alt_range`` and ``interpretations`` are the CLI's --alt-range and --switch."""
    body = {
        "speed": 40,
        "maneuverability": "average",
        "alt": 20,
        "alt_range": [10, 30],
        "interpretations": {"flight_turn_credit": "bank"},
    }
    api = client.post("/api/flight/reach", json=body).json()
    cli = cli_json(
        "fly", "reach", "--speed", "40", "--maneuverability", "average", "--alt", "20",
        "--alt-range", "10-30", "--switch", "flight_turn_credit=bank",
    )  # fmt: skip
    assert api == cli
    assert {s["alt"] for s in api["squares"]} <= {10, 15, 20, 25, 30}
    assert api["switches"]["flight_turn_credit"] == "bank"
    wide = client.post("/api/flight/reach", json={**body, "alt_range": None}).json()
    assert len(wide["squares"]) > len(api["squares"])


def test_path_within_an_alt_range(client: TestClient) -> None:
    """``fly path`` keeps to the band too: the same steps as the CLI's."""
    body = {"speed": 60, "maneuverability": "average", "alt": 20, "to": [0, -6, 20]}
    banded = {**body, "alt_range": [20, 20]}
    api = client.post("/api/flight/path", json=banded).json()
    cli = cli_json(
        "fly", "path", "--speed", "60", "--maneuverability", "average", "--alt", "20",
        "--to", "0,-6,20", "--alt-range", "20-20",
    )  # fmt: skip
    assert api == cli and api["found"] is True


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            {"alt_range": [30, 40]},
            "'alt_range' [30, 40] must be [low, high] ft around the start's 20 ft",
        ),
        (
            {"interpretations": {"flight_turn_credit": "maybe"}},
            "unknown flight_turn_credit choice 'maybe' (known: reset, bank)",
        ),
    ],
)
def test_bad_alt_range_or_switch_is_400(
    client: TestClient, extra: dict[str, Any], message: str
) -> None:
    """A band not around the start, an unknown switch choice: 400, one line."""
    body = {"speed": 60, "maneuverability": "average", "alt": 20, **extra}
    response = client.post("/api/flight/reach", json=body)
    assert response.status_code == 400, response.text
    assert message in response.json()["error"]


def test_flight_path_not_found_is_the_cli_answer(client: TestClient) -> None:
    """A flight that cannot end there answers the CLI's JSON, its switches included."""
    body = {"speed": 20, "maneuverability": "perfect", "to": [9, 0, 0]}
    answer = client.post("/api/flight/path", json=body)
    assert answer.status_code == 200, answer.text
    done = invoke(
        ["fly", "path", "--speed", "20", "--maneuverability", "perfect", "--to", "9,0,0", "--json"],
    )
    assert done.exit_code == 0, done.output
    assert answer.json() == json.loads(done.stdout)
    assert answer.json()["found"] is False and "switches" in answer.json()


def test_flight_path_to_off_the_scene_map_is_refused(client: TestClient) -> None:
    """An end off a scene's map is one line naming it, as ``fly path --to`` refuses it."""
    scene = client.get("/api/scenes/dnd35-canyon-squeeze").json()
    body = {"scene": scene, "mover": "giant-eagle", "to": [999, 0, 20]}
    width, height = len(scene["map"][0]), len(scene["map"])
    assert error_line(client.post("/api/flight/path", json=body), 400) == (
        f"'to' [999, 0] is off the map ({width}x{height} squares)"
    )


@pytest.mark.parametrize("alt", [0, 5, 100_000])
def test_flight_path_to_altitudes_in_bounds_are_searched(client: TestClient, alt: int) -> None:
    """Altitudes 0, 5 and 100000 ft (MAX_FALL_ALT) are searched: 200, found or not."""
    body = {"speed": 20, "maneuverability": "perfect", "to": [0, -1, alt]}
    answer = client.post("/api/flight/path", json=body)
    assert answer.status_code == 200, answer.text
    assert answer.json()["found"] is (alt <= 5)
