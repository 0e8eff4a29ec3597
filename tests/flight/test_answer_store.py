"""The open sky's answers kept on disk (`footfall.flight.store.stored_answer`): an answer read
back is the one searched, checked against a search that keeps nothing (the mirror off)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from footfall.errors import LimitError
from footfall.flight import FlightState, compiled, store
from footfall.flight.compiled import compiled_reach
from footfall.flight.model import OPEN_SKY, Airspace
from footfall.flight.reach import reach
from footfall.flight.space import BandedAirspace
from footfall.rules import Maneuverability
from helpers.flight import SYSTEM, dnd35_flyer

#: (class, speed ft, start): flyers of every class, several facings and heights.
CASES = [
    (Maneuverability.CLUMSY, 40, FlightState(0, 0, 30, 2, since_turn=5)),
    (Maneuverability.POOR, 30, FlightState(3, -2, 15, 5)),
    (Maneuverability.AVERAGE, 40, FlightState(0, 0, 30, 2, since_turn=5)),
    (Maneuverability.GOOD, 30, FlightState(-1, 4, 20, 1)),
    (Maneuverability.PERFECT, 25, FlightState(7, 7, 5, 0)),
]


@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable stand-in for the package's folder, every search kept, bytecode written."""
    for name in store._ANSWER_SOURCES:
        (tmp_path / name).write_bytes((Path(store.__file__).parent / name).read_bytes())
    monkeypatch.setattr(store, "_HERE", tmp_path)
    monkeypatch.setattr(compiled, "STORED_FROM_WORK", 0)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    return tmp_path / "__pycache__"


def _no_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any search fail: what follows can only read answers back."""

    def refuse() -> Any:
        raise AssertionError("searched, not read back")

    monkeypatch.setattr(compiled, "kernel", refuse)


@pytest.mark.parametrize(("cls", "speed", "start"), CASES, ids=[c[0].value for c in CASES])
def test_an_answer_read_back_is_the_search_s(
    cls: Maneuverability,
    speed: int,
    start: FlightState,
    kept: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The second ask of a flyer reads its kept answer, which lists the ends and costs (and
    work) of the search that made it and of a search that keeps nothing; an altitude band
    has an answer of its own."""
    flyer = dnd35_flyer(cls, speed)
    band = BandedAirspace(OPEN_SKY, 5, 35)
    first = {
        air: compiled_reach(flyer, start, SYSTEM, speed, air, 10**8) for air in (OPEN_SKY, band)
    }
    unkept = {air: compiled_reach(flyer, start, SYSTEM, speed, air, 10**8, symmetric=False)
              for air in (OPEN_SKY, band)}  # fmt: skip
    assert len(list(kept.glob("reach.*.npz"))) == 2
    _no_kernel(monkeypatch)
    for air in (OPEN_SKY, band):
        again = compiled_reach(flyer, start, SYSTEM, speed, air, 10**8)
        assert again == first[air]
        assert again is not None and again[:5] == unkept[air][:5]  # type: ignore[index]
    entries = reach(flyer, start, system=SYSTEM, budget_ft=speed, engine="compiled").entries
    assert entries == reach(flyer, start, system=SYSTEM, budget_ft=speed, engine="python").entries


def test_a_kept_answer_is_refused_past_the_work_limit(
    kept: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kept answer whose search did more work than this query allows is refused, as the
    search would be; at exactly its work it is given."""
    flyer = dnd35_flyer(Maneuverability.AVERAGE, 30)
    start = FlightState(0, 0, 20, 2)
    found = compiled_reach(flyer, start, SYSTEM, 30, OPEN_SKY, 10**8)
    assert found is not None
    with pytest.raises(LimitError):
        compiled_reach(flyer, start, SYSTEM, 30, OPEN_SKY, found.work - 1)
    _no_kernel(monkeypatch)
    with pytest.raises(LimitError):
        compiled_reach(flyer, start, SYSTEM, 30, OPEN_SKY, found.work - 1)
    assert compiled_reach(flyer, start, SYSTEM, 30, OPEN_SKY, found.work) == found


def test_nothing_is_kept_without_bytecode_nor_for_small_searches(
    kept: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under `sys.dont_write_bytecode` no answer is written; nor is one of a search under
    `STORED_FROM_WORK`; scenes and the reference kernel keep none either."""
    flyer = dnd35_flyer(Maneuverability.GOOD, 20)
    start = FlightState(0, 0, 10, 0)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    compiled_reach(flyer, start, SYSTEM, 20, OPEN_SKY, 10**8)
    assert not kept.exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(compiled, "STORED_FROM_WORK", 10**9)
    compiled_reach(flyer, start, SYSTEM, 20, OPEN_SKY, 10**8)
    monkeypatch.setattr(compiled, "STORED_FROM_WORK", 0)
    compiled_reach(flyer, start, SYSTEM, 20, OPEN_SKY, 10**8, reference=True)
    assert not kept.exists() or not list(kept.glob("reach.*.npz"))


class _Odd(Airspace):
    """An airspace the compiled search cannot take (so nothing is kept for it)."""


def test_a_spoilt_answer_is_searched_again(kept: Path) -> None:
    """A kept answer that cannot be read (not a zip, cut short, arrays missing) is searched
    again, never an error; the answer then kept reads back."""
    flyer = dnd35_flyer(Maneuverability.POOR, 30)
    start = FlightState(0, 0, 15, 3)
    want = compiled_reach(flyer, start, SYSTEM, 30, OPEN_SKY, 10**8, symmetric=False)
    assert want is not None
    assert compiled_reach(flyer, start, SYSTEM, 30, _Odd(), 10**8) is None
    compiled_reach(flyer, start, SYSTEM, 30, OPEN_SKY, 10**8)
    (path,) = kept.glob("reach.*.npz")
    for spoilt in (b"not a zip file", b"PK\x03\x04 cut short", path.read_bytes()[:200]):
        path.write_bytes(spoilt)
        got = compiled_reach(flyer, start, SYSTEM, 30, OPEN_SKY, 10**8)
        assert got is not None and got[:5] == want[:5]
