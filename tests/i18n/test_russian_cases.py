"""Russian counts agree with their nouns inside prepositional phrases (issue 14): «предела в
1 байт», «в 1 милю», «в 1 клетку», «до 1 клетки», «длиннее 1 цифры», «из 1 члена» — the case
the preposition asks, in the number's form (CLDR one / few / many)."""

from __future__ import annotations

import re

import pytest

from footfall.i18n import catalog, error_text, t

#: A count where the three Russian forms differ: one (1, 21), few (2, 3, 24), many (5, 11, 12).
COUNTS = (1, 2, 5, 11, 21, 24)


@pytest.mark.parametrize(
    ("key", "fields", "count_field", "forms"),
    [
        # «в» naming a measure: the accusative (в 1 байт, в 1 клетку, в 1 пиксель)
        ("error.file.grew", {"what": "файл", "path": "'a'"}, "limit", ("байт", "байта", "байт")),
        (
            "error.maps.map-too-big",
            {"file": "f", "where": "w", "width": 9, "height": 9, "area": 81, "side": 3},
            "limit",
            ("клетку", "клетки", "клеток"),
        ),
        (
            "error.maps.picture-pixels",
            {"width": 9, "height": 9},
            "limit",
            ("пиксель", "пикселя", "пикселей"),
        ),
        # «до», «больше», «длиннее», «из»: the genitive (до 1 клетки, длиннее 1 цифры)
        (
            "error.api.path-work",
            {"waypoints": 2, "width": 9, "height": 9, "legs": 3, "limit": 10},
            "work",
            ("клетки", "клеток", "клеток"),
        ),
        ("error.json.digits", {}, "digits", ("цифры", "цифр", "цифр")),
        ("error.flight.path-too-long", {}, "most", ("шага", "шагов", "шагов")),
        ("error.travel.party-size", {"limit": 20}, "count", ("члена", "членов", "членов")),
        # a count standing alone: the nominative (1 байт, 2 байта; 1 символ, 2 символа)
        (
            "error.turns.title-size",
            {"param": "--title", "limit": 200},
            "count",
            ("символ", "символа", "символов"),
        ),
    ],
)
def test_a_count_in_a_phrase_takes_the_case_and_form(
    key: str, fields: dict[str, object], count_field: str, forms: tuple[str, str, str]
) -> None:
    """Each count renders with the noun form its number and preposition ask for."""
    placeholders = set(re.findall(r"\{(\w+)", catalog()[key]["ru"]))
    values = {name: fields.get(name, 3) for name in placeholders}
    for count in COUNTS:
        values[count_field] = count
        text = error_text(key, "ru", values)
        form = forms[0] if count in (1, 21) else forms[1] if count in (2, 24) else forms[2]
        assert re.search(rf"\b{count} {form}\b", text), (count, text)


@pytest.mark.parametrize(
    ("unit", "limit", "words"),
    [
        ("mi", 1, "в 1 милю"),
        ("mi", 2, "в 2 мили"),
        ("mi", 5, "в 5 миль"),
        ("squares", 21, "в 21 клетку"),
    ],
)
def test_a_limit_in_a_unit_is_in_the_accusative(unit: str, limit: int, words: str) -> None:
    """«больше предела в 1 милю» (not «в 1 миля»): ``{unit:agree-in:n}``."""
    text = t("error.api.leg-distance", "ru", number=2, distance=30, unit=unit, limit=limit)
    assert text.endswith("больше предела " + words), text


def test_a_charge_moves_at_least_one_square_in_the_accusative() -> None:
    """«переместиться хотя бы на 1 клетку»: the accusative after «на»."""
    text = t("tactical.rule.charge-short", "ru", least=1, unit="squares", x=1, y=2)
    assert "хотя бы на 1 клетку" in text and "на 2 клетки" in t(
        "tactical.rule.charge-short", "ru", least=2, unit="squares", x=1, y=2
    )


#: Nouns whose Russian form changes with the count: after a placeholder they must be a
#: ``plural`` spec, not written out (a fixed «клеток» is wrong after 1, 2, 21 ...).
_VARYING = (
    "|".join(
        ("байт", "клеток", "пикселей", "существ", "цифр", "шагов", "состояний", "ячеек", "членов"),
    )
    + "|символов|перемещений|столкновений|раундов|мегапикселей|отрезков|участков"
)


def test_no_russian_message_writes_a_varying_noun_after_a_bare_count() -> None:
    """Only a size written AxB (``{width}x{height} клеток``) or a count a noun names first
    (``клеток: {count}``) keeps a fixed form."""
    bare = re.compile(rf"(?<![x{{])\{{(\w+)\}} ({_VARYING})\b")
    found = {
        key: text["ru"]
        for key, text in catalog().items()
        if any(m for m in bare.finditer(text["ru"]) if not text["ru"][: m.start()].endswith("x"))
    }
    allowed = {"error.maps.uvtt-grid-not-square"}  # {x} x {y} пикселей: a size, not a count
    assert set(found) <= allowed, found


@pytest.mark.parametrize(
    ("step", "unit", "words"),
    [
        (1, "squares", "кратна 1 клетке"),
        (2, "squares", "кратна 2 клеткам"),
        (5, "squares", "кратна 5 клеткам"),
        (21, "squares", "кратна 21 клетке"),
        (5, "ft", "кратна 5 фт"),
    ],
)
def test_a_multiple_takes_the_dative(step: int, unit: str, words: str) -> None:
    """«скорость кратна 1 клетке, 2 клеткам, 5 клеткам» (not «кратна 1 клетка»):
    ``{unit:agree-to:n}``; an abbreviation does not change (кратна 5 фт)."""
    for key in ("error.scene.speed-step", "error.maps.cli-speed-step"):
        values = {"where": "", "system": "drawsteel", "step": step, "unit": unit, "value": 7}
        text = t(key, "ru", **values, param="--speed")
        assert words in text, text


def test_no_russian_multiple_takes_the_nominative() -> None:
    """No «кратна {n} {unit:agree:n}» is left: after «кратн…» a unit agrees in the dative."""
    found = {
        key: text["ru"]
        for key, text in catalog().items()
        if re.search(r"кратн\w* \{\w+\} \{\w+:agree:", text["ru"])
    }
    assert not found, found


@pytest.mark.parametrize(("cost", "words"), [(1, "стоит 1 клетку"), (2, "стоит 2 клетки")])
def test_a_cost_takes_the_accusative(cost: int, words: str) -> None:
    """«перемещение стоит 1 клетку» (the accusative after «стоит»), the budget named after it."""
    for key in ("tactical.rule.budget", "tactical.reason.budget"):
        text = t(key, "ru", cost=cost, budget=1, unit="squares", x=1, y=2)
        assert words in text and text.endswith("позволяет это действие (1 клетка)"), text
