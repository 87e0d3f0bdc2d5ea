"""The public entry points: one board picture as PNG, a whole game as an animated GIF."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import Any

from PIL import Image

from rules import Outcome, RulesError, get_game, numbered_move

from . import checkers, draughts, the_crown, three_crowns, three_musketeers, turkish
from .canvas import Scene
from .drawing import Drawing
from .png import palette_png
from .words import ENGLISH, Words

DRAWINGS: dict[str, Drawing] = {
    d.game_id: d
    for d in (
        checkers.DRAWING, three_musketeers.DRAWING, three_crowns.DRAWING, the_crown.DRAWING,
        draughts.INTERNATIONAL, draughts.BRAZILIAN, draughts.RUSSIAN, draughts.ITALIAN,
        turkish.DRAWING,
    )
}  # fmt: skip
#: a frame's time on screen: 900 ms, less in long games, so that no replay runs longer
#: than REPLAY_MS, but never under MIN_FRAME_MS (a long game then keeps every k-th move)
FRAME_MS = 900
MIN_FRAME_MS = 150
REPLAY_MS = 60_000
LAST_FRAME_MS = 4000
#: the smallest board a replay shrinks to before giving up on an upload limit
MIN_GIF_SIZE = 160


class PictureError(RulesError):
    """A picture asked for that cannot be drawn: a caller's mistake, said to its developer
    (not a player's, so not in the catalogs), or a replay too large for its room."""


def _drawing(game_id: str) -> Drawing:
    """The game's drawing (a game played by a house rule is drawn as the game is)."""
    game = get_game(game_id)  # the engine's own error for an unknown id
    if game.id not in DRAWINGS:
        raise PictureError(f"there is no picture for {game_id!r} yet")
    return DRAWINGS[game.id]


def legend(game_id: str, words: Words = ENGLISH) -> str:
    """What each piece's picture means, in one line: 'Pieces: crown = Prince, ...'."""
    _ = words.gettext
    # i18n: {legend} what each piece's picture means ("crown = Prince, diamond = Knight")
    return _("Pieces: {legend}.").format(legend=_(_drawing(game_id).legend))


def board_image(
    game_id: str, position: Any, *, size: int | None = None, **options: Any
) -> Image.Image:
    """The board as a palette image, with `last_move` (played in the position `before`)
    highlighted. Positions and moves may be engine objects or their texts; `outcome`
    overrides the position's own result (history draws, resignations); `caption` opens
    the status line. A review's board draws `played` (a move in `position`) as a red
    arrow and `better` as a green dashed one; `words`: the catalog the status line is
    worded in (English by default). Options: as board_scene takes them."""
    drawing, scene = board_scene(game_id, position, **options)
    return drawing.shape.render(
        scene, size or drawing.default_size, list(drawing.painters.values())
    )


def board_scene(
    game_id: str,
    position: Any,
    *,
    last_move: Any = None,
    before: Any = None,
    perspective: str | None = None,
    outcome: Outcome | None = None,
    caption: str = "",
    played: Any = None,
    better: Any = None,
    words: Words = ENGLISH,
) -> tuple[Drawing, Scene]:
    """How the game is drawn, and what to draw of this position (see board_image)."""
    game = get_game(game_id)
    drawing = _drawing(game_id)
    position = game.decode(position) if isinstance(position, str) else position
    if perspective is not None and perspective not in game.sides:
        sides = " or ".join(game.sides)
        raise PictureError(f"perspective must be {sides}, not {perspective!r}")
    if last_move is not None:
        if before is None:
            raise PictureError("a last move needs the position it was played in (before=)")
        before = game.decode(before) if isinstance(before, str) else before
        if isinstance(last_move, str):
            last_move = game.parse_move(before, last_move)
    flipped = drawing.flip_for is not None and perspective == drawing.flip_for
    outcome = outcome if outcome is not None else game.outcome(position)
    arrows = tuple(
        game.parse_move(position, m) if isinstance(m, str) else m for m in (played, better)
    )
    scene = drawing.scene(
        game, position, last_move, before, flipped, outcome, caption, arrows, words
    )
    return drawing, scene


def prepare() -> None:
    """Draw every game's first board once: what is drawn once a size (the static layer,
    the palette, the sprites) is then ready for the first real picture."""
    for game_id in DRAWINGS:
        board_png(game_id, get_game(game_id).initial_position())


def board_png(game_id: str, position: Any, **options: Any) -> bytes:
    """board_image(...) encoded as PNG bytes."""
    return palette_png(board_image(game_id, position, **options))


def game_gif(
    game_id: str,
    positions: Sequence[Any],
    moves: Sequence[Any],
    *,
    perspective: str | None = None,
    size: int | None = None,
    outcome: Outcome | None = None,
    max_bytes: int | None = None,
    words: Words = ENGLISH,
) -> bytes:
    """An animated replay: the start, then one frame a move, captioned with that move
    ('41… 4-8'); the last frame stays longer, and the whole runs at most REPLAY_MS. Its
    words (the status lines) in `words`' language.

    With `max_bytes` (an upload limit), a replay too big for it keeps every k-th position
    (the first and last always), then, if it must, shrinks the picture, until it fits."""
    if len(positions) != len(moves) + 1:
        raise PictureError("a replay needs one position more than it has moves")
    drawing = _drawing(game_id)
    size = size or round(drawing.default_size * 0.75)
    kept = sampled(len(positions), math.ceil(len(moves) * MIN_FRAME_MS / REPLAY_MS))
    while True:
        gif = _gif(game_id, positions, moves, kept, perspective, size, outcome, words)
        if max_bytes is None or len(gif) <= max_bytes:
            return gif
        if len(kept) > 2:
            step = math.ceil(len(gif) / max_bytes * 1.1 * len(positions) / len(kept))
            kept = sampled(len(positions), step)
        elif size > MIN_GIF_SIZE:
            size = max(MIN_GIF_SIZE, round(size * 0.8))
        else:
            raise PictureError(f"no replay of this game fits in {max_bytes} bytes")


def sampled(count: int, step: int) -> list[int]:
    """Every `step`-th of `count` positions, the first and the last always."""
    return sorted({*range(0, count, max(1, step)), count - 1})


def frame_ms(frames: int) -> int:
    """How long each frame but the last is shown, for a replay of `frames` frames."""
    return max(MIN_FRAME_MS, min(FRAME_MS, REPLAY_MS // max(1, frames - 1)))


def _gif(
    game_id: str,
    positions: Sequence[Any],
    moves: Sequence[Any],
    kept: list[int],
    perspective: str | None,
    size: int,
    outcome: Outcome | None,
    words: Words = ENGLISH,
) -> bytes:
    """The frames of the kept positions (each showing, and captioned with, the move that
    led to it)."""
    pgettext = words.pgettext
    game = get_game(game_id)
    # i18n: the caption of a replay's first frame, before any move (the status line follows)
    start = pgettext("the start of a game", "Start")
    last = len(positions) - 1
    frames = []
    for i in kept:
        move = moves[i - 1] if i else None
        text = move if isinstance(move, str) or move is None else game.format_move(move)
        frames.append(
            board_image(
                game_id, positions[i], last_move=move, before=positions[i - 1] if i else None,
                perspective=perspective, size=size, outcome=outcome if i == last else None,
                caption=numbered_move(i - 1, text) if text is not None else start, words=words,
            )
        )  # fmt: skip
    out = io.BytesIO()
    durations = [frame_ms(len(frames))] * (len(frames) - 1) + [LAST_FRAME_MS]
    frames[0].save(
        out, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
        optimize=False,
    )  # fmt: skip
    return out.getvalue()
