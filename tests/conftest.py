"""Fixtures and settings every test folder shares: the Hypothesis profiles and the API client.

Plain helpers (scene builders, map exports, the CLI runner, strategies) live in the package
``tests/helpers``; README.md beside this file draws the layout.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest
from fastapi.testclient import TestClient
from hypothesis import settings

from footfall.api import create_app

# "dev": Hypothesis' defaults (a new random seed each run, failures kept in .hypothesis/).
# "ci": the same examples every run (derandomized), no shared database, and the blob that
# reproduces a failure printed, since a CI machine keeps nothing between runs. Each test's own
# @settings (max_examples, deadline) still wins over the profile.
settings.register_profile("dev")
settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

# Encounters (footfall.turns) made by an app without a store of its own go to a throwaway
# database, never to the user's data folder (the variable `footfall serve --database` sets).
_ENCOUNTERS = tempfile.mkdtemp(prefix="footfall-test-encounters-")
atexit.register(shutil.rmtree, _ENCOUNTERS, True)
os.environ["FOOTFALL_DATABASE"] = os.path.join(_ENCOUNTERS, "encounters.sqlite3")


@pytest.fixture(scope="module")
def client() -> TestClient:
    """A client on a default app (default limits); server errors come back as 500 responses."""
    return TestClient(create_app(), raise_server_exceptions=False)
