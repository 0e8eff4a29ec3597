"""What footfall's library says on stderr beside an answer, and in which language.

The library prints almost nothing of its own: one line when a kernel module compiled ahead of
time fails to load (`footfall.aot`), and, only when asked (`jit_hint`), one line when a search
must start numba's JIT because no kernel module is built: the first such search of a fresh
install compiles for several seconds (docs/benchmarks.md, issue 15 item 7), and the line says
that ``footfall warm-up`` compiles them once. The command line (`footfall.cli.main`) sets
`lang` to its ``--lang`` (else FOOTFALL_LANG or the locale) and turns `jit_hint` on for the
command it runs; a program using the library keeps the defaults: English, no hint.

This module imports nothing, so that setting it costs the command line's start-up nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from footfall.i18n import Lang

__all__ = ["jit_hint", "lang"]

#: The language of the library's stderr lines.
lang: Lang = "en"
#: Whether a search that starts numba's JIT for want of a built kernel module says so, once
#: per module and process.
jit_hint: bool = False
