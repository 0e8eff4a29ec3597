"""The API docs page and the battle-map page in Russian and Chinese, in real Chromium.

/docs?lang=ru|zh: Swagger UI draws the translated document (footfall.api.docs_page) and its
own fixed labels are replaced from the catalog ("Try it out" -> «Попробовать»), with every file
from footfall's own server (offline). The battle-map page: each sample and each panel opened,
no visible Latin word but names and the `ALLOWED` words, each with its reason (the same spirit
as tests/i18n/test_no_english.py's SPANS).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import pytest

from helpers import ROOT
from helpers.browser import CHROMIUM, chromium, fresh_page, serve

#: A Foundry scene export with import warnings, tokens without a speed and a picture to attach.
FOUNDRY = ROOT / "tests" / "fixtures" / "foundry-v13-regions.json"
SCRIPTS = {"ru": re.compile("[\u0400-\u04ff]"), "zh": re.compile("[\u4e00-\u9fff]")}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing"),
]

SAMPLES = [
    "pf1e-ogre-bridge",
    "dnd35-canyon-squeeze",
    "dh2e-hive-underpass",
    "drawsteel-burning-hall",
]

#: Latin words a Russian or Chinese GM may meet on the page, each with its reason. Beside these:
#: names (creature ids, sample scenes' names, system ids: what the GM types, shown beside their
#: words), an id in parentheses after its word (``бег (run)``, the page's ``word (id)`` form),
#: single letters (a map's legend character, a key cap, Draw Steel's sizes 1S/1M/1L), ``x2``, a
#: value or field quoted as the file or request holds it (``'seoni'``, ``'speed'``) and a path.
ALLOWED: dict[str, str] = {
    "footfall": "the program's name",
    "API": "API docs: the term as the GM's other tools use it",
    "RULES.md": "the file the interpretation switches cite",
    "PNG": "a file format's name",
    "JSON": "a file format's name",
    "Pathfinder": "a game's name",
    "D&D": "a game's title, kept in the systems' ru names (systems/*.toml)",
    "Dark": "Dark Heresy, a game's title kept in its ru name (systems/dh2e.toml)",
    "Heresy": "Dark Heresy, a game's title kept in its ru name (systems/dh2e.toml)",
    "Draw": "Draw Steel, a game's title kept in its ru name (systems/drawsteel.toml)",
    "Steel": "Draw Steel, a game's title kept in its ru name (systems/drawsteel.toml)",
    "AC": "seed 004's own abbreviation (004_dnd35_zh line 154: 攻击检定和AC都会受到-4减值)",
    "DC": "seed 004's own abbreviation (004_dnd35_zh line 177: 反射检定(DC 20))",
    "English": "the language menu names each language in itself",
    "Enter": "a key cap's name",
    "Esc": "a key cap's name",
    "Shift": "a key cap's name",
    "Ctrl": "a key cap's name (Ctrl+Z, Ctrl+Y)",
    "VTT": "Universal VTT / Foundry VTT, file formats' names",
    "Universal": "Universal VTT, a file format's name",
    "Foundry": "Foundry VTT, a program's name",
}

#: Where the text is what the GM types, not words the page says: the legs of a journey are
#: JOURNEY.md's syntax (``24 mi forest trackless``), ids like the CLI's option values.
TYPED = {"t-legs"}

#: Every visible text of the page: text nodes of shown elements, their title, placeholder and
#: aria-label attributes, option labels of shown menus.
_TEXTS = """() => {
  const out = [];
  const shown = (el) =>
    el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || ["SCRIPT", "STYLE", "OPTION"].includes(el.tagName)) continue;
    if (n.nodeValue.trim() && shown(el)) out.push([el.id || el.tagName, n.nodeValue.trim()]);
  }
  for (const el of document.querySelectorAll("[title], [placeholder], [aria-label]")) {
    if (!shown(el)) continue;
    for (const a of ["title", "placeholder", "aria-label"]) {
      if (el.getAttribute(a)) out.push([`${el.id || el.tagName}@${a}`, el.getAttribute(a)]);
    }
  }
  for (const sel of document.querySelectorAll("select")) {
    if (!shown(sel)) continue;
    for (const o of sel.options) out.push([`${sel.id}>option`, o.label]);
  }
  return out;
}"""


def latin_words(texts: list[list[str]], names: set[str]) -> list[tuple[str, str, str]]:
    """Return (where, word, text) of each Latin word that is neither a name nor allowed."""
    found = []
    for where, text in texts:
        if where in TYPED:
            continue
        bare = re.sub(r"\((?:[a-z0-9]+[_.-])*[a-z0-9]+\)", " ", text)  # word (id)
        # quoted as the file held it (a region's name may have spaces); a path; a file's
        # field path (tokens[1]); an option name a warning names for the command line
        bare = re.sub(r"'[^'\n]*'|\S*/\S*|\b\w+\[\d+\]|(?<![\w-])--[a-z][\w-]*", " ", bare)
        for word in re.findall(r"[A-Za-z][A-Za-z0-9]*(?:[_.&-][A-Za-z0-9]+)*", bare):
            if word in names or word in ALLOWED or len(word) == 1 or re.fullmatch(r"x\d+", word):
                continue
            found.append((where, word, text))
    return found


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """footfall's app under uvicorn on a free loopback port."""
    from footfall.api import create_app

    yield from serve(create_app())


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium."""
    yield from chromium("--disable-background-networking")


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    """A fresh page; a JavaScript error fails the test."""
    yield from fresh_page(browser, 900)


def _ready(page: Any) -> None:
    page.wait_for_selector("body[data-ready=true]", timeout=20_000)
    page.wait_for_function("window.footfall.idle()")


def _names(page: Any) -> set[str]:
    """The names on this page: creature ids, sample scenes' names, system ids."""
    found: list[str] = page.evaluate(
        """() => [...window.footfall.state.scene.creatures.map((c) => c.id),
                  ...window.footfall.state.samples.map((s) => s.name),
                  ...window.footfall.state.meta.systems.map((s) => s.id)]"""
    )
    return set(found)


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_the_page_speaks_the_language(server: str, page: Any, lang: str) -> None:
    """Each sample, with the switches, an encounter and the travel planner opened: no visible
    Latin word beyond names and `ALLOWED`; the API docs link is the docs in that language."""
    seen: list[tuple[str, str, str]] = []
    for sample in SAMPLES:
        page.goto(f"{server}/?lang={lang}&scene={sample}")
        _ready(page)
        page.evaluate("() => document.querySelectorAll('details').forEach((d) => (d.open = true))")
        names = _names(page)
        seen += latin_words(page.evaluate(_TEXTS), names)
        page.click("#turn-start")
        page.wait_for_selector("#turn-play:not([hidden])")
        _ready(page)
        seen += latin_words(page.evaluate(_TEXTS), names)
    page.fill("#t-hustle", "2")
    page.fill("#t-forced", "2")
    page.click("#travel-form button[type=submit]")
    page.wait_for_selector("#t-chart rect", state="attached")
    _ready(page)
    seen += latin_words(page.evaluate(_TEXTS), _names(page))
    assert not sorted(set(seen)), "\n".join(map(repr, sorted(set(seen))))
    assert page.get_attribute("#api-docs", "href") == f"docs?lang={lang}"


def test_latin_words_are_found() -> None:
    """The scanner finds an English word, and passes names, ids beside words and key caps."""
    texts = [["x", "Картинка карты (PNG)"], ["y", "бег (run) ogre"], ["z", "terrain palette"]]
    assert latin_words(texts, {"ogre"}) == [
        ("z", "terrain", "terrain palette"),
        ("z", "palette", "terrain palette"),
    ]


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_the_docs_page_in_chromium(server: str, page: Any, lang: str) -> None:
    """/docs?lang= in Chromium: the document's words and Swagger UI's labels in the language
    (an operation opened, "Try it out" pressed), every request to footfall's own server."""
    from footfall.i18n import t

    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(f"{server}/docs?lang={lang}")
    page.wait_for_selector(".opblock-tag")
    tag = page.locator(".opblock-tag").first.inner_text()
    assert t("apidocs.the-server-its-limits-and-the-systems-it", lang) in tag
    page.locator(".opblock-summary").first.click()
    page.wait_for_selector(".try-out__btn")
    page.locator(".try-out__btn").first.click()
    page.wait_for_selector(".execute")
    shown = page.locator("#swagger-ui").inner_text()
    for label in ("Try it out", "Execute", "Parameters", "Responses", "Cancel", "Schemas"):
        assert label not in shown, label
    for key in (
        "apidocs.ui.execute",
        "apidocs.ui.parameters",
        "apidocs.ui.responses",
        "apidocs.ui.schemas",
    ):
        assert t(key, lang) in shown, key
    assert page.evaluate("document.documentElement.lang") == lang
    assert asked and all(url.startswith(server) for url in asked), asked


def _switches(page: Any) -> list[tuple[str, str]]:
    """The switches shown (name, its one-line explanation on the page)."""
    found: list[list[str]] = page.evaluate(
        """() => [...document.querySelectorAll("#interp > label")]
             .filter((l) => !l.hidden && !document.getElementById("interp-box").hidden)
             .map((l) => [l.dataset.name, l.querySelector(".switch-help")?.textContent || ""])"""
    )
    return [(name, help) for name, help in found]


def test_the_switches_shown_are_the_same_in_every_language(server: str, page: Any) -> None:
    """docs/page.md's rule holds in en, ru and zh: the switches shown for a sample depend on the
    scene, not the language (only those that change its answers), and each shows its one-line
    explanation in the page's language."""
    every: list[str] = []
    for sample in SAMPLES:
        shown: dict[str, list[str]] = {}
        for lang in ("en", "ru", "zh"):
            page.goto(f"{server}/?lang={lang}&scene={sample}")
            _ready(page)
            switches = _switches(page)
            shown[lang] = [name for name, _ in switches]
            for name, help in switches:
                assert help.strip() and "\n" not in help.strip(), (sample, lang, name)
                assert lang == "en" or SCRIPTS[lang].search(help), (sample, lang, name, help)
        assert shown["ru"] == shown["zh"] == shown["en"], (sample, shown)
        every += shown["en"]
    assert len(every) >= 3, every  # the samples do show switches: the check is not empty


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_the_import_panel_speaks_the_language(server: str, page: Any, lang: str) -> None:
    """A Foundry scene opened: its warnings, the speeds asked and the picture wanted, in words."""
    page.goto(f"{server}/?lang={lang}&scene=pf1e-ogre-bridge")
    _ready(page)
    page.set_input_files("#file", str(FOUNDRY))
    page.wait_for_selector("#import-box:not([hidden])")
    _ready(page)
    seen = latin_words(page.evaluate(_TEXTS), _names(page))
    assert not seen, "\n".join(map(repr, sorted(set(seen))))


#: A Russian count and the noun after it (issue 14 item 5): the noun's forms one|few|many
#: (footfall.i18n.plural's rule); an abbreviation (фт, м, км) never changes and is not here.
_RU_NOUNS = {
    "клет": ("клетка", "клетки", "клеток"),
    "мил": ("миля", "мили", "миль"),
    "фут": ("фут", "фута", "футов"),
}
_RU_COUNT = re.compile(r"(?<![\w.,])(\d+(?:,\d+)?)\s+((клет|мил|фут)[а-яё]*)")


def ru_count_mismatches(texts: list[list[str]]) -> list[tuple[str, str, str]]:
    """Return (where, "count noun", text) of each count whose noun has the wrong form for it."""
    from footfall.i18n import plural

    found = []
    for where, text in texts:
        for m in _RU_COUNT.finditer(text):
            count, word, stem = m[1], m[2], m[3]
            if word != plural("ru", count, _RU_NOUNS[stem]):
                found.append((where, f"{count} {word}", text))
    return found


def test_ru_count_mismatches_are_found() -> None:
    """The scan finds «1 клеток» and «2 миль», and passes agreeing counts and fractions."""
    texts = [
        ["a", "осталось 1 клеток"],
        ["b", "Итого: 2 миль за 8 ч"],
        ["c", "1 клетка, 2 клетки, 5 клеток, 21 клетка, 1,5 клетки, 1 миля, 5 футов, 30 фт"],
    ]
    assert ru_count_mismatches(texts) == [
        ("a", "1 клеток", "осталось 1 клеток"),
        ("b", "2 миль", "Итого: 2 миль за 8 ч"),
    ]


def _drag(page: Any, frm: tuple[int, int], to: tuple[int, int]) -> None:
    """Drag a token from square `frm` to square `to` (as tests/page/test_play.py does)."""
    box = page.locator("#map").bounding_box()
    cell = page.evaluate("() => window.footfall.state.cell")
    at = [(box["x"] + (x + 0.5) * cell, box["y"] + (y + 0.5) * cell) for x, y in (frm, to)]
    page.mouse.move(*at[0])
    page.mouse.down()
    page.mouse.move(*at[1], steps=3)
    page.wait_for_function("window.footfall.idle()")
    page.mouse.up()
    page.wait_for_function("window.footfall.idle()")


def test_the_ru_page_counts_agree_with_their_nouns(server: str, page: Any) -> None:
    """Draw Steel's sample counts in squares: a move of 1 square, then the active creature's
    move of 1 square in an encounter and the turn's budget: every count on the page agrees with
    its noun in Russian (1 клетка, 4 клетки, 5 клеток)."""
    page.goto(f"{server}/?lang=ru&scene=drawsteel-burning-hall")
    _ready(page)
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => (d.open = true))")
    seen: list[str] = []
    _drag(page, (2, 5), (3, 5))  # fury, speed 5: one square east, open ground
    status = page.locator("#status").inner_text()
    assert "(3,5): 1 клетка (" in status, status
    texts = page.evaluate(_TEXTS)
    seen += [t for _, t in texts]
    bad = ru_count_mismatches(texts)
    page.click("#turn-start")
    page.wait_for_selector("#turn-play:not([hidden])")
    _ready(page)
    active = page.evaluate("() => window.footfall.state.encounter.active")
    at = page.evaluate(
        "(id) => window.footfall.state.scene.creatures.find((c) => c.id === id).at", active
    )
    rows: list[str] = page.evaluate("() => window.footfall.state.scene.map")
    taken = {
        tuple(c)
        for c in page.evaluate("() => window.footfall.state.scene.creatures.map((c) => c.at)")
    }
    step = next(
        (at[0] + dx, at[1] + dy)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if rows[at[1] + dy][at[0] + dx] == "." and (at[0] + dx, at[1] + dy) not in taken
    )
    _drag(page, (at[0], at[1]), step)
    texts = page.evaluate(_TEXTS)
    seen += [t for _, t in texts]
    bad += ru_count_mismatches(texts)
    assert not bad, "\n".join(map(repr, bad))
    # The scan met counts in squares (the move's line and the turn's budget): it is not empty.
    assert len([m for t in seen for m in _RU_COUNT.finditer(t)]) >= 3, seen
