"""The files a command writes (``-o``): only what it was told to write (issue 10, item 7).

`check_output` is called for every file a command will write, before anything is read or
written: it refuses a folder, a device, a pipe or any other file that is not a regular one
(``-o /dev/full`` made ``/dev/full.png`` beside it), a file that is one of the command's
inputs (``-o`` naming the map it imports), and an existing file unless ``--force`` is given.
The picture ``footfall import`` writes beside its scene is checked the same way, and named.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from footfall.errors import InputError, Noun, Param, quote
from footfall.limits import LIMITS

__all__ = ["check_output"]


def check_output(
    path: Path, inputs: Iterable[Path | None] = (), force: bool = False, what: str = "output"
) -> None:
    """Refuse to write `path` unless it is a new file, or (with `force`) a regular one.

    `inputs` are the files the command reads; `what` says which output it is (``output`` or
    ``picture``) in the error line.
    """
    try:
        found = path.stat()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError("error.maps.cli-write", path=_quoted(path), reason=exc.strerror) from None
    if stat.S_ISDIR(found.st_mode):
        reason = os.strerror(errno.EISDIR)
        raise InputError("error.maps.cli-write", path=_quoted(path), reason=reason)
    if not stat.S_ISREG(found.st_mode):
        raise InputError("error.maps.cli-output-special", what=Noun(what), path=_quoted(path))
    for source in inputs:
        if source is not None and _same(path, source):
            raise InputError("error.maps.cli-output-input", what=Noun(what), path=_quoted(path))
    if not force:
        raise InputError(
            "error.maps.cli-output-exists",
            what=Noun(what),
            path=_quoted(path),
            force=Param("force"),
        )


def _same(path: Path, other: Path) -> bool:
    """Tell whether `path` and `other` are one file (both exist)."""
    try:
        return path.samefile(other)
    except OSError:
        return False


def _quoted(path: Path) -> str:
    """Quote a file path for an error line (shortened past `Limits.path_quote`)."""
    return quote(str(path), LIMITS.path_quote)
