"""A count agrees with its unit in Russian wherever a number meets a unit (1 миля, 2 мили,
5 миль; 1 фут, 2 фута, 5 футов), the decimal comma in Russian, the seed's list comma in Chinese."""

from __future__ import annotations

import pytest

from footfall.errors import InputError, unknown
from footfall.i18n import measure, t
from helpers.cli import invoke


@pytest.mark.parametrize(
    ("count", "text"),
    [(1, "1 миля"), (2, "2 мили"), (5, "5 миль"), (21, "21 миля"), (24, "24 мили"),
     (11, "11 миль"), ("1,5", "1,5 мили")],
)  # fmt: skip
def test_miles_agree_with_their_count(count: object, text: str) -> None:
    """measure: a mile takes the form its count asks for (CLDR ru: one, few, many)."""
    assert measure("ru", count, "mi") == text


def test_feet_and_squares_agree() -> None:
    """Feet written out and squares agree too; abbreviations (фт, км) stay as they are."""
    assert [measure("ru", n, "feet") for n in (1, 2, 5)] == ["1 фут", "2 фута", "5 футов"]
    assert [measure("ru", n, "squares") for n in (1, 3, 5)] == ["1 клетка", "3 клетки", "5 клеток"]
    assert measure("ru", 7, "km") == "7 км" and measure("zh", 7, "mi") == "7英里"


def test_templates_agree_with_the_count_they_name() -> None:
    """{unit:agree:n} in a template: the unit's label takes the count's form; after "до" the
    genitive (до 1 клетки, до 5 клеток)."""
    assert t("tactical.cli.header", "ru", mover="a", action="b", budget=1, unit="клеток").endswith(
        "до 1 клетки"
    )
    assert t("tactical.cli.header", "ru", mover="a", action="b", budget=5, unit="клеток").endswith(
        "до 5 клеток"
    )
    assert t("tactical.cli.header", "en", mover="a", action="b", budget=1, unit="squares").endswith(
        "1 square"
    )


def test_journey_log_agrees() -> None:
    """footfall travel --lang ru: 24 мили, 1 миля, 1,5 мили/ч (seed 000's table, 30 ft)."""
    result = invoke(
        ["travel", "pf1e", "--leg", "24 mi forest trackless", "--leg", "1 mi plains highway",
         "--speed", "30", "--lang", "ru"]
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "  1. 24 мили, Лес, Бездорожье: x1/2, 1,5 мили/ч, 16 ч" in result.stdout
    assert "  2. 1 миля, Равнина, Тракт: x1, 3 мили/ч, 20 мин" in result.stdout
    assert "конец дня: 12 из 24 миль участка 1" in result.stdout  # genitive after "из"


def test_error_numbers_are_written_in_the_language() -> None:
    """An error's decimal is 1,5 in Russian; its valid values a、b in Chinese (seed 004)."""
    error = InputError("error.travel.trip-hours", hours=1.5, limit=2)
    assert error.render("ru") == "путь занимает 1,5 ч: больше 2 ч"
    assert error.render("en") == "the trip takes 1.5 h: more than 2 h"
    assert unknown("terrain", "x", ["a", "b"]).render("zh") == "未知的地形 'x'(已知:a、b)"
