"""The draughts family's boards (International, Brazilian, Russian, Italian, Turkish): every
square where the rules put it, kings told from men, the last move marked, read at the 340 px
of a phone and at the default size; their replays and web boards."""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET

import pytest
from PIL import GifImagePlugin, Image

from render import board_png, board_svg, game_gif
from render.api import DRAWINGS
from render.canvas import Shape
from render.draughts import DARK, LIGHT
from render.theme import CAPTURED, GOLD, LAST_MOVE, LAST_MOVE_MIX, START, mix
from rules import get_game
from tests.gamekit import random_record

DIAGONAL = ("international", "brazilian", "russian", "italian")
FAMILY = (*DIAGONAL, "turkish")
#: a position with a king a side and White's man to capture, and the capture in the game's
#: notation: (position, capture, the man taken)
CAPTURES = {
    "international": ("W:W28,K46:B23,K5", "28x19", "23"),
    "brazilian": ("W:Wc3,Ke1:Bd4,Kh8", "c3xe5", "d4"),
    "russian": ("W:Wc3,Ke1:Bd4,Kh8", "c3:e5", "d4"),
    "italian": ("W:W22,K32:B18,K1", "22x13", "18"),
    "turkish": ("W:Wd3,Ka1:Bd4,Kh8", "d3xd5", "d4"),
}
PHONE = 340
NS = "{http://www.w3.org/2000/svg}"
Colour = tuple[int, ...]


def image_of(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def at(image: Image.Image, point: tuple[float, float]) -> Colour:
    pixel = image.getpixel((round(point[0]), round(point[1])))
    assert isinstance(pixel, tuple)
    return pixel


def close(a: Colour, b: Colour, tolerance: int = 24) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def file_rank(shape: Shape, cell: int) -> tuple[int, int]:
    width = 10 if len(shape.cells()) == 100 else 8
    return cell % width, cell // width


@pytest.mark.parametrize("game_id", FAMILY)
def test_every_square_is_drawn_where_the_rules_put_it(game_id: str) -> None:
    """Each name has a cell of its own (a dark one on the diagonal boards); the squares a
    king steps to are drawn next to it; White's men start at the bottom, Black's at the top."""
    game, drawing = get_game(game_id), DRAWINGS[game_id]
    cells = [drawing.cell_of(name) for name in game.cell_names]
    assert len(set(cells)) == len(cells) and set(cells) <= set(drawing.shape.cells())
    places = [file_rank(drawing.shape, cell) for cell in cells]
    for (f, r), neighbours in zip(places, game.step_neighbours, strict=True):
        for n in neighbours:
            df, dr = abs(places[n][0] - f), abs(places[n][1] - r)
            assert (df, dr) == (1, 1) if game_id in DIAGONAL else df + dr == 1
    if game_id in DIAGONAL:
        assert {drawing.shape.colour(cell) for cell in cells} == {DARK}
    height = max(r for _, r in places) + 1
    for name, letter in game.pieces(game.initial_position()).items():
        rank = file_rank(drawing.shape, drawing.cell_of(name))[1]
        assert rank < height / 2 if letter == "w" else rank >= height / 2, (name, letter)


def test_the_italian_board_is_placed_as_its_federation_places_it() -> None:
    """FID: a dark square in each player's right-hand corner; 1 is Black's single corner, 32
    White's; White's double corner (25, 29) on its left."""
    drawing = DRAWINGS["italian"]
    shape, cell = drawing.shape, drawing.cell_of
    assert shape.colour(7) == DARK and shape.colour(0) == LIGHT  # h1 dark, a1 light
    assert cell("1") == 56 and cell("32") == 7  # a8 and h1 as White sees them
    assert {cell("25"), cell("29")} == {8, 1}  # a2 and b1


def crown_pixels(image: Image.Image, centre: tuple[float, float], radius: float) -> int:
    """The gold pixels within `radius` of a piece's centre."""
    cx, cy = centre
    span = range(-math.ceil(radius), math.ceil(radius) + 1)
    return sum(
        1
        for dx in span
        for dy in span
        if dx * dx + dy * dy <= radius * radius and close(at(image, (cx + dx, cy + dy)), GOLD)
    )


@pytest.mark.parametrize("size", [PHONE, None])
@pytest.mark.parametrize("game_id", FAMILY)
def test_kings_and_the_last_capture_read_at_phone_and_default_size(
    game_id: str, size: int | None
) -> None:
    game, drawing = get_game(game_id), DRAWINGS[game_id]
    shape, pixels = drawing.shape, size or drawing.default_size
    layout = shape.layout(pixels)
    start = image_of(board_png(game_id, game.initial_position(), size=size))
    assert start.size == (layout.width, layout.height)
    text, capture, taken = CAPTURES[game_id]
    before = game.decode(text)
    move, after = game.play(before, capture)
    image = image_of(board_png(game_id, after, last_move=move, before=before, size=size))
    assert image.size == (layout.width, layout.height)
    radius = layout.piece / 2 * 0.84
    crowns = {
        name: crown_pixels(image, shape.centre(drawing.cell_of(name), pixels, False), radius / 2)
        for name in game.pieces(after)
    }
    letters = game.pieces(after)
    assert all(crowns[n] >= 8 for n, p in letters.items() if p.isupper()), crowns
    assert all(crowns[n] == 0 for n, p in letters.items() if p.islower()), crowns
    cells = game.move_cells(move)
    line = max(3, layout.piece // 10)
    outline = shape.inset(drawing.cell_of(cells[0]), pixels, False, line)[2]  # mid-stroke
    assert close(at(image, outline), START)
    end = drawing.cell_of(cells[-1])
    # its top-right corner: clear of the number (top left) and of the path from below
    (cx, cy), (x, y) = shape.centre(end, pixels, False), shape.polygon(end, pixels, False)[1]
    corner = cx + (x - cx) * 0.8, cy + (y - cy) * 0.8
    assert close(at(image, corner), mix(shape.colour(end), LAST_MOVE, LAST_MOVE_MIX))
    cx, cy = shape.centre(drawing.cell_of(taken), pixels, False)
    assert close(at(image, (cx, cy - layout.piece // 2 * 1.02)), CAPTURED)


def test_the_ten_by_ten_numbers_read_on_a_phone() -> None:
    """Drawn at 340 px, every square shows its number (large on an empty square, in the
    corner of an occupied one); the default picture shrunk to a phone's 340 px keeps them
    as tall as a phone reads."""
    game, drawing = get_game("international"), DRAWINGS["international"]
    shape = drawing.shape
    start = game.initial_position()
    image = image_of(board_png("international", start, size=PHONE))
    occupied = {drawing.cell_of(name) for name in game.pieces(start)}
    empty, corner = shape.empty_cell_labels(PHONE, False), shape.occupied_cell_labels(PHONE, False)
    for cell in map(drawing.cell_of, game.cell_names):
        label, (x, y) = corner[cell] if cell in occupied else empty[cell]
        box = image.crop((round(x), round(y), round(x) + label.width, round(y) + label.height))
        assert max(box.convert("L").tobytes()) > 140, cell  # light ink on the dark square
    default = shape.layout(drawing.default_size).width
    phone = PHONE / default
    tall = shape.empty_cell_labels(drawing.default_size, False).values()
    small = shape.occupied_cell_labels(drawing.default_size, False).values()
    assert min(label.height for label, _ in tall) * phone >= 10
    assert min(label.height for label, _ in small) * phone >= 8


@pytest.mark.parametrize("game_id", FAMILY)
def test_a_short_game_replays_as_a_gif_and_draws_as_svg(game_id: str) -> None:
    game, drawing = get_game(game_id), DRAWINGS[game_id]
    record = random_record(game, 4, max_plies=10)
    gif = Image.open(io.BytesIO(game_gif(game_id, record.positions, record.moves)))
    assert isinstance(gif, GifImagePlugin.GifImageFile)
    assert gif.n_frames == len(record.positions)
    shape, size = drawing.shape, drawing.default_size
    layout = shape.layout(round(size * 0.75))
    assert gif.size == (layout.width, layout.height)
    half = shape.layout(size).piece / 2
    for i, position in enumerate(record.positions):
        options = {"last_move": record.moves[i - 1], "before": record.positions[i - 1]} if i else {}
        root = ET.fromstring(board_svg(game_id, position, **options))
        polygons = root.findall(f"{NS}polygon")
        for name in game.cell_names:  # each square's own polygon, where the picture has it
            cell = drawing.cell_of(name)
            points = polygons[cell].get("points", "").split()
            xs, ys = zip(*(map(float, point.split(",")) for point in points), strict=True)
            middle = sum(xs) / len(xs), sum(ys) / len(ys)
            assert math.dist(middle, shape.centre(cell, size, False)) < 1, name
        placed = sorted(
            (round(float(u.get("x", "")) + half), round(float(u.get("y", "")) + half))
            for u in root.findall(f"{NS}use")
        )
        centres = (shape.centre(drawing.cell_of(n), size, False) for n in game.pieces(position))
        assert placed == sorted((round(x), round(y)) for x, y in centres)
