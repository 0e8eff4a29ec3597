"""Hustle and forced march, hour by hour: the damage, checks and tests each hour brings.

The rules (RULES.md 1.6 and 2):

- pf1e / dnd35 hustle (seed 000 «Спешка», seed 004 急行): the first hour between sleeps is
  free, the 2nd deals 1 nonlethal damage, each further hour twice the previous; mounts take
  lethal damage. Hustle damage leaves the traveller fatigued: no run, no charge, -2 Str, Dex.
- forced march (seed 000 «Марш-бросок», seed 004 强行军): each hour past 8 a Constitution
  check, DC 10 + 2 per extra hour (switch ``forced_march_dc``); failure deals 1d6 nonlethal
  and fatigue; mounts fail every check and take lethal damage.
- dh2e hustle (seed 001 «Спешка»): double speed for Toughness Bonus (TB) hours, then a
  Challenging (+0) Toughness test, and after each further TB hours another with a cumulative
  -10; failing gains a level of Fatigue. A party's members test after their own TB hours.

Odds are exact (`footfall.dice`); a `Roller` rolls every check reproducibly when asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction

from footfall.dice import Roller, RollRecord, p_check, p_test_d100
from footfall.errors import InputError, Param, quote
from footfall.i18n import Lang, t
from footfall.rules import ForcedMarch, Heresy
from footfall.travel.mover import Mover
from footfall.travel.party import Member
from footfall.travel.quantities import num, prob

__all__ = [
    "FATIGUE_FORBIDS",
    "HOURS_IN_DAY",
    "ForcedHour",
    "HustleHour",
    "MemberCheck",
    "RollCheck",
    "RollFor",
    "TravelRoll",
    "check_pace",
    "d100_failed",
    "forced_hour",
    "heresy_test_modifier",
    "party_hour",
    "party_tests",
    "toughness_hour",
]

#: What the fatigued condition forbids (seed 000 «Спешка»: «Утомленный персонаж не может
#: бежать или атаковать с разбега; он также получает штраф -2 к Силе и Ловкости»; seed 004
#: 急行: «一个疲乏的人物无法奔跑、冲锋,且力量和敏捷都会受到-2减值»). The same as the system
#: files' ``fatigued`` condition row (forbids + reported; tests/travel/test_field_agreement.py).
FATIGUE_FORBIDS: tuple[str, ...] = ("run", "charge", "str-2", "dex-2")

#: Hours in a day: a forced march cannot make a travel day longer (8 walking + 16 at most).
HOURS_IN_DAY = 24


class RollCheck(StrEnum):
    """What a journey's die is rolled for (the value is the English label's word)."""

    CON = "con"
    """A forced-march Constitution check, d20 + Con (seed 000 «проверка Выносливости»,
    seed 004 体质检定)."""
    DAMAGE = "damage"
    """The damage of a failed check or of a mount's automatic failure (1d6)."""
    TOUGHNESS = "toughness"
    """A dh2e hustle Toughness test, d100 (seed 001 «проверка Выносливости»)."""


@dataclass(frozen=True, slots=True)
class RollFor:
    """What one die of a journey was rolled for: the hour, the check, its DC, the member.

    >>> RollFor(1, 9, RollCheck.CON, dc=12, member="Valeros").label
    'day 1 hour 9 Valeros con DC 12'
    """

    day: int
    hour: int
    check: RollCheck
    dc: int | None = None
    member: str | None = None

    @property
    def label(self) -> str:
        """Return the English label the JSON ``rolls`` carry (machine-readable, unchanged)."""
        who = "" if self.member is None else f" {self.member}"
        dc = "" if self.dc is None else f" DC {self.dc}"
        return f"day {self.day} hour {self.hour}{who} {self.check.value}{dc}"


@dataclass(frozen=True, slots=True)
class TravelRoll(RollRecord):
    """One die a journey rolled, with what it was for: JSON as any roll, text in a language.

    >>> roll = TravelRoll("day 1 hour 9 con DC 12", "d20", 11, 13, RollFor(1, 9, RollCheck.CON, 12))
    >>> roll.text("ru")
    '  День 1, час 9, проверка Выносливости СЛ 12: d20 = 11 -> 13'
    """

    what: RollFor

    def text(self, lang: Lang) -> str:
        """Return the travel log's line for this roll in `lang` (``journeys.roll.*``)."""
        w = self.what
        if w.member is None:
            what = t(f"journeys.roll.{w.check.value}", lang, day=w.day, hour=w.hour, dc=w.dc)
        else:
            kind = w.check.value
            what = t(
                f"journeys.roll.{kind}.member", lang, day=w.day, hour=w.hour, dc=w.dc, name=w.member
            )
        shown = {"die": self.die, "result": self.result, "total": self.total}
        return t("journeys.roll.line", lang, what=what, **shown)


def _roll(roller: Roller, sides: int, what: RollFor, modifier: int = 0) -> int:
    """Roll ``1d<sides> + modifier`` for `what`, logging it as a `TravelRoll`; return the total.

    The `Roller` logs a plain `RollRecord` under the English label; its log entry becomes the
    same roll with `what` beside it, so the text can word it in any language.
    """
    total = roller.roll(sides, what.label, modifier)
    done = roller.log[-1]
    roller.log[-1] = TravelRoll(done.label, done.die, done.result, done.total, what)
    return total


@dataclass(frozen=True, slots=True)
class MemberCheck:
    """One party member's check in one hour, and its roll if asked.

    pf1e / dnd35: a forced-march Constitution check (`p_fail`, and `damage` when rolled).
    dh2e: a hustle Toughness test (`test_modifier`; `p_fail` is the chance of a level of
    Fatigue, `fatigue` whether the roll gave one).
    """

    name: str
    p_fail: Fraction
    roll: int | None = None
    damage: int | None = None
    test_modifier: int | None = None
    fatigue: bool = False


@dataclass(frozen=True, slots=True)
class HustleHour:
    """One hustled hour: pf1e/dnd35 damage, or the dh2e Toughness test it brings."""

    day: int
    hour: int
    damage: int | None = None
    total: int | None = None
    lethal: bool = False
    test_modifier: int | None = None
    p_fatigue: Fraction | None = None
    roll: int | None = None
    fatigue: bool = False
    members: tuple[MemberCheck, ...] = ()

    def to_json(self) -> dict[str, object]:
        """Return JOURNEY.md's ``hustle`` entry (probabilities rounded for display)."""
        if self.damage is not None:
            return {
                "day": self.day,
                "hour": self.hour,
                "damage": self.damage,
                "total": self.total,
                "lethal": self.lethal,
            }
        out: dict[str, object] = {
            "day": self.day,
            "hour": self.hour,
            "test_modifier": self.test_modifier,
            "p_fatigue": None if self.p_fatigue is None else prob(self.p_fatigue),
        }
        if self.roll is not None:
            out["roll"] = self.roll
            out["fatigue"] = self.fatigue
        if self.members:
            out["members"] = [
                {
                    "name": m.name,
                    "test_modifier": m.test_modifier,
                    "p_fatigue": prob(m.p_fail),
                    **({"roll": m.roll, "fatigue": m.fatigue} if m.roll is not None else {}),
                }
                for m in self.members
            ]
        return out


@dataclass(frozen=True, slots=True)
class ForcedHour:
    """One hour of forced march: its DC, the chance of failing it, and a roll if asked.

    For a party, `members` holds each member's check; `p_fail` is then the chance that
    anyone fails, `roll` is None and `damage` the whole party's damage that hour.
    """

    day: int
    hour: int
    dc: int
    p_fail: Fraction
    roll: int | None = None
    damage: int | None = None
    lethal: bool = False
    members: tuple[MemberCheck, ...] = ()

    def to_json(self) -> dict[str, object]:
        """Return JOURNEY.md's ``forced_march`` entry (probabilities rounded for display)."""
        out: dict[str, object] = {
            "day": self.day,
            "hour": self.hour,
            "dc": self.dc,
            "p_fail": prob(self.p_fail),
            "lethal": self.lethal,
        }
        if self.damage is not None:
            out["roll"] = self.roll
            out["damage"] = self.damage
        if self.members:
            out["members"] = [
                {
                    "name": m.name,
                    "p_fail": prob(m.p_fail),
                    **({"roll": m.roll, "damage": m.damage} if m.damage is not None else {}),
                }
                for m in self.members
            ]
        return out


def check_pace(hustle: int, forced: int, base: Fraction, mover: Mover, *, heresy: bool) -> None:
    """Refuse a day's pace the rules do not allow for this traveller.

    `hustle` and `forced` are the day's hours of hustle and of forced march, `base` the hours
    of its normal day; `heresy`: the system has no forced march (dh2e).
    """
    if hustle < 0 or forced < 0:
        param = Param("hustle" if hustle < 0 else "forced_march")
        raise InputError(
            "error.travel.pace-negative", param=param, value=hustle, forced=quote(forced)
        )
    if mover.water and (hustle or forced):
        raise InputError(
            "error.travel.vessel-pace",
            param=Param("hustle" if hustle else "forced_march"),
            hustle=Param("hustle"),
            forced_march=Param("forced_march"),
        )
    if heresy and forced:
        raise InputError(
            "error.travel.heresy-forced",
            param=Param("forced_march"),
            hustle=Param("hustle"),
            toughness_bonus=Param("toughness_bonus"),
        )
    if base + forced > HOURS_IN_DAY:
        raise InputError(
            "error.travel.forced-range",
            param=Param("forced_march"),
            value=forced,
            high=num(HOURS_IN_DAY - base),
            hours=HOURS_IN_DAY,
        )
    if hustle > base + forced:
        raise InputError(
            "error.travel.hustle-day", param=Param("hustle"), value=hustle, hours=num(base + forced)
        )


def heresy_test_modifier(heresy: Heresy, n: int) -> int:
    """Return the modifier of the `n`-th Toughness test of a hustle: +0, then -10 each."""
    rule = heresy.hustle
    return heresy.difficulty(rule.test).modifier + rule.cumulative * (n - 1)


def d100_failed(roll: int, target: int) -> bool:
    """Return whether a d100 roll-under test failed: 01 passes, 100 fails (DH2e "Tests")."""
    return roll == 100 or (roll != 1 and roll > target)


def toughness_hour(
    entry: HustleHour, modifier: int, toughness: int | None, roller: Roller | None
) -> HustleHour:
    """Return a lone dh2e traveller's hustled hour with its Toughness test at `modifier`.

    Without a `toughness` the test has no odds (`p_fatigue` None) and is not rolled.
    """
    if toughness is None:
        return replace(entry, test_modifier=modifier, p_fatigue=None)
    target = toughness + modifier
    entry = replace(entry, test_modifier=modifier, p_fatigue=1 - p_test_d100(target))
    if roller is None:
        return entry
    roll = _roll(roller, 100, RollFor(entry.day, entry.hour, RollCheck.TOUGHNESS))
    return replace(entry, roll=roll, fatigue=d100_failed(roll, target))


def party_tests(
    entry: HustleHour,
    hustled: int,
    whole: bool,
    party: Sequence[Member],
    heresy: Heresy,
    roller: Roller | None,
) -> HustleHour:
    """Return a dh2e hustled hour with the Toughness test of each member due in it.

    A member tests when its own TB hours of hustle are complete (`hustled` a multiple of its
    TB and the hour `whole`), at +0 and then a cumulative -10 (seed 001 «Спешка»). The
    hour's `p_fatigue` is the chance that anyone tested in it gains a level of Fatigue.
    """
    checks = []
    p_all_pass = Fraction(1)
    for m in party:
        if not whole or hustled % m.tb:
            continue
        modifier = heresy_test_modifier(heresy, hustled // m.tb)
        assert m.toughness is not None
        target = m.toughness + modifier
        p_pass = p_test_d100(target)
        p_all_pass *= p_pass
        check = MemberCheck(m.name, 1 - p_pass, test_modifier=modifier)
        if roller is not None:
            what = RollFor(entry.day, entry.hour, RollCheck.TOUGHNESS, member=m.name)
            roll = _roll(roller, 100, what)
            check = replace(check, roll=roll, fatigue=d100_failed(roll, target))
        checks.append(check)
    if not checks:
        return entry
    return replace(entry, p_fatigue=1 - p_all_pass, members=tuple(checks))


def forced_hour(
    rule: ForcedMarch,
    entry: ForcedHour,
    *,
    con_mod: int,
    auto: bool,
    roller: Roller | None,
) -> ForcedHour:
    """Return a lone traveller's forced-march hour, rolled when a `roller` is given.

    `auto`: the check fails automatically (a mount), so only the damage is rolled.
    """
    if roller is None:
        return entry
    check = RollFor(entry.day, entry.hour, RollCheck.CON, dc=entry.dc)
    con_roll = None if auto else _roll(roller, 20, check, con_mod)
    damage = 0
    if auto or (con_roll is not None and con_roll < entry.dc):
        hurt = RollFor(entry.day, entry.hour, RollCheck.DAMAGE)
        damage = sum(_roll(roller, rule.damage_sides, hurt) for _ in range(rule.damage_dice))
    return replace(entry, roll=con_roll, damage=damage)


def party_hour(
    entry: ForcedHour,
    party: Sequence[Member],
    roller: Roller | None,
    dice: int,
    sides: int,
) -> ForcedHour:
    """Return a forced-march hour with each member's check (and roll, given a `roller`).

    The hour's `p_fail` becomes the chance that anyone fails: 1 - the product of each
    member's chance to pass (members roll independently); a failed check deals `dice` d`sides`.
    """
    checks = []
    p_all_pass = Fraction(1)
    total = 0
    for m in party:
        p_pass = p_check(m.con_mod, entry.dc)
        p_all_pass *= p_pass
        check = MemberCheck(m.name, 1 - p_pass)
        if roller is not None:
            con = RollFor(entry.day, entry.hour, RollCheck.CON, dc=entry.dc, member=m.name)
            roll = _roll(roller, 20, con, m.con_mod)
            damage = 0
            if roll < entry.dc:
                hurt = RollFor(entry.day, entry.hour, RollCheck.DAMAGE, member=m.name)
                damage = sum(_roll(roller, sides, hurt) for _ in range(dice))
            total += damage
            check = replace(check, roll=roll, damage=damage)
        checks.append(check)
    return replace(
        entry,
        p_fail=1 - p_all_pass,
        members=tuple(checks),
        damage=total if roller is not None else None,
    )
