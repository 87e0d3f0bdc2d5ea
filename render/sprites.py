"""Piece pictures: drawn 4x larger, then scaled down for smooth edges, and cached."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from PIL import Image, ImageDraw

from .theme import GOLD, GOLD_DARK, RGB, mix

SUPERSAMPLE = 4
Painter = Callable[[ImageDraw.ImageDraw, int], None]


def _disc(draw: ImageDraw.ImageDraw, s: int, fill: RGB, rim: RGB, scale: float = 0.84) -> float:
    """A shaded disc centred in an s x s box; returns its radius."""
    r = s * scale / 2
    c = s / 2
    shadow = mix(rim, (0, 0, 0), 0.5)
    draw.ellipse((c - r, c - r + s * 0.03, c + r, c + r + s * 0.03), fill=shadow)
    draw.ellipse((c - r, c - r, c + r, c + r), fill=rim)
    inner = r * 0.86
    draw.ellipse((c - inner, c - inner, c + inner, c + inner), fill=fill)
    ring = r * 0.62
    draw.ellipse((c - ring, c - ring, c + ring, c + ring), outline=rim, width=max(1, s // 40))
    return r


def crown_outline(
    cx: float, cy: float, w: float
) -> tuple[list[tuple[float, float]], list[tuple[float, float]], float, int]:
    """A crown centred at (cx, cy), w wide: its outline, the centres of its three dots, their
    radius, and the width of its rim."""
    h = w * 0.62
    left, right, top, bottom = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    points = [
        (left, bottom), (left, top + h * 0.2), (left + w * 0.25, top + h * 0.55),
        (cx, top), (right - w * 0.25, top + h * 0.55), (right, top + h * 0.2), (right, bottom),
    ]  # fmt: skip
    dots = [(left, top + h * 0.2), (cx, top), (right, top + h * 0.2)]
    return points, dots, w * 0.09, max(1, round(w / 14))


def crown_mark(draw: ImageDraw.ImageDraw, cx: float, cy: float, w: float) -> None:
    """A small gold crown centred at (cx, cy), w wide."""
    points, dots, dot, rim = crown_outline(cx, cy, w)
    draw.polygon(points, fill=GOLD, outline=GOLD_DARK, width=rim)
    for x, y in dots:
        draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=GOLD, outline=GOLD_DARK)


def _diamond(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    draw.polygon([(cx, cy - r), (cx + r * 0.7, cy), (cx, cy + r), (cx - r * 0.7, cy)], fill=fill)


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    """A four-pointed star (the Musketeers' cross)."""
    k = r * 0.28
    points = [
        (cx, cy - r), (cx + k, cy - k), (cx + r, cy), (cx + k, cy + k),
        (cx, cy + r), (cx - k, cy + k), (cx - r, cy), (cx - k, cy - k),
    ]  # fmt: skip
    draw.polygon(points, fill=fill)


def men_and_kings(
    colours: dict[str, tuple[RGB, RGB]], king_mark: str = "crown"
) -> dict[str, Painter]:
    """Plain discs for each side's letter, and the upper-case letter marked as a king."""
    painters = {}
    for letter, (fill, rim) in colours.items():
        painters[letter] = disc_painter(fill, rim)
        painters[letter.upper()] = disc_painter(fill, rim, king_mark)
    return painters


def disc_painter(
    fill: RGB, rim: RGB, emblem: str = "", scale: float = 0.84, mark: RGB | None = None
) -> Painter:
    """A piece: a disc, with an optional emblem ('crown', 'diamond', 'dot', 'star'), the
    diamond and dot in `mark` (the rim's colour by default)."""
    ink = mark or rim

    def paint(draw: ImageDraw.ImageDraw, s: int) -> None:
        r = _disc(draw, s, fill, rim, scale)
        c = s / 2
        if emblem == "crown":
            crown_mark(draw, c, c, r * 1.05)
        elif emblem == "diamond":
            _diamond(draw, c, c, r * 0.74, ink)
        elif emblem == "dot":
            d = r * 0.22
            draw.ellipse((c - d, c - d, c + d, c + d), fill=ink)
        elif emblem == "star":
            _star(draw, c, c, r * 0.62, GOLD)

    return paint


@cache
def sprite(painter: Painter, size: int) -> Image.Image:
    """The painter's picture as an RGBA image of size x size pixels."""
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    painter(ImageDraw.Draw(image), big)
    return image.resize((size, size), Image.Resampling.LANCZOS)
