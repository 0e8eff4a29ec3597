"""The ``footfall`` command: one Typer app, subcommands registered by topic modules.

Each module in `COMMAND_MODULES` exposes ``register(app)`` and adds its commands. Commands are
thin: they parse options, call the library, and print a Rich table for people or JSON for
programs (``--json``). Any `FootfallError` becomes one line on stderr and exit status 2.

`main` is the one place where errors become what a user sees, so it holds the promise of
docs/errors.md whatever a command raises: bad input (a `FootfallError`, or a value Typer
refuses) is one ``footfall: error:`` line (in the CLI's language: ``footfall: ошибка:``) naming
the bad value, exit 2; a bug footfall did not foresee is one ``footfall: internal error:`` line,
exit 1 - never a traceback (set ``FOOTFALL_DEBUG=1`` to see it).

Start-up: importing this module loads Typer and `footfall.errors`, nothing of footfall's own
languages (`footfall.i18n`, `footfall.cli.language`, `.help`) nor `json`: each loads where it is
used, so ``import footfall.cli`` costs what the pre-house tree's did (docs/benchmarks.md,
"coldcli"). `main` builds only the command it runs (`build_app`'s `command`).
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from footfall.errors import FootfallError, Noun, Param, Spelling

if TYPE_CHECKING:
    from footfall.i18n import Lang

try:  # Typer >= 0.24 vendors Click as typer._click; older Typer depends on Click itself.
    from typer._click import core as _click_core
    from typer._click import exceptions as _click
except ImportError:  # pragma: no cover - depends on the installed Typer
    from click import core as _click_core  # type: ignore[no-redef]
    from click import exceptions as _click  # type: ignore[no-redef]

__all__ = [
    "ACTIONS_HELP",
    "COMMAND_HOMES",
    "COMMAND_MODULES",
    "MOUNTS_HELP",
    "app",
    "build_app",
    "command_name",
    "emit_json",
    "error_prefix",
    "fail",
    "flag_spelling",
    "main",
]

#: The actions an --action takes, by system (the English help; i18n/cli_help.toml words each).
ACTIONS_HELP = (
    "move, double-move, run, charge, five-foot-step, withdraw, minimum-move (pf1e, dnd35); "
    "half-move, full-move, charge, run (dh2e); advance, shift, disengage (drawsteel)"
)
#: The mounts and land vehicles a --mount takes (systems/pf1e.toml, dnd35.toml conveyances).
MOUNTS_HELP = (
    "mount or land vehicle: light_horse, heavy_horse, pony, riding_dog, cart, wagon; "
    "dnd35 also light_warhorse, heavy_warhorse, warpony, donkey, mule"
)

#: Topic modules, in the order their commands appear in ``footfall --help``.
COMMAND_MODULES = (
    "rates", "tactical", "forced", "journeys", "flight", "maps", "encounter", "serve", "warmup",
)  # fmt: skip

#: The topic module that defines each command. `main` imports only the module of the command
#: it runs, so ``footfall reach`` does not pay for the journey planner's or the API's imports
#: (tests/cli/test_dispatch.py checks this table against what the modules register).
COMMAND_HOMES: dict[str, str] = {
    "rates": "rates",
    "tables": "rates",
    "reach": "tactical",
    "path": "tactical",
    "check": "tactical",
    "scenes": "tactical",
    "forced": "forced",
    "travel": "journeys",
    "chase": "journeys",
    "route": "journeys",
    "odds": "journeys",
    "fly": "flight",
    "import": "maps",
    "render": "maps",
    "encounter": "encounter",
    "serve": "serve",
    "warm-up": "warmup",
}


def _root(
    ctx: typer.Context,
    lang: Annotated[str, typer.Option("--lang", help="Language: en, ru or zh.")] = "en",
) -> None:
    """Movement rules for Pathfinder 1e, D&D 3.5, Dark Heresy 2e and Draw Steel."""
    # (The docstring is the root's --help.) ``footfall --lang ru check ...`` is ``footfall
    # check --lang ru ...``: `main` chose the language from the arguments before the app ran
    # (`cli_lang`; the command's own ``--lang`` comes later, so it wins); here the root's value
    # becomes the default of every command's ``--lang`` below it (Click's `default_map`), for
    # a run that does not pass through `main` (a test's runner, an embedding program).
    if ctx.get_parameter_source("lang") == _click_core.ParameterSource.COMMANDLINE:
        ctx.default_map = _lang_defaults(ctx.command, lang, ctx.default_map)


def _lang_defaults(command: Any, lang: str, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """A `default_map` giving `lang` to the ``--lang`` of `command`'s subcommands, nested."""
    found: dict[str, Any] = dict(given or {})
    for name, sub in getattr(command, "commands", {}).items():
        below = _lang_defaults(sub, lang, found.get(name))
        if any(p.name == "lang" for p in getattr(sub, "params", ())):
            below.setdefault("lang", lang)
        found[name] = below
    return found


def version() -> None:
    """Print footfall's version."""
    from footfall import __version__

    typer.echo(__version__)


def build_app(
    modules: tuple[str, ...] = COMMAND_MODULES, command: str | None = None
) -> typer.Typer:
    """Build the Typer app with the commands of the topic `modules` (only `command` of them,
    when given: Typer then converts one command to Click, not its module's every command).

    A module may define ``register_command(app, name)`` to add that one command without
    importing its siblings' modules (`footfall.cli.journeys`: ``odds`` without ``travel``).
    """
    from footfall.cli.quick import install

    install()  # plain options' values without pydantic (start-up: footfall/cli/quick.py)
    built = typer.Typer(
        name="footfall",
        help="Movement rules for Pathfinder 1e, D&D 3.5, Dark Heresy 2e and Draw Steel.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    built.callback()(_root)
    built.command()(version)
    for name in modules:
        module = importlib.import_module(f"{__name__}.{name}")
        one = getattr(module, "register_command", None)
        if command is not None and one is not None:
            one(built, command)
        else:
            module.register(built)
    if command is not None:
        built.registered_commands = [
            info for info in built.registered_commands if _info_name(info) in (command, None)
        ]
    return built


def _info_name(info: Any) -> str | None:
    """The name a registered Typer command runs under (None: Typer names it)."""
    name: str | None = info.name
    return name


@cache
def _full_app() -> typer.Typer:
    return build_app()


def __getattr__(name: str) -> typer.Typer:
    """Build `app` (every command) on first use, for tests and embedding."""
    if name == "app":
        return _full_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def emit_json(value: Any) -> None:
    """Print `value` as JSON (UTF-8, not ASCII-escaped) on stdout."""
    import json

    typer.echo(json.dumps(value, ensure_ascii=False))


def flag_spelling(flags: Mapping[str, str] | None = None) -> Spelling:
    """Return how the CLI spells a library parameter: the flag that gives it (``--con-mod``).

    The flag is ``--`` and the parameter's name with dashes, unless `flags` (a topic module's
    ``FLAGS``: library name -> flag, ``{"legs": "--leg"}``) says otherwise. A list parameter's
    item is named by its position: ``--leg #2``.

    >>> spell = flag_spelling({"legs": "--leg"})
    >>> spell(Param("con_mod")), spell(Param("legs", 1))
    ('--con-mod', '--leg #2')
    """
    known = dict(flags or {})

    def spell(param: Param) -> str:
        flag = known.get(param.name, "--" + param.name.replace("_", "-"))
        return flag if param.index is None else f"{flag} #{param.index + 1}"

    return spell


def _command_flags(home: str | None) -> dict[str, str]:
    """Return the ``FLAGS`` of the topic module `home` (every module's when None)."""
    flags: dict[str, str] = {}
    for name in (home,) if home is not None else COMMAND_MODULES:
        module = importlib.import_module(f"{__name__}.{name}")
        flags.update(getattr(module, "FLAGS", {}))
    return flags


def error_prefix(lang: Lang, *, internal: bool = False) -> str:
    """Return the error line's prefix in `lang`, as git and gcc word theirs (docs/errors.md).

    >>> error_prefix("en"), error_prefix("ru"), error_prefix("zh", internal=True)
    ('footfall: error:', 'footfall: ошибка:', 'footfall: 内部错误:')
    """
    if lang == "en":  # the source text: no catalog to read (start-up)
        return "footfall: internal error:" if internal else "footfall: error:"
    from footfall.i18n import t

    return t("error.cli.internal-prefix" if internal else "error.cli.prefix", lang)


def fail(message: str, lang: Lang | None = None) -> NoReturn:
    """Print a one-line error on stderr (in `lang`, else the command's) and exit with status 2."""
    from footfall.cli.language import current_lang

    typer.echo(f"{error_prefix(lang or current_lang())} {_fold(message)}", err=True)
    raise typer.Exit(2)


def _error_line(exc: FootfallError, lang: Lang, spelling: Spelling) -> str:
    """The line of a `FootfallError` after a prefix; a bad language itself (``--lang de``,
    ``FOOTFALL_LANG=de``) in all three languages, as no language the user reads is known."""
    if exc.key != "error.unknown" or exc.fields.get("what") != Noun("language"):
        return f"{error_prefix(lang)} {exc.render(lang, spelling)}"
    from footfall.i18n import LANGS

    lines = [f"{error_prefix(each)} {exc.render(each, spelling)}" for each in LANGS]
    return " | ".join([lines[0], *(line.removeprefix("footfall: ") for line in lines[1:])])


def main() -> None:
    """Entry point of the console script: run the app, turning errors into exit 2.

    Garbage collection (start-up): none while the modules load and the command tree is built
    (what they make lives on: a collection would walk it for nothing); then that is set aside
    (`gc.freeze`) and collection resumes for the command itself. When `main` is the process's
    own entry point (the console script, ``python -m footfall``), what the command left is set
    aside too as it ends, so the interpreter's collections at exit walk nothing: together
    ~9 % of ``footfall odds``' instructions. Called from another program, `main` leaves the
    collector as it found it.
    """
    from footfall import notices

    if getattr(sys.modules.get("__main__"), "main", None) is main:
        _one_blas_thread()
    enabled = gc.isenabled()
    gc.disable()
    said = notices.lang, notices.jit_hint
    try:
        _main(enabled)
    finally:
        notices.lang, notices.jit_hint = said  # called from a program: leave it as it was
        if getattr(sys.modules.get("__main__"), "main", None) is main:
            gc.freeze()  # the process ends now: nothing left to collect at exit
        else:
            gc.unfreeze()
        if enabled:
            gc.enable()


def _one_blas_thread() -> None:
    """Start numpy's BLAS with one thread in a footfall process (unless the user chose).

    OpenBLAS (numpy's wheels) starts a thread per core as numpy is imported, and each spins
    for about 0.1 s before it sleeps: CPU burnt on the other cores by every command that
    imports numpy (a `fly reach`: 0.37 -> 0.28 s of process CPU, docs/benchmarks.md
    "flykernel2"). No command multiplies matrices, so one thread loses nothing. Only before
    numpy is imported, and only when `main` is the process's own entry point.
    """
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def _main(collect: bool) -> None:
    """`main`'s work; `collect`: garbage collection resumes once the command tree is built."""
    from footfall import notices
    from footfall.cli.language import cli_lang, localize

    command = command_name(sys.argv[1:])
    home = COMMAND_HOMES.get(command)
    lang: Lang = "en"
    try:
        lang = cli_lang(sys.argv[1:])
        # The library's stderr lines in the user's language, and the JIT's hint (notices).
        notices.lang, notices.jit_hint = lang, True
        runner = build_app((home,), command) if home is not None else _full_app()
        # Without standalone mode Click returns the status of `typer.Exit` (`fail` raises
        # Exit(2)) instead of exiting with it.
        tree = localize(typer.main.get_command(runner), lang)
        if lang != "en":  # English help is the source text: no catalog to read (start-up)
            from footfall.cli.help import localize_help

            tree = localize_help(tree, lang)
        _settled(collect)
        status = tree.main(args=_args(sys.argv[1:]), prog_name="footfall", standalone_mode=False)
        if isinstance(status, int) and status:
            sys.exit(status)
    except FootfallError as exc:
        typer.echo(_error_line(exc, lang, flag_spelling(_command_flags(home))), err=True)
        sys.exit(2)
    except _click.NoArgsIsHelpError as exc:
        # `footfall` or `footfall fly` alone: the help, as a bare command asks for it. Building
        # the error built the help text; Typer's rich help is printed right then (and the
        # text is empty), plain Click's is returned: print it only then, so it shows once.
        text = exc.format_message()
        if text.strip():
            typer.echo(text, err=True)
        sys.exit(2)
    except _click.UsageError as exc:
        # An unknown option, a missing argument, a bad value Typer caught: one line, exit 2,
        # in the user's language (footfall.cli.usage renders Click's English from the catalogs).
        from footfall.cli.usage import usage_line

        path = exc.ctx.command_path if exc.ctx else f"footfall {command}".strip()
        typer.echo(f"{error_prefix(lang)} {usage_line(exc, lang, path)}", err=True)
        sys.exit(2)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        from footfall.i18n import t

        typer.echo(f"footfall: {t('error.cli.aborted', lang)}", err=True)
        sys.exit(1)
    except Exception as exc:  # the last line of defence: no traceback reaches a user
        if os.environ.get("FOOTFALL_DEBUG"):
            raise
        # A bug, not the user's fault: say so in one line, with what to report.
        detail = _fold(f"{type(exc).__name__}: {exc}")
        if len(detail) > _DETAIL_LIMIT:
            detail = f"{detail[: _DETAIL_LIMIT - 1]}…"
        from footfall.i18n import t

        prefix = error_prefix(lang, internal=True)
        typer.echo(f"{prefix} {t('error.cli.internal', lang, detail=detail)}", err=True)
        sys.exit(1)


def _settled(collect: bool) -> None:
    """Collect garbage again (unless the caller had it off), with what start-up made set aside
    (`gc.freeze`: the modules, Typer's and Click's command tree): no collection walks it."""
    gc.freeze()
    if collect:
        gc.enable()


def command_name(args: list[str]) -> str:
    """The command ``footfall ARGS`` runs: the first argument after the root's own options.

    >>> command_name(["--lang", "ru", "check"]), command_name(["--lang=zh", "reach"])
    ('check', 'reach')
    >>> command_name(["reach", "--lang", "ru"]), command_name([])
    ('reach', '')
    """
    i = 0
    while i < len(args):
        if args[i] == "--lang":
            i += 2
        elif args[i].startswith("--lang="):
            i += 1
        else:
            return args[i]
    return ""


def _args(args: list[str]) -> list[str]:
    """The arguments to run: with ``--help``, a ``--lang`` is dropped once it chose the language
    (``footfall fly --help --lang ru``: a group has no ``--lang`` of its own)."""
    if "--help" not in args:
        return args
    kept: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif not arg.startswith("--lang="):
            kept.append(arg)
    return kept


#: Longest exception text an internal-error line quotes.
_DETAIL_LIMIT = 300


def _fold(message: str) -> str:
    """Fold a multi-line message into one line."""
    lines = message.splitlines()
    if len(lines) <= 1:
        return message
    return " ".join(part.strip() for part in lines if part.strip())
