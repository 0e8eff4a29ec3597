"""A reach kept as columns (`FlightReach.columns`): its entries, maps and JSON are the ones
built entry by entry before (slow references here, not stored numbers)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from footfall.flight import FlightState
from footfall.flight.compiled import compiled_reach
from footfall.flight.model import DIRECTION_NAMES, OPEN_SKY, direction_name, switch_choices
from footfall.flight.reach import FlightReach, ReachEntry, reach
from footfall.flight.report import ft_number, reach_json, reach_json_text
from footfall.rules import Maneuverability
from helpers.flight import SYSTEM, dnd35_flyer

#: (class, speed ft, start): every class, a move each, starts facing several ways.
CASES = [
    (Maneuverability.CLUMSY, 60, FlightState(0, 0, 30, 2, since_turn=5)),
    (Maneuverability.POOR, 50, FlightState(3, -2, 15, 5)),
    (Maneuverability.AVERAGE, 50, FlightState(0, 0, 30, 2, since_turn=5)),
    (Maneuverability.GOOD, 45, FlightState(-1, 4, 20, 1)),
    (Maneuverability.PERFECT, 45, FlightState(0, 0, 5, 0)),
]


def _entries_one_by_one(flyer: Any, start: FlightState, budget: int) -> tuple[ReachEntry, ...]:
    """The former way: the kernel's ends as lists, one `ReachEntry` (and `Fraction`) each."""
    found = compiled_reach(flyer, start, SYSTEM, budget, OPEN_SKY, 10**8)
    assert found is not None
    return tuple(
        ReachEntry(x, y, alt, facing, Fraction(cost, 2), alt == 0)
        for x, y, alt, facing, cost in zip(*found[:5], strict=True)
    )


def _json_one_by_one(name: str, action: str, result: FlightReach) -> dict[str, Any]:
    """The former `reach_json`: one dict per `ReachEntry`, `ft_number` on each cost."""
    return {
        "mover": name,
        "maneuverability": result.flyer.maneuverability.value,
        "action": action,
        "budget": result.budget_ft,
        "unit": "ft",
        "alt": result.start.alt,
        "facing": direction_name(result.start.facing),
        "squares": [
            {
                "at": [e.x, e.y],
                "alt": e.alt,
                "facing": DIRECTION_NAMES[e.facing],
                "cost": ft_number(e.cost_ft),
                "landed": e.landed,
            }
            for e in result.entries
        ],
        "switches": switch_choices(result.flyer),
    }


def _bands_one_by_one(entries: tuple[ReachEntry, ...], band: int) -> dict[int, set[Any]]:
    """The former maps: a set of squares per band, entry by entry."""
    found: dict[int, set[tuple[int, int]]] = {}
    for e in entries:
        found.setdefault(e.alt // band, set()).add((e.x, e.y))
    return found


@pytest.mark.parametrize(("cls", "speed", "start"), CASES, ids=[c[0].value for c in CASES])
def test_columns_give_the_former_entries_maps_and_json(
    cls: Maneuverability, speed: int, start: FlightState
) -> None:
    """The compiled reach's columns give, entry for entry, what building each entry gave;
    its JSON and its maps (every band height) are the ones made from those entries."""
    flyer = dnd35_flyer(cls, speed)
    got = reach(flyer, start, system=SYSTEM, budget_ft=speed, engine="compiled")
    want = _entries_one_by_one(flyer, start, speed)
    assert got.count == len(want) > 100
    assert reach_json("x", "move", got) == _json_one_by_one("x", "move", got)
    for band in (5, 10, 25):
        assert got.squares_by_band(band) == _bands_one_by_one(want, band)
    assert got.entries == want
    assert any(not float(e.cost_ft).is_integer() for e in want), "half-feet are kept"


@pytest.mark.parametrize("cls", [Maneuverability.AVERAGE, Maneuverability.PERFECT])
def test_python_entries_and_their_columns_agree(cls: Maneuverability) -> None:
    """The Python search's entries, as columns and back, are the same ends, in order; its
    JSON and maps are those of the compiled search."""
    flyer = dnd35_flyer(cls, 20)
    start = FlightState(0, 0, 10, 3)
    python = reach(flyer, start, system=SYSTEM, budget_ft=20, engine="python")
    compiled = reach(flyer, start, system=SYSTEM, budget_ft=20, engine="compiled")
    again = FlightReach(flyer, start, 20, work=0, columns=python.columns)
    assert again.entries == python.entries == compiled.entries
    assert reach_json("x", "move", python) == reach_json("x", "move", compiled)
    assert python.squares_by_band(10) == compiled.squares_by_band(10)


def test_a_reach_takes_its_entries_or_its_columns() -> None:
    """A `FlightReach` is made from entries or from columns, exactly one of them."""
    flyer = dnd35_flyer(Maneuverability.GOOD, 10)
    start = FlightState(0, 0, 5, 0)
    with pytest.raises(TypeError):
        FlightReach(flyer, start, 10)
    empty = FlightReach(flyer, start, 10, ())
    assert empty.count == 0 and empty.squares_by_band(10) == {}
    assert reach_json("x", "move", empty)["squares"] == []


@pytest.mark.parametrize(("cls", "speed", "start"), CASES, ids=[c[0].value for c in CASES])
def test_json_text_is_the_dumped_dict(cls: Maneuverability, speed: int, start: FlightState) -> None:
    """`reach_json_text` (the ``fly reach --json`` text, written from the columns) is byte for
    byte ``json.dumps`` of `reach_json`, for every class, negative squares and half-feet."""
    flyer = dnd35_flyer(cls, speed)
    got = reach(flyer, start, system=SYSTEM, budget_ft=speed, engine="compiled")
    for name in ("flyer", 'the "Ötzi" 鷹'):
        want = json.dumps(reach_json(name, "double-move", got), ensure_ascii=False)
        assert reach_json_text(name, "double-move", got) == want


def test_json_text_of_python_and_empty_reaches() -> None:
    """`reach_json_text` of the Python search's reach (entries, landings) and of a reach with
    no end is ``json.dumps`` of `reach_json`."""
    flyer = dnd35_flyer(Maneuverability.GOOD, 20)
    start = FlightState(2, -3, 5, 7)
    python = reach(flyer, start, system=SYSTEM, budget_ft=20, engine="python")
    assert any(e.landed for e in python.entries)
    empty = FlightReach(flyer, start, 20, ())
    for result in (python, empty):
        assert reach_json_text("x", "move", result) == json.dumps(reach_json("x", "move", result))


def test_band_masks_hold_the_bands_squares() -> None:
    """`band_masks` marks, band by band (highest first), the squares `squares_by_band` lists,
    in the ends' box or in a window given (ends outside it left out)."""
    flyer = dnd35_flyer(Maneuverability.AVERAGE, 50)
    start = FlightState(0, 0, 30, 2, since_turn=5)
    got = reach(flyer, start, system=SYSTEM, budget_ft=50, engine="compiled")
    want = _bands_one_by_one(got.entries, 10)
    masks = got.band_masks(10)
    assert list(masks) == sorted(want, reverse=True)
    for window in (None, (-2, 1, 4, 3)):
        for index, (x0, y0, mask) in got.band_masks(10, window).items():
            marked = {(x0 + i, y0 + j) for j, i in zip(*mask.nonzero(), strict=True)}
            if window is None:
                assert marked == want[index]
            else:
                inside = {(x, y) for x, y in want[index] if -2 <= x < 2 and 1 <= y < 4}
                assert mask.shape == (3, 4) and marked == inside
