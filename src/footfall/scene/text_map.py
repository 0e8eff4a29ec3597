"""The plain-text map format (docs/scenes.md): header lines, then ``map:`` and the rows.

`parse_text_map` reads it in steps: the header lines (``system:``, ``legend X:``, ``wall:``,
``creature ID:``...) into the JSON form of SCENE.md, the map rows after ``map:``, the
creatures' marks found on the map and replaced by the terrain under them; then
`footfall.scene.parse_scene` checks the whole as it checks JSON, so both formats say the
same things about the same scene. `scene_to_text` writes a scene back in this format.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from footfall.errors import SceneError
from footfall.limits import LIMITS, Limits
from footfall.rules import SYSTEM_IDS
from footfall.scene.document import creature_out, number_out, parse_scene
from footfall.scene.model import DEFAULT_LEGEND, FORMAT_VERSION, Flag, Scene
from footfall.scene.values import Number, Where
from footfall.scene.vocabulary import size_table

__all__ = ["parse_text_map", "scene_to_text"]

_HEADER_KEYS = ("footfall", "system", "square", "ceiling_ft", "background")
_DIRECTIVES = (*_HEADER_KEYS, "legend X", "wall", "creature ID", "map")
_LEGEND_PROPERTIES = ("impassable",)
_CREATURE_FLAGS = ("helpless",)


@dataclass(frozen=True, slots=True)
class _Mark:
    """A creature placed by a letter on the map: its index, the terrain under it, its line."""

    index: int
    under: str
    line: int


@dataclass(slots=True)
class _Header:
    """The header lines read so far, as the JSON form of SCENE.md they stand for."""

    data: dict[str, Any] = field(default_factory=lambda: {"footfall": FORMAT_VERSION})
    legend: dict[str, Any] = field(default_factory=dict)
    walls: list[dict[str, Any]] = field(default_factory=list)
    creatures: list[dict[str, Any]] = field(default_factory=list)
    marks: dict[str, _Mark] = field(default_factory=dict)


def parse_text_map(text: str, *, limits: Limits = LIMITS) -> Scene:
    """Parse the plain-text map format: header lines, then ``map:`` and the rows.

    Errors name the line (``line 4: ragged rows: ...``); the scene is then checked as JSON
    is (`footfall.scene.parse_scene`, within `limits`).

    >>> scene = parse_text_map('''
    ... system: pf1e
    ... creature ogre: mark=O size=large side=foes speed=40
    ... creature val: at=0,0 size=medium side=party speed=30
    ... map:
    ... ....OO
    ... ..^^OO
    ... ''')
    >>> scene.creatures[0].at, scene.rows[0]
    ((4, 0), '......')
    """
    lines = text.splitlines()
    header, map_line = _read_header(lines, limits)
    rows = _map_rows(lines, map_line)
    for mark in header.marks:
        if mark in header.legend:
            raise SceneError("error.scene.text-mark-in-legend", where=Where(), value=mark)
    if header.marks:
        rows = _place_marks(rows, header)
    _check_chars(rows, header, map_line)
    data = header.data
    data["map"] = rows
    if header.legend:
        data["legend"] = header.legend
    if header.walls:
        data["walls"] = header.walls
    if header.creatures:
        data["creatures"] = header.creatures
    return parse_scene(data, limits=limits)


def _read_header(lines: list[str], limits: Limits) -> tuple[_Header, int]:
    """Read the header lines up to ``map:``; return them and the number of that line."""
    header = _Header()
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line == "map:":
            return header, number
        _read_line(header, line, number, limits)
    raise SceneError("error.scene.text-no-map", where=Where())


def _read_line(header: _Header, line: str, number: int, limits: Limits) -> None:
    """Read one header line into `header`."""
    where = f"line {number}"
    if line.startswith("legend "):
        _read_legend(header, line, where)
        return
    head, colon, rest = line.partition(":")
    head = head.strip()
    if not colon:
        raise SceneError(
            "error.scene.text-not-directive", where=Where(where), value=line, valid=_DIRECTIVES
        )
    tokens = rest.split()
    if head in _HEADER_KEYS:
        if head in header.data and head != "footfall":
            raise SceneError("error.scene.text-twice", where=Where(where), value=head)
        value = rest.strip()
        whole = head == "footfall" and value.isascii() and value.isdigit()
        header.data[head] = int(value) if whole and len(value) <= limits.digits else value
    elif head == "wall":
        _read_wall(header, tokens, where)
    elif head.startswith("creature "):
        _read_creature(header, head[9:].strip(), line, tokens, number)
    else:
        raise SceneError(
            "error.scene.text-directive", where=Where(where), value=head, valid=_DIRECTIVES
        )


def _text_value(token: str) -> object:
    """Turn a text-map value into JSON: ``true``/``false`` become booleans, else a string."""
    if token in ("true", "false"):
        return token == "true"
    return token


def _text_pairs(tokens: list[str], where: str, bare: tuple[str, ...]) -> dict[str, object]:
    """Read ``key=value`` tokens; a bare word in `bare` means ``word=true``."""
    out: dict[str, object] = {}
    for token in tokens:
        key, eq, value = token.partition("=")
        if not eq:
            if token in bare:
                out[token] = True
                continue
            raise SceneError("error.scene.text-not-pair", where=Where(where), value=token)
        if key in out:
            raise SceneError("error.scene.text-twice", where=Where(where), value=key)
        out[key] = _text_value(value)
    return out


def _text_point(token: str, where: str) -> list[str]:
    parts = token.split(",")
    if len(parts) != 2 or not all(parts):
        raise SceneError("error.scene.text-point", where=Where(where), value=token)
    return parts


def _read_legend(header: _Header, line: str, where: str) -> None:
    """Read ``legend X: flag flag key=value ...``."""
    char, colon, rest = line[7], line[8:9], line[9:]
    if colon != ":":
        raise SceneError("error.scene.text-legend", where=Where(where), value=line)
    if char in header.legend:
        raise SceneError("error.scene.text-legend-twice", where=Where(where), value=char)
    tokens = rest.split()
    flags = [tok for tok in tokens if "=" not in tok and tok not in _LEGEND_PROPERTIES]
    known_flags = tuple(flag.value for flag in Flag)
    for flag_name in flags:
        if flag_name not in known_flags:
            raise SceneError(
                "error.scene.text-flag",
                where=Where(where),
                value=flag_name,
                char=char,
                valid=known_flags,
            )
    props = _text_pairs([tok for tok in tokens if tok not in flags], where, _LEGEND_PROPERTIES)
    header.legend[char] = {"flags": flags, **props} if props else flags


def _read_wall(header: _Header, tokens: list[str], where: str) -> None:
    """Read ``wall: X,Y X,Y [door=open|closed]``."""
    if len(tokens) < 2:
        raise SceneError("error.scene.text-wall", where=Where(where))
    wall: dict[str, Any] = {
        "from": _text_point(tokens[0], where),
        "to": _text_point(tokens[1], where),
    }
    wall.update(_text_pairs(tokens[2:], where, ()))
    header.walls.append(wall)


def _read_creature(header: _Header, cid: str, line: str, tokens: list[str], number: int) -> None:
    """Read ``creature ID: key=value ...``: placed by ``at=X,Y`` or by ``mark=L`` on the map."""
    where = f"line {number}"
    if not cid or " " in cid:
        raise SceneError("error.scene.text-creature", where=Where(where), value=line)
    props = _text_pairs(tokens, where, _CREATURE_FLAGS)
    entry: dict[str, Any] = {"id": cid}
    mark = props.pop("mark", None)
    under = props.pop("on", ".")
    if "at" in props:
        if mark is not None:
            raise SceneError("error.scene.text-at-and-mark", where=Where(where))
        entry["at"] = _text_point(str(props.pop("at")), where)
    elif mark is None:
        raise SceneError("error.scene.text-no-place", where=Where(where), value=cid)
    else:
        header.marks[_check_mark(header, mark, under, where)] = _Mark(
            len(header.creatures), str(under), number
        )
    if "fly" in props:
        speed, _, maneuverability = str(props["fly"]).partition(",")
        fly: dict[str, Any] = {"speed": speed}
        if maneuverability:
            fly["maneuverability"] = maneuverability
        props["fly"] = fly
    if "conditions" in props:
        props["conditions"] = [w for w in str(props["conditions"]).split(",") if w]
    entry.update(props)
    header.creatures.append(entry)


def _check_mark(header: _Header, mark: object, under: object, where: str) -> str:
    """Return `mark` checked: one character, no legend character, not used; `under` too."""
    if not isinstance(mark, str) or len(mark) != 1 or mark.isspace():
        raise SceneError("error.scene.text-mark", where=Where(where), value=mark)
    if mark in DEFAULT_LEGEND:
        raise SceneError("error.scene.text-mark-legend", where=Where(where), value=mark)
    if mark in header.marks:
        raise SceneError("error.scene.text-mark-used", where=Where(where), value=mark)
    if not isinstance(under, str) or len(under) != 1:
        raise SceneError("error.scene.text-under", where=Where(where), value=under)
    return mark


def _map_rows(lines: list[str], map_line: int) -> list[str]:
    """Return the map rows after line `map_line`: not empty, none blank inside, all equal."""
    rows = [raw.strip() for raw in lines[map_line:]]
    while rows and not rows[-1]:
        rows.pop()
    if not rows:
        raise SceneError("error.scene.text-empty-map", where=Where(f"line {map_line}"))
    for y, row in enumerate(rows):
        where = Where(f"line {map_line + 1 + y}")
        if not row:
            raise SceneError("error.scene.text-empty-row", where=where)
        if len(row) != len(rows[0]):
            raise SceneError(
                "error.scene.text-ragged", where=where, y=y, length=len(row), width=len(rows[0])
            )
    return rows


def _check_chars(rows: list[str], header: _Header, map_line: int) -> None:
    """Refuse a map character that is neither in the legend nor a creature's mark."""
    known = set(DEFAULT_LEGEND) | set(header.legend)
    for y, row in enumerate(rows):
        bad = set(row) - known
        if not bad:
            continue
        char = min(bad, key=row.index)
        fields: dict[str, Any] = {
            "where": Where(f"line {map_line + 1 + y}"),
            "value": char,
            "x": row.index(char),
            "y": y,
            "valid": tuple(sorted(known)),
            "chars": " ".join(sorted(known)),
        }
        if not header.marks:
            raise SceneError("error.scene.text-unknown-char", **fields)
        marks = " ".join(sorted(header.marks))
        raise SceneError("error.scene.text-unknown-char-marks", marks=marks, **fields)


def _place_marks(rows: list[str], header: _Header) -> list[str]:
    """Find each creature's mark (a block filling its space), set `at`, put back the terrain."""
    found: dict[str, list[tuple[int, int]]] = {mark: [] for mark in header.marks}
    for y, row in enumerate(rows):
        for mark in found:
            start = row.find(mark)
            while start >= 0:
                found[mark].append((start, y))
                start = row.find(mark, start + 1)
    grid = [list(row) for row in rows]
    system = header.data.get("system")
    sizes = size_table(system) if isinstance(system, str) and system in SYSTEM_IDS else {}
    for mark, placed in header.marks.items():
        entry = header.creatures[placed.index]
        squares = found[mark]
        where = Where(f"line {placed.line}")
        if not squares:
            raise SceneError(
                "error.scene.text-mark-missing", where=where, value=mark, creature=entry["id"]
            )
        size = str(entry.get("size"))
        side = sizes.get(size, 1)
        x0 = min(x for x, _ in squares)
        y0 = min(y for _, y in squares)
        block = {(x0 + dx, y0 + dy) for dy in range(side) for dx in range(side)}
        if set(squares) != block:
            raise SceneError(
                "error.scene.text-mark-block",
                where=where,
                value=mark,
                creature=entry["id"],
                size=size,
                side=side,
                count=len(squares),
                x=x0,
                y=y0,
            )
        for x, y in squares:
            grid[y][x] = placed.under
        entry["at"] = [x0, y0]
    return ["".join(row) for row in grid]


# --------------------------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------------------------


def _text_number(value: Number) -> str:
    return str(number_out(value))


def _extras(extra: Mapping[str, Any]) -> list[str]:
    """Write the ``x-...`` keys whose value is a string without spaces as ``x-key=value``."""
    return [
        f"{k}={v}"
        for k, v in extra.items()
        if isinstance(v, str) and v and not any(c.isspace() for c in v)
    ]


def scene_to_text(scene: Scene) -> str:
    """Return `scene` in the plain-text map format; `parse_text_map` reads it back equal.

    Creatures are written with ``at=X,Y`` (not marks). Top-level ``x-...`` keys have no place
    in the text format and are left out; ``x-...`` keys of creatures, walls and legend entries
    are written as ``x-key=value`` when their value is a string without spaces.
    """
    lines = [f"footfall: {FORMAT_VERSION}", f"system: {scene.system}"]
    if scene.square is not None:
        lines.append(f"square: {_text_number(scene.square)}")
    if scene.ceiling_ft is not None:
        lines.append(f"ceiling_ft: {scene.ceiling_ft}")
    if scene.background is not None:
        lines.append(f"background: {scene.background}")
    lines += _legend_lines(scene)
    for wall in scene.walls:
        words = [
            f"{_text_number(wall.start[0])},{_text_number(wall.start[1])}",
            f"{_text_number(wall.end[0])},{_text_number(wall.end[1])}",
        ]
        if wall.door is not None:
            words.append(f"door={wall.door}")
        lines.append("wall: " + " ".join(words + _extras(wall.extra)))
    lines += _creature_lines(scene)
    lines.append("map:")
    lines.extend(scene.rows)
    return "\n".join(lines) + "\n"


def _legend_lines(scene: Scene) -> list[str]:
    """Write the legend characters that differ from the default legend."""
    lines = []
    for char, entry in scene.legend.items():
        if DEFAULT_LEGEND.get(char) == entry and not entry.extra:
            continue
        words = sorted(flag.value for flag in entry.flags)
        if entry.width_ft is not None:
            words.append(f"width_ft={_text_number(entry.width_ft)}")
        if entry.height_ft is not None:
            words.append(f"height_ft={_text_number(entry.height_ft)}")
        if entry.terrain is not None:
            words.append(f"terrain={entry.terrain}")
        if entry.impassable:
            words.append("impassable")
        words += _extras(entry.extra)
        lines.append(f"legend {char}: {' '.join(words)}".rstrip())
    return lines


def _creature_lines(scene: Scene) -> list[str]:
    """Write each creature as ``creature ID: at=X,Y key=value ...``."""
    lines = []
    for c in scene.creatures:
        data = creature_out(c)
        words = [f"at={c.at[0]},{c.at[1]}"]
        for key in ("size", "side", "speed", "agility_bonus", "toughness_bonus", "armor", "load"):
            if key in data:
                words.append(f"{key}={data[key]}")
        if c.helpless:
            words.append("helpless")
        if c.fly is not None:
            words.append(f"fly={c.fly.speed},{c.fly.maneuverability}")
        if c.alt:
            words.append(f"alt={c.alt}")
        if c.base_speed is not None:
            words.append(f"base_speed={c.base_speed}")
        if c.conditions:
            words.append("conditions=" + ",".join(c.conditions))
        lines.append(f"creature {c.id}: " + " ".join(words + _extras(c.extra)))
    return lines
