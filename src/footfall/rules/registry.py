"""The shipped game systems: their ids and `load_system`, the one place that names them.

Every other module decides by a system's data (`System.family`, its tables, its actions),
never by its id; a custom game's data file is read with `footfall.rules.parse_system`.
"""

from __future__ import annotations

import marshal
import os
import sys
import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path

from footfall.errors import Param, RuleDataError, unknown
from footfall.rules.system import System, parse_system_data

__all__ = ["SYSTEM_IDS", "load_system"]

#: The systems footfall ships, in the order they are listed to users; each is
#: ``footfall/systems/<id>.toml``.
SYSTEM_IDS: tuple[str, ...] = ("pf1e", "dnd35", "dh2e", "drawsteel")


@cache
def load_system(system_id: str) -> System:
    """Return the validated rules of the shipped system `system_id` (read once, then cached).

    An unknown id raises `InputError` naming the shipped ones.

    >>> load_system("dnd35").family
    <Family.D20: 'd20'>
    """
    if system_id not in SYSTEM_IDS:
        raise unknown("system", system_id, SYSTEM_IDS, param=Param("system"))
    file = f"{system_id}.toml"
    data = _system_data(resources.files("footfall.systems").joinpath(file), f"systems/{file}")
    return parse_system_data(data, f"systems/{file}", expected_id=system_id)


#: Bumped when a stored system file's shape changes (part of the stored file's name).
_STORED_FORMAT = 1


def _system_data(entry: object, file: str) -> Mapping[str, object]:
    """Return the parsed TOML of the shipped system file `entry` (`file` names it in errors).

    Parsing pf1e.toml takes longer than validating it (start-up: docs/benchmarks.md,
    "startup"), so the parsed tables are kept in ``systems/__pycache__`` as a `marshal` dump
    named by the file's size and modification time (a changed file is parsed again), the way
    bytecode is; nothing is written when ``PYTHONDONTWRITEBYTECODE`` is set. The reader
    validates the stored tables as it does freshly parsed ones.
    """
    stored = _stored_path(entry)
    if stored is not None:
        try:
            data = marshal.loads(stored.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            pass
        else:
            if isinstance(data, dict):
                return data
    text = entry.read_text(encoding="utf-8")  # type: ignore[attr-defined]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleDataError("error.rules.toml", file=file, reason=str(exc)) from None
    if stored is not None and not sys.dont_write_bytecode:
        _store(stored, data)
    return data


def _stored_path(entry: object) -> Path | None:
    """The ``__pycache__`` file for the system file `entry`, or None outside a real folder."""
    if not isinstance(entry, Path):
        return None
    try:
        facts = entry.stat()
    except OSError:
        return None
    name = f"{entry.stem}.{_STORED_FORMAT}.{facts.st_size}.{facts.st_mtime_ns}.marshal"
    return entry.parent / "__pycache__" / name


def _store(path: Path, data: dict[str, object]) -> None:
    """Write `data` to `path` atomically, dropping older copies; failure is silent."""
    import tempfile

    try:
        dump = marshal.dumps(data)
        path.parent.mkdir(exist_ok=True)
        stem = path.name.split(".", 1)[0]
        for old in path.parent.glob(f"{stem}.*.marshal"):
            if old != path:
                old.unlink(missing_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as out:
            out.write(dump)
        os.replace(out.name, path)
    except (OSError, ValueError):
        pass
