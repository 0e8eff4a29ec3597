"""Hostile input on every API endpoint: a 4xx with one JSON error line naming it, never a 5xx.

The API's side of docs/errors.md: a bad request is ``{"error": "<one line>"}`` with 400 (bad
value), 404 (unknown sample), 413 (over a limit) or 422 (malformed JSON, wrong type, missing
field); the line names the bad value; nothing else is in the body; no traceback; the work a
request may ask for is bounded (`footfall.api.Limits`).

`CASES` walks every endpoint and every field of every request with the classes of bad input
(unknown names, negative, huge, fractional, NaN and infinite numbers, empty strings, wrong
types, off-map squares, oversized lists, malformed JSON). `BUGS` are strict xfails for
findings in files this suite does not own. A Hypothesis test then breaks one field of a good
request at random and checks the answer is never a 5xx (schemathesis, in
tests/api/test_schema.py, covers type-valid random requests; this covers semantic ones).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from footfall.api import Limits, create_app
from helpers import sample_json

PF = sample_json("pf1e-ogre-bridge")
CANYON = sample_json("dnd35-canyon-squeeze")
UVTT: dict[str, Any] = {
    "format": 0.3,
    "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 3},
                   "pixels_per_grid": 10},
    "line_of_sight": [],
    "portals": [],
    "lights": [],
}  # fmt: skip


def scene(**top: Any) -> dict[str, Any]:
    """Return the pf1e sample scene with top-level keys replaced."""
    data: dict[str, Any] = json.loads(json.dumps(PF))
    data.update(top)
    return data


def creature(**fields: Any) -> dict[str, Any]:
    """Return the pf1e sample scene with its first creature's fields replaced."""
    data: dict[str, Any] = json.loads(json.dumps(PF))
    data["creatures"][0].update(fields)
    return data


def send(
    client: TestClient, method: str, url: str, body: Any = None, raw: bytes | None = None
) -> Any:
    """Send `body` as JSON (NaN and Infinity allowed, as a hostile client may) or `raw` bytes."""
    if raw is None and body is None:
        return client.request(method, url)
    content = raw if raw is not None else json.dumps(body).encode("utf-8")
    return client.request(
        method, url, content=content, headers={"content-type": "application/json"}
    )


def assert_one_line_error(response: Any, status: int, says: list[str]) -> str:
    """Assert the hostile-input contract on `response` and return its error line."""
    assert "Traceback" not in response.text
    assert response.status_code == status, response.text[:300]
    body = response.json()
    # "code" and "field" are the extension of docs/contracts/EXTENSIONS.md.
    assert isinstance(body, dict) and next(iter(body)) == "error", body
    assert set(body) <= {"error", "code", "field"}, body
    line = body["error"]
    assert isinstance(line, str) and line and len(line.splitlines()) == 1, line
    for part in says:
        assert part in line, (part, line)
    assert len(line) < 1000, f"{len(line)} characters"
    return line


# ------------------------------------------------------------------------------ the table

TAC = {"scene": PF, "mover": "valeros"}
FLY = {"speed": 60, "maneuverability": "good"}
TRAVEL = {"system": "pf1e", "legs": ["24 mi plains highway"], "speed": 30}
ROUTE = {"system": "pf1e", "sample": "valley", "from": [0, 7], "to": [29, 7], "speed": 30}
CHASE = {"system": "pf1e", "pursuer": "speed=30,dex=+2", "quarry": "speed=30,dex=+3"}
IMPORT = {"data": UVTT, "system": "pf1e"}
#: A Draw Steel push (issue 12, item 7): a hero at (0, 0) pushes an orc at (1, 0).
FORCED = {"scene": {"footfall": 1, "system": "drawsteel", "map": ["....#"], "creatures": [
    {"id": "hero", "at": [0, 0], "size": "1M", "side": "party", "speed": 5},
    {"id": "orc", "at": [1, 0], "size": "1M", "side": "foes", "speed": 5}]},
    "target": "orc", "kind": "push", "distance": 2, "source": "hero"}  # fmt: skip


def with_(base: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """Return `base` with `fields` replaced (a value of ... drops the field)."""
    out = {**base, **fields}
    return {k: v for k, v in out.items() if v is not ...}


def case(method: str, url: str, body: Any, status: int, says: list[str], id: str,
         raw: bytes | None = None) -> Any:  # fmt: skip
    """One hostile request, the status it must get and the parts its error line must hold."""
    return pytest.param(method, url, body, raw, status, says, id=id)


# fmt: off
CASES = [
    # ---- general
    case("GET", "/api/meta?lang=xx", None, 400, ["'xx'", "en, ru, zh"], "meta-lang"),
    case("GET", "/api/meta?lang=", None, 400, ["''", "en, ru, zh"], "meta-lang-empty"),
    case("GET", "/api/nosuch", None, 404, ["Not Found"], "unknown-url"),
    case("DELETE", "/api/reach", None, 405, ["Method Not Allowed"], "wrong-method"),
    # ---- scenes
    case("GET", "/api/scenes/nosuch", None, 404, ["'nosuch'", "pf1e-ogre-bridge"], "scene-name"),
    case("GET", "/api/scenes/%00", None, 404, ["'\\x00'"], "scene-name-nul"),
    case("GET", "/api/scenes/" + "x" * 101, None, 422, ["name", "100"], "scene-name-long"),
    case("POST", "/api/scenes/validate", {"scene": {}}, 400, ["'footfall'"], "validate-empty"),
    case("POST", "/api/scenes/validate", {"scene": PF, "lang": "xx"}, 400, ["'xx'"],
         "validate-lang"),
    case("POST", "/api/scenes/validate", {}, 422, ["scene", "required"], "validate-no-scene"),
    case("POST", "/api/scenes/validate", {"scene": scene(map=["." * 501])}, 413,
         ["501x1", "500x500"], "validate-wide"),
    case("POST", "/api/scenes/validate",
         {"scene": scene(creatures=[{"id": f"c{i}", "at": [0, 0]} for i in range(501)])}, 413,
         ["501 creatures", "500"], "validate-creatures"),
    # ---- malformed requests (every POST endpoint reads its body the same way)
    case("POST", "/api/reach", None, 422, ["malformed JSON"], "json-truncated",
         raw=b'{"scene": '),
    case("POST", "/api/reach", None, 422, ["body", "required"], "json-empty", raw=b""),
    case("POST", "/api/reach", None, 422, ["body"], "json-array", raw=b"[1, 2]"),
    case("POST", "/api/reach", None, 413, ["2000000 bytes"], "body-too-large",
         raw=b" " * 2_000_001),
    case("POST", "/api/reach", with_(TAC, bogus=1), 422, ["bogus", "not permitted"],
         "unknown-field"),
    case("POST", "/api/reach", with_(TAC, mover=...), 422, ["mover", "required"], "no-mover"),
    case("POST", "/api/reach", with_(TAC, scene="pf1e-ogre-bridge"), 422, ["scene"],
         "scene-as-name"),
    # ---- tactical: options
    case("POST", "/api/reach", with_(TAC, mover="nobody"), 400, ["'nobody'", "valeros"], "mover"),
    case("POST", "/api/reach", with_(TAC, mover=""), 400, ["''", "valeros"], "mover-empty"),
    case("POST", "/api/reach", with_(TAC, mover="x" * 5000), 400, ["(5000 characters)"],
         "mover-long"),
    case("POST", "/api/reach", with_(TAC, mover=3), 422, ["mover", "string"], "mover-type"),
    case("POST", "/api/reach", with_(TAC, action="zz"), 400, ["'zz'", "double-move"], "action"),
    case("POST", "/api/reach", with_(TAC, distance=-1), 422, ["distance", "0"], "distance-neg"),
    case("POST", "/api/reach", with_(TAC, distance=10**30), 422, ["distance", "10000"],
         "distance-huge"),
    case("POST", "/api/reach", with_(TAC, distance=1.5), 422, ["distance", "integer"],
         "distance-fraction"),
    case("POST", "/api/reach", with_(TAC, distance="5"), 422, ["distance", "integer"],
         "distance-text"),
    case("POST", "/api/reach", with_(TAC, interpretations={"x": "y"}), 400,
         ["'x'", "run_straight"], "switch"),
    case("POST", "/api/reach", with_(TAC, interpretations={"run_straight": "maybe"}), 400,
         ["'maybe'", "on"], "switch-choice"),
    case("POST", "/api/reach", with_(TAC, interpretations={"run_straight": 1}), 422,
         ["run_straight"], "switch-type"),
    case("POST", "/api/reach", with_(TAC, flying=True), 400, ["'valeros'", "fly"], "flying"),
    case("POST", "/api/reach", with_(TAC, flying="yes"), 422, ["flying"], "flying-type"),
    case("POST", "/api/reach", with_(TAC, lang="fr"), 400, ["'fr'", "en, ru, zh"], "lang"),
    case("POST", "/api/reach", with_(TAC, lang=""), 400, ["''", "en, ru, zh"], "lang-empty"),
    # ---- tactical: the mover's state (issue 12)
    case("POST", "/api/reach", with_(TAC, speed=-5), 400, ["'speed'", "-5"], "speed-neg"),
    case("POST", "/api/reach", with_(TAC, base_speed=10**9), 413, ["'base_speed'", "100000"],
         "base-speed-huge"),
    case("POST", "/api/reach", with_(TAC, armor="plate"), 400, ["'plate'", "heavy"], "armor"),
    case("POST", "/api/reach", with_(TAC, load=3), 422, ["load"], "load-type"),
    case("POST", "/api/reach", with_(TAC, conditions="fatigued"), 422, ["conditions", "list"],
         "conditions-type"),
    case("POST", "/api/path", with_(TAC, to=[9, 5], speed=33), 400, ["'speed'", "33"],
         "path-speed-step"),
    case("POST", "/api/path", with_(TAC, to=[9, 5], base_speed="x"), 422, ["base_speed"],
         "path-base-speed-type"),
    case("POST", "/api/path", with_(TAC, to=[9, 5], armor=""), 400, ["''", "none"],
         "path-armor"),
    case("POST", "/api/path", with_(TAC, to=[9, 5], load="huge"), 400, ["'huge'", "medium"],
         "path-load"),
    case("POST", "/api/path", with_(TAC, to=[9, 5], conditions=["x"] * 20), 422,
         ["conditions", "16"], "path-conditions-many"),
    case("POST", "/api/check", with_(TAC, path=[[9, 5]], speed=30, base_speed=30), 400,
         ["'speed'", "'base_speed'", "not both"], "check-both-speeds"),
    case("POST", "/api/check", with_(TAC, path=[[9, 5]], speed=1.5), 422, ["speed"],
         "check-speed-fraction"),
    case("POST", "/api/check", with_(TAC, path=[[9, 5]], armor=None, load="x"), 400, ["'x'"],
         "check-load"),
    case("POST", "/api/check", with_(TAC, path=[[9, 5]], conditions=["slowed"]), 400,
         ["'slowed'", "fatigued"], "check-conditions"),
    case("POST", "/api/check", with_(TAC, path=[[9, 5]], base_speed=-30), 400,
         ["'base_speed'", "-30"], "check-base-neg"),
    # ---- tactical: the scene
    case("POST", "/api/reach", with_(TAC, scene={}), 400, ["'footfall'"], "scene-empty"),
    case("POST", "/api/reach", with_(TAC, scene=scene(system="xx")), 400, ["'xx'", "pf1e"],
         "scene-system"),
    case("POST", "/api/reach", with_(TAC, scene=scene(footfall=2)), 400, ["footfall=2"],
         "scene-version"),
    case("POST", "/api/reach", with_(TAC, scene=scene(footfall=float("nan"))), 400,
         ["footfall=nan"], "scene-version-nan"),
    case("POST", "/api/reach", with_(TAC, scene=scene(map=[])), 400, ["map", "empty"],
         "map-empty"),
    # ---- /api/reach/all (issue 15, item 3): the speed helper's cases
    case("POST", "/api/reach/all", {"scene": PF, "mover": "valeros"}, 422,
         ["mover", "not permitted"], "all-mover"),
    case("POST", "/api/reach/all", {"scene": "pf1e-ogre-bridge"}, 422, ["scene"], "all-scene"),
    case("POST", "/api/reach/all", {"scene": PF, "action": "zz"}, 400, ["'zz'", "double-move"],
         "all-action"),
    case("POST", "/api/reach/all", {"scene": PF, "distance": -1}, 422, ["distance", "0"],
         "all-distance"),
    case("POST", "/api/reach/all", {"scene": PF, "interpretations": {"x": "y"}}, 400, ["'x'"],
         "all-switch"),
    case("POST", "/api/reach/all", {"scene": PF, "flying": "yes"}, 422, ["flying"],
         "all-flying"),
    case("POST", "/api/reach/all", {"scene": PF, "lang": "fr"}, 400, ["'fr'", "en, ru, zh"],
         "all-lang"),
    case("POST", "/api/reach", with_(TAC, scene=scene(map=[""])), 400, ["map", "empty"],
         "map-empty-row"),
    case("POST", "/api/reach", with_(TAC, scene=scene(map=["Q" * 20] * 13)), 400,
         ["'Q'", "^"], "map-char"),
    case("POST", "/api/reach", with_(TAC, scene=scene(map=["."] * 501)), 413, ["1x501"],
         "map-tall"),
    case("POST", "/api/reach", with_(TAC, scene=scene(map=[1, 2])), 400, ["map[0]", "1"],
         "map-row-type"),
    case("POST", "/api/reach", with_(TAC, scene=scene(map="....")), 400, ["map", "list"],
         "map-type"),
    case("POST", "/api/reach", with_(TAC, scene=creature(speed=-30)), 400, ["speed", "-30"],
         "speed-negative"),
    case("POST", "/api/reach", with_(TAC, scene=creature(speed=31)), 400, ["speed", "31"],
         "speed-not-5"),
    case("POST", "/api/reach", with_(TAC, scene=creature(speed=float("nan"))), 400,
         ["speed", "nan"], "speed-nan"),
    case("POST", "/api/reach", with_(TAC, scene=creature(speed=float("inf"))), 400,
         ["speed", "inf"], "speed-inf"),
    case("POST", "/api/reach", with_(TAC, scene=creature(speed=10**400)), 413,
         ["speed", "100000"], "speed-huge"),
    case("POST", "/api/reach", with_(TAC, scene=creature(speed=None)), 400, ["speed", "null"],
         "speed-null"),
    case("POST", "/api/reach", with_(TAC, scene=creature(speed=True)), 400, ["speed", "true"],
         "speed-bool"),
    case("POST", "/api/reach", with_(TAC, scene=creature(size="gigantic")), 400,
         ["'gigantic'", "colossal"], "size"),
    case("POST", "/api/reach", with_(TAC, scene=creature(at=[-1, 0])), 400, ["[-1, 0]", "20x13"],
         "at-negative"),
    case("POST", "/api/reach", with_(TAC, scene=creature(at=[10**30, 0])), 400,
         ["1" + "0" * 30, "20x13"], "at-huge"),
    case("POST", "/api/reach", with_(TAC, scene=creature(at=[1.5, 0])), 400, ["1.5"],
         "at-fraction"),
    case("POST", "/api/reach", with_(TAC, scene=creature(at="0,0")), 400, ["at", "list"],
         "at-type"),
    case("POST", "/api/reach", with_(TAC, scene=creature(id="kyra"), mover="kyra"), 400,
         ["'kyra'", "duplicate"], "id-duplicate"),
    case("POST", "/api/reach", with_(TAC, scene=creature(armor="plate")), 400,
         ["'plate'", "heavy"], "armor"),
    case("POST", "/api/reach",
         with_(TAC, scene=creature(fly={"speed": 60, "maneuverability": "superb"})), 400,
         ["'superb'", "perfect"], "fly-maneuverability"),
    case("POST", "/api/reach", with_(TAC, scene=creature(alt=-5)), 400, ["alt", "-5"],
         "alt-negative"),
    case("POST", "/api/reach", with_(TAC, scene=scene(legend={"Q": ["lava"]})), 400,
         ["'lava'", "difficult"], "legend-flag"),
    case("POST", "/api/reach", with_(TAC, scene=scene(legend={"QQ": ["difficult"]})), 400,
         ["'QQ'"], "legend-key"),
    case("POST", "/api/reach", with_(TAC, scene=scene(walls=[{"from": [0, 0]}])), 400,
         ["'to'"], "wall-half"),
    case("POST", "/api/reach",
         with_(TAC, scene=scene(walls=[{"from": [0, 0], "to": [float("nan"), 1]}])), 400,
         ["nan"], "wall-nan"),
    case("POST", "/api/reach",
         with_(TAC, scene=scene(walls=[{"from": [0, 0], "to": [1, 0], "door": "ajar"}])), 400,
         ["'ajar'", "closed"], "door"),
    case("POST", "/api/reach",
         with_(TAC, scene=scene(walls=[{"from": [0, 0], "to": [1, 0]}] * 5001)), 413,
         ["5001 walls", "5000"], "walls-many"),
    case("POST", "/api/reach", with_(TAC, scene=scene(square=0)), 400, ["square", "0"],
         "square-zero"),
    case("POST", "/api/reach", with_(TAC, scene=scene(square="1/0")), 400, ["'1/0'"],
         "square-div0"),
    case("POST", "/api/reach", with_(TAC, scene=scene(ceiling_ft=7)), 400, ["ceiling_ft", "7"],
         "ceiling"),
    # ---- path / check
    case("POST", "/api/path", with_(TAC, to=[99, 99]), 400, ["[99, 99]", "20x13"], "to-off-map"),
    case("POST", "/api/path", with_(TAC, to=[10**30, 0]), 400, ["1" + "0" * 30], "to-huge"),
    case("POST", "/api/path", with_(TAC, to=[1, 2, 3]), 422, ["to", "2 items"], "to-3d"),
    case("POST", "/api/path", with_(TAC, to="3,4"), 422, ["to", "list"], "to-text"),
    case("POST", "/api/path", with_(TAC, to=[1.5, 2]), 422, ["to", "integer"], "to-fraction"),
    case("POST", "/api/path", TAC, 422, ["to", "required"], "to-missing"),
    case("POST", "/api/path", with_(TAC, to=[3, 4], via=[[99, 99]]), 400, ["[99, 99]"],
         "via-off-map"),
    case("POST", "/api/path", with_(TAC, to=[3, 4], via=[[0, 0]] * 2001), 413,
         ["2001 waypoints", "2000"], "via-many"),
    case("POST", "/api/path", with_(TAC, to=[3, 4], via="x"), 422, ["via", "list"], "via-type"),
    case("POST", "/api/path", with_(TAC, to=[3, 4], action="zz"), 400, ["'zz'"], "path-action"),
    case("POST", "/api/path", with_(TAC, to=[3, 4], distance=-1), 422, ["distance"],
         "path-distance"),
    case("POST", "/api/path", with_(TAC, to=[3, 4], interpretations={"a": "b"}), 400, ["'a'"],
         "path-switch"),
    case("POST", "/api/path", with_(TAC, to=[3, 4], flying=1), 422, ["flying"], "path-flying"),
    case("POST", "/api/path", with_(TAC, to=[3, 4], lang="xx"), 400, ["'xx'"], "path-lang"),
    case("POST", "/api/check", with_(TAC, path=[]), 400, ["empty"], "check-empty"),
    case("POST", "/api/check", with_(TAC, path=[[99, 99]]), 400, ["[99, 99]", "20x13"],
         "check-off-map"),
    case("POST", "/api/check", with_(TAC, path=[[9, 5], [11, 5]]), 400, ["[11, 5]", "neighbour"],
         "check-jump"),
    case("POST", "/api/check", with_(TAC, path=[[9, 5]] * 2001), 413, ["2001 squares", "2000"],
         "check-long"),
    case("POST", "/api/check", with_(TAC, path="9,5"), 422, ["path", "list"], "check-type"),
    case("POST", "/api/check", with_(TAC, path=[[9, 5]], action="zz"), 400, ["'zz'"],
         "check-action"),
    case("POST", "/api/check", with_(TAC, path=[[9, 5]], distance=10**6), 422, ["distance"],
         "check-distance"),
    case("POST", "/api/check", with_(TAC, path=[[9, 5]], interpretations={"a": "b"}), 400,
         ["'a'"], "check-switch"),
    case("POST", "/api/check", with_(TAC, path=[[9, 5]], flying=True), 400, ["fly"],
         "check-flying"),
    case("POST", "/api/check", with_(TAC, path=[[9, 5]], lang="xx"), 400, ["'xx'"],
         "check-lang"),
    case("POST", "/api/check", with_(TAC, path=[[9, 5]], scene=creature(speed=-5)), 400,
         ["-5"], "check-scene"),
    case("POST", "/api/path", with_(TAC, to=[3, 4], scene=creature(speed=-5)), 400, ["-5"],
         "path-scene"),
    # ---- render
    case("POST", "/api/render", {"scene": PF, "mover": "nobody"}, 400, ["'nobody'"],
         "render-mover"),
    case("POST", "/api/render", {"scene": PF, "to": [3, 3]}, 400, ["'mover'"], "render-to"),
    case("POST", "/api/render", {"scene": PF, "mover": "valeros", "to": [99, 99]}, 400,
         ["[99, 99]"], "render-to-off-map"),
    case("POST", "/api/render", {"scene": PF, "cell": 7}, 422, ["cell", "8"], "render-cell"),
    case("POST", "/api/render", {"scene": PF, "cell": 201}, 422, ["cell", "200"],
         "render-cell-huge"),
    case("POST", "/api/render", {"scene": PF, "mover": "valeros", "distance": -1}, 422,
         ["distance"], "render-distance"),
    case("POST", "/api/render", {"scene": PF, "mover": "valeros", "action": "zz"}, 400,
         ["'zz'"], "render-action"),
    case("POST", "/api/render", {"scene": PF, "mover": "valeros", "interpretations": {"a": "b"}},
         400, ["'a'"], "render-switch"),
    case("POST", "/api/render", {"scene": PF, "mover": "valeros", "flying": True}, 400,
         ["fly"], "render-flying"),
    case("POST", "/api/render", {"scene": PF, "lang": "xx"}, 400, ["'xx'"], "render-lang"),
    case("POST", "/api/render", {"scene": scene(map=["." * 501])}, 413, ["501x1"],
         "render-scene"),
    case("POST", "/api/render", {"scene": scene(map=["."] * 500)}, 400, ["[8, 5]", "1x500"],
         "render-creature-off-map"),
    # ---- import
    case("POST", "/api/import", with_(IMPORT, system="xx"), 400, ["'xx'", "pf1e"],
         "import-system"),
    case("POST", "/api/import", with_(IMPORT, format="vtt"), 400, ["'vtt'", "uvtt"],
         "import-format"),
    case("POST", "/api/import", with_(IMPORT, lang="xx"), 400, ["'xx'"], "import-lang"),
    case("POST", "/api/import", with_(IMPORT, data={}), 400, ["uvtt|foundry"], "import-data"),
    case("POST", "/api/import", with_(IMPORT, data=with_(UVTT, resolution="x")), 400,
         ["'resolution'"], "import-resolution"),
    case("POST", "/api/import",
         with_(IMPORT, data=with_(UVTT, resolution={"map_origin": {"x": 0, "y": 0},
               "map_size": {"x": 10**9, "y": 10**9}, "pixels_per_grid": 10})), 413,
         ["1000000000x1000000000"], "import-huge"),
    case("POST", "/api/import",
         with_(IMPORT, data=with_(UVTT, resolution={"map_origin": {"x": 0, "y": 0},
               "map_size": {"x": 600, "y": 600}, "pixels_per_grid": 10})), 413,
         ["600x600", "500x500"], "import-over-limit"),
    case("POST", "/api/import", with_(IMPORT, data=with_(UVTT, image="!!!")), 400, ["'image'"],
         "import-image"),
    case("POST", "/api/import", with_(IMPORT, terrain=["...."]), 400, ["4x1", "4x3"],
         "import-terrain-size"),
    case("POST", "/api/import", with_(IMPORT, terrain=["QQQQ"] * 3), 400, ["'Q'"],
         "import-terrain-char"),
    case("POST", "/api/import", with_(IMPORT, terrain=["." * 501]), 413, ["501x1"],
         "import-terrain-wide"),
    case("POST", "/api/import", with_(IMPORT, name="x" * 256), 422, ["name", "255"],
         "import-name"),
    case("POST", "/api/import",
         {"data": {"grid": 100, "width": -100, "height": 100}, "system": "pf1e",
          "format": "foundry"}, 400, ["width", "-100"], "foundry-width"),
    # ---- rates and tables
    case("GET", "/api/rates/xx?speed=30", None, 400, ["'xx'", "pf1e"], "rates-system"),
    case("GET", "/api/rates/pf1e?speed=-30", None, 422, ["speed", "0"], "rates-negative"),
    case("GET", "/api/rates/pf1e?speed=31", None, 400, ["31", "multiple of 5"], "rates-not-5"),
    case("GET", "/api/rates/pf1e?base_speed=-30", None, 422, ["base_speed", "0"],
         "rates-base-negative"),
    case("GET", "/api/rates/pf1e?base_speed=31&armor=heavy", None, 400, ["31", "multiple of 5"],
         "rates-base-not-5"),
    case("GET", "/api/rates/drawsteel?base_speed=5", None, 400, ["drawsteel", "pf1e"],
         "rates-base-system"),
    case("GET", "/api/rates/pf1e?speed=nan", None, 422, ["speed", "integer"], "rates-nan"),
    case("GET", "/api/rates/pf1e?speed=" + "9" * 30, None, 422, ["speed", "100000"],
         "rates-huge"),
    case("GET", "/api/rates/pf1e?speed=30&armor=plate", None, 400, ["'plate'", "heavy"],
         "rates-armor"),
    case("GET", "/api/rates/pf1e?speed=30&load=x", None, 400, ["'x'", "medium"], "rates-load"),
    case("GET", "/api/rates/pf1e?speed=30&metric=maybe", None, 422, ["metric"], "rates-metric"),
    case("GET", "/api/rates/pf1e?speed=30&lang=fr", None, 400, ["'fr'"], "rates-lang"),
    case("GET", "/api/rates/pf1e", None, 400, ["speed"], "rates-no-speed"),
    case("GET", "/api/rates/dh2e?agility_bonus=1000", None, 422, ["agility_bonus", "30"],
         "rates-ab"),
    case("GET", "/api/rates/dh2e?agility_bonus=-1", None, 422, ["agility_bonus"],
         "rates-ab-negative"),
    case("GET", "/api/rates/dh2e?agility_bonus=x", None, 422, ["agility_bonus", "integer"],
         "rates-ab-text"),
    case("GET", "/api/tables/xx", None, 400, ["'xx'", "pf1e"], "tables-system"),
    case("GET", "/api/tables/pf1e/xx", None, 400, ["'xx'", "terrain"], "tables-table"),
    case("GET", "/api/tables/pf1e?lang=xx", None, 400, ["'xx'"], "tables-lang"),
    case("GET", "/api/tables/pf1e/terrain?lang=xx", None, 400, ["'xx'"], "table-lang"),
    # ---- flight
    case("POST", "/api/flight/reach", with_(FLY, speed=-60), 422, ["speed"], "fly-speed"),
    case("POST", "/api/flight/reach", with_(FLY, speed=61), 400, ["61"], "fly-speed-5"),
    case("POST", "/api/flight/reach", with_(FLY, speed=1000, action="double-move"), 413,
         ["2000", "240"], "fly-work"),
    case("POST", "/api/flight/reach", with_(FLY, maneuverability="superb"), 400,
         ["'superb'", "perfect"], "fly-maneuverability"),
    case("POST", "/api/flight/reach", with_(FLY, maneuverability=...), 400,
         ["'maneuverability'"], "fly-half"),
    case("POST", "/api/flight/reach", with_(FLY, alt=7), 400, ["7"], "fly-alt"),
    case("POST", "/api/flight/reach", with_(FLY, alt=-5), 422, ["alt"], "fly-alt-negative"),
    case("POST", "/api/flight/reach", with_(FLY, facing="UP"), 400, ["'UP'", "NE"], "fly-facing"),
    case("POST", "/api/flight/reach", with_(FLY, action="hover"), 400, ["'hover'", "double-move"],
         "fly-action"),
    case("POST", "/api/flight/reach", with_(FLY, since_turn=-1), 422, ["since_turn"],
         "fly-since-turn"),
    case("POST", "/api/flight/reach", with_(FLY, since_dive=10**9), 422, ["since_dive"],
         "fly-since-dive"),
    case("POST", "/api/flight/reach", with_(FLY, lang="xx"), 400, ["'xx'"], "fly-lang"),
    case("POST", "/api/flight/reach", {"scene": PF, "mover": "valeros"}, 400, ["pf1e", "dnd35"],
         "fly-pf1e"),
    case("POST", "/api/flight/reach", {"scene": CANYON, "mover": "nobody"}, 400,
         ["'nobody'", "regdar"], "fly-mover"),
    case("POST", "/api/flight/reach", {"scene": CANYON}, 400, ["'mover'"], "fly-no-mover"),
    case("POST", "/api/flight/reach", {"scene": CANYON, "mover": "regdar"}, 400,
         ["'regdar'", "fly"], "fly-walker"),
    case("POST", "/api/flight/reach", with_(FLY, alt_range=[40, 10]), 400, ["[40, 10]"],
         "fly-alt-range"),
    case("POST", "/api/flight/reach", with_(FLY, alt_range="10-40"), 422, ["alt_range"],
         "fly-alt-range-type"),
    case("POST", "/api/flight/reach", with_(FLY, interpretations={"x": "y"}), 400,
         ["'x'", "flight_turn_credit"], "fly-switch"),
    case("POST", "/api/flight/path", with_(FLY, to=[3, 0]), 422, ["to", "3 items"], "fly-to-2d"),
    case("POST", "/api/flight/path", with_(FLY, to=[0, -2, 0], alt_range=[40, 10]), 400,
         ["[40, 10]"], "fly-path-alt-range"),
    case("POST", "/api/flight/path", with_(FLY, to=[0, -2, 0], interpretations={
         "flight_turn_credit": "x"}), 400, ["'x'", "bank"], "fly-path-switch"),
    case("POST", "/api/flight/path", with_(FLY, to=[0, -2, 0], alt=7), 400, ["7"],
         "fly-path-alt"),
    case("POST", "/api/flight/path", with_(FLY, to=[0, -2, 0], facing=""), 400, ["''", "NE"],
         "fly-path-facing"),
    case("POST", "/api/flight/path", with_(FLY, to=[0, -2, 0], action=""), 400, ["''", "move"],
         "fly-path-action"),
    case("POST", "/api/flight/path", with_(FLY, to=[0, -2, 0], since_turn=10**6), 422,
         ["since_turn"], "fly-path-since-turn"),
    case("POST", "/api/flight/path", with_(FLY, to=[0, -2, 0], since_dive=-1), 422,
         ["since_dive"], "fly-path-since-dive"),
    case("POST", "/api/flight/path", with_(FLY, to=[0, -2, 0], lang="xx"), 400, ["'xx'"],
         "fly-path-lang"),
    case("POST", "/api/flight/path", {"scene": CANYON, "mover": "nobody", "to": [0, 0, 0]}, 400,
         ["'nobody'", "regdar"], "fly-path-mover"),
    case("POST", "/api/flight/path", {"scene": {}, "mover": "x", "to": [0, 0, 0]}, 400,
         ["'footfall'"], "fly-path-scene"),
    case("POST", "/api/flight/check", with_(FLY, steps="f1", alt=-5), 422, ["alt"],
         "fly-check-alt"),
    case("POST", "/api/flight/check", with_(FLY, steps="f1", facing="UP"), 400, ["'UP'"],
         "fly-check-facing"),
    case("POST", "/api/flight/check", with_(FLY, steps="f1", action="run"), 400, ["'run'"],
         "fly-check-action"),
    case("POST", "/api/flight/check", with_(FLY, steps="f1", since_turn=-1), 422,
         ["since_turn"], "fly-check-since-turn"),
    case("POST", "/api/flight/check", with_(FLY, steps="f1", since_dive=10**6), 422,
         ["since_dive"], "fly-check-since-dive"),
    case("POST", "/api/flight/check", with_(FLY, steps="f1", interpretations={"x": "y"}), 400,
         ["'x'"], "fly-check-switch"),
    case("POST", "/api/flight/check", with_(FLY, steps="f1", lang="xx"), 400, ["'xx'"],
         "fly-check-lang"),
    case("POST", "/api/flight/check", {"scene": CANYON, "mover": "nobody", "steps": "f1"}, 400,
         ["'nobody'"], "fly-check-mover"),
    case("POST", "/api/flight/check", {"scene": {}, "mover": "x", "steps": "f1"}, 400,
         ["'footfall'"], "fly-check-scene"),
    case("POST", "/api/flight/path", with_(FLY, to=[3, 0, 0], end_facing="Q"), 400,
         ["'Q'", "NW"], "fly-end-facing"),
    case("POST", "/api/flight/path", FLY, 422, ["to", "required"], "fly-to-missing"),
    case("POST", "/api/flight/check", with_(FLY, steps="zz"), 400, ["'zz'", "forward"],
         "fly-steps"),
    case("POST", "/api/flight/check", with_(FLY, steps=""), 400, ["empty"], "fly-steps-empty"),
    case("POST", "/api/flight/check", with_(FLY, steps="f" + "9" * 20), 413, ["9" * 20, "1000"],
         "fly-steps-huge"),
    case("POST", "/api/flight/check", with_(FLY, steps="f1 " * 1001), 413, ["1000 steps"],
         "fly-steps-many"),
    case("POST", "/api/flight/check", with_(FLY, steps="f1", path="1,0,0"), 400,
         ["'steps'", "'path'"], "fly-both"),
    case("POST", "/api/flight/check", with_(FLY, path="1,0"), 400, ["'1,0'"], "fly-path-2d"),
    case("POST", "/api/flight/check", with_(FLY, path="1,0,0 " * 2000), 422, ["path", "10000"],
         "fly-path-long"),
    case("POST", "/api/flight/check", with_(FLY, steps="f1", reflex=1000), 422, ["reflex"],
         "fly-reflex"),
    case("POST", "/api/flight/stall", {"alt": -5}, 422, ["alt"], "stall-alt"),
    case("POST", "/api/flight/stall", {"alt": 10**6}, 422, ["alt", "100000"], "stall-alt-huge"),
    case("POST", "/api/flight/stall", {"alt": "100"}, 422, ["alt", "integer"], "stall-alt-text"),
    case("POST", "/api/flight/stall", {"alt": 100, "rounds": 0}, 422, ["rounds"], "stall-rounds"),
    case("POST", "/api/flight/stall", {"alt": 100, "reflex": 101}, 422, ["reflex"],
         "stall-reflex"),
    case("POST", "/api/flight/stall", {"alt": 100, "lang": "xx"}, 400, ["'xx'"], "stall-lang"),
    # ---- travel
    case("POST", "/api/travel", with_(TRAVEL, legs=[]), 400, ["legs"], "travel-no-legs"),
    case("POST", "/api/travel", with_(TRAVEL, legs=[""]), 400, ["''"], "leg-empty"),
    case("POST", "/api/travel", with_(TRAVEL, legs=["-5 mi plains highway"]), 400, ["-5"],
         "leg-negative"),
    case("POST", "/api/travel", with_(TRAVEL, legs=["24 mi swampp trackless"]), 400,
         ["'swampp'", "swamp"], "leg-terrain"),
    case("POST", "/api/travel", with_(TRAVEL, legs=["24 mi plains highway"] * 201), 413,
         ["201 legs", "200"], "legs-many"),
    case("POST", "/api/travel", with_(TRAVEL, legs=["20000 mi plains highway"]), 413,
         ["20000 mi", "10000"], "leg-long"),
    case("POST", "/api/travel",
         with_(TRAVEL, legs=[{"distance": float("nan"), "terrain": "plains", "road": "highway"}]),
         400, ["'nan'"], "leg-nan"),
    case("POST", "/api/travel",
         with_(TRAVEL, legs=[{"distance": 24, "terrain": "plains", "road": "highway", "x": 1}]),
         400, ["'x'", "terrain"], "leg-key"),
    case("POST", "/api/travel", with_(TRAVEL, legs=[5]), 422, ["legs"], "leg-type"),
    case("POST", "/api/travel", with_(TRAVEL, system="xx"), 400, ["'xx'", "pf1e"],
         "travel-system"),
    case("POST", "/api/travel", with_(TRAVEL, system="drawsteel"), 400, ["drawsteel"],
         "travel-drawsteel"),
    case("POST", "/api/travel", with_(TRAVEL, speed=31), 400, ["31"], "travel-speed"),
    case("POST", "/api/travel", with_(TRAVEL, speed=10**20), 400, ["1" + "0" * 20, "100000"],
         "travel-speed-huge"),
    case("POST", "/api/travel", with_(TRAVEL, speed=..., speeds=[30, -5]), 400, ["-5"],
         "travel-speeds"),
    case("POST", "/api/travel", with_(TRAVEL, speed=...), 400, ["speed"], "travel-no-speed"),
    case("POST", "/api/travel", with_(TRAVEL, speed=..., mount="dragon"), 400,
         ["'dragon'", "pony"], "travel-mount"),
    case("POST", "/api/travel", with_(TRAVEL, speed=..., mount="pony", loaded="yes"), 422,
         ["loaded"], "travel-loaded"),
    case("POST", "/api/travel", with_(TRAVEL, speed=..., legs=["24 mi"], vessel="submarine"),
         400, ["'submarine'", "raft"], "travel-vessel"),
    case("POST", "/api/travel", with_(TRAVEL, speed=..., legs=["24 mi"], vessel="raft",
         current=101), 422, ["current", "100"], "travel-current"),
    case("POST", "/api/travel", with_(TRAVEL, speed=..., legs=["24 mi"], vessel="raft",
         flow="sideways"), 400, ["'sideways'", "downstream"], "travel-flow"),
    case("POST", "/api/travel", with_(TRAVEL, speed=..., legs=["24 mi"], vessel="raft",
         drift="x"), 422, ["drift"], "travel-drift"),
    case("POST", "/api/travel", with_(TRAVEL, speed=..., legs=["24 mi"], vessel="raft",
         tow=2), 422, ["tow"], "travel-tow"),
    case("POST", "/api/travel", with_(TRAVEL, hustle=25), 422, ["hustle", "24"], "travel-hustle"),
    case("POST", "/api/travel", with_(TRAVEL, forced_march=17), 422, ["forced_march", "16"],
         "travel-forced-march"),
    case("POST", "/api/travel", with_(TRAVEL, con_mod=31), 422, ["con_mod", "30"],
         "travel-con-mod"),
    case("POST", "/api/travel",
         with_(TRAVEL, unit="parsec", legs=[{"distance": 24, "terrain": "plains",
                                             "road": "highway"}]),
         400, ["'parsec'", "mi, km"], "travel-unit"),
    case("POST", "/api/travel", with_(TRAVEL, interpretations={"forced_march_dc": "x"}), 400,
         ["'x'", "plus-each"], "travel-switch"),
    case("POST", "/api/travel", with_(TRAVEL, seed=-1), 422, ["seed"], "travel-seed"),
    case("POST", "/api/travel", with_(TRAVEL, metric="km"), 422, ["metric"], "travel-metric"),
    case("POST", "/api/travel", with_(TRAVEL, lang="xx"), 400, ["'xx'"], "travel-lang"),
    case("POST", "/api/travel", {"system": "dh2e", "legs": ["12 km"], "agility_bonus": 101}, 422,
         ["agility_bonus"], "travel-ab"),
    case("POST", "/api/travel",
         {"system": "dh2e", "legs": ["12 km"], "agility_bonus": 3, "toughness": 10**30}, 400,
         ["1" + "0" * 30, "0-100"], "travel-toughness"),
    case("POST", "/api/travel",
         {"system": "dh2e", "legs": ["12 km"], "agility_bonus": 3, "toughness_bonus": 101}, 422,
         ["toughness_bonus"], "travel-tb"),
    case("POST", "/api/travel", {"system": "dh2e", "legs": ["12 km"]}, 400, ["agility"],
         "travel-dh2e-no-ab"),
    # ---- route
    case("POST", "/api/route", with_(ROUTE, sample="nosuch"), 400, ["'nosuch'", "valley"],
         "route-sample"),
    case("POST", "/api/route", with_(ROUTE, sample=...), 400, ["'map'", "'sample'"],
         "route-no-map"),
    case("POST", "/api/route", with_(ROUTE, sample="x" * 101), 422, ["sample", "100"],
         "route-sample-long"),
    case("POST", "/api/route", with_(ROUTE, sample=..., map=""), 400, ["legend"],
         "route-map-empty"),
    case("POST", "/api/route", with_(ROUTE, sample=..., map={}), 400, ["legend"],
         "route-map-object"),
    case("POST", "/api/route", with_(ROUTE, sample=..., map=3), 422, ["map"], "route-map-type"),
    case("POST", "/api/route",
         with_(ROUTE, sample=..., map={"grid": "square", "cell": "1 mi",
                                       "legend": {".": "plains trackless"}, "rows": ["." * 501]}),
         413, ["501x1"], "route-map-wide"),
    case("POST", "/api/route", with_(ROUTE, to=[99, 7]), 400, ["99,7", "30x14"], "route-to"),
    case("POST", "/api/route", with_(ROUTE, **{"from": [-1, 7]}), 400, ["-1,7"], "route-from"),
    case("POST", "/api/route", with_(ROUTE, **{"from": [12, 8]}), 400, ["12,8", "impassable"],
         "route-impassable"),
    case("POST", "/api/route", with_(ROUTE, speed=-30), 400, ["-30"], "route-speed"),
    case("POST", "/api/route", with_(ROUTE, speed=..., speeds=[30, 31]), 400, ["31"],
         "route-speeds"),
    case("POST", "/api/route", with_(ROUTE, speed=...), 400, ["speed"], "route-no-speed"),
    case("POST", "/api/route", with_(ROUTE, speed=..., mount="dragon"), 400, ["'dragon'"],
         "route-mount"),
    case("POST", "/api/route", with_(ROUTE, speed=..., mount="pony", loaded=1), 422, ["loaded"],
         "route-loaded"),
    case("POST", "/api/route", with_(ROUTE, system="xx"), 400, ["'xx'", "pf1e"], "route-system"),
    case("POST", "/api/route", with_(ROUTE, metric=None), 422, ["metric"], "route-metric"),
    case("POST", "/api/route", with_(ROUTE, lang="xx"), 400, ["'xx'"], "route-lang"),
    case("POST", "/api/route", with_(ROUTE, system="dh2e", sample="hive", speed=...,
         agility_bonus=101), 422, ["agility_bonus"], "route-ab"),
    # ---- chase
    case("POST", "/api/chase", with_(CHASE, pursuer=""), 400, ["''", "speed=30"], "chase-empty"),
    case("POST", "/api/chase", with_(CHASE, pursuer="speed=-30"), 400, ["-30"], "chase-speed"),
    case("POST", "/api/chase", with_(CHASE, quarry="speed=30,str=1"), 400,
         ["'str'", "speed, dex, con"], "chase-key"),
    case("POST", "/api/chase", with_(CHASE, pursuer=30), 422, ["pursuer", "string"],
         "chase-type"),
    case("POST", "/api/chase", with_(CHASE, scale="galactic"), 400, ["'galactic'", "tactical"],
         "chase-scale"),
    case("POST", "/api/chase", with_(CHASE, chase_tie="coin"), 400, ["'coin'", "pursuer"],
         "chase-tie"),
    case("POST", "/api/chase", with_(CHASE, system="dh2e"), 400, ["dh2e"], "chase-dh2e"),
    case("POST", "/api/chase", with_(CHASE, seed=2**64), 400,
         ["seed", str(2**64), str(2**63 - 1)], "chase-seed"),
    case("POST", "/api/chase", with_(CHASE, lang="xx"), 400, ["'xx'"], "chase-lang"),
    case("POST", "/api/chase", with_(CHASE, pursuer="speed=30,dex=99999999999999999999"), 400,
         ["99999999999999999999", "-10..30"], "chase-dex-huge"),
    case("POST", "/api/chase", with_(CHASE, quarry="speed=30,con=-11", scale="overland"), 400,
         ["quarry con -11", "-10..30"], "chase-con-low"),
    # ---- scene 'square' (strict xfails until session 2 bounded it in scene.py)
    case("POST", "/api/reach", with_(TAC, scene=scene(square=1e-300)), 400,
         ["square", "1e-300", "0.01 to 1000"], "square-tiny"),
    case("POST", "/api/render", {"scene": scene(square=10**300), "mover": "valeros"}, 400,
         ["square", "(301 digits)", "0.01 to 1000"], "square-huge"),
    # ---- travel party (session 2: the CLI's --member)
    case("POST", "/api/travel", with_(TRAVEL, party=[{"name": "A", "con_mod": 10**40}]), 400,
         ["'A'", "con"], "party-con-huge"),
    case("POST", "/api/travel", with_(TRAVEL, party=[{"name": "A", "speed": 10**40}]), 400,
         ["speed"], "party-speed-huge"),
    case("POST", "/api/travel", with_(TRAVEL, party=[{"name": " "}]), 400, ["name", "empty"],
         "party-name-blank"),
    case("POST", "/api/travel", with_(TRAVEL, party=[{"name": "x" * 101}]), 422,
         ["party.0.name"], "party-name-long"),
    case("POST", "/api/travel", with_(TRAVEL, party={"name": "A"}), 422, ["party"],
         "party-not-a-list"),
    case("POST", "/api/travel", with_(TRAVEL, party=[{"name": "A"}] * 1001), 422, ["party"],
         "party-over-schema"),
    case("POST", "/api/travel", with_(TRAVEL, party=[{"name": "A", "toughness": 40}]), 400,
         ["toughness", "dh2e"], "party-toughness-pf1e"),
    # ---- fly path 'to' and import walls (strict xfails until session 2 fixed api.py)
    case("POST", "/api/flight/path", with_(FLY, speed=20, to=[3, 0, 7]), 400,
         ["7", "multiple of 5"], "fly-path-to-alt"),
    case("POST", "/api/flight/path", with_(FLY, speed=20, to=[3, 0, -5]), 400, ["-5"],
         "fly-path-to-below-ground"),
    case("POST", "/api/flight/path", with_(FLY, speed=20, to=[3, 0, 10**12]), 400,
         ["1000000000000", "100000 ft"], "fly-path-to-huge-alt"),
    case("POST", "/api/import",
         with_(IMPORT, data=with_(UVTT, line_of_sight=[[{"x": i / 1000, "y": 0},
                                                       {"x": i / 1000, "y": 3}]
                                                      for i in range(5001)])),
         413, ["5001 wall segments", "5000"], "import-walls"),
    case("POST", "/api/reach", with_(TAC, scene=scene(square="1002/1001")), 400,
         ["square", "'1002/1001'", "denominator of at most 1000"], "square-fine"),
    # ---- encounters (TURN.md; tests/api/test_turns.py plays them)
    case("POST", "/api/encounters", {"sample": "nosuch", "order": [], "title": "t"}, 404,
         ["'nosuch'"], "encounter-sample"),
    case("POST", "/api/encounters", {"scene": scene(map=["." * 501])}, 413, ["501x1"],
         "encounter-scene-wide"),
    case("POST", "/api/encounters", {"sample": "pf1e-ogre-bridge", "order": ["nobody"]}, 400,
         ["'nobody'", "valeros"], "encounter-order"),
    case("GET", "/api/encounters/e-nosuch", None, 404, ["'e-nosuch'"], "encounter-unknown"),
    case("POST", "/api/encounters/e-nosuch/move",
         {"version": 1, "action": "move", "path": [[1, 1]], "distance": -1}, 422, ["distance"],
         "encounter-move-distance"),
    case("POST", "/api/encounters/e-nosuch/move", {"version": 1, "action": "move",
         "path": [[1, 1]]}, 404, ["'e-nosuch'"], "encounter-move-unknown"),
    case("POST", "/api/encounters/e-nosuch/undo", {"version": 0}, 422, ["version"],
         "encounter-undo-version"),
    case("POST", "/api/encounters/e-nosuch/end-turn", {"version": 1}, 404, ["'e-nosuch'"],
         "encounter-end-turn-unknown"),
    case("DELETE", "/api/encounters/e-nosuch", None, 404, ["'e-nosuch'"],
         "encounter-delete-unknown"),
    case("GET", "/api/encounters/e-nosuch/reach?action=move", None, 404, ["'e-nosuch'"],
         "encounter-reach-unknown"),
    case("GET", "/api/encounters/e-nosuch/reach?distance=-1", None, 422, ["distance"],
         "encounter-reach-distance"),
    case("GET", "/api/encounters/e-nosuch/reach?lang=xx", None, 400, ["'xx'", "en, ru, zh"],
         "encounter-reach-lang"),
    case("POST", "/api/encounters/e-nosuch/order", {"version": 1, "order": ["ogre"]}, 404,
         ["'e-nosuch'"], "encounter-order-unknown"),
    case("POST", "/api/encounters/e-nosuch/order", {"version": 1, "order": "ogre"}, 422,
         ["order"], "encounter-order-list"),

    # ---- forced movement (Draw Steel, issue 12 item 7)
    case("POST", "/api/forced", with_(FORCED, kind="shove"), 400, ["'shove'", "push, pull, slide"],
         "forced-kind"),
    case("POST", "/api/forced", with_(FORCED, target="nobody"), 400, ["'nobody'"],
         "forced-target"),
    case("POST", "/api/forced", with_(FORCED, distance=-1), 422, ["distance"], "forced-distance"),
    case("POST", "/api/forced", with_(FORCED, source=...), 400, ["source"], "forced-no-source"),
    case("POST", "/api/forced", with_(FORCED, source=[1]), 400, ["source", "[1]"],
         "forced-source-square"),
    case("POST", "/api/forced", with_(FORCED, path=[[1]]), 400, ["path", "[1]"], "forced-path"),
    case("POST", "/api/forced", with_(FORCED, path=[[2, 0]] * 2001), 413, ["2001 squares"],
         "forced-path-long"),
    case("POST", "/api/forced", with_(FORCED, vertical="maybe"), 422, ["vertical"],
         "forced-vertical"),
    case("POST", "/api/forced", with_(FORCED, stability=-1), 422, ["stability"],
         "forced-stability"),
    case("POST", "/api/forced", with_(FORCED, melee_weapon="x"), 422, ["melee_weapon"],
         "forced-melee"),
    case("POST", "/api/forced", with_(FORCED, agility=1000), 422, ["agility"], "forced-agility"),
    case("POST", "/api/forced", with_(FORCED, walls="paper"), 400, ["'paper'", "glass"],
         "forced-walls"),
    case("POST", "/api/forced", with_(FORCED, doors="paper"), 400, ["'paper'", "wood"],
         "forced-doors"),
    case("POST", "/api/forced", with_(FORCED, interpretations={"forced_share": "x"}), 400,
         ["'x'", "collide"], "forced-switch"),
    case("POST", "/api/forced", with_(FORCED, lang="xx"), 400, ["'xx'"], "forced-lang"),
    case("POST", "/api/forced", with_(FORCED, scene=PF, target="valeros"), 400,
         ["no forced movement"], "forced-system"),
]
# fmt: on


@pytest.mark.parametrize(("method", "url", "body", "raw", "status", "says"), CASES)
def test_hostile_request_is_a_one_line_4xx(
    client: TestClient,
    method: str,
    url: str,
    body: Any,
    raw: bytes | None,
    status: int,
    says: list[str],
) -> None:
    """A bad request gets its 4xx and one JSON error line naming the bad value."""
    assert_one_line_error(send(client, method, url, body, raw), status, says)


# ------------------------------------------------------------------------------ known bugs


def bug(method: str, url: str, body: Any, status: int, says: list[str], id: str, *,
        reason: str, owner: str) -> Any:  # fmt: skip
    """A hostile request the API gets wrong today, in a file this suite does not own."""
    mark = pytest.mark.xfail(strict=True, reason=f"bug: {reason}; owner: {owner}")
    return pytest.param(method, url, body, None, status, says, id=id, marks=mark)


def _long_walls(count: int) -> dict[str, Any]:
    """Return a 500x500 scene with `count` walls, each across the whole map."""
    walls = [{"from": [i / 7, 0], "to": [500 - i / 11, 500]} for i in range(count)]
    return {
        "footfall": 1,
        "system": "pf1e",
        "map": ["." * 500] * 500,
        "walls": walls,
        "creatures": [{"id": "v", "at": [0, 0], "size": "medium", "side": "a", "speed": 30}],
    }


#: Open findings, as `bug(...)` entries; none is open now (session 2 fixed the last ones,
#: in api.py, as plain cases above). A new one goes here, with a ``test_known_bug``
#: parametrized over this list asserting the contract (removed while the list is empty: an
#: empty parametrization only skips).
BUGS: list[Any] = []


def test_route_map_with_a_byte_order_mark(client: TestClient) -> None:
    """A route map text starting with a byte-order mark routes as the same text without it."""
    text = "name: t\ngrid: square\ncell: 1 mi\nlegend:\n  . = plains trackless\nrows:\n  ....\n"
    body = with_(ROUTE, sample=..., to=[3, 0], **{"from": [0, 0]}, map=text)
    plain = send(client, "POST", "/api/route", body)
    bom = send(client, "POST", "/api/route", with_(body, map="\ufeff" + text))
    assert plain.status_code == 200, plain.text[:300]
    assert (bom.status_code, bom.json()) == (200, plain.json())


def test_many_waypoints_on_the_largest_map_fail_fast(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A path through 2000 waypoints of a 500x500 map is refused (413) before any search."""
    import footfall.tactical

    def searched(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the search started")

    monkeypatch.setattr(footfall.tactical, "find_path", searched)
    big = {"footfall": 1, "system": "pf1e", "map": ["." * 500] * 500,
           "creatures": [{"id": "v", "at": [0, 0], "size": "medium", "side": "a",
                          "speed": 100000}]}  # fmt: skip
    body = {"scene": big, "mover": "v", "to": [499, 499], "via": [[499, 499], [0, 0]] * 1000}
    assert_one_line_error(send(client, "POST", "/api/path", body), 413, ["waypoints"])


def test_long_walls_on_the_largest_map_are_answered_in_seconds() -> None:
    """5000 walls across a 500x500 map (within Limits) are answered (200), in seconds.

    Was a strict xfail: scene.thin_wall_exits took minutes (400 walls: 26 s) on walls at float
    coordinates. Session 2 made it O(total wall length) with a float filter, so the request
    is answered rather than refused: about 3 s here, far below the bound. The wall-time budget
    (`query_seconds`, 20 s) is lifted: this pins the search's cost, not the budget, on a
    machine shared by many test runs.
    """
    import time

    client = TestClient(create_app(limits=Limits.server(query_seconds=600)))
    body = {"scene": _long_walls(5000), "mover": "v"}
    start = time.perf_counter()
    response = send(client, "POST", "/api/reach", body)
    assert time.perf_counter() - start < 60, "minutes again"
    assert response.status_code == 200, response.text[:300]
    assert response.json()["mover"] == "v"


# ------------------------------------------------------------------------------ odd, not bad


def test_bom_and_utf16_bodies_are_read_as_json(client: TestClient) -> None:
    """A byte-order mark or UTF-16 body (RFC 8259 readers may accept them) answers as UTF-8."""
    body = json.dumps(TAC)
    json_type = {"content-type": "application/json"}
    plain = client.post("/api/reach", content=body.encode("utf-8"), headers=json_type)
    assert plain.status_code == 200
    for raw in (b"\xef\xbb\xbf" + body.encode("utf-8"), body.encode("utf-16")):
        odd = client.post("/api/reach", content=raw, headers=json_type)
        assert (odd.status_code, odd.json()) == (200, plain.json())


def test_route_map_with_crlf_routes_as_with_lf(client: TestClient) -> None:
    """A text map with CRLF line ends gives the same route as the LF one."""
    text = ("name: t\ngrid: square\ncell: 1 mi\nlegend:\n  . = plains trackless\n"
            "rows:\n  ....\n  ....\n")  # fmt: skip
    base = with_(ROUTE, sample=..., to=[3, 1], **{"from": [0, 0]})
    lf = client.post("/api/route", json={**base, "map": text})
    crlf = client.post("/api/route", json={**base, "map": text.replace("\n", "\r\n")})
    assert lf.status_code == 200
    assert (crlf.status_code, crlf.json()) == (200, lf.json())


# ------------------------------------------------------------------------------ coverage


@lru_cache(maxsize=1)
def _schema() -> dict[str, Any]:
    schema: dict[str, Any] = create_app().openapi()
    return schema


def _template(url: str) -> str:
    """Return the /openapi.json path template a case's URL (without its query) matches."""
    parts = url.split("/")
    templates: list[str] = list(_schema()["paths"])
    for template in templates:
        wanted = template.split("/")
        if len(parts) == len(wanted) and all(
            w.startswith("{") or w == p for p, w in zip(parts, wanted, strict=True)
        ):
            return template
    return url


def _covered_urls() -> set[tuple[str, str]]:
    """Return (method, path template) of every case's URL."""
    return {
        (param.values[0].lower(), _template(param.values[1].split("?")[0]))
        for param in [*CASES, *BUGS]
    }


def test_every_endpoint_has_hostile_cases() -> None:
    """Each operation of /openapi.json (but the trivial health and lists) has a case above."""
    ops = {(m, p) for p, item in _schema()["paths"].items() for m in item}
    trivial = {("get", "/api/health"), ("get", "/api/limits"), ("get", "/api/scenes"),
               ("get", "/api/encounters")}  # fmt: skip
    assert sorted(ops - trivial - _covered_urls()) == []


def test_every_request_field_has_a_hostile_case() -> None:
    """Each field of each request body and each query parameter is broken in some case."""
    schema = _schema()
    models = schema["components"]["schemas"]
    wanted: set[tuple[str, str]] = set()
    for path, item in schema["paths"].items():
        for op in item.values():
            for param in op.get("parameters", []):
                if param["in"] == "query":
                    wanted.add((path, param["name"]))
            ref = (
                op.get("requestBody", {}).get("content", {}).get("application/json", {})
                .get("schema", {}).get("$ref")
            )  # fmt: skip
            if ref:
                for name in models[ref.split("/")[-1]]["properties"]:
                    wanted.add((path, name))
    # A field counts as covered when some case of its endpoint carries it (the cases set the
    # fields they carry; the good ones around the broken one are the endpoint's usual values).
    covered: set[tuple[str, str]] = set()
    for param in [*CASES, *BUGS]:
        url, body = param.values[1], param.values[2]
        path, _, query = url.partition("?")
        template = _template(path)
        for pair in query.split("&") if query else []:
            covered.add((template, pair.split("=")[0]))
        if isinstance(body, dict):
            covered |= {(template, key) for key in body}
    assert sorted(wanted - covered) == []


# ------------------------------------------------------------------------------ Hypothesis

#: A good request per POST endpoint: Hypothesis breaks one field of it at a time.
GOOD: dict[str, dict[str, Any]] = {
    "/api/reach": TAC,
    "/api/path": with_(TAC, to=[10, 5]),
    "/api/check": with_(TAC, path=[[9, 5]]),
    "/api/forced": FORCED,
    "/api/render": {"scene": PF, "mover": "valeros", "cell": 8},
    "/api/scenes/validate": {"scene": PF},
    "/api/import": IMPORT,
    "/api/flight/check": with_(FLY, steps="f2"),
    "/api/flight/path": with_(FLY, speed=20, to=[0, -2, 0]),
    "/api/flight/reach": with_(FLY, speed=20),
    "/api/flight/stall": {"alt": 100},
    "/api/travel": TRAVEL,
    "/api/route": with_(ROUTE, to=[2, 7]),
    "/api/chase": CHASE,
}

# The scene's "square" is not broken here: its known 500s are the BUGS above.
_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.sampled_from([0, -1, 1, 7, 2**31, 2**63, 10**400])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(["", "nan", "-5", "1e999", "\ufeff", "a\nb", "x" * 300]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


@st.composite
def _broken(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """Draw an endpoint and its good request with one field (or one scene field) broken."""
    url = draw(st.sampled_from(sorted(GOOD)))
    body = json.loads(json.dumps(GOOD[url]))
    targets = [k for k in body]
    if "scene" in body:
        targets += ["scene.map", "scene.walls", "scene.legend", "scene.system",
                    "creature.speed", "creature.at", "creature.size", "creature.fly"]  # fmt: skip
    target = draw(st.sampled_from(targets))
    value = draw(_json)
    if target.startswith("scene."):
        body["scene"][target[6:]] = value
    elif target.startswith("creature."):
        body["scene"]["creatures"][0][target[9:]] = value
    elif draw(st.booleans()):
        body[target] = value
    else:
        del body[target]
    return url, body


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(_broken())
def test_a_broken_field_never_gets_a_5xx(broken: tuple[str, dict[str, Any]]) -> None:
    """Any one field of a good request replaced by random JSON: a 2xx or a one-line 4xx."""
    url, body = broken
    response = send(_CLIENT, "POST", url, body)
    assert response.status_code < 500, (url, body, response.text[:300])
    if response.status_code >= 400:
        assert_one_line_error(response, response.status_code, [])


#: One app for the Hypothesis test (a fixture cannot be shared across its examples); a
#: small flight-search cap keeps random flights quick, as in tests/api/test_schema.py.
_CLIENT = TestClient(
    create_app(limits=Limits.server(flight_work=2_000)), raise_server_exceptions=False
)
