"""Errors reach the user in their language: the CLI's --lang / FOOTFALL_LANG / locale, the
API's lang / Accept-Language; the line and its exit code or status stay the same."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from fastapi.testclient import TestClient

from helpers.cli import invoke

BAD_LEG = ["travel", "pf1e", "--leg", "24 mi swampp trackless", "--speed", "30"]


def _footfall(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run the console entry point with `env` over a locale-free environment."""
    base = {k: v for k, v in os.environ.items() if k not in {"LANG", "LC_ALL", "LC_MESSAGES"}}
    base.pop("FOOTFALL_LANG", None)
    return subprocess.run(
        [sys.executable, "-m", "footfall", *args],
        capture_output=True, text=True, env={**base, **env}, check=False,
    )  # fmt: skip


def test_cli_error_in_its_lang() -> None:
    """--lang ru / zh: the error line is Russian / Chinese, exit 2, one line."""
    ru = _footfall(*BAD_LEG, "--lang", "ru")
    zh = _footfall(*BAD_LEG, "--lang", "zh")
    assert ru.returncode == zh.returncode == 2
    assert ru.stderr.startswith("footfall: ошибка: местность: неизвестное значение 'swampp'")
    assert zh.stderr.startswith("footfall: 错误: 未知的地形 'swampp'")
    assert len(ru.stderr.splitlines()) == len(zh.stderr.splitlines()) == 1


def test_in_process_command_error_in_its_lang() -> None:
    """A command that prints its own error (footfall rates) uses its --lang in process too."""
    result = invoke(["rates", "pf1e", "--speed", "33", "--lang", "zh"])
    assert result.exit_code == 2
    assert result.stderr.startswith("footfall: 错误: pf1e的速度必须是5尺的正整数倍")


def test_environment_chooses_the_language() -> None:
    """Without --lang: FOOTFALL_LANG first, then LC_ALL, LC_MESSAGES, LANG; --lang wins."""
    speed = ["rates", "pf1e", "--speed", "33"]
    assert "должна быть" in _footfall(*speed, LANG="ru_RU.UTF-8").stderr
    assert "必须" in _footfall(*speed, FOOTFALL_LANG="zh", LANG="ru_RU.UTF-8").stderr
    assert "必须" in _footfall(*speed, LC_ALL="zh_CN.UTF-8", LANG="ru_RU.UTF-8").stderr
    assert "must be" in _footfall(*speed, "--lang", "en", LANG="ru_RU.UTF-8").stderr
    assert "must be" in _footfall(*speed, LANG="de_DE.UTF-8").stderr


def test_environment_language_is_the_answers_default() -> None:
    """LANG=ru_RU.UTF-8 makes the answers Russian too, not only the errors."""
    out = _footfall("rates", "pf1e", "--speed", "30", LANG="ru_RU.UTF-8")
    assert out.returncode == 0 and "Спешка" in out.stdout


#: A bad language's one line: in all three languages, as none the user reads is known.
BAD_LANG = (
    "footfall: error: unknown language '{v}' (known: en, ru, zh)"
    " | ошибка: язык: неизвестное значение '{v}' (известны: en, ru, zh)"
    " | 错误: 未知的语言 '{v}'(已知:en、ru、zh)"
)


def test_unknown_footfall_lang_is_refused() -> None:
    """FOOTFALL_LANG=fr: one line in en, ru and zh naming the known languages, exit 2."""
    out = _footfall("rates", "pf1e", "--speed", "30", FOOTFALL_LANG="fr")
    assert out.returncode == 2
    assert out.stderr.strip() == BAD_LANG.format(v="fr")


@pytest.mark.parametrize(
    "args",
    [
        ["rates", "pf1e", "--speed", "30", "--lang", "de"],
        ["travel", "pf1e", "--speed", "30", "--leg", "24 mi plains road", "--lang=de"],
        ["reach", "pf1e-ogre-bridge", "--mover", "ogre", "--lang", "de"],
    ],
)
def test_unknown_lang_option_is_said_in_every_language(args: list[str]) -> None:
    """--lang de (even with a Russian locale): the same three-language line, exit 2, before
    the command runs (so it is the first thing said, whatever else is wrong)."""
    out = _footfall(*args, LANG="ru_RU.UTF-8")
    assert out.returncode == 2
    assert out.stderr.strip() == BAD_LANG.format(v="de")


def test_api_error_in_the_request_language(client: TestClient) -> None:
    """The body's lang, else Accept-Language, chooses the error's language; status 400."""
    body = {"system": "pf1e", "legs": ["24 mi swampp trackless"], "speed": 30}
    ru = client.post("/api/travel", json={**body, "lang": "ru"})
    zh = client.post("/api/travel", json=body, headers={"Accept-Language": "zh-CN,zh;q=0.9"})
    en = client.post("/api/travel", json=body, headers={"Accept-Language": "de"})
    assert ru.status_code == zh.status_code == en.status_code == 400
    assert ru.json()["error"].startswith("местность: неизвестное значение 'swampp'")
    assert zh.json()["error"].startswith("未知的地形 'swampp'")
    assert en.json()["error"].startswith("unknown terrain 'swampp'")
    assert ru.json()["code"] == zh.json()["code"] == "error.unknown"


def test_api_limit_error_in_the_header_language(client: TestClient) -> None:
    """A body over the limit (413, refused before it is read) follows Accept-Language."""
    big = b"{" + b" " * 3_000_000 + b"}"
    headers = {"Accept-Language": "ru", "content-type": "application/json"}
    answer = client.post("/api/travel", content=big, headers=headers)
    assert answer.status_code == 413
    assert answer.json()["error"].startswith("тело запроса")
