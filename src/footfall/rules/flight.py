"""The dnd35 flight rules of a system file's ``[flight]`` table (seed 004 "表:机动性").

One row per maneuverability class, every cell typed (`ANY` is the table's "任意", None its
"不可" or "无"), and the stall rule of falling below the minimum forward speed.
"""

# Annotations stay evaluated (no `from __future__ import annotations`): the reader reads them
# with `typing.get_type_hints`, which would otherwise compile each one again at first load.

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from footfall.rules.common import Names, Source
from footfall.rules.reader import Rows, Spec
from footfall.rules.vocabulary import Maneuverability, Unlimited

__all__ = ["Flight", "FlightRow", "StallRule", "TurnInPlace", "TurnRate"]

#: A cell in degrees (or a cost in ft read the same way): 1 to 360.
_DEGREES = Spec(minimum=1, maximum=360)


@dataclass(frozen=True, slots=True)
class TurnRate:
    """A turn limit: up to `degrees` per `per_ft` ft of forward movement."""

    degrees: int = field(metadata=_DEGREES)
    per_ft: int = field(metadata=_DEGREES)


@dataclass(frozen=True, slots=True)
class TurnInPlace:
    """A turn in place: `degrees` more turn for `cost_ft` ft of movement spent."""

    degrees: int = field(metadata=_DEGREES)
    cost_ft: int = field(metadata=_DEGREES)


@dataclass(frozen=True, slots=True)
class FlightRow:
    """A column of the maneuverability table, every cell typed.

    - `min_forward_speed`: None (无, written ``none``) or a fraction of fly speed (1/2, 半速)
    - `hover`, `fly_backward`: whether the creature can
    - `reverse`: `ANY` (free), an int cost in ft (5: "-5英尺"), or None (不可, written ``no``)
    - `turn`: `ANY` or a `TurnRate` (90° per 5 ft ...)
    - `turn_in_place`: `ANY`, a `TurnInPlace` (+90° for -5 ft) or None (不可, ``no``)
    - `max_turn`, `up_angle`, `down_angle`: `ANY` or degrees
    - `up_speed`, `down_speed`: fractions of fly speed (1 full, 1/2 half; 2 double)
    - `between_down_up_ft`: level flight needed between a dive and a climb, ft
    """

    maneuverability: Maneuverability
    names: Names
    min_forward_speed: Fraction | None = field(metadata=Spec(none="none"))
    hover: bool
    fly_backward: bool
    reverse: Literal[Unlimited.ANY] | int | None = field(
        metadata=Spec(none="no", minimum=1, maximum=360)
    )
    turn: Literal[Unlimited.ANY] | TurnRate
    turn_in_place: Literal[Unlimited.ANY] | TurnInPlace | None = field(metadata=Spec(none="no"))
    max_turn: Literal[Unlimited.ANY] | int = field(metadata=_DEGREES)
    up_angle: Literal[Unlimited.ANY] | int = field(metadata=_DEGREES)
    up_speed: Fraction
    down_angle: Literal[Unlimited.ANY] | int = field(metadata=_DEGREES)
    down_speed: Fraction
    between_down_up_ft: int = field(metadata=Spec(minimum=0))


@dataclass(frozen=True, slots=True)
class StallRule:
    """Falling below the minimum forward speed: first fall, Reflex DC, later falls (ft)."""

    first_fall_ft: int = field(metadata=Spec(minimum=1))
    recover_dc: int = field(metadata=Spec(minimum=1))
    further_fall_ft: int = field(metadata=Spec(minimum=1))
    source: Source


@dataclass(frozen=True, slots=True)
class Flight:
    """dnd35 flight: the maneuverability table and the stall rule."""

    rows: tuple[FlightRow, ...] = field(metadata=Spec(rows=Rows()))
    names: Names
    source: Source
    stall: StallRule

    def row(self, maneuverability: Maneuverability) -> FlightRow:
        """Return the column of `maneuverability`."""
        return next(r for r in self.rows if r.maneuverability == maneuverability)
