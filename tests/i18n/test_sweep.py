"""A Russian or Chinese GM's run (issue 14 item 5): every command's --help, footfall serve's
start and its errors, a text file's line in an error, without English beyond option names."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
from typing import Any

import pytest
import typer.main

from footfall.cli import app, main
from footfall.cli.help import _TYPER_WORDS
from helpers.cli import invoke

#: The error line's prefix in each language (docs/errors.md).
PREFIX = {"en": "footfall: error:", "ru": "footfall: ошибка:", "zh": "footfall: 错误:"}


def _paths() -> list[list[str]]:
    found: list[list[str]] = []

    def walk(command: Any, path: list[str]) -> None:
        found.append(path)
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])

    walk(typer.main.get_command(app), [])
    return found


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_every_help_has_its_usage_line_and_types_in_the_language(
    lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """No ``[OPTIONS]``, ``COMMAND [ARGS]``, ``<str>``, ``<int>``, ``<bool>`` in any --help."""
    from typer import rich_utils

    for name in _TYPER_WORDS:  # main sets Typer's panel titles: put them back afterwards
        monkeypatch.setattr(rich_utils, name, getattr(rich_utils, name))
    monkeypatch.setenv("FOOTFALL_LANG", lang)
    monkeypatch.setenv("COLUMNS", "200")
    for path in _paths():
        monkeypatch.setattr(sys, "argv", ["footfall", *path, "--help"])
        try:
            main()
        except SystemExit as done:
            assert done.code in (0, None), path
        text = capsys.readouterr().out
        assert text.strip(), path
        for english in ("[OPTIONS]", "COMMAND [ARGS]", "<str>", "<int>", "<bool>", "<path>"):
            assert english not in text, (path, english)


def _run_serve(port: int, lang: str) -> list[str]:
    """Start ``footfall serve`` in `lang`, read its four first lines, stop it."""
    env = {**os.environ, "FOOTFALL_LANG": lang}
    proc = subprocess.Popen(
        [sys.executable, "-m", "footfall", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        return [proc.stdout.readline().rstrip("\n") for _ in range(4)]
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ru", ("откройте http://127.0.0.1:", "сцена: pf1e-ogre-bridge", "рабочих процессов: ")),
        ("zh", ("打开 http://127.0.0.1:", "场景:pf1e-ogre-bridge", "工作进程:")),
    ],
)
def test_serve_says_where_to_open_in_the_language(lang: str, words: tuple[str, ...]) -> None:
    """footfall serve's start lines follow FOOTFALL_LANG (it has no --lang)."""
    lines = _run_serve(_free_port(), lang)
    assert all(any(w in line for line in lines) for w in words), lines
    assert "Ctrl+C" in lines[3] and "press" not in lines[3]


def test_serve_on_a_busy_port_says_why_in_russian() -> None:
    """The system's reason (EADDRINUSE) is in Russian: «адрес уже используется»."""
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "footfall", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "FOOTFALL_LANG": "ru"},
        )
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"footfall: ошибка: не удаётся слушать 127.0.0.1:{port}: адрес уже используется"
    )


@pytest.mark.parametrize(("lang", "line"), [("ru", "строка 3: "), ("zh", "第3行: ")])
def test_a_text_maps_line_is_named_in_the_language(lang: str, line: str, tmp_path: Any) -> None:
    """A text map's bad header line: «строка 3», 第3行, not ``line 3``."""
    path = tmp_path / "cave.txt"
    path.write_text("footfall: 1\nsystem: pf1e\nbogus: 3\nmap:\n...\n", encoding="utf-8")
    result = invoke(["reach", str(path), "--mover", "x", "--lang", lang])
    assert result.exit_code == 2
    assert f"cave.txt: {line}" in result.stderr and "line" not in result.stderr


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ru", "файл карты: недопустимый JSON: ожидается значение: строка 1, столбец 1 (символ 0)"),
        ("zh", "地图文件:不是有效的JSON:应为值:第1行第1列(字符0)"),
    ],
)
def test_a_broken_map_file_is_said_in_the_language(lang: str, words: str, tmp_path: Any) -> None:
    """footfall import of a file that is no JSON: the file's kind and the parser's reason in
    the language (errors_parsers.toml), not Python's English."""
    path = tmp_path / "cave.json"
    path.write_text("not json", encoding="utf-8")
    result = invoke(["import", str(path), "--system", "pf1e", "--lang", lang])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"{PREFIX[lang]} {words}"


def test_every_json_parser_message_is_known() -> None:
    """Each JSON mistake Python names is in the catalog, so none stays English."""
    import json

    from footfall.i18n import parser_reason

    for text in (
        "",
        "{a",
        '{"a" 1}',
        "[1 2]",
        "1 2",
        '"abc',
        '"a\x01"',
        '"\\q"',
        '"\\u12"',
        "[1,]",
    ):
        with pytest.raises(json.JSONDecodeError) as exc:
            json.loads(text)
        said = parser_reason("ru", str(exc.value))
        assert said != str(exc.value) and "line" not in said, said


#: English that must not be left in a ru / zh error line (outside quoted values, option
#: names and ids in brackets): the words footfall's own English lines are made of.
_ENGLISH = re.compile(
    r"\b(is|not|the|must|expected|unknown|known|and|or|more|got|cannot|of|to|missing|at|"
    r"line|characters|digits|with|for|than|from|only|give|use|see|error)\b"
)


def _left_english(line: str) -> list[str]:
    body = line.split("|", 1)[0] if "unknown language" in line else line
    if "unknown language" in line:
        return []  # a bad language is said in all three on purpose (docs/i18n.md)
    body = re.sub(r"'[^']*'|\"[^\"]*\"", "", body)  # the values typed, quoted
    body = re.sub(r"--[\w-]+|\([\w./-]+\)|\S+\.(json|txt|toml|png|dd2vtt)\b", "", body)
    body = body.replace("footfall:", "").replace("missing.", "")
    return _ENGLISH.findall(body)


def _hostile_cases() -> list[Any]:
    from cli.test_hostile import CASES

    return [p for p in CASES if "--lang" not in p.values[0] or "en" in p.values[0]]


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_every_hostile_error_line_is_in_the_language(
    lang: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every bad input of tests/cli/test_hostile.py, run under FOOTFALL_LANG=ru / zh (a case's
    own ``--lang en`` made the language too): one line, exit 2, no English words left."""
    from cli.test_hostile import _args, _write_files

    _write_files(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FOOTFALL_LANG", lang)
    left: list[tuple[str, str]] = []
    for case in _hostile_cases():
        args = _args(case.values[0], tmp_path)
        args = [lang if a == "en" and i and args[i - 1] == "--lang" else a
                for i, a in enumerate(args)]  # fmt: skip
        monkeypatch.setattr(sys, "argv", ["footfall", *args])
        with contextlib.suppress(SystemExit):
            main()
        err = capsys.readouterr().err.strip()
        if _left_english(err):
            left.append((case.id, err[:200]))
    assert left == []
