"""The encounter records (TURN.md "Encounter"): frozen values, no mutable dicts.

An `Encounter` is the scene (creatures where their last move left them), the initiative
`order`, the `round`, the `active` creature, this turn's `moves` and the `log` of finished
turns. Every change (`footfall.turns.play`) returns a new record one `version` higher; the
JSON form is `footfall.turns.document`.
"""

from __future__ import annotations

from dataclasses import dataclass

from footfall.errors import InputError, Param
from footfall.scene import Scene

__all__ = [
    "FORMAT",
    "Encounter",
    "IllegalMove",
    "LogEntry",
    "Move",
    "Provoked",
    "Reorder",
    "StaleVersion",
    "UnknownEncounter",
]

#: The encounter shape's version: the value of ``footfall_encounter`` (TURN.md).
FORMAT = 1

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Provoked:
    """An attack a move provoked: its step in the move's path, who, what kind and why."""

    step: int
    by: str
    kind: str
    reason: str


@dataclass(frozen=True, slots=True)
class Move:
    """One move of a turn: the action, the squares (first: where it started), cost, provokes.

    `cost` is in the system's display unit (ft, m, squares): what the move added to the cost
    of the turn's movement so far. `distance` is the distance an effect granted (a shift).
    """

    action: str
    path: tuple[Square, ...]
    cost: int | float
    provokes: tuple[Provoked, ...] = ()
    distance: int | None = None

    @property
    def start(self) -> Square:
        """The square the move started from."""
        return self.path[0]

    @property
    def end(self) -> Square:
        """The square the move ended in."""
        return self.path[-1]


@dataclass(frozen=True, slots=True)
class Reorder:
    """The initiative order changed during a turn: after how many of its moves, from, to."""

    after: int
    before: tuple[str, ...]
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A finished turn: the round, the creature whose turn it was, its moves and reorders."""

    round: int
    mover: str
    moves: tuple[Move, ...]
    reorders: tuple[Reorder, ...] = ()


@dataclass(frozen=True, slots=True)
class Encounter:
    """An encounter (TURN.md): scene, order of play, round, active creature, moves, log."""

    id: str
    title: str
    version: int
    scene: Scene
    order: tuple[str, ...]
    round: int
    active: str
    moves: tuple[Move, ...] = ()
    log: tuple[LogEntry, ...] = ()
    extensions: str = ""
    """The encounter's own ``x-...`` keys as JSON text ("" for none): TURN.md keeps them
    (ignored by footfall, written back as read; text, so the record holds no mutable dict)."""
    reorders: tuple[Reorder, ...] = ()
    """This turn's changes of the initiative order (`footfall.turns.play.reorder`)."""

    @property
    def system(self) -> str:
        """The id of the scene's system."""
        return self.scene.system


class UnknownEncounter(InputError):
    """An encounter id no encounter has (HTTP 404)."""

    def __init__(self, encounter_id: str) -> None:
        super().__init__("error.turns.unknown", param=Param("id"), value=encounter_id)


class StaleVersion(InputError):
    """A change named a version the encounter is no longer at (HTTP 409)."""

    def __init__(self, encounter: Encounter, version: int) -> None:
        super().__init__(
            "error.turns.stale",
            param=Param("version"),
            value=version,
            id=encounter.id,
            current=encounter.version,
        )
        self.current = encounter.version


class IllegalMove(InputError):
    """A move the rules refuse (HTTP 422): `violations`, each ``(step, rule, message)``.

    `check` is the ``check`` answer of the turn's whole movement with the move (None when
    the turn's action economy refused it before any path was priced).
    """

    def __init__(
        self,
        violations: tuple[tuple[int, str, str], ...],
        check: dict[str, object] | None = None,
    ) -> None:
        first = violations[0][2] if violations else ""
        super().__init__(
            "error.turns.illegal", param=Param("path"), count=len(violations), first=first
        )
        self.violations = violations
        self.check = check

    def violations_json(self) -> list[dict[str, object]]:
        """Return the violations as ``check`` gives them: step, rule, message."""
        return [{"step": s, "rule": r, "message": m} for s, r, m in self.violations]
