"""The closed vocabularies of the rules: every enum a data file or a query names.

A member equals, hashes and JSON-encodes as its string (`StrEnum`), so a data file names it in
lowercase and a caller may pass either; each member says in one line what it means.
"""

from __future__ import annotations

from enum import Enum, StrEnum
from typing import Literal

__all__ = [
    "ANY",
    "ActionId",
    "Armor",
    "Condition",
    "ConveyanceKind",
    "Difficulty",
    "Family",
    "Hamper",
    "Load",
    "Maneuverability",
    "Mode",
    "Restriction",
    "Road",
    "RuleId",
    "RunDurationKind",
    "Scale",
    "Size",
    "SqueezeCase",
    "SteelSize",
    "StructuredColumn",
    "SwitchTopic",
    "SwitchWhen",
    "Terrain",
    "Unit",
    "Unlimited",
]


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
    CONDITION = "condition"
    """A condition of the mover (fatigued, grappled, slowed ...) forbids this movement."""
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


class Condition(StrEnum):
    """A condition that changes a creature's movement (a creature's ``conditions``).

    Each system's data file says which it has and what each does (``[conditions]``,
    docs/decisions.md "Conditions"); a scene may name only its system's.
    """

    FATIGUED = "fatigued"
    """Fatigued: no run, no charge (seed 000 «Спешка», seed 004 急行)."""
    EXHAUSTED = "exhausted"
    """Exhausted: half speed, no run, no charge (official Conditions)."""
    ENTANGLED = "entangled"
    """Entangled: half speed, no run, no charge (official Conditions)."""
    GRAPPLED = "grappled"
    """Grappled: cannot move (official Conditions)."""
    PINNED = "pinned"
    """Pinned: cannot move (official Conditions)."""
    PARALYZED = "paralyzed"
    """Paralyzed: cannot move; helpless (official Conditions)."""
    PRONE = "prone"
    """Prone: crawls, or (pf1e / dnd35) stands up first (official Conditions, seed 004)."""
    SLOWED = "slowed"
    """Draw Steel slowed: speed 2 unless already lower, no shift (seed 002, Heroes)."""
    RESTRAINED = "restrained"
    """Draw Steel restrained: speed 0 (Draw Steel Heroes, Conditions)."""
    GRABBED = "grabbed"
    """Draw Steel grabbed: speed 0 (Draw Steel Heroes, Conditions)."""


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


class StructuredColumn(StrEnum):
    """A column of the dh2e structured-movement table (seed 001): a dh2e action's budget."""

    HALF_MOVE = "half_move"
    """Half move: AB metres a round."""
    FULL_MOVE = "full_move"
    """Full move: 2 x AB metres."""
    CHARGE = "charge"
    """Charge: 3 x AB metres."""
    RUN = "run"
    """Run: 6 x AB metres."""


class SwitchTopic(StrEnum):
    """What an interpretation switch changes: the answers of one kind of question (issue 14).

    The page shows a switch only where its topic's answers are on screen (docs/i18n.md).
    """

    TACTICAL = "tactical"
    """Movement on the battle map: reach, paths, path checks, encounter moves."""
    TRAVEL = "travel"
    """Overland travel: journeys, days, forced march."""
    FLIGHT = "flight"
    """D&D 3.5 flight by maneuverability (``footfall fly``, ``/api/flight``)."""
    CHASE = "chase"
    """Chases (``footfall chase``, ``/api/chase``)."""
    FORCED = "forced"
    """Forced movement: push, pull, slide (``footfall forced``, ``/api/forced``)."""


class SwitchWhen(StrEnum):
    """Where a switch of a topic changes the answers only if the question has something.

    Without one, a switch changes every answer of its topic.
    """

    ACTION = "action"
    """An action asked names the switch (its ``switches``): run_straight under a run."""
    TINY_CREATURE = "tiny-creature"
    """The scene has a creature of tiny size or smaller (the sizes that enter occupied
    squares)."""
    TWO_SIDES = "two-sides"
    """The scene has creatures of two sides or more: someone has an enemy to pass."""
    FORCED_MARCH = "forced-march"
    """The journey asks for hours of forced march."""
