"""The pf1e/dnd35 grid rules of a system file's ``[tactical]`` table (distances in ft).

Modes and their multipliers, the 5-10-5 diagonal costs, hampered movement, sizes and
squeezing: seed 000 / 004 tables, each record with its names and source beside it.
"""

# Annotations stay evaluated (no `from __future__ import annotations`): the reader reads them
# with `typing.get_type_hints`, which would otherwise compile each one again at first load.

from dataclasses import dataclass, field
from fractions import Fraction

from footfall.rules.common import Names, Source
from footfall.rules.reader import Fault, Rows, Spec, rank
from footfall.rules.vocabulary import Armor, Hamper, Load, Mode, Size, SqueezeCase

__all__ = [
    "HamperRule",
    "ModeRule",
    "ReducedSpeed",
    "ReducedSpeedRow",
    "SizeRule",
    "SqueezeRule",
    "Tactical",
]


@dataclass(frozen=True, slots=True)
class ModeRule:
    """A pace and its multiplier of speed (seed table "Скорость и пройденное расстояние")."""

    mode: Mode
    names: Names
    multiplier: Fraction


@dataclass(frozen=True, slots=True)
class HamperRule:
    """A hampered-movement condition: its cost factor, None (written "-") when impassable."""

    flag: Hamper
    names: Names
    factor: Fraction | None = field(metadata=Spec(none="-"))

    def __post_init__(self) -> None:
        """Refuse a factor on impassable terrain, or none on the others."""
        if (self.factor is None) != (self.flag is Hamper.IMPASSABLE):
            value = "-" if self.factor is None else str(self.factor)
            raise Fault("error.rules.impassable-factor", key="factor", value=value, raw=True)


@dataclass(frozen=True, slots=True)
class SizeRule:
    """A pf1e/dnd35 size: order (fine = 0) and footprint (side of its space in squares)."""

    size: Size
    names: Names
    order: int = field(metadata=Spec(derive=rank("size")))
    footprint: int = field(metadata=Spec(minimum=1))


@dataclass(frozen=True, slots=True)
class SqueezeRule:
    """A row of the squeezing table.

    `speed_factor` multiplies speed (1/2: half speed; None when movement is not a fraction of
    speed); `fixed_ft` is a fixed movement per move (crawl 5 ft); `needs_skill` names a skill
    check that is required (Escape Artist); attack and AC modifiers are reported, `ac_dex_lost`
    says whether the Dexterity bonus to AC is lost, `no_attacks` whether attacking is barred.
    """

    case: SqueezeCase
    names: Names
    speed_factor: Fraction | None
    fixed_ft: int | None = field(metadata=Spec(minimum=1))
    needs_skill: str | None
    attack: int | None
    ac: int | None
    ac_ranged: int | None
    ac_dex_lost: bool
    no_attacks: bool
    prone: bool


@dataclass(frozen=True, slots=True)
class ReducedSpeedRow:
    """A printed row of the reduced-speed table: a base speed and its speed in armor (ft)."""

    base: int = field(metadata=Spec(minimum=1))
    reduced: int = field(metadata=Spec(minimum=1))


@dataclass(frozen=True, slots=True)
class ReducedSpeed:
    """How medium or heavy armor and a medium or heavy load slow a creature (official tables).

    `armors` and `loads` are the armor categories and loads that reduce the speed (armor and
    load do not stack: the worse figure counts, and both give the same one); `rows` the
    printed base speed -> reduced speed rows; `factor` the general rule the rows follow, for
    every other base speed: `factor` x base speed, rounded up to a whole square. The loader
    checks every printed row against the general rule.
    """

    names: Names
    armors: frozenset[Armor]
    loads: frozenset[Load]
    factor: Fraction
    rows: tuple[ReducedSpeedRow, ...]
    source: Source
    step: int = field(default=5, metadata=Spec(minimum=1))
    """The rounding step of the general rule, in ft (a 5-ft square)."""

    def __post_init__(self) -> None:
        """Refuse a printed row the general rule does not give (a transcription slip)."""
        for i, row in enumerate(self.rows):
            expected = self.rule(row.base)
            if row.reduced != expected:
                raise Fault(
                    "error.rules.reduced-speed",
                    key=f"rows[{i}].reduced",
                    value=row.reduced,
                    expected=expected,
                    factor=str(self.factor),
                    step=self.step,
                )

    def rule(self, base: int) -> int:
        """Return the general rule's reduced speed of `base` ft.

        >>> ReducedSpeed(Names("", "", ""), frozenset(), frozenset(), Fraction(2, 3), (),
        ...              Source("", "")).rule(40)
        30
        """
        return -(-base * self.factor // self.step) * self.step

    def slows(self, armor: Armor, load: Load) -> bool:
        """Tell whether `armor` or `load` reduces a creature's speed."""
        return armor in self.armors or load in self.loads

    def speed(self, base: int, armor: Armor = Armor.NONE, load: Load = Load.LIGHT) -> int:
        """Return the speed of a creature of base speed `base` ft in `armor` under `load`.

        The printed row of `base` when there is one, else the general rule (both agree).
        """
        if not self.slows(armor, load):
            return base
        row = next((r for r in self.rows if r.base == base), None)
        return row.reduced if row is not None else self.rule(base)


@dataclass(frozen=True, slots=True)
class Tactical:
    """pf1e/dnd35 grid rules: modes, hampering, sizes, squeezing (distances in ft)."""

    modes: tuple[ModeRule, ...] = field(metadata=Spec(at="modes.rows", rows=Rows()))
    run_heavy: Fraction = field(metadata=Spec(at="modes.run_heavy"))
    """The run multiplier in heavy armor or under a heavy load (x3)."""
    modes_source: Source = field(metadata=Spec(at="modes.source"))
    diagonal_costs: tuple[int, int] = field(metadata=Spec(at="diagonal.costs", minimum=1))
    """The 5-10-5 rule in squares: odd diagonals 1, even 2."""
    diagonal_source: Source = field(metadata=Spec(at="diagonal.source"))
    hampered: tuple[HamperRule, ...] = field(metadata=Spec(at="hampered.rows", rows=Rows()))
    hampered_names: Names = field(metadata=Spec(at="hampered.names"))
    hampered_source: Source = field(metadata=Spec(at="hampered.source"))
    sizes: tuple[SizeRule, ...] = field(metadata=Spec(at="sizes.rows", rows=Rows()))
    sizes_source: Source = field(metadata=Spec(at="sizes.source"))
    pass_size_gap: int = field(metadata=Spec(at="sizes.pass_size_gap", minimum=1))
    """A creature may pass one this many size categories apart (RULES.md 1.3)."""
    pass_provokes: bool = field(metadata=Spec(at="sizes.pass_provokes"))
    """Whether passing such a creature provokes attacks of opportunity from it (RULES.md 1.3:
    pf1e adds it, Core Rulebook "Moving Through a Square"; the 3.5 PHB does not)."""
    squeezing: tuple[SqueezeRule, ...] = field(metadata=Spec(at="squeezing.rows", rows=Rows()))
    squeezing_names: Names = field(metadata=Spec(at="squeezing.names"))
    squeezing_source: Source = field(metadata=Spec(at="squeezing.source"))
    reduced_speed: ReducedSpeed | None = None
    """How armor and load slow a creature (official tables); None: they do not."""

    def mode(self, mode: Mode) -> ModeRule:
        """Return the rule of `mode`."""
        return next(m for m in self.modes if m.mode == mode)

    def multiplier(
        self, mode: Mode, armor: Armor = Armor.NONE, load: Load = Load.LIGHT
    ) -> Fraction:
        """Return the speed multiplier of `mode` (run x3 in heavy armor or under heavy load)."""
        if mode == Mode.RUN and (armor == Armor.HEAVY or load == Load.HEAVY):
            return self.run_heavy
        return self.mode(mode).multiplier

    def hamper_factor(self, flag: Hamper) -> Fraction | None:
        """Return the cost factor of `flag`; None means the square cannot be entered."""
        return next(h.factor for h in self.hampered if h.flag == flag)

    def size(self, size: Size) -> SizeRule:
        """Return the rule of `size`."""
        return next(s for s in self.sizes if s.size == size)

    def squeeze(self, case: SqueezeCase) -> SqueezeRule:
        """Return the squeezing row of `case`."""
        return next(s for s in self.squeezing if s.case == case)
