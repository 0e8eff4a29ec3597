"""The seeds' own words for the key rule terms (issue 14 item 7): each term, the seed that
names it, the line it is on and the word it uses, and the catalog entries that must say
exactly that word. The seed line is read too, so a citation that drifts fails here.

Seeds (/work/shared/seeds, copied in the design): 000 Pathfinder 1e ru, 001 Dark Heresy 2e ru,
002 Draw Steel ru, 004 D&D 3.5 zh. Terms no seed names are footfall's own translation and
are not in this table: the Russian fly maneuverability classes and stall (seeds 000-002 have
no flight), squeezing in Russian (seed 002 has only «втиснуты», used for its bane), flanking
(no seed), Draw Steel's push / pull / slide (seed 002 has only shift), double move (neither
000 nor 004 names it: 000 says «два базовых перемещения», 004 «移动双倍速度»).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from footfall.i18n import catalog

SEEDS = Path("/work/shared/seeds")
_FILES = {"000": "pf1e ru", "001": "dh2e ru", "002": "drawsteel ru", "004": "dnd35 zh"}

#: (term, language, seed, line in the seed, the seed's word, catalog keys that name the term).
#: The word is a pattern matched without case (a table cell starts with a capital, a sentence
#: does not) but letter for letter otherwise: е / ё is a different spelling. A Russian stem
#: (``внеочередн``) or ``[а-я]*`` stands where the seed's case differs from the catalog's.
TERMS: list[tuple[str, str, str, int, str, tuple[str, ...]]] = [
    # ---- Pathfinder 1e, seed 000 (ru)
    ("walk", "ru", "000", 13, "Шаг", ("value.leg-flag.walk",)),
    ("hustle", "ru", "000", 15, "Спешка", ("journeys.hustle",)),
    ("run", "ru", "000", 17, "Бег", ("terms.col.run", "value.action.run")),
    ("difficult terrain", "ru", "000", 38, "Пересеченная местность",
     ("value.hampered.difficult", "maps.terrain.difficult")),
    ("obstacle", "ru", "000", 39, "Препятствие", ("value.hampered.obstacle",)),
    ("poor visibility", "ru", "000", 40, "Плохая видимость", ("value.hampered.poor_visibility",)),
    ("impassable", "ru", "000", 41, "Непроходимый участок", ("value.hampered.impassable",)),
    ("5-foot step", "ru", "000", 44, "широкий шаг", ("value.action.five-foot-step",)),
    ("attack of opportunity", "ru", "000", 44, "внеочередн",
     ("tactical.provoke.attack-of-opportunity.threat",
      "tactical.provoke.attack-of-opportunity.enter",
      "tactical.note.action.d20.five-foot-step")),
    ("charge", "ru", "000", 46, "с разбега",
     ("value.action.charge", "tactical.rule.charge-short")),
    ("fatigued", "ru", "000", 85, "утомлен", ("journeys.fatigued",)),
    ("nonlethal damage", "ru", "000", 85, "несмертельн", ("journeys.nonlethal",)),
    ("highway", "ru", "000", 92, "Тракт", ("value.road.highway",)),
    ("road or trail", "ru", "000", 92, "Дорога или тропинка", ("value.road.road",)),
    ("trackless", "ru", "000", 92, "Бездорожье", ("value.road.trackless",)),
    ("swamp", "ru", "000", 93, "Болото", ("value.terrain.swamp",)),
    ("mountains", "ru", "000", 94, "Горы", ("value.terrain.mountains",)),
    ("jungle", "ru", "000", 95, "Джунгли", ("value.terrain.jungle",)),
    ("forest", "ru", "000", 96, "Лес", ("value.terrain.forest",)),
    ("desert", "ru", "000", 97, "Песчаная пустыня", ("value.terrain.desert",)),
    ("plains", "ru", "000", 98, "Равнина", ("value.terrain.plains",)),
    ("moor", "ru", "000", 99, "Торфяная пустошь", ("value.terrain.moor",)),
    ("tundra", "ru", "000", 100, "Тундра", ("value.terrain.tundra",)),
    ("hills", "ru", "000", 101, "Холмы", ("value.terrain.hills",)),
    ("forced march", "ru", "000", 105, "Марш-бросок", ("journeys.forced_march",)),
    ("Constitution check", "ru", "000", 105, r"проверк[а-я]* Выносливости",
     ("journeys.forced.hour", "journeys.roll.con")),
    ("Constitution", "ru", "000", 105, "Выносливости", ("help.constitution-modifier",)),
    # ---- Dark Heresy 2e, seed 001 (ru)
    ("half move", "ru", "001", 6, "Полудвижение",
     ("value.action.half-move", "terms.col.half_move")),
    ("full move", "ru", "001", 6, "Полное движение",
     ("value.action.full-move", "terms.col.full_move")),
    ("dh2e charge", "ru", "001", 6, "Натиск", ("value.action.dh2e.charge", "terms.col.charge")),
    ("dh2e run", "ru", "001", 6, "Бег", ("value.action.dh2e.run",)),
    ("agility bonus", "ru", "001", 2, "Ловкости",
     ("error.noun.agility bonus",)),
    ("dh2e hustle", "ru", "001", 33, "Спешка", ("value.leg-flag.hustle",)),
    ("Fatigue", "ru", "001", 35, "Усталост", ("journeys.test.failed",)),
    ("dense terrain", "ru", "001", 4, "густ", ("value.leg-flag.dense",)),
    ("smoke or mist", "ru", "001", 40, "Дым или туман", ("value.terrain.smoke",)),
    ("mud", "ru", "001", 41, "Грязь", ("value.terrain.mud",)),
    ("shallows", "ru", "001", 42, "Отмель", ("value.terrain.shallows",)),
    ("darkness", "ru", "001", 43, "Темнота", ("value.terrain.darkness",)),
    ("deep snow", "ru", "001", 44, "Глубокий снег", ("value.terrain.deep_snow",)),
    ("undergrowth", "ru", "001", 45, "Подлесок", ("value.terrain.undergrowth",)),
    ("crowd", "ru", "001", 46, "Толпа", ("value.terrain.crowd",)),
    ("zero gravity", "ru", "001", 47, "Невесомость", ("value.terrain.zero_gravity",)),
    ("rubble", "ru", "001", 48, "Обломки", ("value.terrain.rubble",)),
    ("tremors", "ru", "001", 49, "Подземные толчки", ("value.terrain.tremors",)),
    # ---- Draw Steel, seed 002 (ru)
    ("drawsteel difficult terrain", "ru", "002", 5, "труднопроходим",
     ("tactical.why.difficult-plus-one", "tactical.why.enemy-space-difficult",
      "tactical.rule.shift-terrain")),
    ("forced into a space (bane)", "ru", "002", 6, "втиснут", ("terms.param.bane_size_gap",)),
    ("shift", "ru", "002", 11, "Смещение",
     ("value.action.shift", "tactical.note.action.steel.shift")),
    ("free strike (opportunity attack)", "ru", "002", 12, "по возможности",
     ("tactical.provoke.free-strike.threat", "tactical.provoke.free-strike.enter",
      "tactical.note.action.steel.shift")),
    ("hazardous terrain", "ru", "002", 13, "опасн", ("tactical.rule.shift-terrain",)),
    # ---- D&D 3.5, seed 004 (zh)
    ("walk", "zh", "004", 6, "行走", ("value.leg-flag.walk", "journeys.pace.walk")),
    ("hustle", "zh", "004", 7, "急行", ("journeys.hustle", "value.leg-flag.hustle")),
    ("run", "zh", "004", 8, "奔跑", ("value.action.run",)),
    ("charge", "zh", "004", 115, "冲锋", ("value.action.charge", "tactical.rule.charge-short")),
    ("attack of opportunity", "zh", "004", 120, "借机攻击",
     ("tactical.provoke.attack-of-opportunity.threat",
      "tactical.note.action.d20.five-foot-step")),
    ("5-foot step", "zh", "004", 127, "五尺快步", ("value.action.five-foot-step",)),
    ("full-round action", "zh", "004", 127, "整轮动作", ("terms.restriction.full_round",)),
    ("difficult terrain", "zh", "004", 133, "困难地形",
     ("value.hampered.difficult", "maps.terrain.difficult")),
    ("obstacle", "zh", "004", 135, "障碍物", ("value.hampered.obstacle",)),
    ("poor visibility", "zh", "004", 137, "视线不良", ("value.hampered.poor_visibility",)),
    ("impassable", "zh", "004", 139, "无法通行",
     ("value.hampered.impassable", "maps.terrain.impassable")),
    ("squeeze", "zh", "004", 152, "挤进", ("tactical.rule.squeeze",)),
    ("maneuverability", "zh", "004", 176, "机动性", ("error.noun.maneuverability",)),
    ("stall", "zh", "004", 177, "失速", ("flight.label.stall",)),
    ("perfect", "zh", "004", 192, "完美", ("value.maneuverability.perfect",)),
    ("good", "zh", "004", 193, "良好", ("value.maneuverability.good",)),
    ("average", "zh", "004", 194, "普通", ("value.maneuverability.average",)),
    ("poor", "zh", "004", 195, "不良", ("value.maneuverability.poor",)),
    ("clumsy", "zh", "004", 196, "笨拙", ("value.maneuverability.clumsy",)),
    ("fatigued", "zh", "004", 283, "疲乏", ("journeys.fatigued",)),
    ("highway", "zh", "004", 289, "大道", ("value.road.highway",)),
    ("road or trail", "zh", "004", 290, "便道和小径", ("value.road.road",)),
    ("trackless", "zh", "004", 291, "荒野", ("value.road.trackless",)),
    ("desert", "zh", "004", 292, "沙漠", ("value.terrain.desert",)),
    ("forest", "zh", "004", 296, "森林", ("value.terrain.forest",)),
    ("hills", "zh", "004", 300, "丘陵", ("value.terrain.hills",)),
    ("jungle", "zh", "004", 304, "丛林", ("value.terrain.jungle",)),
    ("moor", "zh", "004", 308, "荒野", ("value.terrain.moor",)),
    ("mountains", "zh", "004", 312, "山地", ("value.terrain.mountains",)),
    ("plains", "zh", "004", 316, "平原", ("value.terrain.plains",)),
    ("swamp", "zh", "004", 320, "沼泽", ("value.terrain.swamp",)),
    ("tundra", "zh", "004", 324, "苔原,冻土带", ("value.terrain.tundra",)),
    ("forced march", "zh", "004", 328, "强行军", ("journeys.forced_march",)),
    ("nonlethal damage", "zh", "004", 329, "非致命", ("journeys.nonlethal",)),
    ("Constitution check", "zh", "004", 329, "体质检定",
     ("journeys.forced.hour", "journeys.roll.con")),
    ("mount", "zh", "004", 330, "坐骑", ("journeys.odds.title.mount",)),
]  # fmt: skip

#: Words a catalog must not use for a term the seed names otherwise: (language, the rival
#: spelling or synonym as a pattern, the seed's word it would replace).
RIVALS: list[tuple[str, str, str]] = [
    ("ru", r"пересечённ", "пересеченн (000:38; catalogs spell it as seed 000 does)"),
    (
        "ru",
        r"(?<![а-яё])трудн(?!опроход)\w*\s+местност",
        "пересеченная / труднопроходимая местность",
    ),
    ("ru", r"форсированн\w* марш", "марш-бросок (000:105)"),
    ("ru", r"ускоренн\w* (?:шаг|передвиж|перемещ)", "спешка (000:15)"),
    (
        "ru",
        r"атак\w* возможности|провоцирующ",
        "внеочередная атака (000:44) / атака по возможности",
    ),
    ("ru", r"пятифутов|5-футов", "широкий шаг (000:44)"),
    ("ru", r"нелетальн|несмертоносн", "несмертельный урон (000:85)"),
    ("zh", r"疾行|快走", "急行 (004:7)"),
    ("zh", r"强制行军|急行军", "强行军 (004:328)"),
    ("zh", r"5尺快步|五呎快步|五尺步(?!快)", "五尺快步 (004:127)"),
    ("zh", r"困难的地形|难行地形|崎岖地形", "困难地形 (004:133)"),
    ("zh", r"藉机攻击|借機|机会攻击", "借机攻击 (004:120)"),
    ("zh", r"机动力|操控性", "机动性 (004:176)"),
    ("zh", r"冲刺(?!穿越)", "冲锋 (004:115)"),
]


def _seed_lines(seed: str) -> list[str]:
    (path,) = SEEDS.glob(f"{seed}_*.txt")
    return path.read_text(encoding="utf-8").splitlines()


def _id(row: tuple[str, str, str, int, str, tuple[str, ...]]) -> str:
    return f"{row[0]}-{row[1]}-{row[2]}"


@pytest.mark.parametrize("row", TERMS, ids=[_id(r) for r in TERMS])
def test_the_seed_says_it_there(row: tuple[str, str, str, int, str, tuple[str, ...]]) -> None:
    """The cited seed line holds the word (the table's citation is honest)."""
    _, _, seed, line, word, _ = row
    text = _seed_lines(seed)[line - 1]
    assert re.search(word, text, re.IGNORECASE), f"{seed}:{line} ({_FILES[seed]}): {text!r}"


@pytest.mark.parametrize("row", TERMS, ids=[_id(r) for r in TERMS])
def test_the_catalogs_use_the_seeds_word(
    row: tuple[str, str, str, int, str, tuple[str, ...]],
) -> None:
    """Every catalog entry that names the term in that language says the seed's word."""
    term, lang, seed, line, word, keys = row
    texts = catalog()
    wrong = {key: texts[key][lang] for key in keys if not re.search(word, texts[key][lang], re.I)}
    assert not wrong, f"{term!r}: seed {seed}:{line} says {word!r}, the catalog says {wrong}"


@pytest.mark.parametrize("rival", RIVALS, ids=[f"{r[0]}-{r[1]}" for r in RIVALS])
def test_no_rival_word_for_a_seed_term(rival: tuple[str, str, str]) -> None:
    """No catalog string uses a synonym or another spelling where a seed has its word."""
    lang, pattern, seed_word = rival
    found = {k: t[lang] for k, t in catalog().items() if re.search(pattern, t[lang])}
    assert not found, f"use {seed_word} instead: {found}"


def test_every_seed_is_cited() -> None:
    """The table draws on every seed (a seed left out would be a gap in item 7's check)."""
    assert {row[2] for row in TERMS} == set(_FILES)
