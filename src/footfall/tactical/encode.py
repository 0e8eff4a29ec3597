"""JSON text of many reach squares written straight from the arrays (issue 15, item 6).

A whole-map reach has up to a million squares; a dict per square and ``json.dumps`` over
them cost seconds. `squares_text` writes the very bytes ``json.dumps`` would write for
``[{"at": [x, y], "cost": c, "band": b}, ...]`` (non-negative integers) with a few numpy
operations per column: the rows are laid out in a byte matrix as wide as the widest numbers
(each number right-aligned), and the padding is squeezed out with one boolean mask. Once the
compiled search kernel is loaded (a large search loaded numba anyway), a large answer is
written by the compiled `footfall.tactical._encode.rows` instead: the same bytes, ~30x faster.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["squares_bytes", "squares_json", "squares_text"]

_PARTS = ('{"at": [', ", ", '], "cost": ', ', "band": ', "}")


#: Rows encoded at once (bounds the scratch matrices to a few MB).
_CHUNK = 1 << 16

#: From this many rows on, the compiled writer is used when numba is loaded already (below
#: that, loading its cached machine code costs more than the numpy matrix).
_COMPILED_ROWS = 50_000


def _chunk_bytes(numbers: list[npt.NDArray[np.int64]]) -> bytes:
    """Encode rows as a padded byte matrix (numbers right-aligned) and squeeze the padding out.

    Every row ends with ``", "``; the caller drops the last two bytes.
    """
    n = int(numbers[0].shape[0])
    widths = [len(str(int(v.max()))) for v in numbers]
    texts = [*_PARTS[:-1], _PARTS[-1] + ", "]
    total = sum(len(t) for t in texts) + sum(widths)
    matrix = np.empty((n, total), dtype=np.uint8)
    keep = np.ones((n, total), dtype=np.bool_)
    column = 0
    for index, text in enumerate(texts):
        matrix[:, column : column + len(text)] = np.frombuffer(text.encode("ascii"), np.uint8)
        column += len(text)
        if index == len(numbers):
            break
        rest = numbers[index].copy()
        width = widths[index]
        for place in range(width):
            at = column + width - 1 - place
            matrix[:, at] = rest % 10 + 48
            if place:
                keep[:, at] = rest > 0
            rest //= 10
        column += width
    return matrix[keep].tobytes()


def squares_text(
    xs: npt.NDArray[np.int64],
    ys: npt.NDArray[np.int64],
    costs: npt.NDArray[np.int64],
    bands: npt.NDArray[np.int64],
) -> str:
    """Return the rows ``{"at": [x, y], "cost": c, "band": b}`` joined by ``", "``, as
    ``json.dumps`` writes them (values: non-negative integers).

    >>> one = np.array([7]), np.array([0]), np.array([15]), np.array([1])
    >>> squares_text(*one)
    '{"at": [7, 0], "cost": 15, "band": 1}'
    """
    return squares_bytes(xs, ys, costs, bands).decode("ascii")


def squares_bytes(
    xs: npt.NDArray[np.int64],
    ys: npt.NDArray[np.int64],
    costs: npt.NDArray[np.int64],
    bands: npt.NDArray[np.int64],
    *,
    compiled: bool | None = None,
) -> bytes:
    """Return `squares_text` as ASCII bytes; `compiled` forces the writer (None: by size).

    >>> one = np.array([7]), np.array([0]), np.array([15]), np.array([1])
    >>> squares_bytes(*one, compiled=False) == squares_text(*one).encode()
    True
    """
    return b"".join(_rows(xs, ys, costs, bands, compiled))


def squares_json(
    head: bytes,
    xs: npt.NDArray[np.int64],
    ys: npt.NDArray[np.int64],
    costs: npt.NDArray[np.int64],
    bands: npt.NDArray[np.int64],
    tail: bytes,
) -> bytes:
    """Return ``head + squares_bytes(xs, ys, costs, bands) + tail``, copying the rows once
    (a whole-map answer's rows are 40 MB)."""
    return b"".join([head, *_rows(xs, ys, costs, bands, None), tail])


def _rows(
    xs: npt.NDArray[np.int64],
    ys: npt.NDArray[np.int64],
    costs: npt.NDArray[np.int64],
    bands: npt.NDArray[np.int64],
    compiled: bool | None,
) -> list[bytes | memoryview]:
    """Return the rows' bytes in pieces to join (a compiled writer's buffer, or chunks)."""
    n = int(xs.shape[0])
    if n == 0:
        return []
    numbers = [np.asarray(v, dtype=np.int64) for v in (xs, ys, costs, bands)]
    if min(int(v.min()) for v in numbers) < 0:
        raise ValueError("squares_text writes non-negative integers only")
    if compiled is None:
        from footfall.tactical import search

        compiled = n >= _COMPILED_ROWS and search.compiled_loaded()
    if compiled:
        from footfall.aot import load

        rows = load("rows")  # compiled ahead of time, else numba's (footfall.aot)
        frozen = []
        for v in numbers:
            view = np.ascontiguousarray(v).view()
            view.flags.writeable = False  # one signature, whatever the caller's flags
            frozen.append(view)
        return [rows(*frozen).data]
    parts: list[bytes | memoryview] = [
        _chunk_bytes([v[start : start + _CHUNK] for v in numbers]) for start in range(0, n, _CHUNK)
    ]
    parts[-1] = parts[-1][:-2]  # every chunk's rows end with ", "; the last one's does not
    return parts
