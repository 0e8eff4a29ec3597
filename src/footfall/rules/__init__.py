"""Load a game system's rules from its data file into frozen, typed, validated records.

Every table of the seed texts lives in ``footfall/systems/<id>.toml`` (docs/data-files.md
describes the layout and each table's seed source). The package by concern:

- `footfall.rules.vocabulary`: every closed vocabulary (`Family`, `RuleId`, `Mode`, `Size` ...)
- `footfall.rules.common`: `Names`, `Source`, the interpretation switches
- `footfall.rules.system`: `System`, `ActionRule`, `parse_system`
- `footfall.rules.tactical`, `.travel`, `.flight`, `.heresy`, `.steel`: each family's tables
- `footfall.rules.conditions`: the conditions that change movement (fatigued, prone ...)
- `footfall.rules.reader`: the reader, driven by the records' own field types
- `footfall.rules.registry`: the shipped systems, `SYSTEM_IDS` and `load_system` (cached)

A malformed file raises one `RuleDataError` naming the file, the key and the value; no raw
dict leaves the package. Numbers are exact: `Fraction` for rates and multipliers, `int` for
fixed values.

>>> system = load_system("pf1e")
>>> system.family, system.unit, system.square
(<Family.D20: 'd20'>, <Unit.FT: 'ft'>, Fraction(5, 1))
>>> system.tactical.multiplier(Mode.RUN, Armor.HEAVY)
Fraction(3, 1)
"""

from __future__ import annotations

from footfall.rules.common import Choice, Interpretation, Names, Source
from footfall.rules.conditions import ConditionRule, Conditions
from footfall.rules.flight import Flight, FlightRow, StallRule, TurnInPlace, TurnRate
from footfall.rules.forced import Falling, Hurl, Material, SteelForced
from footfall.rules.heresy import (
    AgilityTerrain,
    DifficultyRule,
    Heresy,
    HeresyHustle,
    NarrativeExtrapolation,
    NarrativeRow,
    StructuredMultiples,
    StructuredRow,
)
from footfall.rules.registry import SYSTEM_IDS, load_system
from footfall.rules.steel import Steel, SteelSizeRule
from footfall.rules.system import ActionRule, System, parse_system, parse_system_data
from footfall.rules.tactical import (
    HamperRule,
    ModeRule,
    ReducedSpeed,
    ReducedSpeedRow,
    SizeRule,
    SqueezeRule,
    Tactical,
)
from footfall.rules.travel import (
    Conveyance,
    DayHours,
    ForcedMarch,
    HustleRule,
    LoadedRate,
    RateRow,
    RateTable,
    RoadRule,
    RunDuration,
    TerrainRow,
    Travel,
    WaterRule,
)
from footfall.rules.turn import Turn, TurnAction
from footfall.rules.vocabulary import (
    ANY,
    ActionId,
    Armor,
    Condition,
    ConveyanceKind,
    Difficulty,
    Family,
    Hamper,
    Load,
    Maneuverability,
    Mode,
    Restriction,
    Road,
    RuleId,
    RunDurationKind,
    Scale,
    Size,
    SqueezeCase,
    SteelSize,
    StructuredColumn,
    SwitchTopic,
    SwitchWhen,
    Terrain,
    Unit,
    Unlimited,
)

__all__ = [
    "ANY",
    "SYSTEM_IDS",
    "ActionId",
    "ActionRule",
    "AgilityTerrain",
    "Armor",
    "Choice",
    "Condition",
    "ConditionRule",
    "Conditions",
    "Conveyance",
    "ConveyanceKind",
    "DayHours",
    "Difficulty",
    "DifficultyRule",
    "Falling",
    "Family",
    "Flight",
    "FlightRow",
    "ForcedMarch",
    "Hamper",
    "HamperRule",
    "Heresy",
    "HeresyHustle",
    "Hurl",
    "HustleRule",
    "Interpretation",
    "Load",
    "LoadedRate",
    "Maneuverability",
    "Material",
    "Mode",
    "ModeRule",
    "Names",
    "NarrativeExtrapolation",
    "NarrativeRow",
    "RateRow",
    "RateTable",
    "ReducedSpeed",
    "ReducedSpeedRow",
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
    "SteelForced",
    "SteelSize",
    "SteelSizeRule",
    "StructuredColumn",
    "StructuredMultiples",
    "StructuredRow",
    "SwitchTopic",
    "SwitchWhen",
    "System",
    "Tactical",
    "Terrain",
    "TerrainRow",
    "Travel",
    "Turn",
    "TurnAction",
    "TurnInPlace",
    "TurnRate",
    "Unit",
    "Unlimited",
    "WaterRule",
    "load_system",
    "parse_system",
    "parse_system_data",
]
