"""The exact odds of fatigue: over a planned trip, or over days of the same exertion.

Each forced-march check (pf1e / dnd35) and each dh2e Toughness test is an independent roll,
so the chance of passing a day is the product of its checks' chances, and the trip's is the
product of its days'; damage and Fatigue levels are exact sums of dice (`footfall.dice`).
The exact joint odds grow with every check: `footfall.limits.Limits.odds_checks` bounds them.

>>> exertion_odds("pf1e", forced_march=1).odds.p_no_fatigue  # DC 12 at +0: 12-20 on a d20
Fraction(9, 20)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from footfall.dice import (
    d100_failures,
    damage_on_failure,
    members_failing,
    members_failing_d100,
    p_check,
    p_no_failure,
    p_test_d100,
    party_d100_failures,
    party_damage,
)
from footfall.errors import InputError, LimitError, Param
from footfall.limits import LIMITS, Limits
from footfall.rates import check_bonus
from footfall.rules import Family, ForcedMarch, Heresy, System, load_system
from footfall.travel.exertion import (
    HOURS_IN_DAY,
    ForcedHour,
    HustleHour,
    heresy_test_modifier,
    party_hour,
    party_tests,
)
from footfall.travel.party import (
    TOUGHNESS,
    Member,
    check_con_mod,
    check_heresy_members,
    check_members,
)
from footfall.travel.quantities import num, prob
from footfall.travel.traveller import overland_rules

__all__ = [
    "ExertionOdds",
    "FatigueOdds",
    "MemberOdds",
    "PartyOdds",
    "assemble",
    "check_odds_work",
    "exertion_odds",
    "heresy_odds",
    "party_odds",
    "party_odds_d100",
    "trip_odds",
    "with_certain_days",
]

_TOUGHNESS = TOUGHNESS


@dataclass(frozen=True, slots=True)
class FatigueOdds:
    """Exact odds of the forced march (pf1e/dnd35) or dh2e hustle over the whole trip.

    - `p_no_fatigue`: chance to finish the trip without fatigue from these checks;
    - `p_no_fatigue_day`: the same for one full day of the plan;
    - `first_day`: chance that fatigue first sets in on each day (key None: never);
    - `expected_day`: expected day of the first fatigue if the trip went on day after day
      at the full daily plan (geometric), None when it never comes;
    - `damage`: distribution of forced-march damage over the trip (pf1e/dnd35), or of the
      number of Fatigue levels gained (dh2e).
    """

    p_no_fatigue: Fraction
    p_no_fatigue_day: Fraction
    first_day: Mapping[int | None, Fraction]
    expected_day: Fraction | None
    damage: Mapping[int, Fraction]

    def to_json(self, *, heresy: bool) -> dict[str, object]:
        """Return the odds as JSON; `heresy` names the distribution ``fatigue_levels``."""
        return {
            "p_no_fatigue": prob(self.p_no_fatigue),
            "p_no_fatigue_exact": str(self.p_no_fatigue),
            "p_no_fatigue_day": prob(self.p_no_fatigue_day),
            "first_day": {
                ("never" if k is None else str(k)): prob(v) for k, v in self.first_day.items()
            },
            "expected_day": None if self.expected_day is None else num(self.expected_day),
            ("fatigue_levels" if heresy else "damage"): {
                str(k): prob(v) for k, v in sorted(self.damage.items())
            },
        }


@dataclass(frozen=True, slots=True)
class MemberOdds:
    """One party member's fatigue odds over the trip (as a lone traveller of its Con)."""

    member: Member
    odds: FatigueOdds


@dataclass(frozen=True, slots=True)
class PartyOdds:
    """A party's odds member by member, and how many members end the trip fatigued.

    The journey's own `odds` are then for anyone in the party: passing means nobody fails
    a check; its `damage` is the whole party's forced-march damage.
    """

    members: tuple[MemberOdds, ...]
    fatigued_members: Mapping[int, Fraction]


def odds_json(odds: FatigueOdds, party: PartyOdds | None, *, heresy: bool) -> dict[str, object]:
    """Return a trip's ``odds`` JSON: anyone's and, for a party, each member's."""
    out = odds.to_json(heresy=heresy)
    if party is not None:
        out["scope"] = "anyone in the party"
        out["members"] = [
            {
                "name": m.member.name,
                **m.member.to_json(heresy=heresy),
                **m.odds.to_json(heresy=heresy),
            }
            for m in party.members
        ]
        out["fatigued_members"] = {
            str(k): prob(v) for k, v in sorted(party.fatigued_members.items())
        }
    return out


def product(values: Iterable[Fraction]) -> Fraction:
    """Return the product of `values` (1 for none)."""
    result = Fraction(1)
    for v in values:
        result *= v
    return result


def assemble(
    per_day_pass: Sequence[Fraction], full_day_pass: Fraction, damage: Mapping[int, Fraction]
) -> FatigueOdds:
    """Return the odds of a trip from each day's chance of passing and a full day's."""
    first: dict[int | None, Fraction] = {}
    survive = Fraction(1)
    for day, p in enumerate(per_day_pass, 1):
        first[day] = survive * (1 - p)
        survive *= p
    first[None] = survive
    q = 1 - full_day_pass
    return FatigueOdds(
        p_no_fatigue=survive,
        p_no_fatigue_day=full_day_pass,
        first_day=MappingProxyType(first),
        expected_day=None if q == 0 else 1 / q,
        damage=MappingProxyType(dict(damage)),
    )


def with_certain_days(odds: FatigueOdds, days: Iterable[int], full_day: bool) -> FatigueOdds:
    """Return `odds` with fatigue certain on `days` (1-based: hustle damage, issue 12).

    Hustle damage leaves a traveller fatigued for certain (seed 000 «Спешка»), so the trip's
    odds of no fatigue cannot be above 0 once a day has it; `full_day`: the full daily plan
    has it too (no fatigue over one day: 0, the first fatigued day expected on day 1). Each
    day's chance of passing its checks is read back from `first_day`.
    """
    certain = set(days)
    if not certain:
        return odds
    first: dict[int | None, Fraction] = {}
    before = after = Fraction(1)  # surviving every day so far: the checks' odds, and with hustle
    for day in sorted(k for k in odds.first_day if k is not None):
        survive = before - odds.first_day[day]
        p_pass = Fraction(0) if day in certain or before == 0 else survive / before
        first[day] = after * (1 - p_pass)
        after *= p_pass
        before = survive
    first[None] = after
    return FatigueOdds(
        p_no_fatigue=after,
        p_no_fatigue_day=Fraction(0) if full_day else odds.p_no_fatigue_day,
        first_day=MappingProxyType(first),
        expected_day=Fraction(1) if full_day else odds.expected_day,
        damage=odds.damage,
    )


def check_odds_work(checks: int, *, limits: Limits = LIMITS) -> None:
    """Refuse exact odds over more than `limits.odds_checks` checks (LimitError, not a hang)."""
    if checks > limits.odds_checks:
        raise LimitError("error.travel.odds-work", checks=checks, limit=limits.odds_checks)


def heresy_odds(
    toughness: int, day_tests: Sequence[Sequence[int]], *, limits: Limits = LIMITS
) -> FatigueOdds | None:
    """Return a lone dh2e traveller's odds over each day's Toughness test modifiers."""
    if not any(day_tests):
        return None
    check_odds_work(sum(len(tests) for tests in day_tests), limits=limits)
    per_day = [product(p_test_d100(toughness + m) for m in tests) for tests in day_tests]
    full = max(day_tests, key=len)
    levels = d100_failures([toughness + m for tests in day_tests for m in tests])
    return assemble(per_day, product(p_test_d100(toughness + m) for m in full), levels)


def trip_odds(
    con_mod: int,
    animal: bool,
    day_dcs: Sequence[Sequence[int]],
    *,
    limits: Limits = LIMITS,
) -> FatigueOdds | None:
    """Return the exact forced-march odds of a lone traveller (None without a check).

    `day_dcs` are each day's forced-march DCs; an `animal` (a mount) fails every check (seed
    000 «Движение верхом»).
    """
    if not any(day_dcs):
        return None
    all_dcs = [dc for dcs in day_dcs for dc in dcs]
    check_odds_work(len(all_dcs), limits=limits)
    if animal:
        per_day = [Fraction(0) if dcs else Fraction(1) for dcs in day_dcs]
        return assemble(per_day, Fraction(0), damage_on_failure(None, all_dcs))
    per_day = [p_no_failure(con_mod, dcs) for dcs in day_dcs]
    full = max(day_dcs, key=len)
    return assemble(per_day, p_no_failure(con_mod, full), damage_on_failure(con_mod, all_dcs))


def party_odds(
    party: Sequence[Member], day_dcs: Sequence[Sequence[int]], *, limits: Limits = LIMITS
) -> tuple[FatigueOdds | None, PartyOdds | None]:
    """Return the odds of anyone in `party` over the trip, and each member's.

    Members roll independently, so nobody fails on a day with the product of the members'
    chances of passing that day; the count of fatigued members and the whole party's damage
    are exact sums of dice (`dice.members_failing`, `dice.party_damage`).
    """
    if not any(day_dcs):
        return None, None
    all_dcs = [dc for dcs in day_dcs for dc in dcs]
    check_odds_work(len(all_dcs) * len(party), limits=limits)
    full = max(day_dcs, key=len)
    mods = [m.con_mod for m in party]
    members = tuple(
        MemberOdds(
            m,
            assemble(
                [p_no_failure(m.con_mod, dcs) for dcs in day_dcs],
                p_no_failure(m.con_mod, full),
                damage_on_failure(m.con_mod, all_dcs),
            ),
        )
        for m in party
    )
    per_day = [product(p_no_failure(mod, dcs) for mod in mods) for dcs in day_dcs]
    anyone = assemble(
        per_day,
        product(p_no_failure(mod, full) for mod in mods),
        party_damage(mods, all_dcs),
    )
    return anyone, PartyOdds(members, MappingProxyType(members_failing(mods, all_dcs)))


def party_odds_d100(
    party: Sequence[Member],
    member_day_tests: Sequence[Sequence[Sequence[int]]],
    *,
    limits: Limits = LIMITS,
) -> tuple[FatigueOdds | None, PartyOdds | None]:
    """Return the dh2e odds of anyone in `party` gaining Fatigue, and each member's.

    `member_day_tests[i][d]` are member i's test modifiers on day d; members and tests are
    independent, so nobody fails a day with the product of the members' chances.
    """
    if not any(any(days) for days in member_day_tests):
        return None, None
    check_odds_work(sum(len(tests) for days in member_day_tests for tests in days), limits=limits)
    targets: list[list[int]] = []
    members = []
    per_day = [Fraction(1)] * len(member_day_tests[0])
    full_day = Fraction(1)
    for m, days in zip(party, member_day_tests, strict=True):
        assert m.toughness is not None
        tough = m.toughness
        passes = [product(p_test_d100(tough + mod) for mod in tests) for tests in days]
        full = product(p_test_d100(tough + mod) for mod in max(days, key=len))
        flat = [tough + mod for tests in days for mod in tests]
        targets.append(flat)
        members.append(MemberOdds(m, assemble(passes, full, d100_failures(flat))))
        per_day = [a * b for a, b in zip(per_day, passes, strict=True)]
        full_day *= full
    anyone = assemble(per_day, full_day, party_d100_failures(targets))
    return anyone, PartyOdds(tuple(members), MappingProxyType(members_failing_d100(targets)))


# --------------------------------------------------------------------------- days of exertion


@dataclass(frozen=True, slots=True)
class ExertionOdds:
    """The checks of one day's exertion and their exact odds over `days` such days.

    `hours` are the day's checks: pf1e / dnd35 `ForcedHour`s (day 1), or dh2e `HustleHour`s
    carrying a test; `odds` as in `FatigueOdds` (damage: forced-march damage, or dh2e
    Fatigue levels). `family` is the system's rule family.
    """

    system: str
    days: int
    hours: tuple[ForcedHour, ...] | tuple[HustleHour, ...]
    odds: FatigueOdds
    party: tuple[Member, ...] = ()
    party_odds: PartyOdds | None = None
    family: Family = Family.D20

    def to_json(self) -> dict[str, object]:
        """Return a JSON-ready dict (probabilities rounded for display)."""
        heresy = self.family is Family.HERESY
        party = [{"name": m.name, **m.to_json(heresy=heresy)} for m in self.party]
        return {
            "system": self.system,
            "days": self.days,
            "hours": [h.to_json() for h in self.hours],
            "odds": odds_json(self.odds, self.party_odds, heresy=heresy),
            **({"party": party} if self.party else {}),
        }


def exertion_odds(
    system_id: str,
    *,
    forced_march: int = 0,
    con_mod: int = 0,
    mount: bool = False,
    hustle: int = 0,
    toughness_bonus: int | None = None,
    toughness: int | None = None,
    days: int = 1,
    switches: Mapping[str, str] | None = None,
    party: Sequence[Member] = (),
    limits: Limits = LIMITS,
) -> ExertionOdds:
    """Return the exact odds of `days` days of the same exertion, without planning a trip.

    pf1e / dnd35: `forced_march` hours past the 8 of each day at Constitution modifier
    `con_mod` (a `mount` fails every check), or for each member of a `party` and for anyone
    in it. dh2e: `hustle` hours a day with Toughness `toughness` (and `toughness_bonus`, by
    default its tens digit).
    """
    system = load_system(system_id)
    low, high = 1, limits.odds_days
    if not low <= days <= high:
        raise InputError(
            "error.travel.days-range", param=Param("days"), value=days, low=low, high=high
        )
    check_con_mod(con_mod, limits=limits)
    if system.heresy is not None:
        if forced_march or con_mod or mount:
            raise InputError(
                "error.travel.heresy-odds-forced",
                param=(Param("forced_march"), Param("con_mod"), Param("mount")),
                hustle=Param("hustle"),
                toughness=Param("toughness"),
            )
        if party:
            return _heresy_party_exertion(
                system, system.heresy, hustle, days, party, toughness, toughness_bonus, limits
            )
        return _heresy_exertion(
            system, system.heresy, hustle, days, toughness, toughness_bonus, limits
        )
    rule = overland_rules(system).forced_march
    if hustle or toughness is not None or toughness_bonus is not None:
        raise InputError(
            "error.travel.d20-odds-options",
            param=(Param("hustle"), Param("toughness"), Param("toughness_bonus")),
            system=system.id,
            forced_march=Param("forced_march"),
            con_mod=Param("con_mod"),
            hustle=Param("hustle"),
            toughness=Param("toughness"),
        )
    return _d20_exertion(system, rule, switches, forced_march, con_mod, mount, days, party, limits)


def _d20_exertion(
    system: System,
    rule: ForcedMarch,
    switches: Mapping[str, str] | None,
    forced_march: int,
    con_mod: int,
    mount: bool,
    days: int,
    party: Sequence[Member],
    limits: Limits,
) -> ExertionOdds:
    """Return `exertion_odds` of pf1e / dnd35 forced marching, alone, mounted or as a party."""
    most = HOURS_IN_DAY - rule.base_hours
    if not 1 <= forced_march <= most:
        raise InputError(
            "error.travel.odds-forced-range",
            param=Param("forced_march"),
            value=forced_march,
            high=most,
        )
    choice = system.switches(switches).get("forced_march_dc", "plus-each")
    dcs = [rule.dc(e, choice) for e in range(1, forced_march + 1)]
    forced = tuple(
        ForcedHour(
            1,
            rule.base_hours + e,
            dc,
            Fraction(1) if mount else 1 - p_check(con_mod, dc),
            lethal=mount,
        )
        for e, dc in enumerate(dcs, 1)
    )
    if party:
        if mount:
            raise InputError(
                "error.travel.odds-party-mount", param=Param("party"), mount=Param("mount")
            )
        check_members(party, con_mod, limits=limits)
        forced = tuple(party_hour(f, party, None, 0, 0) for f in forced)
        anyone, split = party_odds(party, [dcs] * days, limits=limits)
        assert anyone is not None
        return ExertionOdds(system.id, days, forced, anyone, tuple(party), split, system.family)
    result = trip_odds(con_mod, mount, [dcs] * days, limits=limits)
    assert result is not None
    return ExertionOdds(system.id, days, forced, result, family=system.family)


def _check_hustle_hours(hustle: int) -> None:
    """Refuse a dh2e day of hustle outside 1-24 hours."""
    if not 1 <= hustle <= HOURS_IN_DAY:
        raise InputError(
            "error.travel.odds-hustle-range", param=Param("hustle"), value=hustle, high=HOURS_IN_DAY
        )


def _heresy_exertion(
    system: System,
    heresy: Heresy,
    hustle: int,
    days: int,
    toughness: int | None,
    toughness_bonus: int | None,
    limits: Limits,
) -> ExertionOdds:
    """Return `exertion_odds` of a lone dh2e traveller hustling `hustle` hours a day."""
    if toughness is None:
        raise InputError("error.travel.heresy-odds-toughness", param=Param("toughness"))
    low, high = _TOUGHNESS
    if not low <= toughness <= high:
        raise InputError(
            "error.travel.toughness-range",
            param=Param("toughness"),
            value=toughness,
            low=low,
            high=high,
        )
    tb = toughness // 10 if toughness_bonus is None else toughness_bonus
    check_bonus(tb, "toughness bonus", least=1, param=Param("toughness_bonus"), limits=limits)
    _check_hustle_hours(hustle)
    tests = [heresy_test_modifier(heresy, n) for n in range(1, hustle // tb + 1)]
    entries = tuple(
        HustleHour(1, tb * n, test_modifier=m, p_fatigue=1 - p_test_d100(toughness + m))
        for n, m in enumerate(tests, 1)
    )
    odds = heresy_odds(toughness, [tests] * days, limits=limits)
    if odds is None:
        odds = assemble([Fraction(1)] * days, Fraction(1), {0: Fraction(1)})
    return ExertionOdds(system.id, days, entries, odds, family=system.family)


def _heresy_party_exertion(
    system: System,
    heresy: Heresy,
    hustle: int,
    days: int,
    party: Sequence[Member],
    toughness: int | None,
    toughness_bonus: int | None,
    limits: Limits,
) -> ExertionOdds:
    """Return `exertion_odds` for a dh2e party: each member tests after its own TB hours."""
    if toughness is not None or toughness_bonus is not None:
        raise InputError(
            "error.travel.party-toughness",
            param=Param("party"),
            toughness=Param("toughness"),
            toughness_bonus=Param("toughness_bonus"),
        )
    check_heresy_members(party, limits=limits)
    check_members(party, 0, heresy=True, limits=limits)
    _check_hustle_hours(hustle)
    hours = []
    member_tests: list[list[int]] = [[] for _ in party]
    for hour in range(1, hustle + 1):
        entry = party_tests(HustleHour(1, hour), hour, True, party, heresy, None)
        if entry.members:
            hours.append(entry)
            for i, m in enumerate(party):
                member_tests[i].extend(
                    c.test_modifier
                    for c in entry.members
                    if c.name == m.name and c.test_modifier is not None
                )
    anyone, split = party_odds_d100(
        party, [[tests] * days for tests in member_tests], limits=limits
    )
    if anyone is None:  # nobody hustles long enough to test
        anyone = assemble([Fraction(1)] * days, Fraction(1), {0: Fraction(1)})
        split = None
    return ExertionOdds(system.id, days, tuple(hours), anyone, tuple(party), split, system.family)
