"""Playing an encounter: start it, move, undo, end the turn, and what the turn still allows.

A turn's moves group into *movements*: a move whose action `continues` the action of the
turn's last movement (the system file's ``[turn]`` table, `footfall.rules.Turn`) extends that
movement, and the movement's whole path, from where it started, is checked again by
`footfall.tactical.check_path` under the new action; any other move starts a new movement
from where the mover stands, if the turn's units of action allow it. So the 5-10-5 diagonal
count, a charge's straight line, Draw Steel's speed cap and the budget of two move actions run
across the moves of a turn exactly as across one path given to ``check``. The engine stays
pure: every function here takes an encounter and returns a new one; nothing is stored.

>>> from footfall.scene import load_sample
>>> e = new_encounter(load_sample("pf1e-ogre-bridge"), encounter_id="e-1")
>>> e.active, e.round
('valeros', 1)
>>> e = move(e, "move", [(9, 5), (10, 5)])
>>> [(a.action, a.left) for a in allowed(e)]
[('move', 20), ('double-move', 50)]
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace

from footfall.errors import InputError, LimitError, Param
from footfall.i18n import Lang, t
from footfall.limits import LIMITS, Limits
from footfall.rules import System, Turn, TurnAction, load_system
from footfall.scene import Scene, creature
from footfall.tactical import CheckResult, check_path, make_policy
from footfall.tactical.provocations import provocations
from footfall.tactical.report import budget_shown
from footfall.turns.model import Encounter, IllegalMove, LogEntry, Move, Provoked, Reorder

__all__ = [
    "Allowance",
    "Movement",
    "allowed",
    "end_turn",
    "move",
    "movements",
    "new_encounter",
    "reorder",
    "undo",
]

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Allowance:
    """What one action still allows this turn: `left` in the display unit (None: as granted)."""

    action: str
    left: int | float | None


@dataclass(frozen=True, slots=True)
class Movement:
    """Consecutive moves of a turn checked as one path: the action, start and squares after."""

    action: str
    start: Square
    squares: tuple[Square, ...]
    cost: int | float
    distance: int | None


# --------------------------------------------------------------------------------------------
# starting
# --------------------------------------------------------------------------------------------


def new_encounter(
    scene: Scene,
    order: Sequence[str] | None = None,
    *,
    title: str | None = None,
    encounter_id: str | None = None,
    limits: Limits = LIMITS,
) -> Encounter:
    """Start an encounter on `scene`: round 1, the first of `order` (default: every creature).

    `order` names creatures of the scene, each once; `encounter_id` defaults to a fresh
    random ``e-...`` id; `title` to the system and the first creatures' names.
    """
    turn_rules(load_system(scene.system))
    ids = [c.id for c in scene.creatures]
    chosen = tuple(ids if order is None else order)
    if not ids:
        raise InputError("error.turns.no-creatures", param=Param("order"))
    if not chosen:
        raise InputError("error.turns.order-empty", param=Param("order"))
    if len(chosen) > limits.creatures:
        raise LimitError(
            "error.turns.order-size", param=Param("order"), count=len(chosen),
            limit=limits.creatures,
        )  # fmt: skip
    seen: set[str] = set()
    for i, who in enumerate(chosen):
        if who not in ids:
            raise InputError(
                "error.turns.order-unknown", param=Param("order", i), value=who, valid=ids
            )
        if who in seen:
            raise InputError("error.turns.order-twice", param=Param("order", i), value=who)
        seen.add(who)
    name = title if title is not None else f"{scene.system}: {', '.join(chosen[:3])}"
    if len(name) > limits.encounter_title:
        raise LimitError(
            "error.turns.title-size", param=Param("title"), count=len(name),
            limit=limits.encounter_title,
        )  # fmt: skip
    return Encounter(
        id=encounter_id or f"e-{secrets.token_hex(6)}",
        title=name,
        version=1,
        scene=scene,
        order=chosen,
        round=1,
        active=chosen[0],
    )


def turn_rules(system: System) -> Turn:
    """Return `system`'s turn rules, or raise `InputError` when its file has none."""
    if system.turn is None:
        raise InputError("error.turns.no-turn-rules", param=Param("scene"), value=system.id)
    return system.turn


# --------------------------------------------------------------------------------------------
# the turn so far
# --------------------------------------------------------------------------------------------


def _rule(turn: Turn, action: str) -> TurnAction:
    rule = turn.rule(action)
    if rule is None:  # a system file whose [turn] misses an action: that action takes the turn
        return TurnAction(turn.actions[0].action, turn.units, frozenset(), False, turn.source)
    return rule


def movements(encounter: Encounter) -> tuple[Movement, ...]:
    """Group this turn's moves into movements (a move continuing the last one extends it)."""
    turn = turn_rules(load_system(encounter.system))
    out: list[Movement] = []
    for m in encounter.moves:
        last = out[-1] if out else None
        if last is not None and last.action in _rule(turn, m.action).continues:
            out[-1] = Movement(
                m.action, last.start, last.squares + m.path[1:], _add(last.cost, m.cost),
                m.distance,
            )  # fmt: skip
        else:
            out.append(Movement(m.action, m.start, m.path[1:], m.cost, m.distance))
    return tuple(out)


def _add(a: int | float, b: int | float) -> int | float:
    total = a + b
    return total if isinstance(total, int) else round(total, 3)


def _units_used(turn: Turn, done: Sequence[Movement]) -> int:
    return sum(_rule(turn, m.action).uses for m in done)


def _placed(scene: Scene, mover: str, at: Square) -> Scene:
    """Return `scene` with `mover` standing at `at`."""
    creatures = tuple(replace(c, at=at) if c.id == mover else c for c in scene.creatures)
    return replace(scene, creatures=creatures)


def _where(encounter: Encounter) -> Square:
    return creature(encounter.scene, encounter.active).at


def _economy(
    turn: Turn,
    action: str,
    done: Sequence[Movement],
    lang: Lang,
    mover: str,
    system: str | None = None,
) -> tuple[bool, str | None]:
    """Return (extends the last movement, the economy's refusal message or None); `system`
    names the actions already used in its own words (ru, zh: ``Бег (run)``)."""
    rule = _rule(turn, action)
    if any(_rule(turn, m.action).alone for m in done):
        first = next(m.action for m in done if _rule(turn, m.action).alone)
        return False, t("turns.rule.after-alone", lang, mover=mover, action=first)
    if rule.alone and done:
        return False, t("turns.rule.alone", lang, mover=mover, action=action)
    if done and done[-1].action in rule.continues:
        return True, None
    if _units_used(turn, done) + rule.uses > turn.units:
        spent = _actions_text([m.action for m in done], lang, system)
        return False, t("turns.rule.spent", lang, mover=mover, action=action, spent=spent)
    return False, None


def _actions_text(actions: Sequence[str], lang: Lang, system: str | None) -> str:
    """Return `actions` listed in `lang`: ids in English, each as its word and id in Russian
    and Chinese (the system's own word where its data names one), joined as a list is.

    >>> _actions_text(["move", "run"], "ru", "dh2e"), _actions_text(["move"], "en", None)
    ('перемещение (move), Бег (run)', 'move')
    """
    if lang == "en":
        return ", ".join(actions)
    from footfall.i18n.values import joined, shown_values

    return joined(shown_values("action", actions, lang, system), lang)


def _check(
    encounter: Encounter,
    action: str,
    start: Square,
    squares: Sequence[Square],
    distance: int | None,
    limits: Limits,
) -> CheckResult:
    scene = _placed(encounter.scene, encounter.active, start)
    return check_path(
        scene, encounter.active, squares, action=action, distance=distance, limits=limits
    )


# --------------------------------------------------------------------------------------------
# changes
# --------------------------------------------------------------------------------------------


def move(
    encounter: Encounter,
    action: str,
    path: Sequence[Square],
    *,
    distance: int | None = None,
    limits: Limits = LIMITS,
    lang: Lang = "en",
) -> Encounter:
    """Move the active creature along `path` (the squares entered after where it stands).

    The move is checked with the turn's movement so far (see the module); an illegal move
    raises `IllegalMove` with its violations, and the encounter is unchanged (it is a value).
    `distance` is the distance an effect grants (a Draw Steel shift).
    """
    system = load_system(encounter.system)
    system.action(action)  # an unknown action: one line naming the system's actions
    turn = turn_rules(system)
    squares = [(int(x), int(y)) for x, y in path]
    if not squares:
        raise InputError("error.tactical.path-empty", param=Param("squares"))
    if len(encounter.moves) >= limits.encounter_moves:
        raise LimitError(
            "error.turns.moves-size", param=Param("path"), limit=limits.encounter_moves
        )
    done = movements(encounter)
    extends, refusal = _economy(turn, action, done, lang, encounter.active, encounter.scene.system)
    if refusal is not None:
        raise IllegalMove(((0, "turn-economy", refusal),))
    here = _where(encounter)
    if extends:
        last = done[-1]
        start, before, paid = last.start, list(last.squares), last.cost
    else:
        start, before, paid = here, [], 0
    if len(before) + len(squares) > limits.path_squares:
        raise LimitError(
            "error.api.path-squares", param=Param("path"), count=len(before) + len(squares),
            limit=limits.path_squares,
        )  # fmt: skip
    result = _check(encounter, action, start, [*before, *squares], distance, limits)
    answer = result.to_json(lang)
    if not result.legal:
        found = tuple(
            (int(v["step"]), str(v["rule"]), str(v["message"])) for v in answer["violations"]
        )
        raise IllegalMove(found, answer)
    total = answer["cost"]
    cost = total - paid if isinstance(total - paid, int) else round(total - paid, 3)
    offset = len(before)
    provoked = tuple(
        Provoked(p.step - offset, p.by, str(p.kind), str(p.reason))
        for p in provocations(result.policy, list(result.squares), result.walk)
        if p.step > offset
    )
    made = Move(action, (here, *squares), cost, provoked, distance)
    scene = _placed(encounter.scene, encounter.active, squares[-1])
    return replace(
        encounter, version=encounter.version + 1, scene=scene, moves=(*encounter.moves, made)
    )


def undo(encounter: Encounter) -> Encounter:
    """Take back the last move of the turn: the mover returns to where that move started.

    With no move this turn, raises `InputError` (nothing to undo).
    """
    if not encounter.moves:
        raise InputError("error.turns.nothing-to-undo", param=Param("version"),
                         mover=encounter.active)  # fmt: skip
    last = encounter.moves[-1]
    scene = _placed(encounter.scene, encounter.active, last.start)
    return replace(
        encounter, version=encounter.version + 1, scene=scene, moves=encounter.moves[:-1]
    )


def end_turn(encounter: Encounter, *, limits: Limits = LIMITS) -> Encounter:
    """End the active creature's turn: log its moves, pass to the next in `order`.

    After the last creature of the order the round counts on; the log keeps the last
    `limits.encounter_log` turns.
    """
    entry = LogEntry(encounter.round, encounter.active, encounter.moves, encounter.reorders)
    log = (*encounter.log, entry)[-limits.encounter_log :] if limits.encounter_log else ()
    order = encounter.order
    at = order.index(encounter.active) if encounter.active in order else -1
    nxt = (at + 1) % len(order)
    return replace(
        encounter,
        version=encounter.version + 1,
        active=order[nxt],
        round=encounter.round + (1 if nxt == 0 else 0),
        moves=(),
        log=log,
        reorders=(),
    )


def reorder(encounter: Encounter, order: Sequence[str]) -> Encounter:
    """Change the initiative order during play: `order` names the same creatures, each once.

    The active creature keeps its turn and its moves; `end_turn` then passes to the creature
    after it in the new order (the round counts on after the last of the new order). The
    change is recorded with the turn (`Encounter.reorders`, then its log entry); an order
    equal to the current one changes nothing.
    """
    chosen = tuple(order)
    for i, who in enumerate(chosen):
        if who not in encounter.order:
            raise InputError(
                "error.turns.order-outside", param=Param("order", i), value=who,
                valid=encounter.order,
            )  # fmt: skip
        if who in chosen[:i]:
            raise InputError("error.turns.order-twice", param=Param("order", i), value=who)
    missing = [who for who in encounter.order if who not in chosen]
    if missing:
        raise InputError(
            "error.turns.order-missing", param=Param("order"), value=missing[0],
            valid=encounter.order,
        )  # fmt: skip
    if chosen == encounter.order:
        return encounter
    change = Reorder(len(encounter.moves), encounter.order, chosen)
    return replace(
        encounter, version=encounter.version + 1, order=chosen,
        reorders=(*encounter.reorders, change),
    )  # fmt: skip


# --------------------------------------------------------------------------------------------
# what is left
# --------------------------------------------------------------------------------------------


def allowed(encounter: Encounter, *, limits: Limits = LIMITS) -> tuple[Allowance, ...]:
    """List what each action still allows the active creature this turn, in the system's order.

    An action that would extend the turn's last movement is left its budget less the cost of
    that movement checked again under it (and is absent if that movement breaks its rules);
    one that starts a new movement is left its whole budget; one the action economy refuses,
    or with nothing left, is absent. A granted-distance action (a shift) is left None: as much
    as is granted.
    """
    system = load_system(encounter.system)
    turn = turn_rules(system)
    done = movements(encounter)
    out: list[Allowance] = []
    for rule in system.actions:
        action = rule.id.value
        extends, refusal = _economy(turn, action, done, "en", encounter.active)
        if refusal is not None or turn.rule(action) is None:
            continue
        if rule.given:
            out.append(Allowance(action, None))
            continue
        left = _left(encounter, action, done[-1] if extends else None, limits)
        if left is not None:
            out.append(Allowance(action, left))
    return tuple(out)


def _left(
    encounter: Encounter, action: str, last: Movement | None, limits: Limits
) -> int | float | None:
    """Return the budget `action` has left after `last` (None: a fresh movement), or None."""
    try:
        if last is None or not last.squares:
            scene = encounter.scene
            policy = make_policy(scene, creature(scene, encounter.active), action, limits=limits)
            if policy.budget <= 0 or policy.start_rule is not None:
                return None
            return budget_shown(policy)  # a minimum move: its one square
        result = _check(encounter, action, last.start, last.squares, None, limits)
    except InputError:  # e.g. a 5-foot step of a creature whose speed is 0
        return None
    policy = result.policy
    if not result.legal or policy.one_step or policy.budget <= result.walk.cost:
        return None
    return policy.display(policy.budget - result.walk.cost)
