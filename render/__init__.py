"""Board pictures: (game, position, last move, viewer's side) -> PNG, and a game's GIF replay."""

from .api import board_image, board_png, game_gif, legend
from .svg import board_svg, piece_png

__all__ = ["board_image", "board_png", "board_svg", "game_gif", "legend", "piece_png"]
