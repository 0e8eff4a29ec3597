"""``GET /api/rates/{system}?base_speed=``: the speed before armor and load, as the CLI's
``footfall rates --base-speed`` (PF Core Rulebook Table 6-6 / 3.5 PHB Table 7-6: a 30-ft
creature in heavy armor moves 20 ft, a 20-ft one 15 ft)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient


@pytest.mark.parametrize(
    ("system", "base", "armor", "speed"),
    [("pf1e", 30, "heavy", 20), ("pf1e", 20, "medium", 15), ("dnd35", 30, "none", 30)],
)
def test_base_speed_is_slowed_by_armor(
    client: TestClient, system: str, base: int, armor: str, speed: int
) -> None:
    """The answer's speed and walk are the armored speed of the official table."""
    r = client.get(f"/api/rates/{system}", params={"base_speed": base, "armor": armor})
    assert r.status_code == 200, r.text
    assert r.json()["speed"] == speed and r.json()["tactical"]["walk"] == speed


def test_base_speed_and_speed_together_is_one_line_400(client: TestClient) -> None:
    """Both speeds at once: 400, one line naming both query parameters."""
    r = client.get("/api/rates/pf1e", params={"base_speed": 30, "speed": 20})
    assert r.status_code == 400
    assert "'speed'" in r.json()["error"] and "'base_speed'" in r.json()["error"]
