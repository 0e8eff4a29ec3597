"""Flight at the start of a round (issue 12, item 10; switch ``flight_round_start``).

Seed 004: 转向(Turn):生物前进特定距离时,可同时转向的最大角度 - turns are paid in distance
flown, and a flyer keeps its minimum forward speed every round, so a flyer aloft starts its
round ready to turn (docs/flight.md, "Flight at the start of a round").
"""

from __future__ import annotations

from footfall.flight import flight_request
from helpers.cli import cli_json

CLUMSY_90 = "r45 f2 r45 f"  # 5 + 10 ft of diagonals, then 5 ft south: 20 ft


def _rules(steps: str, *options: str) -> list[str]:
    """The rules a clumsy 20-ft flyer facing E breaks flying `steps` with `options`."""
    data = cli_json("fly", "check", "--speed", "20", "-m", "clumsy", "--facing", "E",
                    "--steps", steps, *options)  # fmt: skip
    return [v["rule"] for v in data["violations"]]


def test_a_clumsy_flyer_aloft_turns_90_in_20_ft() -> None:
    """Aloft, a clumsy flyer (45°/10 ft) turns 45° at once and 45° after 10 ft (default)."""
    assert _rules(CLUMSY_90, "--alt", "30") == []


def test_standing_reads_every_move_as_a_standing_start() -> None:
    """flight_round_start=standing: the first turn needs 10 ft first (the old answer)."""
    found = _rules(CLUMSY_90, "--alt", "30", "--switch", "flight_round_start=standing")
    assert found == ["flight-turn"]


def test_on_the_ground_it_takes_off_from_a_standing_start() -> None:
    """A flyer on the ground has flown nothing: its first turn needs its turn distance."""
    request = flight_request(speed=20, maneuverability="clumsy", alt=0)
    assert request.start.since_turn == 0


def test_since_turn_wins_over_the_switch() -> None:
    """--since-turn 0 (the last move ended with a turn) is kept, whatever the switch says."""
    assert _rules(CLUMSY_90, "--alt", "30", "--since-turn", "0") == ["flight-turn"]
    assert flight_request(speed=20, maneuverability="clumsy", alt=30).start.since_turn == 10
    perfect = flight_request(speed=20, maneuverability="perfect", alt=30)
    assert perfect.start.since_turn == 0  # any turn: nothing needed
