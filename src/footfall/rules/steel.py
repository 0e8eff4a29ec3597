"""The Draw Steel rules of a system file's ``[steel]`` table (seed 002 and the official rules).

Sizes and their footprints, the default speed, the extra cost of difficult terrain and the
size gaps that let creatures share or pass through a space (all in squares).
"""

# Annotations stay evaluated (no `from __future__ import annotations`): the reader reads them
# with `typing.get_type_hints`, which would otherwise compile each one again at first load.

from dataclasses import dataclass, field

from footfall.rules.common import Names, Source
from footfall.rules.forced import SteelForced
from footfall.rules.reader import Rows, Spec, rank
from footfall.rules.vocabulary import SteelSize

__all__ = ["Steel", "SteelSizeRule"]


@dataclass(frozen=True, slots=True)
class SteelSizeRule:
    """A Draw Steel size: order (1T = 0) and footprint (side of its space in squares)."""

    size: SteelSize
    names: Names
    order: int = field(metadata=Spec(derive=rank("size")))
    footprint: int = field(metadata=Spec(minimum=1))


@dataclass(frozen=True, slots=True)
class Steel:
    """Draw Steel movement: sizes, default speed, difficult terrain cost (squares)."""

    sizes: tuple[SteelSizeRule, ...] = field(metadata=Spec(at="sizes.rows", rows=Rows()))
    sizes_names: Names = field(metadata=Spec(at="sizes.names"))
    sizes_source: Source = field(metadata=Spec(at="sizes.source"))
    default_speed: int = field(metadata=Spec(at="speed.default", minimum=1))
    speed_source: Source = field(metadata=Spec(at="speed.source"))
    difficult_extra: int = field(metadata=Spec(at="difficult.extra_cost", minimum=0))
    """Squares a difficult square costs beyond the step (official: 1)."""
    difficult_source: Source = field(metadata=Spec(at="difficult.source"))
    share_size_gap: int = field(metadata=Spec(at="occupancy.share_size_gap", minimum=1))
    """A movement may end in a creature's space this many sizes apart."""
    bane_size_gap: int = field(metadata=Spec(at="occupancy.bane_size_gap", minimum=0))
    occupancy_source: Source = field(metadata=Spec(at="occupancy.source"))
    forced: SteelForced | None = None
    """Forced movement: push, pull, slide (`footfall.tactical.forced`); None: not modelled."""

    def size(self, size: SteelSize) -> SteelSizeRule:
        """Return the rule of `size`."""
        return next(s for s in self.sizes if s.size == size)
