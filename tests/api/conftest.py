"""The API tests' client: the server's limits, its wall-time budget lifted.

The budget (`Limits.query_seconds`, 20 s) bounds a query's time on a loaded machine; on this
one, shared by many test runs (load average near 20 on 2 cores), a flight search of one
second took longer, and a test pinning a work limit or the CLI's answer got the budget's 503
instead. The budget has its own tests (tests/api/test_server.py).
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from footfall.api import Limits, create_app


@pytest.fixture(scope="module")
def client() -> TestClient:
    """A client on an app with the server's limits but a 600 s budget; 500s come back."""
    return TestClient(
        create_app(limits=Limits.server(query_seconds=600)), raise_server_exceptions=False
    )
