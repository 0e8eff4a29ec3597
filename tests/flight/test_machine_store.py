"""The rule machine kept on disk (`footfall.flight.store`): what is read back is what was built."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from footfall.flight import FlightState, store
from footfall.flight.machine import Machine, build_machine
from footfall.flight.model import raw
from footfall.rules import Maneuverability, load_system
from helpers.flight import dnd35_flyer

SYSTEM = load_system("dnd35")
assert SYSTEM.tactical is not None
DIAGONAL = SYSTEM.tactical.diagonal_costs


@pytest.fixture(autouse=True)
def _bytecode_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """Write as Python does by default, whatever the shell's ``PYTHONDONTWRITEBYTECODE``."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def _same(a: Machine, b: Machine) -> None:
    """Assert two machines are equal, field by field (arrays by value and type)."""
    assert a.states == b.states
    for name in Machine._fields:
        x, y = getattr(a, name), getattr(b, name)
        if name == "cover":
            assert x.words == y.words
            for p, q in zip(x[:3], y[:3], strict=True):
                assert p.dtype == q.dtype and np.array_equal(p, q)
        elif isinstance(x, np.ndarray):
            assert isinstance(y, np.ndarray) and x.dtype == y.dtype and np.array_equal(x, y)
        elif name != "states":
            assert x == y


@pytest.mark.parametrize("cls", list(Maneuverability))
def test_stored_machine_reads_back_what_was_built(
    cls: Maneuverability, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A machine written to ``__pycache__`` and read back equals the one built (every class:
    with and without a mirror, packed keys, levels after a dive)."""
    monkeypatch.setattr(store, "_HERE", _copy_sources(tmp_path))
    flyer = dnd35_flyer(cls, 30)
    start = raw(FlightState(0, 0, 30, 2))
    args = (flyer, 5, DIAGONAL, 30, start)
    built = build_machine(*args)
    calls: list[int] = []

    def build() -> Machine:
        calls.append(1)
        return build_machine(*args)

    first = store.stored_machine(args, build)
    again = store.stored_machine(args, build)
    assert calls == [1], "built once, then read"
    _same(first, built)
    _same(again, built)


def _copy_sources(folder: Path) -> Path:
    """Copy the modules the digest names into `folder` (a writable stand-in for the package)."""
    for name in store._SOURCES:
        (folder / name).write_bytes((Path(store.__file__).parent / name).read_bytes())
    return folder


def test_a_spoilt_file_is_built_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stored machine that cannot be read (cut short, a spoilt header, another file) is built
    again (and stored anew), never an error."""
    monkeypatch.setattr(store, "_HERE", _copy_sources(tmp_path))
    args = (dnd35_flyer(Maneuverability.POOR, 20), 5, DIAGONAL, 20, raw(FlightState(0, 0, 5, 0)))
    path = store.machine_path(args)
    assert path is not None
    path.parent.mkdir()
    store.stored_machine(args, lambda: build_machine(*args))
    whole = path.read_bytes()
    cut = (whole[:-100], whole[:40], whole[:12] + b"{not json", b"not a machine", b"")
    for spoilt in cut:
        path.write_bytes(spoilt)
        found = store.stored_machine(args, lambda: build_machine(*args))
        _same(found, build_machine(*args))
        _same(store._load(path), found)


def test_other_sources_other_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Editing a module the machine is built by (its size or time) names another file, and
    only the `KEPT` most recently used files stay."""
    monkeypatch.setattr(store, "_HERE", _copy_sources(tmp_path))
    monkeypatch.setattr(store, "KEPT", 2)
    args = (dnd35_flyer(Maneuverability.GOOD, 10), 5, DIAGONAL, 10, raw(FlightState(0, 0, 5, 0)))
    before = store.machine_path(args)
    with (tmp_path / "model.py").open("a") as out:
        out.write("\n# edited\n")
    assert store.machine_path(args) != before
    for budget in (10, 15, 20):
        key = (*args[:3], budget, args[4])
        store.stored_machine(key, lambda b=budget: build_machine(*args[:3], b, args[4]))
    assert len(list((tmp_path / "__pycache__").glob("machine.*.bin"))) == 2


def test_nothing_is_written_without_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under ``PYTHONDONTWRITEBYTECODE`` (`sys.dont_write_bytecode`) the machine is built and
    not stored, as Python's bytecode; a machine already stored is still read."""
    monkeypatch.setattr(store, "_HERE", _copy_sources(tmp_path))
    args = (dnd35_flyer(Maneuverability.GOOD, 20), 5, DIAGONAL, 20, raw(FlightState(0, 0, 5, 0)))
    path = store.machine_path(args)
    assert path is not None
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    _same(store.stored_machine(args, lambda: build_machine(*args)), build_machine(*args))
    assert not path.parent.exists() and not path.exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    store.stored_machine(args, lambda: build_machine(*args))
    assert path.exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", True)

    def refuse() -> Machine:
        raise AssertionError("read, not built")

    _same(store.stored_machine(args, refuse), build_machine(*args))


def test_the_cli_writes_no_machine_without_bytecode(tmp_path: Path) -> None:
    """A ``fly reach`` process run with ``PYTHONDONTWRITEBYTECODE=1`` leaves no new ``.npz``
    in the package's ``__pycache__`` (a search compiled, as 50 ft is, reads its rule machine;
    a flyer no other test asks for, so nothing is there before)."""
    folder = Path(store.__file__).resolve().parent / "__pycache__"
    before = set(folder.glob("machine.*.bin")) if folder.exists() else set()
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    argv = ["fly", "reach", "--speed", "50", "-m", "clumsy", "--alt", "45", "--facing", "SW"]
    done = subprocess.run(
        [sys.executable, "-m", "footfall", *argv], env=env, capture_output=True, check=False
    )
    assert done.returncode == 0, done.stderr
    after = set(folder.glob("machine.*.bin")) if folder.exists() else set()
    assert after <= before


def test_a_read_machine_is_the_kernels_arrays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A machine read back gives the kernel what it takes (writable C arrays, as
    `footfall.aot` checks), makes no raw state until one is asked for, and a former ``.npz``
    store is removed."""
    monkeypatch.setattr(store, "_HERE", _copy_sources(tmp_path))
    args = (dnd35_flyer(Maneuverability.AVERAGE, 20), 5, DIAGONAL, 20, raw(FlightState(0, 0, 5, 2)))
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "machine.0123.npz").write_bytes(b"former")
    store.stored_machine(args, lambda: build_machine(*args))
    assert not list((tmp_path / "__pycache__").glob("*.npz"))
    read = store.stored_machine(args, lambda: build_machine(*args))
    assert isinstance(read.states, store._StoredStates) and read.states._rows is None
    for name in store._ARRAYS:
        array = getattr(read, name)
        assert array.flags.c_contiguous and array.flags.writeable, name
    assert len(read.states) == len(build_machine(*args).states)
    assert read.states[0] == build_machine(*args).states[0]
