"""Sample scenes shipped with footfall (``footfall/scenes/*.json``)."""

from __future__ import annotations

from importlib import resources

from footfall.errors import unknown
from footfall.scene.files import parse_scene_text
from footfall.scene.model import Scene

__all__ = ["list_samples", "load_sample"]


def list_samples() -> list[str]:
    """Return the names of the sample scenes shipped with footfall, sorted."""
    folder = resources.files("footfall") / "scenes"
    return sorted(
        entry.name[: -len(".json")] for entry in folder.iterdir() if entry.name.endswith(".json")
    )


def load_sample(name: str) -> Scene:
    """Return the shipped sample scene `name` (``.json`` optional); unknown -> `InputError`."""
    stem = name[: -len(".json")] if name.endswith(".json") else name
    names = list_samples()
    if stem not in names:
        raise unknown("sample scene", name, names)
    text = (resources.files("footfall") / "scenes" / f"{stem}.json").read_text(encoding="utf-8")
    return parse_scene_text(text)
