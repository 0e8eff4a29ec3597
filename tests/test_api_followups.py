"""HTTP API follow-ups: imports read the editor from the file name, travel takes a party."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from footfall.api import create_app
from footfall.cli import app as cli_app


@pytest.fixture(scope="module")
def client() -> TestClient:
    """A client on a default app; server errors come back as responses, not exceptions."""
    return TestClient(create_app(), raise_server_exceptions=False)


def _error(response: Any, status: int) -> str:
    """Assert `response` is a one-line JSON error of `status`, and return the line."""
    assert response.status_code == status, response.text
    body = response.json()
    assert next(iter(body)) == "error" and set(body) <= {"error", "code", "field"}, body
    message: str = body["error"]
    assert message and "\n" not in message
    return message


def _window_map() -> dict[str, Any]:
    """Build a 3x2 Universal VTT map whose one portal, on grid line x = 1, has closed: false."""
    return {
        "format": 0.3,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": 3, "y": 2},
            "pixels_per_grid": 50,
        },
        "line_of_sight": [],
        "portals": [
            {
                "position": {"x": 1, "y": 1},
                "bounds": [{"x": 1, "y": 0}, {"x": 1, "y": 2}],
                "rotation": 0,
                "closed": False,
                "freestanding": False,
            }
        ],
    }


# ---------------------------------------------------------------------------- import


@pytest.mark.parametrize(
    ("name", "door"),
    [("keep.dd2vtt", "closed"), ("keep.uvtt", "open"), ("keep.df2vtt", "open"), (None, "open")],
)
def test_import_reads_closed_false_by_the_file_name(
    client: TestClient, name: str | None, door: str
) -> None:
    """A Dungeondraft portal's closed: false (a window) is a closed door; other editors': open."""
    body: dict[str, Any] = {"data": _window_map(), "system": "pf1e"}
    if name is not None:
        body["name"] = name
    response = client.post("/api/import", json=body)
    assert response.status_code == 200, response.text
    walls = response.json()["scene"]["walls"]
    assert walls == [{"from": [1, 0], "to": [1, 2], "door": door}]


def test_import_matches_the_cli_for_a_dd2vtt(client: TestClient, tmp_path: Any) -> None:
    """The API's scene of a .dd2vtt is the one ``footfall import`` writes (walls and doors)."""
    path = tmp_path / "keep.dd2vtt"
    path.write_text(json.dumps(_window_map()), encoding="utf-8")
    out = tmp_path / "keep.json"
    done = CliRunner().invoke(cli_app, ["import", str(path), "--system", "pf1e", "-o", str(out)])
    assert done.exit_code == 0, done.output
    written = json.loads(out.read_text(encoding="utf-8"))
    body = {"data": _window_map(), "system": "pf1e", "name": "keep.dd2vtt"}
    scene = client.post("/api/import", json=body).json()["scene"]
    assert scene["walls"] == written["walls"] == [{"from": [1, 0], "to": [1, 2], "door": "closed"}]


# ---------------------------------------------------------------------------- travel party


def _cli_json(args: list[str]) -> Any:
    """Run ``footfall travel ... --json`` and return its JSON."""
    done = CliRunner().invoke(cli_app, ["travel", *args, "--json"])
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


def test_travel_party_is_the_cli_members_answer(client: TestClient) -> None:
    """A pf1e party with forced march answers the JSON of ``footfall travel --member`` exactly."""
    party = [
        {"name": "Valeros", "con_mod": 2},
        {"name": "Seoni", "con_mod": -1, "speed": 30},
        {"name": "Merisiel", "speed": 20},
    ]
    body = {
        "system": "pf1e",
        "speed": 30,
        "legs": ["40 mi plains road"],
        "forced_march": 2,
        "party": party,
    }
    answer = client.post("/api/travel", json=body)
    assert answer.status_code == 200, answer.text
    cli = _cli_json(
        [
            "pf1e",
            "--speed",
            "30",
            "--leg",
            "40 mi plains road",
            "--forced-march",
            "2",
            "--member",
            "name=Valeros,con=+2",
            "--member",
            "name=Seoni,con=-1,speed=30",
            "--member",
            "name=Merisiel,speed=20",
        ]
    )
    assert answer.json() == cli
    # Merisiel's 20 ft sets the pace: 2 mi/h on a road (seed 000 «Перемещение по местности»).
    assert answer.json()["legs"][0]["per_hour"] == 2
    # Forced-march hour 9 is a DC 12 Con check (seed 000 «Марш-бросок», RULES.md 1.6): +2
    # fails on 1-9 (45%), -1 on 1-12 (60%), +0 on 1-11 (55%); anyone: 1 - .55 x .4 x .45.
    hour9 = answer.json()["forced_march"][0]
    assert (hour9["hour"], hour9["dc"], hour9["p_fail"]) == (9, 12, 0.901)
    assert [(m["name"], m["p_fail"]) for m in hour9["members"]] == [
        ("Valeros", 0.45),
        ("Seoni", 0.6),
        ("Merisiel", 0.55),
    ]


def test_travel_dh2e_party_is_the_cli_members_answer(client: TestClient) -> None:
    """A dh2e party hustling (Toughness per member) answers the CLI's ``--member`` JSON."""
    body = {
        "system": "dh2e",
        "agility_bonus": 3,
        "legs": ["30 km"],
        "hustle": 4,
        "party": [
            {"name": "Kell", "toughness": 42},
            {"name": "Vex", "toughness": 35, "toughness_bonus": 4, "agility_bonus": 4},
        ],
    }
    answer = client.post("/api/travel", json=body)
    assert answer.status_code == 200, answer.text
    cli = _cli_json(
        [
            "dh2e",
            "--agility-bonus",
            "3",
            "--leg",
            "30 km",
            "--hustle",
            "4",
            "--member",
            "name=Kell,toughness=42",
            "--member",
            "name=Vex,toughness=35,tb=4,ab=4",
        ]
    )
    assert answer.json() == cli


@pytest.mark.parametrize(
    ("extra", "status", "says"),
    [
        ({"con_mod": 1}, 400, "give each member's Constitution in the party, not 'con_mod' 1"),
        ({"mount": "light horse", "speed": None}, 400, "party members march on foot"),
        (
            {"party": [{"name": "A"}, {"name": "A"}]},
            400,
            "party member name 'A' is given twice",
        ),
        (
            {"party": [{"name": f"m{i}"} for i in range(21)]},
            413,
            "a party of 21 members: more than 20",
        ),
        ({"party": [{"name": "A", "con_mod": 31}]}, 400, "con"),
        ({"party": []}, 400, "party must be a non-empty list"),
        ({"party": [{"con_mod": 1}]}, 422, "party.0.name"),
        ({"party": [{"name": "A", "con_mod": "+1"}]}, 422, "party.0.con_mod"),
        ({"party": [{"name": "A", "dex": 1}]}, 422, "party.0.dex"),
    ],
)
def test_travel_party_errors(
    client: TestClient, extra: dict[str, Any], status: int, says: str
) -> None:
    """A party beside --con-mod, on a mount, with repeated names or over 20 is one line."""
    body: dict[str, Any] = {
        "system": "pf1e",
        "speed": 30,
        "legs": ["40 mi plains road"],
        "forced_march": 1,
        "party": [{"name": "Valeros", "con_mod": 2}],
        **extra,
    }
    assert says in _error(client.post("/api/travel", json=body), status)


# ---------------------------------------------------------------------------- flight path 'to'


def test_flight_path_not_found_is_the_cli_answer(client: TestClient) -> None:
    """A flight that cannot end there answers the CLI's JSON, its switches included."""
    body = {"speed": 20, "maneuverability": "perfect", "to": [9, 0, 0]}
    answer = client.post("/api/flight/path", json=body)
    assert answer.status_code == 200, answer.text
    done = CliRunner().invoke(
        cli_app,
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
    assert _error(client.post("/api/flight/path", json=body), 400) == (
        f"'to' [999, 0] is off the map ({width}x{height} squares)"
    )


@pytest.mark.parametrize("alt", [0, 5, 100_000])
def test_flight_path_to_altitudes_in_bounds_are_searched(client: TestClient, alt: int) -> None:
    """Altitudes 0, 5 and 100000 ft (MAX_FALL_ALT) are searched: 200, found or not."""
    body = {"speed": 20, "maneuverability": "perfect", "to": [0, -1, alt]}
    answer = client.post("/api/flight/path", json=body)
    assert answer.status_code == 200, answer.text
    assert answer.json()["found"] is (alt <= 5)
