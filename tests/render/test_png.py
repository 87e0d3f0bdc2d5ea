"""The boards' PNG files (render/png.py, compressed by ISA-L) decode to the very pixels drawn."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import board_image, board_png
from render.png import palette_png
from rules import get_game
from tests.gamekit import GAME_IDS, random_record


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_board_decodes_to_the_pixels_drawn(game_id: str) -> None:
    record = random_record(get_game(game_id), 2, max_plies=12)
    options = {"last_move": record.moves[-1], "before": record.positions[-2]}
    drawn = board_image(game_id, record.position, **options)
    png = board_png(game_id, record.position, **options)
    decoded = Image.open(io.BytesIO(png))
    decoded.load()
    assert decoded.mode == "P" and decoded.size == drawn.size
    assert decoded.convert("RGB").tobytes() == drawn.convert("RGB").tobytes()
    assert len(png) <= 30 * 1024


def test_only_palette_images_are_written() -> None:
    with pytest.raises(ValueError, match="palette image"):
        palette_png(Image.new("RGB", (4, 4)))
