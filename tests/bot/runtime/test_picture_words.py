"""The pictures' words cross to the worker processes: the catalog pickles as its locale and
translates as the bot's own does."""

from __future__ import annotations

import pickle

from bot.i18n import speaking, translations
from bot.runtime.picture_words import PictureWords, picture_words
from render import board_png
from rules import get_game


def test_the_words_are_the_language_spoken_and_pickle_as_its_locale() -> None:
    with speaking("ru"):
        words = picture_words()
    assert words == PictureWords("ru")
    assert pickle.loads(pickle.dumps(words)) == words
    assert len(pickle.dumps(words)) < 200  # the locale, not the catalog


def test_they_translate_as_the_catalog_does() -> None:
    words, catalog = PictureWords("de"), translations("de")
    assert words.gettext("White") == catalog.gettext("White")
    for n in (1, 2, 5):
        assert words.ngettext("{n} move", "{n} moves", n) == catalog.ngettext(
            "{n} move", "{n} moves", n
        )
    assert words.pgettext("the start of a game", "Start") == catalog.pgettext(
        "the start of a game", "Start"
    )


def test_a_picture_takes_them() -> None:
    game = get_game("the-crown")
    png = board_png(game.id, game.initial_position(), words=PictureWords("pl"))
    assert png.startswith(b"\x89PNG")
