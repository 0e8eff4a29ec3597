"""Local-scale trips (footfall.travel.plan_local): seed 000 / 004 per-minute table, running."""

from __future__ import annotations

from fractions import Fraction

import pytest

from footfall.errors import InputError, LimitError
from footfall.rules import Armor
from footfall.travel import plan_local
from helpers.cli import invoke

# Seed 000 "В минуту (локальное перемещение)" (seed 004 "1分钟(区域移动)" prints the same):
# speed -> walk, hustle, run x3, run x4 in ft per minute.
PER_MINUTE = {
    15: (150, 300, 450, 600),
    20: (200, 400, 600, 800),
    30: (300, 600, 900, 1200),
    40: (400, 800, 1200, 1600),
}


@pytest.mark.parametrize("system", ["pf1e", "dnd35"])
@pytest.mark.parametrize("speed", list(PER_MINUTE))
def test_per_minute_table(system: str, speed: int) -> None:
    """Every cell of the printed per-minute table, x4 run unarmored and x3 in heavy armor."""
    walk, hustle, run3, run4 = PER_MINUTE[speed]
    light = plan_local(system, Fraction(1200), speed=speed)
    assert [p.per_minute for p in light.paces] == [walk, hustle, run4]
    heavy = plan_local(system, Fraction(1200), speed=speed, armor=Armor.HEAVY)
    assert heavy.paces[2].per_minute == run3
    assert light.paces[0].minutes == Fraction(1200, walk)


def test_pf1e_runs_con_rounds() -> None:
    """Seed 000: a character runs for rounds equal to its Constitution (Con 14: 1.4 min)."""
    trip = plan_local("pf1e", Fraction(600), speed=30, con=14)
    run = trip.paces[2]
    assert run.limit_minutes == Fraction(14, 10) and run.within_limit
    far = plan_local("pf1e", Fraction(2400), speed=30, con=14)
    assert not far.paces[2].within_limit


def test_dnd35_runs_a_minute_with_con_9() -> None:
    """Seed 004: Con 9 or more runs one minute without trouble; below, the text is silent."""
    assert plan_local("dnd35", Fraction(1800), speed=30, con=9).paces[2].limit_minutes == 1
    low = plan_local("dnd35", Fraction(100), speed=30, con=8)
    assert low.paces[2].limit_minutes is None and low.notes == ("run-limit-unknown",)


def test_dh2e_local_dense() -> None:
    """Seed 001: AB 3 walks 72 m a minute; dense terrain halves it."""
    assert plan_local("dh2e", Fraction(300), agility_bonus=3).paces[0].per_minute == 72
    dense = plan_local("dh2e", Fraction(300), agility_bonus=3, dense=True)
    assert dense.paces[0].per_minute == 36 and dense.paces[0].minutes == Fraction(25, 3)


def test_local_bad_input() -> None:
    """Negative distances and missing speeds are refused with one line."""
    with pytest.raises(InputError, match="distance -5 is negative"):
        plan_local("pf1e", Fraction(-5), speed=30)
    with pytest.raises(InputError, match=r"pf1e local travel needs speed N \(ft\)"):
        plan_local("pf1e", Fraction(5))
    with pytest.raises(InputError, match="positive multiple of 5 ft, got 7"):
        plan_local("pf1e", Fraction(5), speed=7)
    with pytest.raises(LimitError, match="more than 200000 h"):
        plan_local("pf1e", Fraction(10**14), speed=30)
    with pytest.raises(LimitError, match="more than 200000 h"):
        plan_local("dh2e", Fraction(10**14), agility_bonus=3)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--leg", "-5 ft"], "distance -5 is negative"),
        (["--hustle", "2"], "--hustle: overland options"),
        (["--vessel", "rowboat", "--drift"], "--vessel, --drift: overland options"),
        (["--metric"], "--metric: overland options"),
    ],
)
def test_local_cli_refuses_overland_options(extra: list[str], message: str) -> None:
    """At the local scale, overland options and negative legs are refused, not ignored."""
    args = [
        "travel",
        "pf1e",
        "--speed",
        "30",
        *(extra if "--leg" in extra else ["--leg", "600 ft", *extra]),
    ]
    result = invoke(args)
    assert isinstance(result.exception, InputError)  # footfall.cli.main turns it into exit 2
    assert message in str(result.exception)


def test_local_cli() -> None:
    """`footfall travel pf1e --speed 30 --con 14 --leg "600 ft"` answers at the local scale."""
    result = invoke(["travel", "pf1e", "--speed", "30", "--con", "14", "--leg", "600 ft"])
    assert result.exit_code == 0
    assert result.output == (
        "pf1e, local scale: 600 ft (speed 30 ft)\n"
        "  walking: 300 ft/min, 2 min (20 rounds)\n"
        "  hustling: 600 ft/min, 1 min (10 rounds)\n"
        "  running: 1200 ft/min, 0.5 min (5 rounds); can keep running 1.4 min\n"
    )
