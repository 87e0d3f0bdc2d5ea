"""Line charts as small PNGs, drawn with Pillow: a game's advantage over its moves (the
review's graph) and a player's rating over their rated games. Drawn at three times the size
and scaled down, so lines and dots are smooth; saved with a palette, so a chart is a few KB."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from rules import GAMES

from .theme import BACKGROUND, LABEL, RGB, STATUS_TEXT, font, mix
from .words import ENGLISH, Words

#: drawn this many times larger, then scaled down (anti-aliasing)
SUPERSAMPLE = 2
#: read on a phone at about 400 px wide: the labels stay 8 px tall or more there
WIDTH, HEIGHT = 640, 300
LABEL_SIZE = 15
#: the left margin holds the advantage chart's side names, the longest ("the Musketeers")
#: whole, beside the axis
LEFT = 16 + max(
    math.ceil(font(LABEL_SIZE * SUPERSAMPLE).getlength(game.side_name(side)) / SUPERSAMPLE)
    for game in GAMES.values()
    for side in game.sides
)
RIGHT, TOP, BOTTOM = 16, 44, 38
GRID: RGB = (70, 74, 84)
FIRST_AREA: RGB = (226, 228, 232)  # the first side's share of the advantage graph
SECOND_AREA: RGB = (24, 26, 30)
CURVE: RGB = (120, 170, 255)
BAND: RGB = (64, 84, 124)
PEAK: RGB = (247, 212, 72)
#: the judged moves' dots, by mark: lighter to darker and larger as the mistake is worse, so
#: that they stay apart for people who see colours otherwise (tests/render/
#: test_colour_blindness.py)
MARKS: dict[str, RGB] = {"?!": (250, 226, 110), "?": (236, 136, 32), "??": (176, 24, 48)}
MARK_RADIUS = {"?!": 5, "?": 6, "??": 7}


@dataclass(frozen=True)
class Frame:
    """Where values land on the chart: x from x0 to x1, y from y0 (bottom) to y1 (top)."""

    x0: float
    x1: float
    y0: float
    y1: float

    def at(self, x: float, y: float) -> tuple[float, float]:
        """The point's pixel on the large drawing."""
        s = SUPERSAMPLE
        span_x = (self.x1 - self.x0) or 1
        span_y = (self.y1 - self.y0) or 1
        px = LEFT + (x - self.x0) / span_x * (WIDTH - LEFT - RIGHT)
        py = HEIGHT - BOTTOM - (y - self.y0) / span_y * (HEIGHT - TOP - BOTTOM)
        return px * s, py * s


def _canvas(title: str) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    s = SUPERSAMPLE
    image = Image.new("RGB", (WIDTH * s, HEIGHT * s), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((LEFT * s, 12 * s), title, fill=STATUS_TEXT, font=font(20 * s))
    return image, draw


def _label(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, anchor: str,
    room: float | None = None,
) -> None:  # fmt: skip
    """A label; with `room` (pixels of the large drawing), made smaller until it fits in
    it (a side's name in another language may be longer than the margin made for English)."""
    size = LABEL_SIZE * SUPERSAMPLE
    while room is not None and size > 9 * SUPERSAMPLE and font(size).getlength(text) > room:
        size -= 1
    draw.text(xy, text, fill=LABEL, font=font(size), anchor=anchor)


def _x_ticks(draw: ImageDraw.ImageDraw, frame: Frame, step: int, name: str, per: int = 1) -> None:
    """Vertical grid lines every `step` along x, labelled below with the value divided by
    `per` (plies counted in moves: 2); `name` at the right end."""
    s = SUPERSAMPLE
    value = step
    while value < frame.x1:
        x, bottom = frame.at(value, frame.y0)
        draw.line([(x, TOP * s), (x, bottom)], fill=GRID, width=s)
        _label(draw, (x, bottom + 5 * s), str(value // per), "mt")
        value += step
    _label(draw, ((WIDTH - RIGHT) * s, (HEIGHT - 4) * s), name, "rd")


def _tick_step(span: float, most: int = 8) -> int:
    """A round step giving at most `most` ticks over `span`."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= most:
            return step
    return 2000


def _png(image: Image.Image) -> bytes:
    small = image.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    small.quantize(colors=96, method=Image.Quantize.FASTOCTREE).save(out, "PNG")
    return out.getvalue()


def advantage_png(
    chances: Sequence[float],
    marks: Sequence[tuple[int, str]],
    sides: tuple[str, str],
    title: str,
    words: Words = ENGLISH,
) -> bytes:
    """The first side's chance to win after each ply (`chances[0]`: the start), light above
    the middle line for the first side and dark below for the second; `marks`: (ply, mark)
    of the judged moves, dotted on the curve. The axis counts moves as a record numbers
    them: the line of move n stands after the second side's n-th move. `sides` and `title`
    come worded; the axis's words in `words`' language."""
    _ = words.gettext
    image, draw = _canvas(title)
    s = SUPERSAMPLE
    plies = max(len(chances) - 1, 1)
    frame = Frame(0, plies, 0.0, 1.0)
    points = [frame.at(ply, chance) for ply, chance in enumerate(chances)]
    left, middle = frame.at(0, 0.5)
    right = frame.at(plies, 0.5)[0]
    top, bottom = frame.at(0, 1.0)[1], frame.at(0, 0.0)[1]
    draw.rectangle([left, top, right, bottom], fill=mix(BACKGROUND, SECOND_AREA, 0.5))
    # the first side's area: between the curve and the bottom, over the dark
    draw.polygon([(left, bottom), *points, (points[-1][0], bottom)], fill=FIRST_AREA)
    draw.line([(left, middle), (right, middle)], fill=GRID, width=s)
    # i18n: a chart's axis: the moves of a game, numbered under it
    _x_ticks(draw, frame, _tick_step(plies / 2) * 2, _("move"), per=2)
    draw.line(points, fill=CURVE, width=2 * s, joint="curve")
    for ply, mark in marks:
        if 0 <= ply < len(points) and mark in MARKS:
            x, y = points[ply]
            r = MARK_RADIUS[mark] * s
            draw.ellipse([x - r, y - r, x + r, y + r], fill=MARKS[mark], outline=BACKGROUND)
    room = (LEFT - 10) * s
    _label(draw, ((LEFT - 6) * s, top), sides[0], "rt", room)
    _label(draw, ((LEFT - 6) * s, bottom), sides[1], "rb", room)
    # i18n: a chart's middle line: an even chance to win
    _label(draw, ((LEFT - 6) * s, middle), _("50%"), "rm")
    return _png(image)


def rating_png(ratings: Sequence[tuple[float, float]], title: str, words: Words = ENGLISH) -> bytes:
    """A rating after each rated game (`ratings`: (rating, deviation), oldest first), with
    the deviation as a band either side, and the peak marked; `title` comes worded, the
    axis's words in `words`' language."""
    _ = words.gettext
    image, draw = _canvas(title)
    s = SUPERSAMPLE
    values = [rating for rating, _deviation in ratings] or [1500.0]
    low = min(r - d for r, d in ratings) if ratings else 1400.0
    high = max(r + d for r, d in ratings) if ratings else 1600.0
    step = _tick_step(high - low, 6)
    # game n (from 1) at x = n
    frame = Frame(1, max(len(values), 2), low // step * step, (high // step + 1) * step)
    value = frame.y0
    while value <= frame.y1:
        x, y = frame.at(frame.x0, value)
        draw.line([(x, y), (frame.at(frame.x1, value)[0], y)], fill=GRID, width=s)
        _label(draw, (x - 6 * s, y), f"{value:.0f}", "rm")
        value += step
    upper = [frame.at(n, r + d) for n, (r, d) in enumerate(ratings, 1)]
    lower = [frame.at(n, r - d) for n, (r, d) in enumerate(ratings, 1)]
    if len(ratings) > 1:
        draw.polygon([*upper, *reversed(lower)], fill=BAND)
        draw.line([frame.at(n, r) for n, r in enumerate(values, 1)], fill=CURVE, width=2 * s)
    # i18n: a chart's axis: a player's rated games, numbered under it
    _x_ticks(draw, frame, max(_tick_step(frame.x1), 1), _("rated games"))
    peak = max(range(len(values)), key=lambda i: (values[i], i))
    x, y = frame.at(peak + 1, values[peak])
    r = 6 * s
    draw.ellipse([x - r, y - r, x + r, y + r], fill=PEAK, outline=BACKGROUND, width=s)
    anchor = "rb" if x > (LEFT + WIDTH - RIGHT) / 2 * s else "lb"  # the side with room
    shift = -8 * s if anchor == "rb" else 8 * s
    # i18n: on a rating chart: the highest rating reached ("peak 1780")
    highest = _("peak {rating}").format(rating=f"{values[peak]:.0f}")
    draw.text((x + shift, y - 6 * s), highest, fill=PEAK, font=font(16 * s), anchor=anchor)
    return _png(image)
