"""The review's colours stay apart for people who see colours otherwise, and its two arrows
differ in shape too: each tint pair a review draws (the move played and the better one on its
boards, the judged moves' dots on its chart) is simulated for protanopia, deuteranopia and
tritanopia, and must stay a clear CIE76 distance apart; in grey, the arrows still differ.

The simulation is Machado, Oliveira and Fernandes's: G. M. Machado, M. M. Oliveira and
L. A. F. Fernandes, "A Physiologically-based Model for Simulation of Color Vision
Deficiency", IEEE Transactions on Visualization and Computer Graphics 15(6), 2009,
pp. 1291-1298: their matrices at severity 1.0 (dichromacy), applied to linear RGB."""

from __future__ import annotations

import io
import itertools
import math

import pytest
from PIL import Image

from render import board_png, board_svg
from render.api import DRAWINGS
from render.charts import MARKS
from render.theme import ARROW_EDGE, BETTER_ARROW, PLAYED_ARROW, RGB
from rules import get_game

Matrix = tuple[tuple[float, float, float], ...]

#: Machado et al. 2009, table of simulation matrices, severity 1.0
MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
#: how far apart (CIE76 ΔE) two tints that mean different things must stay, as seen with
#: each deficiency: 20 is plainly different side by side (2.3 is barely noticeable)
LEAST_DISTANCE = 20

#: the tints a review tells apart
PAIRS = {
    "arrows": (PLAYED_ARROW, BETTER_ARROW),
    **{f"dots {a} {b}": (MARKS[a], MARKS[b]) for a, b in itertools.combinations(MARKS, 2)},
}


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _simulated(colour: RGB, matrix: Matrix) -> tuple[float, float, float]:
    """The colour as seen with the deficiency: linear RGB, clipped to the gamut."""
    rgb = [_linear(c) for c in colour]
    r, g, b = (
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix
    )
    return r, g, b


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear sRGB -> CIELAB (D65)."""
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _distance(a: RGB, b: RGB, matrix: Matrix) -> float:
    return math.dist(_lab(_simulated(a, matrix)), _lab(_simulated(b, matrix)))


def test_the_simulation_keeps_grey_and_confuses_red_with_green() -> None:
    """The matrices as the paper gives them: greys stay grey, and the old review's red and
    green (226, 64, 56) / (60, 190, 90) came out close for deuteranopia."""
    for matrix in MACHADO.values():
        grey = _simulated((128, 128, 128), matrix)
        assert max(grey) - min(grey) < 0.01
    assert _distance((226, 64, 56), (60, 190, 90), MACHADO["deuteranopia"]) < LEAST_DISTANCE


@pytest.mark.parametrize("deficiency", MACHADO)
@pytest.mark.parametrize("pair", PAIRS)
def test_the_review_tints_stay_apart(deficiency: str, pair: str) -> None:
    a, b = PAIRS[pair]
    assert _distance(a, b, MACHADO[deficiency]) >= LEAST_DISTANCE


def _grey(colour: RGB) -> float:
    """Pillow's grey (ITU-R 601-2 luma), as convert('L') makes it."""
    r, g, b = colour
    return (r * 299 + g * 587 + b * 114) / 1000


def test_in_grey_the_arrows_differ_in_lightness_and_the_better_one_is_dashed() -> None:
    """A review board in grey: the played arrow's shaft is one dark grey all along; the
    better one's is much lighter, and broken by gaps (its dashes)."""
    assert abs(_grey(PLAYED_ARROW) - _grey(BETTER_ARROW)) >= 50
    game, drawing = get_game("checkers"), DRAWINGS["checkers"]
    png = board_png("checkers", game.initial_position(), played="11-15", better="9-14")
    grey = Image.open(io.BytesIO(png)).convert("L")
    shape, size = drawing.shape, drawing.default_size
    cell_of = drawing.cell_of

    def shaft(start: str, end: str) -> list[int]:
        """The grey levels along the arrow's line, from its start to its head."""
        (x0, y0), (x1, y1) = (shape.centre(cell_of(c), size, False) for c in (start, end))
        levels = grey.tobytes()  # one byte a pixel
        steps = [k / 40 for k in range(4, 24)]  # short of the head
        return [
            levels[round(y0 + (y1 - y0) * t) * grey.width + round(x0 + (x1 - x0) * t)]
            for t in steps
        ]

    played, better = shaft("11", "15"), shaft("9", "14")
    assert all(abs(level - _grey(PLAYED_ARROW)) <= 8 for level in played), played
    on = [level for level in better if abs(level - _grey(BETTER_ARROW)) <= 8]
    off = [level for level in better if abs(level - _grey(BETTER_ARROW)) > 30]
    assert len(on) >= 5 and len(off) >= 3, better  # dashes and gaps


def test_the_web_board_dashes_the_better_arrow_too() -> None:
    """The SVG draws the arrows as the PNG does: edged, the better one dashed (its edge and
    its colour), the played one whole."""
    game = get_game("checkers")
    svg = board_svg("checkers", game.initial_position(), played="11-15", better="9-14")
    lines = [part for part in svg.split("<") if part.startswith("polyline")]
    hexed = "#{:02x}{:02x}{:02x}".format
    better = [line for line in lines if hexed(*BETTER_ARROW) in line]
    played = [line for line in lines if hexed(*PLAYED_ARROW) in line]
    assert len(better) == len(played) == 1
    assert "stroke-dasharray" in better[0] and "stroke-dasharray" not in played[0]
    edges = [line for line in lines if hexed(*ARROW_EDGE) in line]
    assert len(edges) == 2 and sum("stroke-dasharray" in line for line in edges) == 1
