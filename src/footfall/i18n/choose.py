"""Choose the user's language: the command line's environment, an HTTP request's header.

The CLI: ``--lang`` when given; else ``FOOTFALL_LANG`` (en, ru or zh; anything else is refused,
it is footfall's own setting); else the locale, ``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``
(POSIX order: the first one set wins; ``ru_RU.UTF-8`` is ru, ``zh_CN`` / ``zh_TW`` zh, any other
locale en). The API: the request's ``lang`` field or query parameter; else the
``Accept-Language`` header's best language footfall speaks; else en.
"""

from __future__ import annotations

from collections.abc import Mapping

from footfall.errors import Param, unknown
from footfall.i18n import LANGS, Lang

__all__ = ["accept_language", "environment_lang", "locale_lang"]

#: The locale variables, in the order POSIX gives them precedence.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def locale_lang(locale: str) -> Lang | None:
    """Return the language of a POSIX locale name, or None when footfall does not speak it.

    >>> locale_lang("ru_RU.UTF-8"), locale_lang("zh_CN.GB18030"), locale_lang("C"), locale_lang("")
    ('ru', 'zh', 'en', None)
    >>> locale_lang("de_DE.UTF-8")
    'en'
    """
    if not locale:
        return None
    code = locale.split(".", 1)[0].split("@", 1)[0].split("_", 1)[0].lower()
    for lang in LANGS:
        if code == lang:
            return lang
    return "en"


def environment_lang(environ: Mapping[str, str]) -> Lang:
    """Return the CLI's language when ``--lang`` is absent: FOOTFALL_LANG, then the locale.

    >>> environment_lang({"FOOTFALL_LANG": "zh", "LANG": "ru_RU.UTF-8"})
    'zh'
    >>> environment_lang({"LC_ALL": "", "LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"})
    'ru'
    >>> environment_lang({})
    'en'
    """
    chosen = environ.get("FOOTFALL_LANG", "")
    if chosen:
        for lang in LANGS:
            if chosen == lang:
                return lang
        raise unknown("language", chosen, LANGS, param=Param("FOOTFALL_LANG"))
    for variable in LOCALE_VARIABLES:
        found = locale_lang(environ.get(variable, ""))
        if found is not None:
            return found
    return "en"


def accept_language(header: str) -> Lang | None:
    """Return the best language of an ``Accept-Language`` header footfall speaks, or None.

    >>> accept_language("de-DE, ru;q=0.8, en;q=0.5")
    'ru'
    >>> accept_language("zh-CN,zh;q=0.9"), accept_language("fr"), accept_language("")
    ('zh', None, None)
    """
    best: tuple[float, int, Lang] | None = None
    for order, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                weight = float(params[2:])
            except ValueError:
                continue
        code = tag.strip().split("-", 1)[0].lower()
        for lang in LANGS:
            if code == lang and weight > 0 and (best is None or (-weight, order) < best[:2]):
                best = (-weight, order, lang)
    return None if best is None else best[2]
