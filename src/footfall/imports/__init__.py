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
"""

from __future__ import annotations

import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from footfall.errors import InputError, LimitError, quote, unknown
from footfall.imports._common import MAX_IMPORT_SQUARES, load_json
from footfall.imports.foundry import read_foundry
from footfall.imports.result import BackgroundImage, ImportResult
from footfall.imports.uvtt import read_uvtt
from footfall.limits import LIMITS

__all__ = [
    "FORMATS",
    "MAX_IMPORT_SQUARES",
    "BackgroundImage",
    "Format",
    "ImportResult",
    "detect_format",
    "import_map",
    "read_foundry",
    "read_terrain",
    "read_uvtt",
]

Format = Literal["uvtt", "foundry"]
FORMATS: tuple[Format, ...] = ("uvtt", "foundry")

_UVTT_SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")
#: Largest map file read, in bytes (a Universal VTT file carries its image in base64).
MAX_FILE_BYTES = LIMITS.import_bytes
#: Longest file path an error line quotes whole (as `footfall.travel.PATH_QUOTE_LIMIT`).
PATH_QUOTE_LIMIT = LIMITS.path_quote


def detect_format(name: str | None, doc: object) -> Format:
    """Tell the format of a parsed file from its extension, else from its keys.

    A ``.dd2vtt`` / ``.uvtt`` / ``.df2vtt`` name is Universal VTT; otherwise a JSON object
    with ``resolution`` is Universal VTT and one with ``grid`` or ``walls`` a Foundry scene.
    """
    if name is not None and Path(name).suffix.lower() in _UVTT_SUFFIXES:
        return "uvtt"
    if isinstance(doc, dict):
        if "resolution" in doc:
            return "uvtt"
        if "grid" in doc or "walls" in doc or "tokens" in doc:
            return "foundry"
    raise InputError(
        "cannot tell the map format: expected a Universal VTT file (with 'resolution') or a "
        "Foundry scene export (with 'grid'); give --format uvtt|foundry"
    )


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
) -> ImportResult:
    """Import a Universal VTT or Foundry VTT map file as a scene of `system`.

    `source` is a path or the file's bytes. `terrain` is an optional overlay: a path to a
    plain-text map, or its rows. `fmt` forces the format (``"uvtt"`` or ``"foundry"``);
    by default it is told from the file name, then from the content. `name` is the file's
    name when `source` is bytes (its extension tells the editor of a Universal VTT file).
    Raises `InputError` (one line) for a malformed file or an unknown system, `LimitError`
    for a huge map.
    """
    from footfall.scene import SYSTEM_IDS

    if system not in SYSTEM_IDS:
        raise unknown("system", system, SYSTEM_IDS)
    if fmt is not None and fmt not in FORMATS:
        raise unknown("map format", fmt, FORMATS)
    if isinstance(source, bytes):
        data = source
    else:
        path = Path(source)
        name = path.name
        data = _read_bytes(path, "map file")
    rows: Sequence[str] | None
    if terrain is None or (isinstance(terrain, Sequence) and not isinstance(terrain, str)):
        rows = terrain
    else:
        raw = _read_bytes(Path(terrain), "terrain overlay")
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InputError(
                f"terrain overlay {quote(str(terrain), PATH_QUOTE_LIMIT)}: not UTF-8 text"
                f" (byte {exc.start})"
            ) from None
        rows = read_terrain(text)
    guess = fmt or ("uvtt" if name and Path(name).suffix.lower() in _UVTT_SUFFIXES else None)
    what = {"uvtt": "Universal VTT file", "foundry": "Foundry scene"}.get(guess or "", "map file")
    doc = load_json(data, what)
    chosen: Format = fmt if fmt is not None else detect_format(name, doc)
    if chosen == "uvtt":
        return read_uvtt(doc, system=system, terrain=rows, name=name)
    return read_foundry(doc, system=system, terrain=rows)


def _read_bytes(path: Path, what: str) -> bytes:
    """Return the bytes of the regular file `path`, at most `MAX_FILE_BYTES` of them.

    Anything that is not a regular file is refused before it is read: a device such as
    /dev/zero or a named pipe says its size is 0 and reads forever.
    """
    name = quote(str(path), PATH_QUOTE_LIMIT)
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise InputError(f"cannot read {what} {name}: Is a directory")
        if not stat.S_ISREG(info.st_mode):
            raise InputError(
                f"{what} {name} is not a regular file (a device, pipe or socket): give a file"
            )
        if info.st_size > MAX_FILE_BYTES:
            raise LimitError(
                f"{what} {name} is {info.st_size} bytes, over the limit of {MAX_FILE_BYTES}"
            )
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)  # bounded even if the file grows meanwhile
    except OSError as exc:
        raise InputError(f"cannot read {what} {name}: {exc.strerror}") from None
    if len(data) > MAX_FILE_BYTES:
        raise LimitError(f"{what} {name} is over the limit of {MAX_FILE_BYTES} bytes")
    return data
