"""What every board picture shares: a cached static layer, highlights, pieces, a status strip,
and a fixed palette so that each frame is quantized and encoded quickly."""

from __future__ import annotations

import itertools
import math
from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from .sprites import Painter, sprite
from .theme import (
    ARROW_EDGE,
    BACKGROUND,
    BETTER_ARROW,
    CAPTURED,
    CHECK,
    CHECK_MIX,
    LAST_MOVE,
    LAST_MOVE_MIX,
    PATH_LINE,
    PLAYED_ARROW,
    RGB,
    START,
    STATUS_BAR,
    STATUS_TEXT,
    WIN,
    WIN_MIX,
    WIN_RING,
    font,
    mix,
)

Point = tuple[float, float]


@dataclass(frozen=True)
class Scene:
    """What to draw: pieces by cell, the last move's cells, marks, and the status line."""

    pieces: dict[int, Painter]
    status: str
    start: tuple[int, ...] = ()  # where the last move began: outlined
    landed: tuple[int, ...] = ()  # every landing of the last move, and its end: filled
    path: tuple[int, ...] = ()  # cells whose centres a line joins (jumps)
    captured: tuple[int, ...] = ()  # cells whose piece the last move took or changed
    jumped: tuple[int, ...] = ()  # cells the last move leapt over, their piece unchanged
    checked: tuple[int, ...] = ()  # a piece in check: its cell red, ringed
    winning: tuple[int, ...] = ()  # the line of pieces that won: joined and ringed
    #: a review's arrows over the board: the cells of the move played and of a better one
    played: tuple[int, ...] = ()
    better: tuple[int, ...] = ()
    flipped: bool = False

    def rings(self) -> tuple[tuple[tuple[int, ...], RGB, bool], ...]:
        """The circles round pieces: (cells, colour, dashed)."""
        return (
            (self.jumped, PATH_LINE, True), (self.captured, CAPTURED, False),
            (self.checked, CAPTURED, False), (self.winning, WIN_RING, False),
        )  # fmt: skip

    def arrows(self) -> tuple[tuple[tuple[int, ...], RGB, bool], ...]:
        """A review's arrows: (the cells the move visits, colour, dashed), the played one
        first, solid; the better one dashed."""
        both = ((self.played, PLAYED_ARROW, False), (self.better, BETTER_ARROW, True))
        return tuple(arrow for arrow in both if len(arrow[0]) > 1)


@dataclass(frozen=True)
class Mark:
    """Text on a board: its anchor point, the text, its font size, its ink, and the anchor as
    Pillow names it ('mm': the middle, 'rm': right end, 'mt': top middle, 'la': top left)."""

    x: float
    y: float
    text: str
    size: int
    ink: RGB
    anchor: str = "mm"


def draw_marks(draw: ImageDraw.ImageDraw, marks: Sequence[Mark]) -> None:
    for m in marks:
        draw.text((m.x, m.y), m.text, font=font(m.size), fill=m.ink, anchor=m.anchor)


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    strip: int  # height of the status strip at the bottom
    piece: int  # sprite size in pixels


class Shape(ABC):
    """A picture's shape: its cells' polygons and colours, and its labels."""

    def __init__(self) -> None:
        self._bases: dict[tuple[int, bool], Image.Image] = {}
        self._tinted: dict[tuple[int, bool, RGB, float], Image.Image] = {}
        self._masks: dict[tuple[int, int, bool], tuple[tuple[int, int, int, int], Image.Image]] = {}
        self._palettes: dict[int, Image.Image] = {}

    @abstractmethod
    def layout(self, size: int) -> Layout: ...

    @abstractmethod
    def cells(self) -> Sequence[int]: ...

    @abstractmethod
    def polygon(self, cell: int, size: int, flipped: bool) -> list[Point]: ...

    @abstractmethod
    def colour(self, cell: int) -> RGB: ...

    @abstractmethod
    def draw_labels(self, draw: ImageDraw.ImageDraw, size: int, flipped: bool) -> None: ...

    def edge_marks(self, size: int, flipped: bool) -> list[Mark]:
        """The coordinates written round the board (none by default)."""
        return []

    def cell_marks(self, size: int, flipped: bool, occupied: Collection[int]) -> list[Mark]:
        """The cells' own labels as text, where they go with pieces on `occupied` (the
        pictures paste them as images: empty_cell_labels, occupied_cell_labels)."""
        return []

    def outline(self, cell: int) -> RGB | None:
        """The line round a cell (None: cells meet without one)."""
        return None

    def emblem(self, size: int, flipped: bool) -> tuple[float, float, float] | None:
        """Where a crown is drawn on the board: its centre and width (None: nowhere)."""
        return None

    def empty_cell_labels(self, size: int, flipped: bool) -> dict[int, tuple[Image.Image, Point]]:
        """Labels drawn only while their cell is empty: a transparent image and where its
        top-left corner goes (none by default)."""
        return {}

    def occupied_cell_labels(
        self, size: int, flipped: bool
    ) -> dict[int, tuple[Image.Image, Point]]:
        """Labels drawn only while a piece stands on their cell, clear of it (none by
        default)."""
        return {}

    def centre(self, cell: int, size: int, flipped: bool) -> Point:
        points = self.polygon(cell, size, flipped)
        return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)

    # --- the static layer and the palette, built once per size ---------------------
    def base(self, size: int, flipped: bool) -> Image.Image:
        key = (size, flipped)
        if key not in self._bases:
            layout = self.layout(size)
            image = Image.new("RGB", (layout.width, layout.height), BACKGROUND)
            draw = ImageDraw.Draw(image)
            for cell in self.cells():
                draw.polygon(self.polygon(cell, size, flipped), fill=self.colour(cell))
            self.draw_labels(draw, size, flipped)
            self._bases[key] = image
        return self._bases[key]

    def tinted(self, size: int, flipped: bool, colour: RGB, amount: float) -> Image.Image:
        """The static layer with every cell mixed with `colour` (labels stay readable)."""
        key = (size, flipped, colour, amount)
        if key not in self._tinted:
            base = self.base(size, flipped)
            self._tinted[key] = Image.blend(base, Image.new("RGB", base.size, colour), amount)
        return self._tinted[key]

    def mask(
        self, cell: int, size: int, flipped: bool
    ) -> tuple[tuple[int, int, int, int], Image.Image]:
        """A cell's bounding box and its shape as a mask over that box."""
        key = (cell, size, flipped)
        if key not in self._masks:
            points = self.polygon(cell, size, flipped)
            left, top = int(min(p[0] for p in points)), int(min(p[1] for p in points))
            right = int(max(p[0] for p in points)) + 2
            bottom = int(max(p[1] for p in points)) + 2
            shape = Image.new("L", (right - left, bottom - top), 0)
            ImageDraw.Draw(shape).polygon([(x - left, y - top) for x, y in points], fill=255)
            self._masks[key] = (left, top, right, bottom), shape
        return self._masks[key]

    def palette(self, size: int, painters: Sequence[Painter]) -> Image.Image:
        """A 256-colour palette fitted to this board's colours, pieces and highlights."""
        if size not in self._palettes:
            layout = self.layout(size)
            base = self.base(size, False)
            p = layout.piece
            plain = sorted({self.colour(c) for c in self.cells()})
            colours = [mix(c, tint, amount) for tint, amount in FILLS for c in plain]
            swatch = Image.new("RGB", (p * len(painters), p * (len(colours) + 1)), BACKGROUND)
            swatch.paste(
                self.tinted(size, False, *FILLS[1]).resize((swatch.width, p)),
                (0, len(colours) * p),
            )
            for row, colour in enumerate(colours):
                for col, painter in enumerate(painters):
                    tile = Image.new("RGB", (p, p), colour)
                    art = sprite(painter, p)
                    tile.paste(art, (0, 0), art)
                    swatch.paste(tile, (col * p, row * p))
            sample = Image.new("RGB", (base.width, base.height + swatch.height), BACKGROUND)
            sample.paste(base, (0, 0))
            sample.paste(swatch, (0, base.height))
            draw = ImageDraw.Draw(sample)
            for i, colour in enumerate(INKS):
                draw.rectangle((i * 32, 0, i * 32 + 31, 31), fill=colour)
            sample.paste(
                status_strip("Black to move · White wins", base.width, layout.strip), (0, 32)
            )
            self._palettes[size] = sample.quantize(256, method=Image.Quantize.MEDIANCUT)
        return self._palettes[size]

    # --- one frame -------------------------------------------------------------
    def render(self, scene: Scene, size: int, painters: Sequence[Painter]) -> Image.Image:
        """The scene as a palette image."""
        layout = self.layout(size)
        flipped = scene.flipped
        image = self.base(size, flipped).copy()
        draw = ImageDraw.Draw(image)
        for cells, (colour, amount) in zip(
            (scene.landed, scene.checked, scene.winning), FILLS[1:], strict=True
        ):
            tinted = self.tinted(size, flipped, colour, amount)
            for cell in cells:
                box, shape = self.mask(cell, size, flipped)
                image.paste(tinted.crop(box), box[:2], shape)
        line = max(3, layout.piece // 10)
        for cell in scene.start:
            draw.polygon(self.inset(cell, size, flipped, line / 2), outline=START, width=line)
        if len(scene.path) > 1:
            points = [self.centre(c, size, flipped) for c in scene.path]
            draw.line(points, fill=PATH_LINE, width=max(2, layout.piece // 12), joint="curve")
        for cell, (label, (x, y)) in self.empty_cell_labels(size, flipped).items():
            if cell not in scene.pieces:
                image.paste(label, (round(x), round(y)), label)
        half = layout.piece // 2
        for cell, painter in scene.pieces.items():
            x, y = self.centre(cell, size, flipped)
            art = sprite(painter, layout.piece)
            image.paste(art, (round(x) - half, round(y) - half), art)
        for cell, (label, (x, y)) in self.occupied_cell_labels(size, flipped).items():
            if cell in scene.pieces:
                image.paste(label, (round(x), round(y)), label)
        for cells, colour, dashed in scene.rings():
            for cell in cells:
                x, y = self.centre(cell, size, flipped)
                ring(draw, x, y, half * 1.02, colour, line, dashed=dashed)
        for cells, colour, dashed in scene.arrows():
            points = [self.centre(c, size, flipped) for c in cells]
            arrow(draw, points, colour, arrow_width(layout), dashed=dashed)
        strip = status_strip(scene.status, layout.width, layout.strip)
        image.paste(strip, (0, layout.height - layout.strip))
        return image.quantize(palette=self.palette(size, painters), dither=Image.Dither.NONE)

    def inset(self, cell: int, size: int, flipped: bool, by: float) -> list[Point]:
        """A cell's polygon moved `by` pixels towards its centre (an outline drawn on it
        stays inside the cell)."""
        cx, cy = self.centre(cell, size, flipped)
        points = self.polygon(cell, size, flipped)
        reach = min(math.dist((cx, cy), p) for p in points)
        k = max(0.0, 1 - by * 2 / reach)  # corners of triangles lie twice as far as edges
        return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in points]


#: the cell fills: none, the last move's end, a piece in check, a winning line
FILLS: tuple[tuple[RGB, float], ...] = (
    ((0, 0, 0), 0.0), (LAST_MOVE, LAST_MOVE_MIX), (CHECK, CHECK_MIX), (WIN, WIN_MIX),
)  # fmt: skip
#: every other colour a picture draws with
INKS = (
    CAPTURED, PATH_LINE, START, WIN_RING, STATUS_BAR, STATUS_TEXT, PLAYED_ARROW, BETTER_ARROW,
    ARROW_EDGE,
)  # fmt: skip


def arrow_width(layout: Layout) -> int:
    """A review arrow's line width on a board of this layout."""
    return max(3, layout.piece // 7)


def arrow_edge(width: int) -> int:
    """How far an arrow's dark edge reaches out beside its colour."""
    return max(1, round(width / 5))


def dash_pattern(width: int) -> tuple[float, float]:
    """A dashed arrow's dash and gap lengths, for a line `width` wide."""
    return width * 1.8, width * 1.3


def dashes(points: Sequence[Point], dash: float, gap: float) -> list[list[Point]]:
    """The polyline through `points` as dashes: `dash` long, `gap` apart, from the first
    point (a dash may turn a corner)."""
    out: list[list[Point]] = []
    current: list[Point] = [points[0]]
    drawing, left = True, dash  # in a dash or a gap, and how much of it is left
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.dist((x0, y0), (x1, y1))
        done = 0.0
        while length - done > left:
            done += left
            t = done / length
            at = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if drawing:
                out.append([*current, at])
            current = [at]
            drawing, left = not drawing, gap if drawing else dash
        left -= length - done
        if drawing:
            current.append((x1, y1))
    if drawing and len(current) > 1:
        out.append(current)
    return out


def arrow_shape(
    points: Sequence[Point], width: int
) -> tuple[list[Point], tuple[Point, Point, Point]]:
    """A line through `points` stopping short of the last, and the arrowhead on it."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = math.dist((x0, y0), (x1, y1)) or 1
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = width * 2.2
    base = (x1 - ux * head, y1 - uy * head)
    wing = (-uy * head * 0.7, ux * head * 0.7)
    tip = ((x1, y1), (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1]))
    return [*points[:-1], base], tip


def arrow(
    draw: ImageDraw.ImageDraw, points: Sequence[Point], colour: RGB, width: int,
    *, dashed: bool = False,
) -> None:  # fmt: skip
    """A line through `points` ending in an arrowhead on the last, edged in ARROW_EDGE;
    dashed: the line in dashes (the head whole)."""
    line, head = arrow_shape(points, width)
    pieces = dashes(line, *dash_pattern(width)) if dashed else [line]
    edge = arrow_edge(width)
    for piece in pieces:  # the edge first, under the colour
        draw.line(piece, fill=ARROW_EDGE, width=width + 2 * edge, joint="curve")
    draw.line([*head, head[0], head[1]], fill=ARROW_EDGE, width=2 * edge, joint="curve")
    for piece in pieces:
        draw.line(piece, fill=colour, width=width, joint="curve")
    draw.polygon(list(head), fill=colour)


def ring(
    draw: ImageDraw.ImageDraw, x: float, y: float, r: float, colour: RGB, width: int,
    *, dashed: bool = False,
) -> None:  # fmt: skip
    """A circle round (x, y); dashed: twelve dashes."""
    box = (x - r, y - r, x + r, y + r)
    if not dashed:
        draw.ellipse(box, outline=colour, width=width)
        return
    for k in range(12):
        draw.arc(box, k * 30, k * 30 + 18, fill=colour, width=width)


def text_label(text: str, size: int, ink: RGB, halo: RGB | None = None) -> Image.Image:
    """`text` in the pictures' font at `size`, on a transparent image that just holds it;
    `halo`: a one-pixel outline of that colour round each letter (it reads on a piece)."""
    face, stroke = font(size), 0 if halo is None else 1
    left, top, right, bottom = face.getbbox(text, stroke_width=stroke)
    label = Image.new("RGBA", (round(right - left) + 2, round(bottom - top) + 2), (0, 0, 0, 0))
    ImageDraw.Draw(label).text(
        (1 - left, 1 - top), text, font=face, fill=ink, stroke_width=stroke, stroke_fill=halo
    )
    return label


@lru_cache(maxsize=512)
def status_strip(text: str, width: int, height: int) -> Image.Image:
    """The status line under the board (text is cached: few distinct lines recur)."""
    strip = Image.new("RGB", (width, height), STATUS_BAR)
    draw = ImageDraw.Draw(strip)
    size = max(10, round(height * 0.5))
    face = font(size)
    while size > 10 and draw.textlength(text, font=face) > width - height:
        size -= 1
        face = font(size)
    draw.text((height / 2, height / 2), text, font=face, fill=STATUS_TEXT, anchor="lm")
    return strip
