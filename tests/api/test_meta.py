"""``/api/meta``'s page defaults: kept by rule family, every band action one of the system's."""

from __future__ import annotations

from fastapi.testclient import TestClient

from footfall.api import create_app
from footfall.api.meta import PAGE_DEFAULTS
from footfall.rules import SYSTEM_IDS, Family, load_system


def test_every_family_has_page_defaults() -> None:
    """Each rule family has the page's defaults (a new family needs its row)."""
    assert set(PAGE_DEFAULTS) == set(Family)


def test_band_actions_are_actions_of_each_system() -> None:
    """The actions the page shades as cost bands exist in every system of the family."""
    for system_id in SYSTEM_IDS:
        system = load_system(system_id)
        actions = {a.id.value for a in system.actions}
        assert set(PAGE_DEFAULTS[system.family].band_actions) <= actions, system_id


def test_meta_lists_each_systems_band_actions() -> None:
    """The meta answer gives each system its family's band actions and new-creature size."""
    systems = TestClient(create_app()).get("/api/meta").json()["systems"]
    for entry in systems:
        page = PAGE_DEFAULTS[load_system(entry["id"]).family]
        assert entry["band_actions"] == list(page.band_actions)
        assert entry["default_size"] == page.size
