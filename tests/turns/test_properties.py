"""Hypothesis properties of a turn: moves cost what `check` says of their joined path; undo
restores the encounter; a refused move changes nothing (TURN.md)."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from footfall.scene import load_sample
from footfall.tactical import check_path
from footfall.turns import Encounter, IllegalMove, encounter_to_json, move, new_encounter, undo
from helpers.strategies import action_ids

#: (sample, mover, the action a turn's pieces use) for each system family.
CASES = (
    ("pf1e-ogre-bridge", "valeros", "double-move"),
    ("dnd35-canyon-squeeze", "regdar", "double-move"),
    ("drawsteel-burning-hall", "fury", "advance"),
    ("dh2e-hive-underpass", "interrogator", "full-move"),
)
STEPS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def _start(sample: str, mover: str) -> Encounter:
    scene = load_sample(sample)
    order = [mover, *(c.id for c in scene.creatures if c.id != mover)]
    return new_encounter(scene, order, encounter_id="e-prop")


@st.composite
def turns(draw: st.DrawFn) -> tuple[Encounter, str, list[list[tuple[int, int]]]]:
    """Draw a case, a walk of neighbour steps from the mover, and its split into moves."""
    sample, mover, action = draw(st.sampled_from(CASES))
    e = _start(sample, mover)
    x, y = next(c.at for c in e.scene.creatures if c.id == mover)
    squares = []
    for dx, dy in draw(st.lists(st.sampled_from(STEPS), min_size=1, max_size=8)):
        x, y = x + dx, y + dy
        assume(0 <= x < e.scene.width and 0 <= y < e.scene.height)
        squares.append((x, y))
    inner = st.integers(1, max(len(squares) - 1, 1))
    cuts = sorted(draw(st.sets(inner, max_size=3 if len(squares) > 1 else 0)))
    bounds = [0, *cuts, len(squares)]
    pieces = [squares[a:b] for a, b in itertools.pairwise(bounds)]
    return e, action, pieces


@settings(max_examples=60, deadline=None)
@given(turns())
def test_moves_cost_what_check_says_of_their_joined_path(
    case: tuple[Encounter, str, list[list[tuple[int, int]]]],
) -> None:
    """A turn of legal moves costs, in all, what `check` says of the joined path."""
    e, action, pieces = case
    scene, mover = e.scene, e.active  # the scene as the turn starts
    joined: list[tuple[int, int]] = []
    for piece in pieces:
        joined += piece
        if not check_path(scene, mover, joined, action=action).legal:
            with pytest.raises(IllegalMove):
                move(e, action, piece)
            break
        e = move(e, action, piece)
    assume(e.moves)
    walked = [s for m in e.moves for s in m.path[1:]]
    total = check_path(scene, mover, walked, action=action).to_json()["cost"]
    assert sum(m.cost for m in e.moves) == pytest.approx(total)


@settings(max_examples=60, deadline=None)
@given(turns())
def test_undo_restores_the_exact_previous_encounter(
    case: tuple[Encounter, str, list[list[tuple[int, int]]]],
) -> None:
    """Every move then undo gives back the encounter as it was, but for its version."""
    e, action, pieces = case
    for piece in pieces:
        try:
            after = move(e, action, piece)
        except IllegalMove:
            return
        back = undo(after)
        assert back.version == e.version + 2
        assert replace(back, version=e.version) == e
        assert {**encounter_to_json(back), "version": e.version} == encounter_to_json(e)
        e = after


@settings(max_examples=60, deadline=None)
@given(turns(), st.sampled_from(["move", "run", "five-foot-step", "charge", "advance"]))
def test_a_refused_move_changes_nothing(
    case: tuple[Encounter, str, list[list[tuple[int, int]]]], other: str
) -> None:
    """A move the rules refuse raises `IllegalMove` and leaves the encounter's JSON as it was."""
    e, action, pieces = case
    before = encounter_to_json(e)
    for piece in pieces:
        try:
            e2 = move(e, other if other in action_ids(e.system) else action, piece)
        except IllegalMove:
            assert encounter_to_json(e) == before
            return
        e = e2
        before = encounter_to_json(e)
