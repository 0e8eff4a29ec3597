"""Hostile input in the journey library: files, huge numbers and bounds (docs/errors.md).

The CLI and API contracts are pinned in tests/cli/test_hostile.py / tests/api/test_hostile.py;
these tests pin the library functions they call: `read_text_file` (a device or pipe is
refused before it is read, a byte-order mark is dropped), the Constitution modifier and
chase modifier bounds, the Draw Steel speed cap and systems' own options.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from footfall.chase import (
    ChaseTie,
    Runner,
    Scale,
    chase_odds,
    parse_runner,
)
from footfall.dice import check_seed
from footfall.errors import InputError, LimitError
from footfall.imports import import_map
from footfall.limits import LIMITS
from footfall.rates import rates, steel_rates
from footfall.route import find_route, load_map, parse_map_json, parse_map_text, parse_point
from footfall.rules import load_system
from footfall.travel import (
    ForcedHour,
    Member,
    Traveller,
    exertion_odds,
    load_journey,
    parse_leg,
    plan_journey,
)
from footfall.travel.party import check_con_mod
from footfall.travel.quantities import num, parse_number
from footfall.untrusted import read_text as read_text_file

DIGITS = "1" + "0" * 5000  # past Python's 4300-digit limit of int(str)
JOURNEY = {"legs": ["24 mi plains highway"], "speed": 30}
ROUTE_MAP = "name: t\ngrid: square\ncell: 1 mi\nlegend:\n  . = plains trackless\nrows:\n  ....\n"


# ------------------------------------------------------------------------------ files


@pytest.mark.parametrize(
    "read",
    [
        lambda p: load_journey(p, load_system("pf1e")),
        load_map,
        lambda p: import_map(p, system="pf1e"),
        lambda p: import_map(Path(__file__), system="pf1e", terrain=p),
    ],
    ids=["journey", "route-map", "import", "import-terrain"],
)
def test_a_device_is_refused_before_reading(read: Callable[[Path], object]) -> None:
    """/dev/zero (size 0, endless) is refused as not a regular file, not read to a limit."""
    with pytest.raises(InputError, match=r"'/dev/zero' is not a regular file") as info:
        read(Path("/dev/zero"))
    assert not isinstance(info.value, LimitError)


def test_read_text_file_names_a_directory_and_a_missing_file(tmp_path: Path) -> None:
    """A directory or a missing path is one line naming it and what it is."""
    with pytest.raises(InputError, match=r"journey file '.*': Is a directory"):
        read_text_file(tmp_path, "journey file", 100)
    with pytest.raises(InputError, match=r"map '.*nope.txt': No such file"):
        read_text_file(tmp_path / "nope.txt", "map", 100)


def test_read_text_file_bounds_the_size(tmp_path: Path) -> None:
    """A file over the limit is a LimitError naming its size; at the limit it is read."""
    path = tmp_path / "j.json"
    path.write_bytes(b"x" * 11)
    with pytest.raises(LimitError, match=r"is 11 bytes, over the limit of 10"):
        read_text_file(path, "journey file", 10)
    assert read_text_file(path, "journey file", 11) == "x" * 11


def test_read_text_file_drops_a_byte_order_mark_and_refuses_latin1(tmp_path: Path) -> None:
    """A UTF-8 byte-order mark is dropped; Latin-1 bytes are refused naming the byte."""
    path = tmp_path / "j.json"
    path.write_bytes(b"\xef\xbb\xbf{}")
    assert read_text_file(path, "journey file", 100) == "{}"
    path.write_bytes(b'{"a": "\xe9"}')
    with pytest.raises(InputError, match=r"not UTF-8 text \(byte 7\)"):
        read_text_file(path, "journey file", 100)


@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_a_journey_file_with_a_byte_order_mark_reads_as_without(
    tmp_path: Path, suffix: str
) -> None:
    """Notepad's byte-order mark changes nothing in a JSON or TOML journey file."""
    text = json.dumps(JOURNEY) if suffix == ".json" else 'legs = ["24 mi plains highway"]\n'
    plain, bom = tmp_path / f"plain{suffix}", tmp_path / f"bom{suffix}"
    plain.write_text(text, encoding="utf-8")
    bom.write_text(text, encoding="utf-8-sig")
    rules = load_system("pf1e")
    assert load_journey(bom, rules) == load_journey(plain, rules)


def test_a_journey_number_past_4300_digits_is_one_line(tmp_path: Path) -> None:
    """A 5001-digit number in a journey file is an InputError, not Python's ValueError."""
    path = tmp_path / "digits.json"
    path.write_text('{"legs": ["24 mi plains highway"], "speed": ' + DIGITS + "}")
    with pytest.raises(
        InputError, match=r"digits.json': not valid JSON: a number of more than 4300 digits"
    ):
        load_journey(path, load_system("pf1e"))


def test_a_route_map_with_a_byte_order_mark_reads_as_without(tmp_path: Path) -> None:
    """A text or JSON route map with a byte-order mark is the same map, from text or file."""
    assert parse_map_text("\ufeff" + ROUTE_MAP, "t") == parse_map_text(ROUTE_MAP, "t")
    doc = json.dumps({"name": "t", "grid": "square", "cell": "1 mi",
                      "legend": {".": "plains trackless"}, "rows": ["...."]})  # fmt: skip
    assert parse_map_json("\ufeff" + doc, "t") == parse_map_json(doc, "t")
    path = tmp_path / "m.txt"
    path.write_text(ROUTE_MAP, encoding="utf-8-sig")
    assert load_map(path) == parse_map_text(ROUTE_MAP, "m.txt")


def test_a_json_route_map_number_past_4300_digits_is_one_line() -> None:
    """A 5001-digit number in a JSON route map is an InputError naming the limit."""
    with pytest.raises(InputError, match=r"a number of more than 4300 digits"):
        parse_map_json('{"cell": ' + DIGITS + "}", "m.json")


def test_parse_point_refuses_more_digits_than_a_map_has_cells() -> None:
    """A coordinate of more digits than LIMITS.cells is off every map, quoted short."""
    assert parse_point("1234567,0", "to") == (1234567, 0)
    with pytest.raises(InputError, match=r"goal '1000.*… \(5003 characters\) is off every map"):
        parse_point(DIGITS + ",7", "to")
    with pytest.raises(InputError, match=r"a coordinate of 8 digits"):
        parse_point("0,12345678", "from")


def test_a_leg_distance_past_4300_digits_is_quoted_short() -> None:
    """A 5001-digit leg distance names its digit count; the line stays short."""
    with pytest.raises(InputError, match=r"has 5001 digits") as info:
        parse_leg(DIGITS + " mi plains highway", load_system("pf1e"))
    assert len(str(info.value)) < 200


# ------------------------------------------------------------------------------ bounds


def test_con_mod_bounds_are_the_apis() -> None:
    """-10 and +30 are accepted, one past either is refused naming the bound."""
    assert (LIMITS.min_con_mod, LIMITS.max_con_mod) == (-10, 30)
    assert check_con_mod(-10) == -10 and check_con_mod(30) == 30
    for bad in (-11, 31, 10**20):
        with pytest.raises(InputError, match=rf"con_mod {bad} is out of range \(-10..30\)"):
            check_con_mod(bad)


def test_plan_journey_and_odds_refuse_a_con_mod_out_of_range() -> None:
    """The library refuses --con-mod 31 on a trip, in odds and for a party member."""
    legs = [parse_leg("24 mi plains highway", load_system("pf1e"))]
    with pytest.raises(InputError, match=r"con_mod 31 is out of range"):
        plan_journey("pf1e", legs, Traveller(speeds=(30,), con_mod=31), forced_march=1)
    with pytest.raises(InputError, match=r"con_mod -11 is out of range"):
        exertion_odds("pf1e", forced_march=2, con_mod=-11)
    party = (Member("Valeros", con_mod=31), Member("Kyra"))
    with pytest.raises(InputError, match=r"party member 'Valeros': con 31 is out of range"):
        plan_journey("pf1e", legs, Traveller(speeds=(30,), party=party))


def test_forced_march_odds_at_the_con_mod_bound() -> None:
    """At +30 every DC 12 check of seed 000's forced march passes: no fatigue on day 1."""
    result = exertion_odds("pf1e", forced_march=1, con_mod=LIMITS.max_con_mod)
    first = result.hours[0]
    assert isinstance(first, ForcedHour) and first.dc == 12
    assert result.odds.p_no_fatigue_day == 1


def test_a_system_refuses_the_other_systems_options() -> None:
    """pf1e refuses dh2e's Toughness; dh2e refuses a Constitution modifier (never ignored)."""
    pf_legs = [parse_leg("24 mi plains highway", load_system("pf1e"))]
    with pytest.raises(InputError, match=r"toughness: dh2e options; pf1e travels by"):
        plan_journey("pf1e", pf_legs, Traveller(speeds=(30,), toughness=30))
    dh_legs = [parse_leg("12 km", load_system("dh2e"))]
    with pytest.raises(InputError, match=r"con_mod 2: dh2e has no forced-march"):
        plan_journey("dh2e", dh_legs, Traveller(agility_bonus=3, con_mod=2))


def test_chase_modifiers_are_bounded() -> None:
    """Dex and Con modifiers of -10..30 are accepted; past them the side is named."""
    assert (LIMITS.min_modifier, LIMITS.max_modifier) == (LIMITS.min_con_mod, LIMITS.max_con_mod)
    edge = chase_odds(Runner(30, dex=-10), Runner(30, dex=30), Scale.TACTICAL, ChaseTie.PURSUER)
    # The quarry's d20 + 30 beats d20 - 10 every time (seed 000 "Погони": opposed Dex check).
    assert edge.p_escape == Fraction(1)
    with pytest.raises(InputError, match=r"pursuer dex 100000000000000000000 is out of range"):
        chase_odds(Runner(30, dex=10**20), Runner(30), Scale.TACTICAL, ChaseTie.PURSUER)
    with pytest.raises(InputError, match=r"quarry con -11 is out of range \(-10..30\)"):
        chase_odds(Runner(30), Runner(30, con=-11), Scale.OVERLAND, ChaseTie.PURSUER)


def test_parse_runner_quotes_a_huge_number_short() -> None:
    """A 5001-digit speed is 'not a whole number', quoted at 80 characters."""
    with pytest.raises(InputError, match=r"pursuer speed '1000.*… \(5001 characters\)"):
        parse_runner("speed=" + DIGITS, "pursuer")


def test_draw_steel_speed_cap_is_the_d20_cap_in_squares() -> None:
    """20000 squares (100000 ft of 5-ft squares) is the last accepted Draw Steel speed."""
    assert LIMITS.steel_speed * 5 == LIMITS.d20_speed == 100_000
    rules = load_system("drawsteel")
    assert steel_rates(rules, LIMITS.steel_speed).advance == LIMITS.steel_speed
    with pytest.raises(InputError, match=r"drawsteel speed 20001 squares is out of range"):
        steel_rates(rules, LIMITS.steel_speed + 1)


def test_routes_refuse_the_other_systems_options() -> None:
    """A pf1e route refuses an Agility Bonus; a dh2e route refuses --metric (km already)."""
    valley = load_map("valley")
    with pytest.raises(InputError, match=r"agility_bonus: dh2e options"):
        find_route(valley, (0, 7), (29, 7), Traveller(speeds=(30,), agility_bonus=3))
    hive = load_map("hive")
    with pytest.raises(InputError, match=r"metric: dh2e maps are in km already"):
        find_route(hive, (0, 0), (1, 1), Traveller(agility_bonus=3), system_id="dh2e", metric=True)


def test_dh2e_rates_and_trips_refuse_metric() -> None:
    """dh2e's rates and trips are metric already: --metric is refused, not ignored."""
    with pytest.raises(InputError, match=r"dh2e rates are in m and km already"):
        rates("dh2e", agility_bonus=3, metric=True)
    legs = [parse_leg("12 km", load_system("dh2e"))]
    with pytest.raises(InputError, match=r"metric: dh2e travels in km already"):
        plan_journey("dh2e", legs, Traveller(agility_bonus=3), metric=True)


def test_a_trip_too_long_to_plan_names_its_hours_short() -> None:
    """A 1e308-mile leg is a LimitError whose hours are cut at 80 characters."""
    legs = [parse_leg("1" + "0" * 308 + " mi plains highway", load_system("pf1e"))]
    with pytest.raises(LimitError, match=r"the trip takes '3333.*… \(\d+ characters\) h") as info:
        plan_journey("pf1e", legs, Traveller(speeds=(30,)))
    assert len(str(info.value)) < 200


def test_parse_number_reads_exact_decimals_and_refuses_huge_ones() -> None:
    """'1,5' and '3/4' are exact; 5001 digits are refused naming the count."""
    assert parse_number("1,5", "leg distance") == Fraction(3, 2)
    assert parse_number("3/4", "leg distance") == Fraction(3, 4)
    with pytest.raises(InputError, match=r"leg distance '1000.*has 5001 digits"):
        parse_number(DIGITS, "leg distance")
    with pytest.raises(InputError, match=r"current 'x' is not a number"):
        parse_number("x", "current")


# ------------------------------------------------------------------------------ CLI sweep

_BASES = {
    "travel": ["travel", "pf1e", "--speed", "30", "--leg", "24 mi plains highway"],
    "travel-dh": ["travel", "dh2e", "--agility-bonus", "3", "--leg", "12 km"],
    "travel-local": ["travel", "pf1e", "--speed", "30", "--leg", "600 ft"],
    "odds": ["odds", "pf1e", "--forced-march", "2"],
    "odds-dh": ["odds", "dh2e", "--hustle", "2", "--toughness", "30"],
    "route": ["route", "valley", "--from", "0,7", "--to", "29,7", "--speed", "30"],
    "chase": ["chase", "pf1e", "--pursuer", "speed=30", "--quarry", "speed=30"],
    "rates": ["rates", "pf1e", "--speed", "30"],
    "rates-dh": ["rates", "dh2e", "--agility-bonus", "3"],
    "rates-ds": ["rates", "drawsteel", "--speed", "5"],
}
#: Where a huge number goes: an option (replaced or added), or an option whose value holds
#: the number at {} (a leg, a member, a day, a runner, a square).
_SLOTS = {
    "travel": ["--speed", "--hustle", "--forced-march", "--con-mod", "--seed", "--current",
               "--day=hustle={}", "--member=name=a,con={}", "--member=name=a,speed={}",
               "--leg={} mi plains highway"],
    "travel-dh": ["--agility-bonus", "--toughness", "--toughness-bonus", "--leg={} km",
                  "--member=name=a,toughness={}", "--member=name=a,ab={}"],
    "travel-local": ["--speed", "--con", "--leg={} ft"],
    "odds": ["--forced-march", "--con-mod", "--days", "--member=name=a,con={}"],
    "odds-dh": ["--hustle", "--toughness", "--toughness-bonus", "--days"],
    "route": ["--speed", "--from={},0", "--to=0,{}", "--agility-bonus"],
    "chase": ["--pursuer=speed={}", "--pursuer=speed=30,dex={}", "--quarry=speed=30,con={}",
              "--seed"],
    "rates": ["--speed"],
    "rates-dh": ["--agility-bonus"],
    "rates-ds": ["--speed"],
}  # fmt: skip
_HUGE = {"4000-digits": "9" * 4000, "5001-digits": DIGITS, "negative": "-" + "9" * 4000}


def _hostile_args(base: str, slot: str, value: str) -> list[str]:
    """Return the base command line with `value` put in `slot`."""
    args = list(_BASES[base])
    name, _, template = slot.partition("=")
    text = template.format(value) if template else value
    if name in args:
        args[args.index(name) + 1] = text
    else:
        args += [name, text]
    return args


@pytest.mark.parametrize("value", list(_HUGE.values()), ids=list(_HUGE))
@pytest.mark.parametrize(
    ("base", "slot"),
    [(base, slot) for base, slots in _SLOTS.items() for slot in slots],
    ids=[f"{base}:{slot.split('=')[0]}" for base, slots in _SLOTS.items() for slot in slots],
)
def test_every_number_of_the_journey_commands_survives_huge_values(
    base: str,
    slot: str,
    value: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A 4000- or 5001-digit number in any slot is one short error line, exit 2."""
    from footfall.cli import main

    monkeypatch.setattr("sys.argv", ["footfall", *_hostile_args(base, slot, value)])
    with pytest.raises(SystemExit) as info:
        main()
    out, err = capsys.readouterr()
    assert (info.value.code, out) == (2, ""), err[:300]
    (line,) = err.splitlines()
    assert line.startswith("footfall: error: ") and len(line) < 400, line[:300]


def test_a_seed_is_bounded_and_needs_roll(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seeds run 0..LIMITS.seed (the API's bound); --seed without --roll is refused, not ignored."""
    from footfall.cli import main

    assert check_seed(LIMITS.seed) == 2**63 - 1
    with pytest.raises(InputError, match=r"seed 9223372036854775808 must be 0 or more and at"):
        check_seed(LIMITS.seed + 1)
    monkeypatch.setattr("sys.argv", ["footfall", *_BASES["chase"], "--seed", "3"])
    with pytest.raises(SystemExit):
        main()
    assert capsys.readouterr().err == (
        "footfall: error: --seed 3 needs --roll: without it nothing is rolled\n"
    )


def test_num_rounds_huge_fractions_exactly() -> None:
    """From 10^15 on a fraction shows as its nearest integer (no float overflow past 1e308)."""
    assert num(Fraction(10**400 + 1, 3)) == round(Fraction(10**400 + 1, 3))
    assert num(Fraction(1, 3)) == 0.33


# ----------------------------------------------------------------- errors as data


def test_every_journey_error_key_is_in_the_catalogs() -> None:
    """Each `error.travel.*` / `error.rates.*` key the journey modules raise has English."""
    import re
    from pathlib import Path

    import footfall
    from footfall.i18n import catalog

    root = Path(footfall.__file__).parent
    files = [*root.glob("travel/*.py"), *root.glob("cli/journeys/*.py")]
    files += [root / name for name in ("chase.py", "route.py", "dice.py", "rates.py")]
    files.append(root / "cli" / "rates.py")
    used = {
        k for f in files for k in re.findall(r'"(error\.(?:travel|rates)[\w.-]*)"', f.read_text())
    }
    assert len(used) > 150
    assert sorted(used - set(catalog())) == []


def test_library_errors_carry_the_parameter_and_value() -> None:
    """An error names its parameter and bad value as data, for each front-end to spell."""
    from footfall.errors import Param

    with pytest.raises(InputError) as con:
        check_con_mod(99)
    assert (con.value.param, con.value.value) == (Param("con_mod"), 99)
    with pytest.raises(InputError) as leg:
        parse_leg("24 mi forest freeway", load_system("pf1e"))
    assert leg.value.param == Param("legs") and leg.value.value == "freeway"
    assert leg.value.valid == ("highway", "road", "trackless")
    with pytest.raises(InputError) as way:
        plan_journey("pf1e", [parse_leg("1 mi", load_system("pf1e"))], Traveller())
    assert way.value.render("en", lambda p: f"--{p.name}") == (
        "give exactly one of --speed, --mount or --vessel"
    )
