"""CLI command ``footfall warm-up``: compile the search kernels ahead of time (`footfall.aot`).

Run once after installing (the README's first command) and after upgrading numba or numpy:
every later search then loads its kernel in about a millisecond, without importing numba.
A kernel already compiled for this footfall, numba, numpy and Python is kept (``--force``
compiles it again). When a kernel cannot be compiled (no C compiler, a numba without
``numba.pycc``) it says so in one line, loads numba's JIT kernel instead (so that its cached
machine code is ready too) and exits 1: the searches still work, on the JIT.
"""

from __future__ import annotations

from typing import Any

import typer

from footfall.cli import emit_json, fail, flag_spelling
from footfall.cli.language import current_lang
from footfall.errors import FootfallError
from footfall.i18n import parse_lang, t

__all__ = ["FLAGS", "register"]

#: The flags of library parameters whose flag is not ``--`` and the name with dashes: none.
FLAGS: dict[str, str] = {}


def warm_up_command(
    force: bool = typer.Option(False, "--force", help="Compile the kernels even if up to date."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
    lang: str = typer.Option("en", help="Language of labels: en, ru, zh."),
) -> None:
    """Compile the search kernels ahead of time, so that searches start without numba."""
    from footfall import aot
    from footfall.units import localize_decimal

    try:
        language = parse_lang(lang)
    except FootfallError as exc:
        fail(exc.render(current_lang(), flag_spelling(FLAGS)))
    done = aot.build(force=force)
    failed = [b.name for b in done if b.path is None]
    if failed:
        _warm_jit(failed)
    if as_json:
        emit_json([_as_json(b) for b in done])
    else:
        for b in done:
            what = t(f"warmup.kernel.{b.name}", language)
            if b.path is None:
                line = t("warmup.failed", language, kernel=what, reason=b.error or "")
                typer.echo(f"{t('warmup.warning-prefix', language)} {line}", err=True)
            elif b.fresh:
                typer.echo(
                    t(
                        "warmup.built",
                        language,
                        kernel=what,
                        seconds=localize_decimal(f"{b.seconds:.1f}", language),
                    )
                )
                typer.echo(f"  {b.path}")
            else:
                typer.echo(t("warmup.kept", language, kernel=what))
                typer.echo(f"  {b.path}")
    if failed:
        raise typer.Exit(1)


def _as_json(b: Any) -> dict[str, Any]:
    return {
        "kernel": b.name,
        "path": None if b.path is None else str(b.path),
        "compiled_now": b.fresh,
        "seconds": round(b.seconds, 3),
        "error": b.error,
    }


def _warm_jit(names: list[str]) -> None:
    """Load numba's JIT kernels of the modules `names` (compiled and cached on first use)."""
    if "tactical" in names:
        from footfall.tactical import placements
        from footfall.tactical.search import _load_jit

        _load_jit()
        placements.warm_up()
    if "flight" in names:
        from footfall.flight.compiled import warm_up

        warm_up()


def register(app: typer.Typer) -> None:
    """Add ``warm-up`` to `app`."""
    app.command("warm-up")(warm_up_command)
