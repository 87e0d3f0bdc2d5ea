"""The charts, decoded: their size, and what the pixels show where the data says."""

from __future__ import annotations

import io

from PIL import Image

from render.charts import (
    BOTTOM,
    FIRST_AREA,
    HEIGHT,
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
from render.theme import mix

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
