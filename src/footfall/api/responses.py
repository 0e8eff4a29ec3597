"""The JSON every endpoint answers with, written by the standard library."""

from __future__ import annotations

import json
from typing import Any

from fastapi.responses import JSONResponse

__all__ = ["JSON"]


class JSON(JSONResponse):
    """JSON response written by the standard library (UTF-8, not ASCII-escaped, compact)."""

    def render(self, content: Any) -> bytes:
        """Encode `content` compactly.

        >>> JSON({"a": "é"}).body
        b'{"a":"\\xc3\\xa9"}'
        """
        return json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
