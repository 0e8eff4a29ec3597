"""Present every data table of a system as rows and columns, in en, ru or zh.

`table_ids(system)` lists the tables a system has; `table_view(system, id)` returns a
`TableView`: a title, its `Source`, column headers and rows of cells. Cells keep their exact
values (`Fraction`, `int`) until `TableView.text_rows(lang)` (for people, rounded for display)
or `TableView.to_json(lang)` (for programs: whole numbers as ints, factors as exact strings
such as ``"3/4"``). The CLI (`footfall tables`) and the HTTP API both present these views.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from footfall.errors import InputError, Param
from footfall.i18n import Lang, t
from footfall.rules import (
    ANY,
    ActionRule,
    Conveyance,
    Family,
    FlightRow,
    Names,
    Restriction,
    Source,
    System,
    TurnInPlace,
    TurnRate,
)
from footfall.units import DASH, display, fraction_str, json_number

__all__ = ["Cell", "Column", "TableView", "table_ids", "table_view"]

#: A table cell: a translated term, a verbatim string (ids, printed labels), a number or None.
Cell = Names | str | int | Fraction | None


@dataclass(frozen=True, slots=True)
class Column:
    """A column: its header and how its numbers read (``number`` 1.5, ``factor`` x3/4)."""

    id: str
    names: Names
    kind: Literal["text", "number", "factor"] = "text"


@dataclass(frozen=True, slots=True)
class TableView:
    """One data table, ready to present: title, source, columns, rows of exact cells."""

    id: str
    system: str
    names: Names
    source: Source
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]

    def text_rows(self, lang: Lang = "en") -> list[list[str]]:
        """Return every row as display strings in `lang` (numbers rounded for display)."""
        return [
            [_text(cell, col, lang) for cell, col in zip(row, self.columns, strict=True)]
            for row in self.rows
        ]

    def to_json(self, lang: Lang = "en") -> dict[str, Any]:
        """Return the ``footfall tables SYSTEM TABLE --json`` object."""
        return {
            "system": self.system,
            "table": self.id,
            "title": self.names.get(lang),
            "source": {"document": self.source.document, "table": self.source.table},
            "columns": [{"id": c.id, "title": c.names.get(lang)} for c in self.columns],
            "rows": [
                {c.id: _json(cell, c, lang) for cell, c in zip(row, self.columns, strict=True)}
                for row in self.rows
            ],
        }


def _text(cell: Cell, column: Column, lang: Lang) -> str:
    if cell is None:
        return DASH
    if isinstance(cell, Names):
        return cell.get(lang)
    if isinstance(cell, str):
        return cell
    if column.kind == "factor":
        return "x" + fraction_str(cell)
    return display(cell, lang)


def _json(cell: Cell, column: Column, lang: Lang) -> Any:
    if cell is None or isinstance(cell, str):
        return cell
    if isinstance(cell, Names):
        return cell.get(lang)
    if column.kind == "factor":
        return fraction_str(cell)
    return json_number(cell)


def _term(key: str, **values: object) -> Names:
    """Return the catalog term ``terms.<key>`` in the three languages."""
    return Names(
        t(f"terms.{key}", "en", **values),
        t(f"terms.{key}", "ru", **values),
        t(f"terms.{key}", "zh", **values),
    )


def _col(key: str, kind: Literal["text", "number", "factor"] = "text") -> Column:
    return Column(key, _term(f"col.{key}"), kind)


def _params(
    system: System, table_id: str, names: Names, source: Source, rows: Sequence[tuple[str, Cell]]
) -> TableView:
    """Build a two-column parameter table (``parameter``, ``value``)."""
    return TableView(
        table_id,
        system.id,
        names,
        source,
        (_col("parameter"), _col("value", "number")),
        tuple((_term(f"param.{key}"), value) for key, value in rows),
    )


def _yes_no(value: bool) -> Names:
    return _term("yes" if value else "no")


# ------------------------------------------------------------------ pf1e / dnd35


def _rate_view(scale: str) -> Callable[[System], TableView]:
    def build(system: System) -> TableView:
        assert system.travel is not None
        table = next(r for r in system.travel.rate_tables if r.scale.value == scale)
        unit = _term(f"unit.{table.unit}")
        speed_cols = tuple(
            Column(f"speed_{s}", _term("col.speed_ft", speed=s), "number") for s in table.speeds
        )
        return TableView(
            f"per-{scale}",
            system.id,
            Names(
                f"{table.names.en} ({unit.en})",
                f"{table.names.ru} ({unit.ru})",
                f"{table.names.zh} ({unit.zh})",
            ),
            table.source,
            (_col("id"), _col("pace"), *speed_cols),
            tuple((row.id, row.names, *row.values) for row in table.rows),
        )

    return build


def _modes_view(system: System) -> TableView:
    tac = system.tactical
    assert tac is not None
    rows: list[tuple[Cell, ...]] = [(m.names, m.multiplier) for m in tac.modes]
    rows.append((_term("run_heavy"), tac.run_heavy))
    return TableView(
        "modes",
        system.id,
        _term("table.modes"),
        tac.modes_source,
        (_col("pace"), _col("multiplier", "factor")),
        tuple(rows),
    )


def _hampered_view(system: System) -> TableView:
    tac = system.tactical
    assert tac is not None
    return TableView(
        "hampered",
        system.id,
        tac.hampered_names,
        tac.hampered_source,
        (_col("condition"), _col("multiplier", "factor")),
        tuple((h.names, h.factor) for h in tac.hampered),
    )


def _terrain_view(system: System) -> TableView:
    travel = system.travel
    assert travel is not None
    road_cols = tuple(Column(r.road.value, r.names, "factor") for r in travel.roads)
    return TableView(
        "terrain",
        system.id,
        travel.terrain_names,
        travel.terrain_source,
        (_col("id"), _col("terrain"), *road_cols),
        tuple(
            (row.terrain.value, row.names, *(row.multiplier(r.road) for r in travel.roads))
            for row in travel.terrain
        ),
    )


def _conveyance_rows(c: Conveyance) -> list[tuple[Cell, ...]]:
    rows: list[tuple[Cell, ...]] = [
        (c.id, c.names, _term(f"kind.{c.kind.value}"), None, c.per_hour, c.per_day, c.row)
    ]
    if c.loaded is not None:
        lo, hi = c.loaded.load_lb
        rows.append(
            (
                c.id,
                c.names,
                _term(f"kind.{c.kind.value}"),
                f"{lo}-{hi}",
                c.loaded.per_hour,
                c.loaded.per_day,
                c.loaded.row,
            )
        )
    return rows


def _mounts_view(system: System) -> TableView:
    travel = system.travel
    assert travel is not None
    return TableView(
        "mounts",
        system.id,
        travel.conveyances_names,
        travel.conveyances_source,
        (
            _col("id"),
            _col("name"),
            _col("kind"),
            _col("load_lb"),
            _col("per_hour_mi", "number"),
            _col("per_day_mi", "number"),
            _col("printed_row"),
        ),
        tuple(row for c in travel.conveyances for row in _conveyance_rows(c)),
    )


def _day_hours_view(system: System) -> TableView:
    travel = system.travel
    assert travel is not None
    return TableView(
        "travel-day",
        system.id,
        _term("table.travel_day"),
        travel.day_hours_source,
        (_col("kind"), _col("hours", "number")),
        tuple((_term(f"kind.{d.kind.value}"), d.hours) for d in travel.day_hours),
    )


def _hustle_view(system: System) -> TableView:
    travel = system.travel
    assert travel is not None
    h = travel.hustle
    return _params(
        system,
        "hustle",
        h.names,
        h.source,
        [
            ("free_hours", h.free_hours),
            ("first_damage", h.first_damage),
            ("growth", h.growth),
            ("mount_lethal", _yes_no(h.mount_lethal)),
        ],
    )


def _forced_march_view(system: System) -> TableView:
    travel = system.travel
    assert travel is not None
    f = travel.forced_march
    return _params(
        system,
        "forced-march",
        f.names,
        f.source,
        [
            ("base_hours", f.base_hours),
            ("dc_base", f.dc_base),
            ("dc_step", f.dc_step),
            ("damage", f"{f.damage_dice}d{f.damage_sides}"),
            ("mount_auto_fail", _yes_no(f.mount_auto_fail)),
        ],
    )


def _water_view(system: System) -> TableView:
    travel = system.travel
    assert travel is not None
    w = travel.water
    return _params(
        system,
        "water",
        w.names,
        w.source,
        [
            ("current_mph", w.current_mph),
            ("row_hours", w.row_hours),
            ("drift_hours", w.drift_hours),
            ("drift_miles", w.drift_miles),
            ("upstream_rowing", _yes_no(w.upstream_rowing)),
            ("tow", _yes_no(w.tow)),
        ],
    )


def _running_view(system: System) -> TableView:
    travel = system.travel
    assert travel is not None
    r = travel.run_duration
    return _params(
        system,
        "running",
        r.names,
        r.source,
        [("run_duration", _term(f"run_duration.{r.kind.value}", con=r.min_con))],
    )


def _budget(action: ActionRule) -> Cell:
    if action.speed_multiple is not None:
        text = _term("budget.speed", multiple=fraction_str(action.speed_multiple))
        if action.heavy_multiple is not None:
            heavy = _term("budget.heavy", multiple=fraction_str(action.heavy_multiple))
            return Names(
                f"{text.en}; {heavy.en}", f"{text.ru}; {heavy.ru}", f"{text.zh}; {heavy.zh}"
            )
        return text
    if action.squares is not None:
        return _term("budget.squares", squares=action.squares)
    if action.structured_column is not None:
        return _term(f"budget.structured.{action.structured_column}")
    return _term("budget.given")


def _restrictions(action: ActionRule) -> Cell:
    parts = [_term(f"restriction.{r.value}") for r in Restriction if r in action.restrictions]
    parts += [_term("restriction.switch", switch=s) for s in action.switches]
    if not parts:
        return None
    return Names(*("; ".join(p.get(lang) for p in parts) for lang in ("en", "ru", "zh")))


def _actions_view(system: System) -> TableView:
    return TableView(
        "actions",
        system.id,
        system.actions_names,
        system.actions_source or system.actions[0].source,
        (_col("id"), _col("name"), _col("budget"), _col("restrictions"), _col("source")),
        tuple(
            (a.id.value, a.names, _budget(a), _restrictions(a), str(a.source))
            for a in system.actions
        ),
    )


def _sizes_view(system: System) -> TableView:
    if system.tactical is not None:
        tac = system.tactical
        return TableView(
            "sizes",
            system.id,
            _term("table.sizes"),
            tac.sizes_source,
            (_col("id"), _col("size"), _col("order", "number"), _col("footprint", "number")),
            tuple((s.size.value, s.names, s.order, s.footprint) for s in tac.sizes),
        )
    steel = system.steel
    assert steel is not None
    return TableView(
        "sizes",
        system.id,
        steel.sizes_names,
        steel.sizes_source,
        (_col("id"), _col("size"), _col("order", "number"), _col("footprint", "number")),
        tuple((s.size.value, s.names, s.order, s.footprint) for s in steel.sizes),
    )


def _squeezing_view(system: System) -> TableView:
    tac = system.tactical
    assert tac is not None

    def movement(speed_factor: Fraction | None, fixed: int | None, skill: str | None) -> Cell:
        if speed_factor is not None:
            return _term("squeeze.speed", factor=fraction_str(speed_factor))
        if fixed is not None:
            return _term("squeeze.crawl", ft=fixed)
        return _term(f"squeeze.skill.{skill}")

    def penalties(
        attack: int | None, ac: int | None, ac_ranged: int | None, dex: bool, no_attacks: bool
    ) -> Names:
        keys: list[Names] = []
        if no_attacks:
            keys.append(_term("squeeze.no_attacks"))
        if attack is not None:
            keys.append(_term("squeeze.attack", mod=f"{attack:+d}"))
        if dex:
            keys.append(_term("squeeze.ac_dex"))
        if ac_ranged is not None:
            keys.append(_term("squeeze.ac_ranged", mod=f"{ac_ranged:+d}"))
        if ac is not None:
            key = "squeeze.ac_melee" if ac_ranged is not None else "squeeze.ac"
            keys.append(_term(key, mod=f"{ac:+d}"))
        return Names(*(", ".join(k.get(lang) for k in keys) for lang in ("en", "ru", "zh")))

    return TableView(
        "squeezing",
        system.id,
        tac.squeezing_names,
        tac.squeezing_source,
        (_col("case"), _col("movement"), _col("penalties")),
        tuple(
            (
                s.names,
                movement(s.speed_factor, s.fixed_ft, s.needs_skill),
                penalties(s.attack, s.ac, s.ac_ranged, s.ac_dex_lost, s.no_attacks),
            )
            for s in tac.squeezing
        ),
    )


def _any(value: object, render: Callable[[Any], Names]) -> Cell:
    if value is ANY:
        return _term("any")
    if value is None:
        return _term("flight.cannot")
    return render(value)


def _flight_cells(row: FlightRow) -> list[Cell]:
    def deg(v: int) -> Names:
        return Names(f"{v}°", f"{v}°", f"{v}°")

    def turn(v: TurnRate) -> Names:
        return _term("flight.turn", degrees=v.degrees, ft=v.per_ft)

    def tip(v: TurnInPlace) -> Names:
        return _term("flight.turn_in_place", degrees=v.degrees, ft=v.cost_ft)

    def reverse(v: int) -> Names:
        return _term("flight.reverse_cost", ft=v)

    def speed(v: Fraction) -> Names:
        return _term(f"flight.speed.{fraction_str(v).replace('/', '_')}")

    return [
        _term("none") if row.min_forward_speed is None else speed(row.min_forward_speed),
        _term("flight.can" if row.hover else "flight.cannot"),
        _term("flight.can" if row.fly_backward else "flight.cannot"),
        _any(row.reverse, reverse),
        _any(row.turn, turn),
        _any(row.turn_in_place, tip),
        _any(row.max_turn, deg),
        _any(row.up_angle, deg),
        speed(row.up_speed),
        _any(row.down_angle, deg),
        speed(row.down_speed),
        _term("flight.ft", ft=row.between_down_up_ft),
    ]


_FLIGHT_ROWS = (
    "min_forward_speed",
    "hover",
    "fly_backward",
    "reverse",
    "turn_row",
    "turn_in_place_row",
    "max_turn",
    "up_angle",
    "up_speed",
    "down_angle",
    "down_speed",
    "between_down_up",
)


def _maneuverability_view(system: System) -> TableView:
    flight = system.flight
    assert flight is not None
    columns = [_flight_cells(r) for r in flight.rows]
    return TableView(
        "maneuverability",
        system.id,
        flight.names,
        flight.source,
        (
            _col("property"),
            *(Column(r.maneuverability.value, r.names) for r in flight.rows),
        ),
        tuple(
            (_term(f"flight.{key}"), *(col[i] for col in columns))
            for i, key in enumerate(_FLIGHT_ROWS)
        ),
    )


def _choices(switch: str, choices: Sequence[Any]) -> Names:
    """A switch's choices: in English each with the data file's explanation; in Russian and
    Chinese each as its word and its id (the words of the page, values.toml
    ``value.choice.<switch>.<id>``), the data files' explanations being English only."""
    from footfall.i18n.values import shown_value, value_word

    def listed(lang: Lang) -> str:
        words = [
            shown_value(value_word(f"choice.{switch}", c.id, lang), c.id, lang) for c in choices
        ]
        return "; ".join(words).replace("…", "...")  # … in a table reads as a cut cell

    return Names("; ".join(f"{c.id}: {c.doc}" for c in choices), listed("ru"), listed("zh"))


def _interpretations_view(system: System) -> TableView:
    return TableView(
        "interpretations",
        system.id,
        _term("table.interpretations"),
        Source("RULES.md", "interpretation switches"),
        (_col("switch"), _col("default"), _col("choices"), _col("source")),
        tuple(
            (
                i.id,
                i.default,
                _choices(i.id, i.choices),
                str(i.source),
            )
            for i in system.interpretations
        ),
    )


# ------------------------------------------------------------------ dh2e


def _structured_view(system: System) -> TableView:
    h = system.heresy
    assert h is not None
    return TableView(
        "structured",
        system.id,
        h.structured_names,
        h.structured_source,
        (
            _col("ab", "number"),
            _col("half_move", "number"),
            _col("full_move", "number"),
            _col("charge", "number"),
            _col("run", "number"),
        ),
        tuple((r.ab, r.half_move, r.full_move, r.charge, r.run) for r in h.structured),
    )


def _narrative_view(system: System) -> TableView:
    h = system.heresy
    assert h is not None
    return TableView(
        "narrative",
        system.id,
        h.narrative_names,
        h.narrative_source,
        (
            _col("ab", "number"),
            _col("per_minute_m", "number"),
            _col("per_hour_km", "number"),
            _col("per_day_km", "number"),
        ),
        tuple((r.ab, r.per_minute_m, r.per_hour_km, r.per_day_km) for r in h.narrative),
    )


def _heresy_hustle_view(system: System) -> TableView:
    h = system.heresy
    assert h is not None
    hu = h.hustle
    return _params(
        system,
        "hustle",
        hu.names,
        hu.source,
        [
            ("multiplier", hu.multiplier),
            ("duration", _term("tb_hours")),
            ("test", _with_modifier(h.difficulty(hu.test).names, h.difficulty(hu.test).modifier)),
            ("cumulative", f"{hu.cumulative:+d}"),
            ("perception", f"{hu.perception:+d}"),
        ],
    )


def _with_modifier(names: Names, modifier: int) -> Names:
    """Return `names` followed by the test modifier, as the seed prints "Серьёзная (+0)"."""
    return Names(*(f"{names.get(lang)} ({modifier:+d})" for lang in ("en", "ru", "zh")))


def _dense_view(system: System) -> TableView:
    h = system.heresy
    assert h is not None
    return _params(
        system,
        "dense",
        _term("table.dense"),
        h.dense_source,
        [("dense_factor", h.dense_factor)],
    )


def _agility_view(system: System) -> TableView:
    h = system.heresy
    assert h is not None
    return TableView(
        "terrain",
        system.id,
        h.terrains_names,
        h.terrains_source,
        (_col("id"), _col("terrain"), _col("difficulty"), _col("modifier")),
        tuple(
            (
                tr.id,
                tr.names,
                h.difficulty(tr.difficulty).names,
                f"{h.difficulty(tr.difficulty).modifier:+d}",
            )
            for tr in h.terrains
        ),
    )


# ------------------------------------------------------------------ drawsteel


def _steel_movement_view(system: System) -> TableView:
    s = system.steel
    assert s is not None
    return TableView(
        "movement",
        system.id,
        _term("table.movement"),
        s.speed_source,
        (_col("parameter"), _col("value", "number"), _col("source")),
        (
            (_term("param.default_speed"), s.default_speed, str(s.speed_source)),
            (_term("param.difficult_extra"), s.difficult_extra, str(s.difficult_source)),
            (_term("param.share_size_gap"), s.share_size_gap, str(s.occupancy_source)),
            (_term("param.bane_size_gap"), s.bane_size_gap, str(s.occupancy_source)),
        ),
    )


def _has_tactical(system: System) -> bool:
    return system.tactical is not None


def _has_travel(system: System) -> bool:
    return system.travel is not None


def _has_flight(system: System) -> bool:
    return system.flight is not None


def _has_heresy(system: System) -> bool:
    return system.heresy is not None


def _has_steel(system: System) -> bool:
    return system.steel is not None


def _has_switches(system: System) -> bool:
    return bool(system.interpretations)


def _has_actions(system: System) -> bool:
    return bool(system.actions)


#: A table: its id, how it is built, and whether a system has the data it shows.
_Table = tuple[str, Callable[[System], TableView], Callable[[System], bool]]

#: Each rule family's tables, in listing order; a system lists those it has data for.
_TABLES: dict[Family, tuple[_Table, ...]] = {
    Family.D20: (
        ("per-round", _rate_view("round"), _has_travel),
        ("per-minute", _rate_view("minute"), _has_travel),
        ("per-hour", _rate_view("hour"), _has_travel),
        ("per-day", _rate_view("day"), _has_travel),
        ("modes", _modes_view, _has_tactical),
        ("hampered", _hampered_view, _has_tactical),
        ("terrain", _terrain_view, _has_travel),
        ("mounts", _mounts_view, _has_travel),
        ("travel-day", _day_hours_view, _has_travel),
        ("hustle", _hustle_view, _has_travel),
        ("forced-march", _forced_march_view, _has_travel),
        ("water", _water_view, _has_travel),
        ("running", _running_view, _has_travel),
        ("actions", _actions_view, _has_actions),
        ("sizes", _sizes_view, _has_tactical),
        ("squeezing", _squeezing_view, _has_tactical),
        ("interpretations", _interpretations_view, _has_switches),
        ("maneuverability", _maneuverability_view, _has_flight),
    ),
    Family.HERESY: (
        ("structured", _structured_view, _has_heresy),
        ("narrative", _narrative_view, _has_heresy),
        ("hustle", _heresy_hustle_view, _has_heresy),
        ("dense", _dense_view, _has_heresy),
        ("terrain", _agility_view, _has_heresy),
        ("actions", _actions_view, _has_actions),
        ("interpretations", _interpretations_view, _has_switches),
    ),
    Family.STEEL: (
        ("sizes", _sizes_view, _has_steel),
        ("movement", _steel_movement_view, _has_steel),
        ("actions", _actions_view, _has_actions),
        ("interpretations", _interpretations_view, _has_switches),
    ),
}


def _builders(system: System) -> dict[str, Callable[[System], TableView]]:
    """Return the tables `system` has, by id, in listing order."""
    return {tid: build for tid, build, has in _TABLES[system.family] if has(system)}


def table_ids(system: System) -> tuple[str, ...]:
    """Return the ids of the tables `system` has, in listing order.

    >>> from footfall.rules import load_system
    >>> table_ids(load_system("drawsteel"))
    ('sizes', 'movement', 'actions', 'interpretations')
    """
    return tuple(_builders(system))


def table_view(system: System, table_id: str) -> TableView:
    """Return the table `table_id` of `system`, or raise `InputError` naming the known ones."""
    builders = _builders(system)
    if table_id not in builders:
        raise InputError(
            "error.rules.unknown-table",
            param=Param("table"),
            system=system.id,
            value=table_id,
            valid=tuple(builders),
        )
    return builders[table_id](system)
