"""The boards the web pages draw: SVG made from the PNG's own shapes, colours and marks."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from render import board_svg, piece_png
from render.api import DRAWINGS, board_scene
from render.canvas import FILLS
from render.theme import mix
from rules import get_game
from tests.gamekit import GAME_IDS, random_record, sample_positions

NS = "{http://www.w3.org/2000/svg}"


def colour(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_cell_piece_and_label_is_drawn_as_the_picture_draws_it(game_id: str) -> None:
    game, drawing = get_game(game_id), DRAWINGS[game_id]
    shape, size = drawing.shape, drawing.default_size
    for position in sample_positions(game_id, games=2, per_game=8):
        root = ET.fromstring(board_svg(game_id, position))
        cells = root.findall(f"{NS}polygon")[: len(shape.cells())]
        _, scene = board_scene(game_id, position)
        tints = {c: FILLS[2] for c in scene.checked} | {c: FILLS[3] for c in scene.winning}
        assert [c.get("fill") for c in cells] == [
            colour(mix(shape.colour(c), *tints[c]) if c in tints else shape.colour(c))
            for c in shape.cells()
        ]
        uses = root.findall(f"{NS}use")
        assert len(uses) == len(game.pieces(position))
        defined = {f"#{i.get('id')}" for i in root.iter(f"{NS}image")}
        assert {u.get("href") for u in uses} <= defined
        occupied = {drawing.cell_of(c) for c in game.pieces(position)}
        marks = shape.edge_marks(size, False) + shape.cell_marks(size, False, occupied)
        assert sorted(t.text or "" for t in root.iter(f"{NS}text")) == sorted(m.text for m in marks)
        width, height = (float(v) for v in (root.get("viewBox") or "").split()[2:])
        layout = shape.layout(size)
        assert (width, height) == (layout.width, layout.height - layout.strip)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_last_move_is_tinted_and_outlined(game_id: str) -> None:
    game, drawing = get_game(game_id), DRAWINGS[game_id]
    record = random_record(game, 1, max_plies=6)
    before, move, after = record.positions[-2], record.moves[-1], record.positions[-1]
    root = ET.fromstring(board_svg(game_id, after, last_move=move, before=before))
    cells = root.findall(f"{NS}polygon")
    landed = drawing.cell_of(game.move_cells(move)[-1])
    tint, amount = FILLS[1]
    assert cells[landed].get("fill") == colour(mix(drawing.shape.colour(landed), tint, amount))
    assert any(p.get("fill") == "none" for p in cells[len(drawing.shape.cells()) :])


def test_a_flipped_board_mirrors_and_pieces_may_be_served_by_address() -> None:
    game = get_game("the-crown")
    position = random_record(game, 3, max_plies=10).position
    white, black = (board_svg("the-crown", position, perspective=s) for s in game.sides)
    assert white != black
    svg = board_svg("the-crown", position, piece_href=lambda g, p: f"/piece/{g}/{p}.png")
    assert "data:image" not in svg and 'href="/piece/the-crown/' in svg
    assert piece_png("the-crown", "P").startswith(b"\x89PNG")
    with pytest.raises(KeyError):
        piece_png("the-crown", "Q")
