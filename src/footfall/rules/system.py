"""A game system: its movement actions and switches, and the tables of its rule families.

`parse_system` reads any system data file, a shipped one or a custom game's (a second
Pathfinder-like game is a new data file with its own ``id`` and a known ``family``);
`footfall.rules.registry` is where the shipped ones are named.
"""

# Annotations stay evaluated (no `from __future__ import annotations`): the reader reads them
# with `typing.get_type_hints`, which would otherwise compile each one again at first load.

import dataclasses
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from footfall.errors import InputError, Param, RuleDataError
from footfall.rules.common import Interpretation, Names, Source
from footfall.rules.flight import Flight
from footfall.rules.heresy import Heresy
from footfall.rules.reader import Fault, Rows, Spec, read_data
from footfall.rules.steel import Steel
from footfall.rules.tactical import Tactical
from footfall.rules.travel import Travel
from footfall.rules.turn import Turn
from footfall.rules.vocabulary import ActionId, Family, Restriction, StructuredColumn, Unit

__all__ = ["ActionRule", "System", "parse_system", "parse_system_data"]


@dataclass(frozen=True, slots=True)
class ActionRule:
    """A movement action: its budget and restrictions (RULES.md 1.4 / 3).

    The budget is `speed_multiple` x speed (with `heavy_multiple` instead in heavy armor or
    under a heavy load, when set), or a fixed `squares`, or N given by the caller (`given`),
    or (dh2e) the `structured_column` of the structured-movement table: exactly one of them.
    `switches` names interpretation switches that change the action (e.g. ``run_straight``).
    """

    id: ActionId
    names: Names
    speed_multiple: Fraction | None
    heavy_multiple: Fraction | None
    squares: int | None = field(metadata=Spec(minimum=1))
    given: bool = field(metadata=Spec(default=False))
    restrictions: frozenset[Restriction]
    switches: tuple[str, ...] = field(metadata=Spec(default=()))
    source: Source
    structured_column: StructuredColumn | None = None
    """dh2e: the budget is this column of the structured table (``half_move``, ``full_move``,
    ``charge``, ``run``) at the mover's Agility Bonus."""
    min_distance: Fraction | None = None
    """The least distance the movement must cover, in the system's unit (pf1e/dnd35 charge:
    10 ft, official Core Rulebook / Player's Handbook), or None for no minimum."""

    def __post_init__(self) -> None:
        """Refuse a least distance off a straight line, and anything but exactly one budget."""
        if self.min_distance is not None and Restriction.STRAIGHT_LINE not in self.restrictions:
            # The search does not count distance moved; a straight line's cost is its distance.
            raise Fault(
                "error.rules.straight-only",
                key="min_distance",
                value=str(self.min_distance),
                raw=True,
            )
        budgets = [
            self.speed_multiple is not None,
            self.squares is not None,
            self.given,
            self.structured_column is not None,
        ]
        if sum(budgets) != 1:
            raise Fault("error.rules.one-budget", key="", value=str(self.id))


@dataclass(frozen=True, slots=True)
class System:
    """One game's rules, validated from its data file (docs/data-files.md) or built in code.

    `family` picks the engine's policy and journey rules (`Family`); the family's tables are
    `tactical` and `travel` (d20), `flight` (dnd35), `heresy` and `steel`, None where a
    system has none. `file` names the data file in messages.
    """

    id: str
    family: Family
    names: Names
    unit: Unit
    square: Fraction
    """The side of one grid square in `unit`: 5 ft, 1 m, 1 square."""
    seed: str
    """The seed file the rules are transcribed from."""
    file: str = field(metadata=Spec(given=True))
    interpretations: tuple[Interpretation, ...] = field(metadata=Spec(rows=Rows()))
    actions: tuple[ActionRule, ...] = field(
        metadata=Spec(at="actions.rows", rows=Rows(complete=False))
    )
    actions_names: Names = field(metadata=Spec(at="actions.names"))
    default_action: ActionId = field(metadata=Spec(at="actions.default"))
    """The action a query uses when it names none (SCENE.md "Actions")."""
    tactical: Tactical | None
    travel: Travel | None
    flight: Flight | None
    heresy: Heresy | None
    steel: Steel | None
    turn: Turn | None
    """The action economy of a turn (TURN.md; footfall.turns), None: no encounter turns."""
    actions_source: Source | None = field(default=None, metadata=Spec(at="actions.source"))
    """Where the actions table as a whole comes from (``footfall tables SYSTEM actions``);
    None: its first action's source."""
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Refuse a default action that is not one of the actions."""
        if self.default_action not in {a.id for a in self.actions}:
            raise Fault(
                "error.rules.default-action", key="actions.default", value=str(self.default_action)
            )

    def __hash__(self) -> int:
        """Hash the rules once (a system keys the engine's caches; it is a deep record)."""
        if not self._hash:
            values = tuple(getattr(self, f.name) for f in dataclasses.fields(self) if f.compare)
            object.__setattr__(self, "_hash", hash(values))
        return self._hash

    def interpretation(self, switch: str) -> Interpretation:
        """Return the switch `switch`, or raise `InputError` naming the known switches."""
        for i in self.interpretations:
            if i.id == switch:
                return i
        raise InputError(
            "error.rules.unknown-switch",
            param=Param("switches"),
            system=self.id,
            value=switch,
            valid=tuple(i.id for i in self.interpretations),
        )

    def switches(self, overrides: Mapping[str, str] | None = None) -> dict[str, str]:
        """Return every switch's choice: the defaults, replaced by the valid `overrides`.

        An unknown switch or choice raises `InputError` naming the valid ones.
        """
        chosen = {i.id: i.default for i in self.interpretations}
        for switch, choice in (overrides or {}).items():
            rule = self.interpretation(switch)
            if choice not in rule.choice_ids:
                raise InputError(
                    "error.rules.unknown-choice",
                    param=Param("switches"),
                    switch=switch,
                    value=choice,
                    valid=rule.choice_ids,
                )
            chosen[switch] = choice
        return chosen

    def action(self, action: ActionId | str) -> ActionRule:
        """Return the action `action`, or raise `InputError` naming this system's actions."""
        for a in self.actions:
            if a.id == action:
                return a
        raise InputError(
            "error.rules.unknown-action",
            param=Param("action"),
            system=self.id,
            value=str(action),
            valid=tuple(a.id.value for a in self.actions),
        )


def parse_system(text: str, file: str, *, expected_id: str | None = None) -> System:
    """Parse and validate a system data file's `text`; `file` names it in errors.

    The ``id`` may be any name (a custom game) as long as ``family`` is a known `Family`;
    `expected_id` refuses a file whose id is another.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleDataError("error.rules.toml", file=file, reason=str(exc)) from None
    return parse_system_data(data, file, expected_id=expected_id)


def parse_system_data(
    data: Mapping[str, object], file: str, *, expected_id: str | None = None
) -> System:
    """Validate already-parsed data-file content `data` into a `System`; `file` names it."""
    system = read_data(System, data, file, {"file": file})
    if expected_id is not None and system.id != expected_id:
        raise RuleDataError(
            "error.rules.expected-id", file=file, key="id", value=system.id, expected=expected_id
        )
    return system
