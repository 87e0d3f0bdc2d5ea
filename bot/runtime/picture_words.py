"""The words of the pictures (render's status lines, legends, charts' axes) in the language
spoken now. Pictures are drawn in worker processes, and a compiled catalog does not pickle:
what crosses is the locale, and each worker compiles that catalog once, when first used."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import language, translations


@dataclass(frozen=True)
class PictureWords:
    """A language's catalog as render takes it (gettext's calls), pickled as its locale."""

    locale: str

    def gettext(self, message: str, /) -> str:
        return translations(self.locale).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return translations(self.locale).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str, /) -> str:
        return translations(self.locale).pgettext(context, message)


def picture_words() -> PictureWords:
    """The catalog of the language spoken now, for a picture (render's `words=`)."""
    return PictureWords(language())
