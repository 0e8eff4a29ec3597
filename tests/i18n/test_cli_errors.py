"""Every command's error is in the chosen language (issue 14 item 1; docs/i18n.md "Which
language"): ``footfall forced`` and ``footfall encounter`` too, not English whatever --lang."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli import invoke


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ru", "вид принудительного перемещения: неизвестное значение 'shove'"),
        ("zh", "强制移动类型"),
    ],
)
def test_forced_error_in_the_language(lang: str, words: str) -> None:
    """An unknown --kind of footfall forced is refused in --lang's words, exit 2."""
    args = ["forced", "drawsteel-burning-hall", "--target", "goblin", "--kind", "shove"]
    result = invoke([*args, "--distance", "2", "--source", "fury", "--lang", lang])
    assert result.exit_code == 2
    assert words in result.stderr and "unknown" not in result.stderr


def test_encounter_error_in_the_language(tmp_path: Path) -> None:
    """A creature of --order not in the scene is refused in Russian with --lang ru, exit 2."""
    database = str(tmp_path / "encounters.sqlite")
    args = ["encounter", "new", "pf1e-ogre-bridge", "--order", "kyra,zzz"]
    result = invoke([*args, "--database", database, "--lang", "ru"])
    assert result.exit_code == 2
    assert "'zzz'" in result.stderr and "is not a creature" not in result.stderr


@pytest.mark.parametrize(("lang", "words"), [("ru", "выходной файл"), ("zh", "输出文件")])
def test_output_exists_names_the_file_in_the_language(
    tmp_path: Path, lang: str, words: str
) -> None:
    """``-o`` onto an existing file: the refusal names the output in the language's words."""
    target = tmp_path / "map.png"
    target.write_bytes(b"")
    result = invoke(["render", "pf1e-ogre-bridge", "-o", str(target), "--lang", lang])
    assert result.exit_code == 2
    assert words in result.stderr and "error: output" not in result.stderr


@pytest.mark.parametrize(
    ("lang", "prefix", "bug"),
    [
        ("en", "footfall: internal error:", "(a bug in footfall"),
        ("ru", "footfall: внутренняя ошибка:", "(ошибка в footfall"),
        ("zh", "footfall: 内部错误:", "(footfall 的缺陷"),
    ],
)
def test_an_internal_error_is_one_line_in_the_language(
    lang: str,
    prefix: str,
    bug: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A bug is one line, its prefix and explanation in FOOTFALL_LANG's words, exit 1
    (docs/errors.md: as git and gcc do under a Russian or Chinese locale)."""
    import sys

    import typer

    import footfall.cli as cli

    crashing = typer.Typer()

    @crashing.command()
    def boom() -> None:
        raise OverflowError("too big")

    @crashing.command()
    def other() -> None:  # a second command keeps 'boom' a subcommand
        """Do nothing."""

    monkeypatch.setattr(cli, "_full_app", lambda: crashing)
    monkeypatch.setattr(sys, "argv", ["footfall", "boom"])
    monkeypatch.setenv("FOOTFALL_LANG", lang)
    monkeypatch.delenv("FOOTFALL_DEBUG", raising=False)
    with pytest.raises(SystemExit) as done:
        cli.main()
    assert done.value.code == 1
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{prefix} OverflowError: too big")
    assert bug in lines[0]
