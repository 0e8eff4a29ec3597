"""The compiled writer of reach squares' JSON rows (numba; loaded only beside the kernel).

`footfall.tactical.encode.squares_bytes` calls `rows` for a large answer once the compiled
search kernel is loaded in the process (numba's start-up is then paid already): one pass
counts the bytes, a second writes them, about 10 ns a row against 0.3-0.5 us for the numpy
byte matrix. Inputs are read-only contiguous int64 columns (one machine-code signature).
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

__all__ = ["rows"]

#: The constant parts of a row ``{"at": [x, y], "cost": c, "band": b}, `` (as in `encode`),
#: as one byte string: the writer copies ``_PARTS[_CUT[k] : _CUT[k + 1]]`` before field k.
_TEXT = b'{"at": [' + b", " + b'], "cost": ' + b', "band": ' + b"}, "
_PARTS = np.frombuffer(_TEXT, dtype=np.uint8)
_CUT = np.array([0, 8, 10, 21, 31, 34], dtype=np.int64)


#: Unsigned arithmetic and indexing: no sign fix-up in ``% 10`` and ``// 10``, no negative
#: index test per byte (numba's wraparound). Literals must be `_u` too (int64 with uint64 is
#: float64 in numba).
_u = np.uint64
_TEN = np.uint64(10)
_ZERO = np.uint64(0)
_ONE = np.uint64(1)
_DIGIT0 = np.uint64(48)


@numba.njit(cache=True, nogil=True)
def rows(
    xs: npt.NDArray[np.int64],
    ys: npt.NDArray[np.int64],
    costs: npt.NDArray[np.int64],
    bands: npt.NDArray[np.int64],
) -> npt.NDArray[np.uint8]:
    """Return the rows joined by ``", "`` as ASCII bytes (values >= 0, checked by the caller).

    Written out in one function: a call per number or part cost 20x (measured)."""
    n = xs.shape[0]
    columns = (xs, ys, costs, bands)
    total = n * _PARTS.shape[0]
    for column in columns:
        for i in range(n):
            value = _u(column[i])
            while value >= _TEN:
                value //= _TEN
                total += 1
            total += 1
    out = np.empty(total, dtype=np.uint8)
    digits = np.empty(24, dtype=np.uint8)
    at = _ZERO
    for i in range(n):
        for field in range(5):
            for k in range(_CUT[field], _CUT[field + 1]):
                out[at] = _PARTS[_u(k)]
                at += _ONE
            if field == 4:
                break
            value = _u(columns[field][i])
            width = _ZERO
            while True:
                digits[width] = _DIGIT0 + value % _TEN
                width += _ONE
                value //= _TEN
                if value == _ZERO:
                    break
            while width > _ZERO:
                width -= _ONE
                out[at] = digits[width]
                at += _ONE
    return out[: max(total - 2, 0)]
