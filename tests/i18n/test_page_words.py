"""The page's words for what the systems and samples offer (issue 14 item 4): every switch with
a name and a one-line explanation, every choice, size, maneuverability, sample scene and the
samples' sides in en, ru and zh (web/i18n.js, read as data; labels.js looks them up)."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from footfall.api.samples import sample_scenes
from footfall.rules import SYSTEM_IDS, load_system
from footfall.scene import size_table
from footfall.scene.vocabulary import maneuverabilities

WEB = resources.files("footfall") / "web"
LANGS = ("en", "ru", "zh")


def _catalog() -> dict[str, dict[str, str]]:
    """web/i18n.js's object literal as JSON (as tests/page/test_assets.py reads it)."""
    text = (WEB / "i18n.js").read_text(encoding="utf-8")
    body = text[text.index("{") : text.rindex("}") + 1]
    body = re.sub(r"^\s*//.*$", "", body, flags=re.M)
    body = re.sub(r"(?m)^(\s*)(\w+):", r'\1"\2":', body)
    body = re.sub(r'([{,]\s*)(\w+):\s*"', r'\1"\2": "', body)
    body = re.sub(r",(\s*[}\]])", r"\1", body)
    data: dict[str, dict[str, str]] = json.loads(body)
    return data


def _part(value: str) -> str:
    """labels.js `keyPart`: an id as a catalog key's tail."""
    return re.sub(r"[^a-z0-9]+", "_", value.lower())


def _keys() -> list[str]:
    """Every catalog key the page needs for the shipped systems and samples."""
    keys: set[str] = set()
    for system_id in SYSTEM_IDS:
        system = load_system(system_id)
        for it in system.interpretations:
            keys |= {f"sw_{_part(it.id)}", f"sw_{_part(it.id)}_help"}
            keys |= {f"ch_{_part(it.id)}_{_part(c)}" for c in it.choice_ids}
        keys |= {f"size_{_part(s)}" for s in size_table(system_id) if not s.isdigit()}
        keys |= {f"man_{_part(m)}" for m in maneuverabilities(system_id)}
    for name, scene in sample_scenes().items():
        keys.add(f"sample_{_part(name)}")
        keys |= {f"side_{_part(c['side'])}" for c in scene["creatures"] if c.get("side")}
    return sorted(keys)


@pytest.mark.parametrize("key", _keys())
def test_the_page_has_words_for_it(key: str) -> None:
    """The key is in every language, one line, and ru / zh are not the English text."""
    catalog = _catalog()
    texts = {lang: catalog[lang].get(key, "") for lang in LANGS}
    assert all(t.strip() and "\n" not in t for t in texts.values()), texts
    assert texts["ru"] != texts["en"] and texts["zh"] != texts["en"], texts


def test_switch_help_is_one_sentence_saying_what_changes() -> None:
    """Each switch's explanation is one sentence (one line, at most 160 characters)."""
    catalog = _catalog()
    helps = {k: v for lang in LANGS for k, v in catalog[lang].items() if k.endswith("_help")}
    helps = {k: v for k, v in helps.items() if k.startswith("sw_")}
    assert helps
    assert all(len(v) <= 160 for v in helps.values()), {k: len(v) for k, v in helps.items()}


def test_sample_titles_match_the_scenes() -> None:
    """The English sample names are the scenes' own titles (x-title)."""
    catalog = _catalog()["en"]
    for name, scene in sample_scenes().items():
        assert catalog[f"sample_{_part(name)}"] == scene["x-title"], name


#: The seeds' words on the page (as GLOSSARY in test_completeness.py): seed 000 марш-бросок,
#: спешка, Выносливость; seed 004 强行军, 急行, 体质.
PAGE_TERMS = {
    "t_forced": ("марш-брос", "强行军"),
    "forced_h": ("марш-брос", "强行军"),
    "chart_p": ("марш-брос", "强行军"),
    "t_hustle": ("спешк", "急行"),
    "t_con": ("выносливост", "体质"),
}


@pytest.mark.parametrize("key", sorted(PAGE_TERMS))
def test_the_page_uses_the_seeds_terms(key: str) -> None:
    """The travel planner's labels use the seeds' words (not «форсированный марш»)."""
    catalog = _catalog()
    stem, chinese = PAGE_TERMS[key]
    assert stem in catalog["ru"][key].lower() and chinese in catalog["zh"][key]
