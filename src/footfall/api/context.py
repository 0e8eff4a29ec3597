"""What every endpoint needs besides its request: the limits, the named scenes, the cache.

`create_app` builds one `Context` and keeps it in ``app.state``; an endpoint asks for it as a
FastAPI dependency (``ctx: Ctx``), so endpoints are plain module-level functions and a test
or another server can build a `Context` of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends, Request

from footfall.api.bounds import check_scene_limits
from footfall.api.samples import SceneCatalog
from footfall.api.scene_cache import SceneCache
from footfall.limits import Limits

if TYPE_CHECKING:  # the scene package loads on the first request (start-up time)
    from footfall.scene import Scene

__all__ = ["Context", "Ctx", "context"]


@dataclass(frozen=True, slots=True)
class Context:
    """One server's `limits`, named scenes (`catalog`), parsed-scene `cache` and page defaults.

    `default_scene` names the scene the page opens first, `default_mover` the creature it
    selects there (``footfall serve``'s choice; None: the page's own).
    """

    limits: Limits
    catalog: SceneCatalog
    cache: SceneCache
    default_scene: str | None = None
    default_mover: str | None = None

    @classmethod
    def build(
        cls,
        limits: Limits,
        scenes: Mapping[str, Mapping[str, Any]] | None = None,
        default_scene: str | None = None,
        default_mover: str | None = None,
    ) -> Context:
        """Return the context of a server held to `limits`, offering `scenes` beside the samples.

        >>> Context.build(Limits(scene_cache=2)).cache.size
        2
        """
        return cls(
            limits, SceneCatalog(scenes), SceneCache(limits.scene_cache, limits), default_scene,
            default_mover,
        )  # fmt: skip

    def parse(self, data: Mapping[str, Any]) -> Scene:
        """Return the scene of a request's JSON `data`: refused over the limits, else cached."""
        check_scene_limits(data, self.limits)
        return self.cache.get(data)


async def context(request: Request) -> Context:
    """Return the `Context` of the app answering `request` (a FastAPI dependency).

    Asynchronous, so that FastAPI resolves it on the event loop, without a thread hop.
    """
    ctx: Context = request.app.state.footfall
    return ctx


#: An endpoint's parameter that receives the server's `Context`.
Ctx = Annotated[Context, Depends(context)]
