"""Draw Steel forced movement: a system file's ``[steel.forced]`` table (the official rules).

Seed 002 names forced movement only once (a creature forced into another's space, with a
bane); the rest is Draw Steel Heroes' "Forced Movement" (push, pull, slide, slamming into
creatures and objects, hurling through objects, vertical forced movement, stability) and
"Falling", each number beside its source in ``systems/drawsteel.toml``.
"""

# Annotations stay evaluated (no `from __future__ import annotations`): the reader reads them
# with `typing.get_type_hints`, which would otherwise compile each one again at first load.

from dataclasses import dataclass, field
from enum import StrEnum

from footfall.rules.common import Names, Source
from footfall.rules.reader import Rows, Spec

__all__ = ["Falling", "Hurl", "Material", "SteelForced"]


class Material(StrEnum):
    """What a mundane object is made of (Draw Steel Heroes, "Hurling Through Objects")."""

    GLASS = "glass"
    WOOD = "wood"
    STONE = "stone"
    METAL = "metal"


@dataclass(frozen=True, slots=True)
class Hurl:
    """Hurling a creature through one square of `material`: the remaining squares of forced
    movement it costs, and the damage the creature moved takes."""

    material: Material
    names: Names
    cost: int = field(metadata=Spec(minimum=1))
    damage: int = field(metadata=Spec(minimum=0))


@dataclass(frozen=True, slots=True)
class Falling:
    """Falling damage (Draw Steel Heroes, "Falling"): `per_square` damage for each square
    fallen once a fall is `least` squares or more, at most `most`."""

    least: int = field(metadata=Spec(minimum=1))
    per_square: int = field(metadata=Spec(minimum=0))
    most: int = field(metadata=Spec(minimum=0))
    source: Source


@dataclass(frozen=True, slots=True)
class SteelForced:
    """Draw Steel forced movement: what a collision deals, the materials, falling, sizes."""

    names: Names
    source: Source
    creature_damage: int = field(metadata=Spec(at="slam.creature_per_square", minimum=0))
    """Damage each creature of a collision takes per square of forced movement remaining."""
    object_damage: int = field(metadata=Spec(at="slam.object_base", minimum=0))
    """Damage a target slammed into an object takes before the squares remaining."""
    object_per_square: int = field(metadata=Spec(at="slam.object_per_square", minimum=0))
    """Damage a target slammed into an object takes per square remaining."""
    slam_source: Source = field(metadata=Spec(at="slam.source"))
    big_bonus: int = field(metadata=Spec(at="big_versus_little.bonus", minimum=0))
    """Squares added when a larger creature force moves a smaller one with a melee weapon."""
    big_source: Source = field(metadata=Spec(at="big_versus_little.source"))
    hurl: tuple[Hurl, ...] = field(metadata=Spec(at="hurl.rows", rows=Rows()))
    hurl_names: Names = field(metadata=Spec(at="hurl.names"))
    hurl_source: Source = field(metadata=Spec(at="hurl.source"))
    wall_material: Material = field(metadata=Spec(at="objects.walls"))
    """The material of a wall (a wall square or a thin wall) when a query names none."""
    door_material: Material = field(metadata=Spec(at="objects.doors"))
    """The material of a closed door when a query names none."""
    objects_source: Source = field(metadata=Spec(at="objects.source"))
    falling: Falling
    ft_per_square: int = field(metadata=Spec(at="altitude.ft_per_square", minimum=1))
    """Ft of a scene's altitude (``alt``, ``ceiling_ft``) per square of height."""
    altitude_source: Source = field(metadata=Spec(at="altitude.source"))

    def hurl_of(self, material: Material) -> Hurl:
        """Return the hurling row of `material`."""
        return next(row for row in self.hurl if row.material == material)
