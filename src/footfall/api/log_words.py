"""The server's own log lines (uvicorn's) in ``footfall serve``'s language (docs/i18n.md).

uvicorn logs in English (``Started server process [42]``, ``Invalid HTTP request received.``).
`uvicorn_log` returns the ``log_config`` that makes its formatters footfall's: each line is
matched by its English against the ``serve.log.*`` entries of serve.toml and rendered in the
language, what uvicorn filled in (a process id, a URL) kept as given; the level's word too
(``ПРЕДУПРЕЖДЕНИЕ:``, ``警告:``). A line the catalog lacks keeps uvicorn's English; an access
line keeps the request and its HTTP status as sent. English is uvicorn's own configuration,
untouched. The formatters are named by import path, so spawned workers build them too.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

from uvicorn.logging import AccessFormatter, DefaultFormatter

from footfall.i18n import LANGS, Lang, catalog, t

__all__ = ["AccessWords", "Words", "log_line", "uvicorn_log"]


def log_line(lang: Lang, message: str) -> str:
    """Return uvicorn's English log `message` in `lang`, or as it is when the catalog lacks it.

    >>> log_line("zh", "Application startup complete.")
    '应用启动完成。'
    >>> log_line("ru", "Uvicorn running on http://127.0.0.1:8000 (Press CTRL+C to quit)")
    'Uvicorn работает на http://127.0.0.1:8000 (нажмите CTRL+C, чтобы выйти)'
    >>> log_line("ru", "something new")
    'something new'
    """
    from footfall.i18n.reasons import templated

    return templated(lang, message, "serve.log.")


class _Translating(logging.Formatter):
    """A uvicorn formatter whose message and level are written in `lang`."""

    lang: Lang = "en"

    def formatMessage(self, record: logging.LogRecord) -> str:
        """Format `record` with its message and level name in the formatter's language."""
        if self.lang == "en":
            return super().formatMessage(record)
        said = copy.copy(record)
        message = log_line(self.lang, record.message)
        if message != record.message:
            said.message = message
            said.__dict__.pop("color_message", None)  # uvicorn's coloured English
        key = f"serve.level.{record.levelname}"
        if key in catalog():
            said.levelname = t(key, self.lang)
        return super().formatMessage(said)


class Words(_Translating, DefaultFormatter):
    """uvicorn's default formatter (``uvicorn.error``), in `lang`."""

    def __init__(self, *args: Any, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lang = _lang(lang)


class AccessWords(_Translating, AccessFormatter):
    """uvicorn's access formatter (``uvicorn.access``), its level in `lang`."""

    def __init__(self, *args: Any, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lang = _lang(lang)


def _lang(value: str) -> Lang:
    for lang in LANGS:
        if value == lang:
            return lang
    return "en"


def uvicorn_log(lang: Lang) -> dict[str, Any]:
    """Return uvicorn settings that log in `lang`: none for English (uvicorn's own).

    >>> uvicorn_log("en")
    {}
    >>> uvicorn_log("ru")["log_config"]["formatters"]["default"]["()"]
    'footfall.api.log_words.Words'
    """
    if lang == "en":
        return {}
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["formatters"]["default"]["()"] = f"{__name__}.Words"
    config["formatters"]["access"]["()"] = f"{__name__}.AccessWords"
    for formatter in config["formatters"].values():
        formatter["lang"] = lang
    return {"log_config": config}
