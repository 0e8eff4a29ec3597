"""Every cell of seed 004's maneuverability table (表:机动性): a legal and an illegal path each.

The table below is copied from seed 004 (004_1ebcbb398b2730fb.txt, "表:机动性") as printed; each
test derives its two paths and the expected verdict from the cell's text, so a wrong number in
``systems/dnd35.toml`` or in the flight model fails here. For a permissive cell (任意, 可以, 无,
0) the "illegal" path is the legal one pushed 5 ft (or 2.5 ft) past the move's budget: it must
fail on the budget alone, which pins what the maneuver costs.

Common setting: fly speed 60 ft, a move (budget 60 ft), open sky, facing E, altitude 200 ft,
and (unless the row is about turning) 100 ft flown since the last turn.
"""

from __future__ import annotations

import re

import pytest

from footfall.flight import FlightState, Flyer, check, parse_steps
from footfall.rules import Maneuverability, load_system

CLASSES = ("完美", "良好", "普通", "不良", "笨拙")
MANEUVERABILITY = dict(zip(CLASSES, Maneuverability, strict=True))

#: Seed 004, 表:机动性, row by row, columns 完美 良好 普通 不良 笨拙.
SEED_TABLE = {
    "最低飞行速度": ("无", "无", "半速", "半速", "半速"),
    "盘旋": ("可以", "可以", "不可", "不可", "不可"),
    "倒退飞行": ("可以", "可以", "不可", "不可", "不可"),
    "倒退": ("任意", "-5英尺", "不可", "不可", "不可"),
    "转向": ("任意", "90°/5英尺", "45°/5英尺", "45°/5英尺", "45°/10英尺"),
    "急转弯": ("任意", "+90°/-5英尺", "+45°/-5英尺", "不可", "不可"),
    "最大转向角度": ("任意", "任意", "90°", "45°", "45°"),
    "仰角": ("任意", "任意", "60°", "45°", "45°"),
    "爬升速度": ("全速", "半速", "半速", "半速", "半速"),
    "俯角": ("任意", "任意", "任意", "45°", "45°"),
    "俯冲速度": ("倍速", "倍速", "倍速", "倍速", "倍速"),
    "升降缓冲": ("0", "0", "5英尺", "10英尺", "20英尺"),
}

SPEED = 60
SYSTEM = load_system("dnd35")
OVER = {"budget"}


def _numbers(cell: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", cell)]


def _cell(row: str, cls: str) -> str:
    return SEED_TABLE[row][CLASSES.index(cls)]


def _verdict(
    cls: str, steps: str, *, since_turn: int = 100, facing: int = 2
) -> tuple[bool, set[str]]:
    """Check `steps` for a class; return (legal, rule ids broken)."""
    assert SYSTEM.flight is not None
    flyer = Flyer(SPEED, SYSTEM.flight.row(MANEUVERABILITY[cls]))
    start = FlightState(0, 0, 200, facing, since_turn=since_turn)
    result = check(flyer, start, parse_steps(steps), system=SYSTEM, budget_ft=SPEED)
    return result.legal, {v.rule for v in result.violations}


def _cases(row: str) -> list[object]:
    return [pytest.param(cls, id=f"{row}/{cls}={_cell(row, cls)}") for cls in CLASSES]


def _assert(cls: str, legal: str, illegal: str, rules: set[str], **kw: int) -> None:
    ok, broken = _verdict(cls, legal, **kw)
    assert ok, (legal, broken)
    ok, broken = _verdict(cls, illegal, **kw)
    assert not ok
    assert broken == rules, (illegal, broken)


@pytest.mark.parametrize("cls", _cases("最低飞行速度"))
def test_minimum_forward_speed(cls: str) -> None:
    """最低飞行速度: half speed forward is enough, 5 ft less stalls; 无 has no minimum."""
    cell = _cell("最低飞行速度", cls)
    if cell == "无":
        _assert(cls, "f", "f13", OVER)
    else:
        assert cell == "半速"
        half = SPEED // 2 // 5
        _assert(cls, f"f{half}", f"f{half - 1}", {"flight-min-speed"})


@pytest.mark.parametrize("cls", _cases("盘旋"))
def test_hover(cls: str) -> None:
    """盘旋: hovering is free for 可以 classes and refused (flight-hover) for 不可."""
    if _cell("盘旋", cls) == "可以":
        _assert(cls, "h f12", "h f13", OVER)
    else:
        _assert(cls, "f6", "f6 h", {"flight-hover"})


@pytest.mark.parametrize("cls", _cases("倒退飞行"))
def test_fly_backward(cls: str) -> None:
    """倒退飞行: 可以 classes fly backward; 不可 classes break flight-backward."""
    if _cell("倒退飞行", cls) == "可以":
        _assert(cls, "b", "b f13", OVER)
    else:
        _assert(cls, "f6", "f6 b", {"flight-backward"})


@pytest.mark.parametrize("cls", _cases("倒退"))
def test_reverse(cls: str) -> None:
    """倒退: starting to fly backward costs the cell (任意 free, -5英尺 5 ft); 不可 refuses."""
    cell = _cell("倒退", cls)
    if cell == "不可":
        _assert(cls, "f6", "f6 b", {"flight-backward"})
        return
    reverse = 0 if cell == "任意" else _numbers(cell)[0]
    squares = (SPEED - reverse) // 5 - 1
    _assert(cls, f"b f{squares}", f"b f{squares + 1}", OVER)
    ok, _ = _verdict(cls, f"b2 f{squares - 1}")
    assert ok, "the reverse is paid once, not per backward square"


@pytest.mark.parametrize("cls", _cases("转向"))
def test_turn(cls: str) -> None:
    """转向: a turn of the cell's degrees is free after the cell's distance, not before."""
    cell = _cell("转向", cls)
    if cell == "任意":
        _assert(cls, "r180 f12", "r180 f13", OVER, since_turn=0)
        return
    degrees, per = _numbers(cell)
    # Start turned left by the turn, so that the turn ends facing E (no 5-10-5 afterwards);
    # the squares before the turn are diagonal when the turn is 45°: 5, 10, 5 ... ft.
    facing = (2 - degrees // 45) % 8
    before = per // 5

    def lead(n: int) -> int:
        return sum(5 if i % 2 == 0 or facing % 2 == 0 else 10 for i in range(n))

    legal = f"f{before} r{degrees} f{(SPEED - lead(before)) // 5}"
    first = f"f{before - 1} " if before > 1 else ""
    early = f"{first}r{degrees} f{(SPEED - lead(before - 1)) // 5}"
    can_turn_in_place = _cell("急转弯", cls) != "不可"
    rules = OVER if can_turn_in_place else {"flight-turn"}
    _assert(cls, legal, early, rules, since_turn=0, facing=facing)


@pytest.mark.parametrize("cls", _cases("急转弯"))
def test_turn_in_place(cls: str) -> None:
    """急转弯: turning in place costs the cell's feet per cell's degrees; 不可 refuses it."""
    cell = _cell("急转弯", cls)
    if cell == "不可":
        _assert(cls, "f6", "pl45 f6", {"flight-turn"})
        return
    if cell == "任意":
        _assert(cls, "pr180 f12", "pr180 f13", OVER)
        return
    degrees, cost = _numbers(cell)
    squares = (SPEED - cost) // 5
    facing = (2 - degrees // 45) % 8  # the turn ends facing E
    _assert(cls, f"pr{degrees} f{squares}", f"pr{degrees} f{squares + 1}", OVER, facing=facing)


@pytest.mark.parametrize("cls", _cases("最大转向角度"))
def test_maximum_turn(cls: str) -> None:
    """最大转向角度: all turning in one space is capped; 任意 lets a flyer turn right round."""
    cell = _cell("最大转向角度", cls)
    per = _numbers(_cell("转向", cls))[1] if _cell("转向", cls) != "任意" else 5
    lead = f"f{per // 5}"
    if cell == "任意":
        legal, _ = _verdict(cls, f"{lead} r180 f6")
        assert legal
        ok, broken = _verdict(cls, f"{lead} r180 f{SPEED // 5}")
        assert not ok and broken == OVER
        return
    limit = _numbers(cell)[0]
    ok, broken = _verdict(cls, f"{lead} r{limit} f6")
    assert ok, broken
    ok, broken = _verdict(cls, f"{lead} r{limit + 45} f6")
    assert not ok and "flight-max-turn" in broken
    assert broken <= {"flight-max-turn", "flight-turn"}


@pytest.mark.parametrize("cls", _cases("仰角"))
def test_up_angle(cls: str) -> None:
    """仰角: 60° allows 15 ft up over 10 ft but not 10 over 5; 45° allows 10 over 10 only."""
    cell = _cell("仰角", cls)
    if cell == "任意":
        _assert(cls, "up10", "up10 f13", OVER)
    elif _numbers(cell) == [60]:
        _assert(cls, "f6 c5 c10", "f6 c10", {"flight-climb"})
    else:
        assert _numbers(cell) == [45]
        _assert(cls, "f6 c5 c5", "f6 c5 c10", {"flight-climb"})


@pytest.mark.parametrize("cls", _cases("爬升速度"))
def test_up_speed(cls: str) -> None:
    """爬升速度: a climbing square costs 5 ft at 全速 and 10 ft at 半速."""
    cost = 5 if _cell("爬升速度", cls) == "全速" else 10
    squares = (SPEED - cost) // 5
    _assert(cls, f"c5 f{squares}", f"c5 f{squares + 1}", OVER)


@pytest.mark.parametrize("cls", _cases("俯角"))
def test_down_angle(cls: str) -> None:
    """俯角: 任意 allows a straight dive; 45° allows 5 ft down per square, not 10."""
    if _cell("俯角", cls) == "任意":
        _assert(cls, "f6 down20", "f6 down20 f5", OVER)
    else:
        _assert(cls, "f6 d5 d5", "f6 d10", {"flight-dive"})
        ok, broken = _verdict(cls, "f6 down5")
        assert not ok and broken == {"flight-dive"}


@pytest.mark.parametrize("cls", _cases("俯冲速度"))
def test_down_speed(cls: str) -> None:
    """俯冲速度 倍速: a square of 45° dive costs 2.5 ft, so 24 fit in 60 ft and 25 do not."""
    assert _cell("俯冲速度", cls) == "倍速"
    squares = SPEED * 2 // 5
    _assert(cls, " ".join(["d5"] * squares), " ".join(["d5"] * (squares + 1)), OVER)


@pytest.mark.parametrize("cls", _cases("升降缓冲"))
def test_between_down_and_up(cls: str) -> None:
    """升降缓冲: after a dive, a climb needs the cell's feet of level flight (0: none)."""
    need = _numbers(_cell("升降缓冲", cls))[0]
    if need == 0:
        _assert(cls, "d5 c5", "d5 c5 f13", OVER)
        return
    squares = need // 5
    short = f"f{squares - 1} " if squares > 1 else ""
    _assert(cls, f"f5 d5 f{squares} c5", f"f5 d5 {short}c5", {"flight-level"})


def test_table_matches_the_system_data() -> None:
    """The data file's columns read back as seed 004's cells (spot check of every row's kind)."""
    assert SYSTEM.flight is not None
    for cls in CLASSES:
        row = SYSTEM.flight.row(MANEUVERABILITY[cls])
        assert (row.min_forward_speed is None) == (_cell("最低飞行速度", cls) == "无")
        assert row.hover == (_cell("盘旋", cls) == "可以")
        assert row.fly_backward == (_cell("倒退飞行", cls) == "可以")
        assert row.between_down_up_ft == _numbers(_cell("升降缓冲", cls))[0]
        assert row.down_speed == 2


def test_flight_actions_match_the_system_data() -> None:
    """FLIGHT_ACTIONS (move 1, double-move 2) is dnd35.toml's speed multiples (RULES.md 1.4)."""
    from footfall.flight import FLIGHT_ACTIONS

    assert dict(FLIGHT_ACTIONS) == {
        name: SYSTEM.action(name).speed_multiple for name in FLIGHT_ACTIONS
    }
    assert dict(FLIGHT_ACTIONS) == {"move": 1, "double-move": 2}
    with pytest.raises(TypeError):
        FLIGHT_ACTIONS["run"] = 4  # type: ignore[index]
