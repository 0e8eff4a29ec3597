"""HTTP API: every endpoint's JSON, limits, and errors as one-line JSON 4xx (never a traceback)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footfall import __version__
from footfall.api import Limits, create_app
from helpers.api import error_line
from helpers.cli import cli_json

# ---------------------------------------------------------------------------- general


def test_health(client: TestClient) -> None:
    """/api/health says the server is up and gives footfall's version."""
    assert client.get("/api/health").json() == {"ok": True, "version": __version__}


def test_limits_are_published(client: TestClient) -> None:
    """/api/limits lists the request limits: 2 MB bodies and 500x500 maps by default."""
    body = client.get("/api/limits").json()
    assert body["body_bytes"] == 2_000_000
    assert body["map_side"] == 500


def test_openapi_and_docs(client: TestClient) -> None:
    """The OpenAPI schema lists every endpoint and /docs serves the interactive docs."""
    schema = client.get("/openapi.json").json()
    for path in (
        "/api/health",
        "/api/meta",
        "/api/scenes",
        "/api/scenes/{name}",
        "/api/scenes/validate",
        "/api/reach",
        "/api/path",
        "/api/check",
        "/api/chase",
        "/api/import",
        "/api/render",
        "/api/flight/check",
        "/api/flight/path",
        "/api/flight/reach",
        "/api/flight/stall",
        "/api/travel",
        "/api/route",
        "/api/rates/{system}",
        "/api/tables/{system}",
        "/api/tables/{system}/{table}",
        "/api/limits",
    ):
        assert path in schema["paths"], path
    docs = client.get("/docs")
    assert docs.status_code == 200 and "swagger" in docs.text.lower()


def test_page_is_served_offline(client: TestClient) -> None:
    """/ serves the page, its scripts and style from the package, with no CDN reference."""
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for asset in ("app.js", "i18n.js", "style.css"):
        assert f'"{asset}"' in page.text
        response = client.get(f"/{asset}")
        assert response.status_code == 200, asset
        # The only absolute URL allowed is the SVG namespace name, which is never fetched.
        urls = set(re.findall(r"https?://[^\s\"')]+", response.text))
        assert urls <= {"http://www.w3.org/2000/svg"}, (asset, urls)
    assert not re.findall(r"https?://", page.text)


def test_unknown_route_is_json_404(client: TestClient) -> None:
    """An unknown URL answers a JSON 404, like every other error."""
    assert error_line(client.get("/api/nope"), 404) == "Not Found"


def test_meta_describes_systems(client: TestClient) -> None:
    """/api/meta lists the four systems with their actions, sizes and switches, and the legend."""
    body = client.get("/api/meta").json()
    ids = [s["id"] for s in body["systems"]]
    assert ids == ["pf1e", "dnd35", "dh2e", "drawsteel"]
    pf = body["systems"][0]
    assert pf["unit"] == "ft" and pf["square"] == 5
    assert pf["default_action"] == "move"
    assert [a["id"] for a in pf["actions"]][:3] == ["move", "double-move", "run"]
    assert pf["sizes"]["large"] == 2 and pf["sizes"]["colossal"] == 6
    switches = {i["name"]: i for i in pf["interpretations"]}
    assert switches["hampered_diagonal"]["default"] == "as-diagonals"
    assert switches["hampered_diagonal"]["choices"] == ["as-diagonals", "multiply"]
    dh2e = body["systems"][2]
    assert dh2e["speed_field"] == "agility_bonus" and dh2e["terrains"]["mud"] == "mud"
    # SCENE.md's default legend
    assert body["legend"]["^"] == ["difficult"] and body["legend"]["#"] == ["wall"]
    assert body["legend"]["."] == []


def test_meta_translates_names(client: TestClient) -> None:
    """/api/meta?lang=ru gives the seed's Russian action names (seed 000: «бег»)."""
    body = client.get("/api/meta", params={"lang": "ru"}).json()
    pf = body["systems"][0]
    labels = {a["id"]: a["label"] for a in pf["actions"]}
    assert labels["run"] == "бег"


def test_meta_unknown_language(client: TestClient) -> None:
    """An unknown language is a 400 naming the known ones, as the CLI's --lang says."""
    message = error_line(client.get("/api/meta", params={"lang": "fr"}), 400)
    assert message == "unknown language 'fr' (known: en, ru, zh)"


# ---------------------------------------------------------------------------- bodies and limits


def test_malformed_json_is_422(client: TestClient) -> None:
    """A body that is not JSON answers 422 with one line saying so."""
    response = client.post(
        "/api/chase", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert error_line(response, 422).startswith("malformed JSON")


def test_missing_field_is_422(client: TestClient) -> None:
    """A body without a required field names the field."""
    assert error_line(client.post("/api/chase", json={"pursuer": "speed=30"}), 422) == (
        "quarry: Field required"
    )


def test_unknown_field_is_422(client: TestClient) -> None:
    """Unknown keys in a request body are refused, as in the scene format."""
    response = client.post(
        "/api/chase", json={"pursuer": "speed=30", "quarry": "speed=30", "colour": 1}
    )
    assert error_line(response, 422).startswith("colour: Extra inputs are not permitted")


def test_body_over_limit_is_413() -> None:
    """A body over the limit is refused with 413 before it is parsed."""
    small = TestClient(create_app(limits=Limits(body_bytes=1000)))
    response = small.post(
        "/api/chase", content=b" " * 1001, headers={"content-type": "application/json"}
    )
    assert error_line(response, 413) == "request body of 1001 bytes is over the limit of 1000 bytes"


def test_default_body_limit_is_two_megabytes(client: TestClient) -> None:
    """The default app refuses a 3 MB body."""
    response = client.post(
        "/api/reach", content=b" " * 3_000_000, headers={"content-type": "application/json"}
    )
    assert error_line(response, 413) == (
        "request body of 3000000 bytes is over the limit of 2000000 bytes"
    )


def test_crash_is_generic_500() -> None:
    """An unexpected exception answers a generic 500: no traceback, no exception text."""
    app = create_app()

    @app.get("/api/boom")
    def boom() -> None:
        raise RuntimeError("secret internals /etc/passwd")

    app.router.routes.insert(0, app.router.routes.pop())  # before the page's "/{asset}" route
    response = TestClient(app, raise_server_exceptions=False).get("/api/boom")
    message = error_line(response, 500)
    assert "secret" not in message and message.startswith("internal error")


# ---------------------------------------------------------------------------- chase


def test_chase_contest(client: TestClient) -> None:
    """Equal speeds: opposed Dexterity, quarry +3 against +2 escapes 21/40 (JOURNEY.md)."""
    body = client.post(
        "/api/chase",
        json={"system": "pf1e", "pursuer": "speed=30,dex=+2,con=+1", "quarry": "speed=30,dex=+3"},
    ).json()
    assert body == {
        "system": "pf1e",
        "scale": "tactical",
        "outcome": "contest",
        "check": "dexterity",
        "p_escape": 0.525,
        "p_caught": 0.475,
        "p_escape_exact": "21/40",
        "chase_tie": "pursuer",
    }


def test_chase_faster_wins(client: TestClient) -> None:
    """On a grid the faster side always wins (RULES.md 1.7): a faster quarry escapes, p 1."""
    body = client.post(
        "/api/chase", json={"pursuer": "speed=30", "quarry": "speed=40", "scale": "overland"}
    ).json()
    assert (body["outcome"], body["check"], body["p_escape"]) == ("escaped", None, 1)


def test_chase_seeded_roll_is_reproducible(client: TestClient) -> None:
    """The same seed gives the same roll."""
    query = {"pursuer": "speed=30,dex=1", "quarry": "speed=30,dex=1", "seed": 7}
    first = client.post("/api/chase", json=query).json()
    assert first == client.post("/api/chase", json=query).json()
    assert first["roll"]["winner"] in ("pursuer", "quarry")


def test_chase_without_rules(client: TestClient) -> None:
    """dh2e has no chase rules (seed 001): 400 with the library's one line."""
    response = client.post(
        "/api/chase", json={"system": "dh2e", "pursuer": "speed=3", "quarry": "speed=3"}
    )
    assert (
        error_line(response, 400) == "dh2e: the Dark Heresy 2e text (seed 001) has no chase rules"
    )


def test_chase_bad_runner(client: TestClient) -> None:
    """A runner without a speed is a 400 naming the role."""
    response = client.post("/api/chase", json={"pursuer": "dex=1", "quarry": "speed=30"})
    assert error_line(response, 400) == "pursuer 'dex=1' has no speed (e.g. speed=30,dex=+2,con=+1)"


def test_chase_unknown_scale(client: TestClient) -> None:
    """An unknown scale names the known ones."""
    response = client.post(
        "/api/chase", json={"pursuer": "speed=30", "quarry": "speed=30", "scale": "epic"}
    )
    assert error_line(response, 400) == "unknown scale 'epic' (known: tactical, overland)"


# ---------------------------------------------------------------------------- import


def _uvtt(width: int = 3, height: int = 2) -> dict[str, Any]:
    """Build a small Universal VTT document with one wall on grid line x = 1."""
    return {
        "format": 0.3,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": width, "y": height},
            "pixels_per_grid": 50,
        },
        "line_of_sight": [[{"x": 1, "y": 0}, {"x": 1, "y": 2}]],
        "portals": [],
    }


def test_import_uvtt(client: TestClient) -> None:
    """A Universal VTT map comes back as an open-ground scene with its wall."""
    body = client.post(
        "/api/import", json={"data": _uvtt(), "system": "pf1e", "name": "cave.dd2vtt"}
    ).json()
    scene = body["scene"]
    assert scene["system"] == "pf1e"
    assert scene["map"] == ["...", "..."]
    assert scene["walls"] == [{"from": [1, 0], "to": [1, 2]}]


def test_import_huge_map_is_refused(client: TestClient) -> None:
    """A map over the size limit is refused with 413 (or the importer's own limit)."""
    response = client.post("/api/import", json={"data": _uvtt(100_000, 100_000), "system": "pf1e"})
    assert response.status_code == 413, response.text
    assert "limit" in response.json()["error"]


def test_import_unknown_system(client: TestClient) -> None:
    """An unknown system names the known ones."""
    response = client.post("/api/import", json={"data": _uvtt(), "system": "gurps"})
    assert error_line(response, 400) == (
        "unknown system 'gurps' (known: pf1e, dnd35, dh2e, drawsteel)"
    )


def test_json_is_utf8(client: TestClient) -> None:
    """Responses are UTF-8 JSON with non-ASCII text as is (not \\u-escaped)."""
    raw = client.get("/api/meta", params={"lang": "zh"}).content
    assert json.loads(raw)["lang"] == "zh"
    assert "奔跑".encode() in raw or "跑".encode() in raw


# ---------------------------------------------------------------------------- rates


def test_rates_pf1e_heavy_armor(client: TestClient) -> None:
    """Speed 30, heavy armor: walk 30 / hustle 60 / run 90 ft, 3 / 6 mi/h, 24 mi/day (seed 000)."""
    body = client.get("/api/rates/pf1e", params={"speed": 30, "armor": "heavy"}).json()
    assert body["run_multiplier"] == 3
    assert body["tactical"] == {"unit": "ft/round", "walk": 30, "hustle": 60, "run": 90}
    assert body["overland_hour"] == {"unit": "mi/h", "walk": 3, "hustle": 6, "run": None}
    assert body["overland_day"] == {"unit": "mi/day", "walk": 24, "hustle": None, "run": None}


def test_rates_dh2e(client: TestClient) -> None:
    """dh2e AB 3: half 3, full 6, charge 9, run 18 m per round (seed 001 table)."""
    body = client.get("/api/rates/dh2e", params={"agility_bonus": 3}).json()
    assert body["structured"] == {
        "unit": "m/round",
        "half_move": 3,
        "full_move": 6,
        "charge": 9,
        "run": 18,
    }
    assert body["extrapolated"] is False


def test_rates_errors(client: TestClient) -> None:
    """A missing speed and an unknown system answer 400 with the CLI's line."""
    assert (
        error_line(client.get("/api/rates/pf1e"), 400)
        == "pf1e needs a speed in ft (e.g. 'speed' 30)"
    )
    assert error_line(client.get("/api/rates/gurps", params={"speed": 30}), 400) == (
        "unknown system 'gurps' (known: pf1e, dnd35, dh2e, drawsteel)"
    )


# ---------------------------------------------------------------------------- travel


def test_travel_journey_md_example(client: TestClient) -> None:
    """JOURNEY.md's example: 24 mi forest trackless + 30 mi plains road at speed 30."""
    body = client.post(
        "/api/travel",
        json={
            "system": "pf1e",
            "speed": 30,
            "legs": ["24 mi forest trackless", "30 mi plains road"],
        },
    ).json()
    assert body["unit"] == "mi"
    assert [
        {k: leg[k] for k in ("distance", "terrain", "road", "multiplier", "per_hour", "hours")}
        for leg in body["legs"]
    ] == [
        {"distance": 24, "terrain": "forest", "road": "trackless", "multiplier": "1/2",
         "per_hour": 1.5, "hours": 16},
        {"distance": 30, "terrain": "plains", "road": "road", "multiplier": "1",
         "per_hour": 3, "hours": 10},
    ]  # fmt: skip
    assert [(d["day"], d["hours"], d["distance"]) for d in body["days"]] == [
        (1, 8, 12),
        (2, 8, 12),
        (3, 8, 24),
        (4, 2, 6),
    ]
    assert {k: body["total"][k] for k in ("distance", "hours", "days")} == {
        "distance": 54,
        "hours": 26,
        "days": 3.25,
    }
    assert body["hustle"] == [] and body["forced_march"] == [] and body["fatigued_from"] is None


def test_travel_hustle_and_forced_march(client: TestClient) -> None:
    """Hustle hour 2 deals 1 nonlethal; forced-march hour 9 is DC 12, hour 10 DC 14 (RULES 1.6)."""
    body = client.post(
        "/api/travel",
        json={"speed": 30, "legs": ["24 mi forest trackless"], "hustle": 2, "forced_march": 2},
    ).json()
    first_day = [h for h in body["hustle"] if h["day"] == 1]
    assert [(h["hour"], h["damage"]) for h in first_day] == [(1, 0), (2, 1)]
    assert [(f["hour"], f["dc"]) for f in body["forced_march"]] == [(9, 12), (10, 14)]
    assert body["fatigued_from"] == {"day": 1, "hour": 2}


def test_travel_errors(client: TestClient) -> None:
    """Unknown terrain names the known ones; too many legs is 413."""
    message = error_line(
        client.post("/api/travel", json={"speed": 30, "legs": ["5 mi swampp road"]}), 400
    )
    assert message.startswith("unknown terrain 'swampp'")
    response = client.post("/api/travel", json={"speed": 30, "legs": ["1 mi plains road"] * 201})
    assert error_line(response, 413) == "201 legs, over the limit of 200"


# ---------------------------------------------------------------------------- tables


def test_tables_list(client: TestClient) -> None:
    """/api/tables/pf1e lists the system's tables, each naming its seed source."""
    body = client.get("/api/tables/pf1e").json()
    ids = [t["table"] for t in body["tables"]]
    assert "terrain" in ids and "mounts" in ids and "per-round" in ids
    assert all(t["source"]["document"] for t in body["tables"])


def test_tables_terrain_in_russian(client: TestClient) -> None:
    """The terrain x road table in Russian: swamp is 1 / 3/4 / 1/2 (seed 000 «Болото»)."""
    body = client.get("/api/tables/pf1e/terrain", params={"lang": "ru"}).json()
    swamp = next(r for r in body["rows"] if r["id"] == "swamp")
    assert swamp == {
        "id": "swamp",
        "terrain": "Болото",
        "highway": "1",
        "road": "3/4",
        "trackless": "1/2",
    }


def test_tables_unknown(client: TestClient) -> None:
    """An unknown table names the known ones."""
    message = error_line(client.get("/api/tables/pf1e/nope"), 400)
    assert message.startswith("unknown pf1e table 'nope' (known: per-round, per-minute,")


# ---------------------------------------------------------------------------- scenes

LINE: dict[str, Any] = {
    "footfall": 1,
    "system": "pf1e",
    "map": ["...."],
    "creatures": [{"id": "valeros", "at": [0, 0], "size": "medium", "side": "party", "speed": 10}],
}


def test_scenes_list_matches_cli(client: TestClient) -> None:
    """/api/scenes is ``footfall scenes --json``: one sample per system at least."""
    body = client.get("/api/scenes").json()
    assert body == cli_json("scenes")
    assert {s["system"] for s in body} == {"pf1e", "dnd35", "dh2e", "drawsteel"}


def test_scene_get_and_unknown(client: TestClient) -> None:
    """A sample comes back as SCENE.md JSON; an unknown name is a 404 naming the known ones."""
    scene = client.get("/api/scenes/pf1e-ogre-bridge").json()
    assert scene["footfall"] == 1 and scene["system"] == "pf1e"
    assert any(c["id"] == "ogre" for c in scene["creatures"])
    message = error_line(client.get("/api/scenes/nope"), 404)
    assert message.startswith("unknown scene 'nope' (known: dh2e-hive-underpass,")


def test_scene_validate(client: TestClient) -> None:
    """A valid scene comes back normalised; a ragged map is a 400 naming the row."""
    body = client.post("/api/scenes/validate", json={"scene": LINE}).json()
    assert body["scene"]["map"] == ["...."]
    bad = {**LINE, "map": ["....", "..."]}
    message = error_line(client.post("/api/scenes/validate", json={"scene": bad}), 400)
    assert "row" in message


def test_extra_scene_is_listed() -> None:
    """A scene given to create_app (``footfall serve --scene FILE``) is listed and served."""
    client = TestClient(create_app(scenes={"mine": LINE}, default_scene="mine"))
    names = [s["name"] for s in client.get("/api/scenes").json()]
    assert "mine" in names
    assert client.get("/api/scenes/mine").json() == LINE
    assert client.get("/api/meta").json()["default_scene"] == "mine"


# ---------------------------------------------------------------------------- tactical


def test_reach_exact(client: TestClient) -> None:
    """Speed 10 on a 4-square line: 5 ft and 10 ft squares, nothing further (SCENE.md shape)."""
    body = client.post("/api/reach", json={"scene": LINE, "mover": "valeros"}).json()
    assert {k: body[k] for k in ("mover", "action", "budget", "unit")} == {
        "mover": "valeros",
        "action": "move",
        "budget": 10,
        "unit": "ft",
    }
    assert [(s["at"], s["cost"]) for s in body["squares"]] == [([1, 0], 5), ([2, 0], 10)]


def test_reach_diagonal_into_difficult(client: TestClient) -> None:
    """A diagonal into difficult terrain costs 3 squares, 15 ft (seed 004; RULES.md 1.2)."""
    scene = {
        "footfall": 1,
        "system": "pf1e",
        "map": ["..", ".^"],
        "creatures": [
            {"id": "valeros", "at": [0, 0], "size": "medium", "side": "party", "speed": 30}
        ],
    }
    body = client.post("/api/path", json={"scene": scene, "mover": "valeros", "to": [1, 1]}).json()
    assert (body["found"], body["cost"], body["path"]) == (True, 15, [[0, 0], [1, 1]])
    assert body["breakdown"][0]["cost"] == 15


def test_path_not_found_says_why(client: TestClient) -> None:
    """A square beyond the budget: found false, rule budget, and the cheapest cost."""
    body = client.post("/api/path", json={"scene": LINE, "mover": "valeros", "to": [3, 0]}).json()
    assert (body["found"], body["rule"], body["cheapest"]) == (False, "budget", 15)
    assert "15 ft" in body["reason"]


def test_check_corner_translated(client: TestClient) -> None:
    """A diagonal past a wall's corner breaks rule ``corner``; the message follows ``lang``."""
    scene = {
        "footfall": 1,
        "system": "pf1e",
        "map": ["..", "#."],
        "creatures": [
            {"id": "valeros", "at": [0, 0], "size": "medium", "side": "party", "speed": 30}
        ],
    }
    query = {"scene": scene, "mover": "valeros", "path": [[1, 1]]}
    en = client.post("/api/check", json=query).json()
    ru = client.post("/api/check", json={**query, "lang": "ru"}).json()
    assert en["legal"] is False and [v["rule"] for v in en["violations"]] == ["corner"]
    assert en["violations"][0]["step"] == 1
    assert en["violations"][0]["message"] != ru["violations"][0]["message"]


@pytest.mark.parametrize(
    ("command", "endpoint", "extra"),
    [
        (["reach", "pf1e-ogre-bridge", "--mover", "ogre"], "reach", {"mover": "ogre"}),
        (
            ["path", "pf1e-ogre-bridge", "--mover", "valeros", "--to", "12,2"],
            "path",
            {"mover": "valeros", "to": [12, 2]},
        ),
        (
            [
                "check",
                "pf1e-ogre-bridge",
                "--mover",
                "valeros",
                "--path",
                "7,4 6,3",
                "--lang",
                "ru",
            ],
            "check",
            {"mover": "valeros", "path": [[7, 4], [6, 3]], "lang": "ru"},
        ),
        (
            ["reach", "drawsteel-burning-hall", "--mover", "fury", "--action", "advance"],
            "reach",
            {"mover": "fury", "action": "advance"},
        ),
    ],
)
def test_tactical_equals_cli(
    client: TestClient, command: list[str], endpoint: str, extra: dict[str, Any]
) -> None:
    """reach / path / check answer exactly what ``footfall ... --json`` prints."""
    scene = client.get(f"/api/scenes/{command[1]}").json()
    body = client.post(f"/api/{endpoint}", json={"scene": scene, **extra}).json()
    assert body == cli_json(*command)


def test_interpretation_switch(client: TestClient) -> None:
    """Switch hampered_diagonal=multiply prices the 1st diagonal into difficult at 10 ft."""
    scene = {
        "footfall": 1,
        "system": "pf1e",
        "map": ["..", ".^"],
        "creatures": [
            {"id": "valeros", "at": [0, 0], "size": "medium", "side": "party", "speed": 30}
        ],
    }
    query = {
        "scene": scene,
        "mover": "valeros",
        "to": [1, 1],
        "interpretations": {"hampered_diagonal": "multiply"},
    }
    assert client.post("/api/path", json=query).json()["cost"] == 10
    bad = {**query, "interpretations": {"hampered_diagonal": "sideways"}}
    assert error_line(client.post("/api/path", json=bad), 400) == (
        "unknown hampered_diagonal choice 'sideways' (known: as-diagonals, multiply)"
    )


def test_tactical_bad_inputs(client: TestClient) -> None:
    """Unknown mover, unknown action, non-neighbour path: 400 with one line each."""
    assert "'nobody'" in error_line(
        client.post("/api/reach", json={"scene": LINE, "mover": "nobody"}), 400
    )
    assert "'fly-kick'" in error_line(
        client.post("/api/reach", json={"scene": LINE, "mover": "valeros", "action": "fly-kick"}),
        400,
    )
    message = error_line(
        client.post("/api/check", json={"scene": LINE, "mover": "valeros", "path": [[2, 0]]}), 400
    )
    assert "not a neighbour" in message
    assert error_line(client.post("/api/reach", json={"scene": [], "mover": "v"}), 422).startswith(
        "scene: "
    )


def test_oversized_map_is_413(client: TestClient) -> None:
    """A map wider than 500 squares is refused with 413 before parsing."""
    scene = {**LINE, "map": ["." * 501]}
    message = error_line(client.post("/api/reach", json={"scene": scene, "mover": "valeros"}), 413)
    assert message == "map is 501x1 squares, over the limit of 500x500"


def test_too_many_creatures_and_long_path_are_413() -> None:
    """Creature and path-length limits answer 413."""
    client = TestClient(create_app(limits=Limits(creatures=1, path_squares=3)))
    crowd = {**LINE, "creatures": [*LINE["creatures"], {**LINE["creatures"][0], "id": "b"}]}
    assert error_line(
        client.post("/api/reach", json={"scene": crowd, "mover": "valeros"}), 413
    ) == ("scene has 2 creatures, over the limit of 1")
    long = {"scene": LINE, "mover": "valeros", "path": [[1, 0], [2, 0], [3, 0], [2, 0]]}
    assert error_line(client.post("/api/check", json=long), 413) == (
        "path of 4 squares, over the limit of 3"
    )


# ---------------------------------------------------------------------------- route


def test_route_sample_highway(client: TestClient) -> None:
    """Along the valley's highway: 29 one-mile cells at 3 mi/h (speed 30, x1)."""
    body = client.post(
        "/api/route", json={"sample": "valley", "from": [0, 7], "to": [29, 7], "speed": 30}
    ).json()
    assert body["found"] is True and body["distance"] == 29
    keys = ("distance", "terrain", "road", "multiplier", "per_hour", "hours")  # JOURNEY.md
    assert [{k: leg[k] for k in keys} for leg in body["legs"]] == [
        {"distance": 29, "terrain": "plains", "road": "highway", "multiplier": "1",
         "per_hour": 3, "hours": 9.67}
    ]  # fmt: skip


def test_route_feeds_travel(client: TestClient) -> None:
    """A route's legs go to /api/travel unchanged and give the same hours."""
    found = client.post(
        "/api/route",
        json={
            "map": {"legend": {".": "plains road", "f": "forest trackless"}, "rows": ["..f"],
                    "cell": "6 mi"},
            "from": [0, 0], "to": [2, 0], "speed": 30,
        },
    ).json()  # fmt: skip
    assert found["hours"] == 6
    journey = client.post("/api/travel", json={"speed": 30, "legs": found["legs"]}).json()
    assert journey["total"]["hours"] == 6 and journey["total"]["distance"] == 12


def test_route_needs_one_map(client: TestClient) -> None:
    """Neither map nor sample (or both) is a 400 saying what to give."""
    response = client.post("/api/route", json={"from": [0, 0], "to": [1, 0], "speed": 30})
    assert error_line(response, 400) == (
        "give either 'map' (text or JSON) or 'sample' (a shipped map name)"
    )


# ---------------------------------------------------------------------------- render


def test_render_png_size(client: TestClient) -> None:
    """/api/render answers a PNG of the size ``footfall render`` draws, with the reach drawn."""
    import io

    from PIL import Image

    from footfall.render import picture_size, reach_overlay
    from footfall.scene import parse_scene
    from footfall.tactical import reachable

    scene_json = client.get("/api/scenes/pf1e-ogre-bridge").json()
    response = client.post("/api/render", json={"scene": scene_json, "mover": "ogre", "cell": 20})
    assert response.status_code == 200 and response.headers["content-type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    scene = parse_scene(scene_json)
    overlay = reach_overlay(reachable(scene, "ogre").to_json())
    assert image.size == picture_size(scene, overlay, 20)


def test_render_never_reads_a_server_file(client: TestClient, tmp_path: Any) -> None:
    """A background given as a file path is not read: the picture is the one without it."""
    from PIL import Image

    picture = tmp_path / "red.png"
    Image.new("RGB", (80, 20), (255, 0, 0)).save(picture)
    with_path = {**LINE, "background": str(picture)}
    drawn = client.post("/api/render", json={"scene": with_path, "cell": 20}).content
    plain = client.post("/api/render", json={"scene": LINE, "cell": 20}).content
    assert drawn == plain


def test_render_needs_mover_for_path(client: TestClient) -> None:
    """A path target without a mover is a 400."""
    response = client.post("/api/render", json={"scene": LINE, "to": [1, 0]})
    assert error_line(response, 400) == "'action' and 'to' need a 'mover'"


# ---------------------------------------------------------------------------- flight


@pytest.mark.parametrize(
    ("command", "endpoint", "body"),
    [
        (
            [
                "fly",
                "check",
                "dnd35-canyon-squeeze",
                "--mover",
                "giant-eagle",
                "--steps",
                "f2 r90 f2",
            ],
            "check",
            {"scene": "dnd35-canyon-squeeze", "mover": "giant-eagle", "steps": "f2 r90 f2"},
        ),
        (
            ["fly", "path", "--speed", "60", "-m", "average", "--to", "0,-6,10"],
            "path",
            {"speed": 60, "maneuverability": "average", "to": [0, -6, 10]},
        ),
        (
            ["fly", "reach", "--speed", "20", "-m", "good"],
            "reach",
            {"speed": 20, "maneuverability": "good"},
        ),
        (
            ["fly", "stall", "--alt", "300", "--reflex", "5", "--rounds", "3"],
            "stall",
            {"alt": 300, "reflex": 5, "rounds": 3},
        ),
    ],
)
def test_flight_equals_cli(
    client: TestClient, command: list[str], endpoint: str, body: dict[str, Any]
) -> None:
    """/api/flight/* answer exactly what ``footfall fly ... --json`` prints."""
    if isinstance(body.get("scene"), str):
        body = {**body, "scene": client.get(f"/api/scenes/{body['scene']}").json()}
    response = client.post(f"/api/flight/{endpoint}", json=body)
    assert response.status_code == 200, response.text
    assert response.json() == cli_json(*command)


def test_flight_stall_seed_numbers(client: TestClient) -> None:
    """A stall at 300 ft falls 150 ft in round 1, then a DC 20 Reflex save (seed 004)."""
    body = client.post("/api/flight/stall", json={"alt": 300, "reflex": 5}).json()
    first = body["rounds"][0]
    assert (first["alt_before"], first["alt_after"]) == (300, 150)
    assert body["dc"] == 20 and body["p_save"] == "3/10"


def test_flight_errors(client: TestClient) -> None:
    """A walker cannot fly; a huge search is a 413 naming the limit."""
    scene = client.get("/api/scenes/dnd35-canyon-squeeze").json()
    message = error_line(
        client.post("/api/flight/reach", json={"scene": scene, "mover": "regdar"}), 400
    )
    assert message == "creature 'regdar' cannot fly (it has no \"fly\" in the scene)"
    small = TestClient(create_app(limits=Limits(flight_work=100)))
    response = small.post("/api/flight/reach", json={"speed": 40, "maneuverability": "average"})
    assert error_line(response, 413).startswith("this flight search needs more than 100 states")


# ---------------------------------------------------------------------------- internals


def test_streamed_body_over_limit_is_413() -> None:
    """A body streamed without Content-Length is counted as it arrives and refused at the limit."""
    client = TestClient(create_app(limits=Limits(body_bytes=1000)))

    def chunks() -> Any:
        for _ in range(10):
            yield b" " * 200

    response = client.post(
        "/api/chase", content=chunks(), headers={"content-type": "application/json"}
    )
    # The message says how much had come when the limit was passed (the transport may join
    # the 200-byte chunks: somewhere past 1000, at most the 2000 sent).
    message = error_line(response, 413)
    found = re.fullmatch(
        r"request body of at least (\d+) bytes is over the limit of 1000 bytes", message
    )
    assert found is not None, message
    assert 1000 < int(found[1]) <= 2000


def test_scene_cache_reuses_and_is_bounded() -> None:
    """The parsed-scene cache gives back the same Scene for the same JSON and keeps at most N."""
    from footfall.api import _SceneCache

    cache = _SceneCache(2)
    first = cache.get(LINE)
    assert cache.get(json.loads(json.dumps(LINE))) is first
    other = {**LINE, "map": ["...."], "creatures": [{**LINE["creatures"][0], "speed": 20}]}
    assert cache.get(other) is not first
    cache.get({**LINE, "map": ["....."]})
    assert len(cache.scenes) == 2
    assert cache.get(LINE) is not first  # dropped as least recently used, parsed again


def test_answers_follow_scene_edits(client: TestClient) -> None:
    """An edited scene is a different cache key: painting difficult terrain changes the answer."""
    before = client.post("/api/reach", json={"scene": LINE, "mover": "valeros"}).json()
    painted = {**LINE, "map": [".^.."]}
    after = client.post("/api/reach", json={"scene": painted, "mover": "valeros"}).json()
    assert [s["at"] for s in before["squares"]] == [[1, 0], [2, 0]]
    assert [s["at"] for s in after["squares"]] == [[1, 0]]  # difficult: 10 ft to enter
