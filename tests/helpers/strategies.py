"""Hypothesis strategies that mirror the data model: each vocabulary is read from footfall.

Systems, actions, sizes and their spaces, interpretation switches and their choices, terrain
rows and roads come from the systems' data files (`footfall.rules.load_system`,
`footfall.scene.vocabulary`); armor, load, doors, flight classes, route grids and diagonals
from the enums of the model. A system, action or switch added to a data file is drawn by every
property test without touching this module.
"""

from __future__ import annotations

from collections.abc import Iterable

from hypothesis import strategies as st

from footfall.route import Diagonal, Grid
from footfall.rules import SYSTEM_IDS, Armor, Load, Maneuverability, load_system
from footfall.scene import DEFAULT_LEGEND, Door
from footfall.scene.vocabulary import vocabulary


def systems(family_of: Iterable[str] = SYSTEM_IDS) -> st.SearchStrategy[str]:
    """Draw a shipped system id (of `family_of`, a subset of `footfall.rules.SYSTEM_IDS`)."""
    return st.sampled_from(tuple(family_of))


def action_ids(system: str) -> tuple[str, ...]:
    """Return the ids of `system`'s movement actions, in its data file's order."""
    return tuple(action.id.value for action in load_system(system).actions)


def actions(system: str) -> st.SearchStrategy[str]:
    """Draw one of `system`'s movement actions."""
    return st.sampled_from(action_ids(system))


def size_names(system: str, *, max_space: int | None = None) -> tuple[str, ...]:
    """Return `system`'s size names, smallest first; with `max_space`, those whose space is at
    most `max_space` squares on a side (small maps keep room to move)."""
    sizes = vocabulary(system).sizes
    return tuple(name for name, side in sizes.items() if max_space is None or side <= max_space)


def sizes(system: str, *, max_space: int | None = None) -> st.SearchStrategy[str]:
    """Draw one of `system`'s sizes (see `size_names`)."""
    return st.sampled_from(size_names(system, max_space=max_space))


def space(system: str, size: str) -> int:
    """Return the side, in squares, of the space of a creature of `size` in `system`."""
    return vocabulary(system).sizes[size]


def switch_choices(system: str, names: Iterable[str] | None = None) -> dict[str, tuple[str, ...]]:
    """Return `system`'s interpretation switches (only `names`, if given) and their choices."""
    wanted = None if names is None else set(names)
    return {
        rule.id: rule.choice_ids
        for rule in load_system(system).interpretations
        if wanted is None or rule.id in wanted
    }


def switches(system: str, names: Iterable[str] | None = None) -> st.SearchStrategy[dict[str, str]]:
    """Draw one choice of each of `system`'s interpretation switches (see `switch_choices`)."""
    return st.fixed_dictionaries(
        {name: st.sampled_from(choices) for name, choices in switch_choices(system, names).items()}
    )


def one_switch_changed(
    system: str, names: Iterable[str] | None = None
) -> st.SearchStrategy[dict[str, str]]:
    """Draw one of `system`'s switches (of `names`) set to a choice other than its default."""
    wanted = None if names is None else set(names)
    changed = [
        {rule.id: choice}
        for rule in load_system(system).interpretations
        if wanted is None or rule.id in wanted
        for choice in rule.choice_ids
        if choice != rule.default
    ]
    return st.sampled_from(changed)


def maneuverabilities(system: str) -> st.SearchStrategy[str]:
    """Draw a flight maneuverability class a creature of `system` may name."""
    return st.sampled_from(tuple(vocabulary(system).maneuverabilities))


def flight_classes(system: str) -> st.SearchStrategy[Maneuverability]:
    """Draw a row of `system`'s maneuverability table (seed 004's 表:机动性 for dnd35)."""
    return st.sampled_from(tuple(vocabulary(system).maneuverabilities.values()))


def armors() -> st.SearchStrategy[Armor]:
    """Draw an armor class (`footfall.rules.Armor`)."""
    return st.sampled_from(list(Armor))


def loads() -> st.SearchStrategy[Load]:
    """Draw a load (`footfall.rules.Load`)."""
    return st.sampled_from(list(Load))


def doors() -> st.SearchStrategy[str]:
    """Draw a door state (`footfall.scene.Door`)."""
    return st.sampled_from([door.value for door in Door])


def legend_symbols() -> tuple[str, ...]:
    """Return the map characters the default legend defines (SCENE.md)."""
    return tuple(DEFAULT_LEGEND)


def travel_terrains(system: str) -> st.SearchStrategy[str]:
    """Draw a terrain of `system`'s overland table (its data file's ``travel.terrain`` rows)."""
    travel = load_system(system).travel
    assert travel is not None, f"{system} has no travel table"
    return st.sampled_from([row.terrain.value for row in travel.terrain])


def roads(system: str) -> st.SearchStrategy[str]:
    """Draw a road kind of `system`'s overland table (its data file's ``travel.roads`` rows)."""
    travel = load_system(system).travel
    assert travel is not None, f"{system} has no travel table"
    return st.sampled_from([row.road.value for row in travel.roads])


def route_grids() -> st.SearchStrategy[str]:
    """Draw an overland map's grid (`footfall.route.Grid`)."""
    return st.sampled_from([grid.value for grid in Grid])


def route_diagonals() -> st.SearchStrategy[str]:
    """Draw an overland map's diagonal rule (`footfall.route.Diagonal`)."""
    return st.sampled_from([diagonal.value for diagonal in Diagonal])


def conditions(system: str) -> st.SearchStrategy[list[str]]:
    """Draw up to two of `system`'s conditions (its data file's ``[conditions]``; issue 12)."""
    known = vocabulary(system).conditions
    if not known:
        return st.just([])
    return st.lists(st.sampled_from(known), max_size=2, unique=True)


@st.composite
def mover_state(draw: st.DrawFn, system: str, speed: int | None) -> dict[str, object]:
    """Draw a mover's ``conditions`` and, for a speed, maybe ``base_speed`` and ``armor``
    instead of it (the system's armor and load table slows it)."""
    out: dict[str, object] = {}
    found = draw(conditions(system))
    if found:
        out["conditions"] = found
    if speed is not None and draw(st.booleans()):
        out["speed"] = None
        out["base_speed"] = speed
        out["armor"] = draw(armors()).value
    return out
