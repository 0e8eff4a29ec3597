"""Read journey files: legs and options in TOML or JSON, or a route's ``--json`` output.

A journey file holds `legs` (strings such as ``"24 mi forest trackless"``, or tables with
`distance`, `terrain`, `road` or `dense`, `pace`, `unit`), a top-level `unit` for legs that
give none, the traveller's options (`speed`, `mount`, `vessel`, `hustle`, `party` ...) and
per-day paces (`days`); see docs/travel.md. Files are read through `footfall.untrusted`:
a regular file of at most `footfall.limits.Limits.journey_bytes`, UTF-8.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from footfall.errors import InputError, Noun, Param, quote, unknown
from footfall.limits import LIMITS, Limits
from footfall.rules import System
from footfall.travel.legs import Leg, make_leg, parse_leg
from footfall.travel.party import parse_party
from footfall.travel.quantities import DistanceUnit, parse_number, system_unit
from footfall.travel.water import parse_current
from footfall.untrusted import parse_json, read_text

__all__ = ["JourneySpec", "load_journey", "parse_day_pace", "parse_journey"]

_LEGS = Param("legs")


def _empty() -> Mapping[str, object]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class JourneySpec:
    """A journey file: its legs and any options it sets (None: not set in the file)."""

    legs: tuple[Leg, ...]
    options: Mapping[str, object] = field(default_factory=_empty)
    day_paces: tuple[tuple[int, int], ...] = ()


_FILE_OPTIONS = (
    "system",
    "speed",
    "speeds",
    "mount",
    "loaded",
    "vessel",
    "current",
    "flow",
    "drift",
    "tow",
    "hustle",
    "forced_march",
    "con_mod",
    "agility_bonus",
    "toughness_bonus",
    "toughness",
    "metric",
    "forced_march_dc",
    "party",
)
#: Keys a route's JSON output carries, accepted and ignored so a route feeds the planner.
_ROUTE_KEYS = (
    "found",
    "steps",
    "distance",
    "day_hours",
    "hours",
    "days",
    "path",
    "map",
    "from",
    "to",
    "traveller",
    "total",
    "cells",
    "hours_exact",
)


def parse_journey(
    data: Mapping[str, object], system: System, *, limits: Limits = LIMITS
) -> JourneySpec:
    """Read a journey document (from TOML or JSON, or `footfall route --json` output).

    `legs` is a list of strings (``"24 mi forest trackless"``) or tables with `distance`,
    `terrain`, `road` (or `dense`) and an optional `unit`; a top-level `unit` applies to
    every leg that has none. Other keys are options (see `docs/travel.md`).
    """
    for key in data:
        if key not in (*_FILE_OPTIONS, *_ROUTE_KEYS, "legs", "unit"):
            raise unknown("journey file key", key, ("legs", "unit", *_FILE_OPTIONS))
    raw_legs = data.get("legs")
    if not isinstance(raw_legs, list) or not raw_legs:
        raise InputError("error.travel.file-legs", param=_LEGS)
    default_unit = data.get("unit", system_unit(system))
    if not isinstance(default_unit, str):
        raise InputError("error.travel.file-unit", param=Param("unit"), value=default_unit)
    if default_unit not in tuple(DistanceUnit):  # refused even when every leg names its own
        raise unknown("distance unit", default_unit, tuple(DistanceUnit), param=Param("unit"))
    legs = tuple(_file_leg(raw, i, default_unit, system) for i, raw in enumerate(raw_legs, 1))
    options = {k: v for k, v in data.items() if k in _FILE_OPTIONS}
    for key, value in options.items():
        _check_option(key, value, limits)
    day_paces: list[tuple[int, int]] = []
    raw_days = data.get("days")
    if isinstance(raw_days, list):  # a route's "days" is a number: ignored
        for i, raw in enumerate(raw_days, 1):
            if not isinstance(raw, dict):
                raise InputError("error.travel.file-day", param=Param("day_paces"), day=i)
            day_paces.append(parse_day_pace(raw, f"journey file: day {i}"))
    return JourneySpec(legs=legs, options=MappingProxyType(options), day_paces=tuple(day_paces))


def _file_leg(raw: object, i: int, default_unit: str, system: System) -> Leg:
    """Read leg `i` of a journey file: a string, or a table of `distance`, `terrain` ..."""
    if isinstance(raw, str):
        return parse_leg(raw, system)
    if not isinstance(raw, dict) or "distance" not in raw:
        raise InputError("error.travel.file-leg-distance", param=_LEGS, leg=i)
    _check_leg_keys(raw, i)
    # A route's legs carry the exact distance beside the rounded one: prefer it.
    dist_raw = raw.get("distance_exact", raw["distance"])
    if isinstance(dist_raw, bool) or not isinstance(dist_raw, (int, float, str)):
        raise InputError("error.travel.file-leg-number", param=_LEGS, leg=i, value=dist_raw)
    distance = parse_number(str(dist_raw), f"leg {i} distance", param=_LEGS)
    unit = str(raw.get("unit", default_unit))
    if unit not in tuple(DistanceUnit):
        raise unknown("distance unit", unit, tuple(DistanceUnit), param=_LEGS)
    words: list[str] = []
    if raw.get("terrain") is not None or raw.get("road") is not None:
        words = [str(raw.get("terrain")), str(raw.get("road"))]
    if raw.get("dense"):
        words = ["dense"]
    if raw.get("pace") is not None:
        words.append(str(raw["pace"]))
    return make_leg(system, distance, unit, words)


#: The keys of a journey file's leg table; the legs of a route's (or travel's) JSON output
#: add the computed ones of `_ROUTE_LEG_KEYS`, ignored.
_LEG_KEYS = ("distance", "distance_exact", "terrain", "road", "dense", "pace", "unit")
_ROUTE_LEG_KEYS = (
    "multiplier",
    "per_hour",
    "hours",
    "hours_exact",
    "log_hours",
    "log_hours_exact",
    "under_way_hours",
    "hustle_hours",
    "drift_hours",
)
_TEXT_LEG_KEYS = ("terrain", "road", "pace", "unit")


def _check_leg_keys(raw: Mapping[str, object], i: int) -> None:
    """Refuse a leg table with an unknown key or a value of the wrong type."""
    for key, value in raw.items():
        if key not in _LEG_KEYS + _ROUTE_LEG_KEYS:
            raise InputError(
                "error.travel.file-leg-key", param=_LEGS, leg=i, value=key, valid=_LEG_KEYS
            )
        if key in _TEXT_LEG_KEYS and not isinstance(value, str):
            raise InputError("error.travel.file-leg-text", param=_LEGS, leg=i, key=key, value=value)
        if key == "dense" and not isinstance(value, bool):
            raise InputError("error.travel.file-leg-dense", param=_LEGS, leg=i, value=value)


#: The type each journey-file option must have, and the noun an error names it by.
_OPTION_TYPES: Mapping[str, tuple[type, str]] = MappingProxyType(
    {
        "system": (str, "a system name"),
        "mount": (str, "a mount name"),
        "vessel": (str, "a vessel name"),
        "flow": (str, "downstream or upstream"),
        "forced_march_dc": (str, "a switch choice"),
        "loaded": (bool, "true or false"),
        "drift": (bool, "true or false"),
        "tow": (bool, "true or false"),
        "metric": (bool, "true or false"),
        "speed": (int, "a whole number of ft"),
        "hustle": (int, "a whole number of hours"),
        "forced_march": (int, "a whole number of hours"),
        "con_mod": (int, "a whole number"),
        "agility_bonus": (int, "a whole number"),
        "toughness_bonus": (int, "a whole number"),
        "toughness": (int, "a whole number"),
    }
)


def _check_option(key: str, value: object, limits: Limits) -> None:
    """Refuse a journey-file option of the wrong type, naming the key and the bad value."""
    if key == "current":
        parse_current(value, limits=limits)
        return
    if key == "party":
        parse_party(value)
        return
    if key == "speeds" or (key == "speed" and isinstance(value, list)):
        if isinstance(value, list) and value:
            for item in value:
                _check_option("speed", item, limits)
            return
        raise InputError("error.travel.file-speeds", param=Param(key), key=key, value=value)
    kind, what = _OPTION_TYPES[key]
    wrong_bool = kind is int and isinstance(value, bool)
    if wrong_bool or not isinstance(value, kind):
        raise InputError(
            "error.travel.file-option", param=Param(key), key=key, value=value, what=Noun(what)
        )


def parse_day_pace(data: Mapping[str, object], where: str) -> tuple[int, int]:
    """Read one day's pace, ``{"hustle": H, "forced_march": F}``, as ``(H, F)``.

    `where` names the day in errors (``journey file: day 2``).
    """
    known = ("hustle", "forced_march")
    values = {"hustle": 0, "forced_march": 0}
    for key, value in data.items():
        if key not in known:
            raise InputError(
                "error.travel.day-key",
                param=Param("day_paces"),
                where=where,
                value=key,
                valid=known,
            )
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(
                "error.travel.day-hours",
                param=Param("day_paces"),
                where=where,
                key=key,
                value=value,
            )
        values[key] = value
    return values["hustle"], values["forced_march"]


def load_journey(path: str | Path, system: System, *, limits: Limits = LIMITS) -> JourneySpec:
    """Read a journey file (``.toml`` or ``.json``) into a `JourneySpec`.

    The file must be a regular file of at most `limits.journey_bytes` bytes of UTF-8 text (a
    byte-order mark is dropped); see `footfall.untrusted.read_text`.
    """
    file = Path(path)
    text = read_text(file, "journey file", limits.journey_bytes)
    where = f"journey file {quote(str(file), limits.path_quote)}"
    toml = file.suffix.lower() == ".toml"
    data = _parse_toml(text, where) if toml else parse_json(text, where)
    if not isinstance(data, dict):
        raise InputError("error.travel.file-not-table", where=where)
    return parse_journey(data, system, limits=limits)


def _parse_toml(text: str, where: str) -> object:
    """Parse a TOML journey file, refusing bad TOML in one line that starts with `where`."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError("error.travel.file-toml", where=where, reason=str(exc)) from None
    except RecursionError:
        raise InputError("error.travel.file-nested", where=where) from None
