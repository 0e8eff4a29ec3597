"""What an import gives back: the scene, its warnings and the background image bytes."""

from __future__ import annotations

import base64
import dataclasses
from dataclasses import dataclass
from enum import StrEnum

from footfall.i18n import Lang, t
from footfall.scene import Scene

__all__ = [
    "BackgroundImage",
    "ImportResult",
    "MediaType",
    "Notice",
    "Warnings",
    "notice",
    "sniff_image",
]


class MediaType(StrEnum):
    """The picture formats a map's background may be in."""

    PNG = "image/png"
    """PNG (Dungeondraft's default export)."""
    WEBP = "image/webp"
    """WebP (Dungeondraft, Foundry uploads)."""
    JPEG = "image/jpeg"
    """JPEG."""

    @property
    def extension(self) -> str:
        """File extension for the picture, without the dot (``png``, ``webp``, ``jpg``)."""
        return _EXTENSIONS[self]


_EXTENSIONS = {MediaType.PNG: "png", MediaType.WEBP: "webp", MediaType.JPEG: "jpg"}


def sniff_image(data: bytes) -> MediaType | None:
    """Return the media type of PNG, WebP or JPEG `data` from its magic bytes, else None.

    >>> sniff_image(b"\\x89PNG\\r\\n\\x1a\\n..."), sniff_image(b"GIF89a")
    (<MediaType.PNG: 'image/png'>, None)
    """
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return MediaType.PNG
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return MediaType.WEBP
    if data.startswith(b"\xff\xd8\xff"):
        return MediaType.JPEG
    return None


@dataclass(frozen=True, slots=True)
class Notice:
    """One warning of an import: a catalog key (``maps.warn.*``) and its values.

    A value may itself be a `Notice` (a translated fragment, e.g. "region 'Mud'").
    """

    key: str
    values: tuple[tuple[str, object], ...] = ()

    def text(self, lang: Lang = "en") -> str:
        """Return the warning as one line in `lang`."""
        values = {k: v.text(lang) if isinstance(v, Notice) else v for k, v in self.values}
        return t(self.key, lang, **values)


def notice(key: str, /, **values: object) -> Notice:
    """Build a `Notice` from a catalog key and keyword values."""
    return Notice(key, tuple(values.items()))


class Warnings:
    """Collect an import's warnings (catalog key + values) in order, each said once."""

    def __init__(self) -> None:
        self._items: dict[Notice, None] = {}

    def add(self, key: str, /, **values: object) -> None:
        """Record the warning `key` (``maps.warn.*``) with `values`; repeats are ignored."""
        self._items.setdefault(notice(key, **values), None)

    def items(self) -> tuple[Notice, ...]:
        """Return the warnings in the order they were first recorded."""
        return tuple(self._items)


@dataclass(frozen=True, slots=True)
class BackgroundImage:
    """An imported map's picture: encoded bytes (PNG, WebP or JPEG) and their media type."""

    data: bytes = dataclasses.field(repr=False)
    media_type: MediaType

    @property
    def extension(self) -> str:
        """File extension for the image, without the dot (``png``, ``webp``, ``jpg``)."""
        return self.media_type.extension

    def data_url(self) -> str:
        """Return the image as a ``data:`` URL, for a scene that embeds its background."""
        return f"data:{self.media_type};base64,{base64.b64encode(self.data).decode('ascii')}"


@dataclass(frozen=True, slots=True)
class ImportResult:
    """An imported scene, what could not be imported, and the background picture if any.

    `scene.background` is None until the caller decides where the picture goes: use
    `with_background` with a path relative to the scene file (after writing
    `background.data` there) or with `background.data_url()` to embed it.
    """

    scene: Scene
    warnings: tuple[str, ...] = ()
    """The warnings in English, one line each (`messages` gives them in other languages)."""
    background: BackgroundImage | None = None
    notices: tuple[Notice, ...] = ()
    """The same warnings as catalog keys and values."""

    @classmethod
    def of(
        cls, scene: Scene, notices: tuple[Notice, ...], background: BackgroundImage | None
    ) -> ImportResult:
        """Build a result whose English `warnings` are rendered from `notices`."""
        return cls(scene, tuple(n.text("en") for n in notices), background, notices)

    @property
    def ignored(self) -> dict[str, tuple[str, ...]]:
        """Return the import report: per part of the file, the field names nobody read.

        The parts are ``scene``, ``walls``, ``tokens``, ``regions``, ``behaviors``, ``shapes``,
        ``difficulties``, ``etl``, ``etl_scene`` (Foundry) and ``file``, ``resolution``,
        ``portals`` (Universal VTT); the same lists are kept in the scene under
        ``x-import.ignored``.
        """
        info = self.scene.extra.get("x-import")
        report = info.get("ignored") if isinstance(info, dict) else None
        if not isinstance(report, dict):
            return {}
        return {part: tuple(names) for part, names in report.items()}

    def messages(self, lang: Lang = "en") -> tuple[str, ...]:
        """Return the warnings in `lang` (en, ru or zh)."""
        if len(self.notices) != len(self.warnings):
            return self.warnings
        return tuple(n.text(lang) for n in self.notices)

    def without(self, key: str) -> ImportResult:
        """Return a copy without the warnings of catalog key `key`."""
        kept = tuple(n for n in self.notices if n.key != key)
        return ImportResult.of(self.scene, kept, self.background)

    def with_background(self, reference: str) -> ImportResult:
        """Return a copy whose scene's `background` is `reference` (a relative path or URL)."""
        scene = dataclasses.replace(self.scene, background=reference)
        return dataclasses.replace(self, scene=scene)

    def embedded(self) -> ImportResult:
        """Return a copy whose scene embeds the background image as a data URL (if any)."""
        if self.background is None:
            return self
        return self.with_background(self.background.data_url())
