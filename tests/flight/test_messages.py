"""Flight messages: every catalog key formats in en, ru and zh with the values the model gives."""

from __future__ import annotations

import re

import pytest

from footfall.i18n import LANGS, catalog, t

#: Values each fault and label may use (the union of what `footfall.flight` passes).
VALUES = {
    "cls": "average",
    "degrees": 90,
    "allowed": 45,
    "rate": 45,
    "per": 5,
    "flown": 0,
    "max": 90,
    "v": 10,
    "h": 5,
    "angle": 45,
    "need": 5,
    "forward": 25,
    "alt": 20,
    "cost": 65,
    "budget": 60,
    "height": 5,
    "ceiling": 20,
    "x": 3,
    "y": 4,
    "w": 10,
    "id": "troll",
    "speed": 80,
    "facing": "E",
    "reflex": 5,
    "dc": 20,
    "p": "30%",
    "round": 2,
    "before": 250,
    "after": 0,
    "recover": "30%",
    "crash": "70%",
    "dice": 20,
    "average": 70,
    "rounds": 3,
    "low": 0,
    "high": 5,
    "count": 12,
    "step": 3,
    "switches": "flight_turn_credit=bank",
}
KEYS = sorted(key for key in catalog() if key.startswith("flight."))


@pytest.mark.parametrize("key", KEYS)
def test_every_flight_message_formats(key: str) -> None:
    """Each flight message has the same placeholders in every language and formats cleanly."""
    fields = {lang: set(re.findall(r"{(\w+)", catalog()[key][lang])) for lang in LANGS}
    assert fields["en"] == fields["ru"] == fields["zh"], fields
    for lang in LANGS:
        text = t(key, lang, **VALUES)
        assert "{" not in text and text.strip() == text


def test_chinese_uses_the_seed_words() -> None:
    """The Chinese catalog uses seed 004's terms for the table's rows."""
    words = {t(f"flight.row.{row}", "zh") for row in ("hover", "fly_backward", "turn_in_place")}
    assert words == {"盘旋", "倒退飞行", "急转弯"}
    assert "俯角" in t("flight.fault.dive", "zh", **VALUES)
    assert "升降缓冲" in t("flight.fault.level", "zh", **VALUES)
