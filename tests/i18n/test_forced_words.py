"""`footfall forced` text rows in the asked language: kinds, materials, hits, rules (issue 14)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from footfall.i18n import Lang, catalog
from footfall.tactical import forced
from footfall.tactical.forced_world import Hit
from helpers.cli import invoke

HALL = ["forced", "drawsteel-burning-hall", "--target", "goblin", "--kind", "push"]
WALL = [*HALL, "--distance", "3", "--source", "shadow", "--path", "10,2 11,2"]
#: Pushed toward the source: every step breaks forced-not-farther, the 4th forced-too-far.
BACKWARDS = [*HALL, "--distance", "3", "--source", "shadow", "--path", "8,2 7,2 6,2 5,2"]
GLASS = [*HALL, "--distance", "5", "--source", "shadow", "--walls", "glass"]
#: The English the old rows were made of: ids, materials and the `@` between hit and square.
ENGLISH = re.compile(r"\b(push|stone|glass|forced-[a-z-]+)\b| @ ")


def _text(args: list[str], lang: Lang) -> str:
    result = invoke([*args, "--lang", lang])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize(
    ("lang", "head", "row"),
    [
        ("ru", "толчок: goblin, до 3 кл. (по эффекту 3)", "9,2    0         камень (10,2)  5"),
        ("zh", "推 goblin:至多 3 格(效果为 3)", "9,2   0     石头(10,2)  5"),
    ],
)
def test_collision_row_words_the_kind_and_material(lang: Lang, head: str, row: str) -> None:
    """The kind and the wall's material are words; the square is written as the table's."""
    lines = [line.rstrip() for line in _text(WALL, lang).splitlines()]
    assert lines[0] == head and lines[2] == row
    assert not ENGLISH.search("\n".join(lines))


def test_english_rows_are_unchanged() -> None:
    """English keeps the kind's id and ``stone @ 10,2`` (docs/tactical.md)."""
    lines = [line.rstrip() for line in _text(WALL, "en").splitlines()]
    assert lines[0] == "push goblin: up to 3 squares (the effect says 3)"
    assert lines[2] == "9,2      0      stone @ 10,2  5"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ru", ["шаг 1: толчок уводит цель дальше от источника", "шаг 4: клеток больше"]),
        ("zh", ["第1步:推须使目标远离来源", "第4步:格数超过距离"]),
    ],
)
def test_broken_rules_are_worded_with_their_step(lang: Lang, words: list[str]) -> None:
    """A --path's violations are sentences with their step, not the rule ids."""
    text = _text(BACKWARDS, lang)
    joined = "".join(text.split())  # the notes column folds anywhere in zh
    assert all("".join(w.split()) in joined for w in words), text
    assert not ENGLISH.search(text)


@pytest.mark.parametrize(
    ("lang", "hurled"), [("ru", "сквозь стекло (1 кл.)"), ("zh", "穿过玻璃(1 格)")]
)
def test_hurled_through_glass_is_worded(lang: Lang, hurled: str) -> None:
    """An object hurled through is named by its material's word (values.toml)."""
    text = _text(GLASS, lang)
    assert hurled in text and not ENGLISH.search(text)


def test_every_hit_and_rule_has_words() -> None:
    """Every kind of hit and every rule id `footfall.tactical.forced` reports has its entry."""
    words = catalog()
    assert {f"forced.cli.hit.{h.value}" for h in Hit} <= set(words)
    source = Path(forced.__file__).read_text(encoding="utf-8")
    rules = set(re.findall(r'"(forced-[a-z-]+)"', source))
    assert len(rules) == 6
    assert {f"forced.cli.rule.{r}" for r in rules} <= set(words)
