"""The action economy of a turn, from a system file's ``[turn]`` table (TURN.md "The turn rules").

A turn holds `units` of action (d20: a standard and a move action, 2; dh2e: two half actions,
2; Draw Steel: its one move action, 1). Each movement action takes `uses` of them; a later
move of the same turn that names an action whose `continues` lists the action of the turn's
last movement extends that movement (its whole path is checked again under the later action:
one diagonal count, one speed cap); any other action starts a new movement from where the
mover stands, if the units left allow it. An `alone` action (the 5-foot step) is the turn's
only movement.
"""

# Annotations stay evaluated (no `from __future__ import annotations`): the reader reads them
# with `typing.get_type_hints`, which would otherwise compile each one again at first load.

from dataclasses import dataclass, field

from footfall.rules.common import Source
from footfall.rules.reader import Rows, Spec
from footfall.rules.vocabulary import ActionId

__all__ = ["Turn", "TurnAction"]


@dataclass(frozen=True, slots=True)
class TurnAction:
    """How one movement action spends a turn: its units, what it may extend, whether alone."""

    action: ActionId
    uses: int = field(metadata=Spec(minimum=0))
    """Units of the turn's action the movement takes (a full-round action: all of them)."""
    continues: frozenset[ActionId] = field(metadata=Spec(default=frozenset()))
    """The actions of a movement this action may extend (``double-move``: ``move``)."""
    alone: bool = field(metadata=Spec(default=False))
    """The turn's only movement: only when nothing moved yet, and then nothing more."""
    source: Source


@dataclass(frozen=True, slots=True)
class Turn:
    """A system's turn: the units of action it holds and how each movement action spends them."""

    units: int = field(metadata=Spec(minimum=1))
    actions: tuple[TurnAction, ...] = field(metadata=Spec(at="rows", rows=Rows(complete=False)))
    source: Source

    def rule(self, action: str) -> TurnAction | None:
        """Return how `action` spends a turn, None if the turn rules do not name it."""
        return next((a for a in self.actions if a.action == action), None)
