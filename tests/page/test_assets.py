"""The page's own files: every label exists in en, ru and zh; nothing is fetched from elsewhere."""

from __future__ import annotations

import json
import re
from importlib import resources

WEB = resources.files("footfall") / "web"


def _catalog() -> dict[str, dict[str, str]]:
    """Read web/i18n.js's object literal as JSON (keys quoted, trailing commas dropped)."""
    text = (WEB / "i18n.js").read_text(encoding="utf-8")
    body = text[text.index("{") : text.rindex("}") + 1]
    body = re.sub(r"^\s*//.*$", "", body, flags=re.M)
    body = re.sub(r"(?m)^(\s*)(\w+):", r'\1"\2":', body)  # language keys
    body = re.sub(r'([{,]\s*)(\w+):\s*"', r'\1"\2": "', body)  # label keys
    body = re.sub(r",(\s*[}\]])", r"\1", body)
    data: dict[str, dict[str, str]] = json.loads(body)
    return data


def test_every_language_has_every_label() -> None:
    """en, ru and zh have the same label keys, none empty."""
    catalog = _catalog()
    assert set(catalog) == {"en", "ru", "zh"}
    keys = set(catalog["en"])
    for lang in ("ru", "zh"):
        assert set(catalog[lang]) == keys, lang
        assert all(catalog[lang][k].strip() for k in keys), lang


def test_every_page_label_is_translated() -> None:
    """Each data-i18n key of index.html and each tr() or say() key of every web/*.js module
    (say: tr onto the status line) is in the catalog."""
    keys = set(_catalog()["en"])
    html = (WEB / "index.html").read_text(encoding="utf-8")
    modules = sorted(f for f in WEB.iterdir() if f.name.endswith(".js"))
    assert "app.js" in {f.name for f in modules} and len(modules) > 1
    script = "\n".join(f.read_text(encoding="utf-8") for f in modules)
    used = set(re.findall(r'data-i18n="([^"]+)"', html)) | set(
        re.findall(r'\b(?:tr|say)\("([a-z_0-9]+)"\s*[,)]', script)
    )
    used |= {f"unit_{u}" for u in ("ft", "m", "squares", "mi", "km")}  # tr("unit_" + unit)
    assert used and used <= keys, used - keys


def test_russian_and_chinese_use_seed_terms() -> None:
    """Difficult terrain is «пересеченная местность» (seed 000) and 困难地形 (seed 004)."""
    catalog = _catalog()
    assert catalog["ru"]["difficult"] == "пересеченная местность"
    assert catalog["zh"]["difficult"] == "困难地形"
    assert catalog["zh"]["obstacle"] == "障碍物" and catalog["zh"]["poor_visibility"] == "视线不良"
