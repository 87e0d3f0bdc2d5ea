"""The Crown's cell names, which players type: readable on a phone, where a board shows at
about 340 px wide (large enough, and dark enough on their cell)."""

from __future__ import annotations

from render.api import DRAWINGS
from render.theme import RGB

#: a phone's width for a board picture, and what reads there
PHONE = 340
LEAST_PIXELS = 11  # the font's size, as shown
LEAST_CONTRAST = 4.5  # WCAG's for normal text


def _luminance(colour: RGB) -> float:
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: RGB, b: RGB) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_every_cell_name_reads_at_phone_width() -> None:
    drawing = DRAWINGS["the-crown"]
    shape, size = drawing.shape, drawing.default_size
    shown = PHONE / shape.layout(size).width
    names = shape.cell_marks(size, False, ())
    assert len(names) == len(shape.cells())
    for mark, cell in zip(names, shape.cells(), strict=True):
        assert mark.size * shown >= LEAST_PIXELS, (mark.text, mark.size * shown)
        assert _contrast(mark.ink, shape.colour(cell)) >= LEAST_CONTRAST, mark.text
    # the row numbers and letters along the edges name the cells pieces cover
    for mark in shape.edge_marks(size, False):
        assert mark.size * shown >= LEAST_PIXELS, mark.text
