"""`--roll` log lines in the asked language; the JSON `rolls` labels stay English (issue 14)."""

from __future__ import annotations

import json

import pytest

from footfall.i18n import Lang
from footfall.travel.exertion import RollCheck, RollFor, TravelRoll
from helpers.cli import invoke

FORCED = ["travel", "pf1e", "--speed", "30", "--leg", "66 mi plains road", "--forced-march", "3"]
PARTY = [*FORCED, "--member", "name=Valeros,con=+2", "--member", "name=Ezren,con=-1"]
SEEDED = ["--roll", "--seed", "7"]
HUSTLE = ["travel", "dh2e", "--agility-bonus", "3", "--hustle", "8", "--toughness", "42"]
DH2E = [*HUSTLE, "--leg", "60 km", "--roll", "--seed", "3"]

#: The English words the old lines were made of ("day 1 hour 9 con DC 12: d20 = 11 -> 13").
ENGLISH = ("day ", "hour ", " con ", "damage", "toughness")


def _rolls_block(args: list[str], lang: Lang) -> list[str]:
    """Return the lines after the text log's rolls header."""
    result = invoke([*args, "--lang", lang])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    header = {"en": "Rolls (seed", "ru": "Броски (зерно", "zh": "掷骰(种子"}[lang]
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    return lines[start + 1 :]


@pytest.mark.parametrize(
    ("lang", "first", "damage"),
    [
        (
            "ru",
            "  День 1, час 9, проверка Выносливости СЛ 12: d20 = 11 -> 13",
            "  День 1, час 10, урон: d6 = 4 -> 4",
        ),
        (
            "zh",
            "  第 1 天第 9 小时,体质检定 DC 12:d20 = 11 -> 13",
            "  第 1 天第 10 小时,伤害:d6 = 4 -> 4",
        ),
    ],
)
def test_forced_march_rolls_in_the_seeds_words(lang: Lang, first: str, damage: str) -> None:
    """A Con check's roll is «проверка Выносливости СЛ» (seed 000) / 体质检定 DC (seed 004)."""
    block = _rolls_block([*FORCED, "--con-mod", "2", *SEEDED], lang)
    assert block[0] == first and block[2] == damage
    assert not [line for line in block if any(w in line for w in ENGLISH)]


@pytest.mark.parametrize(
    ("lang", "check", "damage"),
    [
        (
            "ru",
            "  День 1, час 9, Valeros — проверка Выносливости СЛ 12: d20 = 11 -> 13",
            "  День 1, час 9, Ezren — урон: d6 = 4 -> 4",
        ),
        (
            "zh",
            "  第 1 天第 9 小时,Valeros 体质检定 DC 12:d20 = 11 -> 13",
            "  第 1 天第 9 小时,Ezren 伤害:d6 = 4 -> 4",
        ),
    ],
)
def test_party_rolls_name_the_member_in_the_language(lang: Lang, check: str, damage: str) -> None:
    """Each member's check and damage roll is worded in ru / zh, the member's name kept."""
    block = _rolls_block([*PARTY, *SEEDED], lang)
    assert block[0] == check and damage in block
    assert not [line for line in block if any(w in line for w in ENGLISH)]


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("ru", "  День 1, час 4, проверка Выносливости: d100 = 31 -> 31"),
        ("zh", "  第 1 天第 4 小时,坚韧检定:d100 = 31 -> 31"),
    ],
)
def test_toughness_rolls_in_the_language(lang: Lang, line: str) -> None:
    """dh2e's Toughness test roll is «проверка Выносливости» (seed 001) / 坚韧检定."""
    assert _rolls_block(DH2E, lang) == [line]


def test_english_lines_and_json_labels_are_unchanged() -> None:
    """English keeps the label as its line; the JSON labels stay English in every language."""
    block = _rolls_block([*PARTY, *SEEDED], "en")
    assert block[:2] == [
        "  day 1 hour 9 Valeros con DC 12: d20 = 11 -> 13",
        "  day 1 hour 9 Ezren con DC 12: d20 = 5 -> 4",
    ]
    for lang in ("en", "ru", "zh"):
        result = invoke([*PARTY, *SEEDED, "--json", "--lang", lang])
        rolls = json.loads(result.output)["rolls"]
        assert rolls[0] == {
            "label": "day 1 hour 9 Valeros con DC 12",
            "die": "d20",
            "result": 11,
            "total": 13,
        }
        assert [f"  {r['label']}: {r['die']} = {r['result']} -> {r['total']}" for r in rolls] == (
            block
        )


@pytest.mark.parametrize("check", list(RollCheck))
@pytest.mark.parametrize("member", [None, "Kyra"])
def test_every_roll_kind_reads_back_its_english_label(check: RollCheck, member: str | None) -> None:
    """The en catalog line of every kind of roll is its JSON label, so the two cannot drift."""
    dc = 14 if check is RollCheck.CON else None
    what = RollFor(2, 10, check, dc=dc, member=member)
    roll = TravelRoll(what.label, "d20", 5, 7, what)
    assert roll.text("en") == f"  {what.label}: d20 = 5 -> 7"
    for lang in ("ru", "zh"):
        assert not any(w in roll.text(lang) for w in ENGLISH)
