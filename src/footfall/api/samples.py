"""The scenes a server can name: the samples shipped in ``footfall/scenes/``, and its own."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import Any

from footfall.api.errors import NotFound
from footfall.errors import Noun, Param

__all__ = ["SceneCatalog", "sample_scenes"]


@lru_cache(maxsize=1)
def _sample_texts() -> dict[str, str]:
    """Return the JSON text of each sample scene shipped in ``footfall/scenes/``, by name."""
    folder = resources.files("footfall") / "scenes"
    texts = {
        e.name[: -len(".json")]: e.read_text(encoding="utf-8")
        for e in folder.iterdir()
        if e.name.endswith(".json")
    }
    return dict(sorted(texts.items()))


def sample_scenes() -> dict[str, dict[str, Any]]:
    """Return the sample scenes shipped with footfall, name -> SCENE.md JSON (a fresh copy).

    >>> "pf1e-ogre-bridge" in sample_scenes()
    True
    """
    return {name: json.loads(text) for name, text in _sample_texts().items()}


class SceneCatalog:
    """The named scenes of one server: the shipped samples and the scenes it was given.

    `extra` holds already validated SCENE.md JSON (``footfall serve --scene FILE``); a name
    that is neither raises `NotFound` (404) listing the names.
    """

    def __init__(self, extra: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        self.extra: dict[str, dict[str, Any]] = {k: dict(v) for k, v in (extra or {}).items()}

    def names(self) -> list[str]:
        """Return every scene name, sorted."""
        return sorted({*_sample_texts(), *self.extra})

    def get(self, name: str) -> dict[str, Any]:
        """Return the scene called `name` as SCENE.md JSON.

        >>> SceneCatalog().get("nope")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        footfall.api.errors.NotFound: unknown scene 'nope' (known: dh2e-hive-underpass, ...)
        """
        if name in self.extra:
            return self.extra[name]
        text = _sample_texts().get(name)
        if text is None:
            raise NotFound(
                "error.unknown",
                what=Noun("scene"),
                value=name,
                valid=tuple(self.names()),
                param=Param("name"),
            )
        data: dict[str, Any] = json.loads(text)
        return data
