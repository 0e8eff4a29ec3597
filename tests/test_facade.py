"""`import footfall`: the curated public surface, pinned; cheap to import; no name shadows."""

from __future__ import annotations

import subprocess
import sys

import footfall

#: The facade, name by name (issue 11, item 7): adding or removing one is a decision.
PUBLIC = [
    "LIMITS", "SYSTEM_IDS", "Creature", "FootfallError", "InputError", "Leg", "LimitError",
    "Limits", "Member", "RuleDataError", "Scene", "SceneError", "System", "Traveller",
    "__version__", "chase_odds", "check_flight", "check_path", "exertion_odds",
    "find_flight_path", "find_path", "find_route", "flight_reach", "flight_request",
    "import_map", "list_samples", "load_map", "load_sample", "load_scene", "load_system",
    "movement_rates", "parse_leg", "parse_scene", "parse_system", "plan_journey", "reachable",
    "render_png", "scene_to_json", "stall",
    # encounters (issue 13): `move` and `undo` are `make_move` and `undo_move` here
    "Encounter", "EncounterStore", "encounter_to_json", "end_turn", "make_move",
    "new_encounter", "undo_move",
]  # fmt: skip


def test_all_is_pinned() -> None:
    """`footfall.__all__` is exactly the curated list."""
    assert sorted(footfall.__all__) == sorted(PUBLIC)


def test_every_name_resolves_to_its_module_object() -> None:
    """Each facade name is the object its home module defines (not a copy, not a module)."""
    import footfall.flight
    import footfall.scene
    import footfall.tactical

    assert footfall.reachable is footfall.tactical.reachable
    assert footfall.load_sample is footfall.scene.load_sample
    assert footfall.check_flight is footfall.flight.check
    for name in PUBLIC:
        value = getattr(footfall, name)
        assert not isinstance(value, type(sys)), name  # a function, never a module


def test_names_survive_importing_their_modules() -> None:
    """Importing a submodule (as the CLI does) never replaces a facade name with a module."""
    code = (
        "import footfall.rates, footfall.chase, footfall.render, footfall\n"
        "assert callable(footfall.movement_rates) and callable(footfall.chase_odds)\n"
        "assert callable(footfall.render_png)\n"
        "print(footfall.movement_rates('pf1e', speed=30).to_json()['tactical']['run'])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "120"  # x4 running in light armor, seed 000


def test_import_is_cheap() -> None:
    """`import footfall` loads no engine: numpy, numba, fastapi and PIL wait until used."""
    code = (
        "import sys, footfall\n"
        "print(sorted(m for m in ('numpy', 'numba', 'fastapi', 'PIL') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_unknown_name_is_an_attribute_error() -> None:
    """A name the facade does not have raises AttributeError naming it."""
    try:
        footfall.no_such_thing  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as error:
        assert "no_such_thing" in str(error)
    else:
        raise AssertionError("footfall.no_such_thing resolved")
