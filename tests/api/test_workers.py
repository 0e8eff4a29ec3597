"""Issue 10, item 8: the fault test. ``footfall serve --workers 2``; one worker is killed
during a request: the other answers, the supervisor replaces the killed one, SIGTERM ends all.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
from tests.api.test_server import worst_case


def free_port() -> int:
    """Return a port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def children(pid: int) -> set[int]:
    """Return the worker processes of the server `pid` (its children but the resource tracker)."""
    found = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            command = Path(f"/proc/{child}/cmdline").read_bytes()
            if b"spawn_main" in command:
                found.add(int(child))
    return found


def wait_for(test: object, seconds: float, what: str) -> None:
    """Call `test` until it is true, for at most `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if test():  # type: ignore[operator]
                return
        except (httpx.HTTPError, OSError):
            pass
        assert time.monotonic() < deadline, what
        time.sleep(0.2)


def test_a_killed_worker_is_replaced_and_the_other_answers() -> None:
    """Kill -9 one of two workers during a heavy request: health answers, a new worker comes."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "footfall", "serve", "--port", str(port), "--workers", "2"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for(lambda: len(children(server.pid)) == 2, 120, "two workers did not start")
        wait_for(lambda: httpx.get(f"{url}/api/health").status_code == 200, 120, "no answer")
        body = json.dumps(worst_case(7)).encode()
        headers = {"content-type": "application/json"}
        heavy = threading.Thread(
            target=lambda: _post_quietly(f"{url}/api/reach", body, headers), daemon=True
        )
        heavy.start()
        time.sleep(0.5)
        first = children(server.pid)
        victim = min(first)
        os.kill(victim, signal.SIGKILL)
        for _ in range(5):  # the survivor answers while the victim is replaced
            reply = httpx.get(f"{url}/api/health", timeout=30)
            assert reply.status_code == 200
        wait_for(
            lambda: len(children(server.pid) - {victim}) == 2, 120, "the worker was not replaced"
        )
        wait_for(lambda: httpx.get(f"{url}/api/health").status_code == 200, 60, "no answer")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(60)
    assert server.returncode == 0, server.stderr.read().decode() if server.stderr else ""


def _post_quietly(url: str, body: bytes, headers: dict[str, str]) -> None:
    """Post `body`; a connection broken by the killed worker is what this test expects."""
    with contextlib.suppress(httpx.HTTPError):
        httpx.post(url, content=body, headers=headers, timeout=120)
