"""The d20 family (pf1e, dnd35): 5-10-5 diagonals, multiplying hampering, squeezing, AoOs.

RULES.md 1.2-1.5. Costs are in squares (shown as 5 ft each). A square's hampering factors
(difficult terrain, obstacle, poor visibility: x2 each in the system file's
``tactical.hampered`` table, and squeezing's half speed) multiply, so a square is priced by
its exponent m = log2 of its multiplier; a diagonal into it counts as 2**m diagonals of the
alternating count (`footfall.grid.alternating_diagonals`, with the system's
``tactical.diagonal_costs``) or, under switch ``hampered_diagonal=multiply``, costs its 1-or-2
times the multiplier. Class code = min(m, 15) | ally << 4 | crawl << 5.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from footfall.errors import RuleDataError
from footfall.grid import alternating_diagonals
from footfall.rules import (
    ActionId,
    Armor,
    Family,
    Hamper,
    Load,
    Mode,
    RuleId,
    Size,
    SqueezeCase,
    System,
    Tactical,
)
from footfall.scene import Creature, Scene
from footfall.tactical.actions import Budget
from footfall.tactical.families.narrowing import narrow_spaces, squeeze_past_mode
from footfall.tactical.families.squeezing import mark_narrow, narrow_key, narrow_of
from footfall.tactical.family import (
    Layers,
    Passage,
    Passing,
    Plan,
    Query,
    Remark,
    TerrainTest,
    Why,
    Window,
    moving_speed,
    occupant_reasons,
    occupants,
    remark,
    table_of,
)
from footfall.tactical.frame import build_frame, mark_terrain, reduce_space
from footfall.tactical.marks import (
    BLOCK_ENEMY,
    END_OBSTACLE,
    END_OCCUPIED,
    NOTE_ALLY,
    NOTE_CORRIDOR,
    NOTE_CRAWL,
    NOTE_DIFFICULT,
    NOTE_HELPLESS,
    NOTE_HELPLESS_OBSTACLE,
    NOTE_OBSTACLE,
    NOTE_PASS_OCCUPIED,
    NOTE_POOR_VISIBILITY,
    NOTE_SQUEEZE_H,
    NOTE_SQUEEZE_PAST,
    NOTE_SQUEEZE_W,
)
from footfall.tactical.masks import Prepared
from footfall.tactical.provocations import (
    ProvocationKind,
    ProvocationReason,
    overlap,
    touch,
)

if TYPE_CHECKING:
    from footfall.tactical.policy import Policy
    from footfall.tactical.walk import WalkStep

__all__ = ["D20", "D20Family", "D20Pricing"]

Square = tuple[int, int]

#: What squeezes the mover's width (x2, -4/-4 once, however many apply): a narrow square, a
#: space narrowed by walls, an enemy's square squeezed past (RULES 1.5).
_WIDTH_SQUEEZE = NOTE_SQUEEZE_W | NOTE_CORRIDOR | NOTE_SQUEEZE_PAST

#: Largest hampering exponent a class code holds (x32768: far past any printed multiplier).
_MEXP_MAX = 15


@dataclass(frozen=True, slots=True)
class D20Pricing:
    """How a d20 query prices a step (`footfall.tactical.family.Pricing`).

    `diagonal` is switch ``hampered_diagonal`` (``as-diagonals`` | ``multiply``), `costs` the
    system's 5-10-5 costs; `forbid_hampered` the rule refusing a hampered square (run,
    charge, 5-foot step), `no_ally` refuses allies' squares (charge). A crawl square (RULES
    1.5: a quarter of the mover's height, seed 004 "匍匐移动(5尺)") takes a whole move action,
    `crawl_cost`, and leaves the mover prone (state bit 2 when `prone`: the scene has crawl
    squares for this mover); the first step out onto a square it can stand in first stands it
    up: one more move action (official Core Rulebook / Player's Handbook "Stand up from prone:
    move action"), not possible inside a full-round action nor the 5-foot step (`no_stand`).

    >>> pf = D20Pricing("as-diagonals")
    >>> [pf.price(s, True, 1)[:2] for s in (0, 1)]  # diagonal into difficult: 3 squares
    [(3, 0), (3, 1)]
    >>> pf.price(1, True, 0)[:2]  # the 2nd diagonal costs 2
    (2, 0)
    >>> D20Pricing("multiply").price(1, True, 1)[:2]  # its 2 squares x2
    (4, 0)
    """

    diagonal: str
    costs: tuple[int, int] = (1, 2)
    forbid_hampered: RuleId | None = None
    no_ally: bool = False
    crawl_cost: int = 1
    prone: bool = False
    no_stand: bool = False

    @property
    def states(self) -> int:
        """2 (the diagonal count's parity), twice that when the mover may lie prone."""
        return 2 * (2 if self.prone else 1)

    @property
    def classes(self) -> int:
        """64: 16 hampering exponents x ally x crawl."""
        return 64

    def price(self, state: int, diagonal: bool, code: int) -> tuple[int, int, RuleId | None]:
        """Price one step (see the class docstring); state = parity | 2 x prone."""
        mexp, ally, crawl = code & 15, bool(code >> 4 & 1), bool(code >> 5 & 1)
        parity, prone = state & 1, bool(state & 2)
        forbid = None
        if self.no_ally and ally:
            forbid = RuleId.ALLY_CHARGE
        if self.forbid_hampered and (mexp > 0 or crawl):
            forbid = self.forbid_hampered
        if crawl:
            return self.crawl_cost, parity | (2 if self.prone else 0), forbid
        stand = 0
        if prone:
            stand = self.crawl_cost
            if self.no_stand and forbid is None:
                forbid = RuleId.STAND_UP
        m = 1 << mexp
        if not diagonal:
            return stand + m, parity, forbid
        if self.diagonal == "multiply":
            one, after = alternating_diagonals(parity, 1, self.costs)
            return stand + one * m, after, forbid
        cost, after = alternating_diagonals(parity, m, self.costs)  # m diagonals of the count
        return stand + cost, after, forbid


@dataclass(frozen=True, slots=True)
class _Facts:
    """What the d20 rules read from one system's ``tactical`` tables, once per system."""

    tactical: Tactical
    tiny: int
    """Size order of tiny: tiny and smaller movers enter occupied squares (seed 004 l. 120)."""
    huge: int
    """Size order of huge: a helpless creature this big is an obstacle (seed 004 l. 116)."""
    exponents: tuple[int, int, int, int, int]
    """Hampering exponents of difficult, obstacle, poor visibility, half width, half height."""
    pass_provokes: bool
    """Whether passing a creature `Tactical.pass_size_gap` sizes apart provokes from it."""


_FACTS: dict[int, tuple[System, _Facts]] = {}


def _exponent(system: System, name: str, factor: Fraction | None) -> int:
    """Return log2 of a hampering `factor` (x2 -> 1); other factors are refused."""
    whole = factor is not None and factor.denominator == 1 and factor.numerator >= 1
    if factor is None or not whole or factor.numerator & (factor.numerator - 1):
        raise RuleDataError(
            "error.tactical.hamper-factor", system=system.id, flag=name, factor=str(factor)
        )
    return int(factor.numerator).bit_length() - 1


def _speed_exponent(system: System, tactical: Tactical, case: SqueezeCase) -> int:
    """Return the hampering exponent of a squeeze row: half speed -> x2 -> 1."""
    speed = tactical.squeeze(case).speed_factor
    return _exponent(system, case.value, None if speed is None else 1 / speed)


def _facts(system: System) -> _Facts:
    """Return the d20 facts of `system`, cached by its identity (a `System` is not hashed)."""
    hit = _FACTS.get(id(system))
    if hit is not None and hit[0] is system:
        return hit[1]
    tactical = table_of(system, "tactical", system.tactical)
    exponents = (
        _exponent(system, Hamper.DIFFICULT.value, tactical.hamper_factor(Hamper.DIFFICULT)),
        _exponent(system, Hamper.OBSTACLE.value, tactical.hamper_factor(Hamper.OBSTACLE)),
        _exponent(
            system, Hamper.POOR_VISIBILITY.value, tactical.hamper_factor(Hamper.POOR_VISIBILITY)
        ),
        _speed_exponent(system, tactical, SqueezeCase.WIDTH_HALF),
        _speed_exponent(system, tactical, SqueezeCase.HEIGHT_HALF),
    )
    provokes = tactical.pass_provokes  # RULES 1.3: pf1e provokes, dnd35 is silent
    facts = _Facts(
        tactical=tactical,
        tiny=tactical.size(Size.TINY).order,
        huge=tactical.size(Size.HUGE).order,
        exponents=exponents,
        pass_provokes=provokes,
    )
    if len(_FACTS) >= 16:
        _FACTS.clear()
    _FACTS[id(system)] = (system, facts)
    return facts


#: The hampering notes of a breakdown, in order (seed 000/004 "Затрудненное перемещение").
_HAMPERED_WHY = (
    (NOTE_DIFFICULT, "tactical.why.difficult"),
    (NOTE_OBSTACLE, "tactical.why.obstacle"),
    (NOTE_POOR_VISIBILITY, "tactical.why.poor-visibility"),
    (NOTE_HELPLESS_OBSTACLE, "tactical.why.helpless-obstacle"),
)
#: The squeezing notes of a breakdown, in order (seed 004 "挤进狭窄空间").
_SQUEEZE_WHY = (
    (NOTE_SQUEEZE_W, "tactical.why.squeeze-width"),
    (NOTE_CORRIDOR, "tactical.why.squeeze-corridor"),
    (NOTE_SQUEEZE_PAST, "tactical.why.squeeze-past"),
    (NOTE_SQUEEZE_H, "tactical.why.squeeze-height"),
    (NOTE_CRAWL, "tactical.why.crawl"),
)


@lru_cache(maxsize=4096)
def _in_squares(feet: int, factor: Fraction | int, square: Fraction | int) -> int:
    """Return floor(feet x factor / square): the squares a speed carries (Fractions are slow:
    every query of a scene asks the same few)."""
    return math.floor(feet * Fraction(factor) / square)


def _pricing(policy: Policy) -> D20Pricing:
    pricing = policy.pricing
    if not isinstance(pricing, D20Pricing):  # pragma: no cover - a policy of another family
        raise TypeError(f"not a d20 policy: {pricing!r}")
    return pricing


def _codes(
    policy: Policy, notes: npt.NDArray[np.int32], factor: npt.NDArray[np.int8]
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int8]]:
    """Return the class codes and hampering exponents of positions with `notes` and `factor`."""
    _, _, _, width_e, height_e = _facts(policy.system).exponents
    mexp = factor.astype(np.int8)
    _add(mexp, (notes & _WIDTH_SQUEEZE) != 0, width_e)
    _add(mexp, (notes & NOTE_SQUEEZE_H) != 0, height_e)
    code = (
        np.minimum(mexp, _MEXP_MAX)
        | (((notes & NOTE_ALLY) != 0).astype(np.int16) << 4)
        | (((notes & NOTE_CRAWL) != 0).astype(np.int16) << 5)
    ).astype(np.int16)
    return code, mexp


def _add(factor: npt.NDArray[np.int8], mask: npt.NDArray[np.bool_], exponent: int) -> None:
    """Add `exponent` to `factor` where `mask` holds."""
    if exponent == 1:
        factor += mask
    elif exponent:
        factor += mask.astype(np.int8) * np.int8(exponent)


def _shares(policy: Policy, facts: _Facts) -> bool:
    """Tell whether the mover may end in an occupied square (switch ``tiny_end=share``).

    Seed 004 lets a very small mover "enter" occupied squares; `share` lets it end there too,
    `forbid` (the default) keeps RULES 1.3's general end rule (docs/decisions.md).
    """
    return policy.order <= facts.tiny and policy.switches.get("tiny_end", "forbid") == "share"


class D20Family:
    """The d20 family's rules (`footfall.tactical.family.RuleFamily`)."""

    family = Family.D20
    provocation: ProvocationKind | None = ProvocationKind.ATTACK_OF_OPPORTUNITY

    def sizes(self, system: System, scene: Scene) -> Mapping[str, tuple[int, int]]:
        """Return the system's size table: fine..colossal, order 0..8 (seed 004 "体型")."""
        tactical = _facts(system).tactical
        return {rule.size.value: (rule.order, rule.footprint) for rule in tactical.sizes}

    def plan(self, query: Query) -> Plan:
        """Budget the move in squares: speed x the action's multiple (RULES 1.4)."""
        system, scene, mover, spec = query.system, query.scene, query.mover, query.action
        facts = _facts(system)
        speed = moving_speed(query)
        notes: list[Remark] = []
        square_ft = scene.square or system.square
        heavy = mover.armor == Armor.HEAVY.value or mover.load == Load.HEAVY.value
        multiplier = spec.heavy_multiplier if heavy and spec.heavy_multiplier else spec.multiplier
        run = facts.tactical.multiplier(Mode.RUN, Armor(mover.armor), Load(mover.load))
        base = _in_squares(speed, 1, square_ft)
        if spec.budget == Budget.SQUARES:
            budget = spec.squares or 1
            if spec.needs_speed and speed == 0:
                budget = -1
                notes.append(remark("tactical.note.no-speed"))
        elif spec.budget == Budget.ONE_STEP:
            # Seed 000: not possible "если ... полностью лишились способности двигаться".
            budget = 1 << 20 if speed > 0 else -1
            if speed == 0:
                notes.append(remark("tactical.note.no-speed"))
        else:
            budget = (
                _in_squares(speed, multiplier, square_ft)
                if query.distance is None
                else _in_squares(query.distance, 1, square_ft)
            )
        bands = (
            (ActionId.MOVE.value, base),
            (ActionId.DOUBLE_MOVE.value, 2 * base),
            (ActionId.RUN.value, _in_squares(speed, run, square_ft)),
        )
        prepared = query.prepared
        prone = prepared.has_narrow and bool((narrow_of(prepared, mover)[0] & NOTE_CRAWL).any())
        pricing = D20Pricing(
            query.switches["hampered_diagonal"],
            facts.tactical.diagonal_costs,
            forbid_hampered=None if spec.forbid_hampered is None else RuleId(spec.forbid_hampered),
            no_ally=spec.no_ally,
            crawl_cost=max(base, 1),  # a move action: at least one square
            prone=prone,
            no_stand=spec.full_round or spec.forbid_hampered is not None,
        )
        # A charge moves at least 10 ft (official; `charge-short`): in squares, rounded up.
        min_cost = math.ceil(spec.min_distance / square_ft) if spec.min_distance else 0
        # What `_occupant_rule` reads of the query, besides the system:
        key = (query.order, query.flying, query.switches.get("tiny_end", "forbid"))
        mine, seen = occupants(query, _occupant_rule(query, facts), key)
        return Plan(
            pricing, budget, Fraction(square_ft), system.unit, bands, 1, occupants=mine,
            one_step=spec.budget == Budget.ONE_STEP, notes=tuple(notes), min_cost=min_cost,
            seen=seen,
        )  # fmt: skip

    def start(self, policy: Policy) -> Policy:
        """A mover that starts in a crawl square lies prone there (RULES 1.5): state 2."""
        if not _pricing(policy).prone:
            return policy
        x, y = policy.mover.at
        if int(build_frame(policy, x, y, x + 1, y + 1).notes[0, 0]) & NOTE_CRAWL:
            notes = (*policy.notes, remark("tactical.note.prone-start"))
            return replace(policy, start_state=2, notes=notes)
        return policy

    def mark_squares(
        self, policy: Policy, prepared: Prepared, window: Window, layers: Layers
    ) -> None:
        """Mark hampering factors, and squeezing (RULES 1.2, 1.5).

        Seed 004 (地形和障碍物): "飞行和虚体生物不受地形阻碍" - flyers ignore difficult terrain -
        and "飞行和虚体生物可以通过大部分的障碍物" - they get past most obstacles (a low wall, a
        log): no x2 and nothing to stand on. Poor visibility hampers them too; walls stop all.
        """
        aloft = policy.flying
        difficult_e, obstacle_e, visibility_e, _, _ = _facts(policy.system).exponents
        mark_terrain(prepared, window, layers, aloft=aloft)
        poor_visibility = prepared.poor_visibility[window]
        layers.notes[poor_visibility] |= NOTE_POOR_VISIBILITY
        if not aloft:
            _add(layers.factor, prepared.difficult[window], difficult_e)
            _add(layers.factor, prepared.obstacle[window], obstacle_e)
        _add(layers.factor, poor_visibility, visibility_e)
        mark_narrow(policy, prepared, window, layers)

    def classify(
        self, policy: Policy, squares: Layers, h: int, w: int
    ) -> tuple[Layers, npt.NDArray[np.int16], npt.NDArray[np.int8]]:
        """Reduce to the mover's space (squeezing through corridors), then class codes.

        It pays for the most hampered square of the space it moves into (seed 004).
        """
        n = policy.side
        positions = narrow_spaces(policy, squares, reduce_space(squares, h, w, n), h, w)
        code, mexp = _codes(policy, positions.notes, positions.factor)
        second = positions.second
        if second is not None:  # a second squeezed placement (footfall.tactical.placements)
            code2, mexp2 = _codes(policy, second.notes, second.factor)
            positions = replace(positions, second=replace(second, code=code2, mexp=mexp2))
        return positions, code, mexp

    def frame_key(self, policy: Policy) -> Hashable:
        """The side, flying, switch ``squeeze_past`` and the mover's width and height (when the
        map has narrow squares: `narrow_key`)."""
        return policy.side, policy.flying, squeeze_past_mode(policy), narrow_key(policy)

    def provoke(self, policy: Policy, passage: Passage) -> ProvocationReason | None:
        """Say whether one step past one enemy provokes an attack of opportunity (RULES 1.3-1.5).

        Leaving a square an enemy threatens (adjacent to its space: reach 5 ft) provokes; the
        5-foot step never does, and withdraw's first square is not threatened. A tiny or
        smaller enemy (reach 0 ft: official Core Rulebook / PHB "Tiny, Diminutive, and Fine
        Creatures") threatens only its own square. A tiny mover entering an enemy's square
        provokes (seed 004 line 120); so does passing a creature three sizes apart in pf1e. A
        crawl (RULES 1.5) "incurs attacks of opportunity from any attackers who threaten you at
        any point of your crawl" (official Core Rulebook / Player's Handbook, Crawl): an enemy
        threatening the square crawled from or into provokes (`crawl`); standing up from prone
        provokes from an enemy threatening that square (`stand`).
        """
        facts = _facts(policy.system)
        p, n, at, side = passage, passage.side, passage.enemy.at, passage.enemy_side
        reach = overlap if p.enemy_order <= facts.tiny else touch
        before, after = reach(p.before, n, at, side), reach(p.after, n, at, side)
        crawl = stand = False
        if _pricing(policy).prone and p.walked is not None:
            crawl = bool(p.walked.notes & NOTE_CRAWL)
            stand = not crawl and bool(p.walked.state_before & 2)
        if crawl and ((before and not p.exempt) or after):
            return ProvocationReason.CRAWL
        if stand and before and not p.exempt:
            return ProvocationReason.STAND
        if before and not p.exempt:
            return ProvocationReason.THREAT
        apart = abs(p.enemy_order - policy.order) >= facts.tactical.pass_size_gap
        if overlap(p.after, n, at, side) and (
            policy.order <= facts.tiny or (facts.pass_provokes and apart)
        ):
            return ProvocationReason.ENTER
        return None

    def explain(
        self, policy: Policy, step: WalkStep, last: bool
    ) -> tuple[list[Why], dict[str, Any] | None]:
        """Explain the diagonal count, hampering and squeezing of a step, with its penalties."""
        why: list[Why] = []
        bits = step.notes
        m = 1 << step.mexp
        crawl = bool(bits & NOTE_CRAWL)
        if step.diagonal and not crawl:
            if m > 1 and _pricing(policy).diagonal == "as-diagonals":
                why.append((RuleId.DIAGONAL, "tactical.why.diagonal-counts", {"m": m}))
            else:
                second = step.state_before & 1 == 1
                key = "tactical.why.diagonal-2nd" if second else "tactical.why.diagonal-1st"
                why.append((RuleId.DIAGONAL, key, {}))
        for bit, key in _HAMPERED_WHY:
            if bits & bit and not (bit == NOTE_DIFFICULT and policy.flying):
                why.append((RuleId.HAMPERED, key, {}))
        why.extend((RuleId.SQUEEZE, key, {}) for bit, key in _SQUEEZE_WHY if bits & bit)
        if m > 2 and not crawl:
            why.append((RuleId.HAMPERED, "tactical.why.multiplier", {"m": m}))
        if not crawl and step.state_before & 2:
            # Official: standing up from prone is a move action (and provokes).
            why.append((RuleId.SQUEEZE, "tactical.why.stand-up", {}))
        why.extend(occupant_reasons(bits))
        facts = _facts(policy.system)
        if last and _shares(policy, facts) and bits & (NOTE_ALLY | NOTE_PASS_OCCUPIED):
            # A tiny mover under tiny_end=share ends in another creature's space.
            why.append((Passing.SHARE, "tactical.why.share", {}))
        return why, _penalties(facts.tactical, bits)

    def terrain_test(self, policy: Policy, path: Sequence[Square]) -> TerrainTest | None:
        """The d20 grid needs no terrain tests (Overrun and Tumble are not computed)."""
        return None


def _occupant_rule(
    query: Query, facts: _Facts
) -> Callable[[Creature, bool, int], tuple[int, int, int, int]]:
    """Return what another creature's space is to this mover (RULES 1.3, seed 004).

    Allies are passed (not in a charge); a helpless enemy is passed freely, but one of huge
    size or more is an obstacle (x2, no ending there) to a walker; a tiny mover, or one three
    sizes apart, passes an enemy; other enemies block. No movement ends in an occupied square
    unless its occupant is helpless (or switch ``tiny_end=share`` lets a tiny mover).
    """
    tiny = query.order <= facts.tiny
    share = tiny and query.switches.get("tiny_end", "forbid") == "share"
    gap = facts.tactical.pass_size_gap
    obstacle_e = facts.exponents[1]

    def rule(other: Creature, ally: bool, order: int) -> tuple[int, int, int, int]:
        notes = block = end = factor = 0
        if ally:
            notes = NOTE_ALLY
        elif other.helpless:
            notes = NOTE_HELPLESS
            if order >= facts.huge and not query.flying:
                notes |= NOTE_HELPLESS_OBSTACLE
                factor = obstacle_e
                end = END_OBSTACLE
        elif tiny or abs(order - query.order) >= gap:
            notes = NOTE_PASS_OCCUPIED
        else:
            block = BLOCK_ENEMY
        if not other.helpless and not share:
            end = END_OCCUPIED
        return notes, block, end, factor

    return rule


def _penalties(tactical: Tactical, bits: int) -> dict[str, Any] | None:
    """Return the attack and AC modifiers of a square's squeeze rows (seed 004 "狭窄空间").

    The rows come from the system file (`Tactical.squeezing`): half width or a large mover's
    corridor, half height (-4 attack, -4 AC each; "高度和宽度造成的减值可累计", they stack), and a
    quarter of its height: prone (-4 melee attack, AC -4 against melee, +4 against ranged).
    `attack` and `ac` are the melee figures; when prone, `ac_ranged` is the AC against ranged
    attacks and `prone` is true (no ranged weapon but a crossbow).
    """
    cases = []
    if bits & _WIDTH_SQUEEZE:
        cases.append(SqueezeCase.WIDTH_HALF)
    if bits & NOTE_SQUEEZE_H:
        cases.append(SqueezeCase.HEIGHT_HALF)
    if bits & NOTE_CRAWL:
        cases.append(SqueezeCase.HEIGHT_QUARTER)
    if not cases:
        return None
    rows = [tactical.squeeze(case) for case in cases]
    out: dict[str, Any] = {
        "attack": sum(r.attack or 0 for r in rows),
        "ac": sum(r.ac or 0 for r in rows),
    }
    if any(r.prone for r in rows):
        ranged = (r.ac_ranged if r.ac_ranged is not None else r.ac or 0 for r in rows)
        out["ac_ranged"] = sum(ranged)
        out["prone"] = True
    return out


#: The d20 family.
D20 = D20Family()
