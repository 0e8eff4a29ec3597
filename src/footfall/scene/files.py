"""Read scene files and texts: JSON (SCENE.md) or the plain-text map format (docs/scenes.md).

Files are read through `footfall.untrusted` (only a regular file, bounded, UTF-8 with a
byte-order mark dropped) and JSON is parsed by `footfall.untrusted.parse_json`; their
refusals are said the scene's way (``e.json: no such scene file``), and every error about
the content is prefixed with the file's name.
"""

from __future__ import annotations

import errno
import os
from functools import partial
from pathlib import Path
from typing import Any

from footfall.errors import InputError, LimitError, SceneError, json_kind
from footfall.limits import LIMITS, Limits
from footfall.scene.document import parse_scene
from footfall.scene.model import Scene
from footfall.scene.text_map import parse_text_map
from footfall.scene.values import TooManyDigits, Where, digits_error, json_int
from footfall.untrusted import parse_json, read_text

__all__ = ["TEXT_EXTENSIONS", "load_scene", "parse_scene_text"]

#: File extensions read as the plain-text map format (anything else is sniffed by content).
TEXT_EXTENSIONS = (".txt", ".map", ".ffmap")


def parse_scene_text(text: str, *, limits: Limits = LIMITS) -> Scene:
    """Parse a scene from `text`: JSON when it starts with ``{``, else the plain-text map."""
    if text.lstrip().startswith("{"):
        return _parse_json_scene(text, limits)
    return parse_text_map(text, limits=limits)


def load_scene(path: str | os.PathLike[str], *, limits: Limits = LIMITS) -> Scene:
    """Read a scene file: JSON (SCENE.md) or the plain-text map format (docs/scenes.md).

    A ``.txt``, ``.map`` or ``.ffmap`` file is read as a text map, a ``.json`` file as JSON
    (an empty file or an array is refused as not a JSON object); any other file as JSON when
    its first character is ``{``, else as a text map. Anything but a regular file (a
    directory, a device such as /dev/zero, a pipe) is refused before reading.
    """
    file = Path(path)
    text = _read_file(file, limits)
    try:
        if file.suffix.lower() in TEXT_EXTENSIONS:
            return parse_text_map(text, limits=limits)
        if file.suffix.lower() == ".json":
            return _parse_json_scene(text, limits)
        return parse_scene_text(text, limits=limits)
    except SceneError as exc:
        raise _in_file(exc, file.name) from None


def _read_file(file: Path, limits: Limits) -> str:
    """Return the text of the scene file `file`, refusals said the scene's way."""
    try:
        return read_text(file, "scene file", limits.scene_bytes)
    except LimitError as exc:
        if exc.key == "error.file.too-big":
            raise LimitError(
                "error.scene.file-too-big",
                path=str(file),
                size=exc.fields["size"],
                limit=exc.fields["limit"],
            ) from None
        raise LimitError(
            "error.scene.file-grew", path=str(file), limit=exc.fields["limit"]
        ) from None
    except InputError as exc:
        raise _file_error(exc, file) from None


def _file_error(exc: InputError, file: Path) -> SceneError:
    """Say a refusal of `footfall.untrusted.read_text` the scene's way."""
    path = str(file)
    if exc.key == "error.file.directory":
        return SceneError("error.scene.file-directory", path=path)
    if exc.key == "error.file.not-regular":
        return SceneError("error.scene.file-not-regular", path=path)
    if exc.key == "error.file.not-utf8":
        return SceneError("error.scene.file-not-utf8", path=path, byte=exc.fields["byte"])
    reason = exc.fields.get("reason")
    if reason == os.strerror(errno.ENOENT):
        return SceneError("error.scene.file-missing", path=path)
    return SceneError("error.scene.file-unreadable", path=path, reason=reason)


def _in_file(exc: SceneError, name: str) -> SceneError:
    """Return `exc` with its place inside the scene file `name`."""
    where = exc.fields.get("where")
    if isinstance(where, Where):
        return type(exc)(exc.args[0], **{**exc.fields, "where": where.in_file(name)})
    return type(exc)("error.scene.in-file", file=name, error=str(exc))  # pragma: no cover


def _read_json(text: str, limits: Limits) -> dict[str, Any]:
    """Read a JSON scene document: one JSON object, or a `SceneError` saying what it is.

    An integer literal of more than `Limits.digits` digits is kept as a marker that
    `parse_scene` refuses naming its key; if the marker sits where nothing reads a number
    (an ``x-`` key), the number is refused here.
    """
    if not text.strip():
        raise SceneError("error.scene.json-empty", where=Where())
    try:
        data = parse_json(text, "scene", parse_int=partial(json_int, digits=limits.digits))
    except InputError as exc:
        raise _json_error(exc) from None
    if not isinstance(data, dict):
        raise SceneError("error.scene.json-not-object", where=Where(), kind=json_kind(data))
    return data


def _json_error(exc: InputError) -> SceneError:
    """Say a refusal of `footfall.untrusted.parse_json` the scene's way."""
    if exc.key == "error.json.nested":
        return SceneError("error.scene.json-nested", where=Where())
    if exc.key == "error.json.digits":
        return SceneError("error.scene.json-digits", where=Where(), digits=exc.fields["digits"])
    return SceneError("error.scene.json-invalid", where=Where(), reason=exc.fields.get("reason"))


def _parse_json_scene(text: str, limits: Limits) -> Scene:
    """Parse a JSON scene document (`_read_json`, then `parse_scene`)."""
    data = _read_json(text, limits)
    scene = parse_scene(data, limits=limits)
    huge = _huge_number(data)
    if huge is not None:
        raise digits_error(huge[0], huge[1], limits)
    return scene


def _huge_number(value: object, where: str = "") -> tuple[str, str] | None:
    """Find a `TooManyDigits` marker left in `value`: ``(where, text)``, or None."""
    if isinstance(value, TooManyDigits):
        return where, value
    if isinstance(value, dict):
        for key, item in value.items():
            found = _huge_number(item, f"{where}.{key}" if where else str(key))
            if found is not None:
                return found
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found = _huge_number(item, f"{where}[{i}]")
            if found is not None:
                return found
    return None
