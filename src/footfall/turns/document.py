"""The JSON form of an encounter (TURN.md "Encounter"): written by `encounter_to_json`, read by
`parse_encounter`.

``turn.spent`` and ``turn.can`` are worked out from the moves when written (`footfall.turns.
play`) and ignored when read. A shape newer than `FORMAT` is refused; an older one would be
brought up to date by `SHAPE_MIGRATIONS` (none yet: 1 is the first shape).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from footfall.errors import InputError, Param
from footfall.i18n import Lang, t
from footfall.limits import LIMITS, Limits
from footfall.scene import parse_scene, scene_to_json
from footfall.turns.model import FORMAT, Encounter, LogEntry, Move, Provoked, Reorder
from footfall.turns.play import allowed, movements

__all__ = ["SHAPE_MIGRATIONS", "encounter_to_json", "move_json", "parse_encounter", "summary"]

#: Shape version -> the function that turns an encounter of that version into the next one.
SHAPE_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def _provoked_json(p: Provoked, lang: Lang) -> dict[str, Any]:
    text = t(f"tactical.provoke.{p.kind}.{p.reason}", lang, by=p.by)
    return {
        "step": p.step,
        "by": p.by,
        "kind": p.kind,
        "reason": p.reason,
        "message": t("tactical.step", lang, step=p.step, message=text),
    }


def move_json(m: Move, lang: Lang = "en") -> dict[str, Any]:
    """Return one move as TURN.md writes it: action, path (from its start), cost, provokes."""
    data: dict[str, Any] = {
        "action": m.action,
        "path": [list(s) for s in m.path],
        "cost": m.cost,
        "provokes": [_provoked_json(p, lang) for p in m.provokes],
    }
    if m.distance is not None:
        data["distance"] = m.distance
    return data


def _reorders_json(changes: tuple[Reorder, ...]) -> dict[str, Any]:
    """The ``reorders`` key of a turn or a log entry: only when the order changed in it."""
    if not changes:
        return {}
    return {
        "reorders": [
            {"after": c.after, "from": list(c.before), "to": list(c.order)} for c in changes
        ]
    }


def encounter_to_json(
    encounter: Encounter, lang: Lang = "en", *, limits: Limits = LIMITS
) -> dict[str, Any]:
    """Return TURN.md's encounter JSON, with ``turn.spent`` and ``turn.can`` worked out.

    >>> from footfall.scene import load_sample
    >>> from footfall.turns.play import new_encounter
    >>> e = new_encounter(load_sample("drawsteel-burning-hall"), encounter_id="e-2")
    >>> encounter_to_json(e)["turn"]["can"][:2]
    [{'action': 'advance', 'left': 5}, {'action': 'shift', 'left': None}]
    """
    spent: dict[str, int | float] = {}
    for movement in movements(encounter):
        spent[movement.action] = spent.get(movement.action, 0) + movement.cost
    kept: dict[str, Any] = json.loads(encounter.extensions) if encounter.extensions else {}
    return {
        "footfall_encounter": FORMAT,
        "id": encounter.id,
        "title": encounter.title,
        "version": encounter.version,
        "scene": scene_to_json(encounter.scene),
        "order": list(encounter.order),
        "round": encounter.round,
        "active": encounter.active,
        "turn": {
            "mover": encounter.active,
            "moves": [move_json(m, lang) for m in encounter.moves],
            "spent": spent,
            "can": [
                {"action": a.action, "left": a.left} for a in allowed(encounter, limits=limits)
            ],
            **_reorders_json(encounter.reorders),
        },
        "log": [
            {
                "round": e.round,
                "mover": e.mover,
                "moves": [move_json(m, lang) for m in e.moves],
                **_reorders_json(e.reorders),
            }
            for e in encounter.log
        ],
        **kept,
    }


def summary(encounter: Encounter) -> dict[str, Any]:
    """Return the row ``GET /api/encounters`` lists: id, title, system, round, active, version."""
    return {
        "id": encounter.id,
        "title": encounter.title,
        "system": encounter.system,
        "round": encounter.round,
        "active": encounter.active,
        "version": encounter.version,
    }


# --------------------------------------------------------------------------------------------
# reading
# --------------------------------------------------------------------------------------------


class _Bad(Exception):
    """A malformed encounter: the reason, worded for `error.turns.shape`."""


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise _Bad(f"key {key!r} is missing or not a {getattr(kind, '__name__', 'value')}")
    return value


def _square(value: Any) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise _Bad(f"a square must be [x, y], not {str(value)[:40]}")
    return (value[0], value[1])


def _move(data: Any) -> Move:
    if not isinstance(data, Mapping):
        raise _Bad("a move must be an object")
    path = tuple(_square(s) for s in _get(data, "path", list))
    if len(path) < 2:
        raise _Bad("a move's path holds its start and at least one square")
    cost = data.get("cost")
    if not isinstance(cost, int | float) or isinstance(cost, bool):
        raise _Bad("a move's cost must be a number")
    provokes = tuple(
        Provoked(_get(p, "step", int), _get(p, "by", str), _get(p, "kind", str),
                 _get(p, "reason", str))
        for p in _get(data, "provokes", list)
        if isinstance(p, Mapping) or _fail("a provocation must be an object")
    )  # fmt: skip
    distance = data.get("distance")
    if distance is not None and (not isinstance(distance, int) or isinstance(distance, bool)):
        raise _Bad("a move's distance must be an integer")
    return Move(_get(data, "action", str), path, cost, provokes, distance)


def _reorders(data: Mapping[str, Any]) -> tuple[Reorder, ...]:
    changes = data.get("reorders", [])
    if not isinstance(changes, list):
        raise _Bad("'reorders' must be a list")
    out = []
    for c in changes:
        if not isinstance(c, Mapping):
            raise _Bad("a reorder must be an object")
        before, after = _get(c, "from", list), _get(c, "to", list)
        if not all(isinstance(o, str) for o in [*before, *after]):
            raise _Bad("a reorder's 'from' and 'to' are creature ids")
        out.append(Reorder(_get(c, "after", int), tuple(before), tuple(after)))
    return tuple(out)


def _fail(reason: str) -> bool:
    raise _Bad(reason)


def _extensions(body: Mapping[str, Any]) -> str:
    """Return the encounter's top-level ``x-...`` keys as JSON text ("" when it has none)."""
    kept = {k: v for k, v in body.items() if isinstance(k, str) and k.startswith("x-")}
    return json.dumps(kept, ensure_ascii=False, sort_keys=True) if kept else ""


def parse_encounter(data: Any, *, limits: Limits = LIMITS, param: str = "encounter") -> Encounter:
    """Read TURN.md's encounter JSON (an older shape brought up to date); refuse a bad one.

    Its own ``x-...`` keys are kept (written back by `encounter_to_json`) and otherwise
    ignored; ``turn.spent`` and ``turn.can`` are recomputed, not read.
    """
    try:
        if not isinstance(data, Mapping):
            raise _Bad("an encounter is a JSON object")
        shape = data.get("footfall_encounter")
        if not isinstance(shape, int) or isinstance(shape, bool) or shape < 1:
            raise _Bad("key 'footfall_encounter' must be a shape version (1)")
        if shape > FORMAT:
            raise InputError(
                "error.turns.shape-newer", param=Param(param), value=shape, known=FORMAT
            )
        body = dict(data)
        while shape < FORMAT:
            body = SHAPE_MIGRATIONS[shape](body)
            shape += 1
        turn = _get(body, "turn", Mapping)
        log = tuple(
            LogEntry(_get(e, "round", int), _get(e, "mover", str),
                     tuple(_move(m) for m in _get(e, "moves", list)), _reorders(e))
            for e in _get(body, "log", list)
            if isinstance(e, Mapping) or _fail("a log entry must be an object")
        )  # fmt: skip
        encounter = Encounter(
            id=_get(body, "id", str),
            title=_get(body, "title", str),
            version=_get(body, "version", int),
            scene=parse_scene(_get(body, "scene", Mapping), limits=limits),
            order=tuple(_get(body, "order", list)),
            round=_get(body, "round", int),
            active=_get(body, "active", str),
            moves=tuple(_move(m) for m in _get(turn, "moves", list)),
            log=log,
            extensions=_extensions(body),
            reorders=_reorders(turn),
        )
    except _Bad as exc:
        raise InputError("error.turns.shape", param=Param(param), reason=str(exc)) from None
    if encounter.active not in encounter.order or not all(
        isinstance(o, str) for o in encounter.order
    ):
        raise InputError(
            "error.turns.shape", param=Param(param), reason="'active' must be one of 'order'"
        )
    return encounter
