"""What the page's browser tests share: an app served on a loopback port, Debian's Chromium.

Playwright cannot download browsers here, so the tests launch Debian's ``chromium`` package
(``/usr/bin/chromium``, installed by ``.ci/run``) headless and without its sandbox; a test
file skips itself, saying why, when it is missing.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

CHROMIUM = "/usr/bin/chromium"
#: Every launch: headless, no sandbox (CI runs as root), no GPU, no first-run pages.
ARGS = ("--no-sandbox", "--headless", "--disable-gpu", "--no-first-run")


def serve(app: Any) -> Iterator[str]:
    """Run ASGI `app` under uvicorn on a free loopback port; yield its base URL; stop it.

    The socket is bound here and handed to uvicorn: no other process can take the port
    between choosing it and listening on it (a free port looked up first could be).
    """
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    srv = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        if time.monotonic() > deadline:  # pragma: no cover - only when the server cannot start
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)
        sock.close()


def chromium(*args: str) -> Iterator[Any]:
    """Launch headless Debian Chromium with `ARGS` and `args`; yield it; close it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[*ARGS, *args])
        try:
            yield browser
        finally:
            browser.close()


def fresh_page(browser: Any, height: int) -> Iterator[Any]:
    """Yield a new page of a new 1280 x `height` context; a JavaScript error in it fails the
    test as the page closes."""
    context = browser.new_context(viewport={"width": 1280, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert errors == []
