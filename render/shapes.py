"""The two board shapes: a grid of squares and The Crown's triangle of triangles."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence

from PIL import Image, ImageDraw

from .canvas import Layout, Mark, Point, Shape, draw_marks, text_label
from .sprites import crown_mark
from .theme import LABEL, RGB, mix


class SquareShape(Shape):
    """cols x rows squares; cell = (rank - 1) * cols + file, rank 1 at the bottom; a1 is dark
    unless `a1_dark` says not; `lines` draws a line round every square (a board of one
    colour)."""

    def __init__(
        self,
        cols: int,
        rows: int,
        light: RGB,
        dark: RGB,
        *,
        edge_labels: bool = True,
        cell_labels: dict[int, str] | None = None,
        piece_scale: float = 0.92,
        label_scale: float = 1.0,
        a1_dark: bool = True,
        lines: RGB | None = None,
    ) -> None:
        super().__init__()
        self.cols, self.rows = cols, rows
        self.light, self.dark = light, dark
        self.dark_parity = 0 if a1_dark else 1
        self.lines = lines
        self.edge_labels = edge_labels
        self.cell_labels = cell_labels or {}
        self.piece_scale = piece_scale
        #: a labelled square's label, its size (a fraction of the square) and how far
        #: towards white its ink is: large in the middle of an empty square, small in the
        #: top-left corner of an occupied one, clear of the piece
        self.empty_label = 0.4 * label_scale, 0.42
        self.occupied_label = 0.25 * label_scale, 0.7
        self._label_cache: dict[tuple[int, bool, bool], dict[int, tuple[Image.Image, Point]]] = {}

    def _square(self, size: int) -> int:
        return size // max(self.cols, self.rows)

    def _margin(self, size: int) -> int:
        """Room for the coordinates on the edges, or a thin frame where there are none."""
        return round(self._square(size) * (0.42 if self.edge_labels else 0.12))

    def layout(self, size: int) -> Layout:
        sq, margin = self._square(size), self._margin(size)
        strip = round(sq * 0.6) if self.rows > 5 else round(sq * 0.4)
        return Layout(
            width=sq * self.cols + 2 * margin,
            height=sq * self.rows + 2 * margin + strip,
            strip=strip,
            piece=round(sq * self.piece_scale),
        )

    def cells(self) -> Sequence[int]:
        return range(self.cols * self.rows)

    def _origin(self, cell: int, size: int, flipped: bool) -> tuple[int, int]:
        sq, margin = self._square(size), self._margin(size)
        file, rank = cell % self.cols, cell // self.cols
        col, row = (self.cols - 1 - file, rank) if flipped else (file, self.rows - 1 - rank)
        return margin + col * sq, margin + row * sq

    def polygon(self, cell: int, size: int, flipped: bool) -> list[Point]:
        x, y = self._origin(cell, size, flipped)
        sq = self._square(size) - 1
        return [(x, y), (x + sq, y), (x + sq, y + sq), (x, y + sq)]

    def colour(self, cell: int) -> RGB:
        file, rank = cell % self.cols, cell // self.cols
        return self.dark if (file + rank) % 2 == self.dark_parity else self.light

    def outline(self, cell: int) -> RGB | None:
        return self.lines

    def edge_marks(self, size: int, flipped: bool) -> list[Mark]:
        if not self.edge_labels:
            return []
        sq, margin = self._square(size), self._margin(size)
        face = max(10, round(margin * 0.72))
        bottom = margin + sq * self.rows + margin / 2
        marks = []
        for f in range(self.cols):
            x, _ = self._origin(f, size, flipped)
            marks.append(Mark(x + sq / 2, bottom, chr(97 + f), face, LABEL))
        for r in range(self.rows):
            _, y = self._origin(r * self.cols, size, flipped)
            marks.append(Mark(margin / 2, y + sq / 2, str(r + 1), face, LABEL))
        return marks

    def draw_labels(self, draw: ImageDraw.ImageDraw, size: int, flipped: bool) -> None:
        if self.lines is not None:
            sq, margin = self._square(size), self._margin(size)
            right, bottom = margin + sq * self.cols, margin + sq * self.rows
            width = max(1, round(sq / 32))
            for f in range(self.cols + 1):
                x = margin + f * sq
                draw.line([(x, margin), (x, bottom)], fill=self.lines, width=width)
            for r in range(self.rows + 1):
                y = margin + r * sq
                draw.line([(margin, y), (right, y)], fill=self.lines, width=width)
        draw_marks(draw, self.edge_marks(size, flipped))

    def cell_marks(self, size: int, flipped: bool, occupied: Collection[int]) -> list[Mark]:
        sq = self._square(size)
        marks = []
        for cell, text in self.cell_labels.items():
            x, y = self._origin(cell, size, flipped)
            if cell in occupied:
                ink = mix(self.colour(cell), (255, 255, 255), self.occupied_label[1])
                face = max(10, round(sq * self.occupied_label[0]))
                marks.append(Mark(x + sq * 0.04, y + sq * 0.03, text, face, ink, "la"))
            else:
                ink = mix(self.colour(cell), (255, 255, 255), self.empty_label[1])
                face = max(10, round(sq * self.empty_label[0]))
                marks.append(Mark(x + sq / 2, y + sq / 2, text, face, ink))
        return marks

    def empty_cell_labels(self, size: int, flipped: bool) -> dict[int, tuple[Image.Image, Point]]:
        """Each labelled empty square's label, large, in its middle."""
        return self._labels(size, flipped, *self.empty_label, centred=True)

    def occupied_cell_labels(
        self, size: int, flipped: bool
    ) -> dict[int, tuple[Image.Image, Point]]:
        """Each labelled square's label in its top-left corner, clear of the piece."""
        return self._labels(size, flipped, *self.occupied_label, centred=False)

    def _labels(
        self, size: int, flipped: bool, scale: float, light: float, *, centred: bool
    ) -> dict[int, tuple[Image.Image, Point]]:
        key = (size, flipped, centred)
        if key not in self._label_cache:
            sq = self._square(size)
            labels = {}
            for cell, text in self.cell_labels.items():
                ink = mix(self.colour(cell), (255, 255, 255), light)
                x, y = self._origin(cell, size, flipped)
                if centred:
                    label = text_label(text, max(10, round(sq * scale)), ink)
                    labels[cell] = label, (x + (sq - label.width) / 2, y + (sq - label.height) / 2)
                else:  # haloed in the square's colour, which reads where a piece comes near
                    label = text_label(text, max(10, round(sq * scale)), ink, self.colour(cell))
                    labels[cell] = label, (x + sq * 0.04 - 1, y + sq * 0.03 - 1)
            self._label_cache[key] = labels
        return self._label_cache[key]


def grid_cell(width: int) -> Callable[[str], int]:
    """Cell name ('c3') -> cell (rank - 1) * width + file, as SquareShape numbers them."""

    def cell(name: str) -> int:
        return (int(name[1:]) - 1) * width + ord(name[0]) - 97

    return cell


SQRT3 = math.sqrt(3)


#: The Crown's triangle as drawn: rows y = 0..6 from the bottom hold 13, 11, ..., 1
#: triangles, i counting from the left (even i point up); cell = y * (14 - y) + i
TRIANGLE_ROWS = 7
TRIANGLE = tuple((y, i) for y in range(TRIANGLE_ROWS) for i in range(13 - 2 * y))


def triangle_index(y: int, i: int) -> int:
    return y * (14 - y) + i


def triangle_cell(name: str) -> int:
    """The triangle a cell name points at: the letter counts the '/' lines from the left,
    the number the half-rows from the bottom (odd numbers point up)."""
    number = int(name[1:]) - 1
    return triangle_index(number // 2, 2 * (ord(name[0]) - 97) + number % 2)


#: The Crown's cell names, which players type, as a fraction of a cell's side (the edges'
#: row numbers and letters too), and how much black darkens their ink from the cell's colour
NAME_SCALE, NAME_INK = 0.27, 0.72


class TriangleShape(Shape):
    """The Crown's 49 triangles; flipped mirrors it left-right (a1 and g1 swap corners).

    Each empty cell shows its name, large, in its middle (a piece would hide it, so it is
    drawn per picture, on empty cells only); the edges carry row numbers on the left and
    letters (the '/' lines) along the bottom, for cells a piece covers.
    """

    def __init__(self, names: Sequence[str], colour_of: Callable[[int], RGB], crown: int) -> None:
        super().__init__()
        self.names = names
        self.colour_of = colour_of
        self.crown = crown
        self._labels: dict[tuple[int, bool], dict[int, tuple[Image.Image, Point]]] = {}

    def empty_cell_labels(self, size: int, flipped: bool) -> dict[int, tuple[Image.Image, Point]]:
        key = (size, flipped)
        if key not in self._labels:
            a = self._side(size)
            labels = {}
            for cell in self.cells():
                label = text_label(self.names[cell], *self._name_style(cell, size))
                cx, cy = self.centre(cell, size, flipped)
                up = TRIANGLE[cell][1] % 2 == 0
                cy += (a * 0.08 if up else -a * 0.08) if cell != self.crown else a * 0.16
                labels[cell] = label, (cx - label.width / 2, cy - label.height / 2)
            self._labels[key] = labels
        return self._labels[key]

    def _side(self, size: int) -> float:
        return size / 7

    def _margins(self, size: int) -> tuple[int, int, int]:
        """(left and right, top, bottom) margins."""
        a = self._side(size)
        return round(a * 0.55), round(a * 0.15), round(a * 0.4)

    def layout(self, size: int) -> Layout:
        a = self._side(size)
        side, top, bottom = self._margins(size)
        strip = round(a * 0.55)
        return Layout(
            width=round(7 * a) + 2 * side,
            height=round(7 * a * SQRT3 / 2) + top + bottom + strip,
            strip=strip,
            piece=round(a * 0.54),
        )

    def cells(self) -> Sequence[int]:
        return range(len(TRIANGLE))

    def polygon(self, cell: int, size: int, flipped: bool) -> list[Point]:
        a = self._side(size)
        side, top_margin, _ = self._margins(size)
        h = a * SQRT3 / 2
        y, i = TRIANGLE[cell]
        left = side + y * a / 2 + (i // 2) * a
        bottom = top_margin + 7 * h - y * h
        top = bottom - h
        if i % 2 == 0:
            points = [(left, bottom), (left + a, bottom), (left + a / 2, top)]
        else:
            points = [(left + a / 2, top), (left + 1.5 * a, top), (left + a, bottom)]
        if flipped:
            width = 2 * side + 7 * a
            points = [(width - x, yy) for x, yy in points]
        return points

    def colour(self, cell: int) -> RGB:
        return self.colour_of(cell)

    def edge_marks(self, size: int, flipped: bool) -> list[Mark]:
        a = self._side(size)
        face = max(10, round(a * NAME_SCALE))
        marks = []
        for y in range(7):
            end = 12 - 2 * y if flipped else 0  # the row's leftmost cell as drawn
            points = self.polygon(triangle_index(y, end), size, flipped)
            x = min(p[0] for p in points) - a * 0.08
            middle = sum(p[1] for p in points) / 3
            text = f"{2 * y + 1}" if y == 6 else f"{2 * y + 1}·{2 * y + 2}"
            marks.append(Mark(x, middle, text, face, LABEL, "rm"))
        for k in range(7):
            points = self.polygon(triangle_index(0, 2 * k), size, flipped)
            x = sum(p[0] for p in points) / 3
            bottom = max(p[1] for p in points)
            marks.append(Mark(x, bottom + a * 0.06, chr(97 + k), face, LABEL, "mt"))
        return marks

    def outline(self, cell: int) -> RGB | None:
        return mix(self.colour(cell), (0, 0, 0), 0.35)

    def emblem(self, size: int, flipped: bool) -> tuple[float, float, float] | None:
        a = self._side(size)
        cx, cy = self.centre(self.crown, size, flipped)
        return cx, cy - a * 0.1, a * 0.3

    def draw_labels(self, draw: ImageDraw.ImageDraw, size: int, flipped: bool) -> None:
        for cell in self.cells():
            points = self.polygon(cell, size, flipped)
            draw.line([*points, points[0]], fill=self.outline(cell), width=1)
        emblem = self.emblem(size, flipped)
        assert emblem is not None
        crown_mark(draw, *emblem)
        draw_marks(draw, self.edge_marks(size, flipped))

    def cell_marks(self, size: int, flipped: bool, occupied: Collection[int]) -> list[Mark]:
        return [
            Mark(
                x + label.width / 2,
                y + label.height / 2,
                self.names[cell],
                *self._name_style(cell, size),
            )
            for cell, (label, (x, y)) in self.empty_cell_labels(size, flipped).items()
            if cell not in occupied
        ]

    def _name_style(self, cell: int, size: int) -> tuple[int, RGB]:
        """A cell name's font size and ink: large and dark, read on a phone's 340 px."""
        ink = mix(self.colour(cell), (0, 0, 0), NAME_INK)
        return max(10, round(self._side(size) * NAME_SCALE)), ink
