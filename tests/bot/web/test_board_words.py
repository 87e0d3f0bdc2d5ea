"""A board's words for a screen reader (its SVG's aria-label): the position in words, the
same words as a board's alt text on Discord, escaped into the SVG."""

from __future__ import annotations

from bot.web.boardwords import labelled
from render import board_svg
from rules import get_game


def test_the_svg_carries_the_words_escaped() -> None:
    game = get_game("checkers")
    svg = labelled(board_svg("checkers", game.initial_position()), 'say "this" & <that>')
    assert svg.count('role="img"') == 1
    assert 'aria-label="say &quot;this&quot; &amp; &lt;that&gt;"' in svg
