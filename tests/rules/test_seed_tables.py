"""Golden tests: every printed cell of every seed table, transcribed here a second time.

The expected values below are typed from the seed texts independently of the data files
(`src/footfall/systems/*.toml`); each test id names the seed, the table, the row and the
column, e.g. ``seed000-per-hour-walk-30``. "-" cells are None.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from footfall.rules import (
    ANY,
    Armor,
    Hamper,
    Maneuverability,
    Mode,
    Road,
    Scale,
    SqueezeCase,
    SteelSize,
    Terrain,
    TurnInPlace,
    TurnRate,
    load_system,
)

SEED = {"pf1e": "seed000", "dnd35": "seed004", "dh2e": "seed001", "drawsteel": "seed002"}
SPEEDS = (15, 20, 30, 40)

# seed 000 «Скорость и пройденное расстояние» and seed 004 «表:移动和距离»: both print the same
# numbers; transcribed once per seed so a slip in one data file cannot hide behind the other.
RATES_000 = {
    "round": {
        "walk": (15, 20, 30, 40),
        "hustle": (30, 40, 60, 80),
        "run_x3": (45, 60, 90, 120),
        "run_x4": (60, 80, 120, 160),
    },
    "minute": {
        "walk": (150, 200, 300, 400),
        "hustle": (300, 400, 600, 800),
        "run_x3": (450, 600, 900, 1200),
        "run_x4": (600, 800, 1200, 1600),
    },
    "hour": {
        "walk": (F(3, 2), 2, 3, 4),
        "hustle": (3, 4, 6, 8),
        "run": (None, None, None, None),
    },
    "day": {
        "walk": (12, 16, 24, 32),
        "hustle": (None, None, None, None),
        "run": (None, None, None, None),
    },
}
RATES_004 = {
    "round": {
        "walk": (15, 20, 30, 40),
        "hustle": (30, 40, 60, 80),
        "run_x3": (45, 60, 90, 120),
        "run_x4": (60, 80, 120, 160),
    },
    "minute": {
        "walk": (150, 200, 300, 400),
        "hustle": (300, 400, 600, 800),
        "run_x3": (450, 600, 900, 1200),
        "run_x4": (600, 800, 1200, 1600),
    },
    "hour": {
        "walk": (F("1.5"), 2, 3, 4),
        "hustle": (3, 4, 6, 8),
        "run": (None, None, None, None),
    },
    "day": {
        "walk": (12, 16, 24, 32),
        "hustle": (None, None, None, None),
        "run": (None, None, None, None),
    },
}
RATES = {"pf1e": RATES_000, "dnd35": RATES_004}


def _rate_cases() -> list[object]:
    cases = []
    for system, tables in RATES.items():
        for scale, rows in tables.items():
            for row, values in rows.items():
                for speed, value in zip(SPEEDS, values, strict=True):
                    cases.append(
                        pytest.param(
                            system,
                            scale,
                            row,
                            speed,
                            value,
                            id=f"{SEED[system]}-per-{scale}-{row}-{speed}",
                        )
                    )
    return cases


@pytest.mark.parametrize(("system", "scale", "row", "speed", "expected"), _rate_cases())
def test_rate_table_cell(system: str, scale: str, row: str, speed: int, expected: object) -> None:
    """Each printed cell of the movement-and-distance tables is in the data as printed."""
    travel = load_system(system).travel
    assert travel is not None
    table = travel.rate_table(Scale(scale))
    assert table.speeds == SPEEDS
    assert table.row(row).values[SPEEDS.index(speed)] == expected


def _formula(system: str, scale: str, row: str, speed: int) -> F | None:
    """Compute a cell with the formulas (RULES.md 1.1), heavy armor for the x3 rows."""
    travel = load_system(system).travel
    assert travel is not None
    armor = Armor.HEAVY if row == "run_x3" else Armor.NONE
    mode = Mode.RUN if row.startswith("run") else Mode(row)
    if scale == "round":
        return travel.per_round(speed, mode, armor=armor)
    if scale == "minute":
        return travel.per_minute(speed, mode, armor=armor)
    if scale == "hour":
        return travel.per_hour(speed, mode)
    return travel.per_day(speed, mode)


@pytest.mark.parametrize(("system", "scale", "row", "speed", "expected"), _rate_cases())
def test_formula_matches_printed_cell(
    system: str, scale: str, row: str, speed: int, expected: object
) -> None:
    """The RULES.md 1.1 formulas reproduce every printed cell, so any speed works."""
    assert _formula(system, scale, row, speed) == expected


# seed 000 «Местность и стратегическое перемещение» (Тракт, Дорога или тропинка, Бездорожье)
TERRAIN_000 = {
    "swamp": (1, F(3, 4), F(1, 2)),  # Болото
    "mountains": (F(3, 4), F(3, 4), F(1, 2)),  # Горы
    "jungle": (1, F(3, 4), F(1, 4)),  # Джунгли
    "forest": (1, 1, F(1, 2)),  # Лес
    "desert": (1, F(1, 2), F(1, 2)),  # Песчаная пустыня
    "plains": (1, 1, F(3, 4)),  # Равнина
    "moor": (1, 1, F(3, 4)),  # Торфяная пустошь
    "tundra": (1, F(3, 4), F(3, 4)),  # Тундра
    "hills": (1, F(3, 4), F(1, 2)),  # Холмы
}
# seed 004 «表:地形和陆上移动» (大道, 便道和小径, 荒野); the row 荒野 is the moor.
TERRAIN_004 = {
    "desert": (1, F(1, 2), F(1, 2)),  # 沙漠
    "forest": (1, 1, F(1, 2)),  # 森林
    "hills": (1, F(3, 4), F(1, 2)),  # 丘陵
    "jungle": (1, F(3, 4), F(1, 4)),  # 丛林
    "moor": (1, 1, F(3, 4)),  # 荒野
    "mountains": (F(3, 4), F(3, 4), F(1, 2)),  # 山地
    "plains": (1, 1, F(3, 4)),  # 平原
    "swamp": (1, F(3, 4), F(1, 2)),  # 沼泽
    "tundra": (1, F(3, 4), F(3, 4)),  # 苔原,冻土带
}
ROADS = (Road.HIGHWAY, Road.ROAD, Road.TRACKLESS)


def _terrain_cases() -> list[object]:
    cases = []
    for system, table in (("pf1e", TERRAIN_000), ("dnd35", TERRAIN_004)):
        for terrain, values in table.items():
            for road, value in zip(ROADS, values, strict=True):
                cases.append(
                    pytest.param(
                        system, terrain, road, value, id=f"{SEED[system]}-terrain-{terrain}-{road}"
                    )
                )
    return cases


@pytest.mark.parametrize(("system", "terrain", "road", "expected"), _terrain_cases())
def test_terrain_cell(system: str, terrain: str, road: Road, expected: F) -> None:
    """Each of the 27 terrain x road cells per system is the printed multiplier."""
    travel = load_system(system).travel
    assert travel is not None
    assert travel.terrain_multiplier(Terrain(terrain), road) == expected


def test_terrain_tables_have_27_cells() -> None:
    """Both systems have exactly the 9 terrains x 3 roads of their seeds."""
    for system in ("pf1e", "dnd35"):
        travel = load_system(system).travel
        assert travel is not None
        assert {r.terrain for r in travel.terrain} == set(Terrain)
        assert len(travel.terrain) * len(travel.roads) == 27


def test_dnd35_moor_row_is_printed_as_huangye() -> None:
    """Seed 004 prints the moor row as 荒野, the same word as its trackless column."""
    travel = load_system("dnd35").travel
    assert travel is not None
    assert travel.terrain_row(Terrain.MOOR).names.zh == "荒野"
    assert {r.road: r.names.zh for r in travel.roads}[Road.TRACKLESS] == "荒野"


# seed 000 «Животные и транспорт»: id -> (per hour, per day, loaded band, loaded h, loaded day)
MOUNTS_000 = {
    "light_horse": (5, 40, (175, 525), F("3.5"), 28),
    "heavy_horse": (5, 40, (229, 690), F("3.5"), 28),
    "pony": (4, 32, (151, 450), 3, 24),
    "riding_dog": (4, 32, (101, 300), 3, 24),
    "cart": (2, 16, None, None, None),  # Телега или двуколка
    "wagon": (2, 16, None, None, None),
    "raft": (F(1, 2), 5, None, None, None),  # Плот или баржа
    "barge": (F(1, 2), 5, None, None, None),
    "keelboat": (1, 10, None, None, None),  # Когг
    "rowboat": (F("1.5"), 15, None, None, None),  # Лодка
    "sailing_ship": (2, 48, None, None, None),  # Парусник
    "warship": (F("2.5"), 60, None, None, None),  # Транспортное судно
    "longship": (3, 72, None, None, None),  # Ладья
    "galley": (4, 96, None, None, None),  # Галера
}
# seed 004 «表:交通工具»
MOUNTS_004 = {
    "light_horse": (6, 48, (151, 450), 4, 32),  # 轻型马/轻型战马, 轻型马(151-450磅)
    "light_warhorse": (6, 48, (231, 690), 4, 32),
    "heavy_horse": (5, 40, (201, 600), F("3.5"), 28),
    "heavy_warhorse": (5, 40, (301, 900), F("3.5"), 28),
    "pony": (4, 32, (76, 225), 3, 24),  # 矮种马/矮种战马
    "warpony": (4, 32, (101, 300), 3, 24),
    "donkey": (3, 24, (51, 150), 2, 16),  # 驴/骡
    "mule": (3, 24, (231, 690), 2, 16),
    "riding_dog": (4, 32, (101, 300), 3, 24),  # 骑乘用犬
    "cart": (2, 16, None, None, None),  # 轻型马车/重型马车
    "wagon": (2, 16, None, None, None),
    "raft": (F("0.5"), 5, None, None, None),  # 木筏/驳船
    "barge": (F("0.5"), 5, None, None, None),
    "keelboat": (1, 10, None, None, None),  # 平底船
    "rowboat": (F("1.5"), 15, None, None, None),  # 划艇
    "sailing_ship": (2, 48, None, None, None),  # 帆船
    "warship": (F("2.5"), 60, None, None, None),  # 战舰
    "longship": (3, 72, None, None, None),  # 长船
    "galley": (4, 96, None, None, None),  # 大型划船
}
MOUNTS = {"pf1e": MOUNTS_000, "dnd35": MOUNTS_004}


def _mount_cases() -> list[object]:
    return [
        pytest.param(system, cid, row, id=f"{SEED[system]}-mounts-{cid}")
        for system, table in MOUNTS.items()
        for cid, row in table.items()
    ]


@pytest.mark.parametrize(("system", "cid", "row"), _mount_cases())
def test_mount_row(system: str, cid: str, row: tuple[object, ...]) -> None:
    """Each mount/vehicle row (and its loaded row with the lb band) is as printed."""
    travel = load_system(system).travel
    assert travel is not None
    conveyance = travel.conveyance(cid)
    per_hour, per_day, band, loaded_hour, loaded_day = row
    assert (conveyance.per_hour, conveyance.per_day) == (per_hour, per_day)
    if band is None:
        assert conveyance.loaded is None
    else:
        assert conveyance.loaded is not None
        loaded = conveyance.loaded
        assert (loaded.load_lb, loaded.per_hour, loaded.per_day) == (band, loaded_hour, loaded_day)


@pytest.mark.parametrize("system", ["pf1e", "dnd35"])
def test_mount_tables_have_no_extra_rows(system: str) -> None:
    """Each system has exactly its own seed's mounts and vehicles (RULES.md 1)."""
    travel = load_system(system).travel
    assert travel is not None
    assert [c.id for c in travel.conveyances] == list(MOUNTS[system])


def test_river_vessels_are_the_footnoted_rows() -> None:
    """The current/drift footnote (** in seed 000, 2 in seed 004) marks raft to rowboat."""
    for system in ("pf1e", "dnd35"):
        travel = load_system(system).travel
        assert travel is not None
        river = [c.id for c in travel.conveyances if c.river]
        assert river == ["raft", "barge", "keelboat", "rowboat"]


# seed 000 «Затрудненное перемещение», seed 004 «表:受阻移动»
HAMPERED = {"difficult": F(2), "obstacle": F(2), "poor_visibility": F(2), "impassable": None}


@pytest.mark.parametrize(
    ("system", "flag", "expected"),
    [
        pytest.param(s, flag, v, id=f"{SEED[s]}-hampered-{flag}")
        for s in ("pf1e", "dnd35")
        for flag, v in HAMPERED.items()
    ],
)
def test_hampered_cell(system: str, flag: str, expected: F | None) -> None:
    """Each hampered-movement factor is x2, impassable has none ("-")."""
    tactical = load_system(system).tactical
    assert tactical is not None
    assert tactical.hamper_factor(Hamper(flag)) == expected


# seed 004 «狭窄空间»: case -> (speed factor, fixed ft, skill, attack, AC, AC ranged, dex lost,
# no attacks, prone)
SQUEEZING_004 = {
    "width_half": (F(1, 2), None, None, -4, -4, None, False, False, False),
    "width_narrower": (None, None, "escape_artist", None, -4, None, True, True, False),
    "height_half": (F(1, 2), None, None, -4, -4, None, False, False, False),
    "height_quarter": (None, 5, None, -4, -4, 4, False, False, True),
}


@pytest.mark.parametrize(
    ("system", "case", "expected"),
    [
        pytest.param(s, c, v, id=f"seed004-squeezing-{c}-{s}")
        for s in ("pf1e", "dnd35")
        for c, v in SQUEEZING_004.items()
    ],
)
def test_squeezing_row(system: str, case: str, expected: tuple[object, ...]) -> None:
    """Each row of the squeezing table: movement and penalties as seed 004 prints them."""
    tactical = load_system(system).tactical
    assert tactical is not None
    s = tactical.squeeze(SqueezeCase(case))
    got = (
        s.speed_factor,
        s.fixed_ft,
        s.needs_skill,
        s.attack,
        s.ac,
        s.ac_ranged,
        s.ac_dex_lost,
        s.no_attacks,
        s.prone,
    )
    assert got == expected


# seed 004 «表:机动性», column by column (完美, 良好, 普通, 不良, 笨拙)
FLIGHT_004 = {
    "min_forward_speed": (None, None, F(1, 2), F(1, 2), F(1, 2)),
    "hover": (True, True, False, False, False),
    "fly_backward": (True, True, False, False, False),
    "reverse": (ANY, 5, None, None, None),
    "turn": (ANY, TurnRate(90, 5), TurnRate(45, 5), TurnRate(45, 5), TurnRate(45, 10)),
    "turn_in_place": (ANY, TurnInPlace(90, 5), TurnInPlace(45, 5), None, None),
    "max_turn": (ANY, ANY, 90, 45, 45),
    "up_angle": (ANY, ANY, 60, 45, 45),
    "up_speed": (F(1), F(1, 2), F(1, 2), F(1, 2), F(1, 2)),
    "down_angle": (ANY, ANY, ANY, 45, 45),
    "down_speed": (F(2), F(2), F(2), F(2), F(2)),
    "between_down_up_ft": (0, 0, 5, 10, 20),
}


@pytest.mark.parametrize(
    ("cell", "maneuverability", "expected"),
    [
        pytest.param(cell, m, v, id=f"seed004-maneuverability-{cell}-{m.value}")
        for cell, values in FLIGHT_004.items()
        for m, v in zip(Maneuverability, values, strict=True)
    ],
)
def test_flight_cell(cell: str, maneuverability: Maneuverability, expected: object) -> None:
    """Each cell of the maneuverability table is typed as printed ("任意" is ANY)."""
    flight = load_system("dnd35").flight
    assert flight is not None
    assert getattr(flight.row(maneuverability), cell) == expected


def test_flight_stall_rule() -> None:
    """Seed 004: below minimum speed fall 150 ft, DC 20 Reflex to recover, else 300 ft more."""
    flight = load_system("dnd35").flight
    assert flight is not None
    stall = flight.stall
    assert (stall.first_fall_ft, stall.recover_dc, stall.further_fall_ft) == (150, 20, 300)


# seed 001 «Движение в структурированном времени (меры\раунд)»: AB -> half, full, charge, run
STRUCTURED_001 = {
    0: (F(1, 2), 1, 2, 3),
    1: (1, 2, 3, 6),
    2: (2, 4, 6, 12),
    3: (3, 6, 9, 18),
    4: (4, 8, 12, 24),
    5: (5, 10, 15, 30),
    6: (6, 12, 18, 36),
    7: (7, 14, 21, 42),
    8: (8, 16, 24, 48),
    9: (9, 18, 27, 54),
    10: (10, 20, 30, 60),
}
# seed 001 «Движение в повествовательном времени»: AB -> m/min, km/h, km/day
NARRATIVE_001 = {
    0: (12, F("0.75"), 7),
    1: (24, F("1.5"), 15),
    2: (48, 3, 30),
    3: (72, 4, 40),
    4: (96, 6, 60),
    5: (120, 7, 70),
    6: (144, 9, 90),
    7: (168, 10, 100),
    8: (192, 12, 120),
    9: (216, 13, 130),
    10: (240, 14, 140),
}
STRUCTURED_COLS = ("half_move", "full_move", "charge", "run")
NARRATIVE_COLS = ("per_minute_m", "per_hour_km", "per_day_km")


@pytest.mark.parametrize(
    ("ab", "column", "expected"),
    [
        pytest.param(ab, c, v, id=f"seed001-structured-{c}-ab{ab}")
        for ab, row in STRUCTURED_001.items()
        for c, v in zip(STRUCTURED_COLS, row, strict=True)
    ],
)
def test_structured_cell(ab: int, column: str, expected: object) -> None:
    """Each cell of the dh2e structured table (AB 0-10) is as printed, not extrapolated."""
    heresy = load_system("dh2e").heresy
    assert heresy is not None
    row, extrapolated = heresy.structured_row(ab)
    assert getattr(row, column) == expected
    assert not extrapolated


@pytest.mark.parametrize(
    ("ab", "column", "expected"),
    [
        pytest.param(ab, c, v, id=f"seed001-narrative-{c}-ab{ab}")
        for ab, row in NARRATIVE_001.items()
        for c, v in zip(NARRATIVE_COLS, row, strict=True)
    ],
)
def test_narrative_cell(ab: int, column: str, expected: object) -> None:
    """Each cell of the dh2e narrative table (AB 0-10) is as printed (0.75 km is 3/4)."""
    heresy = load_system("dh2e").heresy
    assert heresy is not None
    row, extrapolated = heresy.narrative_row(ab)
    assert getattr(row, column) == expected
    assert not extrapolated


# seed 001 «Модификаоры ловкоси на пересечённой месности»
AGILITY_001 = {
    "smoke": ("Дым или туман", "ordinary", 10),
    "mud": ("Грязь", "challenging", 0),
    "shallows": ("Отмель", "challenging", 0),
    "darkness": ("Темнота", "difficult", -10),
    "deep_snow": ("Глубокий снег", "difficult", -10),
    "undergrowth": ("Подлесок", "difficult", -10),
    "crowd": ("Толпа", "hard", -20),
    "zero_gravity": ("Невесомость", "hard", -20),
    "rubble": ("Обломки", "hard", -20),
    "tremors": ("Подземные толчки", "hard", -20),
}


@pytest.mark.parametrize(
    ("terrain", "expected"),
    [pytest.param(k, v, id=f"seed001-agility-{k}") for k, v in AGILITY_001.items()],
)
def test_agility_terrain_row(terrain: str, expected: tuple[str, str, int]) -> None:
    """Each rough-terrain row has the seed's Russian name, difficulty and modifier."""
    heresy = load_system("dh2e").heresy
    assert heresy is not None
    row = heresy.terrain(terrain)
    difficulty = heresy.difficulty(row.difficulty)
    assert (row.names.ru, row.difficulty.value, difficulty.modifier) == expected


def test_agility_table_has_exactly_the_seed_rows() -> None:
    """The dh2e terrain table has the seed's ten rows, in the seed's order."""
    heresy = load_system("dh2e").heresy
    assert heresy is not None
    assert [t.id for t in heresy.terrains] == list(AGILITY_001)


def test_dh2e_hustle_and_dense() -> None:
    """Seed 001 «Спешка»: x2, Challenging (+0), cumulative -10, Perception -10; dense 1/2."""
    heresy = load_system("dh2e").heresy
    assert heresy is not None
    h = heresy.hustle
    assert (h.multiplier, h.test.value, h.cumulative, h.perception) == (
        2,
        "challenging",
        -10,
        -10,
    )
    assert heresy.difficulty(h.test).modifier == 0
    assert heresy.dense_factor == F(1, 2)


# RULES.md 3 (seed 002 names sizes; the order and spaces are the official ones)
STEEL_SIZES = {"1T": 1, "1S": 1, "1M": 1, "1L": 1, "2": 2, "3": 3, "4": 4, "5": 5}


@pytest.mark.parametrize(
    ("size", "footprint"),
    [pytest.param(k, v, id=f"seed002-sizes-{k}") for k, v in STEEL_SIZES.items()],
)
def test_steel_size(size: str, footprint: int) -> None:
    """Each Draw Steel size has its space and its place in 1T < 1S < ... < 5."""
    steel = load_system("drawsteel").steel
    assert steel is not None
    rule = steel.size(SteelSize(size))
    assert rule.footprint == footprint
    assert rule.order == list(STEEL_SIZES).index(size)


def test_steel_movement_numbers() -> None:
    """Seed 002: speed usually 5; enemy-space sharing needs a size gap of 2; official +1."""
    steel = load_system("drawsteel").steel
    assert steel is not None
    assert steel.default_speed == 5
    assert steel.difficult_extra == 1
    assert steel.share_size_gap == 2
    assert steel.bane_size_gap == 1
    assert steel.difficult_source.document == "Draw Steel Heroes"
