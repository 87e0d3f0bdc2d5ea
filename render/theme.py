"""Colours and fonts shared by every board drawer."""

from __future__ import annotations

from functools import cache

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
PLAYED_ARROW: RGB = (226, 64, 56)  # a review's board: the move played, a mistake
BETTER_ARROW: RGB = (60, 190, 90)  # and the move the computer would have played
GOLD_DARK: RGB = (150, 108, 20)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour a fraction t of the way from a to b."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font: the same on every machine, no font file needed."""
    return ImageFont.load_default(size=size)
