"""Colours and fonts shared by every board drawer."""

from __future__ import annotations

import io
from functools import cache
from importlib import resources

from PIL import ImageFont

RGB = tuple[int, int, int]

BACKGROUND: RGB = (38, 41, 48)  # the frame around the board: Discord's dark theme
LABEL: RGB = (196, 200, 208)
STATUS_TEXT: RGB = (236, 238, 242)
STATUS_BAR: RGB = (28, 30, 36)
LAST_MOVE: RGB = (247, 212, 72)  # where the last move landed, mixed into the cell colour
LAST_MOVE_MIX = 0.6
START: RGB = (236, 164, 20)  # the outline of the cell where the last move began
CAPTURED: RGB = (226, 64, 56)  # ring on pieces the last move took or changed; check
CHECK: RGB = (232, 40, 40)  # a piece in check: its cell mixed with this
CHECK_MIX = 0.55
WIN: RGB = (40, 110, 235)  # the line of pieces that won: cells mixed with this, rings
WIN_MIX = 0.45
WIN_RING: RGB = (250, 250, 250)  # round each piece of that line
PATH_LINE: RGB = (240, 190, 40)
GOLD: RGB = (232, 184, 48)
#: a review's board: the move played (a mistake), a solid red arrow, and the move the
#: computer would have played, a dashed green one, both edged in ARROW_EDGE (they read on
#: light and dark squares). Told apart by the dashes, and by tints that stay apart for
#: people who see colours otherwise: red dark, green light (tests/render/
#: test_colour_blindness.py simulates protanopia, deuteranopia and tritanopia)
PLAYED_ARROW: RGB = (210, 40, 40)
BETTER_ARROW: RGB = (60, 210, 170)
ARROW_EDGE: RGB = (24, 24, 28)
GOLD_DARK: RGB = (150, 108, 20)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour a fraction t of the way from a to b."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


#: the font every picture writes with, shipped in render/fonts (its licence beside it): the
#: same on every machine, and it has the letters of every language the bot speaks (Cyrillic,
#: Polish, Portuguese...), which Pillow's bundled font has not (ASCII only)
FONT = "DejaVuSansCondensed.ttf"


@cache
def _font_file() -> bytes:
    return resources.files("render").joinpath("fonts", FONT).read_bytes()


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The pictures' font (FONT) at `size` pixels."""
    return ImageFont.truetype(io.BytesIO(_font_file()), size=size)
