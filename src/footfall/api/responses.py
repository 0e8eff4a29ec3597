"""The JSON every endpoint answers with: written by orjson, the standard library as its fallback."""

from __future__ import annotations

import json
from typing import Any

import orjson  # ten times the standard library's speed (docs/dependencies.md)
from fastapi.responses import JSONResponse

__all__ = ["JSON", "encode"]


def encode(content: Any) -> bytes:
    """Return `content` as compact UTF-8 JSON (not ASCII-escaped).

    orjson writes it (a 60-ft reach's answer of 284 squares: 0.04 ms, 0.42 ms by the standard
    library, docs/benchmarks-api.md); what it refuses (an integer past 64 bits, a key that is
    not a string, a lone surrogate) the standard library writes, or refuses with its own error,
    as before.

    >>> encode({"a": "é", "n": [1, 2**70]})
    b'{"a":"\\xc3\\xa9","n":[1,1180591620717411303424]}'
    """
    try:
        return orjson.dumps(content)
    except TypeError:  # orjson.JSONEncodeError is one
        pass
    return json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class JSON(JSONResponse):
    """JSON response written by `encode` (UTF-8, not ASCII-escaped, compact)."""

    def render(self, content: Any) -> bytes:
        """Encode `content` compactly.

        >>> JSON({"a": "é"}).body
        b'{"a":"\\xc3\\xa9"}'
        """
        return encode(content)
