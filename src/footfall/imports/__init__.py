"""Bring your own map: import Universal VTT and Foundry VTT scenes as footfall scenes.

>>> from footfall.imports import import_map
>>> result = import_map(b'{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0},'
...     b' "map_size": {"x": 3, "y": 2}, "pixels_per_grid": 50},'
...     b' "line_of_sight": [[{"x": 1, "y": 0}, {"x": 1, "y": 2}]], "portals": []}',
...     system="pf1e")
>>> result.scene.rows, [(w.start, w.end) for w in result.scene.walls] == [((1, 0), (1, 2))]
(('...', '...'), True)

The importers never guess silently: whatever a file holds that footfall cannot use comes back
in `ImportResult.warnings`. See docs/maps.md for the worked examples.

Modules: `uvtt` and the `foundry` package read the two formats; `result` is what an import
gives back; `_values` reads exact JSON values, `_terrain` turns cost multipliers into map
characters, `_tokens` turns tokens into creatures, `_doorways` cuts walls open at doors, and
`_conventions` reads ``conventions.toml``: what an import makes of each rule family and unit,
so that no importer names a system.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path

from footfall.errors import InputError, Param, unknown
from footfall.imports._tokens import default_size
from footfall.imports._values import FileKind, load_json
from footfall.imports.foundry import read_foundry
from footfall.imports.result import BackgroundImage, ImportResult, MediaType
from footfall.imports.uvtt import read_uvtt
from footfall.limits import LIMITS, Limits
from footfall.untrusted import read_bytes, read_text

__all__ = [
    "FORMATS",
    "BackgroundImage",
    "Format",
    "ImportResult",
    "MediaType",
    "default_size",
    "detect_format",
    "import_map",
    "read_foundry",
    "read_terrain",
    "read_uvtt",
]


class Format(StrEnum):
    """A map file format footfall imports."""

    UVTT = "uvtt"
    """Universal VTT (``.dd2vtt``, ``.df2vtt``, ``.uvtt``)."""
    FOUNDRY = "foundry"
    """A Foundry VTT scene export."""


FORMATS: tuple[Format, ...] = tuple(Format)

_UVTT_SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")
#: The file kind a format's errors name.
_KINDS = {Format.UVTT: FileKind.UVTT, Format.FOUNDRY: FileKind.FOUNDRY}


def detect_format(name: str | None, doc: object) -> Format:
    """Tell the format of a parsed file from its extension, else from its keys.

    A ``.dd2vtt`` / ``.uvtt`` / ``.df2vtt`` name is Universal VTT; otherwise a JSON object
    with ``resolution`` is Universal VTT and one with ``grid`` or ``walls`` a Foundry scene.
    Anything else raises `InputError` asking for the ``fmt`` parameter.

    >>> detect_format("crypt.dd2vtt", None), detect_format(None, {"grid": 100})
    (<Format.UVTT: 'uvtt'>, <Format.FOUNDRY: 'foundry'>)
    """
    if name is not None and Path(name).suffix.lower() in _UVTT_SUFFIXES:
        return Format.UVTT
    if isinstance(doc, dict):
        if "resolution" in doc:
            return Format.UVTT
        if "grid" in doc or "walls" in doc or "tokens" in doc:
            return Format.FOUNDRY
    raise InputError("error.maps.format-unknown", param=Param("fmt"), valid=FORMATS)


def read_terrain(text: str) -> tuple[str, ...]:
    """Split a plain-text terrain overlay into rows (trailing blank lines dropped)."""
    rows = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while rows and not rows[-1].strip():
        rows.pop()
    return tuple(rows)


def import_map(
    source: str | Path | bytes,
    *,
    system: str,
    terrain: str | Path | Sequence[str] | None = None,
    fmt: str | None = None,
    name: str | None = None,
    limits: Limits = LIMITS,
) -> ImportResult:
    """Import a Universal VTT or Foundry VTT map file as a scene of `system`.

    `source` is a path or the file's bytes. `terrain` is an optional overlay: a path to a
    plain-text map, or its rows. `fmt` forces the format (``"uvtt"`` or ``"foundry"``);
    by default it is told from the file name, then from the content. `name` is the file's
    name when `source` is bytes (its extension tells the editor of a Universal VTT file).
    `limits` bounds the files read (`Limits.import_bytes`), the map and the work.
    Raises `InputError` (one line) for a malformed file or an unknown system, `LimitError`
    for a huge map.
    """
    from footfall.rules import SYSTEM_IDS

    if system not in SYSTEM_IDS:
        raise unknown("system", system, SYSTEM_IDS, param=Param("system"))
    if fmt is not None and fmt not in FORMATS:
        raise unknown("map format", fmt, FORMATS, param=Param("fmt"))
    if isinstance(source, bytes):
        data = source
    else:
        path = Path(source)
        name = path.name
        data = read_bytes(path, "map file", limits.import_bytes)
    rows: Sequence[str] | None
    if terrain is None or (isinstance(terrain, Sequence) and not isinstance(terrain, str)):
        rows = terrain
    else:
        rows = read_terrain(read_text(Path(terrain), "terrain overlay", limits.import_bytes))
    guess = Format(fmt) if fmt is not None else None
    if guess is None and name and Path(name).suffix.lower() in _UVTT_SUFFIXES:
        guess = Format.UVTT
    doc = load_json(data, _KINDS[guess] if guess is not None else FileKind.MAP)
    chosen = guess or detect_format(name, doc)
    if chosen is Format.UVTT:
        return read_uvtt(doc, system=system, terrain=rows, name=name, limits=limits)
    return read_foundry(doc, system=system, terrain=rows, limits=limits)
