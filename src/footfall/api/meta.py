"""``/api/health``, ``/api/limits``, ``/api/meta``: the server, its limits, and the systems.

``/api/meta`` is what the page builds its menus from (docs/page.md): each system's actions,
sizes, switches and units, the default legend, the limits and the scene to open first.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter

from footfall import __version__
from footfall.api.context import Context, Ctx
from footfall.api.schema import LangQuery, lang
from footfall.api.work import answer
from footfall.i18n import Lang
from footfall.limits import SERVER_FIELDS, Limits

if TYPE_CHECKING:  # the rules load on the first request, not at start-up
    from footfall.rules import Family, System

__all__ = ["PAGE_DEFAULTS", "PageDefaults", "published_limits", "router"]

router = APIRouter(tags=["general"])


@dataclass(frozen=True, slots=True)
class PageDefaults:
    """What the page offers for a system of one rule family: a presentation choice, not a rule.

    `band_actions` are the actions whose reach the page shades as cost bands, "one move, two,
    a run" (docs/page.md; none: one movement a turn, no bands); `size` and `speed` those of a
    creature the page adds (None: the system's data gives the speed).
    """

    band_actions: tuple[str, ...]
    size: str
    speed: int | None


#: The page's defaults by rule family. They are the page's way of showing the rules (a medium
#: human walking 30 ft, a Draw Steel hero), not rules of a seed, so they are kept here, in one
#: table, rather than in the systems' data files; each family's actions are its data's
#: (tests/api/test_meta.py checks that every band action is an action of its systems).
#: Made on first use (`__getattr__`): the rules package loads on the first request.
if TYPE_CHECKING:
    PAGE_DEFAULTS: Mapping[Family, PageDefaults]


@cache
def _page_defaults() -> Mapping[Family, PageDefaults]:
    """Return `PAGE_DEFAULTS`, made the first time it is asked for."""
    from footfall.rules import Family, Size, SteelSize

    return MappingProxyType(
        {
            Family.D20: PageDefaults(("move", "double-move", "run"), Size.MEDIUM.value, 30),
            Family.HERESY: PageDefaults(("half-move", "full-move", "run"), Size.MEDIUM.value, 0),
            Family.STEEL: PageDefaults((), SteelSize.M1.value, None),
        }
    )


def __getattr__(name: str) -> Any:
    """Give `PAGE_DEFAULTS` when asked for, not at start-up (PEP 562)."""
    if name == "PAGE_DEFAULTS":
        return _page_defaults()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def published_limits(limits: Limits) -> dict[str, int]:
    """Return the bounds a server holds a request to, as ``GET /api/limits`` lists them.

    >>> published_limits(Limits.server())["walls"]
    5000
    """
    return {name: getattr(limits, name) for name in SERVER_FIELDS}


def _number(value: Fraction) -> int | str:
    """Write an exact number for JSON: an int when whole, else ``"p/q"``.

    >>> _number(Fraction(5)), _number(Fraction(3, 2))
    (5, '3/2')
    """
    return int(value) if value.denominator == 1 else str(value)


def _tiny_sizes(system: System) -> list[str]:
    """Return the sizes that enter occupied squares (tiny and smaller), smallest first.

    A switch ``when = "tiny-creature"`` changes answers only in a scene with one of them.

    >>> from footfall.rules import load_system
    >>> _tiny_sizes(load_system("pf1e")), _tiny_sizes(load_system("drawsteel"))
    (['fine', 'diminutive', 'tiny'], [])
    """
    from footfall.rules import Size  # on the first request, not at start-up

    if system.tactical is None:
        return []
    tiny = system.tactical.size(Size.TINY).order
    return [s.size.value for s in system.tactical.sizes if s.order <= tiny]


def _system_entry(system: System, language: Lang) -> dict[str, Any]:
    """Describe one system for the page: names, units, sizes, actions and switches."""
    from footfall.scene import size_table  # on the first request, not at start-up
    from footfall.scene.vocabulary import maneuverabilities

    page = _page_defaults()[system.family]
    speed = page.speed
    if system.steel is not None:
        speed = system.steel.default_speed
    return {
        "id": system.id,
        "name": system.names.get(language),
        "unit": system.unit.value,
        "square": _number(system.square),
        "speed_field": "agility_bonus" if system.heresy is not None else "speed",
        "default_size": page.size,
        "default_speed": speed,
        "sizes": size_table(system.id),
        "maneuverability": list(maneuverabilities(system.id)),
        "terrains": {}
        if system.heresy is None
        else {t.id: t.names.get(language) for t in system.heresy.terrains},
        "actions": [
            {
                "id": a.id.value,
                "label": a.names.get(language),
                "distance": a.given,
                "switches": list(a.switches),
            }
            for a in system.actions
        ],
        "tiny_sizes": _tiny_sizes(system),
        "default_action": system.default_action.value,
        "band_actions": list(page.band_actions),
        "interpretations": [
            {
                "name": i.id,
                "default": i.default,
                "choices": list(i.choice_ids),
                "description": "; ".join(f"{c.id}: {c.doc}" for c in i.choices),
                "source": str(i.source),
                "topic": i.topic.value,
                "when": None if i.when is None else i.when.value,
            }
            for i in system.interpretations
        ],
    }


def meta_answer(language: str, ctx: Context) -> dict[str, Any]:
    """Describe systems, the default legend and limits (the page builds its menus from it)."""
    from footfall.rules import SYSTEM_IDS, load_system
    from footfall.scene import DEFAULT_LEGEND

    chosen = lang(language)
    legend = {
        char: sorted(f.value for f in entry.flags) + (["impassable"] if entry.impassable else [])
        for char, entry in DEFAULT_LEGEND.items()
    }
    return {
        "version": __version__,
        "lang": chosen,
        "limits": published_limits(ctx.limits),
        "default_scene": ctx.default_scene,
        "default_mover": ctx.default_mover,
        "legend": legend,
        "systems": [_system_entry(load_system(s), chosen) for s in SYSTEM_IDS],
    }


@router.get("/api/health")
async def health() -> Any:
    """Say the server is up, with footfall's version (on the event loop: no thread to wait for)."""
    return {"ok": True, "version": __version__}


@router.get("/api/limits")
def limits_(ctx: Ctx) -> Any:
    """List the limits every request is held to."""
    return published_limits(ctx.limits)


@router.get("/api/meta")
async def meta(ctx: Ctx, lang: LangQuery = "en") -> Any:
    """Describe the systems (actions, sizes, switches), the default legend and limits.

    The page builds its menus from this; programs may too.
    """
    return await answer(meta_answer, lang, ctx)
