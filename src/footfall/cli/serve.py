"""CLI command ``footfall serve``: the HTTP API and the battle-map page on one port."""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path
from typing import Any

import typer

from footfall.cli.language import current_lang
from footfall.errors import InputError, Param, unknown
from footfall.i18n import t
from footfall.limits import SERVER_LIMITS

#: The scene the page opens when none is named: a pf1e sample with an ogre beside a patch of
#: difficult terrain (the README's first command shows it).
DEFAULT_SYSTEM = "pf1e"
DEFAULT_MOVER = "ogre"


def default_sample() -> str | None:
    """Return the pf1e sample scene with an ogre in it, else the first pf1e sample, else None."""
    from footfall.api import sample_scenes

    samples = sample_scenes()
    pf = [name for name, data in samples.items() if data.get("system") == DEFAULT_SYSTEM]
    for name in pf:
        if any(c.get("id") == DEFAULT_MOVER for c in samples[name].get("creatures", [])):
            return name
    return pf[0] if pf else next(iter(samples), None)


def resolve_scene(value: str | None) -> tuple[str | None, dict[str, dict[str, Any]]]:
    """Turn ``--scene`` (a sample name or a scene file) into the name to open and extra scenes.

    A file is read and validated once, at start; the server never writes it.
    """
    from footfall.api import sample_scenes
    from footfall.scene import load_scene, scene_to_json

    if value is None:
        return default_sample(), {}
    samples = sample_scenes()
    if value in samples:
        return value, {}
    path = Path(value)
    if not path.is_file():
        raise unknown("scene (not a sample name nor a file)", value, sorted(samples))
    scene = load_scene(path)
    name = path.stem
    if name in samples:
        name = f"{name} ({path.name})"
    return name, {name: json.loads(json.dumps(scene_to_json(scene)))}


def register(app: typer.Typer) -> None:
    """Add this topic's commands to `app`."""

    @app.command()
    def serve(
        host: str = typer.Option("127.0.0.1", help="Address to listen on."),
        port: int = typer.Option(8000, min=0, max=65535, help="Port to listen on."),
        scene: str | None = typer.Option(
            None, help="Sample scene name or scene file the page opens first."
        ),
        workers: int = typer.Option(
            0, min=0, max=64, help="Server processes (0: one per CPU core)."
        ),
        allow_host: list[str] = typer.Option(
            [], "--allow-host", help="Also serve this Host name (repeatable; * serves any)."
        ),
        cors_origin: list[str] = typer.Option(
            [], "--cors-origin", help="Let pages of this origin call the API (repeatable)."
        ),
        database: str | None = typer.Option(
            None,
            help="SQLite file or postgresql:// URL of the encounters (default: user data folder).",
        ),
        cache_mb: float | None = typer.Option(
            None, help="MiB each server process may keep in its scene caches (default 64; 0: none)."
        ),
        lang: str = typer.Option("en", help="Language: en, ru or zh."),
    ) -> None:
        """Serve the battle-map page and the JSON API; print the URL to open."""
        from footfall.api.serving import Options, allowed_hosts, run

        # Local input first (the user's own file or sample name), then the port: a bad
        # --scene is named whatever the port's state.
        name, extra = resolve_scene(scene)
        _cache_budget(cache_mb)
        origins = tuple(_origin(value) for value in cors_origin)
        for name in allow_host:
            _check_host_name(name)
        _check_port(host, port)
        mover = DEFAULT_MOVER if scene is None else None
        if name is not None and mover is not None:
            ids = [
                c.get("id") for c in ({**_samples(), **extra}.get(name) or {}).get("creatures", [])
            ]
            mover = mover if mover in ids else None
        hosts, ip_hosts = allowed_hosts(host, allow_host)
        options = Options(
            default_scene=name,
            default_mover=mover,
            scene_file=scene if extra else None,
            hosts=hosts,
            ip_hosts=ip_hosts,
            cors=origins,
        )
        count = workers or os.cpu_count() or 1
        from footfall.api.turns import share_database  # encounters (TURN.md): docs/turns.md

        share_database(database, SERVER_LIMITS)
        shown = f"[{host}]" if ":" in host else host
        language = current_lang()  # --lang, else FOOTFALL_LANG or the locale
        url = f"http://{shown}:{port}/"
        typer.echo(t("serve.open", language, version=_version(), url=url))
        if name:
            typer.echo(t("serve.scene", language, name=name))
        typer.echo(t("serve.workers", language, count=count))
        typer.echo(t("serve.stop", language))
        sys.stdout.flush()  # the URL must show before uvicorn takes over (pipes buffer)
        _warm_up_in_background()
        run(options, host, port, count, lang=language)


def _cache_budget(mb: float | None) -> None:
    """Set the caches' budget of this process and of the workers it starts (`ENV`), or check
    the one the environment gives (`footfall.bytecache`); a bad one raises `InputError`."""
    from footfall import bytecache

    if mb is None:
        bytecache.cache_mb()
        return
    bytecache.set_cache_mb(mb)
    os.environ[bytecache.ENV] = repr(float(mb))  # the workers start from this environment


def _check_host_name(value: str) -> None:
    """Refuse an ``--allow-host`` that is not a host name, an IP address or ``*``."""
    import re

    if not re.fullmatch(r"\*|[A-Za-z0-9._-]+|\[?[0-9A-Fa-f:.]+\]?", value):
        raise InputError("error.api.allow-host", param=Param("allow_host"), value=value)


def _origin(value: str) -> str:
    """Return a ``--cors-origin`` as an origin (``scheme://host[:port]``), or refuse it."""
    from urllib.parse import urlsplit

    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
        raise InputError("error.api.cors-origin", param=Param("cors_origin"), value=value)
    return f"{parts.scheme}://{parts.netloc}"


def _warm_up_in_background() -> None:
    """Load the compiled search kernel beside the server, not inside a user's request.

    Small searches run in Python until the kernel is loaded (tactical/search.py); loading it
    takes about a second (several on a fresh clone's first compile), which no request should
    wait for. A daemon thread does it while the first requests are served. When the kernels
    compiled ahead of time are not built yet (a fresh install that skipped ``footfall
    warm-up``), a subprocess builds them, never the event loop: this server runs on numba's
    JIT, the next one starts on them (docs/decisions.md, "Kernels compiled ahead of time").
    """
    import threading

    _build_kernels_in_background()

    from footfall.tactical.search import warm_up

    threading.Thread(target=warm_up, name="footfall-warm-up", daemon=True).start()


def _build_kernels_in_background() -> None:
    """Start ``footfall warm-up`` in its own session when a kernel module is missing (its
    output discarded; it writes its module under a temporary name and renames it)."""
    import subprocess

    from footfall import aot

    if aot.disabled() or all(aot.status().values()):
        return
    subprocess.Popen(
        [sys.executable, "-m", "footfall", "warm-up"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _check_port(host: str, port: int) -> None:
    """Raise `InputError` (one line, exit 2) when `host`:`port` cannot be listened on.

    uvicorn would log the failure and exit 1; checking first gives the CLI's usual error.
    """
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise _cannot_listen(host, port, exc) from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            probe.bind(address)
        except OSError as exc:
            raise _cannot_listen(host, port, exc) from None


def _cannot_listen(host: str, port: int, exc: OSError) -> InputError:
    """Return the one-line error of an address that cannot be listened on (`exc` says why)."""
    return InputError("error.api.listen", host=host, port=port, reason=exc.strerror or exc)


def _samples() -> dict[str, dict[str, Any]]:
    from footfall.api import sample_scenes

    return sample_scenes()


def _version() -> str:
    from footfall import __version__

    return __version__
