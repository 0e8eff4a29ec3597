"""``footfall --lang X <command>``: the root's --lang chooses every command's language, as the
command's own --lang does; the command's own wins when both are given (docs/i18n.md)."""

from __future__ import annotations

import sys

import pytest

from footfall.cli import main
from helpers.cli import invoke

SPEED = ["rates", "pf1e", "--speed", "33"]


def _run(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    """Run ``footfall ARGS`` as the console script does (no FOOTFALL_LANG, no locale)."""
    for name in ("FOOTFALL_LANG", "LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr(sys, "argv", ["footfall", *args])
    capsys.readouterr()
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--lang", "ru", *SPEED], "footfall: ошибка: скорость в pf1e должна быть"),
        (["--lang=zh", *SPEED], "footfall: 错误: pf1e的速度必须是5尺的正整数倍"),
        (["--lang", "ru", "check", "--bogus"], "footfall: ошибка: нет такого параметра: --bogus"),
        (["--lang", "zh", *SPEED, "--lang", "ru"], "footfall: ошибка: скорость в pf1e"),
        (["--lang", "ru", *SPEED, "--lang", "en"], "footfall: error: pf1e speed must be"),
        (["--lang", "ru"], "footfall: ошибка: не указана команда"),
    ],
)
def test_the_roots_lang_chooses_the_errors_language(
    args: list[str],
    says: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An error of ``footfall --lang ru CMD`` is Russian (the command's own --lang wins)."""
    code, out, err = _run(args, monkeypatch, capsys)
    assert code == 2 and out == ""
    assert err.startswith(says), err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--lang", "ru", "rates", "pf1e", "--speed", "30"], "Спешка"),
        (["--lang", "zh", "rates", "pf1e", "--speed", "30"], "急行"),
        (["--lang", "ru", "scenes"], "Огр на мосту"),
        (["--lang", "zh", "fly", "table"], "完美"),
    ],
)
def test_the_roots_lang_chooses_the_answers_language(
    args: list[str],
    says: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An answer of ``footfall --lang ru CMD`` is Russian, a group's command's too (fly)."""
    code, out, err = _run(args, monkeypatch, capsys)
    assert code == 0, err
    assert says in out, out


def test_the_roots_lang_is_in_the_roots_help(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``footfall --help`` shows --lang; ``footfall --lang zh reach --help`` is Chinese."""
    code, out, _ = _run(["--help"], monkeypatch, capsys)
    assert code == 0 and "--lang" in out and "Language: en, ru or zh." in out
    code, out, _ = _run(["--lang", "ru", "--help"], monkeypatch, capsys)
    assert code == 0 and "Язык: en, ru или zh." in out
    code, out, _ = _run(["--lang", "zh", "reach", "--help"], monkeypatch, capsys)
    assert code == 0 and "用法" in out


def test_the_roots_lang_reaches_the_command_without_main() -> None:
    """Through Typer's runner (no `main`), the root's --lang is the command's default."""
    result = invoke(["--lang", "ru", "rates", "pf1e", "--speed", "30"])
    assert result.exit_code == 0 and "Спешка" in result.stdout
    both = invoke(["--lang", "ru", "rates", "pf1e", "--speed", "30", "--lang", "zh"])
    assert both.exit_code == 0 and "急行" in both.stdout
