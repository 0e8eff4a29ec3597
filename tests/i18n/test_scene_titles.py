"""The sample scenes' titles in the chosen language (issue 14): ``footfall scenes`` prints
scenes.toml's words, the same the page shows (web/i18n.js ``sample_<name>``)."""

from __future__ import annotations

import re
import sys
from importlib import resources

import pytest

from footfall.api.samples import sample_scenes
from footfall.cli import main
from footfall.i18n import catalog, scene_title
from helpers.cli import invoke


def _page_titles() -> dict[str, list[str]]:
    """web/i18n.js's sample titles: ``sample_<name>`` -> its en, ru, zh words, in file order."""
    text = (resources.files("footfall") / "web" / "i18n.js").read_text(encoding="utf-8")
    found: dict[str, list[str]] = {}
    for key, words in re.findall(r'\b(sample_\w+): "([^"]+)"', text):
        found.setdefault(key, []).append(words)
    return found


def test_every_sample_has_a_title_in_every_language_equal_to_the_pages() -> None:
    """Each shipped sample has scene.title.<name>; English is its x-title; ru and zh are the
    page's words for it."""
    page = _page_titles()
    for name, scene in sample_scenes().items():
        texts = catalog()[f"scene.title.{name}"]
        assert texts["en"] == scene["x-title"], name
        assert page["sample_" + name.replace("-", "_")] == [texts["en"], texts["ru"], texts["zh"]]
        assert len({texts["en"], texts["ru"], texts["zh"]}) == 3, name


@pytest.mark.parametrize(
    ("lang", "title"),
    [("en", "Ogre on the bridge"), ("ru", "Огр на мосту"), ("zh", "桥上的食人魔")],
)
def test_footfall_scenes_prints_the_titles_in_the_language(lang: str, title: str) -> None:
    """``footfall scenes --lang`` prints each title in that language; the ids stay."""
    result = invoke(["scenes", "--lang", lang])
    assert result.exit_code == 0, result.output
    line = next(x for x in result.stdout.splitlines() if x.startswith("pf1e-ogre-bridge"))
    assert line.endswith(title) and "pf1e" in line


def test_footfall_scenes_takes_the_environments_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --lang, FOOTFALL_LANG chooses (docs/i18n.md, "Which language")."""
    monkeypatch.setenv("FOOTFALL_LANG", "zh")
    monkeypatch.setattr(sys, "argv", ["footfall", "scenes"])
    main()
    assert "巢都地下通道" in capsys.readouterr().out


def test_a_scene_without_words_keeps_its_own_title() -> None:
    """A custom scene's title is shown as it is written."""
    assert scene_title("my-cave", "Моя пещера", "zh") == "Моя пещера"
