"""Actions of the tactical grid: what each one allows and the budget it gives.

The actions are data: every system reads its rows (`footfall.rules.ActionRule`, RULES.md 1.4
and 3) and its default action from its system file; dh2e's four actions budget the columns of
its structured-movement table (seed 001, "Движение в структурированном времени"). `ActionSpec`
is the one record the policy reads; nothing else decides what an action may do.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache

from footfall.errors import InputError, Param
from footfall.rules import ActionRule, Restriction, RuleId, System, load_system

__all__ = [
    "ActionSpec",
    "Budget",
    "action_names",
    "action_spec",
    "default_action",
]


class Budget(StrEnum):
    """How an action's budget is derived."""

    SPEED = "speed"
    """`multiplier` x the mover's speed (pf1e/dnd35 ft, drawsteel squares)."""
    AGILITY = "agility"
    """dh2e: the action's column of the structured-movement table (seed 001) for the AB."""
    SQUARES = "squares"
    """A fixed number of squares (`squares`), e.g. the five-foot step."""
    DISTANCE = "distance"
    """The distance the caller grants (the query's `distance`), capped by speed (drawsteel
    shift)."""
    ONE_STEP = "one-step"
    """One step whatever it costs (pf1e/dnd35 minimum move, seed 000/004)."""


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """One action of one system, as the policy applies it.

    `forbid_hampered` is the rule id refusing a hampered square (``hampered-run`` for run and
    charge, ``hampered`` for the five-foot step); `straight` makes the movement one straight
    line (charge; run under switch ``run_straight``); `min_distance` is the least distance it
    must cover (charge: 10 ft); `no_ally` forbids allies' squares (charge); `shift` applies
    Draw Steel's shift rules; `provokes` says whether leaving a threatened square provokes;
    `first_free` exempts the first square left (withdraw).
    """

    name: str
    budget: Budget
    multiplier: Fraction = Fraction(1)
    heavy_multiplier: Fraction | None = None
    squares: int | None = None
    forbid_hampered: RuleId | None = None
    straight: bool = False
    straight_switch: str | None = None
    no_ally: bool = False
    shift: bool = False
    provokes: bool = True
    first_free: bool = False
    needs_speed: bool = False
    source: str = ""
    min_distance: Fraction | None = None
    """The least distance a (straight) movement must cover, in the system's unit: a pf1e/dnd35
    charge moves at least 10 ft (official; `charge-short`)."""
    full_round: bool = False
    """A full-round action (run, charge, withdraw, minimum move): it cannot include standing up
    from prone, a move action of its own (`stand-up`)."""


def _from_rule(rule: ActionRule) -> ActionSpec:
    """Turn a data row into the policy's record (table-driven, one row in, one row out)."""
    r = rule.restrictions
    if rule.structured_column is not None:
        budget = Budget.AGILITY
    elif Restriction.ONLY_WHEN_HAMPERED in r:
        budget = Budget.ONE_STEP
    elif rule.given:
        budget = Budget.DISTANCE
    elif rule.squares is not None:
        budget = Budget.SQUARES
    else:
        budget = Budget.SPEED
    forbid: RuleId | None = None
    if Restriction.NO_HAMPERED in r:
        forbid = RuleId.HAMPERED_RUN
    elif Restriction.NOT_INTO_HAMPERED in r:
        forbid = RuleId.HAMPERED
    straight_switch = next((s for s in rule.switches if s.endswith("_straight")), None)
    return ActionSpec(
        name=rule.id.value,
        budget=budget,
        multiplier=rule.speed_multiple or Fraction(1),
        heavy_multiplier=rule.heavy_multiple,
        squares=rule.squares,
        forbid_hampered=forbid,
        straight=Restriction.STRAIGHT_LINE in r,
        straight_switch=straight_switch,
        no_ally=Restriction.NO_ALLY in r,
        shift=Restriction.SHIFT in r,
        provokes=Restriction.NO_PROVOKE not in r,
        first_free=Restriction.FIRST_SQUARE_SAFE in r,
        needs_speed=Restriction.NEEDS_SPEED in r,
        source=f"{rule.source.document}: {rule.source.table}",
        min_distance=rule.min_distance,
        full_round=Restriction.FULL_ROUND in r,
    )


def _system(system: System | str) -> System:
    return load_system(system) if isinstance(system, str) else system


@cache
def _specs(system: System) -> tuple[ActionSpec, ...]:
    """Return the action records of `system`, one per data row, in the data's order."""
    return tuple(_from_rule(rule) for rule in system.actions)


def action_names(system: System | str) -> tuple[str, ...]:
    """Return the names of `system`'s movement actions, in the order users see them."""
    return tuple(spec.name for spec in _specs(_system(system)))


def default_action(system: System | str) -> str:
    """Return the action a query of `system` uses when it names none (its data's default).

    >>> default_action("drawsteel")
    'advance'
    """
    return _system(system).default_action.value


def action_spec(system: System | str, action: str | None) -> ActionSpec:
    """Return the action `action` of `system` (its default when None).

    An unknown action raises `InputError` listing the system's actions.

    >>> action_spec("pf1e", None).name
    'move'
    """
    rules = _system(system)
    name = rules.default_action.value if action is None else action
    for spec in _specs(rules):
        if spec.name == name:
            return spec
    raise InputError(
        "error.rules.unknown-action",
        param=Param("action"),
        system=rules.id,
        value=name,
        valid=action_names(rules),
    )
