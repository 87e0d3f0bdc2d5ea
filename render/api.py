"""The public entry points: one board picture as PNG, a whole game as an animated GIF."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image

from rules import Outcome, RulesError, get_game

from . import checkers, the_crown, three_crowns, three_musketeers
from .drawing import Drawing

DRAWINGS: dict[str, Drawing] = {
    d.game_id: d
    for d in (checkers.DRAWING, three_musketeers.DRAWING, three_crowns.DRAWING, the_crown.DRAWING)
}
FRAME_MS = 900
LAST_FRAME_MS = 4000
#: zlib level 3: half the encoding time of the default 6 for a few KB more
PNG_LEVEL = 3


def _drawing(game_id: str) -> Drawing:
    get_game(game_id)  # the engine's own error for an unknown id
    if game_id not in DRAWINGS:
        raise RulesError(f"there is no picture for {game_id!r} yet")
    return DRAWINGS[game_id]


def board_image(
    game_id: str,
    position: Any,
    *,
    last_move: Any = None,
    before: Any = None,
    perspective: str | None = None,
    size: int | None = None,
    outcome: Outcome | None = None,
) -> Image.Image:
    """The board as a palette image, with `last_move` (played in the position `before`)
    highlighted. Positions and moves may be engine objects or their texts; `outcome`
    overrides the position's own result (history draws, resignations)."""
    game = get_game(game_id)
    drawing = _drawing(game_id)
    position = game.decode(position) if isinstance(position, str) else position
    if perspective is not None and perspective not in game.sides:
        sides = " or ".join(game.sides)
        raise RulesError(f"perspective must be {sides}, not {perspective!r}")
    if last_move is not None:
        if before is None:
            raise RulesError("a last move needs the position it was played in (before=)")
        before = game.decode(before) if isinstance(before, str) else before
        if isinstance(last_move, str):
            last_move = game.parse_move(before, last_move)
    flipped = drawing.flip_for is not None and perspective == drawing.flip_for
    outcome = outcome if outcome is not None else game.outcome(position)
    scene = drawing.scene(game, position, last_move, before, flipped, outcome)
    return drawing.shape.render(
        scene, size or drawing.default_size, list(drawing.painters.values())
    )


def board_png(game_id: str, position: Any, **options: Any) -> bytes:
    """board_image(...) encoded as PNG bytes."""
    out = io.BytesIO()
    board_image(game_id, position, **options).save(out, "PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


def game_gif(
    game_id: str,
    positions: Sequence[Any],
    moves: Sequence[Any],
    *,
    perspective: str | None = None,
    size: int | None = None,
    outcome: Outcome | None = None,
) -> bytes:
    """An animated replay: the start, then one frame a move; the last frame stays longer."""
    if len(positions) != len(moves) + 1:
        raise RulesError("a replay needs one position more than it has moves")
    drawing = _drawing(game_id)
    size = size or round(drawing.default_size * 0.75)
    frames = [
        board_image(
            game_id, position, last_move=move, before=before, perspective=perspective,
            size=size, outcome=outcome if i == len(moves) else None,
        )
        for i, (position, move, before) in enumerate(
            zip(positions, [None, *moves], [None, *positions[:-1]], strict=True)
        )
    ]  # fmt: skip
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    frames[0].save(
        out, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
        optimize=False,
    )  # fmt: skip
    return out.getvalue()
