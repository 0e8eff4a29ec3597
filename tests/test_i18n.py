"""The message catalogs: plural agreement of counts and nouns (CLDR rules for en and ru)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from footfall.i18n import catalog, plural, t

RU = ("клетка", "клетки", "клеток")


@pytest.mark.parametrize(
    ("count", "form"),
    [(1, "клетка"), (2, "клетки"), (4, "клетки"), (5, "клеток"), (11, "клеток"),
     (12, "клеток"), (14, "клеток"), (21, "клетка"), (22, "клетки"), (25, "клеток"),
     (101, "клетка"), (111, "клеток"), (0, "клеток"), (Fraction(3, 2), "клетки"),
     (2.5, "клетки"), ("2,5", "клетки"), ("30", "клеток"), (Fraction(4), "клетки")],
)  # fmt: skip
def test_russian_forms(count: object, form: str) -> None:
    """Russian: 1/21 клетка, 2-4/22 клетки, 5-20/11-14/0 клеток; a fraction клетки."""
    assert plural("ru", count, RU) == form


@pytest.mark.parametrize(
    ("count", "form"), [(1, "round"), (0, "rounds"), (2, "rounds"), (1.5, "rounds")]
)
def test_english_forms(count: object, form: str) -> None:
    """English: one for exactly 1, other for the rest (0, 2, 1.5)."""
    assert plural("en", count, ("round", "rounds")) == form


def test_chinese_has_one_form() -> None:
    """Chinese nouns do not change with the count."""
    assert plural("zh", 3, ("回合",)) == "回合"


def test_wrong_number_of_forms_is_refused() -> None:
    """A plural spec with the wrong number of forms for its language is an error."""
    with pytest.raises(ValueError, match="3 forms"):
        plural("ru", 2, ("a", "b"))


def test_every_plural_spec_in_the_catalogs_has_its_forms() -> None:
    """Loading the catalogs checks every plural spec (en 2, ru 3, zh 1 forms) and they render."""
    specs = [(key, lang) for key, texts in catalog().items() for lang, text in texts.items()
             if ":plural:" in text]  # fmt: skip
    assert specs, "no message uses plural agreement"
    assert t("tactical.cli.reach-count", "ru", count=1).startswith("1 клетка,")
    assert t("tactical.cli.reach-count", "ru", count=3).startswith("3 клетки,")
    assert t("tactical.cli.reach-count", "ru", count=17).startswith("17 клеток,")
    assert t("tactical.cli.reach-count", "en", count=1).startswith("1 square ")
