"""The house rules of CONTRIBUTING.md hold in the library (scripts/house.py finds nothing)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HOUSE = Path(__file__).resolve().parent.parent / "scripts" / "house.py"


def _house() -> object:
    spec = importlib.util.spec_from_file_location("house", HOUSE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["house"] = module
    spec.loader.exec_module(module)
    return module


def test_library_keeps_the_house_rules() -> None:
    """No module over 800 lines, no function over 100, no system id or CLI flag in library
    code, no error built from a literal message (issue 11)."""
    house = _house()
    library = HOUSE.parent.parent / "src" / "footfall"
    findings = [line for f in sorted(library.rglob("*.py")) for line in house.check(f)]  # type: ignore[attr-defined]
    assert findings == []


def test_the_checker_finds_what_it_forbids(tmp_path: Path) -> None:
    """Each rule of scripts/house.py fires on a file that breaks it (the test can fail)."""
    house = _house()
    bad = tmp_path / "probe.py"
    body = "\n".join(f"    x{i} = {i}" for i in range(101))
    bad.write_text(
        "from footfall.errors import InputError\n\n\ndef long() -> None:\n"
        f"{body}\n    raise InputError('free text --speed')\n\n\nSYSTEM = \"pf1e\"\n",
        encoding="utf-8",
    )
    found = house.check(bad, "probe.py")  # type: ignore[attr-defined]
    kinds = " ".join(found)
    assert "long is 103 lines" in kinds
    assert "from a literal message" in kinds
    assert "command-line flag" in kinds
    assert "system id 'pf1e'" in kinds
