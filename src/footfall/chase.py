"""Resolve chases: who gets away, with the exact odds and an optional seeded roll.

The rules (RULES.md 1.7; seed 000 "Погони", seed 004 "逃逸与追赶"):

- the faster side always catches or escapes (counting squares on a grid; footfall applies
  the same to a long chase, where the faster side covers more miles every hour);
- equal speeds over a few rounds (`Scale.TACTICAL`): an opposed Dexterity check;
- a long overland chase (`Scale.OVERLAND`): an opposed Constitution check;
- the quarry escapes only if it wins; a tie catches it (switch `chase_tie`: ``pursuer``,
  the default, reads the seed's "if not, the chaser runs down its prey" literally;
  ``opposed`` applies the general opposed-check rule: higher modifier, then a reroll).

Dark Heresy 2e and Draw Steel print no chase rules in their seed texts: asking raises
`InputError` saying so.

>>> from fractions import Fraction
>>> chase_odds(Runner(30, dex=2), Runner(30, dex=3), Scale.TACTICAL, ChaseTie.PURSUER).p_escape
Fraction(21, 40)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from footfall.dice import OpposedTie, Roller, RollRecord, check_seed, p_first_wins
from footfall.errors import InputError, Noun, Param, unknown
from footfall.i18n import Words
from footfall.limits import LIMITS, Limits
from footfall.rules import SYSTEM_IDS, Family, System, load_system

__all__ = [
    "ChaseResult",
    "ChaseRoll",
    "ChaseTie",
    "Check",
    "Outcome",
    "Runner",
    "Scale",
    "Side",
    "chase",
    "chase_odds",
    "has_chase_rules",
    "parse_runner",
    "require_chase_rules",
]


class Scale(StrEnum):
    """How long the chase runs, which picks the check that settles equal speeds."""

    TACTICAL = "tactical"
    """A few rounds on a grid: opposed Dexterity checks."""
    OVERLAND = "overland"
    """A chase over a whole day: opposed Constitution checks."""


class Check(StrEnum):
    """The ability an opposed chase check uses."""

    DEXTERITY = "dexterity"
    """Short chase: who is quicker (seed 000: «встречную проверку Ловкости»)."""
    CONSTITUTION = "constitution"
    """Long chase: who lasts longer (seed 000: «встречную проверку Выносливости»)."""


class Outcome(StrEnum):
    """How a chase ends, or that a check must decide it."""

    ESCAPED = "escaped"
    """The quarry is faster and gets away."""
    CAUGHT = "caught"
    """The pursuer is faster and runs the quarry down."""
    CONTEST = "contest"
    """Equal speeds: an opposed check decides."""


class Side(StrEnum):
    """One side of a chase."""

    PURSUER = "pursuer"
    """Who runs after: catches the quarry on every non-win of the quarry by default."""
    QUARRY = "quarry"
    """Who runs away: escapes only by winning."""


class ChaseTie(StrEnum):
    """Interpretation switch `chase_tie`: who a tied opposed check favours (RULES.md 1.7)."""

    PURSUER = "pursuer"
    """Default: every non-win of the quarry is a catch, so a tie catches it."""
    OPPOSED = "opposed"
    """General opposed-check rule: the higher modifier wins a tie; equal ones reroll."""


_CHECK_OF_SCALE = {Scale.TACTICAL: Check.DEXTERITY, Scale.OVERLAND: Check.CONSTITUTION}
_OPPOSED_TIE = {ChaseTie.PURSUER: OpposedTie.SECOND, ChaseTie.OPPOSED: OpposedTie.HIGHER_MODIFIER}
#: Bound on rerolls of tied checks with equal modifiers (each reroll ties with p <= 1/20).
_REROLLS = 1000
#: A chase's speeds count 5-ft squares (seeds 000 and 004: "on a grid").
_SQUARE_FT = 5


@dataclass(frozen=True, slots=True)
class Runner:
    """One side of a chase: its speed (ft) and its Dexterity and Constitution modifiers."""

    speed: int
    dex: int = 0
    con: int = 0

    def modifier(self, check: Check) -> int:
        """Return this runner's modifier for `check`."""
        return self.dex if check is Check.DEXTERITY else self.con


@dataclass(frozen=True, slots=True)
class ChaseRoll:
    """A seeded resolution: each side's total, who won, and every die rolled."""

    pursuer: int
    quarry: int
    winner: Side
    rolls: tuple[RollRecord, ...]


@dataclass(frozen=True, slots=True)
class ChaseResult:
    """The chase's outcome, the check that decides it (if any) and the exact odds."""

    system: str
    scale: Scale
    outcome: Outcome
    check: Check | None
    tie: ChaseTie
    p_escape: Fraction
    roll: ChaseRoll | None = None

    @property
    def p_caught(self) -> Fraction:
        """Return the probability that the pursuer catches the quarry."""
        return 1 - self.p_escape

    def to_json(self) -> dict[str, object]:
        """Return the JOURNEY.md ``chase`` shape (probabilities rounded for display)."""
        data: dict[str, object] = {
            "system": self.system,
            "scale": self.scale.value,
            "outcome": self.outcome.value,
            "check": None if self.check is None else self.check.value,
            "p_escape": _display(self.p_escape),
            "p_caught": _display(self.p_caught),
            "p_escape_exact": str(self.p_escape),
            "chase_tie": self.tie.value,
        }
        if self.roll is not None:
            data["roll"] = {
                "pursuer": self.roll.pursuer,
                "quarry": self.roll.quarry,
                "winner": self.roll.winner.value,
                "rolls": [r.to_json() for r in self.roll.rolls],
            }
        return data


def _display(value: Fraction) -> int | float:
    """Round a probability for JSON: 1 and 0 stay integers, others keep 6 decimals."""
    if value.denominator == 1:
        return int(value)
    return round(float(value), 6)


def _check_speed(speed: int, role: str, limits: Limits) -> None:
    """Refuse a speed that is negative, not a multiple of 5 ft, or past `limits.d20_speed`.

    0 is allowed (a helpless or held quarry is simply caught); otherwise the bounds are
    those of ``footfall rates`` (`footfall.rates.check_d20_speed`).
    """
    param = Param(role)
    if speed < 0:
        raise InputError(
            "error.travel.chase-speed-negative", param=param, role=Noun(role), value=speed
        )
    if speed % _SQUARE_FT:
        raise InputError(
            "error.travel.chase-speed-step",
            param=param,
            role=Noun(role),
            step=_SQUARE_FT,
            value=speed,
        )
    if speed > limits.d20_speed:
        raise InputError(
            "error.travel.chase-speed-range",
            param=param,
            role=Noun(role),
            value=speed,
            high=limits.d20_speed,
        )


def _check_modifier(value: int, role: str, ability: str, limits: Limits) -> None:
    """Refuse an ability modifier outside the bounds of `limits`, naming the runner's key.

    A modifier is (score - 10) / 2 rounded down (pf1e Core Rulebook, dnd35 Player's
    Handbook, "Ability Modifiers"), so a score of 1 gives -5 and a score of 70, past any
    printed runner, +30; -10 leaves room for drained scores. Past these a d20 never matters.
    """
    low, high = limits.min_modifier, limits.max_modifier
    if not low <= value <= high:
        raise InputError(
            "error.travel.chase-modifier-range",
            param=Param(role),
            role=Noun(role),
            ability=Noun(ability),
            value=value,
            low=low,
            high=high,
        )


def has_chase_rules(system: System) -> bool:
    """Return whether `system`'s seed text has chase rules (seed 000 pf1e, seed 004 dnd35).

    The d20 family's texts have them; the data files name no chase table yet.
    """
    return system.family is Family.D20


def require_chase_rules(system: str) -> System:
    """Return the rules of `system`, or raise `InputError` unless its seed has chase rules."""
    rules = load_system(system)
    if not has_chase_rules(rules):
        raise InputError(
            "error.travel.chase-no-rules",
            system=rules.id,
            game=Words(rules.names.en, rules.names.ru, rules.names.zh),
            seed=rules.seed.split("_", 1)[0],
        )
    return rules


def _default_system() -> str:
    """Return the first system of the registry whose seed has chase rules (pf1e)."""
    return next(s for s in SYSTEM_IDS if has_chase_rules(load_system(s)))


def chase_odds(
    pursuer: Runner,
    quarry: Runner,
    scale: Scale,
    tie: ChaseTie,
    *,
    system: str | None = None,
    limits: Limits = LIMITS,
) -> ChaseResult:
    """Return who wins a chase between `pursuer` and `quarry`, with the exact odds.

    `system` is the game (default: the registry's first with chase rules, pf1e).
    """
    system = require_chase_rules(_default_system() if system is None else system).id
    for role, runner in (("pursuer", pursuer), ("quarry", quarry)):
        _check_speed(runner.speed, role, limits)
        _check_modifier(runner.dex, role, "dex", limits)
        _check_modifier(runner.con, role, "con", limits)
    if pursuer.speed == quarry.speed == 0:
        raise InputError("error.travel.chase-no-speed")
    if quarry.speed > pursuer.speed:
        return ChaseResult(system, scale, Outcome.ESCAPED, None, tie, Fraction(1))
    if quarry.speed < pursuer.speed:
        return ChaseResult(system, scale, Outcome.CAUGHT, None, tie, Fraction(0))
    check = _CHECK_OF_SCALE[scale]
    p_escape = p_first_wins(quarry.modifier(check), pursuer.modifier(check), _OPPOSED_TIE[tie])
    return ChaseResult(system, scale, Outcome.CONTEST, check, tie, p_escape)


def chase(
    pursuer: Runner,
    quarry: Runner,
    scale: Scale,
    tie: ChaseTie,
    *,
    system: str | None = None,
    seed: int | None = None,
    limits: Limits = LIMITS,
) -> ChaseResult:
    """Return the chase's odds and, given a `seed`, roll the opposed check reproducibly."""
    result = chase_odds(pursuer, quarry, scale, tie, system=system, limits=limits)
    if seed is None or result.check is None:
        return result
    check = result.check
    roller = Roller(check_seed(seed, limits=limits))
    p_mod, q_mod = pursuer.modifier(check), quarry.modifier(check)
    for _ in range(_REROLLS):
        p_total = roller.roll(20, f"pursuer {check.value}", p_mod)
        q_total = roller.roll(20, f"quarry {check.value}", q_mod)
        if q_total > p_total:
            winner = Side.QUARRY
        elif q_total < p_total or tie is ChaseTie.PURSUER:
            winner = Side.PURSUER
        elif q_mod != p_mod:
            winner = Side.QUARRY if q_mod > p_mod else Side.PURSUER
        else:
            continue
        roll = ChaseRoll(p_total, q_total, winner, tuple(roller.log))
        return ChaseResult(result.system, scale, result.outcome, check, tie, result.p_escape, roll)
    raise InputError("error.travel.chase-rerolls", seed=seed, rerolls=_REROLLS)  # pragma: no cover


_RUNNER_KEYS = ("speed", "dex", "con")


def parse_runner(text: str, role: str) -> Runner:
    """Parse ``"speed=30,dex=+2,con=+1"`` into a `Runner`; `role` names it in errors.

    `role` is ``pursuer`` or ``quarry``, the parameter the text was given in.
    """
    param = Param(role)
    fields: dict[str, int] = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        key, sep, value = part.partition("=")
        key = key.strip().lower()
        if not sep:
            raise InputError(
                "error.travel.chase-runner-format",
                param=param,
                role=Noun(role),
                value=part,
                keys=", ".join(_RUNNER_KEYS),
            )
        if key not in _RUNNER_KEYS:
            raise unknown(f"{role} key", key, _RUNNER_KEYS, param=param)
        if key in fields:
            raise InputError(
                "error.travel.chase-runner-twice", param=param, role=Noun(role), value=text, key=key
            )
        try:
            fields[key] = int(value.strip())
        except ValueError:
            raise InputError(
                "error.travel.chase-runner-number",
                param=param,
                role=Noun(role),
                key=key,
                value=value.strip(),
            ) from None
    if "speed" not in fields:
        raise InputError(
            "error.travel.chase-runner-speed", param=param, role=Noun(role), value=text
        )
    return Runner(speed=fields["speed"], dex=fields.get("dex", 0), con=fields.get("con", 0))
