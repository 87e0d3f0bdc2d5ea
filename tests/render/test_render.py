"""Board pictures: sizes, highlight and perspective pixels, every random position, GIFs, CLI."""

from __future__ import annotations

import io

import pytest
from PIL import GifImagePlugin, Image

from render import board_png, game_gif
from render.api import DRAWINGS
from render.checkers import cell_of
from render.cli import main as render_main
from rules import RulesError, UnknownGame, get_game
from rules.the_crown_board import INDEX
from tests.gamekit import GAME_IDS, random_record


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def rgb(image: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    """A pixel of a decoded picture, as its channels."""
    pixel = image.getpixel(xy)
    assert isinstance(pixel, tuple)
    return pixel


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 18) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def pixel_at(
    game_id: str, png: bytes, cell: int, flipped: bool = False, below: float = 0.0
) -> tuple[int, ...]:
    """The pixel at a cell's centre, or `below` piece sizes under it."""
    drawing = DRAWINGS[game_id]
    x, y = drawing.shape.centre(cell, drawing.default_size, flipped)
    y += below * drawing.shape.layout(drawing.default_size).piece
    return rgb(decode(png), (round(x), round(y)))


def test_every_game_has_a_drawing() -> None:
    assert set(DRAWINGS) == set(GAME_IDS)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_initial_position_renders_at_the_layout_size(game_id: str) -> None:
    drawing = DRAWINGS[game_id]
    layout = drawing.shape.layout(drawing.default_size)
    image = decode(board_png(game_id, get_game(game_id).initial_position()))
    assert image.size == (layout.width, layout.height)
    small = decode(board_png(game_id, get_game(game_id).initial_position(), size=256))
    assert small.width < image.width


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_position_of_random_games_renders(game_id: str) -> None:
    game = get_game(game_id)
    drawing = DRAWINGS[game_id]
    layout = drawing.shape.layout(drawing.default_size)
    for seed in range(3):
        record = random_record(game, seed)
        step = max(1, len(record.positions) // 80)
        for i in [*range(0, len(record.positions), step), len(record.positions) - 1]:
            position, move = record.positions[i], record.moves[i - 1] if i else None
            before = record.positions[i - 1] if i else None
            for side in (None, *game.sides):
                png = board_png(game_id, position, last_move=move, before=before, perspective=side)
                assert decode(png).size == (layout.width, layout.height)


def test_perspective_turns_the_checkers_board_round() -> None:
    start = get_game("checkers").initial_position()
    white_view = board_png("checkers", start)
    black_view = board_png("checkers", start, perspective="b")
    # Where White's view shows Black's man on square 1, Black's view shows White's on 32.
    assert pixel_at("checkers", white_view, cell_of(1))[0] < 100
    assert pixel_at("checkers", black_view, cell_of(1))[0] > 200
    assert pixel_at("checkers", black_view, cell_of(1), flipped=True)[0] < 100


def test_perspective_mirrors_the_crown() -> None:
    start = get_game("the-crown").initial_position()
    white_view = board_png("the-crown", start)
    black_view = board_png("the-crown", start, perspective="b")
    g1 = INDEX["g1"]
    body = 0.22  # below the Prince's crown emblem, on the disc itself
    assert pixel_at("the-crown", white_view, g1, below=body)[0] > 200  # White's Prince, ivory
    assert pixel_at("the-crown", black_view, g1, flipped=True, below=body)[0] > 200
    assert pixel_at("the-crown", black_view, g1, below=body)[0] < 100  # Black's Prince there


def test_status_line_follows_the_result() -> None:
    game, drawing = get_game("checkers"), DRAWINGS["checkers"]
    over, on = game.decode("W:W:B18"), game.decode("W:W21:B18")
    status = drawing.scene(game, over, None, None, False, game.outcome(over)).status
    assert status == "Black won (White has no pieces left)"
    status = drawing.scene(game, on, None, None, False, None).status
    assert status == "White to move · Black 1 · White 1"
    finished, ongoing = decode(board_png("checkers", over)), decode(board_png("checkers", on))
    strip = drawing.shape.layout(512).strip
    bottom = (0, finished.height - strip, finished.width, finished.height)
    assert finished.crop(bottom).tobytes() != ongoing.crop(bottom).tobytes()


def test_texts_and_objects_are_both_accepted() -> None:
    game = get_game("three-crowns")
    start = game.initial_position()
    move = game.legal_moves(start)[0]
    after = game.apply(start, move)
    assert board_png("three-crowns", after, last_move=move, before=start) == board_png(
        "three-crowns", game.encode(after), last_move=game.format_move(move),
        before=game.encode(start),
    )  # fmt: skip


def test_bad_requests_raise_the_engines_errors() -> None:
    with pytest.raises(UnknownGame):
        board_png("chess", "x")
    with pytest.raises(RulesError, match="perspective must be"):
        board_png("checkers", get_game("checkers").initial_position(), perspective="x")
    with pytest.raises(RulesError):
        board_png("checkers", "not a position")
    with pytest.raises(RulesError, match="needs the position it was played in"):
        board_png("checkers", get_game("checkers").initial_position(), last_move="11-15")


def test_gif_has_a_frame_per_position_and_a_long_last_frame() -> None:
    game = get_game("three-musketeers")
    record = random_record(game, seed=2)
    gif = game_gif("three-musketeers", record.positions, record.moves, outcome=record.outcome)
    image = Image.open(io.BytesIO(gif))
    assert isinstance(image, GifImagePlugin.GifImageFile)
    assert image.n_frames == len(record.positions)
    image.seek(image.n_frames - 1)
    assert image.info["duration"] > 1000
    with pytest.raises(RulesError):
        game_gif("three-musketeers", record.positions, record.moves[:-1])


def test_cli_writes_a_png(tmp_path, capsys) -> None:
    out = tmp_path / "board.png"
    args = ["the-crown", "--last-move", "e3-e4", "--perspective", "b", "-o", str(out)]
    assert render_main(args) == 0
    assert decode(out.read_bytes()).size[0] > 300
    assert render_main(["chess", "-o", str(out)]) == 2
    assert "no game called" in capsys.readouterr().err


@pytest.mark.parametrize("flipped", [False, True])
def test_crown_cell_names_fit_inside_their_cells_and_show_only_when_empty(flipped: bool) -> None:
    """Each name lies wholly inside its triangle, so no edge cuts it; it is drawn on empty
    cells only, so no piece hides half of it."""
    drawing = DRAWINGS["the-crown"]
    board, size = drawing.shape, drawing.default_size
    labels = board.empty_cell_labels(size, flipped)
    assert sorted(labels) == list(range(49))
    for cell, (label, (x, y)) in labels.items():
        (ax, ay), (bx, by), (cx, cy) = board.polygon(cell, size, flipped)
        for px, py in ((x, y), (x + label.width, y), (x, y + label.height),
                       (x + label.width, y + label.height)):  # fmt: skip
            signs = [
                (qx - px) * (ry - py) - (qy - py) * (rx - px)
                for (qx, qy), (rx, ry) in (((ax, ay), (bx, by)), ((bx, by), (cx, cy)),
                                           ((cx, cy), (ax, ay)))
            ]  # fmt: skip
            assert all(s > 0 for s in signs) or all(s < 0 for s in signs), (cell, flipped)
    game = get_game("the-crown")
    start = game.initial_position()
    image = decode(board_png("the-crown", start, perspective="b" if flipped else None))
    for cell in (INDEX["c3"], INDEX["d7"]):  # empty at the start: the name's ink is there
        label, (x, y) = labels[cell]
        box = image.crop((round(x), round(y), round(x) + label.width, round(y) + label.height))
        darkest = min(sum(rgb(box, (i, j))) for i in range(box.width) for j in range(box.height))
        assert darkest < sum(board.colour(cell)) - 150
