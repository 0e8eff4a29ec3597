"""Convert lengths between feet, metres, miles and km exactly, and round them for display.

Conversions are exact fractions: 5 ft = 1.5 m (the Russian Pathfinder books' square), so
1 ft = 3/10 m; 1 mi = 1.6 km (`KM_PER_MI`), the matching round figure (docs/decisions.md).
Rounding happens only in `display` and `json_number`, at the edge.

>>> ft_to_m(30)
Fraction(9, 1)
>>> display(Fraction(3, 2), "ru")
'1,5'
"""

from __future__ import annotations

from fractions import Fraction

from footfall.i18n import Lang

__all__ = [
    "DASH",
    "FT_PER_SQUARE",
    "KM_PER_MI",
    "M_PER_FT",
    "display",
    "fraction_str",
    "ft_to_m",
    "ft_to_squares",
    "json_number",
    "localize_decimal",
    "mi_to_km",
]

#: Feet in one pf1e/dnd35 grid square.
FT_PER_SQUARE = 5
#: Metres per foot: 1.5 m per 5-ft square, as the Russian Pathfinder books print it.
M_PER_FT = Fraction(3, 10)
#: Kilometres per mile (1.6, the conversion of the Russian books' metric tables).
KM_PER_MI = Fraction(8, 5)
#: What a table shows where a value does not exist ("not possible on this scale").
DASH = "—"


def ft_to_m(ft: Fraction | int) -> Fraction:
    """Return `ft` feet in metres (exact, 1.5 m per 5 ft)."""
    return Fraction(ft) * M_PER_FT


def ft_to_squares(ft: Fraction | int) -> Fraction:
    """Return `ft` feet in 5-ft squares (exact: 15 ft is 3, 7.5 ft is 3/2).

    >>> ft_to_squares(15)
    Fraction(3, 1)
    """
    return Fraction(ft) / FT_PER_SQUARE


def mi_to_km(mi: Fraction | int) -> Fraction:
    """Return `mi` miles in km (exact, 1.6 km per mile)."""
    return Fraction(mi) * KM_PER_MI


def _round(value: Fraction, places: int) -> Fraction:
    """Round half away from zero to `places` decimals, exactly."""
    scale = 10**places
    scaled = abs(value) * scale
    whole = int(scaled + Fraction(1, 2))
    sign = -1 if value < 0 else 1
    return Fraction(sign * whole, scale)


def display(value: Fraction | int | None, lang: Lang = "en", *, places: int = 2) -> str:
    """Format `value` for people: whole numbers plain, others to at most `places` decimals.

    None is shown as an em dash. Russian uses a decimal comma, as the seeds print ("1,5").
    Thousands are not grouped.

    >>> display(Fraction(3, 4))
    '0.75'
    >>> display(None)
    '—'
    """
    if value is None:
        return DASH
    rounded = _round(Fraction(value), places)
    if rounded.denominator == 1:
        text = str(rounded.numerator)
    else:
        text = f"{float(rounded):.{places}f}".rstrip("0").rstrip(".")
    return localize_decimal(text, lang)


def localize_decimal(text: str, lang: Lang) -> str:
    """Return a number written with a decimal point in `lang`'s way (ru: a comma, "1,5")."""
    return text.replace(".", ",") if lang == "ru" else text


def json_number(value: Fraction | int | None) -> int | float | None:
    """Return `value` as a JSON number: an int when whole, else the nearest float."""
    if value is None:
        return None
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else float(value)


def fraction_str(value: Fraction | int) -> str:
    """Return `value` as an exact fraction string: ``"3/4"``, ``"2"``."""
    return str(Fraction(value))
