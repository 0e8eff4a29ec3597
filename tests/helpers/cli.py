"""Run the ``footfall`` command in this process, as the CLI tests and the CLI-equality tests do.

Plain functions rather than fixtures: module-level wrappers (``run``) and the API tests that
compare an answer with ``footfall ... --json`` call them.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from collections.abc import Sequence
from typing import Any

from click.testing import Result
from typer.testing import CliRunner

from footfall.cli import app


def invoke(args: Sequence[str], **kwargs: Any) -> Result:
    """Run ``footfall ARGS`` with typer's runner; stdout, stderr and the exit code are kept."""
    return CliRunner().invoke(app, list(args), **kwargs)


def cli_json(*args: str) -> Any:
    """Run ``footfall ARGS --json``, assert it exits 0, and return the JSON it printed."""
    result = invoke([*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def run_main(argv: list[str]) -> tuple[int, str, str]:
    """Run `footfall.cli.main` in process as the console script does, `argv` its whole
    ``sys.argv`` ("footfall" first): (exit status, stdout, stderr)."""
    from footfall.cli import main

    out, err = io.StringIO(), io.StringIO()
    saved, status = sys.argv, 0
    sys.argv = argv
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main()
            except SystemExit as exc:
                status = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.argv = saved
    return status, out.getvalue(), err.getvalue()
