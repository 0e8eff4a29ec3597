"""Every switch names the answers it changes, so the page shows it only beside them (issue 14).

Each ``[interpretations.<id>]`` of systems/*.toml has a ``topic`` (and, where it changes the
answers only if the question has something, a ``when``); ``/api/meta`` carries both, and the
page's filter (web/switches.js, tests/js/switches.test.mjs) knows every ``when``.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from footfall.api import create_app
from footfall.errors import RuleDataError
from footfall.flight.model import FLIGHT_SWITCHES
from footfall.rules import SYSTEM_IDS, SwitchTopic, SwitchWhen, load_system
from footfall.rules.common import Interpretation
from footfall.rules.reader import read_data
from footfall.tactical import views
from helpers import ROOT

SWITCHES_JS = ROOT / "src" / "footfall" / "web" / "switches.js"


def _all() -> list[tuple[str, Interpretation]]:
    return [(s, i) for s in SYSTEM_IDS for i in load_system(s).interpretations]


def test_every_switch_of_every_system_has_a_topic() -> None:
    """Every shipped switch has a topic of the vocabulary, and the set of switches is known."""
    switches = _all()
    assert len(switches) == 17  # pf1e 6, dnd35 9, dh2e 1, drawsteel 1
    for system, it in switches:
        assert isinstance(it.topic, SwitchTopic), (system, it.id)


def test_a_switch_without_a_topic_is_refused() -> None:
    """A data file's switch without ``topic`` is one error naming the key."""
    data = {
        "id": "weather_dc",
        "default": "a",
        "source": {"document": "RULES.md", "table": "x"},
        "choices": {"a": "one", "b": "two"},
    }
    with pytest.raises(RuleDataError, match="topic"):
        read_data(Interpretation, data, "custom.toml")
    data["topic"] = "weather"
    with pytest.raises(RuleDataError, match="weather"):
        read_data(Interpretation, data, "custom.toml")


@pytest.mark.parametrize(
    ("readers", "topic"),
    [
        (views._GRID_SWITCHES, SwitchTopic.TACTICAL),  # what reach, path and check read
        (FLIGHT_SWITCHES, SwitchTopic.FLIGHT),
        (("forced_march_dc",), SwitchTopic.TRAVEL),  # footfall.rules.travel
        (("chase_tie",), SwitchTopic.CHASE),  # footfall.chase
        (("forced_share",), SwitchTopic.FORCED),  # footfall.tactical.forced
    ],
)
def test_a_switch_topic_is_where_the_code_reads_it(readers: tuple[str, ...], topic: str) -> None:
    """The topic of each switch is that of the questions whose code reads it."""
    for system, it in _all():
        if it.id in readers:
            assert it.topic == topic, (system, it.id)


def test_each_condition_can_hold() -> None:
    """A switch shown under an action is named by one; under a tiny creature, the system has
    tiny sizes; the conditions are those of the switches that need one."""
    seen = {}
    for system, it in _all():
        rules = load_system(system)
        if it.when == SwitchWhen.ACTION:
            assert any(it.id in a.switches for a in rules.actions), (system, it.id)
        if it.when == SwitchWhen.TINY_CREATURE:
            assert rules.tactical is not None, (system, it.id)
        seen[it.id] = it.when
    assert seen["run_straight"] == SwitchWhen.ACTION
    assert seen["tiny_end"] == SwitchWhen.TINY_CREATURE
    assert seen["squeeze_past"] == SwitchWhen.TWO_SIDES
    assert seen["forced_march_dc"] == SwitchWhen.FORCED_MARCH
    assert seen["hampered_diagonal"] is None and seen["diagonal"] is None


def test_meta_carries_topic_when_and_what_the_conditions_read() -> None:
    """/api/meta gives each switch its topic and when (None: always), each action the switches
    it names, and the sizes that count as tiny; the other fields stay."""
    systems = {s["id"]: s for s in TestClient(create_app()).get("/api/meta").json()["systems"]}
    pf1e = systems["pf1e"]
    by_name = {i["name"]: i for i in pf1e["interpretations"]}
    assert by_name["tiny_end"]["topic"] == "tactical"
    assert by_name["tiny_end"]["when"] == "tiny-creature"
    assert by_name["hampered_diagonal"]["when"] is None
    assert by_name["chase_tie"]["topic"] == "chase"
    assert set(by_name["run_straight"]) >= {"name", "default", "choices", "description", "source"}
    run = next(a for a in pf1e["actions"] if a["id"] == "run")
    assert run["switches"] == ["run_straight"] and run["label"]
    assert pf1e["tiny_sizes"] == ["fine", "diminutive", "tiny"]
    assert systems["drawsteel"]["tiny_sizes"] == []
    assert [i["topic"] for i in systems["drawsteel"]["interpretations"]] == ["forced"]


def test_the_page_filter_knows_every_condition() -> None:
    """web/switches.js has a case for every `SwitchWhen` (an unknown one would always show)."""
    cases = set(re.findall(r'case "([a-z-]+)":', SWITCHES_JS.read_text(encoding="utf-8")))
    assert cases == {w.value for w in SwitchWhen}
