"""Sample scenes shipped in footfall/scenes: they load, validate and show what they promise."""

from __future__ import annotations

from importlib import resources

import pytest

from footfall.errors import InputError
from footfall.rules import load_system
from footfall.scene import (
    Flag,
    Scene,
    creature,
    footprint,
    list_samples,
    load_sample,
    occupied_squares,
    scene_json_text,
    size_table,
)
from footfall.scene.layers import flag_mask
from footfall.scene.walls import thin_wall_exits

SAMPLES = list_samples()


def flags_used(scene: Scene) -> set[Flag]:
    """Return every flag some square of `scene` carries."""
    return {flag for row in scene.rows for char in set(row) for flag in scene.legend[char].flags}


@pytest.mark.parametrize("name", SAMPLES)
def test_sample_is_canonical_json(name: str) -> None:
    """Each sample file is exactly what scene_json_text writes for it (round trip, canonical)."""
    text = (resources.files("footfall") / "scenes" / f"{name}.json").read_text(encoding="utf-8")
    assert scene_json_text(load_sample(name)) == text


def test_one_sample_per_system_at_least() -> None:
    """Every system has a sample scene."""
    assert {load_sample(name).system for name in SAMPLES} == {"pf1e", "dnd35", "dh2e", "drawsteel"}


def test_unknown_sample_lists_the_names() -> None:
    """An unknown sample name raises InputError listing the shipped names."""
    with pytest.raises(InputError, match=r"unknown sample scene 'nope' \(known: dh2e-hive"):
        load_sample("nope")


def test_sample_name_may_carry_json_extension() -> None:
    """load_sample accepts "name.json" as well as "name"."""
    assert load_sample("pf1e-ogre-bridge.json") == load_sample("pf1e-ogre-bridge")


def test_pf1e_ogre_bridge_shows_the_rules() -> None:
    """The default page scene: a large ogre beside difficult terrain, walls, door, pit, fog."""
    scene = load_sample("pf1e-ogre-bridge")
    ogre = creature(scene, "ogre")
    assert ogre.size == "large" and footprint(scene, ogre) == 2
    difficult = flag_mask(scene, Flag.DIFFICULT)
    beside = {
        (x + dx, y + dy)
        for x, y in occupied_squares(ogre, 2)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
    }
    assert any(difficult[y, x] for x, y in beside if 0 <= x < scene.width and 0 <= y < scene.height)
    assert {Flag.WALL, Flag.DIFFICULT, Flag.OBSTACLE, Flag.PIT, Flag.POOR_VISIBILITY} <= flags_used(
        scene
    )
    used = set("".join(scene.rows))
    assert any(len(scene.legend[char].flags) > 1 for char in used), "factors multiplying"
    doors = {wall.door for wall in scene.walls}
    assert {"open", "closed"} <= doors
    assert any(w.start[0] != w.end[0] and w.start[1] != w.end[1] for w in scene.walls), "slanted"
    assert thin_wall_exits(scene).any()
    assert any(c.helpless for c in scene.creatures)
    assert {c.side for c in scene.creatures} == {"party", "foes"}


def test_dnd35_canyon_has_squeezes_and_flyers() -> None:
    """dnd35 sample: a corridor with width_ft for squeezing and a flyer with maneuverability."""
    scene = load_sample("dnd35-canyon-squeeze")
    assert any(e.width_ft is not None for e in scene.legend.values())
    flyers = [c for c in scene.creatures if c.fly is not None]
    assert flyers and all(c.fly and c.fly.maneuverability for c in flyers)
    troll = creature(scene, "troll")
    assert footprint(scene, troll) == 2
    assert any(footprint(scene, c) == 3 and c.helpless for c in scene.creatures), "huge helpless"


def test_drawsteel_hall_has_hazards_and_sizes() -> None:
    """drawsteel sample: hazardous terrain and creatures of at least five sizes."""
    scene = load_sample("drawsteel-burning-hall")
    assert flag_mask(scene, Flag.HAZARDOUS).any() and flag_mask(scene, Flag.DIFFICULT).any()
    assert len({c.size for c in scene.creatures}) >= 5


def test_dh2e_underpass_uses_the_terrain_table() -> None:
    """dh2e sample: 1-m squares with seed 001 terrain names (mud, rubble) and Agility Bonuses."""
    scene = load_sample("dh2e-hive-underpass")
    terrains = {e.terrain for e in scene.legend.values() if e.terrain}
    assert {"mud", "rubble"} <= terrains
    heresy = load_system("dh2e").heresy
    assert heresy is not None and terrains <= {t.id for t in heresy.terrains}
    assert scene.square is None, "the default square of dh2e, 1 m"
    assert all(c.agility_bonus is not None and c.speed is None for c in scene.creatures)


@pytest.mark.parametrize("system", ["pf1e", "dnd35", "drawsteel"])
def test_size_table_is_the_system_data(system: str) -> None:
    """size_table reads the footprints from the system data file (seed 004 / seed 002)."""
    rules = load_system(system)
    table = rules.steel.sizes if rules.steel is not None else rules.tactical.sizes  # type: ignore[union-attr]
    assert size_table(system) == {rule.size.value: rule.footprint for rule in table}


def test_size_footprints_as_printed() -> None:
    """pf1e colossal fills 6x6, drawsteel size 5 fills 5x5, 1L fills 1 (SCENE.md)."""
    assert size_table("pf1e")["colossal"] == 6 and size_table("pf1e")["large"] == 2
    assert size_table("drawsteel")["5"] == 5 and size_table("drawsteel")["1L"] == 1
    assert size_table("dh2e") == size_table("pf1e")
