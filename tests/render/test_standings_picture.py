"""The standings picture, decoded: at most 25 lines and the reader's own, readable sizes, a
legend of the columns."""

from __future__ import annotations

import io

from PIL import Image

from render.standings import (
    HEAD,
    LEGEND,
    LEGEND_LINE,
    MARGIN,
    MINE,
    ROW,
    SHOWN,
    WIDTH,
    Line,
    standings_png,
)
from render.theme import BACKGROUND


def _lines(count: int) -> list[Line]:
    return [Line(n, f"player {n}", (count - n) / 2, 0.0, 0.0, 1) for n in range(1, count + 1)]


def _rows(png: bytes) -> tuple[Image.Image, int]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.width == WIDTH and len(png) <= 30 * 1024
    return image, (image.height - HEAD - LEGEND_LINE * len(LEGEND)) // ROW


def test_a_small_event_shows_every_line() -> None:
    _, rows = _rows(standings_png("Swiss", _lines(9)))
    assert rows == 9


def test_a_large_event_shows_25_lines_and_then_the_readers_own() -> None:
    image, rows = _rows(standings_png("Swiss", _lines(64), mine=40))
    assert rows == SHOWN + 2  # the gap, then line 40
    y = HEAD + (SHOWN + 1) * ROW + ROW // 2
    assert image.getpixel((WIDTH // 2, y)) == MINE
    _, rows = _rows(standings_png("Swiss", _lines(64), mine=3))
    assert rows == SHOWN  # the reader is among the first 25: nothing added


def test_a_legend_under_the_table_says_what_the_columns_are() -> None:
    """SB, Buchholz and left are explained in lines of text under the last row."""
    image, rows = _rows(standings_png("Swiss", _lines(9)))
    below = range(HEAD + rows * ROW + MARGIN // 2, image.height)
    inked = [y for y in below if any(_inked(image.getpixel((x, y))) for x in range(WIDTH))]
    assert len(inked) >= 8 * len(LEGEND)  # lines of text, each several pixels tall
    assert {(y - below.start) // LEGEND_LINE for y in inked} == set(range(len(LEGEND)))


def _inked(pixel: object) -> bool:
    assert isinstance(pixel, tuple)
    return sum(abs(a - b) for a, b in zip(pixel, BACKGROUND, strict=True)) > 120
