"""Read the import conventions (``conventions.toml``): what an import makes of each family and unit.

The importers know no system by its id. What they need beyond a system's own data file is
here, keyed by the system's rule family (`footfall.rules.Family`) and unit
(`footfall.rules.Unit`), read once and validated into frozen records: an unknown, missing or
mistyped key raises one `RuleDataError` naming the file and the key.

>>> from footfall.rules import Family, Unit
>>> conventions().family(Family.STEEL).one_square, conventions().unit(Unit.FT).spellings[0]
('1M', 'ft')
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import TypeVar

from footfall.errors import Noun, RuleDataError
from footfall.rules import Family, Unit

__all__ = ["Conventions", "FamilyConventions", "UnitConventions", "conventions"]

_FILE = "imports/conventions.toml"

E = TypeVar("E", bound=StrEnum)


@dataclass(frozen=True, slots=True)
class FamilyConventions:
    """How an import reads a map for the systems of one rule family."""

    half_square: str
    """The size of a token at most half a square wide."""
    one_square: str
    """The size of a one-square token (and of a mover the render command adds)."""
    multiplies_hampering: bool
    """Whether two x2 cost areas on a square make one x4 square (two hampering kinds)."""


@dataclass(frozen=True, slots=True)
class UnitConventions:
    """How a Foundry scene spells one unit, and whether its grid distance sets ``square``."""

    spellings: tuple[str, ...]
    sets_square: bool


@dataclass(frozen=True, slots=True)
class Conventions:
    """The whole file: one row per family and per unit, each required."""

    families: Mapping[Family, FamilyConventions]
    units: Mapping[Unit, UnitConventions]

    def family(self, family: Family) -> FamilyConventions:
        """Return the conventions of `family`."""
        return self.families[family]

    def unit(self, unit: Unit) -> UnitConventions:
        """Return the conventions of `unit`."""
        return self.units[unit]


@cache
def conventions() -> Conventions:
    """Return the validated import conventions (read once)."""
    text = resources.files(__package__).joinpath("conventions.toml").read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleDataError("error.maps.conventions-toml", file=_FILE, reason=str(exc)) from None
    _keys(data, "", {"families", "units"})
    families = _table(data, "families", Family)
    units = _table(data, "units", Unit)
    return Conventions(
        families=MappingProxyType(
            {family: _family(row, f"families.{family}") for family, row in families.items()}
        ),
        units=MappingProxyType({unit: _unit(row, f"units.{unit}") for unit, row in units.items()}),
    )


def _table(
    data: Mapping[str, object], key: str, vocabulary: type[E]
) -> dict[E, Mapping[str, object]]:
    """Return the rows of table `key`, one for each member of `vocabulary`, no other."""
    table = data[key]
    if not isinstance(table, Mapping):
        raise RuleDataError(
            "error.maps.conventions-type", file=_FILE, key=key, want=Noun("a table")
        )
    _keys(table, f"{key}.", {member.value for member in vocabulary})
    rows: dict[E, Mapping[str, object]] = {}
    for member in vocabulary:
        row = table[member.value]
        if not isinstance(row, Mapping):
            raise RuleDataError(
                "error.maps.conventions-type",
                file=_FILE,
                key=f"{key}.{member}",
                want=Noun("a table"),
            )
        rows[member] = row
    return rows


def _keys(table: Mapping[str, object], prefix: str, wanted: set[str]) -> None:
    """Refuse a key of `table` not in `wanted`, and a key of `wanted` it lacks."""
    for key in sorted(set(table) - wanted):
        raise RuleDataError("error.maps.conventions-unknown", file=_FILE, key=f"{prefix}{key}")
    for key in sorted(wanted - set(table)):
        raise RuleDataError("error.maps.conventions-missing", file=_FILE, key=f"{prefix}{key}")


def _family(row: Mapping[str, object], where: str) -> FamilyConventions:
    _keys(row, f"{where}.", {"half_square", "one_square", "multiplies_hampering"})
    return FamilyConventions(
        half_square=_string(row, "half_square", where),
        one_square=_string(row, "one_square", where),
        multiplies_hampering=_flag(row, "multiplies_hampering", where),
    )


def _unit(row: Mapping[str, object], where: str) -> UnitConventions:
    _keys(row, f"{where}.", {"spellings", "sets_square"})
    spellings = row["spellings"]
    if (
        not isinstance(spellings, list)
        or not spellings
        or not all(isinstance(s, str) for s in spellings)
    ):
        raise RuleDataError(
            "error.maps.conventions-type",
            file=_FILE,
            key=f"{where}.spellings",
            want=Noun("a list of strings"),
        )
    return UnitConventions(tuple(spellings), _flag(row, "sets_square", where))


def _string(row: Mapping[str, object], key: str, where: str) -> str:
    value = row[key]
    if not isinstance(value, str) or not value:
        raise RuleDataError(
            "error.maps.conventions-type",
            file=_FILE,
            key=f"{where}.{key}",
            want=Noun("a size name"),
        )
    return value


def _flag(row: Mapping[str, object], key: str, where: str) -> bool:
    value = row[key]
    if not isinstance(value, bool):
        raise RuleDataError(
            "error.maps.conventions-type",
            file=_FILE,
            key=f"{where}.{key}",
            want=Noun("true or false"),
        )
    return value
