"""Shared test helpers: the repository's folders, the shipped samples, scene and map builders.

The folder ``tests`` is on ``sys.path`` (``pythonpath`` in pyproject.toml), so every test
folder imports these as ``helpers`` and ``helpers.<module>``: `tactical_scenes` (small grid
scenes), `foundry` and `uvtt` (map exports), `flight` (the plain flight search), `api` and
`cli` (the front-ends' one-line error and JSON contracts), `strategies` (Hypothesis).
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

#: The repository: README.md, docs/, src/.
ROOT = Path(__file__).resolve().parents[2]
#: Editor exports kept as files (tests/fixtures).
FIXTURES = ROOT / "tests" / "fixtures"


def sample_text(name: str) -> str:
    """Return the text of the shipped sample scene `name` (footfall/scenes/NAME.json)."""
    return (resources.files("footfall") / "scenes" / f"{name}.json").read_text("utf-8")


def sample_json(name: str) -> dict[str, Any]:
    """Return the shipped sample scene `name` as parsed JSON (a fresh dict each call)."""
    data: dict[str, Any] = json.loads(sample_text(name))
    return data
