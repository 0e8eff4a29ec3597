"""The API's error contract, asserted: one JSON line of `status`, never a traceback."""

from __future__ import annotations

from typing import Any


def error_line(response: Any, status: int) -> str:
    """Assert `response` is a JSON error of `status` with one line, and return the line."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert next(iter(body)) == "error" and set(body) <= {"error", "code", "field"}, body
    message: str = body["error"]
    assert message and "\n" not in message and "Traceback" not in message
    return message
