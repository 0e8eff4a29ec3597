"""Write flight answers as JSON-ready dicts: the shapes the CLI's ``--json`` and the API share.

SCENE.md's ``check`` and ``reach`` keys, with the flight ones added (``alt`` and ``facing`` per
entry, the stall's rounds, the flight interpretation switches under ``switches``).
Probabilities are exact ``"p/q"`` strings; lengths in ft are numbers (integers, or decimals
for the half-feet of dives, exact in binary).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from footfall.flight.model import DIRECTION_NAMES, HALF_FT, direction_name, switch_choices

if TYPE_CHECKING:  # the answers' modules: a stall's JSON loads no search (nor numpy)
    from footfall.flight.falling import Stall
    from footfall.flight.reach import FlightReach
    from footfall.flight.verdict import FlightCheck

__all__ = ["check_json", "ft_number", "reach_json", "reach_json_text", "stall_json"]


def ft_number(value: Fraction | int) -> int | float:
    """Return a JSON number for an exact multiple of 2.5 ft."""
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else float(value)


def stall_json(fall: Stall) -> dict[str, Any]:
    """Return a stall: its rounds with exact odds, the totals and the falling damage."""
    return {
        "alt": fall.alt,
        "reflex": fall.reflex,
        "dc": fall.dc,
        "p_save": str(fall.p_success),
        "rounds": [
            {
                "round": r.round,
                "alt_before": r.alt_before,
                "alt_after": r.alt_after,
                "save": r.save,
                "p_reach": str(r.p_reach),
                "p_recover": str(r.p_recover),
                "p_crash": str(r.p_crash),
            }
            for r in fall.rounds
        ],
        "p_recover": str(fall.p_recover),
        "p_crash": str(fall.p_crash),
        "damage_dice": fall.damage_dice,
        "damage": f"{fall.damage_dice}d6",
    }


def check_json(name: str, action: str, result: FlightCheck) -> dict[str, Any]:
    """Return a flight check in SCENE.md's ``check`` shape plus the path, forward and stall."""
    flyer, start = result.flyer, result.start
    need = flyer.min_forward_ft
    return {
        "mover": name,
        "maneuverability": flyer.maneuverability.value,
        "speed": flyer.speed,
        "action": action,
        "budget": result.budget_ft,
        "unit": "ft",
        "start": {
            "at": [start.x, start.y],
            "alt": start.alt,
            "facing": direction_name(start.facing),
        },
        "legal": result.legal,
        "cost": ft_number(result.cost_ft),
        "violations": [
            {"step": v.step, "rule": str(v.rule), "message": v.message} for v in result.violations
        ],
        "path": [
            {
                "step": number,
                "at": [s.x, s.y],
                "alt": s.alt,
                "facing": direction_name(s.facing),
                "cost": ft_number(s.spent_ft),
            }
            for number, s in zip(result.numbers, result.states, strict=True)
        ],
        "forward": result.end.forward,
        "min_forward": None if need is None else ft_number(need),
        "landed": result.landed,
        "stall": None if result.stall is None else stall_json(result.stall),
        "switches": switch_choices(flyer),
    }


def reach_json(name: str, action: str, result: FlightReach) -> dict[str, Any]:
    """Return a flight reach in SCENE.md's ``reach`` shape with ``alt`` and ``facing`` added."""
    start = result.start
    names = DIRECTION_NAMES
    # A reach has up to a few hundred thousand ends: the squares are written from its columns
    # (no `ReachEntry` made), each cost from a table of the budget's half-feet (an integer, or
    # the exact binary decimal of a half-foot, as `ft_number`), the garbage collector paused.
    from footfall.flight.reach import paused_gc

    ft = [ft_number(Fraction(c, HALF_FT)) for c in range(result.budget_ft * HALF_FT + 1)]
    c = result.columns
    with paused_gc():
        squares = [
            {"at": [x, y], "alt": alt, "facing": names[f], "cost": ft[cost], "landed": landed}
            for x, y, alt, f, cost, landed in zip(
                c.x.tolist(), c.y.tolist(), c.alt.tolist(), c.facing.tolist(),
                c.cost.tolist(), c.landed.tolist(), strict=True,
            )
        ]  # fmt: skip
    return {
        "mover": name,
        "maneuverability": result.flyer.maneuverability.value,
        "action": action,
        "budget": result.budget_ft,
        "unit": "ft",
        "alt": start.alt,
        "facing": direction_name(start.facing),
        "squares": squares,
        "switches": switch_choices(result.flyer),
    }


def reach_json_text(name: str, action: str, result: FlightReach) -> str:
    """Return ``json.dumps(reach_json(name, action, result), ensure_ascii=False)``, the same
    text, written from the reach's columns: no dict per end (an 80-ft average flyer has 68,000).

    Each end's text is three pieces from tables: its square's, its altitude's, and its facing,
    cost and landing's (a few thousand of each at most), joined once.
    """
    import numpy as np

    head = reach_json(name, action, _no_ends(result))
    squares = head.pop("squares")
    switches = head.pop("switches")
    assert squares == []
    c = result.columns
    text = json.dumps(head, ensure_ascii=False)[:-1]
    tail = json.dumps(switches, ensure_ascii=False)
    if not len(c.x):
        return f'{text}, "squares": [], "switches": {tail}}}'
    x0, y0, a0 = int(c.x.min()), int(c.y.min()), int(c.alt.min())
    width, height = int(c.x.max()) - x0 + 1, int(c.y.max()) - y0 + 1
    at = [
        f'{{"at": [{x}, {y}], "alt": '
        for y in range(y0, y0 + height)
        for x in range(x0, x0 + width)
    ]
    alt = [f'{a}, "facing": ' for a in range(a0, int(c.alt.max()) + 1)]
    n_costs = result.budget_ft * HALF_FT + 1
    costs = [json.dumps(ft_number(Fraction(k, HALF_FT))) for k in range(n_costs)]
    rest = [
        f'"{facing}", "cost": {cost}, "landed": {landed}}}, '
        for facing in DIRECTION_NAMES
        for cost in costs
        for landed in ("false", "true")
    ]
    pieces = np.empty((len(c.x), 3), object)
    pieces[:, 0] = np.array(at, object)[(c.y - y0) * width + (c.x - x0)]
    pieces[:, 1] = np.array(alt, object)[c.alt - a0]
    pieces[:, 2] = np.array(rest, object)[(c.facing * n_costs + c.cost) * 2 + c.landed]
    rows = "".join(pieces.ravel().tolist())[:-2]
    return f'{text}, "squares": [{rows}], "switches": {tail}}}'


def _no_ends(result: FlightReach) -> FlightReach:
    """Return `result` without its ends (the answer's other keys, for `reach_json_text`)."""
    from footfall.flight.reach import FlightReach

    return FlightReach(result.flyer, result.start, result.budget_ft, (), result.work)
