"""Run the application as a server one can share (issue 10, items 2, 4 and 6).

- `Options`: what ``footfall serve`` was asked for, handed to every worker process (as JSON in
  the ``FOOTFALL_SERVE`` environment variable: uvicorn starts workers from an import string);
- `worker_app`: the application factory each worker calls;
- `HostGuard`: only the host names the server was bound to (and those added) are served, so a
  web page cannot reach a loopback server by DNS rebinding; `allowed_hosts` computes them;
- `GuardedH11`: uvicorn's HTTP/1.1 protocol with a time limit on a request's headers, so that
  a slow client (slowloris) is closed, never waited for, and a limit on the pieces a body
  comes in (a million one-byte chunks cost the loop 16 s of parsing);
- `run`: uvicorn with the server's timeouts and limits (`footfall.limits.Limits`);
- `tune_process`: a server process hands the GIL round every `SWITCH_SECONDS` and fixes
  glibc's mmap threshold (`footfall.api.memory`, which also has `release_memory`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import os
import socket
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import h11
from fastapi import FastAPI
from uvicorn.protocols.http.h11_impl import H11Protocol

from footfall.api.body_limit import ASGIApp, Receive, Scope, Send
from footfall.api.errors import error_body, footfall_response
from footfall.api.memory import release_memory, tune_allocator, worker_environment
from footfall.errors import InputError, LimitError
from footfall.i18n import Lang
from footfall.limits import SERVER_LIMITS, Limits

__all__ = [
    "ENV",
    "SWITCH_SECONDS",
    "GuardedH11",
    "HostGuard",
    "InFlight",
    "Options",
    "allowed_hosts",
    "run",
    "tune_process",
    "worker_app",
]

#: The environment variable that carries `Options` to the worker processes.
ENV = "FOOTFALL_SERVE"

#: How often a server process's threads hand the interpreter round (`sys.setswitchinterval`;
#: Python's default is 5 ms). Queries run in threads (`footfall.api.work`); with the default,
#: the event loop waited up to 5 ms per hand-over behind each busy thread: a health check took
#: a median 70 ms while three worst-case reaches ran, 10 ms at 0.5 ms (docs/benchmarks-api.md).
SWITCH_SECONDS = 0.0005

#: The names of the loopback interface.
LOOPBACK = ("127.0.0.1", "localhost", "::1")


@dataclass(frozen=True, slots=True)
class Options:
    """What ``footfall serve`` was asked for; every worker builds its application from it.

    `scene_file` is a scene file to offer as `default_scene` (each worker reads it);
    `hosts` the host names served (None: any, as a test client's); `ip_hosts` serves any IP
    address literal too (a server bound to every interface); `cors` the origins allowed to
    call the API from a page of theirs.
    """

    default_scene: str | None = None
    default_mover: str | None = None
    scene_file: str | None = None
    hosts: tuple[str, ...] | None = None
    ip_hosts: bool = False
    cors: tuple[str, ...] = field(default=())

    def to_env(self) -> str:
        """Return the options as the JSON text of `ENV`."""
        return json.dumps(asdict(self))

    @classmethod
    def from_env(cls, text: str) -> Options:
        """Read the options `to_env` wrote.

        >>> Options.from_env(Options(hosts=("a",)).to_env()).hosts
        ('a',)
        """
        data: dict[str, Any] = json.loads(text)
        hosts = data.get("hosts")
        return cls(
            data.get("default_scene"), data.get("default_mover"), data.get("scene_file"),
            None if hosts is None else tuple(hosts), bool(data.get("ip_hosts")),
            tuple(data.get("cors") or ()),
        )  # fmt: skip


def build_app(options: Options, limits: Limits = SERVER_LIMITS) -> FastAPI:
    """Return the application `options` describe."""
    from footfall.api.app import create_app

    scenes: dict[str, Any] = {}
    if options.scene_file is not None and options.default_scene is not None:
        from footfall.scene import load_scene, scene_to_json

        scene = load_scene(options.scene_file)
        scenes[options.default_scene] = json.loads(json.dumps(scene_to_json(scene)))
    app = create_app(
        limits=limits,
        default_scene=options.default_scene,
        default_mover=options.default_mover,
        scenes=scenes,
    )
    app = guard(app, options)
    app.add_middleware(InFlight, limit=limits.requests)  # outermost: refused before any work
    return app


#: Seconds a worker is idle before it gives freed memory back (`release_memory`).
TRIM_SECONDS = 1.0


class InFlight:
    """Answer 503 with one line (and ``Retry-After``) past `limit` requests in progress.

    uvicorn's own ``limit_concurrency`` counts open connections too, so 2,000 connections that
    never finish their headers made every health check a 503 for `header_seconds`; this
    counts requests only (a half-open connection costs a descriptor until its header timeout).
    """

    def __init__(self, app: ASGIApp, limit: int, trim_seconds: float = TRIM_SECONDS) -> None:
        self.app = app
        self.limit = limit
        self.active = 0
        self.trim_seconds = trim_seconds
        self._trim: asyncio.TimerHandle | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, or refuse it when `limit` are in progress."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.active >= self.limit:
            busy = LimitError("error.api.requests", limit=self.limit)
            response = footfall_response(503, busy)
            response.headers["retry-after"] = "1"
            await response(scope, receive, send)
            return
        self.active += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.active -= 1
            if self.active == 0:
                self._when_idle()

    def _when_idle(self) -> None:
        """Give freed memory back to the system once the worker has been idle a while."""
        if self._trim is not None:
            self._trim.cancel()
        loop = asyncio.get_running_loop()
        self._trim = loop.call_later(self.trim_seconds, self._start_trim, loop)

    def _start_trim(self, loop: asyncio.AbstractEventLoop) -> None:
        self._trim = None
        if self.active == 0:
            loop.run_in_executor(None, release_memory)


def guard(app: FastAPI, options: Options) -> FastAPI:
    """Add the host allow-list and the CORS policy of `options` to `app`."""
    if options.cors:
        from starlette.middleware.cors import CORSMiddleware

        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(options.cors),
            allow_methods=["GET", "POST"],
            allow_headers=["content-type"],
            max_age=600,
        )
    if options.hosts is not None:
        app.add_middleware(HostGuard, hosts=options.hosts, ip_hosts=options.ip_hosts)
    return app


def _warm_kernels() -> None:
    """Load the grid search's kernel and the squeezed movers' layered kernel (compiled ahead
    of time when built, else numba's JIT: `footfall.tactical.search.warm_up`)."""
    from footfall.tactical import placements
    from footfall.tactical.search import warm_up

    warm_up()
    placements.warm_up()


def worker_app() -> FastAPI:
    """Build a worker's application from `ENV` (uvicorn's ``factory=True``).

    The compiled search kernels (the grid's, and the squeezed movers' layered one) are loaded
    beside the first requests, in a daemon thread.
    """
    import threading

    own_listener()
    threading.Thread(target=_warm_kernels, name="footfall-warm-up", daemon=True).start()
    tune_process()
    return build_app(Options.from_env(os.environ.get(ENV, "{}")))


# ------------------------------------------------------------------------------ hosts


def allowed_hosts(bound: str, extra: Sequence[str] = ()) -> tuple[tuple[str, ...], bool]:
    """Return the host names a server bound to `bound` serves, and whether IP literals are.

    Loopback: its names. Every interface (``0.0.0.0``, ``::``): the machine's names and any
    IP address (DNS rebinding needs a name). Else the address or name bound. `extra` adds
    names (``*``: every host).

    >>> allowed_hosts("127.0.0.1")
    (('127.0.0.1', 'localhost', '::1'), False)
    >>> allowed_hosts("192.168.1.5", ["gm.example"])
    (('192.168.1.5', 'gm.example'), False)
    """
    names: list[str] = []
    ip_hosts = False
    if bound in ("0.0.0.0", "::", ""):
        ip_hosts = True
        hostname = socket.gethostname().lower()
        names += [*LOOPBACK, hostname, f"{hostname}.local"]
    elif _is_loopback(bound):
        names += LOOPBACK
    else:
        names.append(bound.lower())
    names += [name.lower() for name in extra]
    return tuple(dict.fromkeys(names)), ip_hosts


def _is_loopback(host: str) -> bool:
    """Tell whether `host` names the loopback interface."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def host_name(header: str) -> str:
    """Return a ``Host`` header's name, without its port or an IPv6 address's brackets.

    >>> host_name("[::1]:8000"), host_name("LocalHost:80"), host_name("example.org")
    ('::1', 'localhost', 'example.org')
    """
    text = header.strip().lower()
    if text.startswith("["):
        return text[1:].partition("]")[0]
    return text.rpartition(":")[0] if text.count(":") == 1 else text


class HostGuard:
    """Answer 400 with one line to a request whose ``Host`` is not served (pure ASGI)."""

    def __init__(self, app: ASGIApp, hosts: Sequence[str], ip_hosts: bool = False) -> None:
        self.app = app
        self.hosts = frozenset(hosts)
        self.ip_hosts = ip_hosts

    def served(self, name: str) -> bool:
        """Tell whether the host `name` is served."""
        if "*" in self.hosts or name in self.hosts:
            return True
        if self.ip_hosts:
            try:
                ipaddress.ip_address(name)
            except ValueError:
                return False
            return True
        return False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass a request for a served host on; refuse any other."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = ""
        for name, value in scope.get("headers", ()):
            if name == b"host":
                header = value.decode("latin-1")
        if self.served(host_name(header)):
            await self.app(scope, receive, send)
            return
        shown = sorted(self.hosts) + (["any IP address"] if self.ip_hosts else [])
        refusal = InputError("error.api.host", value=header[:100], valid=shown)
        await footfall_response(400, refusal)(scope, receive, send)


# ------------------------------------------------------------------------------ the protocol


class _CountedConnection:
    """An `h11.Connection` that counts the pieces (``Data`` events) of each request's body.

    Past `free` pieces whose sizes average under `least` bytes it stops parsing: `next_event`
    answers ``NEED_DATA`` and the protocol is told (`GuardedH11.too_many_pieces`), so a body of
    a million one-byte chunks costs the event loop `free` parser steps, not a million.
    """

    def __init__(self, conn: h11.Connection, protocol: GuardedH11, free: int, least: int) -> None:
        self._conn = conn
        self._protocol = protocol
        self._free = free
        self._least = least
        self.pieces = 0
        self.size = 0
        self.chunked = False
        self.refused = False

    def next_event(self) -> Any:
        """The next event, counting body pieces; ``NEED_DATA`` once refused."""
        if self.refused:
            return h11.NEED_DATA
        event = self._conn.next_event()
        if isinstance(event, h11.Request):
            self.pieces = self.size = 0
            self.chunked = False
        elif isinstance(event, h11.Data):
            # A piece is a whole chunk of a chunked body (one split across reads is still one:
            # h11 marks its start and end), else one read of a trickled body.
            self.chunked = self.chunked or event.chunk_start
            self.size += len(event.data)
            if self.chunked and not event.chunk_end:
                return event
            self.pieces += 1
            if self.pieces > self._free and self.size < self.pieces * self._least:
                self.refused = True
                self._protocol.too_many_pieces(self.pieces, self.size // self.pieces)
                return h11.NEED_DATA
        return event

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


class GuardedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection whose headers take too long or whose
    body comes in too many pieces.

    The clock starts when the connection opens and again when an answer is sent (a kept-alive
    connection's next request); the connection is closed if, `header_seconds` later, no
    request's headers are in and none is being answered. A body in more than `body_chunks`
    pieces (chunks of a chunked body, or reads of a trickled one) averaging under
    `body_piece_bytes` is answered 413 with one line and the connection closed, before its
    next piece is parsed.
    """

    header_seconds: float = SERVER_LIMITS.header_seconds
    body_chunks: int = SERVER_LIMITS.body_chunks
    body_piece_bytes: int = SERVER_LIMITS.body_piece_bytes

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Open the connection and start the clock on its first request's headers."""
        super().connection_made(transport)
        self.conn = _CountedConnection(  # type: ignore[assignment]
            self.conn, self, self.body_chunks, self.body_piece_bytes
        )
        self._arm()

    def too_many_pieces(self, pieces: int, average: int) -> None:
        """Answer a body in too many small pieces with 413 (if no answer started) and close."""
        self.transport.pause_reading()
        refusal = LimitError(
            "error.api.body-chunks",
            pieces=pieces,
            average=average,
            least=self.body_piece_bytes,
            limit=self.body_chunks,
        )
        cycle = self.cycle
        if cycle is not None and not cycle.response_started and not self.transport.is_closing():
            body = json.dumps(error_body(refusal)).encode("utf-8")
            head = (
                b"HTTP/1.1 413 Request Entity Too Large\r\ncontent-type: application/json\r\n"
                b"connection: close\r\ncontent-length: %d\r\n\r\n" % len(body)
            )
            self.transport.write(head + body)
            cycle.response_complete = True  # the app's own answer, if any, is dropped
        cycle_disconnect = getattr(cycle, "disconnected", None)
        if cycle is not None and cycle_disconnect is not None:
            cycle.disconnected = True
            cycle.message_event.set()  # the app's receive() sees the client gone
        self.transport.close()

    def on_response_complete(self) -> None:
        """Answer sent: the clock starts again for the next request's headers."""
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        """Stop the clock with the connection."""
        timer = getattr(self, "_header_timer", None)
        if timer is not None:
            timer.cancel()
        super().connection_lost(exc)

    def _arm(self) -> None:
        old = getattr(self, "_header_timer", None)
        if old is not None:
            old.cancel()
        self._header_timer = self.loop.call_later(self.header_seconds, self._late)

    def _late(self) -> None:
        answering = self.cycle is not None and not self.cycle.response_complete
        if answering or self.transport.is_closing():
            return
        if self.conn.their_state in (h11.IDLE, h11.DONE):  # no headers in (DONE: pipelined)
            self.transport.close()


def protocol(limits: Limits) -> type[GuardedH11]:
    """Return `GuardedH11` with `limits.header_seconds`, `body_chunks`, `body_piece_bytes`."""
    bounds = {
        "header_seconds": limits.header_seconds,
        "body_chunks": limits.body_chunks,
        "body_piece_bytes": limits.body_piece_bytes,
    }
    return type("GuardedH11", (GuardedH11,), bounds)


# ------------------------------------------------------------------------------ running


def tune_process() -> None:
    """Set this server process's GIL hand-over interval to `SWITCH_SECONDS` and fix glibc's
    mmap threshold (`footfall.api.memory.tune_allocator`)."""
    sys.setswitchinterval(SWITCH_SECONDS)
    tune_allocator()


def uvicorn_options(limits: Limits) -> dict[str, Any]:
    """Return uvicorn's settings of the server's timeouts and limits.

    >>> uvicorn_options(SERVER_LIMITS)["timeout_keep_alive"]
    5

    uvicorn's ``limit_concurrency`` is off: `InFlight` (added by `build_app`) bounds the
    requests in progress.
    """
    return {
        "http": protocol(limits),
        "timeout_keep_alive": limits.keep_alive_seconds,
        "limit_concurrency": None,  # requests are counted by `InFlight`, not connections
        "timeout_graceful_shutdown": limits.shutdown_seconds,
        "h11_max_incomplete_event_size": limits.header_bytes,
        "log_level": "warning",
    }


def run(
    options: Options,
    host: str,
    port: int,
    workers: int,
    limits: Limits = SERVER_LIMITS,
    lang: Lang = "en",
) -> None:
    """Serve until SIGTERM or Ctrl+C: in this process (one worker) or in `workers` processes.

    With several, uvicorn's supervisor starts them from `worker_app` and replaces one that
    dies; each finishes its requests in progress on SIGTERM (`limits.shutdown_seconds`).
    uvicorn's own log lines are in `lang` (`footfall.api.log_words`).
    """
    import uvicorn

    from footfall.api.log_words import uvicorn_log

    settings = {**uvicorn_options(limits), **uvicorn_log(lang)}
    if workers <= 1:
        tune_process()
        uvicorn.run(build_app(options, limits), host=host, port=port, **settings)
        return
    os.environ[ENV] = options.to_env()
    worker_environment()  # PYTHONMALLOC=malloc: footfall.api.memory
    settings["http"] = "footfall.api.serving:GuardedH11"  # by name: spawned workers import it
    if not REUSE_PORT:
        uvicorn.run(
            "footfall.api.serving:worker_app",
            factory=True,
            host=host,
            port=port,
            workers=workers,
            **settings,
        )
        return
    from uvicorn.supervisors import Multiprocess

    config = uvicorn.Config(
        "footfall.api.serving:worker_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        **settings,
    )
    try:
        sock = port_socket(host, port)
    except OSError as exc:  # as uvicorn's own bind: one line, the start-up failure's status
        import logging

        logging.getLogger("uvicorn.error").error(exc)
        sys.exit(STARTUP_FAILURE)
    os.environ[LISTENER_ENV] = str(os.fstat(sock.fileno()).st_ino)
    try:
        Multiprocess(config, sockets=[sock]).run()
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()


# ------------------------------------------------------------------------------ one port, N queues

#: Whether each worker listens on a socket of its own (``SO_REUSEPORT``), so that the kernel
#: spreads new connections over the workers. With one socket shared by all, the worker that
#: wakes first accepts every waiting connection: 8 kept-alive connections opened together all
#: went to one of two workers, which did 99 % of the work (docs/benchmarks-api.md). Linux only:
#: elsewhere ``SO_REUSEPORT`` does not balance, and the workers share the parent's socket.
REUSE_PORT = sys.platform == "linux" and hasattr(socket, "SO_REUSEPORT")

#: uvicorn's exit status when a server cannot start (its ``STARTUP_FAILURE``).
STARTUP_FAILURE = 3

#: The environment variable that names the parent's socket (its inode) to the workers.
LISTENER_ENV = "FOOTFALL_LISTENER"


def port_socket(host: str, port: int) -> socket.socket:
    """Return the supervisor's socket on `host`:`port`: bound (the port is held) with
    ``SO_REUSEPORT``, never listening, so that it is given no connection (`own_listener`)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.set_inheritable(True)
    return sock


def own_listener() -> int:
    """In a worker, put a socket of its own in place of the one the supervisor handed it.

    uvicorn hands every worker the supervisor's socket (`port_socket`, named by its inode in
    `LISTENER_ENV`); each descriptor of it is made to refer to a new socket bound to the same
    address with ``SO_REUSEPORT``, which uvicorn then listens on. Returns how many descriptors
    were replaced (0 outside such a worker).
    """
    inode = os.environ.get(LISTENER_ENV)
    if not REUSE_PORT or not inode:
        return 0
    replaced = 0
    for name in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{name}") != f"socket:[{inode}]":
                continue
        except OSError:
            continue
        fd = int(name)
        with socket.socket(fileno=os.dup(fd)) as handed:
            own = socket.socket(handed.family, socket.SOCK_STREAM)
            own.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            own.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            own.bind(handed.getsockname())
        os.dup2(own.fileno(), fd)
        own.close()
        replaced += 1
    return replaced
