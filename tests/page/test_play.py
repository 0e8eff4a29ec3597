"""Playing a round on the page in real Chromium: the drag preview, snap-back, undo and redo.

The page asks footfall's API as in test_browser.py, its encounters (TURN.md's endpoints) kept
in a database file of the test's own. Every number the page shows is compared with the API's
answer. `FOOTFALL_SCREENSHOT=1` refreshes docs/img/page-*.png (docs/page.md).
"""

from __future__ import annotations

import json
import os
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from helpers import ROOT
from helpers.browser import CHROMIUM, chromium, serve

OUT = ROOT / "test-output"
DOCS_IMG = ROOT / "docs" / "img"
BRIDGE = "pf1e-ogre-bridge"  # valeros (8,5) speed 30; the large ogre at (12,5); pits at x 10-11

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not os.path.exists(CHROMIUM),
        reason=f"{CHROMIUM} is missing (CI installs Debian's chromium)",
    ),
]


def _serve(database: Path | None) -> Iterator[str]:
    """Run footfall's app on a free loopback port, its encounters in `database` (a file of the
    test's own), or, with None, without the encounter endpoints (a server that has none)."""
    from footfall.api import create_app
    from footfall.cli.serve import default_sample
    from footfall.turns.store import EncounterStore

    app = create_app(default_scene=default_sample(), default_mover="ogre")
    served: Any = app
    if database is not None:
        app.state.encounters = EncounterStore(database, limits=app.state.footfall.limits)
    else:

        async def served(scope: Any, receive: Any, send: Any) -> None:
            """The app, with a 404 for every /api/encounters request."""
            if scope["type"] == "http" and scope["path"].startswith("/api/encounters"):
                body = b'{"error": "Not Found"}'
                head = [(b"content-type", b"application/json")]
                await send({"type": "http.response.start", "status": 404, "headers": head})
                await send({"type": "http.response.body", "body": body})
                return
            await app(scope, receive, send)

    yield from serve(served)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """footfall's app with its encounter endpoints (TURN.md), in a database of its own."""
    yield from _serve(tmp_path_factory.mktemp("encounters") / "encounters.sqlite3")


@pytest.fixture(scope="module")
def bare_server() -> Iterator[str]:
    """footfall's app without the encounter endpoints (an older or a trimmed server)."""
    yield from _serve(None)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium."""
    yield from chromium()


@pytest.fixture()
def context(browser: Any) -> Iterator[Any]:
    """A browser context (tabs share it); any JavaScript error in a tab fails the test."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    errors: list[str] = []
    ctx.on("page", lambda pg: pg.on("pageerror", lambda exc: errors.append(str(exc))))
    yield ctx
    ctx.close()
    assert errors == []


@pytest.fixture()
def page(context: Any) -> Any:
    """A tab."""
    return context.new_page()


def _settle(page: Any) -> None:
    page.wait_for_function("window.footfall.idle()")


def _open(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=20_000)
    _settle(page)


def _state(page: Any, expr: str) -> Any:
    return page.evaluate(f"() => JSON.parse(JSON.stringify(window.footfall.state.{expr}))")


def _xy(page: Any, x: int, y: int) -> tuple[float, float]:
    box = page.locator("#map").bounding_box()
    cell = page.evaluate("() => window.footfall.state.cell")
    return box["x"] + (x + 0.5) * cell, box["y"] + (y + 0.5) * cell


def _at(page: Any, cid: str) -> list[int]:
    at: list[int] = _state(page, f"scene.creatures.find(c => c.id === '{cid}').at")
    return at


def _api(url: str, path: str, body: dict[str, Any] | None = None) -> Any:
    if body is None:
        return httpx.get(f"{url}/api/{path}", timeout=30).json()
    return httpx.post(f"{url}/api/{path}", json=body, timeout=30).json()


def _drag(page: Any, frm: tuple[int, int], *to: tuple[int, int], release: bool = True) -> None:
    page.mouse.move(*_xy(page, *frm))
    page.mouse.down()
    for sq in to:
        page.mouse.move(*_xy(page, *sq), steps=3)
    _settle(page)
    if release:
        page.mouse.up()
        _settle(page)


def _shot(page: Any, name: str) -> None:
    OUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUT / f"{name}.png"))
    if os.environ.get("FOOTFALL_SCREENSHOT"):
        page.screenshot(path=str(DOCS_IMG / f"{name}.png"))


def _band_path(url: str, scene: dict[str, Any], mover: str, to: list[int]) -> Any:
    """The API's path to `to` under the smallest band action whose reach holds it."""
    for action in ("move", "double-move", "run"):
        reach = _api(url, "reach", {"scene": scene, "mover": mover, "action": action})
        if any(s["at"] == to for s in reach["squares"]):
            return _api(url, "path", {"scene": scene, "mover": mover, "action": action, "to": to})
    return _api(url, "path", {"scene": scene, "mover": mover, "action": "run", "to": to})


def test_drag_preview_shows_cost_band_and_provocation(server: str, page: Any) -> None:
    """Dragging valeros to (12,0) shows the API's double-move path, its cost and the ogre's
    attack of opportunity (on the map and in a visible line), then the drop moves him."""
    _open(page, server + f"/?scene={BRIDGE}")
    scene = _state(page, "scene")
    want = _band_path(server, scene, "valeros", [12, 0])
    assert want["found"] and want["action"] == "double-move" and want["provokes"]
    _drag(page, (8, 5), (9, 4), (10, 2), (12, 0), release=False)
    drag = _state(page, "dragPath.response")
    assert drag["path"] == want["path"] and drag["cost"] == want["cost"]
    line = page.locator("#move-line")
    assert line.is_visible() and f"{want['cost']} ft, double move" in line.inner_text()
    prov = page.locator("#provokes li")
    assert prov.count() == len(want["provokes"]) and prov.first.get_attribute("data-by") == "ogre"
    assert prov.first.is_visible() and want["provokes"][0]["message"] in prov.first.inner_text()
    _shot(page, "page-drag")
    page.mouse.up()
    _settle(page)
    assert _at(page, "valeros") == [12, 0]


def test_drop_into_a_pit_or_out_of_reach_snaps_back_naming_the_rule(server: str, page: Any) -> None:
    """A drop into a pit, or farther than a run, leaves the token, names the rule, keeps the
    shading; the count shown is every shaded square (the union of the band answers)."""
    _open(page, server + f"/?scene={BRIDGE}")
    page.select_option("#mover", "kyra")
    _settle(page)
    scene = _state(page, "scene")
    union = set()
    for action in ("move", "double-move", "run"):
        reach = _api(server, "reach", {"scene": scene, "mover": "kyra", "action": action})
        union |= {tuple(s["at"]) for s in reach["squares"]}
    count = page.locator("#reach-count")
    assert count.get_attribute("data-count") == str(len(union))
    _drag(page, (7, 7), (9, 7), (10, 7))  # (10,7) is a pit
    assert _at(page, "kyra") == [7, 7]
    status = page.locator("#status")
    assert "[impassable]" in status.inner_text() and "kyra" in status.inner_text()
    assert page.locator("#status.error").count() == 1
    assert count.get_attribute("data-count") == str(len(union))  # the shading stays
    _shot(page, "page-snap-back")
    far = _api(server, "path", {"scene": scene, "mover": "kyra", "action": "run", "to": [19, 12]})
    assert far["found"] is False and far["rule"] == "budget"
    _drag(page, (7, 7), (12, 9), (19, 12))
    assert _at(page, "kyra") == [7, 7]
    assert "[budget]" in status.inner_text()


def test_hover_follows_the_band_and_waypoints_force_the_path(server: str, page: Any) -> None:
    """Hovering a two-move square with "move" chosen answers its double-move path (not "no
    path"); a waypoint set by Ctrl+click takes the path through it."""
    _open(page, server + f"/?scene={BRIDGE}")
    page.select_option("#mover", "valeros")
    page.select_option("#action", "move")
    _settle(page)
    scene = _state(page, "scene")
    want = _band_path(server, scene, "valeros", [8, 12])
    assert want["action"] == "double-move" and want["found"]
    page.mouse.move(*_xy(page, 8, 12))
    _settle(page)
    assert page.locator("#hover-cost").get_attribute("data-cost") == str(want["cost"])
    page.keyboard.down("Control")
    page.mouse.click(*_xy(page, 6, 9))
    page.keyboard.up("Control")
    assert _state(page, "waypoints") == [[6, 9]]
    via = _api(
        server,
        "path",
        {
            "scene": scene,
            "mover": "valeros",
            "action": "double-move",
            "to": [8, 12],
            "via": [[6, 9]],
        },
    )
    page.mouse.move(*_xy(page, 8, 11))
    page.mouse.move(*_xy(page, 8, 12))
    _settle(page)
    assert _state(page, "hover.response.path") == via["path"]
    assert [6, 9] in via["path"]
    page.locator("#map").focus()
    page.keyboard.press("Escape")
    assert _state(page, "waypoints") == []


def test_a_round_undo_redo_end_turn_reload(server: str, page: Any) -> None:
    """Start an encounter, drag the active creature (recorded), undo and redo by keys and
    buttons, end the turn (the next creature acts), reload: the same encounter is shown."""
    _open(page, server + f"/?scene={BRIDGE}")
    scene0 = _state(page, "scene")
    page.locator("#turn-start").click()
    _settle(page)
    enc = _state(page, "encounter")
    assert enc["active"] == "valeros" and enc["round"] == 1
    assert f"encounter={enc['id']}" in page.url
    _drag(page, (8, 5), (8, 6), (8, 7))
    enc = _state(page, "encounter")
    assert [m["path"] for m in enc["turn"]["moves"]] == [[[8, 5], [8, 6], [8, 7]]]
    budget = page.locator("#budget").inner_text()
    assert "move 10 of 30 ft" in budget and "double move: 50 ft left" in budget
    _shot(page, "page-turn")
    page.locator("#map").focus()
    page.keyboard.press("Control+z")
    _settle(page)
    assert _at(page, "valeros") == [8, 5] and _state(page, "encounter.turn.moves") == []
    page.keyboard.press("Control+y")
    _settle(page)
    assert _at(page, "valeros") == [8, 7]
    page.locator("#undo-btn").click()
    _settle(page)
    page.locator("#redo-btn").click()
    _settle(page)
    assert _at(page, "valeros") == [8, 7]
    assert page.locator("#redo-btn").is_disabled()
    # a second move is judged with the first: /api/check of the turn's whole path
    whole = _api(
        server,
        "check",
        {"scene": scene0, "mover": "valeros", "action": "move", "path": [[8, 6], [8, 7], [8, 8]]},
    )
    _drag(page, (8, 7), (8, 8), release=False)
    assert f"(this turn: {whole['cost']} ft)" in page.locator("#move-line").inner_text()
    page.mouse.up()
    _settle(page)
    assert len(_state(page, "encounter.turn.moves")) == 2 and _at(page, "valeros") == [8, 8]
    # kyra is not the active creature: her drop is refused, named
    _drag(page, (7, 7), (6, 7))
    assert _at(page, "kyra") == [7, 7] and "valeros" in page.locator("#status").inner_text()
    page.locator("#end-turn").click()
    _settle(page)
    enc = _state(page, "encounter")
    assert enc["active"] == "kyra" and page.locator("#active").inner_text() == "kyra"
    assert page.locator("#order li.active").get_attribute("data-id") == "kyra"
    version = enc["version"]
    page.reload()
    page.wait_for_selector("body[data-ready=true]", timeout=20_000)
    _settle(page)
    assert _state(page, "encounter.version") == version
    assert _at(page, "valeros") == [8, 8] and _state(page, "encounter.active") == "kyra"
    # the reloaded page plays on: kyra's menus and shading are there
    assert _state(page, "action") == "move" and _state(page, "moverId") == "kyra"
    assert page.locator("#reach-count").get_attribute("data-count") not in ("", "0")
    assert page.locator("#mover").input_value() == "kyra"


def test_a_gm_runs_a_whole_round_of_the_pf1e_sample(server: str, page: Any) -> None:
    """?play=1 opens the sample as an encounter; every creature in the order takes its turn (a
    move for the party and the ogre, a refused one for the ogre's pit); round 2 starts."""
    _open(page, server + f"/?scene={BRIDGE}&play=1")
    enc = _state(page, "encounter")
    assert enc["round"] == 1 and enc["order"][0] == "valeros"
    moves = {
        "valeros": [(8, 5), (9, 4), (9, 3)],
        "kyra": [(7, 7), (6, 8), (6, 9)],
        "merisiel": [(2, 8), (3, 8), (4, 8)],
        "ezren": [(2, 3), (3, 3), (3, 4)],  # in the room west of the thin wall at x 4
        "ogre": [(12, 5), (13, 5), (13, 6)],
    }
    for cid in enc["order"]:
        assert _state(page, "encounter.active") == cid
        if cid in moves:
            frm, *to = moves[cid]
            if cid == "ogre":  # first into the pit at (11,7): refused, named
                _drag(page, frm, (11, 6), (11, 7))
                assert (
                    _at(page, "ogre") == [12, 5]
                    and "[impassable]" in page.locator("#status").inner_text()
                )
            _drag(page, frm, *to)
            assert _at(page, cid) == list(to[-1]), page.locator("#status").inner_text()
            assert len(_state(page, "encounter.turn.moves")) == 1
            if cid == "ogre":
                _shot(page, "page-round")
        page.locator("#end-turn").click()
        _settle(page)
    assert _state(page, "encounter.round") == 2
    assert _state(page, "encounter.active") == "valeros"
    assert page.locator("#round").inner_text() == "2"


def test_the_bare_address_plays_the_sample_encounter(server: str, context: Any) -> None:
    """`footfall serve`'s address (the README's first command) opens the default sample as an
    encounter (the last one kept of it, else a new one); opened again, it plays on that one."""
    before = [e["id"] for e in _api(server, "encounters") if e["title"] == BRIDGE]
    a = context.new_page()
    _open(a, server + "/")
    enc = _state(a, "encounter")
    assert enc["title"] == BRIDGE
    assert enc["id"] == (before[-1] if before else enc["id"])
    assert a.locator("#turn-play").is_visible() and f"encounter={enc['id']}" in a.url
    b = context.new_page()
    _open(b, server + "/")
    assert _state(b, "encounter.id") == enc["id"]
    after = [e["id"] for e in _api(server, "encounters") if e["title"] == BRIDGE]
    assert after == (before or [enc["id"]])  # no encounter made twice


def test_two_tabs_a_stale_version_reloads_and_says_so(server: str, context: Any) -> None:
    """Two tabs on one encounter: the second tab's change on an old version is refused (409),
    and that tab reads the encounter again and says so; no move is lost."""
    a = context.new_page()
    _open(a, server + f"/?scene={BRIDGE}")
    a.locator("#turn-start").click()
    _settle(a)
    b = context.new_page()
    _open(b, a.url)
    assert _state(b, "encounter.id") == _state(a, "encounter.id")
    a.bring_to_front()
    _drag(a, (8, 5), (9, 5), (10, 5))
    assert _at(a, "valeros") == [10, 5]
    b.locator("#end-turn").click()  # b still holds the version before a's move
    _settle(b)
    assert "another window" in b.locator("#status").inner_text()
    assert _state(b, "encounter.version") == _state(a, "encounter.version")
    assert _at(b, "valeros") == [10, 5] and _state(b, "encounter.active") == "valeros"


def test_no_encounter_server_is_said(bare_server: str, page: Any) -> None:
    """Without /api/encounters the turn box says the server is not available; drops are
    still checked."""
    assert httpx.get(f"{bare_server}/api/encounters", timeout=10).status_code == 404
    _open(page, bare_server + f"/?scene={BRIDGE}")
    assert page.locator("#turn-none").is_visible()
    assert page.locator("#turn-start").is_disabled()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png(w: int, h: int) -> bytes:
    """A small green PNG (the picture a GM attaches)."""
    raw = b"".join(b"\x00" + bytes([40, 120, 60] * w) for _ in range(h))
    head = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    body = _chunk(b"IHDR", head) + _chunk(b"IDAT", zlib.compress(raw)) + _chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def test_a_foundry_import_shows_its_warnings_asks_speeds_takes_a_picture(
    server: str, page: Any, tmp_path: Path
) -> None:
    """A Foundry scene opened: every import warning is listed, the tokens without a speed are
    named and take the system's default on one click, and its picture can be attached."""
    _open(page, server + f"/?scene={BRIDGE}")
    src = ROOT / "tests" / "fixtures" / "foundry-v13-regions.json"
    data = json.loads(src.read_text())
    want = _api(server, "import", {"data": data, "system": "pf1e", "name": src.name})
    page.set_input_files("#file", str(src))
    _settle(page)
    items = page.locator("#import-warnings li:not(.head)")
    assert items.count() == len(want["warnings"]) >= 3
    assert all(items.nth(i).is_visible() for i in range(items.count()))
    assert page.locator("#speeds-box").is_visible()
    assert "seoni" in page.locator("#speeds-text").inner_text()
    assert page.locator("#bg-box").is_visible()
    assert "sunken-bridge.webp" in page.locator("#bg-text").inner_text()
    _shot(page, "page-import")
    page.locator("#speeds-btn").click()
    _settle(page)
    assert [c.get("speed") for c in _state(page, "scene.creatures")] == [30, 30]
    assert page.locator("#speeds-box").is_hidden()
    pic = tmp_path / "sunken-bridge.png"
    pic.write_bytes(_png(8, 8))
    page.set_input_files("#bg-file", str(pic))
    bg = "(window.footfall.state.scene.background || '').startsWith('data:image/png')"
    page.wait_for_function(bg)
    assert page.locator("#bg-box").is_hidden()


def test_phone_width_plays(server: str, browser: Any) -> None:
    """At 390 px the page fits, the map first; the turn box and the move line are reachable."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    pg = ctx.new_page()
    try:
        _open(pg, server + f"/?scene={BRIDGE}")
        width = pg.evaluate("document.documentElement.scrollWidth")
        assert width <= 390
        map_box = pg.locator("#drop").bounding_box()
        turn_box = pg.locator("#turn").bounding_box()
        assert map_box["y"] < turn_box["y"]
        pg.locator("#turn-start").click()
        _settle(pg)
        assert pg.locator("#budget").is_visible()
    finally:
        ctx.close()


# ------------------------------------------------------------------------------ the rest of a turn


def _start(page: Any, server: str) -> dict[str, Any]:
    """Open the bridge and start an encounter of it; its id and version."""
    _open(page, server + f"/?scene={BRIDGE}")
    page.locator("#turn-start").click()
    _settle(page)
    enc: dict[str, Any] = _state(page, "encounter")
    return enc


def _turn_reach(server: str, eid: str, actions: list[str]) -> Any:
    params = [("action", a) for a in actions]
    return httpx.get(f"{server}/api/encounters/{eid}/reach", params=params, timeout=30).json()


def test_the_shading_is_what_the_active_creature_may_still_reach(server: str, page: Any) -> None:
    """After valeros's 5-ft diagonal move the shading is the server's rest of the turn: the
    count shown is its count, (10,5) costs 10 ft (the turn's second diagonal) in the shading
    and under the pointer, the run (a full-round action) shades nothing; a fresh turn from
    (9,4) would shade more."""
    enc = _start(page, server)
    _drag(page, (8, 5), (9, 4))
    assert _at(page, "valeros") == [9, 4]
    want = _turn_reach(server, enc["id"], ["move", "double-move", "run"])
    assert want["version"] == _state(page, "encounter.version")
    count = page.locator("#reach-count")
    assert count.get_attribute("data-count") == str(want["count"])
    assert _state(page, "reach.move.squares") == want["reach"]["move"]["squares"]
    at = {tuple(s["at"]): s for s in _state(page, "reach.move.squares")}
    assert (at[(10, 5)]["cost"], at[(10, 5)]["turn_cost"]) == (10, 15)
    assert _state(page, "reach.run.squares") == []
    fresh = set()
    for action in ("move", "double-move", "run"):
        body = {"scene": _state(page, "scene"), "mover": "valeros", "action": action}
        fresh |= {tuple(s["at"]) for s in _api(server, "reach", body)["squares"]}
    assert len(fresh) > want["count"]
    page.mouse.move(*_xy(page, 10, 5))  # the path under the pointer says what the shading says
    _settle(page)
    hover = _state(page, "hover.response")
    assert (hover["cost"], hover["turn_cost"]) == (10, 15)
    assert "10 ft, move (this turn: 15 ft)" in page.locator("#move-line").inner_text()
    _shot(page, "page-rest-of-turn")


#: Delays every reach answer by 600 ms in the page and logs when reach and path are asked (a
#: path with the square it is asked to: a drag's last preview may still be asked after the drop
#: on a loaded machine).
SLOW_REACH = """
window.__log = [];
const plain = window.fetch.bind(window);
window.fetch = async (url, init) => {
  const u = String(url);
  if (u.includes("/reach")) {
    window.__log.push("reach-asked");
    await new Promise((r) => setTimeout(r, 600));
    const res = await plain(url, init);
    window.__log.push("reach-answered");
    return res;
  }
  if (u.startsWith("api/path")) {
    const to = JSON.parse(init.body).to;
    window.__log.push(to ? `path-asked:${to}` : "path-asked");
  }
  return plain(url, init);
};
"""


def test_hover_after_a_move_reads_the_reach_of_the_new_state(server: str, page: Any) -> None:
    """Hovering (8,4) at once after valeros moved 20 ft to (8,9): the path is asked only once
    the reach of the new state has come (it is slowed to 600 ms), under its band (double move:
    the move action has 10 ft left) and judged with the turn (45 ft in all, as check says)."""
    page.add_init_script(SLOW_REACH)
    _start(page, server)
    scene0 = _state(page, "scene")
    _drag(page, (8, 5), (8, 6), (8, 7), (8, 8), (8, 9), release=False)
    page.evaluate("() => window.__log.push('drop')")
    page.mouse.up()
    page.mouse.move(*_xy(page, 8, 4))
    _settle(page)
    assert _at(page, "valeros") == [8, 9]
    log: list[str] = page.evaluate("() => window.__log")
    after = log[log.index("drop") :]
    assert "path-asked:8,4" in after and "reach-answered" in after
    assert after.index("reach-answered") < after.index("path-asked:8,4"), after
    hover = _state(page, "hover")
    assert hover["to"] == [8, 4] and hover["response"]["action"] == "double-move"
    path = [[8, 6], [8, 7], [8, 8], [8, 9], [8, 8], [8, 7], [8, 6], [8, 5], [8, 4]]
    whole = _api(
        server, "check",
        {"scene": scene0, "mover": "valeros", "action": "double-move", "path": path},
    )  # fmt: skip
    assert whole["legal"] and hover["response"]["turn_cost"] == whole["cost"] == 45


def test_the_initiative_order_changes_during_play(server: str, page: Any) -> None:
    """During play the order's buttons and a dragged name change the server's order: valeros
    (acting) goes one later, then ogre is dragged onto kyra's place; valeros keeps his turn;
    ending it passes to the creature after him in the new order."""
    enc = _start(page, server)
    order = enc["order"]
    page.locator("#order li[data-id=valeros] button").nth(1).click()  # later
    _settle(page)
    now = _state(page, "encounter")
    assert now["order"] == [order[1], "valeros", *order[2:]] and now["active"] == "valeros"
    assert now["version"] == enc["version"] + 1
    assert _api(server, f"encounters/{enc['id']}")["order"] == now["order"]
    assert "valeros" in page.locator("#status").inner_text()
    page.locator("#order li[data-id=ogre]").drag_to(page.locator("#order li[data-id=kyra]"))
    _settle(page)
    moved = _state(page, "encounter.order")
    assert moved[0] == "ogre" and moved.index("valeros") == 2, moved
    assert _state(page, "encounter.turn.reorders")[-1]["to"] == moved
    assert page.locator("#order li.active").get_attribute("data-id") == "valeros"
    page.locator("#end-turn").click()
    _settle(page)
    assert _state(page, "encounter.active") == moved[3]


def test_move_messages_follow_a_language_switch(server: str, page: Any) -> None:
    """A move's message, said in English, is said again in Russian after the switch with the
    unit and the action named in Russian (the catalog's and the server's menu words)."""
    _open(page, server + f"/?scene={BRIDGE}")
    _drag(page, (8, 5), (8, 6), (8, 7))
    status = page.locator("#status")
    assert status.inner_text() == "valeros moved to (8,7): 10 ft (move)."
    page.select_option("#lang", "ru")
    _settle(page)
    ru = httpx.get(f"{server}/api/meta", params={"lang": "ru"}, timeout=30).json()
    pf = next(s for s in ru["systems"] if s["id"] == "pf1e")
    label = next(a["label"] for a in pf["actions"] if a["id"] == "move")
    assert status.inner_text() == f"valeros перемещается в (8,7): 10 фт ({label})."
    page.select_option("#lang", "en")
    _settle(page)
    page.locator("#turn-start").click()
    _settle(page)
    _drag(page, (8, 7), (8, 8))
    assert status.inner_text() == "valeros moved 5 ft."
    page.select_option("#lang", "ru")
    _settle(page)
    assert status.inner_text() == "valeros: перемещение — 5 фт."
    page.locator("#undo-btn").click()
    _settle(page)
    assert status.inner_text() == "Перемещение отменено."
