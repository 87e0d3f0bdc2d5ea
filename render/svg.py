"""A board as SVG, for the web pages: the PNG's own shapes, colours, marks and piece pictures
(board_scene and the game's Drawing), drawn by the browser at whatever width it has."""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Callable, Sequence
from functools import cache
from html import escape
from typing import Any

from .api import DRAWINGS, board_scene
from .canvas import FILLS, Mark, Point, arrow_edge, arrow_shape, arrow_width, dash_pattern
from .sprites import crown_outline, sprite
from .theme import (
    ARROW_EDGE,
    BACKGROUND,
    GOLD,
    GOLD_DARK,
    PATH_LINE,
    RGB,
    START,
    mix,
)

#: a piece's picture is sent at twice its size on the board, for screens that double pixels
PIECE_SCALE = 2
#: Pillow's anchors (horizontal, vertical letter) as SVG's text-anchor and baseline
H_ANCHOR = {"l": "start", "m": "middle", "r": "end"}
V_ANCHOR = {"m": "central", "t": "text-before-edge", "a": "text-before-edge", "s": "auto"}


def piece_png(game_id: str, letter: str) -> bytes:
    """The picture of one piece (its letter as Game.pieces gives it) as the SVG shows it."""
    return _piece_png(game_id, letter)


@cache
def _piece_png(game_id: str, letter: str) -> bytes:
    drawing = DRAWINGS[game_id]
    size = drawing.shape.layout(drawing.default_size).piece * PIECE_SCALE
    out = io.BytesIO()
    sprite(drawing.painters[letter], size).save(out, "PNG", optimize=True)
    return out.getvalue()


def inline_piece(game_id: str, letter: str) -> str:
    """A piece's picture as a data: address (an SVG that stands alone)."""
    return "data:image/png;base64," + base64.b64encode(piece_png(game_id, letter)).decode()


def board_svg(
    game_id: str,
    position: Any,
    *,
    piece_href: Callable[[str, str], str] = inline_piece,
    **options: Any,
) -> str:
    """The board as an SVG document (no status line: the page says it). `piece_href(game,
    letter)` gives the address of each piece's picture (default: inlined). Options: as
    board_image takes them."""
    drawing, scene = board_scene(game_id, position, **options)
    game_id = drawing.game_id  # the pieces are the game's, whatever house rule it is played by
    shape, size, flipped = drawing.shape, drawing.default_size, scene.flipped
    layout = shape.layout(size)
    height = layout.height - layout.strip
    letters = {painter: letter for letter, painter in drawing.painters.items()}
    tints = dict(zip((*scene.landed, *scene.checked, *scene.winning), _fills(scene), strict=True))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {layout.width} {height}" '
        f'class="board" role="img" font-family="sans-serif">',
        f'<rect width="{layout.width}" height="{height}" fill="{_hex(BACKGROUND)}"/>',
    ]
    for cell in shape.cells():
        colour = shape.colour(cell)
        if cell in tints:
            colour = mix(colour, *tints[cell])
        edge = shape.outline(cell)
        stroke = f' stroke="{_hex(edge)}"' if edge is not None else ""
        out.append(
            f'<polygon points="{_points(shape.polygon(cell, size, flipped))}" '
            f'fill="{_hex(colour)}"{stroke}/>'
        )
    out += map(_text, shape.edge_marks(size, flipped))
    emblem = shape.emblem(size, flipped)
    if emblem is not None:
        out.append(_crown(*emblem))
    line = max(3, layout.piece // 10)
    for cell in scene.start:
        out.append(
            f'<polygon points="{_points(shape.inset(cell, size, flipped, line / 2))}" '
            f'fill="none" stroke="{_hex(START)}" stroke-width="{line}"/>'
        )
    if len(scene.path) > 1:
        path = [shape.centre(c, size, flipped) for c in scene.path]
        out.append(_line(path, PATH_LINE, max(2, layout.piece // 12)))
    out += map(_text, shape.cell_marks(size, flipped, scene.pieces.keys()))
    half = layout.piece / 2
    shown = sorted({letters[painter] for painter in scene.pieces.values()})
    out.append("<defs>")
    for letter in shown:  # each piece's picture once, used wherever that piece stands
        out.append(
            f'<image id="{game_id}-{letter}" href="{escape(piece_href(game_id, letter))}" '
            f'width="{layout.piece}" height="{layout.piece}"/>'
        )
    out.append("</defs>")
    for cell, painter in scene.pieces.items():
        x, y = shape.centre(cell, size, flipped)
        out.append(
            f'<use href="#{game_id}-{letters[painter]}" x="{x - half:.1f}" y="{y - half:.1f}"/>'
        )
    for cells, colour, dashed in scene.rings():
        for cell in cells:
            x, y = shape.centre(cell, size, flipped)
            out.append(_ring(x, y, half * 1.02, colour, line, dashed))
    for cells, colour, dashed in scene.arrows():
        width = arrow_width(layout)
        body, head = arrow_shape([shape.centre(c, size, flipped) for c in cells], width)
        rim = arrow_edge(width)
        dash = dash_pattern(width) if dashed else None
        out.append(_line(body, ARROW_EDGE, width + 2 * rim, dash))
        out.append(
            f'<polygon points="{_points(head)}" fill="{_hex(colour)}" '
            f'stroke="{_hex(ARROW_EDGE)}" stroke-width="{2 * rim}" stroke-linejoin="round"/>'
        )
        out.append(_line(body, colour, width, dash))
    out.append("</svg>")
    return "".join(out)


def _fills(scene: Any) -> list[tuple[RGB, float]]:
    """The tint of each cell the scene fills, in the order landed, checked, winning."""
    groups = (scene.landed, scene.checked, scene.winning)
    return [fill for cells, fill in zip(groups, FILLS[1:], strict=True) for _ in cells]


def _hex(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _points(points: Sequence[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _text(mark: Mark) -> str:
    anchor = H_ANCHOR[mark.anchor[0]]
    baseline = V_ANCHOR[mark.anchor[1]]
    return (
        f'<text x="{mark.x:.1f}" y="{mark.y:.1f}" font-size="{mark.size}" '
        f'fill="{_hex(mark.ink)}" text-anchor="{anchor}" dominant-baseline="{baseline}">'
        f"{escape(mark.text)}</text>"
    )


def _line(
    points: Sequence[Point], colour: RGB, width: int, dash: tuple[float, float] | None = None
) -> str:
    """A polyline; `dash`: (dash, gap) lengths, flat-ended, as the picture draws them."""
    ends = 'stroke-linecap="round"'
    if dash is not None:
        ends = 'stroke-linecap="butt" stroke-dasharray="{:.1f} {:.1f}"'.format(*dash)
    return (
        f'<polyline points="{_points(points)}" fill="none" stroke="{_hex(colour)}" '
        f'stroke-width="{width}" {ends} stroke-linejoin="round"/>'
    )


def _ring(x: float, y: float, r: float, colour: RGB, width: int, dashed: bool) -> str:
    """A circle; dashed: twelve dashes, as the picture draws them."""
    dash = ""
    if dashed:
        step = 2 * math.pi * r / 12
        dash = f' stroke-dasharray="{step * 0.6:.1f} {step * 0.4:.1f}"'
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="none" '
        f'stroke="{_hex(colour)}" stroke-width="{width}"{dash}/>'
    )


def _crown(cx: float, cy: float, w: float) -> str:
    points, dots, dot, rim = crown_outline(cx, cy, w)
    paint = f'fill="{_hex(GOLD)}" stroke="{_hex(GOLD_DARK)}" stroke-width="{rim}"'
    circles = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{dot:.1f}" {paint}/>' for x, y in dots)
    return f'<polygon points="{_points(points)}" {paint}/>{circles}'
