"""The charts, decoded: their size, and what the pixels show where the data says."""

from __future__ import annotations

import io

from PIL import Image

from render.charts import (
    BOTTOM,
    FIRST_AREA,
    HEIGHT,
    LABEL_SIZE,
    LEFT,
    MARKS,
    PEAK,
    RIGHT,
    SECOND_AREA,
    TOP,
    WIDTH,
    advantage_png,
    rating_png,
)
from render.theme import BACKGROUND, font, mix

SIDES = ("Black", "White")


def _image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size == (WIDTH, HEIGHT)
    return image.convert("RGB")


def _at(ply: float, plies: int, chance: float) -> tuple[int, int]:
    x = LEFT + ply / plies * (WIDTH - LEFT - RIGHT)
    y = HEIGHT - BOTTOM - chance * (HEIGHT - TOP - BOTTOM)
    return round(x), round(y)


def _near(a: object, b: tuple[int, ...], by: int = 24) -> bool:
    assert isinstance(a, tuple)
    return all(abs(p - q) <= by for p, q in zip(a, b, strict=True))


def test_the_advantage_chart_fills_each_sides_share_and_marks_the_judged_moves() -> None:
    # the first side leads for 20 plies, then the second side for 20
    chances = [0.9] * 21 + [0.1] * 20
    png = advantage_png(chances, [(21, "??"), (5, "?!")], SIDES, "Checkers #1")
    assert len(png) <= 30 * 1024
    image = _image(png)
    light, dark = FIRST_AREA, mix((38, 41, 48), SECOND_AREA, 0.5)
    # ply 13: light up to 90%, dark above; ply 33: light only below 10% (off the grid)
    assert _near(image.getpixel(_at(13, 40, 0.45)), light)
    assert _near(image.getpixel(_at(13, 40, 0.97)), dark)
    assert _near(image.getpixel(_at(33, 40, 0.45)), dark)
    assert _near(image.getpixel(_at(33, 40, 0.05)), light)
    # the dots, in their judgement's colour, on the curve
    assert _near(image.getpixel(_at(21, 40, 0.1)), MARKS["??"], 40)
    assert _near(image.getpixel(_at(5, 40, 0.9)), MARKS["?!"], 40)


def test_a_long_game_chart_stays_small() -> None:
    chances = [0.5 + 0.45 * ((-1) ** (n // 3)) * (n % 7) / 7 for n in range(301)]
    marks = [(n, "??" if n % 3 else "?") for n in range(1, 301, 4)]
    assert len(advantage_png(chances, marks, SIDES, "A long game")) <= 30 * 1024


def test_the_rating_chart_marks_the_peak_and_draws_the_deviation_band() -> None:
    ratings = [(1500.0 + 20 * n, 300.0 - 5 * n) for n in range(10)] + [(1600.0, 250.0)]
    png = rating_png(ratings, "alice: Checkers rating")
    assert len(png) <= 30 * 1024
    image = _image(png)
    # the peak is game 10 (1680) of 11: the gold dot is there, its label to its left
    x = LEFT + (10 - 1) / (11 - 1) * (WIDTH - LEFT - RIGHT)
    golden = _golden(image)
    dot = [(px, py) for px, py in golden if abs(px - x) <= 8]
    assert len(dot) > 40
    assert all(px < x for px, _ in golden if abs(px - x) > 8)  # "peak 1680", at its left


def test_a_single_rated_game_still_makes_a_chart() -> None:
    image = _image(rating_png([(1662.0, 580.0)], "bob: The Crown rating"))
    assert _golden(image)  # the one game is the peak


def _golden(image: Image.Image) -> list[tuple[int, int]]:
    return [
        (x, y)
        for y in range(image.height)
        for x in range(image.width)
        if _near(image.getpixel((x, y)), PEAK, 40)
    ]


def test_the_side_names_stay_whole_beside_the_axis() -> None:
    """Three Musketeers' side names are the longest: none is cut at the picture's edge."""
    chances = [0.5, 0.9, 0.1, 0.5]
    image = _image(advantage_png(chances, [], ("the Musketeers", "the enemy"), "Three Musketeers"))
    edge = [image.getpixel((x, y)) for x in range(4) for y in range(HEIGHT)]
    assert all(_near(pixel, BACKGROUND, 12) for pixel in edge)


def test_the_advantage_chart_counts_moves_as_the_record_numbers_them() -> None:
    """The axis is named 'move' (not 'ply'), its ticks numbered in moves."""
    image = _image(advantage_png([0.5] * 41, [], SIDES, "Checkers #1"))
    name = _ink_width(image, (WIDTH - 80, HEIGHT - 20, WIDTH, HEIGHT))
    assert abs(name - font(LABEL_SIZE).getlength("move")) <= 4, name
    # 40 plies: a tick every 10 plies, labelled 5, 10, 15 (moves), not 10, 20, 30
    x, y = _at(10, 40, 0.0)
    tick = _ink_width(image, (x - 20, y + 3, x + 20, y + 22))
    assert abs(tick - font(LABEL_SIZE).getlength("5")) <= 3, tick


def test_the_peak_label_stays_inside_the_chart() -> None:
    """Two games, the peak the last: 'peak 1780' is written whole, to the dot's left."""
    image = _image(rating_png([(1500.0, 350.0), (1780.0, 200.0)], "alice: Checkers rating"))
    dot = WIDTH - RIGHT
    golden = _golden(image)
    assert not [x for x, _ in golden if x > dot + 8]  # nothing runs off to the right
    label = [x for x, _ in golden if x < dot - 10]
    assert max(label) - min(label) >= font(16).getlength("peak 1780") - 6


def _ink_width(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How wide the text in `box` is: the columns holding pixels far from the background."""
    x0, y0, x1, y1 = box
    inked = [
        x
        for x in range(max(x0, 0), min(x1, image.width))
        for y in range(max(y0, 0), min(y1, image.height))
        if not _near(image.getpixel((x, y)), BACKGROUND, 60)
    ]
    return max(inked) - min(inked) + 1 if inked else 0
