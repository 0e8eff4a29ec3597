"""``footfall serve`` speaks the user's language, uvicorn's own lines included (issue 14;
docs/i18n.md "Where the words live"): `footfall.api.log_words` renders each line uvicorn logs
from serve.toml; a line the catalog lacks keeps uvicorn's English."""

from __future__ import annotations

import logging
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import uvicorn

from footfall.api.log_words import AccessWords, Words, log_line, uvicorn_log

#: uvicorn's files that log (of the installed uvicorn).
S, L, H, M = (
    "server.py",
    "lifespan/on.py",
    "protocols/http/h11_impl.py",
    "supervisors/multiprocess.py",
)

#: uvicorn's messages: the file that logs each, a sample as logged (what uvicorn fills in
#: given), and the part of it the source holds as written (the sample when None).
MESSAGES = [
    (S, "Started server process [42]", "Started server process ["),
    (S, "Finished server process [42]", "Finished server process ["),
    (
        S,
        "Uvicorn running on http://127.0.0.1:8000 (Press CTRL+C to quit)",
        "(Press CTRL+C to quit)",
    ),
    (S, "Shutting down", None),
    (S, "Waiting for connections to close. (CTRL+C to force quit)", None),
    (S, "Waiting for background tasks to complete. (CTRL+C to force quit)", None),
    (S, "Cancel 3 running task(s), timeout graceful shutdown exceeded", "running task(s), timeout"),
    (L, "Waiting for application startup.", None),
    (L, "Application startup complete.", None),
    (L, "Application startup failed. Exiting.", None),
    (L, "Waiting for application shutdown.", None),
    (L, "Application shutdown complete.", None),
    (H, "Invalid HTTP request received.", None),
    (H, "Unsupported upgrade request.", None),
    (H, "Exception in ASGI application\n", "Exception in ASGI application"),
    (H, "ASGI callable returned without starting response.", None),
    (M, "Started parent process [7]", "Started parent process ["),
    (M, "Stopping parent process [7]", "Stopping parent process ["),
    (M, "Waiting for child process [8]", "Waiting for child process ["),
    (M, "Child process [8] died", "died"),
    (M, "Received SIGINT, exiting.", None),
    (M, "Received SIGTERM, exiting.", None),
]

#: Latin words a translated line keeps: names and what uvicorn filled in.
KEPT = {"Uvicorn", "CTRL", "ASGI", "HTTP", "http", "SIGINT", "SIGTERM"}


def _english(text: str) -> set[str]:
    bare = re.sub(r"'[^']*'|https?://\S+", "", text)
    return {w for w in re.findall(r"[A-Za-z]{3,}", bare) if w not in KEPT}


@pytest.mark.parametrize(("file", "sample", "source"), MESSAGES)
@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_every_uvicorn_line_is_translated(
    file: str, sample: str, source: str | None, lang: str
) -> None:
    """Each line uvicorn logs (read from the installed uvicorn's source, so the list stays
    true) is rendered without English beyond names."""
    text = (Path(uvicorn.__file__).parent / file).read_text(encoding="utf-8")
    source = sample if source is None else source
    assert source in text, f"uvicorn's {file} no longer logs {source!r}"
    said = log_line(lang, sample)  # type: ignore[arg-type]
    assert said != sample and not _english(said), said


def _record(msg: str, *args: object, level: int = logging.INFO) -> logging.LogRecord:
    return logging.LogRecord("uvicorn.error", level, __file__, 1, msg, args, None)


def test_the_formatter_writes_the_line_and_its_level_in_the_language() -> None:
    """A record as uvicorn makes it: its message and level word in Russian, the pid kept."""
    ru = Words(fmt="%(levelprefix)s %(message)s", use_colors=False, lang="ru")
    record = _record("Started server process [%d]", 42)
    record.color_message = "Started server process [\x1b[36m%d\x1b[0m]"
    assert ru.format(record) == "ИНФОРМАЦИЯ: Запущен процесс сервера [42]"
    zh = Words(fmt="%(levelprefix)s %(message)s", use_colors=False, lang="zh")
    warned = zh.format(_record("Invalid HTTP request received.", level=logging.WARNING))
    assert re.fullmatch(r"警告: +收到无效的 HTTP 请求。", warned), warned


def test_an_unknown_line_and_english_are_uvicorns_own() -> None:
    """A line the catalog lacks keeps its English (the level is still worded); with English
    uvicorn's configuration is not replaced at all."""
    ru = Words(fmt="%(levelprefix)s %(message)s", use_colors=False, lang="ru")
    assert ru.format(_record("brand new line %s", "x")) == "ИНФОРМАЦИЯ: brand new line x"
    assert uvicorn_log("en") == {}


def test_an_access_line_keeps_the_request() -> None:
    """The access line: the request and its status as sent, the level in the language."""
    access = AccessWords(
        fmt='%(levelprefix)s %(client_addr)s - "%(request_line)s" %(status_code)s',
        use_colors=False,
        lang="ru",
    )
    record = logging.LogRecord(
        "uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "GET", "/api/meta", "1.1", 200), None,
    )  # fmt: skip
    assert access.format(record) == 'ИНФОРМАЦИЯ: 127.0.0.1:5000 - "GET /api/meta HTTP/1.1" 200 OK'


def test_serve_logs_in_its_lang() -> None:
    """``footfall serve --lang ru``: its own lines and uvicorn's warning of a garbled request
    are Russian, on the server's real output."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k not in {"LANG", "LC_ALL", "FOOTFALL_LANG"}}
    args = ["serve", "--port", str(port), "--workers", "1", "--lang", "ru"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "footfall", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stdout.readline().startswith("footfall ")
        for _ in range(600):  # up to 60 s on a busy machine
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
                    conn.sendall(b"GARBAGE \x00\x01\r\n\r\n")
                    conn.recv(100)
                break
            except OSError:
                time.sleep(0.1)
        line = proc.stderr.readline()
        assert line.strip() == "ПРЕДУПРЕЖДЕНИЕ: Получен недопустимый HTTP-запрос.", line
    finally:
        proc.terminate()
        proc.wait(timeout=20)
