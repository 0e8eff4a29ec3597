"""Draw Steel forced movement (footfall.tactical.forced), each rule from a small scene.

Sources: Draw Steel Heroes, "Forced Movement" (push, pull, slide; vertical; slamming into
creatures and objects; hurling through objects; falling) and seed 002 «Движение» (forced into
the space of a creature within 1 size: a bane, at the Director's discretion).
"""

from __future__ import annotations

from typing import Any

import pytest

from footfall.errors import InputError
from footfall.tactical.forced import Hit, forced_move, straight_lines
from helpers.tactical_scenes import make, mob


def ds(cid: str, x: int, y: int, **fields: Any) -> dict[str, Any]:
    """Return a Draw Steel creature: size 1M, speed 5 (seed 002)."""
    fields.setdefault("size", "1M")
    fields.setdefault("speed", 5)
    return mob(cid, x, y, **fields)


def duel(rows: list[str], *more: dict[str, Any], **scene: Any) -> Any:
    """A hero at (0, 0) and an orc at (1, 0) on `rows`, with `more` creatures."""
    return make("drawsteel", rows, ds("hero", 0, 0), ds("orc", 1, 0, side="foes"), *more, **scene)


def test_push_into_a_wall_deals_two_plus_one_per_square_left() -> None:
    """Push 4 into a wall 2 squares on: it stops, 2 + 2 damage (Heroes, Slamming Into Objects)."""
    s = duel(["....#"])
    out = forced_move(s, "orc", "push", 4, source="hero", path=[(2, 0), (3, 0), (4, 0)])
    o = out.outcomes[0]
    assert o.end[:2] == (3, 0) and o.moved == 2
    assert o.collision is not None and o.collision.hit is Hit.OBJECT
    assert (o.collision.remaining, o.collision.damage, o.damage) == (2, 4, 4)


def test_push_beside_a_wall_takes_the_whole_push_as_damage() -> None:
    """A target beside a wall pushed 2 into it takes 2 + 2 = 4 (Heroes: wood needs 3 squares)."""
    s = duel(["..#"])
    o = forced_move(s, "orc", "push", 2, source="hero", path=[(2, 0)], walls="wood").outcomes[0]
    assert o.moved == 0 and o.damage == 4 and o.collision is not None
    assert o.collision.material == "wood"


def test_hurled_through_glass_goes_on() -> None:
    """Glass breaks for 1 square and 3 damage; the push goes on (Hurling Through Objects)."""
    s = duel(["..#..."])
    o = forced_move(s, "orc", "push", 4, source="hero", walls="glass",
                    path=[(2, 0), (3, 0), (4, 0)]).outcomes[0]  # fmt: skip
    assert o.collision is None and [h.material for h in o.hurled] == ["glass"]
    assert o.end[:2] == (4, 0) and o.moved == 4 and o.damage == 3


def test_stone_wall_breaks_only_with_six_squares_left() -> None:
    """Stone costs 6 squares: push 6 beside a stone wall breaks it (8 damage), push 5 slams."""
    s = duel(["..#."])
    broke = forced_move(s, "orc", "push", 6, source="hero", path=[(2, 0)]).outcomes[0]
    assert broke.collision is None and broke.damage == 8 and broke.moved == 6
    slam = forced_move(s, "orc", "push", 5, source="hero", path=[(2, 0)]).outcomes[0]
    assert slam.collision is not None and slam.damage == 2 + 5


def test_slam_into_a_creature_hurts_both() -> None:
    """Into a creature: both take 1 per square left (Heroes, Slamming into Creatures)."""
    s = duel(["......"], ds("gob", 3, 0, side="foes"))
    o = forced_move(s, "orc", "push", 3, source="hero", path=[(2, 0), (3, 0), (4, 0)]).outcomes[0]
    assert o.end[:2] == (2, 0)
    assert o.collision is not None and o.collision.creature == "gob"
    assert (o.collision.damage, o.collision.other_damage) == (2, 2)


def test_pull_into_yourself_is_a_collision() -> None:
    """A pull may drive the target into the puller: both take the squares left (Heroes)."""
    s = make("drawsteel", ["......"], ds("hero", 0, 0), ds("orc", 3, 0, side="foes"))
    o = forced_move(s, "orc", "pull", 4, source="hero", path=[(2, 0), (1, 0), (0, 0)]).outcomes[0]
    assert o.end[:2] == (1, 0) and o.collision is not None and o.collision.creature == "hero"
    assert o.collision.damage == o.collision.other_damage == 2


def test_push_must_go_farther_and_straight() -> None:
    """Each pushed square is farther from the source, on a straight line (Heroes)."""
    s = duel(["....", "....", "...."])
    sideways = forced_move(s, "orc", "push", 2, source="hero", path=[(1, 1)]).outcomes[0]
    assert sideways.violations == (("forced-not-farther", 1),)
    bent = forced_move(s, "orc", "push", 2, source="hero", path=[(2, 1), (3, 1)]).outcomes[0]
    assert not bent.violations  # (1,0) -> (3,1): the line through (2,1) (rounded up) is straight
    zigzag = forced_move(s, "orc", "push", 3, source="hero", path=[(2, 1), (3, 0)]).outcomes[0]
    assert zigzag.violations == (("forced-not-straight", 1),)


def test_pull_must_come_closer() -> None:
    """Each pulled square is closer to the source (Heroes)."""
    s = make("drawsteel", ["......"], ds("hero", 0, 0), ds("orc", 3, 0, side="foes"))
    o = forced_move(s, "orc", "pull", 2, source="hero", path=[(4, 0)]).outcomes[0]
    assert o.violations == (("forced-not-closer", 1),)


def test_listed_pushes_end_within_n_and_farther() -> None:
    """Listing a push 2: each end at most 2 squares on, farther from the source (Heroes)."""
    s = duel(["......"] * 5)
    out = forced_move(s, "orc", "push", 2, source="hero")
    ends = {o.end[:2] for o in out.outcomes}
    assert (3, 0) in ends and (3, 2) in ends and (2, 1) in ends
    assert (1, 1) not in ends and (0, 1) not in ends  # not farther from the hero at (0, 0)


def test_slide_goes_around_a_wall() -> None:
    """A slide needs no straight line: it reaches behind a wall (Heroes, Slide)."""
    s = make("drawsteel", [".#.", "...", "..."], ds("orc", 0, 0, side="foes"))
    out = forced_move(s, "orc", "slide", 4)
    free = {o.end[:2]: o.moved for o in out.outcomes if o.collision is None}
    assert free[(2, 0)] == 4  # (0,1) (1,1) (2,1) (2,0): no corner cutting past the wall


def test_difficult_terrain_is_ignored() -> None:
    """Forced movement ignores difficult terrain: 3 squares of rubble take a push 3 (Heroes)."""
    s = duel([".^^^."])
    o = forced_move(s, "orc", "push", 3, source="hero", path=[(2, 0), (3, 0), (4, 0)]).outcomes[0]
    assert o.end[:2] == (4, 0) and o.damage == 0


def test_hazardous_squares_are_reported() -> None:
    """A target forced into damaging terrain is affected as if it moved there (Heroes)."""
    s = duel(["..!."])
    o = forced_move(s, "orc", "push", 2, source="hero", path=[(2, 0), (3, 0)]).outcomes[0]
    assert o.hazardous == ((2, 0),)


def test_stability_and_big_versus_little() -> None:
    """Stability takes squares off; a larger source with a melee weapon adds 1 (Heroes)."""
    s = make("drawsteel", [".......", "......."], ds("ogre", 0, 0, size="2"),
             ds("imp", 2, 0, side="foes", size="1S"))  # fmt: skip
    out = forced_move(s, "imp", "push", 3, source="ogre", stability=1, melee_weapon=True)
    assert (out.asked, out.bonus, out.distance) == (3, 1, 3)
    assert forced_move(s, "imp", "push", 1, source="ogre", stability=2).distance == 0


def test_vertical_push_up_then_falls() -> None:
    """A vertical push 3 up leaves the target 3 squares aloft: it falls, 2 per square (Heroes)."""
    s = duel(["......"])
    path = [(2, 0, 1), (3, 0, 2), (4, 0, 3)]
    o = forced_move(s, "orc", "push", 3, source="hero", vertical=True, path=path).outcomes[0]
    assert o.end == (4, 0, 3) and o.fall == 3 and o.fall_damage == 6
    nimble = forced_move(s, "orc", "push", 3, source="hero", vertical=True, path=path, agility=2)
    assert nimble.outcomes[0].fall_damage == 0  # 3 - 2 = 1 square: under 2, no damage


def test_vertical_needs_the_keyword() -> None:
    """Without "vertical", forced movement stays on the ground (Heroes, Vertical)."""
    s = duel(["......"])
    o = forced_move(s, "orc", "push", 3, source="hero", path=[(2, 0, 1)]).outcomes[0]
    assert ("forced-vertical", 1) in o.violations


def test_down_into_the_ground() -> None:
    """Moved down into the ground: 2 + squares left, and falling as if from the squares moved
    down with Agility 0 (Heroes, Slamming Into Objects)."""
    flyer = ds("orc", 1, 0, side="foes", alt=20, fly={"speed": 5, "maneuverability": "good"})
    s = make("drawsteel", ["......"], ds("hero", 0, 0), flyer)
    path = [(1, 0, 3), (1, 0, 2), (1, 0, 1), (1, 0, 0), (1, 0, -1)]
    # the orc flies: only its own descent counts; z 4 -> 0 is 4 squares down, 1 square left
    o = forced_move(s, "orc", "slide", 6, vertical=True, path=path).outcomes[0]
    assert o.collision is not None and o.collision.hit is Hit.GROUND
    assert o.collision.damage == 2 + 2 and o.fall == 4 and o.fall_damage == 8


def test_forced_share_allow_reports_a_bane() -> None:
    """Seed 002: the Director may let a creature be forced into the space of one within 1 size
    of its own; it then takes a bane (switch forced_share=allow)."""
    s = duel(["....."], ds("gob", 3, 0, side="foes", size="1S"))
    path = [(2, 0), (3, 0)]
    collide = forced_move(s, "orc", "push", 2, source="hero", path=path).outcomes[0]
    assert collide.collision is not None and collide.collision.creature == "gob"
    allow = forced_move(s, "orc", "push", 2, source="hero", path=path,
                        switches={"forced_share": "allow"}).outcomes[0]  # fmt: skip
    assert allow.collision is None and allow.shares == "gob" and allow.bane


def test_the_map_edge_stops_without_damage() -> None:
    """The map's edge stops a forced movement, no damage (docs/decisions.md)."""
    s = duel(["..."])
    o = forced_move(s, "orc", "push", 3, source="hero", path=[(2, 0), (3, 0)]).outcomes[0]
    assert o.end[:2] == (2, 0) and o.damage == 0
    assert o.collision is not None and o.collision.hit is Hit.EDGE


def test_closed_door_is_wood() -> None:
    """A closed door is wood unless the query says otherwise (docs/decisions.md)."""
    door = {"from": [2, 0], "to": [2, 1], "door": "closed"}
    s = duel(["....."], walls=[door])
    o = forced_move(s, "orc", "push", 5, source="hero", path=[(2, 0), (3, 0)]).outcomes[0]
    assert [h.material for h in o.hurled] == ["wood"] and o.end[:2] == (3, 0)


def test_refusals() -> None:
    """A push without a source, another system, an unknown kind: one-line errors."""
    s = duel(["...."])
    with pytest.raises(InputError, match="needs source"):
        forced_move(s, "orc", "push", 2)
    with pytest.raises(InputError, match="no forced movement"):
        forced_move(make("pf1e", ["...."], mob("a", 0, 0)), "a", "slide", 2)
    with pytest.raises(InputError, match="unknown"):
        forced_move(s, "orc", "shove", 2, source="hero")
    with pytest.raises(InputError, match="the target itself"):
        forced_move(s, "orc", "push", 2, source="orc")


def test_listing_too_much_work_is_refused_at_once() -> None:
    """A vertical push 30 on a 40x40 map would try millions of lines: one LimitError line."""
    from footfall.errors import LimitError

    s = make("drawsteel", ["." * 40] * 40, ds("hero", 19, 20), ds("orc", 20, 20, side="foes"))
    with pytest.raises(LimitError, match="fewer squares, or a path"):
        forced_move(s, "orc", "push", 30, source="hero", vertical=True)
    played = forced_move(s, "orc", "push", 30, source="hero", vertical=True, path=[(21, 20, 1)])
    assert played.outcomes[0].legal


def test_straight_lines_in_three_dimensions() -> None:
    """A vertical straight line keeps every axis within half a square of the exact line."""
    assert straight_lines((0, 0, 0), (3, 0, 3)) == [((1, 0, 1), (2, 0, 2), (3, 0, 3))]


def test_to_json_is_plain() -> None:
    """The answer's JSON names the kind, the distance and each outcome in plain values."""
    s = duel(["...#"])
    data = forced_move(s, "orc", "push", 3, source="hero").to_json()
    assert data["kind"] == "push" and data["distance"] == 3 and data["source"] == "hero"
    hits = [o["collision"] for o in data["outcomes"] if o["collision"]]
    assert {"hit": "object", "material": "stone"}.items() <= hits[0].items()


def test_a_restrained_target_is_not_force_moved() -> None:
    """Restrained: "can't be force moved" (Draw Steel Heroes, Conditions): a push 3 of a
    restrained orc leaves it where it stands, and the answer names the condition."""
    free = duel(["......"])
    held = make("drawsteel", ["......"], ds("hero", 0, 0),
                ds("orc", 1, 0, side="foes", conditions=["restrained"]))  # fmt: skip
    pushed = forced_move(free, "orc", "push", 3, source="hero")
    assert pushed.held is None and max(o.moved for o in pushed.outcomes) == 3
    stays = forced_move(held, "orc", "push", 3, source="hero")
    assert stays.held == "restrained" and stays.distance == 0
    assert {(o.end[:2], o.moved) for o in stays.outcomes} == {((1, 0), 0)}
    assert stays.to_json()["held"] == "restrained"
