"""Fields of one answer that say the same thing never disagree (issue 12 item 9).

The pairs: a local run's ``limit_minutes`` / ``within_limit``; a journey's ``fatigued_from`` /
the certainty of its checks (``hustle`` damage, ``forced_march`` ``p_fail`` 1, ``odds``
``p_no_fatigue`` 0) / ``fatigue_forbids`` / ``conditions``; a party member's the same.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.rules import load_system
from footfall.travel import FATIGUE_FORBIDS, plan_local
from helpers.cli import cli_json


def test_dnd35_run_at_con_8_has_no_known_limit_and_no_verdict() -> None:
    """dnd35: runs a minute with Con 9+ (seed 004 区域移动); Con 8: limit and verdict unknown."""
    run = plan_local("dnd35", Fraction(600), speed=30, con=8).to_json()["paces"][2]  # type: ignore[index]
    assert run["limit_minutes"] is None and run["within_limit"] is None


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(("pf1e", "dnd35")),
    st.one_of(st.none(), st.integers(0, 30)),
    st.integers(0, 40).map(lambda n: Fraction(n * 100)),
    st.sampled_from((20, 30, 40)),
)
def test_local_limit_and_verdict_agree(system: str, con: int | None, distance: Fraction,
                                       speed: int) -> None:  # fmt: skip
    """within_limit is None exactly when a run's limit is unknown, else minutes <= limit."""
    trip = plan_local(system, distance, speed=speed, con=con).to_json()
    for pace in trip["paces"]:  # type: ignore[attr-defined]
        limit, within = pace["limit_minutes"], pace["within_limit"]
        if pace["pace"] != "run":
            assert limit is None and within is True  # walk and hustle have no limit
        elif limit is None:
            assert within is None
        else:
            assert within == (pace["minutes"] <= limit)
    unknown = "run-limit-unknown" in trip["notes"]  # type: ignore[operator]
    assert unknown == (con is not None and trip["paces"][2]["limit_minutes"] is None)  # type: ignore[index]


def _fatigue_fields_agree(data: dict[str, Any]) -> None:
    """Check the fatigue fields of one journey answer (no rolls) against each other."""
    certain = any(h.get("damage") for h in data["hustle"]) or any(
        f["p_fail"] == 1 for f in data["forced_march"]
    )
    assert (data["fatigued_from"] is not None) == certain, data["forced_march"]
    assert bool(data["fatigue_forbids"]) == certain
    assert data["conditions"] == (["fatigued"] if certain else [])
    if data["odds"] is not None:
        assert (data["odds"]["p_no_fatigue"] == 0) == certain
    for member in data.get("party", []):
        if "fatigued_from" in member:
            assert (member["fatigued_from"] is not None) == bool(member["conditions"])


def test_certain_forced_march_failure_sets_fatigued_from() -> None:
    """Con -10 can never make DC 12 (seed 000 «Марш-бросок»): fatigued from day 1 hour 9."""
    data = cli_json("travel", "pf1e", "--speed", "30", "--con-mod", "-10", "--forced-march", "2",
                    "--leg", "40 mi plains road")  # fmt: skip
    assert data["forced_march"][0]["p_fail"] == 1
    assert data["fatigued_from"] == {"day": 1, "hour": 9}
    assert data["conditions"] == ["fatigued"]
    _fatigue_fields_agree(data)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(("pf1e", "dnd35")),
    st.integers(-10, 10),
    st.integers(0, 3),
    st.integers(0, 3),
)
def test_journey_fatigue_fields_agree(system: str, con_mod: int, hustle: int, forced: int) -> None:
    """fatigued_from, fatigue_forbids, conditions and the odds agree on every journey."""
    args = [
        "travel",
        system,
        "--speed",
        "30",
        "--con-mod",
        str(con_mod),
        "--leg",
        "50 mi plains road",
    ]
    if hustle:
        args += ["--hustle", str(hustle)]
    if forced:
        args += ["--forced-march", str(forced)]
    _fatigue_fields_agree(cli_json(*args))


def test_fatigue_forbids_is_the_data_files_fatigued_row() -> None:
    """The journey's fatigue_forbids is the system file's fatigued condition (one word)."""
    for system in ("pf1e", "dnd35"):
        conditions = load_system(system).conditions
        assert conditions is not None
        row = conditions.get("fatigued")
        assert row is not None
        assert set(FATIGUE_FORBIDS) == {*(str(a) for a in row.forbids), *row.reported}


def test_a_party_member_certain_to_fail_fatigues_the_party() -> None:
    """A member of Con mod -10 fails DC 12 for certain (seed 000 «Марш-бросок»): the party's
    fatigued_from is that hour, and the odds of no fatigue are 0."""
    data = cli_json("travel", "pf1e", "--speed", "30", "--member", "name=A,con=-10",
                    "--member", "name=B,con=+2", "--forced-march", "1",
                    "--leg", "30 mi plains road")  # fmt: skip
    assert data["fatigued_from"] == {"day": 1, "hour": 9}
    _fatigue_fields_agree(data)
