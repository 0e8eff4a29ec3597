"""One Russian word for a journey's leg: «участок», in the catalogs and the ru docs (issue 14)."""

from __future__ import annotations

import re
from pathlib import Path

from footfall.i18n import catalog

ROOT = Path(__file__).resolve().parents[2]
#: «отрезок» is kept for a wall's segment (a line between two grid points: scenes, maps).
WALLS = re.compile(r"стен|Стен")
OTREZOK = re.compile(r"(?<![а-яё])[Оо]трез(ок|ка|ку|ки|ков|ком|кам|ках|ке|ками)(?![а-яё])")


def test_no_catalog_calls_a_leg_otrezok() -> None:
    """Every ru message with «отрезок» is about walls; legs are «участок» (glossary "leg")."""
    found = {k: v["ru"] for k, v in catalog().items() if OTREZOK.search(v["ru"])}
    assert all(WALLS.search(text) for text in found.values()), found


def test_the_russian_docs_call_a_leg_uchastok() -> None:
    """The Russian guides and README say «участок» for a leg; «отрезок» only of a wall's line."""
    pages = [ROOT / "README.ru.md", *sorted((ROOT / "docs" / "ru").glob("*.md"))]
    geometry = {"scenes.md", "maps.md"}  # a wall, and the line between two squares' centres
    wrong = [
        f"{page.name}:{n}: {line}"
        for page in pages
        if page.name not in geometry
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        if OTREZOK.search(line) and not WALLS.search(line)
    ]
    assert not wrong, wrong
