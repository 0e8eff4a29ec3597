"""Flight text writes decimals in the language's way: 47,5 фт in Russian (issue 14 item 5)."""

from __future__ import annotations

import re

import pytest

from footfall.i18n import Lang
from helpers.cli import invoke

#: Seed 004's worked turn: 47.5 ft of 80 (docs/flight.md).
CHECK = ["fly", "check", "--speed", "80", "-m", "average", "--alt", "30", "--facing", "E",
         "--steps", "f r90 d10 d10 d5 f5"]  # fmt: skip
#: A clumsy flyer that stalls at 30 ft: 3d6 falling damage, 10.5 on average.
STALL = ["fly", "check", "--speed", "40", "-m", "clumsy", "--alt", "30", "--facing", "E",
         "--steps", "r45 f r45 f"]  # fmt: skip
PATH = ["fly", "path", "--speed", "80", "-m", "average", "--alt", "30", "--facing", "E",
        "--to", "1,8,5"]  # fmt: skip
DECIMAL_POINT = re.compile(r"\d\.\d")


def _text(args: list[str], lang: Lang) -> str:
    result = invoke([*args, "--lang", lang])
    assert result.exit_code == 0, result.output
    return str(result.stdout)


@pytest.mark.parametrize(
    ("args", "ru", "zh"),
    [
        (CHECK, "допустимо: 47,5 фт из 80 фт", "47.5"),
        (STALL, "(в среднем 10,5)", "(平均10.5)"),
        (PATH, "да: 27,5 фт из 80 фт", "27.5"),
    ],
)
def test_flight_decimals_follow_the_language(args: list[str], ru: str, zh: str) -> None:
    """Russian writes a decimal comma (1,5), Chinese and English a point, as the seeds do."""
    russian = _text(args, "ru")
    assert ru in russian and not DECIMAL_POINT.search(russian), russian
    assert zh in _text(args, "zh")
    assert zh.strip("()平均") in _text(args, "en")
