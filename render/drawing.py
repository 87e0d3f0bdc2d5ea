"""How one game is drawn: its board shape, its pieces, and how a position becomes a Scene."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules import Game, Outcome

from .board import Board, Scene
from .sprites import Painter

#: (game, position, last move text or None, flipped, outcome) -> Scene
SceneBuilder = Callable[[Game[Any, Any], Any, str | None, bool, Outcome | None], Scene]


@dataclass(frozen=True)
class Drawing:
    game_id: str
    board: Board
    painters: tuple[Painter, ...]
    scene: SceneBuilder
    default_size: int
    #: the side whose view turns the board round (None: the picture has no sides)
    flip_for: str | None


def status_line(game: Game[Any, Any], position: Any, outcome: Outcome | None, *extra: str) -> str:
    """'Black to move · extra' while the game goes on, else the result in words."""
    if outcome is not None:
        if outcome.winner is None:
            return f"Draw — {outcome.reason}"
        return f"{game.side_name(outcome.winner)} won — {outcome.reason}"
    mover = game.side_name(game.side_to_move(position))
    return " · ".join([f"{mover[0].upper()}{mover[1:]} to move", *extra])


def cells_named(text: str | None, pattern: str, index: dict[str, int]) -> tuple[int, ...]:
    """The cells a move text names, in order (names the board does not have are skipped)."""
    if not text:
        return ()
    return tuple(index[n] for n in re.findall(pattern, text.lower()) if n in index)
