"""Load a game system's rules from its data file into frozen, typed, validated records.

Every table of the seed texts lives in ``footfall/systems/<id>.toml``; this module reads one
file into a `System` and checks it: an unknown key, a missing key or a bad value raises one
`RuleDataError` naming the file, the key and the value. No raw dict leaves this module.

API (stable: names are only ever added)::

    SYSTEM_IDS                    ("pf1e", "dnd35", "dh2e", "drawsteel")
    load_system(id) -> System     cached; unknown id -> InputError (errors.unknown)
    parse_system(text, file)      validate a data file's text (tests, custom systems)
    parse_system_data(data, file) the same for already-parsed TOML content

    System
      id, names (Names: en/ru/zh), unit (Unit: ft | m | squares), square (Fraction: side of
      one grid square in `unit`: 5 ft, 1 m, 1 square), seed (seed file name), file
      interpretations: tuple[Interpretation]   the RULES.md switches
        .interpretation(id) -> Interpretation
        .switches(overrides) -> dict[str, str]  defaults + user choices; bad -> InputError
      tactical:  Tactical | None   (pf1e, dnd35)
      travel:    Travel | None     (pf1e, dnd35)
      flight:    Flight | None     (dnd35)
      heresy:    Heresy | None     (dh2e)
      steel:     Steel | None      (drawsteel)
      actions:   tuple[ActionRule] (every system; RULES.md 1.4 / 3)   .action(id)
        ActionRule: id (ActionId), names, budget = speed_multiple x speed (heavy_multiple in
        heavy armor/load) | squares | given (N from the caller) | structured_column (dh2e),
        restrictions (frozenset[Restriction]), switches (switch ids), source,
        min_distance (Fraction | None: least distance moved, e.g. a charge's 10 ft)

    Tactical (ft, squares of 5 ft)
      modes: tuple[ModeRule]  walk 1, hustle 2, run 4 (multiplier of speed per round)
      run_heavy: Fraction     3: run multiplier in heavy armor or under a heavy load
        .multiplier(mode, armor, load) -> Fraction
      diagonal_costs: (1, 2)  the 5-10-5 rule in squares: odd diagonals 1, even 2
      hampered: tuple[HamperRule]   difficult / obstacle / poor_visibility: factor 2;
                                     impassable: factor None (cannot be entered)
        .hamper_factor(flag) -> Fraction | None
      sizes: tuple[SizeRule]        fine..colossal: order 0..8, footprint (side in squares)
        .size(Size) -> SizeRule
      squeezing: tuple[SqueezeRule] seed 004 "挤进狭窄空间" (width 1/2, narrower, height 1/2,
                                    height 1/4)
      pass_size_gap: 3              pass a creature 3+ size categories apart (RULES.md 1.3)

    Travel (pf1e/dnd35: ft per round/minute; miles per hour/day)
      rate_tables: tuple[RateTable] per round / minute / hour / day as printed (15/20/30/40 ft)
        .rate_table(Scale) -> RateTable
      local_factor: 10              ft per minute = 10 x ft per round
      mph_per_ft: 1/10              miles per hour = speed x 1/10 x mode (walk, hustle)
      walk_hours: 8                 hours of travel in a walking/riding day
        .per_round(speed, mode, armor, load) / .per_minute / .per_hour / .per_day -> Fraction
          or None (not possible on that scale)
      terrain: tuple[TerrainRow]    9 terrains x highway/road/trackless (Fraction)
        .terrain_multiplier(terrain, road) -> Fraction
      roads: tuple[RoadRule]        names of the three road kinds
      conveyances: tuple[Conveyance] mounts, vehicles, vessels (mi/h, mi/day), loaded rows
        nested as Conveyance.loaded (LoadedRate with the load band in lb)
        .conveyance(id) -> Conveyance
      day_hours: tuple[DayHours]    hours of travel a day per ConveyanceKind (8, 10, 24)
        .hours_per_day(kind | None) -> int  (None: on foot = 8)
      hustle: HustleRule            first hour free, 2nd 1 nonlethal, doubling; .damage(hour)
      forced_march: ForcedMarch     8 h, DC 10 + 2 per extra hour, 1d6; .dc(extra_hour, choice)
      water: WaterRule              current 3 mi/h, 10 h rowing + 14 h drift (+42 mi), no
                                    rowing upstream (tow only)
      run_duration: RunDuration     pf1e: Con rounds; dnd35: Con 9+ runs one minute

    Flight (dnd35 seed 004 "表:机动性")
      rows: tuple[FlightRow]  one per Maneuverability, every cell typed; `ANY` means "任意"
        .row(maneuverability) -> FlightRow
      stall: StallRule        fall 150 ft, DC 20 Reflex to recover, then 300 ft per round

    Heresy (dh2e, metres and km)
      structured: tuple[StructuredRow]  AB 0-10: half, full, charge, run (m/round, Fraction)
      structured_multiples: (1, 2, 3, 6) x AB past the table
        .structured_row(ab) -> (StructuredRow, extrapolated: bool)
      narrative: tuple[NarrativeRow]    AB 0-10: m/min, km/h, km/day as printed (Fraction)
      narrative_extrapolation: NarrativeExtrapolation  RULES.md 2 (24 AB m/min, ...)
        .narrative_row(ab) -> (NarrativeRow, extrapolated: bool)
      hustle: HeresyHustle       x2 for TB hours, Challenging (+0) Toughness, -10 cumulative,
                                 -10 Perception
      dense_factor: 1/2          narrative distance through dense terrain
      difficulties: tuple[DifficultyRule]   ordinary +10, challenging 0, difficult -10, hard -20
      terrains: tuple[AgilityTerrain]      smoke, mud, shallows, darkness, deep_snow,
                                           undergrowth, crowd, zero_gravity, rubble, tremors
        .terrain(id) -> AgilityTerrain ; .difficulty(Difficulty) -> DifficultyRule

    Steel (drawsteel, squares)
      sizes: tuple[SteelSizeRule]   1T < 1S < 1M < 1L < 2 < 3 < 4 < 5, footprints 1,1,1,1,2,3,4,5
      default_speed: 5, difficult_extra: 1 (official), share_size_gap: 2, bane_size_gap: 1

Every table record has `names` (en/ru/zh) and `source` (`Source`: document = seed file name,
``RULES.md ...`` or an official book, and table = the table's title as printed there).
Numbers are exact: `fractions.Fraction` for rates and multipliers, `int` for fixed values.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Literal, TypeVar

from footfall.errors import InputError, RuleDataError, unknown
from footfall.i18n import Lang

__all__ = [
    "ANY",
    "SYSTEM_IDS",
    "ActionId",
    "ActionRule",
    "AgilityTerrain",
    "Armor",
    "Choice",
    "Conveyance",
    "ConveyanceKind",
    "DayHours",
    "Difficulty",
    "DifficultyRule",
    "Family",
    "Flight",
    "FlightRow",
    "ForcedMarch",
    "Hamper",
    "HamperRule",
    "Heresy",
    "HeresyHustle",
    "HustleRule",
    "Interpretation",
    "Load",
    "LoadedRate",
    "Maneuverability",
    "Mode",
    "ModeRule",
    "Names",
    "NarrativeExtrapolation",
    "NarrativeRow",
    "RateRow",
    "RateTable",
    "Restriction",
    "Road",
    "RoadRule",
    "RuleId",
    "RunDuration",
    "RunDurationKind",
    "Scale",
    "Size",
    "SizeRule",
    "Source",
    "SqueezeCase",
    "SqueezeRule",
    "StallRule",
    "Steel",
    "SteelSize",
    "SteelSizeRule",
    "StructuredRow",
    "System",
    "Tactical",
    "Terrain",
    "TerrainRow",
    "Travel",
    "TurnInPlace",
    "TurnRate",
    "Unit",
    "Unlimited",
    "WaterRule",
    "load_system",
    "parse_system",
    "parse_system_data",
]

#: The systems footfall knows, in the order they are listed to users.
SYSTEM_IDS: tuple[str, ...] = ("pf1e", "dnd35", "dh2e", "drawsteel")


# --------------------------------------------------------------------------- vocabularies


class Family(StrEnum):
    """A rule family: systems that share an engine policy (ARCHITECTURE.md, "Families")."""

    D20 = "d20"
    """Pathfinder 1e and D&D 3.5: 5-10-5 diagonals, multiplying hampering, d20 actions."""
    STEEL = "steel"
    """Draw Steel: every step 1, difficult terrain +1, shift, the speed cap."""
    HERESY = "heresy"
    """Dark Heresy 2e: Agility Bonus budgets, diagonal measure by switch, Agility tests."""


class RuleId(StrEnum):
    """A rule a movement breaks or is surcharged by: the stable ids of RULES.md.

    A refusal or note carries one of these in every answer (``rule`` in the JSON contracts);
    the message beside it is translated (``tactical.rule.<id>``, ``flight.fault.*``).
    """

    OUT_OF_BOUNDS = "out-of-bounds"
    """The mover's space would leave the map."""
    WALL = "wall"
    """A wall square or a thin wall is in the way."""
    IMPASSABLE = "impassable"
    """A pit or impassable terrain (RULES.md 1.2)."""
    CORNER = "corner"
    """A diagonal past the corner of a wall (official rule, RULES.md 1.2 / 3)."""
    BUDGET = "budget"
    """The movement costs more than the action allows."""
    ENEMY_SPACE = "enemy-space"
    """An enemy's space that cannot be passed (RULES.md 1.3)."""
    OCCUPIED_END = "occupied-end"
    """The movement ends in another creature's space (RULES.md 1.3 / 3)."""
    OBSTACLE_END = "obstacle-end"
    """The movement ends on an obstacle (seed 004)."""
    HAMPERED_RUN = "hampered-run"
    """A run, charge or 5-foot step through a hampered square (RULES.md 1.4)."""
    CHARGE_SHORT = "charge-short"
    """A charge shorter than its least distance (10 ft, official rule)."""
    STAND_UP = "stand-up"
    """Standing up from prone inside an action that cannot include it (official rule)."""
    STRAIGHT_LINE = "straight-line"
    """A charge (or a straight run) that is not a straight line (RULES.md 1.4)."""
    ALLY_CHARGE = "ally-charge"
    """An ally in the way of a charge (RULES.md 1.3)."""
    SQUEEZE = "squeeze"
    """Squeezing: each square counts double (RULES.md 1.5, a surcharge note)."""
    TOO_NARROW = "too-narrow"
    """Narrower than half the mover's space, or lower than a quarter (RULES.md 1.5)."""
    SHIFT_TERRAIN = "shift-terrain"
    """A Draw Steel shift into or out of difficult or hazardous terrain (RULES.md 3)."""
    SPEED_CAP = "speed-cap"
    """A Draw Steel movement longer than the creature's speed (RULES.md 3)."""
    DIAGONAL = "diagonal"
    """The 5-10-5 count's second diagonal (a surcharge note, RULES.md 1.2)."""
    HAMPERED = "hampered"
    """A hampered square's multiplier (a surcharge note, RULES.md 1.2)."""
    FLIGHT_MIN_SPEED = "flight-min-speed"
    """Below the minimum forward speed (RULES.md 1.8)."""
    FLIGHT_TURN = "flight-turn"
    """A turn the maneuverability class does not allow here (RULES.md 1.8)."""
    FLIGHT_MAX_TURN = "flight-max-turn"
    """More turning than the class's maximum turn (RULES.md 1.8)."""
    FLIGHT_CLIMB = "flight-climb"
    """A climb steeper or faster than the class allows (RULES.md 1.8)."""
    FLIGHT_DIVE = "flight-dive"
    """A dive steeper than the class allows (RULES.md 1.8)."""
    FLIGHT_HOVER = "flight-hover"
    """Hovering without the class's hover (RULES.md 1.8)."""
    FLIGHT_BACKWARD = "flight-backward"
    """Flying backward without the class's fly backward (RULES.md 1.8)."""
    FLIGHT_LEVEL = "flight-level"
    """Climbing right after diving (or the reverse) without level flight between (RULES.md 1.8)."""
    FLIGHT_GROUND = "flight-ground"
    """A flight below the ground."""
    FLIGHT_CEILING = "flight-ceiling"
    """A flight above the scene's ceiling."""
    FLIGHT_BAND = "flight-band"
    """A flight outside the altitude band asked for."""


class Unit(StrEnum):
    """The length unit a system measures tactical movement in."""

    FT = "ft"
    """Feet (pf1e, dnd35); overland in miles."""
    M = "m"
    """Metres (dh2e); overland in km."""
    SQUARES = "squares"
    """Grid squares (drawsteel)."""


class Mode(StrEnum):
    """A pace of movement (pf1e/dnd35 "Способы перемещения" / "移动方式")."""

    WALK = "walk"
    """Walk: x1 speed (Шаг / 行走)."""
    HUSTLE = "hustle"
    """Hustle: x2 speed (Спешка / 急行)."""
    RUN = "run"
    """Run: x4, or x3 in heavy armor or under a heavy load (Бег / 奔跑)."""


class Armor(StrEnum):
    """The heaviest armor category a creature wears."""

    NONE = "none"
    """No armor."""
    LIGHT = "light"
    """Light armor."""
    MEDIUM = "medium"
    """Medium armor."""
    HEAVY = "heavy"
    """Heavy armor: runs at x3."""


class Load(StrEnum):
    """A creature's encumbrance band."""

    LIGHT = "light"
    """Light load (unencumbered)."""
    MEDIUM = "medium"
    """Medium load."""
    HEAVY = "heavy"
    """Heavy load: runs at x3 (official rule)."""


class Scale(StrEnum):
    """A time scale of the pf1e/dnd35 movement tables."""

    ROUND = "round"
    """Tactical: ft per round."""
    MINUTE = "minute"
    """Local: ft per minute."""
    HOUR = "hour"
    """Overland: miles per hour."""
    DAY = "day"
    """Overland: miles per day."""


class Hamper(StrEnum):
    """A hampered-movement condition (seed 000 "Затрудненное перемещение", 004 "受阻移动")."""

    DIFFICULT = "difficult"
    """Difficult terrain: x2."""
    OBSTACLE = "obstacle"
    """Obstacle: x2 (may need a skill check)."""
    POOR_VISIBILITY = "poor_visibility"
    """Poor visibility: x2."""
    IMPASSABLE = "impassable"
    """Impassable: cannot be entered."""


class Size(StrEnum):
    """A pf1e/dnd35 size category, smallest first."""

    FINE = "fine"
    """Fine."""
    DIMINUTIVE = "diminutive"
    """Diminutive."""
    TINY = "tiny"
    """Tiny."""
    SMALL = "small"
    """Small."""
    MEDIUM = "medium"
    """Medium."""
    LARGE = "large"
    """Large: 2x2 squares."""
    HUGE = "huge"
    """Huge: 3x3 squares."""
    GARGANTUAN = "gargantuan"
    """Gargantuan: 4x4 squares."""
    COLOSSAL = "colossal"
    """Colossal: 6x6 squares."""


class SteelSize(StrEnum):
    """A Draw Steel size, smallest first."""

    T1 = "1T"
    """Size 1 tiny."""
    S1 = "1S"
    """Size 1 small."""
    M1 = "1M"
    """Size 1 medium."""
    L1 = "1L"
    """Size 1 large."""
    TWO = "2"
    """Size 2: 2x2 squares."""
    THREE = "3"
    """Size 3: 3x3 squares."""
    FOUR = "4"
    """Size 4: 4x4 squares."""
    FIVE = "5"
    """Size 5: 5x5 squares."""


class ActionId(StrEnum):
    """A movement action (RULES.md 1.4 for pf1e/dnd35, 3 for drawsteel)."""

    MOVE = "move"
    """Move action: up to speed."""
    DOUBLE_MOVE = "double-move"
    """Two move actions: up to 2 x speed, one diagonal count."""
    RUN = "run"
    """Run: 4 x speed (3 x in heavy armor or load), no hampered square."""
    CHARGE = "charge"
    """Charge: 2 x speed in a straight line, no hampered square, no ally in the way."""
    FIVE_FOOT_STEP = "five-foot-step"
    """5-foot step: one square, not into hampered terrain."""
    WITHDRAW = "withdraw"
    """Withdraw: as a double move; the first square left does not provoke."""
    MINIMUM_MOVE = "minimum-move"
    """Full-round action: one square in any direction when hampering leaves less than 5 ft."""
    ADVANCE = "advance"
    """Draw Steel advance: move up to speed."""
    SHIFT = "shift"
    """Draw Steel shift: up to N squares, never into or out of difficult/hazardous terrain."""
    DISENGAGE = "disengage"
    """Draw Steel disengage: shift 1."""
    HALF_MOVE = "half-move"
    """dh2e half move: the structured table's half-move distance (AB m)."""
    FULL_MOVE = "full-move"
    """dh2e full move: the structured table's full-move distance (2 AB m)."""


class Restriction(StrEnum):
    """A restriction an action puts on its path (data of `ActionRule.restrictions`)."""

    ONE_DIAGONAL_COUNT = "one_diagonal_count"
    """Both moves share one 5-10-5 diagonal count."""
    NO_HAMPERED = "no_hampered"
    """No hampered square on the path (`hampered-run`)."""
    STRAIGHT_LINE = "straight_line"
    """The path is a straight line to the end square (`straight-line`)."""
    NO_ALLY = "no_ally"
    """No ally's square on the path (`ally-charge`)."""
    NOT_INTO_HAMPERED = "not_into_hampered"
    """The step may not enter a hampered square."""
    NEEDS_SPEED = "needs_speed"
    """Not possible when speed is 0."""
    FIRST_SQUARE_SAFE = "first_square_safe"
    """Leaving the first square does not provoke (reported)."""
    PROVOKES = "provokes"
    """The movement provokes attacks of opportunity (reported)."""
    FULL_ROUND = "full_round"
    """Takes a full-round action (pf1e/dnd35 run, charge, withdraw: official Core Rulebook /
    Player's Handbook, "Full-Round Actions"; minimum move: seed 000 «действие полного хода»)."""
    NO_PROVOKE = "no_provoke"
    """Never provokes (the 5-foot step, official "never provokes"; Draw Steel shifts, seed 002
    «Смещение»)."""
    ONLY_WHEN_HAMPERED = "only_when_hampered"
    """Allowed only when hampering leaves less than one square of movement."""
    NO_IMPASSABLE = "no_impassable"
    """Never into an impassable square."""
    SHIFT = "shift"
    """Shift: not into, nor out of, difficult or hazardous terrain (`shift-terrain`)."""


class Terrain(StrEnum):
    """An overland terrain of the terrain x road table (JOURNEY.md names)."""

    DESERT = "desert"
    """Desert (sandy)."""
    FOREST = "forest"
    """Forest."""
    HILLS = "hills"
    """Hills."""
    JUNGLE = "jungle"
    """Jungle."""
    MOOR = "moor"
    """Moor."""
    MOUNTAINS = "mountains"
    """Mountains."""
    PLAINS = "plains"
    """Plains."""
    SWAMP = "swamp"
    """Swamp."""
    TUNDRA = "tundra"
    """Tundra, frozen."""


class Road(StrEnum):
    """A road kind of the terrain x road table."""

    HIGHWAY = "highway"
    """Highway: straight, paved."""
    ROAD = "road"
    """Road or trail."""
    TRACKLESS = "trackless"
    """Trackless wilderness."""


class ConveyanceKind(StrEnum):
    """How a mount or vehicle moves, which fixes its hours of travel a day."""

    MOUNT = "mount"
    """A ridden animal: 8 hours a day."""
    VEHICLE = "vehicle"
    """A drawn vehicle (cart, wagon): 8 hours a day."""
    POLED = "poled"
    """Raft or barge, poled or towed: 10 hours a day."""
    ROWED = "rowed"
    """Rowed vessel: 10 hours a day."""
    SAILED = "sailed"
    """Sailed ship: 24 hours a day."""
    SAILED_OR_ROWED = "sailed_or_rowed"
    """Ship under sail or oars: 24 hours a day."""


class RunDurationKind(StrEnum):
    """How long a pf1e/dnd35 character can keep running."""

    CON_ROUNDS = "con_rounds"
    """pf1e: rounds equal to the Constitution score."""
    CON_MINUTE = "con_minute"
    """dnd35: Con of at least `min_con` runs one minute, then rests."""


class Maneuverability(StrEnum):
    """A dnd35 flight maneuverability class."""

    PERFECT = "perfect"
    """Perfect (完美)."""
    GOOD = "good"
    """Good (良好)."""
    AVERAGE = "average"
    """Average (普通)."""
    POOR = "poor"
    """Poor (不良)."""
    CLUMSY = "clumsy"
    """Clumsy (笨拙)."""


class Unlimited(Enum):
    """The "any" (任意) cell of the maneuverability table: no limit."""

    ANY = "any"
    """Any amount: the rule does not limit this."""


#: The "any" value of flight cells.
ANY: Literal[Unlimited.ANY] = Unlimited.ANY


class Difficulty(StrEnum):
    """A dh2e test difficulty."""

    ORDINARY = "ordinary"
    """Ordinary (+10)."""
    CHALLENGING = "challenging"
    """Challenging (+0)."""
    DIFFICULT = "difficult"
    """Difficult (-10)."""
    HARD = "hard"
    """Hard (-20)."""


class SqueezeCase(StrEnum):
    """A row of the squeezing table (seed 004 "狭窄空间")."""

    WIDTH_HALF = "width_half"
    """At least half the creature's width: half speed, -4 attack, -4 AC."""
    WIDTH_NARROWER = "width_narrower"
    """Narrower than half its width: Escape Artist only; no attacks, AC loses Dex, -4."""
    HEIGHT_HALF = "height_half"
    """Half its height: half speed, -4 attack, -4 AC."""
    HEIGHT_QUARTER = "height_quarter"
    """A quarter of its height: prone crawl, 5 ft per move."""


# --------------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class Names:
    """A term's name in English, Russian and Chinese (seed words where the seeds have them)."""

    en: str
    ru: str
    zh: str

    def get(self, lang: Lang) -> str:
        """Return the name in `lang`."""
        return {"en": self.en, "ru": self.ru, "zh": self.zh}[lang]


@dataclass(frozen=True, slots=True)
class Source:
    """Where a rule comes from: a document (seed file, RULES.md, a book) and a table title."""

    document: str
    table: str

    def __str__(self) -> str:
        return f"{self.document}: {self.table}"


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of an interpretation switch, with its one-line meaning."""

    id: str
    doc: str


@dataclass(frozen=True, slots=True)
class Interpretation:
    """An interpretation switch of RULES.md: its choices, default and source."""

    id: str
    default: str
    choices: tuple[Choice, ...]
    source: Source

    @property
    def choice_ids(self) -> tuple[str, ...]:
        """The ids of the choices, in data-file order."""
        return tuple(c.id for c in self.choices)


@dataclass(frozen=True, slots=True)
class ModeRule:
    """A pace and its multiplier of speed (seed table "Скорость и пройденное расстояние")."""

    mode: Mode
    names: Names
    multiplier: Fraction


@dataclass(frozen=True, slots=True)
class HamperRule:
    """A hampered-movement condition: its cost factor, None when impassable."""

    flag: Hamper
    names: Names
    factor: Fraction | None


@dataclass(frozen=True, slots=True)
class SizeRule:
    """A pf1e/dnd35 size: order (fine = 0) and footprint (side of its space in squares)."""

    size: Size
    names: Names
    order: int
    footprint: int


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
    fixed_ft: int | None
    needs_skill: str | None
    attack: int | None
    ac: int | None
    ac_ranged: int | None
    ac_dex_lost: bool
    no_attacks: bool
    prone: bool


@dataclass(frozen=True, slots=True)
class ActionRule:
    """A movement action: its budget and restrictions (RULES.md 1.4 / 3).

    The budget is `speed_multiple` x speed (with `heavy_multiple` instead in heavy armor or
    under a heavy load, when set), or a fixed `squares`, or N given by the caller (`given`),
    or (dh2e) the `structured_column` of the structured-movement table.
    `switches` names interpretation switches that change the action (e.g. ``run_straight``).
    """

    id: ActionId
    names: Names
    speed_multiple: Fraction | None
    heavy_multiple: Fraction | None
    squares: int | None
    given: bool
    restrictions: frozenset[Restriction]
    switches: tuple[str, ...]
    source: Source
    structured_column: str | None = None
    """dh2e: the budget is this column of the structured table (``half_move``, ``full_move``,
    ``charge``, ``run``) at the mover's Agility Bonus."""
    min_distance: Fraction | None = None
    """The least distance the movement must cover, in the system's unit (pf1e/dnd35 charge:
    10 ft, official Core Rulebook / Player's Handbook), or None for no minimum."""


@dataclass(frozen=True, slots=True)
class Tactical:
    """pf1e/dnd35 grid rules: modes, hampering, sizes, squeezing (distances in ft)."""

    modes: tuple[ModeRule, ...]
    run_heavy: Fraction
    modes_source: Source
    diagonal_costs: tuple[int, int]
    diagonal_source: Source
    hampered: tuple[HamperRule, ...]
    hampered_names: Names
    hampered_source: Source
    sizes: tuple[SizeRule, ...]
    sizes_source: Source
    pass_size_gap: int
    squeezing: tuple[SqueezeRule, ...]
    squeezing_names: Names
    squeezing_source: Source

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


@dataclass(frozen=True, slots=True)
class RateRow:
    """A row of a printed rate table: its id (walk, hustle, run_x3, run_x4, run) and cells."""

    id: str
    names: Names
    values: tuple[Fraction | None, ...]


@dataclass(frozen=True, slots=True)
class RateTable:
    """A printed movement-and-distance table of one scale, for speeds 15/20/30/40 ft.

    `unit` is ``ft`` (round, minute) or ``mi`` (hour, day); None cells are printed "-".
    """

    scale: Scale
    names: Names
    unit: str
    speeds: tuple[int, ...]
    rows: tuple[RateRow, ...]
    source: Source

    def row(self, row_id: str) -> RateRow:
        """Return the row `row_id`."""
        return next(r for r in self.rows if r.id == row_id)


@dataclass(frozen=True, slots=True)
class TerrainRow:
    """A row of the terrain x road table: multipliers of overland speed."""

    terrain: Terrain
    names: Names
    highway: Fraction
    road: Fraction
    trackless: Fraction

    def multiplier(self, road: Road) -> Fraction:
        """Return the multiplier on `road`."""
        return {Road.HIGHWAY: self.highway, Road.ROAD: self.road, Road.TRACKLESS: self.trackless}[
            road
        ]


@dataclass(frozen=True, slots=True)
class RoadRule:
    """A road kind's names."""

    road: Road
    names: Names


@dataclass(frozen=True, slots=True)
class LoadedRate:
    """A mount's loaded row: the load band in lb and the slower rates (mi/h, mi/day)."""

    load_lb: tuple[int, int]
    per_hour: Fraction
    per_day: Fraction
    row: str
    """The row label as printed in the seed."""


@dataclass(frozen=True, slots=True)
class Conveyance:
    """A mount, vehicle or vessel of the mounts-and-vehicles table (mi/h, mi/day).

    `river` marks the footnoted vessels (raft, barge, keelboat, rowboat) that add the current
    downstream, may drift, and cannot be rowed upstream. `row` is the printed row label (one
    printed row can cover two ids, e.g. "轻型马/轻型战马").
    """

    id: str
    names: Names
    kind: ConveyanceKind
    per_hour: Fraction
    per_day: Fraction
    river: bool
    loaded: LoadedRate | None
    row: str


@dataclass(frozen=True, slots=True)
class DayHours:
    """Hours of travel in a day for one conveyance kind."""

    kind: ConveyanceKind
    hours: int


@dataclass(frozen=True, slots=True)
class HustleRule:
    """Overland hustle: free hours, then damage doubling each hour (nonlethal; mounts lethal)."""

    names: Names
    free_hours: int
    first_damage: int
    growth: int
    mount_lethal: bool
    source: Source

    def damage(self, hour: int) -> int:
        """Return the damage of the `hour`-th hustled hour since the last sleep (1-based)."""
        if hour <= self.free_hours:
            return 0
        factor: int = self.growth ** (hour - self.free_hours - 1)
        return self.first_damage * factor


@dataclass(frozen=True, slots=True)
class ForcedMarch:
    """Forced march: past `base_hours`, a Con check each hour, DC `dc_base` + `dc_step` x n."""

    names: Names
    base_hours: int
    dc_base: int
    dc_step: int
    damage_dice: int
    damage_sides: int
    mount_auto_fail: bool
    source: Source

    def dc(self, extra_hour: int, choice: str = "plus-each") -> int:
        """Return the DC of the `extra_hour`-th hour past the base (1 = hour 9).

        `choice` is the ``forced_march_dc`` switch: ``plus-each`` (12, 14, 16 ...) or
        ``first-is-10`` (10, 12, 14 ...).
        """
        if extra_hour < 1:
            raise InputError(f"forced-march hour must be at least 1, got {extra_hour}")
        if choice == "plus-each":
            return self.dc_base + self.dc_step * extra_hour
        if choice == "first-is-10":
            return self.dc_base + self.dc_step * (extra_hour - 1)
        raise unknown("forced_march_dc choice", choice, ("plus-each", "first-is-10"))


@dataclass(frozen=True, slots=True)
class WaterRule:
    """River travel: current, rowing and drift hours, upstream rule (mi/h, hours)."""

    names: Names
    current_mph: Fraction
    row_hours: int
    drift_hours: int
    drift_miles: Fraction
    upstream_rowing: bool
    tow: bool
    source: Source


@dataclass(frozen=True, slots=True)
class RunDuration:
    """How long a character can run (local scale)."""

    kind: RunDurationKind
    names: Names
    min_con: int | None
    source: Source


@dataclass(frozen=True, slots=True)
class Travel:
    """pf1e/dnd35 rates per round, minute, hour and day; overland travel tables."""

    rate_tables: tuple[RateTable, ...]
    local_factor: int
    mph_per_ft: Fraction
    walk_hours: int
    hour_modes: tuple[Mode, ...]
    day_modes: tuple[Mode, ...]
    formula_source: Source
    terrain: tuple[TerrainRow, ...]
    roads: tuple[RoadRule, ...]
    terrain_names: Names
    terrain_source: Source
    conveyances: tuple[Conveyance, ...]
    conveyances_names: Names
    conveyances_source: Source
    day_hours: tuple[DayHours, ...]
    day_hours_source: Source
    hustle: HustleRule
    forced_march: ForcedMarch
    water: WaterRule
    run_duration: RunDuration
    tactical: Tactical

    def rate_table(self, scale: Scale) -> RateTable:
        """Return the printed table of `scale`."""
        return next(t for t in self.rate_tables if t.scale == scale)

    def per_round(
        self, speed: int, mode: Mode, armor: Armor = Armor.NONE, load: Load = Load.LIGHT
    ) -> Fraction:
        """Return ft per round: speed x mode multiplier."""
        return speed * self.tactical.multiplier(mode, armor, load)

    def per_minute(
        self, speed: int, mode: Mode, armor: Armor = Armor.NONE, load: Load = Load.LIGHT
    ) -> Fraction:
        """Return ft per minute: `local_factor` x ft per round."""
        return self.local_factor * self.per_round(speed, mode, armor, load)

    def per_hour(self, speed: int, mode: Mode) -> Fraction | None:
        """Return miles per hour (speed / 10 x mode), None where the mode is not possible."""
        if mode not in self.hour_modes:
            return None
        return speed * self.mph_per_ft * self.tactical.mode(mode).multiplier

    def per_day(self, speed: int, mode: Mode) -> Fraction | None:
        """Return miles per day (`walk_hours` x per hour), None where not possible."""
        if mode not in self.day_modes:
            return None
        per_hour = self.per_hour(speed, mode)
        return None if per_hour is None else self.walk_hours * per_hour

    def terrain_row(self, terrain: Terrain) -> TerrainRow:
        """Return the row of `terrain`."""
        return next(r for r in self.terrain if r.terrain == terrain)

    def terrain_multiplier(self, terrain: Terrain, road: Road) -> Fraction:
        """Return the overland multiplier of `terrain` on `road`."""
        return self.terrain_row(terrain).multiplier(road)

    def conveyance(self, conveyance_id: str) -> Conveyance:
        """Return the conveyance `conveyance_id`, or raise `InputError` naming the known ones."""
        for c in self.conveyances:
            if c.id == conveyance_id:
                return c
        raise unknown("mount or vehicle", conveyance_id, [c.id for c in self.conveyances])

    def hours_per_day(self, kind: ConveyanceKind | None = None) -> int:
        """Return the hours of travel in a day: on foot (None) `walk_hours`, else per kind."""
        if kind is None:
            return self.walk_hours
        return next(d.hours for d in self.day_hours if d.kind == kind)


@dataclass(frozen=True, slots=True)
class TurnRate:
    """A turn limit: up to `degrees` per `per_ft` ft of forward movement."""

    degrees: int
    per_ft: int


@dataclass(frozen=True, slots=True)
class TurnInPlace:
    """A turn in place: `degrees` more turn for `cost_ft` ft of movement spent."""

    degrees: int
    cost_ft: int


@dataclass(frozen=True, slots=True)
class FlightRow:
    """A column of the maneuverability table, every cell typed.

    - `min_forward_speed`: None (无, no minimum) or a fraction of fly speed (1/2, 半速)
    - `hover`, `fly_backward`: whether the creature can
    - `reverse`: `ANY` (free), an int cost in ft (5: "-5英尺"), or None (不可)
    - `turn`: `ANY` or a `TurnRate` (90° per 5 ft ...)
    - `turn_in_place`: `ANY`, a `TurnInPlace` (+90° for -5 ft) or None (不可)
    - `max_turn`, `up_angle`, `down_angle`: `ANY` or degrees
    - `up_speed`, `down_speed`: fractions of fly speed (1 full, 1/2 half; 2 double)
    - `between_down_up_ft`: level flight needed between a dive and a climb, ft
    """

    maneuverability: Maneuverability
    names: Names
    min_forward_speed: Fraction | None
    hover: bool
    fly_backward: bool
    reverse: Literal[Unlimited.ANY] | int | None
    turn: Literal[Unlimited.ANY] | TurnRate
    turn_in_place: Literal[Unlimited.ANY] | TurnInPlace | None
    max_turn: Literal[Unlimited.ANY] | int
    up_angle: Literal[Unlimited.ANY] | int
    up_speed: Fraction
    down_angle: Literal[Unlimited.ANY] | int
    down_speed: Fraction
    between_down_up_ft: int


@dataclass(frozen=True, slots=True)
class StallRule:
    """Falling below the minimum forward speed: first fall, Reflex DC, later falls (ft)."""

    first_fall_ft: int
    recover_dc: int
    further_fall_ft: int
    source: Source


@dataclass(frozen=True, slots=True)
class Flight:
    """dnd35 flight: the maneuverability table and the stall rule."""

    rows: tuple[FlightRow, ...]
    names: Names
    source: Source
    stall: StallRule

    def row(self, maneuverability: Maneuverability) -> FlightRow:
        """Return the column of `maneuverability`."""
        return next(r for r in self.rows if r.maneuverability == maneuverability)


@dataclass(frozen=True, slots=True)
class StructuredRow:
    """A row of dh2e structured movement: metres per round by action."""

    ab: int
    half_move: Fraction
    full_move: Fraction
    charge: Fraction
    run: Fraction


@dataclass(frozen=True, slots=True)
class NarrativeRow:
    """A row of dh2e narrative movement: m per minute, km per hour, km per day."""

    ab: int
    per_minute_m: Fraction
    per_hour_km: Fraction
    per_day_km: Fraction


@dataclass(frozen=True, slots=True)
class NarrativeExtrapolation:
    """RULES.md 2 past AB 10: m/min = `minute_per_ab` x AB; km/h = m/min x `hour_factor`
    rounded to the nearest whole km; km/day = `day_factor` x km/h."""

    minute_per_ab: int
    hour_factor: Fraction
    day_factor: int
    source: Source


@dataclass(frozen=True, slots=True)
class HeresyHustle:
    """dh2e hustle: speed x`multiplier` for TB hours, then Toughness tests."""

    names: Names
    multiplier: Fraction
    test: Difficulty
    cumulative: int
    perception: int
    source: Source


@dataclass(frozen=True, slots=True)
class DifficultyRule:
    """A dh2e test difficulty and its modifier."""

    difficulty: Difficulty
    names: Names
    modifier: int


@dataclass(frozen=True, slots=True)
class AgilityTerrain:
    """A row of the dh2e terrain Agility-test table."""

    id: str
    names: Names
    difficulty: Difficulty
    aliases: tuple[str, ...] = ()
    """Other words the row's name covers (seed 001 "Дым или туман": smoke, and fog)."""


@dataclass(frozen=True, slots=True)
class Heresy:
    """Dark Heresy 2e movement tables (metres, km)."""

    structured: tuple[StructuredRow, ...]
    structured_multiples: tuple[Fraction, Fraction, Fraction, Fraction]
    structured_names: Names
    structured_source: Source
    narrative: tuple[NarrativeRow, ...]
    narrative_names: Names
    narrative_source: Source
    narrative_extrapolation: NarrativeExtrapolation
    hustle: HeresyHustle
    dense_factor: Fraction
    dense_source: Source
    difficulties: tuple[DifficultyRule, ...]
    terrains: tuple[AgilityTerrain, ...]
    terrains_names: Names
    terrains_source: Source

    @property
    def table_max_ab(self) -> int:
        """The highest Agility Bonus the seed tables print."""
        return self.structured[-1].ab

    def structured_row(self, ab: int) -> tuple[StructuredRow, bool]:
        """Return the structured row of `ab` and whether it is extrapolated past the table."""
        _check_ab(ab)
        for row in self.structured:
            if row.ab == ab:
                return row, False
        half, full, charge, run = (m * ab for m in self.structured_multiples)
        return StructuredRow(ab, half, full, charge, run), True

    def narrative_row(self, ab: int) -> tuple[NarrativeRow, bool]:
        """Return the narrative row of `ab` and whether it is extrapolated past the table."""
        _check_ab(ab)
        for row in self.narrative:
            if row.ab == ab:
                return row, False
        x = self.narrative_extrapolation
        minute = Fraction(x.minute_per_ab * ab)
        hour = Fraction(_round_half_up(minute * x.hour_factor))
        return NarrativeRow(ab, minute, hour, x.day_factor * hour), True

    def terrain(self, terrain_id: str) -> AgilityTerrain:
        """Return the terrain `terrain_id`, or raise `InputError` naming the known ones."""
        for t in self.terrains:
            if terrain_id == t.id or terrain_id in t.aliases:
                return t
        raise unknown("terrain", terrain_id, [t.id for t in self.terrains])

    def difficulty(self, difficulty: Difficulty) -> DifficultyRule:
        """Return the rule of `difficulty`."""
        return next(d for d in self.difficulties if d.difficulty == difficulty)


@dataclass(frozen=True, slots=True)
class SteelSizeRule:
    """A Draw Steel size: order (1T = 0) and footprint (side of its space in squares)."""

    size: SteelSize
    names: Names
    order: int
    footprint: int


@dataclass(frozen=True, slots=True)
class Steel:
    """Draw Steel movement: sizes, default speed, difficult terrain cost (squares)."""

    sizes: tuple[SteelSizeRule, ...]
    sizes_names: Names
    sizes_source: Source
    default_speed: int
    speed_source: Source
    difficult_extra: int
    difficult_source: Source
    share_size_gap: int
    bane_size_gap: int
    occupancy_source: Source

    def size(self, size: SteelSize) -> SteelSizeRule:
        """Return the rule of `size`."""
        return next(s for s in self.sizes if s.size == size)


@dataclass(frozen=True, slots=True)
class System:
    """One game's rules, validated from its data file (see the module docstring)."""

    id: str
    family: Family
    names: Names
    unit: Unit
    square: Fraction
    seed: str
    file: str
    interpretations: tuple[Interpretation, ...]
    actions: tuple[ActionRule, ...]
    actions_names: Names
    default_action: ActionId
    """The action a query uses when it names none (SCENE.md "Actions")."""
    tactical: Tactical | None
    travel: Travel | None
    flight: Flight | None
    heresy: Heresy | None
    steel: Steel | None

    def interpretation(self, switch: str) -> Interpretation:
        """Return the switch `switch`, or raise `InputError` naming the known switches."""
        for i in self.interpretations:
            if i.id == switch:
                return i
        raise unknown(f"{self.id} rule switch", switch, [i.id for i in self.interpretations])

    def switches(self, overrides: Mapping[str, str] | None = None) -> dict[str, str]:
        """Return every switch's choice: the defaults, replaced by the valid `overrides`.

        An unknown switch or choice raises `InputError` naming the valid ones.
        """
        chosen = {i.id: i.default for i in self.interpretations}
        for switch, choice in (overrides or {}).items():
            rule = self.interpretation(switch)
            if choice not in rule.choice_ids:
                raise unknown(f"{switch} choice", choice, rule.choice_ids)
            chosen[switch] = choice
        return chosen

    def action(self, action: ActionId | str) -> ActionRule:
        """Return the action `action`, or raise `InputError` naming this system's actions."""
        for a in self.actions:
            if a.id == action:
                return a
        raise unknown(f"{self.id} action", action, [a.id.value for a in self.actions])


def _check_ab(ab: int) -> None:
    if ab < 0:
        raise InputError(f"agility bonus must be 0 or more, got {ab}")


def _round_half_up(value: Fraction) -> int:
    return int((value + Fraction(1, 2)) // 1)


# --------------------------------------------------------------------------- loading


@cache
def load_system(system_id: str) -> System:
    """Return the validated rules of `system_id`; an unknown id raises `InputError`."""
    if system_id not in SYSTEM_IDS:
        raise unknown("system", system_id, SYSTEM_IDS)
    file = f"{system_id}.toml"
    text = resources.files("footfall.systems").joinpath(file).read_text(encoding="utf-8")
    return parse_system(text, f"systems/{file}", expected_id=system_id)


def parse_system(text: str, file: str, *, expected_id: str | None = None) -> System:
    """Parse and validate a system data file's `text`; `file` names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleDataError(f"{file}: not valid TOML: {exc}") from None
    return parse_system_data(data, file, expected_id=expected_id)


def parse_system_data(
    data: Mapping[str, object], file: str, *, expected_id: str | None = None
) -> System:
    """Validate already-parsed data-file content `data` into a `System`; `file` names it."""
    root = _Node(file, "", data)
    system = _system(root)
    if expected_id is not None and system.id != expected_id:
        raise root.error("id", system.id, f"expected {expected_id!r}")
    return system


E = TypeVar("E", bound=StrEnum)
T = TypeVar("T")

_FRACTION = re.compile(r"^-?\d+(/\d+)?$|^-?\d+\.\d+$")


class _Node:
    """A TOML table being read: tracks the file and key path, rejects unknown keys."""

    def __init__(self, file: str, path: str, data: Mapping[str, object]) -> None:
        self.file = file
        self.path = path
        self.data = data
        self.used: set[str] = set()

    def key(self, key: str) -> str:
        if not key:
            return self.path
        return f"{self.path}.{key}" if self.path else key

    def error(self, key: str, value: object, why: str) -> RuleDataError:
        return RuleDataError(f"{self.file}: key {self.key(key)!r}: bad value {value!r}: {why}")

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str) -> object:
        self.used.add(key)
        if key not in self.data:
            raise RuleDataError(f"{self.file}: key {self.key(key)!r} is missing")
        return self.data[key]

    def close(self) -> None:
        extra = [k for k in self.data if k not in self.used]
        if extra:
            raise self.error(extra[0], self.data[extra[0]], "unknown key")

    def sub(self, key: str) -> _Node:
        value = self.raw(key)
        if not isinstance(value, dict):
            raise self.error(key, value, "expected a table")
        return _Node(self.file, self.key(key), value)

    def subs(self, key: str) -> list[tuple[str, _Node]]:
        node = self.sub(key)
        out = []
        for k in node.data:
            out.append((k, node.sub(k)))
        return out

    def array(self, key: str) -> list[_Node]:
        value = self.raw(key)
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.error(key, value, "expected an array of tables")
        return [_Node(self.file, f"{self.key(key)}[{i}]", v) for i, v in enumerate(value)]

    def str_(self, key: str) -> str:
        value = self.raw(key)
        if not isinstance(value, str) or not value:
            raise self.error(key, value, "expected a non-empty string")
        return value

    def opt_str(self, key: str) -> str | None:
        return self.str_(key) if self.has(key) else None

    def bool_(self, key: str) -> bool:
        value = self.raw(key)
        if not isinstance(value, bool):
            raise self.error(key, value, "expected true or false")
        return value

    def int_(self, key: str, *, minimum: int | None = None) -> int:
        value = self.raw(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(key, value, "expected an integer")
        if minimum is not None and value < minimum:
            raise self.error(key, value, f"expected at least {minimum}")
        return value

    def opt_int(self, key: str, *, minimum: int | None = None) -> int | None:
        return self.int_(key, minimum=minimum) if self.has(key) else None

    def frac_value(self, key: str, value: object) -> Fraction:
        if isinstance(value, int) and not isinstance(value, bool):
            return Fraction(value)
        if isinstance(value, str) and _FRACTION.match(value):
            try:
                return Fraction(value)
            except ZeroDivisionError:
                raise self.error(key, value, "division by zero") from None
        raise self.error(key, value, "expected an integer or an exact fraction string ('3/4')")

    def frac(self, key: str, *, positive: bool = True) -> Fraction:
        value = self.frac_value(key, self.raw(key))
        if positive and value <= 0:
            raise self.error(key, self.data[key], "expected a positive number")
        return value

    def opt_frac(self, key: str) -> Fraction | None:
        return self.frac(key) if self.has(key) else None

    def enum(self, key: str, cls: type[E]) -> E:
        value = self.raw(key)
        try:
            if not isinstance(value, str):
                raise ValueError(value)
            return cls(value)
        except ValueError:
            known = ", ".join(m.value for m in cls)
            raise self.error(key, value, f"expected one of {known}") from None

    def choice(self, key: str, choices: tuple[str, ...]) -> str:
        value = self.raw(key)
        if value not in choices:
            raise self.error(key, value, f"expected one of {', '.join(choices)}")
        return str(value)

    def names(self, key: str = "names") -> Names:
        node = self.sub(key)
        names = Names(node.str_("en"), node.str_("ru"), node.str_("zh"))
        node.close()
        return names

    def source(self, key: str = "source") -> Source:
        node = self.sub(key)
        source = Source(node.str_("document"), node.str_("table"))
        node.close()
        return source


def _keyed(
    node: _Node, key: str, cls: type[E], build: Callable[[E, _Node], T], *, complete: bool = True
) -> tuple[T, ...]:
    """Read a table of tables keyed by `cls` members, in file order; all members if complete."""
    items: dict[E, T] = {}
    for k, sub in node.subs(key):
        try:
            member = cls(k)
        except ValueError:
            known = ", ".join(m.value for m in cls)
            raise node.error(f"{key}.{k}", k, f"unknown id, expected one of {known}") from None
        items[member] = build(member, sub)
        sub.close()
    if complete:
        missing = [m.value for m in cls if m not in items]
        if missing:
            raise node.error(key, sorted(k for k in items), f"missing {', '.join(missing)}")
    return tuple(items.values())


def _system(root: _Node) -> System:
    system_id = root.choice("id", SYSTEM_IDS)
    family = root.enum("family", Family)
    names = root.names()
    unit = root.enum("unit", Unit)
    square = root.frac("square")
    seed = root.str_("seed")
    interpretations = tuple(_interpretation(k, n) for k, n in root.subs("interpretations"))
    actions_node = root.sub("actions")
    actions_names = actions_node.names()
    default_action = actions_node.enum("default", ActionId)
    actions = tuple(_action(k, n) for k, n in actions_node.subs("rows"))
    if default_action not in {a.id for a in actions}:
        raise actions_node.error("default", default_action.value, "not one of the actions")
    actions_node.close()
    tactical = _tactical(root.sub("tactical")) if root.has("tactical") else None
    travel = None
    if root.has("travel"):
        if tactical is None:
            raise root.error("travel", "...", "a travel table needs the tactical table")
        travel = _travel(root.sub("travel"), tactical)
    flight = _flight(root.sub("flight")) if root.has("flight") else None
    heresy = _heresy(root.sub("heresy")) if root.has("heresy") else None
    steel = _steel(root.sub("steel")) if root.has("steel") else None
    root.close()
    return System(
        id=system_id,
        family=family,
        names=names,
        unit=unit,
        square=square,
        seed=seed,
        file=root.file,
        interpretations=interpretations,
        actions=actions,
        actions_names=actions_names,
        default_action=default_action,
        tactical=tactical,
        travel=travel,
        flight=flight,
        heresy=heresy,
        steel=steel,
    )


def _interpretation(switch: str, node: _Node) -> Interpretation:
    choices_node = node.sub("choices")
    choices = tuple(Choice(k, choices_node.str_(k)) for k in list(choices_node.data))
    choices_node.close()
    if len(choices) < 2:
        raise node.error("choices", [c.id for c in choices], "a switch needs two choices or more")
    default = node.choice("default", tuple(c.id for c in choices))
    source = node.source()
    node.close()
    return Interpretation(switch, default, choices, source)


def _action(key: str, node: _Node) -> ActionRule:
    try:
        action_id = ActionId(key)
    except ValueError:
        known = ", ".join(a.value for a in ActionId)
        raise node.error("", key, f"unknown action, expected one of {known}") from None
    restrictions: list[Restriction] = []
    raw = node.raw("restrictions")
    if not isinstance(raw, list):
        raise node.error("restrictions", raw, "expected a list")
    for value in raw:
        try:
            restrictions.append(Restriction(value))
        except ValueError:
            known = ", ".join(r.value for r in Restriction)
            raise node.error("restrictions", value, f"expected one of {known}") from None
    switches = node.raw("switches") if node.has("switches") else []
    if not isinstance(switches, list) or not all(isinstance(s, str) for s in switches):
        raise node.error("switches", switches, "expected a list of switch ids")
    rule = ActionRule(
        id=action_id,
        names=node.names(),
        speed_multiple=node.opt_frac("speed_multiple"),
        heavy_multiple=node.opt_frac("heavy_multiple"),
        squares=node.opt_int("squares", minimum=1),
        given=node.bool_("given") if node.has("given") else False,
        restrictions=frozenset(restrictions),
        switches=tuple(switches),
        source=node.source(),
        structured_column=(
            node.choice("structured_column", ("half_move", "full_move", "charge", "run"))
            if node.has("structured_column")
            else None
        ),
        min_distance=node.opt_frac("min_distance"),
    )
    if rule.min_distance is not None and Restriction.STRAIGHT_LINE not in rule.restrictions:
        # The search does not count distance moved; a straight line's cost is its distance.
        raise node.error("min_distance", rule.min_distance, "only a straight_line action")
    budgets = [
        rule.speed_multiple is not None,
        rule.squares is not None,
        rule.given,
        rule.structured_column is not None,
    ]
    if sum(budgets) != 1:
        raise node.error(
            "", key, "needs exactly one of speed_multiple, squares, given, structured_column"
        )
    node.close()
    return rule


def _tactical(node: _Node) -> Tactical:
    modes_node = node.sub("modes")
    modes = _keyed(
        modes_node,
        "rows",
        Mode,
        lambda m, n: ModeRule(m, n.names(), n.frac("multiplier")),
    )
    run_heavy = modes_node.frac("run_heavy")
    modes_source = modes_node.source()
    modes_node.close()
    diag = node.sub("diagonal")
    costs = diag.raw("costs")
    if not (
        isinstance(costs, list)
        and len(costs) == 2
        and all(isinstance(c, int) and not isinstance(c, bool) and c > 0 for c in costs)
    ):
        raise diag.error("costs", costs, "expected two positive integers")
    diagonal_source = diag.source()
    diag.close()
    ham = node.sub("hampered")

    def hamper(flag: Hamper, n: _Node) -> HamperRule:
        factor_raw = n.raw("factor")
        factor = None if factor_raw == "-" else n.frac("factor")
        if (factor is None) != (flag is Hamper.IMPASSABLE):
            raise n.error("factor", factor_raw, "only impassable has no factor ('-')")
        return HamperRule(flag, n.names(), factor)

    hampered = _keyed(ham, "rows", Hamper, hamper)
    hampered_names = ham.names()
    hampered_source = ham.source()
    ham.close()
    sz = node.sub("sizes")

    def size(s: Size, n: _Node) -> SizeRule:
        return SizeRule(s, n.names(), list(Size).index(s), n.int_("footprint", minimum=1))

    sizes = _keyed(sz, "rows", Size, size)
    sizes_source = sz.source()
    pass_gap = sz.int_("pass_size_gap", minimum=1)
    sz.close()
    sq = node.sub("squeezing")

    def squeeze(case: SqueezeCase, n: _Node) -> SqueezeRule:
        return SqueezeRule(
            case=case,
            names=n.names(),
            speed_factor=n.opt_frac("speed_factor"),
            fixed_ft=n.opt_int("fixed_ft", minimum=1),
            needs_skill=n.opt_str("needs_skill"),
            attack=n.opt_int("attack"),
            ac=n.opt_int("ac"),
            ac_ranged=n.opt_int("ac_ranged"),
            ac_dex_lost=n.bool_("ac_dex_lost"),
            no_attacks=n.bool_("no_attacks"),
            prone=n.bool_("prone"),
        )

    squeezing = _keyed(sq, "rows", SqueezeCase, squeeze)
    squeezing_names = sq.names()
    squeezing_source = sq.source()
    sq.close()
    node.close()
    return Tactical(
        modes=modes,
        run_heavy=run_heavy,
        modes_source=modes_source,
        diagonal_costs=(costs[0], costs[1]),
        diagonal_source=diagonal_source,
        hampered=hampered,
        hampered_names=hampered_names,
        hampered_source=hampered_source,
        sizes=sizes,
        sizes_source=sizes_source,
        pass_size_gap=pass_gap,
        squeezing=squeezing,
        squeezing_names=squeezing_names,
        squeezing_source=squeezing_source,
    )


def _rate_table(scale: Scale, node: _Node) -> RateTable:
    speeds_raw = node.raw("speeds")
    if not isinstance(speeds_raw, list) or not all(
        isinstance(s, int) and not isinstance(s, bool) and s > 0 for s in speeds_raw
    ):
        raise node.error("speeds", speeds_raw, "expected a list of positive integers")
    speeds = tuple(speeds_raw)
    rows = []
    for row_id, rn in node.subs("rows"):
        values_raw = rn.raw("values")
        if not isinstance(values_raw, list) or len(values_raw) != len(speeds):
            raise rn.error("values", values_raw, f"expected {len(speeds)} cells")
        values = tuple(
            None if v == "-" else rn.frac_value(f"values[{i}]", v) for i, v in enumerate(values_raw)
        )
        rows.append(RateRow(row_id, rn.names(), values))
        rn.close()
    return RateTable(
        scale=scale,
        names=node.names(),
        unit=node.choice("unit", ("ft", "mi")),
        speeds=speeds,
        rows=tuple(rows),
        source=node.source(),
    )


def _travel(node: _Node, tactical: Tactical) -> Travel:
    rate_tables = _keyed(node, "rates", Scale, _rate_table)
    formula = node.sub("formula")
    local_factor = formula.int_("local_factor", minimum=1)
    mph_per_ft = formula.frac("mph_per_ft")
    walk_hours = formula.int_("walk_hours", minimum=1)

    def modes(key: str) -> tuple[Mode, ...]:
        raw = formula.raw(key)
        if not isinstance(raw, list):
            raise formula.error(key, raw, "expected a list of modes")
        try:
            return tuple(Mode(m) for m in raw)
        except ValueError:
            raise formula.error(key, raw, "expected walk, hustle or run") from None

    hour_modes = modes("hour_modes")
    day_modes = modes("day_modes")
    formula_source = formula.source()
    formula.close()

    ter = node.sub("terrain")
    terrain = _keyed(
        ter,
        "rows",
        Terrain,
        lambda t, n: TerrainRow(
            t, n.names(), n.frac("highway"), n.frac("road"), n.frac("trackless")
        ),
    )
    roads = _keyed(ter, "roads", Road, lambda r, n: RoadRule(r, n.names()))
    terrain_names = ter.names()
    terrain_source = ter.source()
    ter.close()

    conv = node.sub("conveyances")
    conveyances = []
    seen: set[str] = set()
    for cn in conv.array("rows"):
        cid = cn.str_("id")
        if cid in seen:
            raise cn.error("id", cid, "duplicate id")
        seen.add(cid)
        loaded = None
        if cn.has("loaded"):
            ln = cn.sub("loaded")
            band = ln.raw("load_lb")
            if not (
                isinstance(band, list)
                and len(band) == 2
                and all(isinstance(b, int) and not isinstance(b, bool) for b in band)
                and 0 < band[0] < band[1]
            ):
                raise ln.error("load_lb", band, "expected [low, high] pounds, low < high")
            loaded = LoadedRate(
                (band[0], band[1]), ln.frac("per_hour"), ln.frac("per_day"), ln.str_("row")
            )
            ln.close()
        conveyances.append(
            Conveyance(
                id=cid,
                names=cn.names(),
                kind=cn.enum("kind", ConveyanceKind),
                per_hour=cn.frac("per_hour"),
                per_day=cn.frac("per_day"),
                river=cn.bool_("river"),
                loaded=loaded,
                row=cn.str_("row"),
            )
        )
        cn.close()
    conveyances_names = conv.names()
    conveyances_source = conv.source()
    conv.close()

    dh = node.sub("day_hours")
    day_hours = _keyed(
        dh, "rows", ConveyanceKind, lambda k, n: DayHours(k, n.int_("hours", minimum=1))
    )
    day_hours_source = dh.source()
    dh.close()
    for c in conveyances:
        hours = next(d.hours for d in day_hours if d.kind is c.kind)
        for label, hour, day in [("", c.per_hour, c.per_day)] + (
            [(" loaded", c.loaded.per_hour, c.loaded.per_day)] if c.loaded else []
        ):
            if hour * hours != day:
                raise conv.error(
                    f"rows.{c.id}{label}",
                    f"{hour} mi/h, {day} mi/day",
                    f"per day must be {hours} x per hour ({c.kind.value})",
                )

    hn = node.sub("hustle")
    hustle = HustleRule(
        names=hn.names(),
        free_hours=hn.int_("free_hours", minimum=0),
        first_damage=hn.int_("first_damage", minimum=1),
        growth=hn.int_("growth", minimum=1),
        mount_lethal=hn.bool_("mount_lethal"),
        source=hn.source(),
    )
    hn.close()
    fm = node.sub("forced_march")
    forced = ForcedMarch(
        names=fm.names(),
        base_hours=fm.int_("base_hours", minimum=1),
        dc_base=fm.int_("dc_base", minimum=1),
        dc_step=fm.int_("dc_step", minimum=0),
        damage_dice=fm.int_("damage_dice", minimum=1),
        damage_sides=fm.int_("damage_sides", minimum=2),
        mount_auto_fail=fm.bool_("mount_auto_fail"),
        source=fm.source(),
    )
    fm.close()
    wn = node.sub("water")
    water = WaterRule(
        names=wn.names(),
        current_mph=wn.frac("current_mph"),
        row_hours=wn.int_("row_hours", minimum=1),
        drift_hours=wn.int_("drift_hours", minimum=0),
        drift_miles=wn.frac("drift_miles"),
        upstream_rowing=wn.bool_("upstream_rowing"),
        tow=wn.bool_("tow"),
        source=wn.source(),
    )
    if water.current_mph * water.drift_hours != water.drift_miles:
        raise wn.error("drift_miles", str(water.drift_miles), "must be current_mph x drift_hours")
    wn.close()
    rd = node.sub("run_duration")
    run_duration = RunDuration(
        kind=rd.enum("kind", RunDurationKind),
        names=rd.names(),
        min_con=rd.opt_int("min_con", minimum=1),
        source=rd.source(),
    )
    rd.close()
    node.close()
    return Travel(
        rate_tables=rate_tables,
        local_factor=local_factor,
        mph_per_ft=mph_per_ft,
        walk_hours=walk_hours,
        hour_modes=hour_modes,
        day_modes=day_modes,
        formula_source=formula_source,
        terrain=terrain,
        roads=roads,
        terrain_names=terrain_names,
        terrain_source=terrain_source,
        conveyances=tuple(conveyances),
        conveyances_names=conveyances_names,
        conveyances_source=conveyances_source,
        day_hours=day_hours,
        day_hours_source=day_hours_source,
        hustle=hustle,
        forced_march=forced,
        water=water,
        run_duration=run_duration,
        tactical=tactical,
    )


def _any_or(node: _Node, key: str, parse: Callable[[object], T]) -> Literal[Unlimited.ANY] | T:
    value = node.raw(key)
    if value == "any":
        return ANY
    try:
        return parse(value)
    except (TypeError, ValueError):
        raise node.error(key, value, "expected 'any' or a valid cell") from None


def _degrees(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 < value <= 360:
        raise ValueError(value)
    return value


def _turn(value: object) -> TurnRate:
    if not isinstance(value, dict) or set(value) != {"degrees", "per_ft"}:
        raise ValueError(value)
    return TurnRate(_degrees(value["degrees"]), _degrees(value["per_ft"]))


def _turn_in_place(value: object) -> TurnInPlace:
    if not isinstance(value, dict) or set(value) != {"degrees", "cost_ft"}:
        raise ValueError(value)
    return TurnInPlace(_degrees(value["degrees"]), _degrees(value["cost_ft"]))


def _flight(node: _Node) -> Flight:
    def row(m: Maneuverability, n: _Node) -> FlightRow:
        mfs_raw = n.raw("min_forward_speed")
        mfs = None if mfs_raw == "none" else n.frac("min_forward_speed")
        reverse_raw = n.raw("reverse")
        reverse: Literal[Unlimited.ANY] | int | None = (
            None if reverse_raw == "no" else _any_or(n, "reverse", _degrees)
        )
        tip_raw = n.raw("turn_in_place")
        turn_in_place: Literal[Unlimited.ANY] | TurnInPlace | None = (
            None if tip_raw == "no" else _any_or(n, "turn_in_place", _turn_in_place)
        )
        return FlightRow(
            maneuverability=m,
            names=n.names(),
            min_forward_speed=mfs,
            hover=n.bool_("hover"),
            fly_backward=n.bool_("fly_backward"),
            reverse=reverse,
            turn=_any_or(n, "turn", _turn),
            turn_in_place=turn_in_place,
            max_turn=_any_or(n, "max_turn", _degrees),
            up_angle=_any_or(n, "up_angle", _degrees),
            up_speed=n.frac("up_speed"),
            down_angle=_any_or(n, "down_angle", _degrees),
            down_speed=n.frac("down_speed"),
            between_down_up_ft=n.int_("between_down_up_ft", minimum=0),
        )

    rows = _keyed(node, "rows", Maneuverability, row)
    names = node.names()
    source = node.source()
    st = node.sub("stall")
    stall = StallRule(
        first_fall_ft=st.int_("first_fall_ft", minimum=1),
        recover_dc=st.int_("recover_dc", minimum=1),
        further_fall_ft=st.int_("further_fall_ft", minimum=1),
        source=st.source(),
    )
    st.close()
    node.close()
    return Flight(rows, names, source, stall)


def _ab_rows(node: _Node, key: str) -> Iterator[tuple[int, _Node]]:
    for i, (k, n) in enumerate(node.subs(key)):
        if not k.isdigit() or int(k) != i:
            raise node.error(
                f"{key}.{k}", k, f"rows must be AB 0, 1, 2 ... in order (expected {i})"
            )
        yield int(k), n


def _heresy(node: _Node) -> Heresy:
    st = node.sub("structured")
    structured = []
    for ab, n in _ab_rows(st, "rows"):
        structured.append(
            StructuredRow(
                ab, n.frac("half_move"), n.frac("full_move"), n.frac("charge"), n.frac("run")
            )
        )
        n.close()
    mult = st.sub("multiples")
    multiples = (
        mult.frac("half_move"),
        mult.frac("full_move"),
        mult.frac("charge"),
        mult.frac("run"),
    )
    mult.close()
    structured_names = st.names()
    structured_source = st.source()
    st.close()
    na = node.sub("narrative")
    narrative = []
    for ab, n in _ab_rows(na, "rows"):
        narrative.append(
            NarrativeRow(ab, n.frac("per_minute_m"), n.frac("per_hour_km"), n.frac("per_day_km"))
        )
        n.close()
    ex = na.sub("extrapolation")
    extrapolation = NarrativeExtrapolation(
        minute_per_ab=ex.int_("minute_per_ab", minimum=1),
        hour_factor=ex.frac("hour_factor"),
        day_factor=ex.int_("day_factor", minimum=1),
        source=ex.source(),
    )
    ex.close()
    narrative_names = na.names()
    narrative_source = na.source()
    na.close()
    if len(narrative) != len(structured):
        raise node.error("narrative.rows", len(narrative), "must cover the same AB as structured")
    hu = node.sub("hustle")
    hustle = HeresyHustle(
        names=hu.names(),
        multiplier=hu.frac("multiplier"),
        test=hu.enum("test", Difficulty),
        cumulative=hu.int_("cumulative"),
        perception=hu.int_("perception"),
        source=hu.source(),
    )
    hu.close()
    de = node.sub("dense")
    dense_factor = de.frac("factor")
    dense_source = de.source()
    de.close()
    difficulties = _keyed(
        node,
        "difficulties",
        Difficulty,
        lambda d, n: DifficultyRule(d, n.names(), n.int_("modifier")),
    )
    te = node.sub("terrain")
    terrains = []
    for tid, n in te.subs("rows"):
        aliases = n.raw("aliases") if n.has("aliases") else []
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            raise n.error("aliases", aliases, "expected a list of words")
        terrains.append(
            AgilityTerrain(tid, n.names(), n.enum("difficulty", Difficulty), tuple(aliases))
        )
        n.close()
    terrains_names = te.names()
    terrains_source = te.source()
    te.close()
    node.close()
    return Heresy(
        structured=tuple(structured),
        structured_multiples=multiples,
        structured_names=structured_names,
        structured_source=structured_source,
        narrative=tuple(narrative),
        narrative_names=narrative_names,
        narrative_source=narrative_source,
        narrative_extrapolation=extrapolation,
        hustle=hustle,
        dense_factor=dense_factor,
        dense_source=dense_source,
        difficulties=difficulties,
        terrains=tuple(terrains),
        terrains_names=terrains_names,
        terrains_source=terrains_source,
    )


def _steel(node: _Node) -> Steel:
    sz = node.sub("sizes")
    sizes = _keyed(
        sz,
        "rows",
        SteelSize,
        lambda s, n: SteelSizeRule(
            s, n.names(), list(SteelSize).index(s), n.int_("footprint", minimum=1)
        ),
    )
    sizes_names = sz.names()
    sizes_source = sz.source()
    sz.close()
    sp = node.sub("speed")
    default_speed = sp.int_("default", minimum=1)
    speed_source = sp.source()
    sp.close()
    di = node.sub("difficult")
    difficult_extra = di.int_("extra_cost", minimum=0)
    difficult_source = di.source()
    di.close()
    oc = node.sub("occupancy")
    share_gap = oc.int_("share_size_gap", minimum=1)
    bane_gap = oc.int_("bane_size_gap", minimum=0)
    occupancy_source = oc.source()
    oc.close()
    node.close()
    return Steel(
        sizes=sizes,
        sizes_names=sizes_names,
        sizes_source=sizes_source,
        default_speed=default_speed,
        speed_source=speed_source,
        difficult_extra=difficult_extra,
        difficult_source=difficult_source,
        share_size_gap=share_gap,
        bane_size_gap=bane_gap,
        occupancy_source=occupancy_source,
    )
