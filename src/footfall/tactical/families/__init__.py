"""The rule families of the tactical grid, one module each, looked up by a table.

A system's data file names its family (``family = "d20"``: `footfall.rules.Family`);
`family_of` looks the family's rules (`footfall.tactical.family.RuleFamily`) up in `FAMILIES`.
Adding a family is a new module here and one row of the table.

>>> from footfall.rules import load_system
>>> str(family_of(load_system("dnd35")).provocation)
'attack-of-opportunity'
"""

from __future__ import annotations

from types import MappingProxyType

from footfall.rules import Family, System
from footfall.tactical.families.d20 import D20
from footfall.tactical.families.heresy import HERESY
from footfall.tactical.families.steel import STEEL
from footfall.tactical.family import RuleFamily

__all__ = ["FAMILIES", "family_of"]

#: The rules of each family.
FAMILIES: MappingProxyType[Family, RuleFamily] = MappingProxyType(
    {Family.D20: D20, Family.STEEL: STEEL, Family.HERESY: HERESY}
)


def family_of(system: System) -> RuleFamily:
    """Return the rules of `system`'s family."""
    return FAMILIES[system.family]
