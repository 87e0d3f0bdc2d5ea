"""What a board marks, checked on its pixels and on the scene it is drawn from: the last
move's start and end, numbers on Checkers squares, check, the winning line, jumps, the
replay's captions and pace."""

from __future__ import annotations

import io
import math

import pytest
from PIL import GifImagePlugin, Image

import render.api
from render import board_image, board_png, game_gif, legend
from render.api import DRAWINGS, MIN_FRAME_MS, REPLAY_MS, frame_ms
from render.canvas import Scene, Shape
from render.checkers import cell_of
from render.sprites import sprite
from render.theme import (
    CAPTURED,
    CHECK,
    CHECK_MIX,
    LAST_MOVE,
    LAST_MOVE_MIX,
    PATH_LINE,
    START,
    WIN,
    WIN_MIX,
    mix,
)
from rules import GameRecord, get_game, numbered_move
from tests.gamekit import GAME_IDS

Colour = tuple[int, ...]
#: 3 Crowns, Green to play d4-e4 and win with the Crowned Troika e2-e3-e4
TROIKA = "1g3b2/2b5/g3B2b/1b6/gb1G4/3BG3/3gGb1b/gbg5 g 0-1 -"
#: The Crown: Black's c2-c3 puts White's Prince on g1 in check, from which it may step
CHECK_POSITION = "Pg1 Ka10 Kf3 Sc4 Sd5 Sd6 pa1 ka4 kb1 sa6 sb4 sc2 b"
#: The Crown: White's Prince on g1 is checkmated (its one move is g1++)
MATED = "Pg1 Sd6 pa2 ka5 ke1 sa7 sb4 sd3 w"


def image_of(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def close(a: Colour, b: Colour, tolerance: int = 20) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def at(image: Image.Image, point: tuple[float, float]) -> Colour:
    pixel = image.getpixel((round(point[0]), round(point[1])))
    assert isinstance(pixel, tuple)
    return pixel


def towards_corner(
    shape: Shape, cell: int, size: int, share: float, corner: int = 0
) -> tuple[float, float]:
    """A point `share` of the way from a cell's centre to its first corner (or `corner`)."""
    cx, cy = shape.centre(cell, size, False)
    x, y = shape.polygon(cell, size, False)[corner]
    return cx + (x - cx) * share, cy + (y - cy) * share


def scene_of(game_id: str, text: str, move: str | None = None) -> Scene:
    """The scene drawn for `move` played in the position `text` (or the position alone)."""
    game = get_game(game_id)
    before = game.decode(text)
    played, after = game.play(before, move) if move else (None, before)
    drawing = DRAWINGS[game_id]
    return drawing.scene(game, after, played, before if move else None, False, game.outcome(after))


def test_the_last_move_outlines_where_it_began_and_fills_where_it_ended() -> None:
    record = GameRecord.replay(get_game("checkers"), ["11-15"])
    png = board_png("checkers", record.position, last_move="11-15", before=record.positions[0])
    image, shape, dark = image_of(png), DRAWINGS["checkers"].shape, (118, 84, 60)
    start, end = cell_of(11), cell_of(15)
    assert close(at(image, towards_corner(shape, start, 512, 0.9)), START)  # the outline
    assert close(at(image, towards_corner(shape, start, 512, 0.6)), dark)  # inside it, plain
    filled = mix(dark, LAST_MOVE, LAST_MOVE_MIX)
    assert close(at(image, towards_corner(shape, end, 512, 0.9)), filled)
    # (the bottom-right corner's way: the square's number is in its top-left corner)
    assert close(at(image, towards_corner(shape, end, 512, 0.6, corner=2)), filled)
    assert close(at(image, towards_corner(shape, cell_of(13), 512, 0.9)), dark)  # untouched


def test_checkers_square_numbers_are_large_on_empty_squares_and_clear_of_pieces() -> None:
    drawing = DRAWINGS["checkers"]
    shape, size = drawing.shape, drawing.default_size
    layout = shape.layout(size)
    phone = 400 / layout.width  # the picture as a phone shows it
    square = size // 8
    empty, occupied = shape.empty_cell_labels(size, False), shape.occupied_cell_labels(size, False)
    assert sorted(empty) == sorted(occupied) == sorted(cell_of(s) for s in range(1, 33))
    for label, _ in empty.values():
        assert label.height * phone >= 12  # digits at least 12 px tall at 400 px wide
    radius = layout.piece / 2 * 0.84  # the widest disc a piece paints
    for cell, (label, (x, y)) in occupied.items():
        assert label.height * phone >= 8
        cx, cy = shape.centre(cell, size, False)
        # its light ink (the halo round the digits is the square's own colour)
        seen = zip(label.getchannel("A").tobytes(), label.convert("L").tobytes(), strict=True)
        inked = [
            (x + k % label.width, y + k // label.width)
            for k, (a, level) in enumerate(seen)
            if a > 64 and level > 150
        ]
        assert min(math.dist(p, (cx, cy)) for p in inked) > radius, cell
        assert x >= cx - square / 2 and y >= cy - square / 2  # inside its square
    # drawn on the picture: the middle of empty square 15 carries ink, occupied 11 does not
    png = board_png("checkers", get_game("checkers").initial_position())
    image = image_of(png)
    label, (x, y) = empty[cell_of(15)]
    box = image.crop((round(x), round(y), round(x) + label.width, round(y) + label.height))
    assert max(box.convert("L").tobytes()) > 150  # light ink on the dark square


def test_a_prince_in_check_has_its_cell_red_and_a_ring() -> None:
    scene = scene_of("the-crown", CHECK_POSITION, "c2-c3")
    shape = DRAWINGS["the-crown"].shape
    assert scene.checked == (shape_cell("g1"),)
    assert scene.status == "White to move · check!"
    game = get_game("the-crown")
    _, after = game.play(game.decode(CHECK_POSITION), "c2-c3")
    image, cell = image_of(board_png("the-crown", after)), shape_cell("g1")
    tint = mix(shape.colour(cell), CHECK, CHECK_MIX)
    assert close(at(image, towards_corner(shape, cell, 560, 0.8)), tint, 24)
    assert scene_of("the-crown", CHECK_POSITION).checked == ()


def test_checkmate_and_a_side_without_its_prince_are_in_the_caption() -> None:
    assert scene_of("the-crown", MATED).status == "White is checkmated: play g1++"
    after = scene_of("the-crown", MATED, "g1++")
    assert after.status == "Black to move · White has no Prince"
    assert after.start == (shape_cell("g1"),) and after.landed == ()
    assert legend("the-crown") == (
        "Pieces: crown = Prince, diamond = Knight, small disc with a dot = Soldier."
    )


def shape_cell(name: str) -> int:
    return DRAWINGS["the-crown"].cell_of(name)


def test_the_dark_knight_and_soldier_differ_at_phone_size() -> None:
    """At the size a phone shows them, the Knight's light diamond fills much more of the
    disc than the Soldier's dot."""
    drawing = DRAWINGS["the-crown"]
    size = round(drawing.shape.layout(560).piece * 400 / drawing.shape.layout(560).width)
    light = []
    for letter in "ks":
        grey = sprite(drawing.painters[letter], size).convert("L").tobytes()
        light.append(sum(1 for level in grey if level > 150))
    knight, soldier = light
    assert knight > 3 * max(1, soldier)


def test_the_winning_troika_is_marked_on_the_final_board() -> None:
    scene = scene_of("three-crowns", TROIKA, "d4-e4")
    cell = DRAWINGS["three-crowns"].cell_of
    assert sorted(scene.winning) == sorted(map(cell, ("e2", "e3", "e4")))
    assert scene.status == "Green won (Crowned Troika)"
    game = get_game("three-crowns")
    before = game.decode(TROIKA)
    move, after = game.play(before, "d4-e4")
    image = image_of(board_png("three-crowns", after, last_move=move, before=before))
    shape = DRAWINGS["three-crowns"].shape
    corner = towards_corner(shape, cell("e2"), 512, 0.9)
    assert close(at(image, corner), mix(shape.colour(cell("e2")), WIN, WIN_MIX))
    assert scene_of("three-crowns", TROIKA).winning == ()  # not before the move


def test_a_double_jump_tells_the_stone_it_leapt_from_the_one_it_took() -> None:
    scene = scene_of("three-crowns", "8/8/3Bb3/3g4/4g3/2gg4/4g3/8 b 0-0 -", "d6xd4xf4")
    cell = DRAWINGS["three-crowns"].cell_of
    assert scene.jumped == (cell("d5"),)
    assert scene.captured == (cell("e4"),)
    assert scene.start == (cell("d6"),) and scene.landed == (cell("d4"), cell("f4"))


def test_the_musketeers_lined_up_are_the_winning_line() -> None:
    scene = scene_of("three-musketeers", "M3E/M4/M4/5/5 e")
    cell = DRAWINGS["three-musketeers"].cell_of
    assert sorted(scene.winning) == sorted(map(cell, ("a5", "a4", "a3")))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_a_legend(game_id: str) -> None:
    assert legend(game_id).startswith("Pieces: ") and len(legend(game_id)) < 100


def test_a_replay_captions_each_frame_with_its_move(monkeypatch: pytest.MonkeyPatch) -> None:
    record = GameRecord.replay(get_game("checkers"), ["11-15", "23-19", "8-11"])
    captions: list[str] = []

    def spy(*args: object, caption: str = "", **kwargs: object) -> Image.Image:
        captions.append(caption)
        return board_image(*args, caption=caption, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(render.api, "board_image", spy)
    game_gif("checkers", record.positions, record.moves)
    assert captions == ["Start", "1. 11-15", "1… 23-19", "2. 8-11"]
    assert numbered_move(81, "4-8") == "41… 4-8"


def test_a_long_replay_is_quicker_per_frame_and_capped_in_length() -> None:
    assert frame_ms(10) == 900
    assert frame_ms(161) == REPLAY_MS // 160
    assert frame_ms(5000) == MIN_FRAME_MS
    game = get_game("three-musketeers")
    start = game.initial_position()
    positions, moves = [start], []
    for _ in range(60):  # a long game: the Musketeers' and enemy's moves back and forth
        move = game.legal_moves(positions[-1])[0]
        moves.append(move)
        positions.append(game.apply(positions[-1], move))
        if game.outcome(positions[-1]):
            break
    gif = Image.open(io.BytesIO(game_gif("three-musketeers", positions, moves, size=160)))
    assert isinstance(gif, GifImagePlugin.GifImageFile)
    total = 0
    for k in range(gif.n_frames - 1):
        gif.seek(k)
        total += gif.info["duration"]
    assert total <= REPLAY_MS
    assert gif.n_frames == len(positions)


def test_a_captured_piece_is_ringed_and_the_path_drawn() -> None:
    record = GameRecord.replay(get_game("checkers"), ["11-15", "22-18", "15x22"])
    png = board_png("checkers", record.position, last_move="15x22", before=record.positions[-2])
    drawing = DRAWINGS["checkers"]
    x, y = drawing.shape.centre(cell_of(18), 512, False)
    ring = drawing.shape.layout(512).piece / 2 * 1.02
    image = image_of(png)
    assert any(close(at(image, (x + ring + dx, y)), CAPTURED, 40) for dx in range(-3, 4))
    cx, cy = drawing.shape.centre(cell_of(15), 512, False)  # the path crosses square 15
    assert close(at(image, (cx + 0.4 * (x - cx), cy + 0.4 * (y - cy))), PATH_LINE, 40)
