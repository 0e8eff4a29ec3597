"""Flight interpretation switches: flight_turn_credit and flight_climb_cost, per query.

Seed 004 (004_1ebcbb398b2730fb.txt), 表:机动性: 转向 (turn) 45°/5英尺 average and poor, 90°/5英尺
good, 45°/10英尺 clumsy; 急转弯 (turn in place) +45°/-5英尺 average, +90°/-5英尺 good; 最大转向角度
(maximum turn) 90° average, 45° poor and clumsy; 爬升速度 (up speed) 全速 perfect, 半速 the rest.
Each switch value changes a concrete answer of check, path and reach alike; the search stays
exact (against the plain search of test_flight_reach) and the two engines agree, either way.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.errors import InputError
from footfall.flight import (
    FLIGHT_SWITCHES,
    ClimbCost,
    FlightState,
    TurnCredit,
    check,
    parse_steps,
    with_switches,
)
from footfall.flight.machine import RuleStates, free_turns, rule_machine
from footfall.flight.model import raw
from footfall.flight.reach import find_path, reach
from footfall.rules import Maneuverability, load_system
from helpers import strategies
from helpers.cli import invoke
from helpers.flight import dnd35_flyer, flight_oracle

SYSTEM = load_system("dnd35")
assert SYSTEM.flight is not None and SYSTEM.tactical is not None
DIAGONAL = SYSTEM.tactical.diagonal_costs
BANK = {"flight_turn_credit": "bank"}
SPLIT = {"flight_climb_cost": "ground-plus-height"}
BOTH = {**BANK, **SPLIT}
EAST = FlightState(0, 0, 30, 2)


def _cost(
    cls: Maneuverability, steps: str, switches: dict[str, str] | None, speed: int = 40
) -> tuple[bool, Fraction, list[str]]:
    verdict = check(
        dnd35_flyer(cls, speed),
        EAST,
        parse_steps(steps),
        system=SYSTEM,
        budget_ft=speed,
        switches=switches,
    )
    return verdict.legal, verdict.cost_ft, [v.rule for v in verdict.violations]


def test_switches_are_in_the_data_with_their_defaults() -> None:
    """Both switches are dnd35 interpretations; Flyer's defaults are the data's defaults."""
    chosen = SYSTEM.switches()
    plain = dnd35_flyer(Maneuverability.AVERAGE, 40)
    assert chosen["flight_turn_credit"] == "reset" == plain.turn_credit
    assert chosen["flight_climb_cost"] == "covered" == plain.climb_cost
    assert SYSTEM.interpretation("flight_turn_credit").choice_ids == ("reset", "bank")
    assert SYSTEM.interpretation("flight_climb_cost").choice_ids == (
        "covered",
        "ground-plus-height",
    )
    applied = with_switches(dnd35_flyer(Maneuverability.GOOD, 40), SYSTEM, BOTH)
    assert (applied.turn_credit, applied.climb_cost) == (
        TurnCredit.BANK,
        ClimbCost.GROUND_PLUS_HEIGHT,
    )
    assert with_switches(applied, SYSTEM, {}).turn_credit is TurnCredit.RESET
    assert with_switches(applied, SYSTEM, None) is applied


def test_bad_switch_is_one_line() -> None:
    """An unknown choice names the valid ones (InputError), in the library and the CLI."""
    with pytest.raises(InputError, match=r"unknown flight_turn_credit choice 'yes' \(known: "):
        _cost(Maneuverability.AVERAGE, "f", {"flight_turn_credit": "yes"})
    result = invoke(
        ["fly", "check", "--speed", "40", "-m", "average", "--steps", "f8", "--switch", "x"],
    )
    assert result.exit_code == 2
    assert "--switch 'x' is not name=value" in result.output


# ------------------------------------------------------------------ flight_turn_credit


def test_average_banks_10_ft_for_a_90_degree_turn() -> None:
    """Average (转向 45°/5英尺, 急转弯 +45°/-5英尺): 90° after 10 ft costs 5 ft reset, 0 banked."""
    turn_in_place_ft = 5
    assert _cost(Maneuverability.AVERAGE, "f2 r90 f2", None) == (True, 20 + turn_in_place_ft, [])
    assert _cost(Maneuverability.AVERAGE, "f2 r90 f2", BANK) == (True, 20, [])
    # 5 ft banks only 45°: the rest is still turned in place, either way.
    assert _cost(Maneuverability.AVERAGE, "f r90 f3", BANK) == (True, 20 + turn_in_place_ft, [])


def test_good_banks_10_ft_for_a_180_degree_turn() -> None:
    """Good (转向 90°/5英尺, 急转弯 +90°/-5英尺): after 10 ft, 180° is free only when banked."""
    assert _cost(Maneuverability.GOOD, "f2 r180 f2", None) == (True, 25, [])
    assert _cost(Maneuverability.GOOD, "f2 r180 f2", BANK) == (True, 20, [])


def test_clumsy_spends_what_it_uses_and_keeps_the_rest() -> None:
    """Clumsy (转向 45°/10英尺): 20 ft banked pay for two 45° turns 5 ft apart; reset refuses."""
    steps = "f4 r45 f r45 f2"
    legal, cost, rules = _cost(Maneuverability.CLUMSY, steps, None, speed=60)
    assert (legal, rules) == (False, ["flight-turn"])
    assert _cost(Maneuverability.CLUMSY, steps, BANK, speed=60) == (True, cost, [])
    # Spent: 10 ft banked (f2) pay for one turn only.
    assert _cost(Maneuverability.CLUMSY, "f2 r45 f r45 f4", BANK, speed=60)[2] == ["flight-turn"]


def test_banking_never_beats_the_maximum_turn() -> None:
    """Poor (最大转向角度 45°): 10 ft banked still allow only 45° in one space."""
    assert _cost(Maneuverability.POOR, "f2 r90 f2", None)[2] == ["flight-turn", "flight-max-turn"]
    assert _cost(Maneuverability.POOR, "f2 r90 f2", BANK)[2] == ["flight-max-turn"]


def test_path_and_reach_follow_the_turn_credit() -> None:
    """A good flyer turning round after 10 ft: path and reach find it 5 ft cheaper banked."""
    good = dnd35_flyer(Maneuverability.GOOD, 40)
    to = (2, 0, 30)
    for switches, in_place in ((None, 5), (BANK, 0)):
        found = find_path(good, EAST, to, system=SYSTEM, budget_ft=40, facing=6, switches=switches)
        assert found is not None
        ends = reach(good, EAST, system=SYSTEM, budget_ft=40, switches=switches).entries
        listed = {(e.x, e.y, e.alt, e.facing): e.cost_ft for e in ends}
        # Out 2 squares and turn round (good: any turn in one space): 10 ft plus the 90° of
        # the 180° that the ordinary turn does not cover, turned in place for 5 ft (reset).
        want = _cost(Maneuverability.GOOD, "f2 r180", switches)[1]
        assert want == 10 + in_place
        assert found.cost_ft == want == listed[(*to, 6)]


# ------------------------------------------------------------------ flight_climb_cost


@pytest.mark.parametrize(
    ("cls", "up_rate"),
    [(Maneuverability.AVERAGE, 2), (Maneuverability.PERFECT, 1)],
    ids=["half", "full"],
)
def test_a_climbing_square_costs(cls: Maneuverability, up_rate: int) -> None:
    """爬升速度 半速 / 全速: a 45° square costs 5 x rate (covered) or 5 + 5 x rate (split)."""
    level = 15
    assert _cost(cls, "c5 f3", None) == (True, 5 * up_rate + level, [])
    assert _cost(cls, "c5 f3", SPLIT) == (True, 5 + 5 * up_rate + level, [])


def test_straight_up_and_dives_cost_the_same_either_way() -> None:
    """No ground under a vertical climb (5 ft up: 10 ft at half speed); dives are not climbs."""
    for switches in (None, SPLIT):
        assert _cost(Maneuverability.GOOD, "up5 f4", switches) == (True, 10 + 20, [])
        assert _cost(Maneuverability.AVERAGE, "d5 f4", switches) == (True, Fraction(45, 2), [])


def test_path_and_reach_follow_the_climb_cost() -> None:
    """An average flyer one square ahead and 5 ft up: 10 ft (covered) or 15 ft (split)."""
    average = dnd35_flyer(Maneuverability.AVERAGE, 30)
    start = FlightState(0, 0, 30, 2, since_turn=5)
    place = (3, 0, 35, 2)
    for switches, want in ((None, 10 + 10), (SPLIT, 15 + 10)):
        found = find_path(
            average, start, place[:3], system=SYSTEM, budget_ft=30, facing=2, switches=switches
        )
        assert found is not None and found.cost_ft == want
        listed = reach(average, start, system=SYSTEM, budget_ft=30, switches=switches).entries
        assert {(e.x, e.y, e.alt, e.facing): e.cost_ft for e in listed}[place] == want


# ------------------------------------------------------------------ properties, both ways


SWITCHED = [
    pytest.param(Maneuverability.GOOD, 10, BANK, id="good-bank"),
    pytest.param(Maneuverability.AVERAGE, 15, BANK, id="average-bank"),
    pytest.param(Maneuverability.CLUMSY, 25, BANK, id="clumsy-bank"),
    pytest.param(Maneuverability.PERFECT, 5, SPLIT, id="perfect-split"),
    pytest.param(Maneuverability.POOR, 15, BOTH, id="poor-both"),
]


@pytest.mark.parametrize(("cls", "speed", "switches"), SWITCHED)
def test_reach_is_exact_under_switches(
    cls: Maneuverability, speed: int, switches: dict[str, str]
) -> None:
    """Switched, reach still lists exactly the ends and least costs of the plain search."""
    flyer = with_switches(dnd35_flyer(cls, speed), SYSTEM, switches)
    start = FlightState(0, 0, 10, 2, since_turn=5)
    got = reach(flyer, start, system=SYSTEM, budget_ft=speed, engine="python")
    assert {(e.x, e.y, e.alt, e.facing): e.cost_ft for e in got.entries} == flight_oracle(
        flyer, start, speed
    )


@pytest.mark.parametrize(
    ("cls", "switches"),
    [
        (Maneuverability.GOOD, BOTH),
        (Maneuverability.AVERAGE, BANK),
        (Maneuverability.CLUMSY, BOTH),
        (Maneuverability.PERFECT, SPLIT),
    ],
)
def test_engines_agree_under_switches(cls: Maneuverability, switches: dict[str, str]) -> None:
    """The compiled kernel lists exactly what the Python search lists, switched."""
    flyer = dnd35_flyer(cls, 25)
    start = FlightState(0, 0, 10, 1, since_turn=5)
    got = reach(flyer, start, system=SYSTEM, budget_ft=25, engine="compiled", switches=switches)
    want = reach(flyer, start, system=SYSTEM, budget_ft=25, engine="python", switches=switches)
    assert got.entries == want.entries


@pytest.mark.parametrize("cls", [Maneuverability.GOOD, Maneuverability.AVERAGE])
def test_dominance_holds_with_banked_turns(cls: Maneuverability) -> None:
    """A larger bank is never worse: each step of the dominated rule state is open to the
    dominating one at no more cost, into a state that still dominates."""
    flyer = with_switches(dnd35_flyer(cls, 30), SYSTEM, BANK)
    rules = RuleStates(flyer, 5, DIAGONAL, 30, free_turns(flyer))
    states = rule_machine(flyer, 5, DIAGONAL, 30, raw(FlightState(0, 0, 30, 1)))[0]
    ids = [rules.intern(r) for r in states]
    by_part: dict[tuple[int, ...], list[int]] = {}
    for rid in ids:
        by_part.setdefault(rules.parts[rid], []).append(rid)
    pairs = [
        (a, b)
        for group in by_part.values()
        for a, b in itertools.permutations(group, 2)
        if all(x >= y for x, y in zip(rules.resources[a], rules.resources[b], strict=True))
        and rules.states[a][5] > rules.states[b][5]
    ]
    assert pairs, "some rule states dominate others by a larger bank"
    random.Random(5).shuffle(pairs)
    for a, b in pairs[:800]:
        moves_a = {m[0]: m for m in rules.moves(a)}
        for steps, nb, cost_b, *_ in rules.moves(b):
            found = moves_a.get(steps)
            assert found is not None, (rules.states[a], rules.states[b], steps)
            assert found[2] <= cost_b
            assert rules.parts[found[1]] == rules.parts[nb]
            assert all(
                x >= y for x, y in zip(rules.resources[found[1]], rules.resources[nb], strict=True)
            )


@pytest.mark.parametrize("switches", [BANK, SPLIT], ids=["bank", "split"])
def test_found_paths_check_legal_at_their_cost(switches: dict[str, str]) -> None:
    """Switched, every path found checks legal, under the same switches, at its listed cost."""
    for cls in Maneuverability:
        flyer = dnd35_flyer(cls, 20)
        start = FlightState(0, 0, 15, 2, since_turn=5)
        ends = reach(flyer, start, system=SYSTEM, budget_ft=20, switches=switches).entries
        for entry in random.Random(cls.value).sample(ends, min(8, len(ends))):
            found = find_path(
                flyer,
                start,
                (entry.x, entry.y, entry.alt),
                system=SYSTEM,
                budget_ft=20,
                facing=entry.facing,
                switches=switches,
            )
            assert found is not None and found.cost_ft == entry.cost_ft
            steps = [(i, s) for i, s in enumerate(found.steps, 1)]
            verdict = check(flyer, start, steps, system=SYSTEM, budget_ft=20, switches=switches)
            assert verdict.legal and verdict.cost_ft == entry.cost_ft


# ------------------------------------------------------------------ CLI and JSON


def _fly(*args: str) -> str:
    result = invoke(["fly", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_cli_switch_on_check_path_and_reach() -> None:
    """--switch reaches check, path and reach; JSON names the flight switches in force."""
    common = ["--speed", "40", "-m", "good", "--alt", "30", "--facing", "E"]
    bank = ["--switch", "flight_turn_credit=bank"]
    plain = json.loads(_fly("check", *common, "--steps", "f3 r180 f2", "--json"))
    banked = json.loads(_fly("check", *common, "--steps", "f3 r180 f2", *bank, "--json"))
    assert (plain["cost"], banked["cost"]) == (30, 25)
    assert plain["switches"] == {
        "flight_turn_credit": "reset",
        "flight_climb_cost": "covered",
        "flight_round_start": "turn-ready",
    }
    assert banked["switches"]["flight_turn_credit"] == "bank"
    found = json.loads(
        _fly("path", *common, "--to", "2,0,30", "--end-facing", "W", *bank, "--json")
    )
    assert (found["found"], found["cost"], found["steps"]) == (True, 10, "f2 r180")
    ends = json.loads(_fly("reach", *common, *bank, "--json"))["squares"]
    assert {"at": [2, 0], "alt": 30, "facing": "W", "cost": 10, "landed": False} in ends
    text = _fly("check", *common, "--steps", "f3 r180 f2", *bank)
    assert text.splitlines()[1] == "rule switches: flight_turn_credit=bank"
    assert "rule switches" not in _fly("check", *common, "--steps", "f3 r180 f2")


_STEP_WORDS = ["f", "f", "f", "c5", "d5", "l45", "r45", "r90", "r135", "up5", "down5", "b"]


@settings(max_examples=40, deadline=None)
@given(
    cls=strategies.flight_classes("dnd35"),
    words=st.lists(st.sampled_from(_STEP_WORDS), min_size=1, max_size=6),
    switches=strategies.one_switch_changed("dnd35", FLIGHT_SWITCHES),
)
def test_every_legal_switched_flight_is_in_reach(
    cls: Maneuverability, words: list[str], switches: dict[str, str]
) -> None:
    """Whatever check accepts under a switch, reach under it lists at the same or less."""
    flyer = dnd35_flyer(cls, 20)
    start = FlightState(0, 0, 15, 2, since_turn=5)
    steps = parse_steps(" ".join(words))
    verdict = check(flyer, start, steps, system=SYSTEM, budget_ft=20, switches=switches)
    end = verdict.end
    if not verdict.legal or (end.x, end.y, end.alt) == (0, 0, 15):
        return
    listed = _reach_20(cls, tuple(sorted(switches.items())))
    assert listed[(end.x, end.y, end.alt, end.facing)] <= verdict.cost_ft


@functools.cache
def _reach_20(
    cls: Maneuverability, switches: tuple[tuple[str, str], ...]
) -> dict[tuple[int, int, int, int], Fraction]:
    """Reach of a 20-ft flyer at 15 ft facing E, 5 ft flown since its last turn (cached)."""
    start = FlightState(0, 0, 15, 2, since_turn=5)
    found = reach(dnd35_flyer(cls, 20), start, system=SYSTEM, budget_ft=20, switches=dict(switches))
    return {(e.x, e.y, e.alt, e.facing): e.cost_ft for e in found.entries}
