"""Find a font with the glyphs of the legend's language, and wrap legend lines to fit."""

from __future__ import annotations

import shutil
import subprocess
from functools import cache
from pathlib import Path

from PIL import ImageFont

from footfall.i18n import Lang

__all__ = ["Font", "find_font", "font", "wrap"]

#: A font Pillow draws with: a TrueType face, or Pillow's own when none is found.
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

_FONT_CANDIDATES: dict[str, tuple[str, ...]] = {
    "latin": (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    ),
    "zh": (
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/truetype/arphic/uming.ttc",
    ),
}


@cache
def find_font(lang: Lang) -> str | None:
    """Return the path of a font with the glyphs of `lang`, or None when there is none.

    Latin and Cyrillic (en, ru): DejaVu Sans or Liberation Sans. Chinese: Noto Sans CJK or
    WenQuanYi (Debian ``fonts-noto-cjk`` / ``fonts-wqy-zenhei``), else whatever
    ``fc-list :lang=zh`` names.
    """
    key = "zh" if lang == "zh" else "latin"
    for candidate in _FONT_CANDIDATES[key]:
        if Path(candidate).is_file():
            return candidate
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return None
    query = ":lang=zh" if lang == "zh" else ":lang=ru"
    try:
        out = subprocess.run(
            [fc_list, query, "file"], capture_output=True, text=True, timeout=5, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    files = sorted(line.split(":")[0].strip() for line in out.splitlines() if line.strip())
    return files[0] if files else None


def font(path: str | None, size: int) -> Font:
    if path is not None:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            pass
    return ImageFont.load_default(size)


def wrap(text: str, font: Font, room: int) -> list[str]:
    """Break `text` into lines no wider than `room` pixels: at spaces, else between glyphs."""
    out: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if font.getlength(candidate) <= room:
            line = candidate
            continue
        if line:
            out.append(line)
        line = ""
        for char in word:  # a word (or CJK run) wider than the room breaks between glyphs
            if line and font.getlength(line + char) > room:
                out.append(line)
                line = ""
            line += char
    out.append(line)
    return out
