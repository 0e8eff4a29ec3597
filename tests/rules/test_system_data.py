"""The rules loader: validation of data files, names, sources, switches and rule helpers."""

from __future__ import annotations

import copy
import dataclasses
import functools
import tomllib
from collections.abc import Iterator
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.errors import InputError, RuleDataError
from footfall.i18n import LANGS
from footfall.rules import (
    SYSTEM_IDS,
    ActionId,
    Armor,
    ConveyanceKind,
    Load,
    Mode,
    Names,
    Restriction,
    Road,
    Size,
    Source,
    System,
    Terrain,
    Unit,
    load_system,
    parse_system,
    parse_system_data,
)
from footfall.tables import table_ids, table_view
from helpers import strategies

SEED_FILES = {
    "pf1e": "000_709853d3f24b4f08.txt",
    "dnd35": "004_1ebcbb398b2730fb.txt",
    "dh2e": "001_7dd902c1d3d218d3.txt",
    "drawsteel": "002_04c8635cf4b5ed28.txt",
}


def _text(system_id: str) -> str:
    return resources.files("footfall.systems").joinpath(f"{system_id}.toml").read_text("utf-8")


def _walk(value: object) -> Iterator[object]:
    """Yield `value` and every record, tuple item and field value inside it."""
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _walk(getattr(value, f.name))
    elif isinstance(value, tuple | frozenset):
        for item in value:
            yield from _walk(item)


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_system_loads_with_its_seed_and_unit(system_id: str) -> None:
    """Each packaged data file loads and names its seed, unit and square size."""
    system = load_system(system_id)
    assert system.id == system_id
    assert system.seed == SEED_FILES[system_id]
    expected = {
        "pf1e": (Unit.FT, 5),
        "dnd35": (Unit.FT, 5),
        "dh2e": (Unit.M, 1),
        "drawsteel": (Unit.SQUARES, 1),
    }
    assert (system.unit, system.square) == expected[system_id]


def test_unknown_system_names_the_known_ones() -> None:
    """An unknown system id is an InputError listing the four systems."""
    with pytest.raises(InputError) as err:
        load_system("pf2e")
    assert str(err.value) == "unknown system 'pf2e' (known: pf1e, dnd35, dh2e, drawsteel)"


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_name_has_three_languages(system_id: str) -> None:
    """Every term of every table has non-empty en, ru and zh names."""
    names = [v for v in _walk(load_system(system_id)) if isinstance(v, Names)]
    assert len(names) > 10
    for n in names:
        assert n.en.strip() and n.ru.strip() and n.zh.strip(), n


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_record_source_is_a_known_document(system_id: str) -> None:
    """Every Source names the system's seed, RULES.md, or an official book, and a table."""
    system = load_system(system_id)
    sources = [v for v in _walk(system) if isinstance(v, Source)]
    assert sources
    official = {
        "pf1e": {"Pathfinder Core Rulebook"},
        "dnd35": {"D&D 3.5 Player's Handbook"},
        "dh2e": set(),
        "drawsteel": {"Draw Steel Heroes"},
    }[system_id]
    # pf1e borrows seed 004's squeezing table (RULES.md 1.5)
    seeds = {system.seed} | ({SEED_FILES["dnd35"]} if system_id == "pf1e" else set())
    for source in sources:
        assert source.document in seeds | {"RULES.md"} | official, source
        assert source.table.strip()


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_table_view_names_its_source(system_id: str) -> None:
    """`footfall tables` has a source (document and title) for every table it lists."""
    system = load_system(system_id)
    ids = table_ids(system)
    assert ids
    for tid in ids:
        view = table_view(system, tid)
        assert view.source.document and view.source.table, tid
        assert view.rows, tid


def test_seed_words_are_the_seed_language() -> None:
    """Names carry the seed's own words: ru «Спешка» (000, 001), zh «急行» (004)."""
    pf1e, dnd35 = load_system("pf1e"), load_system("dnd35")
    assert pf1e.tactical is not None and dnd35.tactical is not None
    assert pf1e.tactical.mode(Mode.HUSTLE).names.ru == "Спешка"
    assert dnd35.tactical.mode(Mode.HUSTLE).names.zh == "急行"
    heresy = load_system("dh2e").heresy
    assert heresy is not None
    assert heresy.hustle.names.ru == "Спешка"
    steel = load_system("drawsteel")
    assert steel.action(ActionId.ADVANCE).names.ru == "Стандартное движение"


# ------------------------------------------------------------------ switches


def test_switch_defaults_follow_rules_md() -> None:
    """The RULES.md switches and their defaults are in the data files."""
    assert load_system("pf1e").switches() == {
        "hampered_diagonal": "as-diagonals",
        "run_straight": "off",
        "tiny_end": "share",
        "squeeze_past": "squeezing",
        "forced_march_dc": "plus-each",
        "chase_tie": "pursuer",
    }
    assert load_system("dnd35").switches() == {
        **load_system("pf1e").switches(),
        "flight_turn_credit": "reset",
        "flight_climb_cost": "covered",
        "flight_round_start": "turn-ready",
    }
    assert load_system("dh2e").switches() == {"diagonal": "equidistant"}
    assert load_system("drawsteel").switches() == {"forced_share": "collide"}


def test_switch_choices_have_docs() -> None:
    """Every switch choice documents itself in one line."""
    for system_id in SYSTEM_IDS:
        for switch in load_system(system_id).interpretations:
            assert switch.default in switch.choice_ids
            for choice in switch.choices:
                assert choice.doc.strip() and "\n" not in choice.doc
    assert load_system("dh2e").interpretation("diagonal").choice_ids == (
        "equidistant",
        "alternating",
        "euclidean",
    )


def test_switch_override_replaces_default() -> None:
    """A valid user choice replaces the default and leaves the others alone."""
    chosen = load_system("pf1e").switches({"hampered_diagonal": "multiply"})
    assert chosen["hampered_diagonal"] == "multiply"
    assert chosen["chase_tie"] == "pursuer"


def test_bad_switch_choice_names_the_choices() -> None:
    """An unknown choice is an InputError naming the valid choices."""
    with pytest.raises(InputError) as err:
        load_system("pf1e").switches({"forced_march_dc": "plus-two"})
    assert str(err.value) == (
        "unknown forced_march_dc choice 'plus-two' (known: plus-each, first-is-10)"
    )


def test_bad_switch_name_names_the_switches() -> None:
    """An unknown switch is an InputError naming the system's switches."""
    with pytest.raises(InputError) as err:
        load_system("dh2e").switches({"hampered_diagonal": "multiply"})
    assert str(err.value) == "unknown dh2e rule switch 'hampered_diagonal' (known: diagonal)"


# ------------------------------------------------------------------ rule helpers


@pytest.mark.parametrize("system_id", ["pf1e", "dnd35"])
@pytest.mark.parametrize(
    ("armor", "load", "expected"),
    [
        (Armor.NONE, Load.LIGHT, 4),
        (Armor.MEDIUM, Load.MEDIUM, 4),
        (Armor.HEAVY, Load.LIGHT, 3),
        (Armor.LIGHT, Load.HEAVY, 3),
    ],
)
def test_run_multiplier(system_id: str, armor: Armor, load: Load, expected: int) -> None:
    """Run is x4, x3 in heavy armor (seeds) or under a heavy load (official rule)."""
    tactical = load_system(system_id).tactical
    assert tactical is not None
    assert tactical.multiplier(Mode.RUN, armor, load) == expected
    assert tactical.multiplier(Mode.WALK, armor, load) == 1
    assert tactical.multiplier(Mode.HUSTLE, armor, load) == 2


@pytest.mark.parametrize("system_id", ["pf1e", "dnd35"])
def test_sizes_footprints_and_order(system_id: str) -> None:
    """Fine..colossal occupy 1,1,1,1,1,2,3,4,6 squares, in that order (SCENE.md)."""
    tactical = load_system(system_id).tactical
    assert tactical is not None
    assert [(s.size, s.order, s.footprint) for s in tactical.sizes] == [
        (size, i, fp)
        for i, (size, fp) in enumerate(zip(Size, (1, 1, 1, 1, 1, 2, 3, 4, 6), strict=True))
    ]
    assert tactical.pass_size_gap == 3
    # pf1e adds that passing such a creature provokes (RULES.md 1.3); dnd35 does not say so.
    assert tactical.pass_provokes is (system_id == "pf1e")
    assert tactical.diagonal_costs == (1, 2)


@pytest.mark.parametrize("system_id", ["pf1e", "dnd35"])
def test_actions_of_rules_md_1_4(system_id: str) -> None:
    """The seven pf1e/dnd35 actions have RULES.md 1.4's budgets and restrictions."""
    system = load_system(system_id)
    budgets = {a.id.value: (a.speed_multiple, a.heavy_multiple, a.squares) for a in system.actions}
    assert budgets == {
        "move": (1, None, None),
        "double-move": (2, None, None),
        "run": (4, 3, None),
        "charge": (2, None, None),
        "five-foot-step": (None, None, 1),
        "withdraw": (2, None, None),
        "minimum-move": (None, None, 1),
    }
    charge = system.action(ActionId.CHARGE)
    assert charge.restrictions == {
        Restriction.STRAIGHT_LINE,
        Restriction.NO_HAMPERED,
        Restriction.NO_ALLY,
        Restriction.FULL_ROUND,
    }
    assert system.action("run").switches == ("run_straight",)
    assert Restriction.NO_IMPASSABLE in system.action("minimum-move").restrictions
    # Full-round actions (official "Full-Round Actions"; minimum move: seed 000) and the one
    # that never provokes (the 5-foot step, official) are data, not code.
    full_round = {a.id.value for a in system.actions if Restriction.FULL_ROUND in a.restrictions}
    assert full_round == {"run", "charge", "withdraw", "minimum-move"}
    quiet = {a.id.value for a in system.actions if Restriction.NO_PROVOKE in a.restrictions}
    assert quiet == {"five-foot-step"}
    assert system.default_action is ActionId.MOVE


def test_drawsteel_and_dh2e_actions() -> None:
    """Draw Steel: advance (speed), shift (N given), disengage (shift 1); dh2e: four columns."""
    steel = load_system("drawsteel")
    assert steel.action("advance").speed_multiple == 1
    assert steel.action("shift").given
    assert steel.action("disengage").squares == 1
    assert Restriction.SHIFT in steel.action("disengage").restrictions
    heresy = load_system("dh2e")
    assert [a.structured_column for a in heresy.actions] == [
        "half_move",
        "full_move",
        "charge",
        "run",
    ]
    with pytest.raises(InputError, match=r"unknown drawsteel action 'run' \(known: advance"):
        steel.action("run")
    quiet = {a.id.value for a in steel.actions if Restriction.NO_PROVOKE in a.restrictions}
    assert quiet == {"shift", "disengage"}  # seed 002 «Смещение»: no opportunity attacks
    assert (steel.default_action, heresy.default_action) == ("advance", "full-move")
    assert heresy.heresy is not None and heresy.heresy.terrain("fog").id == "smoke"  # seed 001


@pytest.mark.parametrize("system_id", ["pf1e", "dnd35"])
def test_hustle_damage_doubles(system_id: str) -> None:
    """Overland hustle: hour 1 free, hour 2 deals 1, then 2, 4, 8 (RULES.md 1.6)."""
    travel = load_system(system_id).travel
    assert travel is not None
    assert [travel.hustle.damage(h) for h in range(1, 7)] == [0, 1, 2, 4, 8, 16]
    assert travel.hustle.mount_lethal


@pytest.mark.parametrize("system_id", ["pf1e", "dnd35"])
def test_forced_march_dc(system_id: str) -> None:
    """Hour 9 DC 12, 10 DC 14, 12 DC 18; `first-is-10` gives 10, 12, 16; 1d6 nonlethal."""
    travel = load_system(system_id).travel
    assert travel is not None
    fm = travel.forced_march
    assert fm.base_hours == 8
    assert [fm.dc(h - 8) for h in (9, 10, 12)] == [12, 14, 18]
    assert [fm.dc(h - 8, "first-is-10") for h in (9, 10, 12)] == [10, 12, 16]
    assert (fm.damage_dice, fm.damage_sides, fm.mount_auto_fail) == (1, 6, True)
    with pytest.raises(InputError, match="known: plus-each, first-is-10"):
        fm.dc(1, "plus-three")


@pytest.mark.parametrize("system_id", ["pf1e", "dnd35"])
def test_travel_day_hours(system_id: str) -> None:
    """A day is 8 hours walking or riding, 10 rowing (and poling), 24 sailing."""
    travel = load_system(system_id).travel
    assert travel is not None
    assert travel.hours_per_day() == 8
    assert {k: travel.hours_per_day(k) for k in ConveyanceKind} == {
        ConveyanceKind.MOUNT: 8,
        ConveyanceKind.VEHICLE: 8,
        ConveyanceKind.POLED: 10,
        ConveyanceKind.ROWED: 10,
        ConveyanceKind.SAILED: 24,
        ConveyanceKind.SAILED_OR_ROWED: 24,
    }


@pytest.mark.parametrize("system_id", ["pf1e", "dnd35"])
def test_water_rules(system_id: str) -> None:
    """Current 3 mi/h, 10 h rowing + 14 h drift (+42 mi); a rowboat downstream does 87 mi."""
    travel = load_system(system_id).travel
    assert travel is not None
    water = travel.water
    assert (water.current_mph, water.row_hours, water.drift_hours) == (3, 10, 14)
    assert water.drift_miles == 42
    assert (water.upstream_rowing, water.tow) == (False, True)
    rowboat = travel.conveyance("rowboat")
    day = (rowboat.per_hour + water.current_mph) * water.row_hours + water.drift_miles
    assert day == 87


def test_run_duration_differs_by_system() -> None:
    """pf1e runs Con rounds (seed 000); dnd35 runs one minute at Con 9+ (seed 004)."""
    pf1e, dnd35 = load_system("pf1e").travel, load_system("dnd35").travel
    assert pf1e is not None and dnd35 is not None
    assert (pf1e.run_duration.kind.value, pf1e.run_duration.min_con) == ("con_rounds", None)
    assert (dnd35.run_duration.kind.value, dnd35.run_duration.min_con) == ("con_minute", 9)


def test_unknown_conveyance_and_terrain_name_the_known_ones() -> None:
    """Lookups by user-given id raise InputError listing the valid ids."""
    travel = load_system("pf1e").travel
    assert travel is not None
    with pytest.raises(InputError, match=r"unknown mount or vehicle 'warhorse' \(known: light"):
        travel.conveyance("warhorse")
    heresy = load_system("dh2e").heresy
    assert heresy is not None
    with pytest.raises(InputError, match=r"unknown terrain 'snow' \(known: smoke, mud"):
        heresy.terrain("snow")


def test_records_are_frozen() -> None:
    """Records are immutable values."""
    system = load_system("pf1e")
    with pytest.raises(dataclasses.FrozenInstanceError):
        system.id = "x"  # type: ignore[misc]


# ------------------------------------------------------------------ malformed data


def _broken(tmp_path: Path, system_id: str, old: str, new: str) -> tuple[str, str]:
    """Write a copy of a data file with `old` replaced by `new`; return (text, file name)."""
    text = _text(system_id)
    assert text.count(old) >= 1, old
    path = tmp_path / f"{system_id}.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path.read_text(encoding="utf-8"), str(path)


@pytest.mark.parametrize(
    ("system_id", "old", "new", "message"),
    [
        pytest.param(
            "pf1e",
            'road = "3/4"\ntrackless = "1/2"',
            'road = "3/x"\ntrackless = "1/2"',
            "key 'travel.terrain.rows.swamp.road': bad value '3/x'",
            id="bad-fraction",
        ),
        pytest.param(
            "pf1e",
            "per_hour = 5\nper_day = 40",
            "per_hour = 5.0\nper_day = 40",
            "key 'travel.conveyances.rows[0].per_hour': bad value 5.0",
            id="float-is-inexact",
        ),
        pytest.param(
            "pf1e",
            "free_hours = 1",
            "free_hours = 1\nfree_hourz = 2",
            "key 'travel.hustle.free_hourz': bad value 2: unknown key",
            id="unknown-key",
        ),
        pytest.param(
            "pf1e",
            "dc_step = 2\n",
            "",
            "key 'travel.forced_march.dc_step' is missing",
            id="missing-key",
        ),
        pytest.param(
            "pf1e",
            'kind = "mount"',
            'kind = "horse"',
            "key 'travel.conveyances.rows[0].kind': bad value 'horse': expected one of mount",
            id="bad-enum",
        ),
        pytest.param(
            "pf1e",
            'factor = "-"',
            "factor = 2",
            "key 'tactical.hampered.rows.impassable.factor': bad value 2",
            id="impassable-with-factor",
        ),
        pytest.param(
            "pf1e",
            "per_hour = 5\nper_day = 40",
            "per_hour = 5\nper_day = 41",
            "key 'travel.conveyances.rows.light_horse': bad value '5 mi/h, 41 mi/day'",
            id="per-day-not-8-hours",
        ),
        pytest.param(
            "pf1e",
            "drift_miles = 42",
            "drift_miles = 40",
            "key 'travel.water.drift_miles': bad value '40'",
            id="drift-not-current-times-hours",
        ),
        pytest.param(
            "dh2e",
            "rows.2 = { half_move = 2",
            "rows.12 = { half_move = 2",
            "key 'heresy.structured.rows.12': bad value '12'",
            id="ab-rows-out-of-order",
        ),
        pytest.param(
            "dnd35",
            "turn = { degrees = 90, per_ft = 5 }",
            'turn = "sharp"',
            "key 'flight.rows.good.turn': bad value 'sharp'",
            id="bad-flight-cell",
        ),
        pytest.param(
            "dnd35",
            'default = "as-diagonals"',
            'default = "diagonal"',
            "key 'interpretations.hampered_diagonal.default': bad value 'diagonal'",
            id="default-not-a-choice",
        ),
        pytest.param(
            "drawsteel",
            "rows.5 = { names",
            "rows.6 = { names",
            "key 'steel.sizes.rows.6': bad value '6': unknown id",
            id="unknown-size",
        ),
        pytest.param(
            "pf1e",
            '[tactical.sizes.rows.colossal]\nnames = { en = "colossal", ru = "колоссальный", '
            'zh = "超巨型" }\nfootprint = 6\n',
            "",
            "key 'tactical.sizes.rows': bad value",
            id="missing-size",
        ),
        pytest.param(
            "pf1e",
            'names = { en = "walk", ru = "Шаг", zh = "行走" }\nmultiplier = 1',
            'names = { en = "walk", ru = "Шаг" }\nmultiplier = 1',
            "key 'tactical.modes.rows.walk.names.zh' is missing",
            id="missing-language",
        ),
    ],
)
def test_malformed_data_file_names_file_key_and_value(
    tmp_path: Path, system_id: str, old: str, new: str, message: str
) -> None:
    """A malformed data file fails at load with one RuleDataError naming file, key and value."""
    text, file = _broken(tmp_path, system_id, old, new)
    with pytest.raises(RuleDataError) as err:
        parse_system(text, file)
    assert str(err.value).startswith(f"{file}: ")
    assert message in str(err.value)
    assert "\n" not in str(err.value)
    assert err.value.key is not None and err.value.key.startswith("error.rules.")


def test_invalid_toml_names_the_file(tmp_path: Path) -> None:
    """A data file that is not TOML fails with the file name."""
    with pytest.raises(RuleDataError, match=r"^x\.toml: not valid TOML"):
        parse_system("id = ", "x.toml")


def test_wrong_id_for_file() -> None:
    """A data file whose id differs from the one asked for is rejected."""
    with pytest.raises(RuleDataError, match=r"key 'id': bad value 'pf1e': expected 'dnd35'"):
        parse_system(_text("pf1e"), "systems/dnd35.toml", expected_id="dnd35")


def test_parse_gives_equal_system() -> None:
    """Parsing the packaged text again yields an equal System (loading is deterministic)."""
    system: System = parse_system(_text("dnd35"), "systems/dnd35.toml")
    assert system == load_system("dnd35")
    assert isinstance(system.square, Fraction)


# ------------------------------------------------------------------ custom systems

#: A second Pathfinder-like game as a data file (ARCHITECTURE.md, idea 1): pf1e's file renamed,
#: with a faster run (x5) and wider roads.
_HOMEBREW = {
    'id = "pf1e"': 'id = "golarion-lite"',
    'names = { en = "Pathfinder RPG 1e"': 'names = { en = "Golarion Lite"',
    'names = { en = "run", ru = "Бег", zh = "奔跑" }\nmultiplier = 4': (
        'names = { en = "run", ru = "Бег", zh = "奔跑" }\nmultiplier = 5'
    ),
}


def _homebrew() -> System:
    text = _text("pf1e")
    for old, new in _HOMEBREW.items():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return parse_system(text, "golarion-lite.toml")


def test_a_custom_system_is_a_data_file() -> None:
    """A renamed copy of a shipped file loads under its own id and family, its tables read."""
    system = _homebrew()
    assert (system.id, system.family, system.file) == ("golarion-lite", "d20", "golarion-lite.toml")
    assert system.names.en == "Golarion Lite"
    assert system.tactical is not None and system.travel is not None
    assert system.tactical.multiplier(Mode.RUN) == 5
    assert system.tactical.multiplier(Mode.RUN, Armor.HEAVY) == 3
    assert system.travel.per_round(30, Mode.RUN) == 150
    assert system.travel.terrain_multiplier(Terrain.FOREST, Road.TRACKLESS) == Fraction(1, 2)
    assert table_ids(system) == table_ids(load_system("pf1e"))
    modes = table_view(system, "modes").to_json("en")
    assert modes["system"] == "golarion-lite"
    assert [r["multiplier"] for r in modes["rows"]] == ["1", "2", "5", "3"]
    assert system.action("charge").min_distance == 10
    with pytest.raises(InputError, match=r"^unknown golarion-lite action 'fly' \(known: move,"):
        system.action("fly")
    with pytest.raises(InputError, match=r"^unknown golarion-lite table 'flight' \(known: per-"):
        table_view(system, "flight")
    with pytest.raises(InputError, match=r"^unknown system 'golarion-lite'"):
        load_system("golarion-lite")  # the registry stays the shipped files


def test_a_custom_system_needs_a_known_family() -> None:
    """Any id is a name, but the family must be one the engine has rules for."""
    text = (
        _text("pf1e").replace('id = "pf1e"', 'id = "x"').replace('family = "d20"', 'family = "x"')
    )
    with pytest.raises(RuleDataError) as err:
        parse_system(text, "x.toml")
    assert str(err.value) == (
        "x.toml: key 'family': bad value 'x': expected one of d20, steel, heresy"
    )
    with pytest.raises(RuleDataError, match=r"^x\.toml: key 'id': bad value '': expected a non"):
        parse_system(_text("pf1e").replace('id = "pf1e"', 'id = ""'), "x.toml")


def test_a_record_built_in_code_is_checked_too() -> None:
    """The cross-field checks are the records' own: a System built in code meets them too."""
    system = load_system("drawsteel")
    assert dataclasses.replace(system, id="steel-lite").id == "steel-lite"
    with pytest.raises(RuleDataError) as err:
        dataclasses.replace(system, default_action=ActionId.RUN)
    assert str(err.value) == (
        "(built in code): key 'actions.default': bad value 'run': not one of the actions"
    )
    shift = system.action("shift")
    with pytest.raises(RuleDataError, match="needs exactly one of speed_multiple, squares"):
        dataclasses.replace(shift, squares=2)


def test_records_hold_no_mutable_containers() -> None:
    """Every record is deeply immutable: tuples and frozensets, never a dict, list or set."""
    for system_id in SYSTEM_IDS:
        system = load_system(system_id)
        assert hash(system) == hash(parse_system(_text(system_id), system.file))
        for value in _walk(system):
            assert not isinstance(value, dict | list | set), value


@pytest.mark.parametrize("system_id", SYSTEM_IDS)
def test_every_table_renders_in_every_language(system_id: str) -> None:
    """Every table prints and serialises in en, ru and zh (no missing catalog term)."""
    system = load_system(system_id)
    for tid in table_ids(system):
        view = table_view(system, tid)
        for lang in LANGS:
            rows = view.text_rows(lang)
            assert all(len(r) == len(view.columns) for r in rows)
            assert all(cell for r in rows for cell in r), (tid, lang)
            document = view.to_json(lang)
            assert len(document["rows"]) == len(view.rows)


def _paths(obj: object, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Yield the path of every key and list item inside parsed TOML `obj`."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield (*path, k)
            yield from _paths(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield (*path, i)
            yield from _paths(v, (*path, i))


@functools.cache
def _parsed(system_id: str) -> dict[str, Any]:
    return tomllib.loads(_text(system_id))


_JUNK = st.one_of(
    st.none(),  # None: delete the key
    st.integers(min_value=-10, max_value=1000),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.sampled_from(["", "x", "3/0", "-", "any", "no", "none", "1/2", "2.5", "-1/4"]),
    st.lists(st.integers(min_value=-2, max_value=9), max_size=4),
    st.dictionaries(st.sampled_from(["en", "ru", "zh", "x"]), st.text(max_size=3), max_size=3),
)


@settings(max_examples=100, deadline=None)
@given(system_id=strategies.systems(), pick=st.integers(min_value=0), junk=_JUNK)
def test_any_corruption_is_a_rule_data_error(system_id: str, pick: int, junk: object) -> None:
    """Any replaced or deleted value loads or raises a one-line RuleDataError, nothing else."""
    data = copy.deepcopy(_parsed(system_id))
    paths = list(_paths(data))
    path = paths[pick % len(paths)]
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    if junk is None:
        del parent[path[-1]]
    else:
        parent[path[-1]] = junk
    try:
        parse_system_data(data, f"corrupt/{system_id}.toml")
    except RuleDataError as exc:
        assert str(exc).startswith(f"corrupt/{system_id}.toml: ")
        assert "\n" not in str(exc)
