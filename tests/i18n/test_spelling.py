"""One spelling per Russian word (issue 14, item 5): the catalogs never write a word with «ё»
in one string and with «е» in another («лёгкий доспех» beside «Легкая лошадь»).

Where a seed spells the word, the catalogs spell it as the seed does. Seed 000 (Pathfinder,
Russian) prints no «ё» at all: «в тяжелом доспехе» (line 17), «в легком или среднем доспехе»
(line 19), «пересеченная местность» (lines 34, 38), «Легкая лошадь», «Тяжелая лошадь» (lines
116-119), «на веслах» (line 126). Seed 001 (Dark Heresy) prints «ё» («Тяжёлая (–20)», «на
пересечённой месности»), but only in its own table's names, which systems/dh2e.toml keeps as
printed (a citation is the cited text, docs/i18n.md); the words of armor, load, horses and
difficult terrain are seed 000's. A word no seed prints takes «ё» (полёт, подъём, её), the
spelling most catalogs already had. docs/i18n.md, "One spelling per word".
"""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEEDS = Path("/work/shared/seeds")
CATALOGS = sorted((ROOT / "src/footfall/i18n").glob("*.toml"))
WORD = re.compile(r"[А-Яа-яЁё]+")

#: pairs that are two words, not two spellings of one: «все» (all) and «всё» (everything)
HOMOGRAPHS = frozenset({"все", "всё"})

#: a seed word's spelling: (stem as the catalogs must write it, the other spelling, seed, line)
SEED_SPELLINGS = (
    ("тяжел", "тяжёл", "000_709853d3f24b4f08.txt", 17),
    ("легк", "лёгк", "000_709853d3f24b4f08.txt", 19),
    ("пересечен", "пересечён", "000_709853d3f24b4f08.txt", 38),
    ("весл", "вёсл", "000_709853d3f24b4f08.txt", 126),
)


def ru_strings() -> list[tuple[str, str]]:
    """Every Russian string of every catalog: (where, text)."""
    found = []
    for path in CATALOGS:
        for key, entry in tomllib.loads(path.read_text("utf-8")).items():
            if isinstance(entry, dict) and isinstance(entry.get("ru"), str):
                found.append((f"{path.name}:{key}", entry["ru"]))
    return found


def two_spellings(strings: list[tuple[str, str]]) -> list[str]:
    """The words written both with «ё» and with «е» across `strings`, with where."""
    where: dict[str, set[str]] = defaultdict(set)
    for place, text in strings:
        for word in WORD.findall(text):
            where[word.lower()].add(place)
    return [
        f"{word} ({sorted(where[word])[0]}) / {word.replace('ё', 'е')} "
        f"({sorted(where[word.replace('ё', 'е')])[0]})"
        for word in sorted(where)
        if "ё" in word and word.replace("ё", "е") in where and word not in HOMOGRAPHS
    ]


def test_no_word_has_two_spellings_in_the_catalogs() -> None:
    """No Russian word is spelled with «ё» in one catalog string and «е» in another."""
    assert two_spellings(ru_strings()) == []


def test_the_check_finds_two_spellings() -> None:
    """«лёгкий доспех» beside «легкий груз» is found; «все» beside «всё» is not."""
    strings = [("a", "лёгкий доспех"), ("b", "легкий груз"), ("c", "всё и все")]
    assert two_spellings(strings) == ["лёгкий (a) / легкий (b)"]


@pytest.mark.parametrize(("stem", "other", "seed", "line"), SEED_SPELLINGS)
def test_a_seed_word_is_spelled_as_the_seed_spells_it(
    stem: str, other: str, seed: str, line: int
) -> None:
    """Armor, load, horses, difficult terrain and oars as seed 000 writes them (no «ё»)."""
    if (SEEDS / seed).exists():
        text = (SEEDS / seed).read_text("utf-8").splitlines()[line - 1].lower()
        assert stem in text and other not in text, (seed, line)
    wrong = [where for where, text in ru_strings() if other in text.lower()]
    assert wrong == [], f"spell «{stem}» as seed {seed[:3]} does: {wrong}"
