"""Click's usage errors and the system's reasons in the user's language (issue 14; docs/i18n.md,
"Usage errors and system reasons"): no English beyond option names, the same line and exit 2."""

from __future__ import annotations

import errno
import os
import re
import sys
from pathlib import Path

import pytest
from typer._click.exceptions import BadArgumentUsage, UsageError

from footfall.cli import main
from footfall.cli.usage import usage_message
from footfall.i18n import catalog, os_reason

#: Words a translated line may hold: the program, the options' and commands' names typed.
NAMES = {"footfall", "error", "help", "reach", "rates", "render", "travel", "serve", "fly"}

#: The error line's prefix in each language (docs/errors.md).
PREFIX = {"en": "footfall: error:", "ru": "footfall: ошибка:", "zh": "footfall: 错误:"}


def _english(line: str) -> set[str]:
    """The English words of `line` outside quotes and option names (``--speed``, ``'SCENE'``)."""
    bare = re.sub(r"'[^']*'|--?[a-z][a-z-]*", "", line)
    return {w for w in re.findall(r"[A-Za-z]{3,}", bare) if w.lower() not in NAMES}


def _run(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> str:
    """Run ``footfall ARGS`` as the console script does; return its one stderr line (exit 2)."""
    monkeypatch.setattr(sys, "argv", ["footfall", *args])
    with pytest.raises(SystemExit) as done:
        main()
    assert done.value.code == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(tuple(PREFIX.values()))
    return lines[0]


USAGE = [
    (["reach", "--bogus"], "нет такого параметра: --bogus", "没有这个选项:--bogus"),
    (["reach"], "не указан аргумент 'SCENE'", "缺少参数'SCENE'"),
    (
        ["render", "pf1e-ogre-bridge"],
        "не указан параметр '-o' / '--output'",
        "缺少选项'-o' / '--output'",
    ),
    (["rates", "pf1e", "qq"], "лишние аргументы: qq", "多余的参数:qq"),
    (["nosuchcommand"], "нет такой команды: 'nosuchcommand'", "没有这个命令:'nosuchcommand'"),
    (["reach", "x", "--json=1"], "параметр '--json' не принимает значения", "选项'--json'不接受值"),
    (["travel", "pf1e", "--leg"], "параметру '--leg' нужно значение", "选项'--leg'需要一个值"),
    (
        ["reach", "x", "--speed", "abc"],
        "'--speed': недопустимое значение 'abc', ожидалось целое число",
        "'--speed'的值'abc'无效:应为整数",
    ),
    (
        ["serve", "--port", "99999"],
        "'--port': недопустимое значение '99999', ожидалось не больше 65535",
        "'--port'的值'99999'无效:应不大于65535",
    ),
    (["travel", "pf1e", "--file", "x"], "(возможные параметры: --leg)", "(可能的选项:--leg)"),
]


@pytest.mark.parametrize(("args", "ru", "zh"), USAGE)
def test_usage_errors_in_russian_and_chinese(
    args: list[str],
    ru: str,
    zh: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each kind of usage error is one line in FOOTFALL_LANG's words, its help named in them."""
    for lang, words, see in (("ru", ru, "(см. 'footfall"), ("zh", zh, "(见'footfall")):
        monkeypatch.setenv("FOOTFALL_LANG", lang)
        line = _run(args, capsys, monkeypatch)
        assert words in line and see in line and line.endswith(" --help')")
        assert line.startswith(f"{PREFIX[lang]} "), line
        assert _english(line.removeprefix(f"{PREFIX[lang]} ")) == set(), line


@pytest.mark.parametrize(("args", "en"), [(a, None) for a, _, _ in USAGE[:4]])
def test_english_usage_errors_keep_clicks_words(
    args: list[str], en: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In English the line says what Click said, from the same catalog entries."""
    monkeypatch.setenv("FOOTFALL_LANG", "en")
    line = _run(args, capsys, monkeypatch)
    assert re.search(r"No such option|Missing (argument|option)|unexpected extra argument", line)
    assert line.endswith(" --help')") and "(see '" in line


def test_an_unknown_usage_error_keeps_clicks_words_in_a_frame() -> None:
    """A usage error of a kind the renderer does not know is framed in the language."""
    assert usage_message(BadArgumentUsage("Argument 'x' takes 2 values."), "ru") == (
        "аргумент 'x' принимает 2 значения"
    )
    assert usage_message(UsageError("Something new."), "zh") == "命令用法错误:Something new."
    assert usage_message(UsageError("Something new."), "en") == "Something new."


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_every_system_reason_is_translated(lang: str) -> None:
    """Every errno the catalogs name maps from the C library's English to its words."""
    keys = [k for k in catalog() if k.startswith("error.os.")]
    assert len(keys) >= 20
    for key in keys:
        name = key.removeprefix("error.os.")
        english = (
            os.strerror(getattr(errno, name)) if hasattr(errno, name) else catalog()[key]["en"]
        )
        assert os_reason(lang, english) == catalog()[key][lang] != english, key
        assert os_reason("en", english) == english


@pytest.mark.parametrize(
    ("lang", "words"),
    [("ru", "нет такого файла или каталога"), ("zh", "没有那个文件或目录")],
)
def test_a_missing_folder_is_said_in_the_language(
    lang: str,
    words: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``render -o`` into a folder that is not there: the system's reason in the language."""
    monkeypatch.setenv("FOOTFALL_LANG", lang)
    out = str(tmp_path / "missing" / "map.png")
    line = _run(["render", "pf1e-ogre-bridge", "-o", out], capsys, monkeypatch)
    assert line.endswith(words) and "No such file" not in line
