"""The battle-map page in real Chromium: paint, move a token, hover, check a path, switch language.

Drives Debian's Chromium through Playwright against a uvicorn server started on a free
loopback port by a fixture. Every number the page shows is compared with the API's answer for
the same scene, so the page cannot drift from the library. Screenshots go to ``test-output/``.
"""

from __future__ import annotations

import copy
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from helpers import ROOT
from helpers.browser import CHROMIUM, chromium, fresh_page, serve

#: The server's default sample, opened for editing (the bare address plays it as an encounter:
#: test_play.py).
DEFAULT = "/?scene=pf1e-ogre-bridge"
VIOLATIONS = "#violations li[data-rule]"  # one item per violated rule (notes carry no rule)
OUT = ROOT / "test-output"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not os.path.exists(CHROMIUM),
        reason=f"{CHROMIUM} is missing (CI installs Debian's chromium)",
    ),
]

#: A small pf1e scene: a wall of two squares at x = 4 (rows 2-3), valeros west of it, a large
#: ogre to the east. The diagonal (3,3) -> (4,4) passes the wall's corner (RULES.md 1.2 corner).
SCENE: dict[str, Any] = {
    "footfall": 1,
    "system": "pf1e",
    "map": [
        "............",
        "............",
        "....#.......",
        "....#.......",
        "............",
        "............",
        "............",
        "............",
    ],
    "creatures": [
        {"id": "valeros", "at": [2, 3], "size": "medium", "side": "party", "speed": 30},
        {"id": "ogre", "at": [8, 4], "size": "large", "side": "foes", "speed": 40},
    ],
}


#: Difficult terrain all round: RULES.md's ``hampered_diagonal`` switch changes the reach
#: (seed 000: a diagonal into difficult terrain; ``multiply`` doubles each step instead).
ROUGH: dict[str, Any] = {
    "footfall": 1,
    "system": "pf1e",
    "map": ["^" * 11] * 9,
    "creatures": [{"id": "valeros", "at": [5, 4], "size": "medium", "side": "party", "speed": 30}],
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Run footfall's app under uvicorn on a free loopback port; stop it at the end. Its
    encounters (the page asks whether there are any) live in a database file of its own."""
    from footfall.api import create_app
    from footfall.cli.serve import default_sample
    from footfall.turns.store import EncounterStore

    app = create_app(
        default_scene=default_sample(),
        default_mover="ogre",
        scenes={"browser-test": SCENE, "browser-rough": ROUGH},
    )
    database = tmp_path_factory.mktemp("encounters") / "encounters.sqlite3"
    app.state.encounters = EncounterStore(database, limits=app.state.footfall.limits)
    yield from serve(app)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Launch headless Debian Chromium (Playwright cannot download browsers here)."""
    yield from chromium("--disable-background-networking", "--disable-component-update")


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    """A fresh 1280x800 page; any JavaScript error fails the test."""
    yield from fresh_page(browser, 800)


def _shot(page: Any, name: str) -> None:
    OUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUT / f"{name}.png"), full_page=False)


def _settle(page: Any) -> None:
    """Wait until the page has no question in flight and none pending (debounced).

    Waiting for a shown value to equal the expected one could be satisfied by a stale answer
    that happens to be equal, and then be overtaken; waiting for quiet, then asserting, cannot.
    """
    page.wait_for_function("window.footfall.idle()")


def _open(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=20_000)
    _settle(page)


def _state(page: Any, expr: str) -> Any:
    return page.evaluate(f"() => JSON.parse(JSON.stringify(window.footfall.state.{expr}))")


def _square_xy(page: Any, x: int, y: int) -> tuple[float, float]:
    """Return the viewport point at the centre of square (x, y)."""
    box = page.locator("#map").bounding_box()
    cell = page.evaluate("() => window.footfall.state.cell")
    return box["x"] + (x + 0.5) * cell, box["y"] + (y + 0.5) * cell


def _count(page: Any) -> int:
    """Return the selected action's reachable-square count, once every answer is in (the
    number shown is of the squares shaded, every band: `data-count`; see test_play.py)."""
    _settle(page)
    return int(page.locator("#reach-count").get_attribute("data-action-count"))


def _api(url: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """Ask the test server's API directly (GET without a body).

    Call it while the page is quiet (after `_settle`, or before the page acts): the server
    answers one request at a time, and one sent during the page's burst of questions (a
    language switch asks for meta, three reaches and a check) waits behind all of them.
    """
    if body is None:
        return httpx.get(f"{url}/api/{path}", timeout=30).json()
    return httpx.post(f"{url}/api/{path}", json=body, timeout=30).json()


def _api_reach(
    url: str, scene: dict[str, Any], mover: str, action: str = "move", **more: Any
) -> Any:
    return _api(url, "reach", {"scene": scene, "mover": mover, "action": action, **more})


def _rules(page: Any) -> list[str]:
    """Return the rules of the violations the page lists, once every answer is in."""
    _settle(page)
    rules: list[str] = page.eval_on_selector_all(
        "#violations li[data-rule]", "els => els.map(e => e.dataset.rule)"
    )
    return rules


def test_default_scene_shows_ogre_reach(server: str, page: Any) -> None:
    """The page opens the pf1e sample with the ogre selected and shades its reachable squares."""
    _open(page, server + DEFAULT)
    assert _state(page, "moverId") == "ogre"
    scene = _state(page, "scene")
    assert any("^" in row for row in scene["map"])  # the difficult-terrain patch is there
    expected = len(_api_reach(server, scene, "ogre")["squares"])
    assert _count(page) == expected
    assert expected > 0
    _shot(page, "page-default")


def test_edit_move_hover_check_and_russian(server: str, page: Any) -> None:
    """Paint, move a token, hover and check a path: every number equals the API's; then ru."""
    _open(page, server + "/?scene=browser-test")
    assert _state(page, "moverId") == "valeros"
    assert _count(page) == len(_api_reach(server, SCENE, "valeros")["squares"])

    # paint difficult terrain at (1, 3) and (1, 4), beside valeros
    page.locator('#palette button[data-char="^"]').click()
    for x, y in ((1, 3), (1, 4)):
        page.mouse.click(*_square_xy(page, x, y))
    scene = _state(page, "scene")
    assert scene["map"][3][1] == "^" and scene["map"][4][1] == "^"
    assert _count(page) == len(_api_reach(server, scene, "valeros")["squares"])
    _shot(page, "page-painted")

    # move the ogre's token by dragging it from (8, 4) to (8, 1)
    page.locator('input[name=tool][value="select"]').check()
    page.mouse.move(*_square_xy(page, 8, 4))
    page.mouse.down()
    page.mouse.move(*_square_xy(page, 8, 2), steps=4)
    page.mouse.move(*_square_xy(page, 8, 1), steps=4)
    page.mouse.up()
    _settle(page)  # the drop asks for the path first (a legal move: the token moves)
    assert _state(page, "scene.creatures.find(c => c.id === 'ogre').at") == [8, 1]
    assert _state(page, "moverId") == "ogre"
    scene = _state(page, "scene")
    assert _count(page) == len(_api_reach(server, scene, "ogre")["squares"])
    _shot(page, "page-moved")

    # back to valeros: hover (6, 3) and read the path cost
    page.select_option("#mover", "valeros")
    assert _count(page) == len(_api_reach(server, scene, "valeros")["squares"])
    api_path = _api(
        server, "path", {"scene": scene, "mover": "valeros", "action": "move", "to": [6, 3]}
    )
    assert api_path["found"] is True
    page.mouse.move(*_square_xy(page, 6, 3))
    _settle(page)
    assert page.locator("#hover-cost").get_attribute("data-cost") == str(api_path["cost"])
    assert f"{api_path['cost']} ft" in page.locator("#hover-cost").inner_text()
    _shot(page, "page-hover")

    # drag an illegal path (3,3) -> (4,4) -> (5,4): the diagonal passes the wall's corner
    page.locator('input[name=tool][value="path"]').check()
    page.mouse.move(*_square_xy(page, 3, 3))
    page.mouse.down()
    for x, y in ((4, 4), (5, 4)):
        page.mouse.move(*_square_xy(page, x, y), steps=2)
    page.mouse.up()
    assert _state(page, "draft") == [[3, 3], [4, 4], [5, 4]]
    rules = _rules(page)  # the answer for the whole path, not one for a part of it
    drawn = {"scene": scene, "mover": "valeros", "action": "move", "path": [[3, 3], [4, 4], [5, 4]]}
    api_check = _api(server, "check", drawn)
    assert api_check["legal"] is False
    assert rules == [v["rule"] for v in api_check["violations"]]
    assert "corner" in rules
    assert page.locator("#check-result").get_attribute("data-legal") == "false"
    _shot(page, "page-check")

    # switch to Russian: labels and the server's rule message change language
    page.select_option("#lang", "ru")
    assert page.evaluate("document.documentElement.lang") == "ru"
    assert page.locator('[data-i18n="system"]').first.inner_text() == "Система"
    # the page's last message (the ogre's move) is said again in Russian
    assert page.locator("#status").text_content().startswith("ogre перемещается в (8,1): 15 ")
    _settle(page)
    api_ru = _api(server, "check", {**drawn, "lang": "ru"})
    first_ru = api_ru["violations"][0]["message"]
    assert first_ru != api_check["violations"][0]["message"]
    assert first_ru in page.locator(VIOLATIONS).first.text_content()
    # the switches in words, each with its one-line explanation (issue 14, item 4)
    label = page.locator('#interp label:has(select[data-name="hampered_diagonal"])')
    assert label.locator("span").text_content() == "Диагональ в затрудняющую местность"
    assert (label.get_attribute("title") or "").endswith("(hampered_diagonal)")
    # the creature form's menus: words shown, ids kept as values
    armor = page.eval_on_selector_all("#c-armor option", "os => os.map(o => [o.value, o.text])")
    assert [v for v, _ in armor] == ["none", "light", "medium", "heavy"]
    assert all(text != value for value, text in armor)
    sizes = page.eval_on_selector_all("#c-size option", "os => os.map(o => [o.value, o.text])")
    assert ["medium", "средний"] in sizes and ["heavy", "тяжелый доспех"] in armor
    assert len(label.get_attribute("title") or "") > len("(hampered_diagonal)") + 10
    _shot(page, "page-russian")


def test_keyboard_paints_and_moves(server: str, page: Any) -> None:
    """Arrow keys and Enter paint a square; Shift+arrow moves the selected token."""
    _open(page, server + "/?scene=browser-test")
    page.keyboard.press("p")  # body has focus: the paint tool
    page.locator('#palette button[data-char="#"]').click()
    page.locator("#map").focus()
    for key in ("ArrowRight", "ArrowDown", "Enter"):
        page.keyboard.press(key)
    assert _state(page, "scene.map[1][1]") == "#"
    page.keyboard.press("s")
    for key in ("ArrowRight", "ArrowDown", "ArrowDown"):
        page.keyboard.press(key)  # the cursor from (1, 1) to valeros at (2, 3)
    page.keyboard.press("Enter")  # select valeros
    page.keyboard.press("Shift+ArrowUp")
    assert _state(page, "scene.creatures[0].at") == [2, 2]
    scene = _state(page, "scene")
    assert _count(page) == len(_api_reach(server, scene, "valeros")["squares"])


def test_travel_panel_and_phone_width(server: str, browser: Any) -> None:
    """The travel panel shows the day-by-day log and a chart; a phone-width page fits."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        _open(page, server + DEFAULT)
        # one column: the map first, then the movement panel, then the tools
        tops = [page.locator(sel).bounding_box()["y"] for sel in ("#drop", ".panel", ".tools")]
        assert tops == sorted(tops)
        box = page.locator("#drop").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        _shot(page, "page-phone-map")
        page.fill("#t-hustle", "2")
        page.fill("#t-forced", "2")
        page.locator("#travel-form button[type=submit]").click()
        _settle(page)
        rows = page.eval_on_selector_all(
            "#t-days tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))"
        )
        api = _api(
            server,
            "travel",
            {
                "system": "pf1e",
                "speed": 30,
                "legs": ["24 mi forest trackless", "30 mi plains road"],
                "hustle": 2,
                "forced_march": 2,
                "con_mod": 0,
            },
        )
        assert [r[:3] for r in rows] == [
            [str(d["day"]), str(d["hours"]), str(d["distance"])] for d in api["days"]
        ]
        bars = page.locator("#t-chart rect").count()
        assert bars == len(api["forced_march"]) > 0
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390
        _shot(page, "page-phone")
    finally:
        context.close()


def test_scene_json_round_trip(server: str, page: Any) -> None:
    """Save downloads the edited scene as JSON; opening that file gives the same scene back."""
    _open(page, server + "/?scene=browser-test")
    with page.expect_download() as info:
        page.locator("#save-btn").click()
    path = info.value.path()
    saved = Path(path).read_text(encoding="utf-8")
    page.set_input_files("#file", files=[{"name": "saved.json", "mimeType": "application/json",
                                          "buffer": saved.encode()}])  # fmt: skip
    # Every answer for the opened scene (its reach) is in, and has not wiped the message.
    _settle(page)
    assert page.locator("#status").text_content() == "Opened saved.json."
    scene = _state(page, "scene")
    expected = copy.deepcopy(SCENE)
    assert scene["map"] == expected["map"]
    assert [c["id"] for c in scene["creatures"]] == ["valeros", "ogre"]


def test_readme_screenshot(server: str, page: Any) -> None:
    """The README's picture: the ogre's bands, a hovered path and a drawn path over budget.

    Written to ``test-output/page-readme.png``; with ``FOOTFALL_SCREENSHOT=1`` also to
    ``docs/img/page.png`` (the README's screenshot).
    """
    _open(page, server + DEFAULT)
    scene = _state(page, "scene")
    page.locator('input[name=tool][value="path"]').check()
    for x, y in ((13, 4), (14, 3), (15, 2)):
        page.mouse.click(*_square_xy(page, x, y))
    rules = _rules(page)  # the whole path's answer, not that of its first one or two squares
    api_check = _api(
        server, "check", {"scene": scene, "mover": "ogre", "path": [[13, 4], [14, 3], [15, 2]]}
    )
    assert rules == [v["rule"] for v in api_check["violations"]] and rules
    api_path = _api(server, "path", {"scene": scene, "mover": "ogre", "to": [9, 4]})
    page.mouse.move(*_square_xy(page, 9, 4))
    _settle(page)
    assert page.locator("#hover-cost").get_attribute("data-cost") == str(api_path["cost"])
    _shot(page, "page-readme")
    if os.environ.get("FOOTFALL_SCREENSHOT") == "1":
        target = ROOT / "docs" / "img" / "page.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(target))


@pytest.mark.parametrize(
    "name",
    ["pf1e-ogre-bridge", "dnd35-canyon-squeeze", "dh2e-hive-underpass", "drawsteel-burning-hall"],
)
def test_every_system_sample_opens(server: str, page: Any, name: str) -> None:
    """Each system's sample opens, and its first creature's reach count equals the API's."""
    _open(page, f"{server}/?scene={name}")
    scene = _state(page, "scene")
    mover = _state(page, "moverId")
    action = _state(page, "action")
    expected = len(_api_reach(server, scene, mover, action)["squares"])
    assert _count(page) == expected
    _shot(page, f"page-{name}")


def _point_xy(page: Any, gx: float, gy: float) -> tuple[float, float]:
    """Return the viewport point of grid point (gx, gy) (corners of squares)."""
    box = page.locator("#map").bounding_box()
    cell = page.evaluate("() => window.footfall.state.cell")
    return box["x"] + gx * cell, box["y"] + gy * cell


def test_walls_creatures_and_import(server: str, page: Any) -> None:
    """Draw a thin wall, add and remove a creature, then open a Universal VTT file."""
    _open(page, server + "/?scene=browser-test")
    page.locator('input[name=tool][value="wall"]').check()
    page.mouse.click(*_point_xy(page, 3, 1))
    page.mouse.click(*_point_xy(page, 3, 6))
    assert _state(page, "scene.walls") == [{"from": [3, 1], "to": [3, 6]}]
    scene = _state(page, "scene")
    assert _count(page) == len(_api_reach(server, scene, "valeros")["squares"])

    page.locator('input[name=tool][value="creature"]').check()
    page.mouse.click(*_square_xy(page, 10, 6))
    ids = [c["id"] for c in _state(page, "scene.creatures")]
    assert len(ids) == 3 and _state(page, "moverId") == "valeros"
    page.locator('input[name=tool][value="erase"]').check()
    page.mouse.click(*_square_xy(page, 10, 6))
    page.mouse.click(*_point_xy(page, 3, 4))
    assert [c["id"] for c in _state(page, "scene.creatures")] == ["valeros", "ogre"]
    assert _state(page, "scene.walls") == []

    uvtt = {
        "format": 0.3,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": 6, "y": 4},
            "pixels_per_grid": 10,
        },
        "line_of_sight": [[{"x": 3, "y": 0}, {"x": 3, "y": 3}]],
        "portals": [],
    }
    import json

    page.set_input_files("#file", files=[{"name": "cave.dd2vtt", "mimeType": "application/json",
                                          "buffer": json.dumps(uvtt).encode()}])  # fmt: skip
    _settle(page)
    assert _state(page, "sceneName") == "cave"
    scene = _state(page, "scene")
    assert scene["map"] == ["......"] * 4
    assert scene["walls"] == [{"from": [3, 0], "to": [3, 3]}]
    _shot(page, "page-imported")


def _hold(page: Any, pattern: str) -> list[Any]:
    """Hold every request to `pattern` (no answer until the test lets it go); return them."""
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    page.route(pattern, hold)
    return held


def _wait_for(page: Any, condition: Any, seconds: float = 20) -> None:
    """Wait (in real time, letting Playwright deliver events) until `condition()` holds."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        page.wait_for_timeout(10)


def _wait_held(page: Any, held: list[Any], n: int) -> None:
    """Wait until `n` requests are held."""
    _wait_for(page, lambda: len(held) >= n)


def test_a_late_reach_answer_never_overwrites_a_newer_question(server: str, page: Any) -> None:
    """A reach answer arriving after the action changed is dropped, even before the new ask.

    The page asks again 30 ms after an edit (debounced); an answer to the old question that
    lands in those 30 ms used to be shown (here: read with the new action, an error). The
    page's timers are frozen (Playwright's clock) to land it exactly there.
    """
    page.clock.install()
    _open(page, server + "/?scene=browser-test")
    page.locator("#bands").uncheck()  # one reach question per change: the selected action
    before = _count(page)
    assert before == len(_api_reach(server, SCENE, "valeros", "move")["squares"])

    held = _hold(page, "**/api/reach/all")  # every token's reach at once (web/every.js)
    page.locator("#c-speed").fill("20")  # valeros, speed 20: a new reach question, held
    page.locator("#c-apply").click()
    _wait_held(page, held, 1)
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)  # the page's timers stop
    page.select_option("#action", "double-move")  # the new question waits for the timers
    with page.expect_request_finished(lambda r: r.url.endswith("/api/reach/all")):
        held[0].continue_()  # the answer to the old question (speed 20, move) lands now
    page.wait_for_function("window.footfall.state.busy === 1")  # only the new ask is pending
    assert page.locator("#status").text_content() == "Opened browser-test."  # no error
    assert page.locator("#reach-count").get_attribute("data-count") == str(before)

    page.unroute("**/api/reach/all")
    page.clock.resume()
    scene = _state(page, "scene")
    assert scene["creatures"][0]["speed"] == 20
    expected = len(_api_reach(server, scene, "valeros", "double-move")["squares"])
    assert _count(page) == expected != before
    assert page.locator("#status").text_content() == "Opened browser-test."


def test_a_path_answer_after_the_pointer_left_is_dropped(server: str, page: Any) -> None:
    """The path under the pointer is cleared when it leaves the map, even if one is on its way."""
    _open(page, server + "/?scene=browser-test")
    held = _hold(page, "**/api/path")
    page.mouse.move(*_square_xy(page, 6, 3))
    _wait_held(page, held, 1)
    page.locator("#lang").hover()  # off the map
    held[0].continue_()
    page.unroute("**/api/path")
    _settle(page)
    assert page.locator("#hover-cost").text_content() == "—"
    assert _state(page, "hover") is None


def test_keyboard_only_walls_creatures_and_the_creature_form(server: str, page: Any) -> None:
    """Without a mouse: draw and erase a wall, add a creature, edit it in the form, remove it."""
    _open(page, server + "/?scene=browser-test")
    page.locator("#map").focus()
    page.keyboard.press("w")  # thin wall: Enter takes the cursor square's top-left corner
    for key in ("ArrowRight", "ArrowRight", "ArrowRight", "Enter"):
        page.keyboard.press(key)
    for _ in range(5):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert _state(page, "scene.walls") == [{"from": [3, 0], "to": [3, 5]}]
    scene = _state(page, "scene")
    assert _count(page) == len(_api_reach(server, scene, "valeros")["squares"])

    page.keyboard.press("c")  # add a creature at the cursor, (3, 5)
    page.keyboard.press("Enter")
    new = _state(page, "scene.creatures[2]")
    assert new == {"id": "c3", "at": [3, 5], "size": "medium", "side": "party", "speed": 30}
    # the form edits the selected token: Tab into it, change size and speed, Enter applies
    page.locator("#c-size").focus()
    page.keyboard.press("ArrowDown")  # the next size: large
    page.locator("#c-speed").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("20")
    page.locator("#c-helpless").focus()
    page.keyboard.press("Space")
    page.locator("#c-speed").focus()
    page.keyboard.press("Enter")  # submits the form
    edited = _state(page, "scene.creatures[2]")
    assert (edited["size"], edited["speed"], edited.get("helpless")) == ("large", 20, True)
    page.select_option("#mover", "c3")
    scene = _state(page, "scene")
    assert _count(page) == len(_api_reach(server, scene, "c3")["squares"])

    page.locator("#map").focus()
    page.keyboard.press("Delete")  # the creature at the cursor
    assert [c["id"] for c in _state(page, "scene.creatures")] == ["valeros", "ogre"]
    assert _state(page, "moverId") == "valeros"
    for _ in range(5):
        page.keyboard.press("ArrowUp")  # (3, 0): the wall runs along its left edge
    page.keyboard.press("Delete")
    assert _state(page, "scene.walls") == []
    assert _count(page) == len(_api_reach(server, SCENE, "valeros")["squares"])

    # the Remove button of the form, by keyboard too
    page.keyboard.press("s")
    for key in ("ArrowLeft", "ArrowDown", "ArrowDown", "ArrowDown", "Enter"):
        page.keyboard.press(key)  # (2, 3): valeros
    assert _state(page, "selectedId") == "valeros"
    page.locator("#c-remove").focus()
    page.keyboard.press("Enter")
    assert [c["id"] for c in _state(page, "scene.creatures")] == ["ogre"]
    assert _count(page) == len(_api_reach(server, _state(page, "scene"), "ogre")["squares"])
    _shot(page, "page-keyboard")


def test_drop_a_scene_file_on_the_map(server: str, page: Any) -> None:
    """A scene file dropped on the map opens (and Open… works from the keyboard)."""
    import json

    # Listen for file choosers before anything happens: Playwright turns the interception on
    # without waiting for it, so a listener added just before the key press can miss it.
    choosers: list[Any] = []

    def chosen(chooser: Any) -> None:
        choosers.append(chooser)

    page.on("filechooser", chosen)
    _open(page, server + DEFAULT)
    dropped = copy.deepcopy(SCENE)
    dropped["map"][0] = "^^^^........"
    transfer = page.evaluate_handle(
        """(text) => {
            const dt = new DataTransfer();
            dt.items.add(new File([text], "dropped.json", { type: "application/json" }));
            return dt;
        }""",
        json.dumps(dropped),
    )
    page.dispatch_event("#drop", "dragover", {"dataTransfer": transfer})
    assert "dragover" in page.locator("#drop").get_attribute("class")
    page.dispatch_event("#drop", "drop", {"dataTransfer": transfer})
    _settle(page)
    assert _state(page, "scene.map") == dropped["map"]
    assert _state(page, "sceneName") == "dropped"
    assert page.locator("#status").text_content() == "Opened dropped.json."
    assert _state(page, "moverId") == "ogre"  # the mover picked before is in the file too
    assert _count(page) == len(_api_reach(server, dropped, "ogre")["squares"])
    assert "dragover" not in page.locator("#drop").get_attribute("class")

    page.locator("#open-btn").focus()
    page.keyboard.press("Enter")
    _wait_for(page, lambda: len(choosers) == 1)
    assert not choosers[0].is_multiple()


def test_a_bad_dropped_file_says_why_and_keeps_the_scene(server: str, page: Any) -> None:
    """A file that is not JSON: one line naming it; the scene on the page stays."""
    _open(page, server + "/?scene=browser-test")
    page.set_input_files(
        "#file", files=[{"name": "notes.json", "mimeType": "text/plain", "buffer": b"hello"}]
    )
    _settle(page)
    assert page.locator("#status").text_content() == "notes.json: not a JSON scene or map file"
    assert "error" in page.locator("#status").get_attribute("class")
    assert _state(page, "sceneName") == "browser-test"


def test_a_flyer_on_the_page(server: str, page: Any) -> None:
    """The dnd35 giant eagle, aloft, flies by default; unticking 'Move by flight' walks it."""
    _open(page, server + "/?scene=dnd35-canyon-squeeze")
    page.select_option("#mover", "giant-eagle")
    _settle(page)  # ask the API once the page's questions are answered
    scene = _state(page, "scene")
    flying = _api_reach(server, scene, "giant-eagle")
    walking = _api_reach(server, scene, "giant-eagle", flying=False)
    assert flying["flying"] is True and walking["flying"] is False
    assert _count(page) == len(flying["squares"]) != len(walking["squares"])
    assert page.locator("#flying").is_visible() and page.locator("#flying").is_checked()
    # the canyon's narrow and low squares (SCENE.md width_ft / height_ft) are named as such
    assert page.locator('#palette button[data-char="n"]').text_content() == (
        " n narrow (2.5 ft wide)"
    )
    assert page.locator('#palette button[data-char="l"]').text_content() == " l low (2.5 ft high)"
    _shot(page, "page-flyer")
    page.locator("#flying").focus()
    page.keyboard.press("Space")
    assert _count(page) == len(walking["squares"])
    assert not page.locator("#flying").is_checked()
    page.select_option("#mover", "troll")  # no fly speed: no flight box
    _settle(page)
    assert not page.locator("#flying").is_visible()


def test_interpretation_switch_changes_the_answer(server: str, page: Any) -> None:
    """RULES.md's hampered_diagonal switch: the page's count follows the API's for each choice."""
    _open(page, server + "/?scene=browser-rough")
    counts = {
        choice: len(
            _api_reach(server, ROUGH, "valeros", interpretations={"hampered_diagonal": choice})[
                "squares"
            ]
        )
        for choice in ("as-diagonals", "multiply")
    }
    assert counts["as-diagonals"] != counts["multiply"]
    assert _count(page) == counts["as-diagonals"]  # the default
    page.locator("#interp-box summary").focus()
    page.keyboard.press("Enter")  # open the box from the keyboard
    select = page.locator('#interp select[data-name="hampered_diagonal"]')
    assert select.is_visible()
    select.select_option("multiply")
    assert _count(page) == counts["multiply"]
    assert _state(page, "interp.hampered_diagonal") == "multiply"


def test_chinese_labels_actions_and_rule_messages(server: str, page: Any) -> None:
    """中文: page labels, the system's action names and a rule message all in Chinese."""
    _open(page, server + "/?scene=browser-test&lang=zh")
    assert page.evaluate("document.documentElement.lang") == "zh-Hans"
    meta = _api(server, "meta?lang=zh")
    pf1e = next(s for s in meta["systems"] if s["id"] == "pf1e")
    options = page.eval_on_selector_all("#action option", "os => os.map(o => o.textContent)")
    assert options == [a["label"] for a in pf1e["actions"]]
    assert any("\u4e00" <= ch <= "\u9fff" for ch in "".join(options))
    page.locator('input[name=tool][value="path"]').check()
    for x, y in ((3, 3), (4, 4)):
        page.mouse.click(*_square_xy(page, x, y))
    rules = _rules(page)
    drawn = {"scene": SCENE, "mover": "valeros", "path": [[3, 3], [4, 4]], "lang": "zh"}
    api_zh = _api(server, "check", drawn)
    assert rules == [v["rule"] for v in api_zh["violations"]] == ["corner"]
    assert api_zh["violations"][0]["message"] in page.locator(VIOLATIONS).first.text_content()
    _shot(page, "page-chinese")


def _switches_shown(page: Any) -> list[str]:
    """Return the ids of the map's switches on screen, once every answer is in."""
    _settle(page)
    names: list[str] = page.eval_on_selector_all(
        "#interp label", "ls => ls.filter(l => !l.hidden).map(l => l.dataset.name)"
    )
    return names


def test_only_the_switches_that_change_the_answers_are_shown(server: str, page: Any) -> None:
    """The map shows a switch only where it changes the answers (a run, two sides, a tiny
    creature), each with its explanation; the planner shows forced_march_dc with forced march."""
    _open(page, server + "/?scene=browser-test&lang=ru")
    page.locator("#interp-box summary").click()
    # valeros (party) and the ogre (foes), bands shaded (a run among them), no tiny creature
    assert _switches_shown(page) == ["hampered_diagonal", "run_straight", "squeeze_past"]
    page.uncheck("#bands")  # only the selected action, a move: run_straight changes nothing
    assert _switches_shown(page) == ["hampered_diagonal", "squeeze_past"]
    page.select_option("#action", "run")
    assert _switches_shown(page) == ["hampered_diagonal", "run_straight", "squeeze_past"]
    page.select_option("#mover", "ogre")
    page.select_option("#c-size", "tiny")
    page.locator("#c-apply").click()
    assert _switches_shown(page) == [
        "hampered_diagonal",
        "run_straight",
        "tiny_end",
        "squeeze_past",
    ]
    help_ru = page.evaluate("async () => (await import('./i18n.js')).I18N.ru.sw_tiny_end_help")
    line = page.locator('#interp label[data-name="tiny_end"] .switch-help')
    assert line.is_visible() and line.text_content() == help_ru and "tiny" not in help_ru
    # the planner's switch is never on the map; the planner shows it with forced-march hours
    assert page.locator('#interp [data-name="forced_march_dc"]').count() == 0
    assert page.locator("#t-interp select").count() == 0
    page.fill("#t-forced", "2")
    page.select_option('#t-interp select[data-name="forced_march_dc"]', "first-is-10")
    with page.expect_request("**/api/travel*") as asked:
        page.locator("#travel-form button[type=submit]").click()
    assert asked.value.post_data_json["interpretations"] == {"forced_march_dc": "first-is-10"}
    _settle(page)
    # Draw Steel: its one switch (forced_share) is forced movement's, none on the map: no box
    page.select_option("#system", "drawsteel")
    _settle(page)
    assert _switches_shown(page) == []
    assert page.locator("#interp-box").is_hidden()


def test_a_refusal_follows_the_language_switch(server: str, page: Any) -> None:
    """A server's refusal (an unknown sample asked for in Russian) is asked again when the
    language is switched, so the line is in the new language; the page's own messages too."""
    _open(page, server + "/?scene=no-such-sample&lang=ru")
    line = page.locator("#status")
    ru = line.text_content() or ""
    assert "no-such-sample" in ru and "unknown" not in ru and line.get_attribute("lang") == "ru"
    page.select_option("#lang", "en")
    page.wait_for_function("document.getElementById('status').lang === 'en'", timeout=20_000)
    _settle(page)
    en = line.text_content() or ""
    assert "no-such-sample" in en and en != ru and "unknown" in en, en
    page.select_option("#lang", "zh")
    page.wait_for_function("document.getElementById('status').lang === 'zh-Hans'", timeout=20_000)
    _settle(page)
    zh = line.text_content() or ""
    assert "no-such-sample" in zh and any("\u4e00" <= ch <= "\u9fff" for ch in zh), zh


def test_a_refused_move_follows_the_language_switch(server: str, page: Any) -> None:
    """A refused move (a token dragged onto a wall, refused in Russian) is said again in the
    new language when it is switched: its path question is asked again (it changes nothing)."""
    _open(page, server + "/?scene=pf1e-ogre-bridge&lang=ru")
    scene = _state(page, "scene")
    valeros = next(c for c in scene["creatures"] if c["id"] == "valeros")
    wall = next(
        (x, y) for y, row in enumerate(scene["map"]) for x, ch in enumerate(row) if ch == "#"
    )
    page.locator('input[name=tool][value="select"]').check()
    page.mouse.move(*_square_xy(page, *valeros["at"]))
    page.mouse.down()
    page.mouse.move(*_square_xy(page, *wall), steps=4)
    _settle(page)
    page.mouse.up()
    _settle(page)
    line = page.locator("#status")
    ru = line.text_content() or ""
    assert "valeros" in ru and line.get_attribute("lang") == "ru", ru
    assert "error" in (line.get_attribute("class") or "")
    page.select_option("#lang", "en")
    page.wait_for_function("document.getElementById('status').lang === 'en'", timeout=20_000)
    _settle(page)
    en = line.text_content() or ""
    assert "valeros" in en and en != ru and not any("а" <= ch <= "я" for ch in en), en
    page.select_option("#lang", "zh")
    page.wait_for_function("document.getElementById('status').lang === 'zh-Hans'", timeout=20_000)
    _settle(page)
    zh = line.text_content() or ""
    assert "valeros" in zh and any("\u4e00" <= ch <= "\u9fff" for ch in zh), zh
    assert _state(page, "scene")["creatures"] == scene["creatures"]  # nothing moved
