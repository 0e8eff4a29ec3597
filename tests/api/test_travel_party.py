"""``/api/travel`` with a party: each member's answer is the CLI's ``--member`` JSON."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from helpers.api import error_line
from helpers.cli import cli_json


def _cli_json(args: list[str]) -> Any:
    """Run ``footfall travel ... --json`` and return its JSON."""
    return cli_json("travel", *args)


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
    assert says in error_line(client.post("/api/travel", json=body), status)
