"""The words the pictures draw, in the caller's language: the pictures read no catalog, so
every function that draws words takes `words`, the bot's catalog of the language spoken (any
object with gettext's `gettext`, `ngettext` and `pgettext`; English by default). It is also
what the rules word the status line with. Pictures are drawn in worker processes: the bot
passes a catalog that pickles.

Texts made at import time are marked `N_` (for the catalogs' extractor) and translated where
drawn; the others are written `_("...")` with `_ = words.gettext` (and `ngettext`,
`pgettext` likewise), which the extractor reads. The render package lists no messages of its
own: tools/messages.py extracts them from its files."""

from __future__ import annotations

import gettext
from typing import Protocol

__all__ = ["ENGLISH", "N_", "Words"]


class Words(Protocol):
    """A catalog, as gettext's translations are (the rules' Translations, and pgettext)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...


#: English: the message ids themselves
ENGLISH: Words = gettext.NullTranslations()


def N_(message: str) -> str:
    """Marks a text for the catalogs; it is translated where it is drawn."""
    return message
