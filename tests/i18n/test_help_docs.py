"""`--help` in ru / zh points to the translated guides, docs/ru/X.md and docs/zh/X.md (issue 14)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from footfall.i18n import Lang, catalog

ROOT = Path(__file__).resolve().parents[2]
DOC = re.compile(r"docs/(?:(ru|zh)/)?([\w-]+\.md)")


@pytest.mark.parametrize("lang", ["ru", "zh"])
@pytest.mark.parametrize(
    ("args", "guide"),
    [(["fly", "check"], "flight.md"), (["reach"], "scenes.md")],
)
def test_help_names_the_guide_in_the_language(args: list[str], guide: str, lang: Lang) -> None:
    """`footfall fly check --help --lang ru` says docs/ru/flight.md, not the English guide."""
    base = {k: v for k, v in os.environ.items() if k not in {"LANG", "LC_ALL", "FOOTFALL_LANG"}}
    out = subprocess.run(
        [sys.executable, "-m", "footfall", *args, "--help", "--lang", lang],
        capture_output=True, text=True, env={**base, "COLUMNS": "200"}, check=True,
    )  # fmt: skip
    text = "".join(out.stdout.split())  # the help box may wrap a path
    assert f"docs/{lang}/{guide}" in text and f"docs/{guide}" not in text


def test_every_help_text_points_to_a_guide_in_its_language() -> None:
    """A help text naming a guide names, in ru / zh, that language's translation, which exists."""
    named = 0
    for key, texts in catalog().items():
        if not key.startswith("help."):
            continue
        for lang in ("ru", "zh"):
            for found in DOC.finditer(texts[lang]):
                named += 1
                assert found[1] == lang, (key, lang, texts[lang])
                assert (ROOT / "docs" / lang / found[2]).is_file(), (key, found[0])
    assert named >= 4
