"""The words on the pictures come from the caller's catalog (the pictures read none), and the
pictures' font has the letters of every language the bot speaks."""

from __future__ import annotations

import io
from collections.abc import Mapping

import pytest
from PIL import Image, ImageDraw

from render import board_png, game_gif, legend
from render.api import board_scene
from render.charts import advantage_png, rating_png
from render.standings import Line, standings_png
from render.theme import font
from rules import GAMES, GameRecord, get_game


class Catalog:
    """A catalog of a few words (the others stay English), as gettext's translations are."""

    def __init__(self, words: Mapping[str, str]) -> None:
        self.words = words
        self.asked: list[str] = []

    def gettext(self, message: str, /) -> str:
        self.asked.append(message)
        return self.words.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return self.gettext(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str, /) -> str:
        return self.gettext(message)


RUSSIAN = Catalog(
    {
        "White": "Белые",
        "Black": "Чёрные",
        "{side} to move": "{side}: ход",
        "{side} {count}": "{side}: {count}",
        "Start": "Начало",
        "Pieces: {legend}.": "Фигуры: {legend}.",
        "dark discs = Black, light discs = White, a crown = a king": "тёмные — чёрные",
        "{n} enemy pieces left": "врагов осталось: {n}",
    }
)


def test_the_status_line_is_in_the_catalogs_language() -> None:
    game = get_game("checkers")
    _, scene = board_scene("checkers", game.initial_position(), words=RUSSIAN)
    assert scene.status == "Чёрные: ход · Чёрные: 12 · Белые: 12"
    _, scene = board_scene("checkers", game.initial_position())
    assert scene.status == "Black to move · Black 12 · White 12"  # English by default
    _, scene = board_scene(
        "three-musketeers", get_game("three-musketeers").initial_position(), words=RUSSIAN
    )
    assert scene.status.endswith("врагов осталось: 22")


def test_the_legend_and_the_replays_first_caption_are_translated() -> None:
    assert legend("checkers", RUSSIAN) == "Фигуры: тёмные — чёрные."
    assert (
        legend("checkers") == "Pieces: dark discs = Black, light discs = White, a crown = a king."
    )
    record = GameRecord.replay(get_game("checkers"), ["11-15"])
    catalog = Catalog(RUSSIAN.words)
    game_gif("checkers", record.positions, record.moves, words=catalog)
    assert "Start" in catalog.asked and "{side} to move" in catalog.asked


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_games_words_are_asked_of_the_catalog(game_id: str) -> None:
    """Nothing on a board is worded past the catalog: each game's status line asks it."""
    catalog = Catalog({})
    game = get_game(game_id)
    board_png(game_id, game.initial_position(), words=catalog)
    assert catalog.asked
    legend(game_id, catalog)
    assert "Pieces: {legend}." in catalog.asked


#: every letter of the bot's languages (Russian, Polish, Portuguese, Spanish, French,
#: German), and the signs the pictures and their words use
LETTERS = (
    "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя"
    "ĄĆĘŁŃÓŚŹŻąćęłńóśźż" "ÀÁÂÃÇÉÊÍÓÔÕÚàáâãçéêíóôõú" "ÑñÜü¿¡" "ÈËÎÏÙÛŸŒÆèëîïùûÿœæ"
    "ÄÖäößẞ" "«»„“”\u2018\u2019–—…·½±№"
)  # fmt: skip


def test_the_font_has_every_letter_the_languages_need() -> None:
    face = font(24)

    def drawn(text: str) -> bytes:
        image = Image.new("L", (40, 40))
        ImageDraw.Draw(image).text((6, 4), text, font=face, fill=255)
        return image.tobytes()

    missing = drawn("\U0010fffd")  # the box a font draws for a letter it has not
    assert not [c for c in LETTERS if drawn(c) == missing]
    assert drawn("\u0e01") == missing  # (Thai, which the bot does not speak: the check works)


def test_words_in_other_languages_are_drawn_on_the_pictures() -> None:
    """A chart, a standings picture and a board caption in Cyrillic, Polish and Portuguese:
    each is drawn (its text inked where it goes)."""
    chart = advantage_png([0.5, 0.6, 0.4], [], ("Белые", "Чёрные"), "Шашки · Warcaby żółć")
    rating = rating_png(
        [(1500.0, 100.0), (1520.0, 90.0)], "Damas ç ã", Catalog({"rated games": "партии"})
    )
    table = standings_png("Турнир", [Line(1, "Żółć", "2,5", "1,25", "3", 0)], words=RUSSIAN)
    board = board_png("checkers", get_game("checkers").initial_position(), caption="Шашки")
    for png in (chart, rating, table, board):
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG"
