"""Properties of Draw Steel forced movement on random scenes (Hypothesis).

Every listed outcome moves the target at most N squares and ends in a legal space (on the
map, out of walls, alone unless the Director allows sharing); a push never ends closer to its
source, a pull never farther (Draw Steel Heroes, "Forced Movement"); a path replayed from a
listed outcome gives the same outcome.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from footfall.errors import SceneError
from footfall.scene import Flag, Scene, parse_scene
from footfall.scene.layers import entry_at
from footfall.tactical.forced import Outcome, forced_move
from helpers import strategies

TERRAIN = "......^#!o"


@st.composite
def scenes(draw: st.DrawFn) -> tuple[Scene, str, str]:
    """Draw a small Draw Steel scene with a target ``t`` and a source ``s``."""
    width, height = draw(st.integers(3, 8)), draw(st.integers(3, 8))
    rows = ["".join(draw(st.sampled_from(TERRAIN)) for _ in range(width)) for _ in range(height)]
    creatures: list[dict[str, Any]] = []
    for cid in ("s", "t", "u"):
        size = draw(strategies.sizes("drawsteel", max_space=2))
        creatures.append(
            {
                "id": cid,
                "at": [draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))],
                "size": size,
                "side": "party" if cid == "s" else "foes",
                "speed": 5,
            }
        )
    try:
        scene = parse_scene({"footfall": 1, "system": "drawsteel", "map": rows,
                             "creatures": creatures})  # fmt: skip
    except SceneError:
        assume(False)
        raise
    return scene, "t", draw(st.sampled_from(("push", "pull", "slide")))


def _gap(a0: int, a: int, b0: int, b: int) -> int:
    return max(0, a0 - (b0 + b - 1), b0 - (a0 + a - 1))


def _distance(scene: Scene, cell: tuple[int, int, int], side: int) -> int:
    from footfall.scene import footprint

    s = next(c for c in scene.creatures if c.id == "s")
    n = footprint(scene, s)
    return max(_gap(cell[0], side, s.at[0], n), _gap(cell[1], side, s.at[1], n))


def _legal_end(scene: Scene, o: Outcome, side: int) -> bool:
    x, y, _ = o.end
    if not (x >= 0 and y >= 0 and x + side <= scene.width and y + side <= scene.height):
        return False
    squares = [(x + dx, y + dy) for dy in range(side) for dx in range(side)]
    broken = {h.at[:2] for h in o.hurled}
    walls = [s for s in squares if Flag.WALL in entry_at(scene, *s).flags]
    return all(any(_gap(s[0], 1, b[0], side) == 0 and _gap(s[1], 1, b[1], side) == 0
                   for b in broken) for s in walls)  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes(), st.integers(0, 4))
def test_every_outcome_is_within_n_and_legal(drawn: tuple[Scene, str, str], n: int) -> None:
    """Each listed end is at most N squares away, on the map, out of unbroken walls, alone;
    a push never ends closer to the source, a pull never farther."""
    scene, target, kind = drawn
    from footfall.scene import footprint

    t = next(c for c in scene.creatures if c.id == target)
    side = footprint(scene, t)
    start = (t.at[0], t.at[1], 0)
    out = forced_move(scene, target, kind, n, source="s")
    for o in out.outcomes:
        assert o.moved <= n
        assert max(abs(o.end[0] - start[0]), abs(o.end[1] - start[1])) <= n
        assert _legal_end(scene, o, side)
        if o.path:
            assert o.shares is None  # forced_share=collide: never ends in another's space
        before, after = _distance(scene, start, side), _distance(scene, o.end, side)
        if kind == "push":
            assert after >= before and (after > before or not o.path)
        if kind == "pull":
            assert after <= before and (after < before or not o.path)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes(), st.integers(1, 3))
def test_a_listed_push_replays_the_same(drawn: tuple[Scene, str, str], n: int) -> None:
    """Playing the path of a listed push or pull (free end) gives that outcome, legal."""
    scene, target, kind = drawn
    assume(kind != "slide")
    out = forced_move(scene, target, kind, n, source="s")
    for o in out.outcomes:
        if o.collision is None and not o.hurled and o.path:
            played = forced_move(scene, target, kind, n, source="s", path=list(o.path))
            again = played.outcomes[0]
            assert again.legal and again.end == o.end and again.damage == o.damage
