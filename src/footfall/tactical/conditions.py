"""What a mover's armor, load and conditions change before its move is planned (issue 12).

`effective_mover` gives the mover the speed it moves at: its ``speed`` (armor counted), or its
``base_speed`` slowed by the system's armor and load table (`footfall.rules.ReducedSpeed`),
then its conditions' speed factors (half speed) and caps (Draw Steel's slowed: 2). The
policy (`footfall.tactical.policy.make_policy`) plans the move with it, then `apply_conditions`
adds what else the conditions say: no movement at all, an action they forbid (the start rule
``condition``), and a crawl (prone). Every condition adds a note naming it.

Everything a condition does is its system file's ``[conditions]`` row; the one thing that is
a family's is how a prone mover moves when the row gives no ``crawl_extra`` (d20: it starts
prone and stands up first, a move action), looked up by the system's family.

`adjust_mover` gives a mover the options of a query (``--speed``, ``--base-speed``,
``--armor``, ``--load``, ``--condition``; the API's fields) and returns the scene checked.

>>> from footfall.scene import load_sample
>>> bridge = adjust_mover(load_sample("pf1e-ogre-bridge"), "ogre", base_speed=30)
>>> from footfall.rules import load_system
>>> ogre = next(c for c in bridge.creatures if c.id == "ogre")
>>> effective_mover(load_system("pf1e"), ogre)[0].speed  # medium armor: 30 ft -> 20 ft
20
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from footfall.errors import InputError, LimitError, Param, unknown
from footfall.i18n import Words
from footfall.limits import LIMITS, Limits
from footfall.rules import Armor, ConditionRule, Family, Load, RuleId, System, load_system
from footfall.scene import Creature, Scene, validate
from footfall.scene import creature as find_creature
from footfall.tactical.family import Pricing, Remark, remark

__all__ = ["Crawl", "adjust_mover", "apply_conditions", "condition_rows", "effective_mover"]


@dataclass(frozen=True, slots=True)
class Crawl:
    """A pricing whose every step costs `extra` more: a prone mover crawling (Draw Steel).

    >>> from footfall.tactical.families.steel import SteelPricing
    >>> Crawl(SteelPricing(), 1).price(0, False, 1)[0]  # difficult 2, crawling 1 more
    3
    """

    inner: Pricing
    extra: int

    @property
    def states(self) -> int:
        """The inner pricing's states."""
        return self.inner.states

    @property
    def classes(self) -> int:
        """The inner pricing's classes."""
        return self.inner.classes

    def price(self, state: int, diagonal: bool, code: int) -> tuple[int, int, RuleId | None]:
        """The inner price, plus `extra`."""
        cost, after, forbid = self.inner.price(state, diagonal, code)
        return cost + self.extra, after, forbid


def condition_rows(system: System, mover: Creature) -> tuple[ConditionRule, ...]:
    """Return the rows of the mover's conditions (a condition the system lacks is refused)."""
    if not mover.conditions:
        return ()
    table = system.conditions
    known = table.ids if table is not None else ()
    rows = []
    for word in mover.conditions:
        row = table.get(word) if table is not None else None
        if row is None:
            raise unknown(f"{system.id} condition", word, known or ["(none)"])
        rows.append(row)
    return tuple(rows)


def _slowed(speed: int, rows: Iterable[ConditionRule], step: Fraction) -> int:
    """Apply the rows' least speed factor (they do not stack) and least cap to `speed`.

    Half of a speed is rounded down to a whole square of the system (25 ft -> 10 ft).
    """
    rows = tuple(rows)
    factors = [r.speed_factor for r in rows if r.speed_factor is not None]
    if factors:
        squares = math.floor(speed * min(factors) / step)
        speed = int(squares * step)
    caps = [r.speed_max for r in rows if r.speed_max is not None]
    return min([speed, *caps])


def effective_mover(system: System, mover: Creature) -> tuple[Creature, tuple[Remark, ...]]:
    """Return the mover with the speed it moves at, and the notes saying why it changed.

    The land speed is `speed`, else `base_speed` through the system's armor and load table
    (none: as it is); each condition's factor and cap then apply to the land and fly speeds.
    """
    notes: list[Remark] = []
    speed = mover.speed
    tactical = system.tactical
    reduced = tactical.reduced_speed if tactical is not None else None
    if speed is None and mover.base_speed is not None:
        speed = mover.base_speed
        if reduced is not None and reduced.slows(Armor(mover.armor), Load(mover.load)):
            speed = reduced.speed(mover.base_speed, Armor(mover.armor), Load(mover.load))
            note = remark(
                "tactical.note.armor-speed", base=mover.base_speed, speed=speed,
                armor=str(mover.armor), load=str(mover.load),
            )  # fmt: skip
            notes.append(note)
    rows = condition_rows(system, mover)
    step = system.square
    fly = mover.fly
    if rows:
        if speed is not None:
            slowed = _slowed(speed, rows, step)
            if slowed != speed:
                notes.append(remark("tactical.note.condition-speed", was=speed, speed=slowed))
            speed = slowed
        if fly is not None:
            fly = replace(fly, speed=_slowed(fly.speed, rows, step))
    if speed == mover.speed and fly is mover.fly:
        return mover, tuple(notes)
    return dataclasses.replace(mover, speed=speed, fly=fly), tuple(notes)


def _d20_prone(pricing: Pricing) -> tuple[Pricing, int] | None:
    """d20: a prone mover lies prone at the start (state 2) and stands up first."""
    if not dataclasses.is_dataclass(pricing) or "prone" not in {
        f.name for f in dataclasses.fields(pricing)
    }:
        return None  # pragma: no cover - a pricing of another family
    return replace(pricing, prone=True), 2


#: How a family's mover lies prone when its condition row gives no ``crawl_extra``.
_PRONE: Mapping[Family, Callable[[Pricing], tuple[Pricing, int] | None]] = {
    Family.D20: _d20_prone,
}


@dataclass(frozen=True, slots=True)
class Applied:
    """What the conditions change in a planned policy (`apply_conditions`)."""

    pricing: Pricing
    start_state: int
    start_rule: RuleId | None
    still: bool
    """The mover cannot move at all (grappled, pinned, paralyzed)."""
    notes: tuple[Remark, ...]


def apply_conditions(
    system: System,
    mover: Creature,
    action: str,
    flying: bool,
    pricing: Pricing,
    start_state: int,
) -> Applied:
    """Return what the mover's conditions change in a planned move of `action`."""
    notes: list[Remark] = []
    start_rule: RuleId | None = None
    still = False
    for row in condition_rows(system, mover):
        words = Words(*(row.names.get(lang) or str(row.condition) for lang in ("en", "ru", "zh")))
        name = {"name": words}
        if not row.moves:
            still = True
            notes.append(remark("tactical.note.condition-still", **name))
        if row.forbids:
            listed = ", ".join(sorted(str(a) for a in row.forbids))
            notes.append(remark("tactical.note.condition-forbids", actions=listed, **name))
            if action in {str(a) for a in row.forbids}:
                start_rule = RuleId.CONDITION
        if row.crawl and not flying:
            if row.crawl_extra is not None:
                pricing = Crawl(pricing, row.crawl_extra)
                extra = row.crawl_extra
                notes.append(remark("tactical.note.condition-crawl", extra=extra, **name))
            else:
                prone = _PRONE.get(system.family)
                done = prone(pricing) if prone is not None else None
                if done is not None:
                    pricing, start_state = done
                    notes.append(remark("tactical.note.condition-prone", **name))
    return Applied(pricing, start_state, start_rule, still, tuple(notes))


def adjust_mover(
    scene: Scene,
    mover_id: str,
    *,
    speed: int | None = None,
    base_speed: int | None = None,
    armor: str | None = None,
    load: str | None = None,
    conditions: Iterable[str] = (),
    limits: Limits = LIMITS,
) -> Scene:
    """Return `scene` with the query's options given to its mover, checked as a read scene.

    `speed` is the speed after armor (it replaces the creature's speed and base speed);
    `base_speed` the speed before armor (it replaces both too, and the armor and load table
    slows it); both at once are refused. `armor`, `load` replace the creature's; `conditions`
    are added to the creature's. Nothing given: `scene` itself.
    """
    words = tuple(conditions)
    if speed is None and base_speed is None and armor is None and load is None and not words:
        return scene
    if speed is not None and base_speed is not None:
        raise InputError(
            "error.tactical.speed-and-base", speed=Param("speed"), base_speed=Param("base_speed")
        )
    found = find_creature(scene, mover_id, Param("mover"))
    system = load_system(scene.system)
    for name, value in (("speed", speed), ("base_speed", base_speed)):
        if value is not None:
            _check_speed(system, name, value, limits)
    if armor is not None and armor not in {a.value for a in Armor}:
        raise unknown("armor", armor, [a.value for a in Armor], param=Param("armor"))
    if load is not None and load not in {v.value for v in Load}:
        raise unknown("load", load, [v.value for v in Load], param=Param("load"))
    known = system.conditions.ids if system.conditions is not None else ()
    for index, word in enumerate(words):
        if word not in known:
            where = Param("conditions", index if len(words) > 1 else None)
            raise unknown(f"{system.id} condition", word, known or ["(none)"], param=where)
    changes: dict[str, object] = {}
    if speed is not None or base_speed is not None:
        changes.update(speed=speed, base_speed=base_speed)
    if armor is not None:
        changes["armor"] = armor
    if load is not None:
        changes["load"] = load
    if words:
        changes["conditions"] = tuple(sorted({*found.conditions, *words}))
    changed = dataclasses.replace(found, **changes)  # type: ignore[arg-type]
    creatures = tuple(changed if c.id == mover_id else c for c in scene.creatures)
    return validate(dataclasses.replace(scene, creatures=creatures), limits=limits)


def _check_speed(system: System, name: str, value: int, limits: Limits) -> None:
    """Refuse a speed option a scene's creature could not have: negative, over the limit,
    or not a whole number of the system's squares (pf1e / dnd35: 5-ft steps)."""
    if system.family is Family.HERESY:
        raise InputError("error.tactical.speed-agility", param=Param(name), system=system.id)
    if value < 0:
        raise InputError("error.tactical.speed-negative", param=Param(name), value=value)
    if value > limits.speed:
        raise LimitError(
            "error.tactical.speed-limit", param=Param(name), value=value, limit=limits.speed
        )
    if Fraction(value) % system.square:
        raise InputError(
            "error.tactical.speed-step", param=Param(name), value=value, system=system.id,
            step=system.square, unit=system.unit.value,
        )  # fmt: skip
