"""Game id -> game object."""

from __future__ import annotations

from typing import Any

from .base import Game
from .checkers import Checkers
from .errors import UnknownGame
from .the_crown import TheCrown
from .three_crowns import ThreeCrowns
from .three_musketeers import ThreeMusketeers
from .wording import quoted

GAMES: dict[str, Game[Any, Any]] = {
    game.id: game for game in (Checkers(), ThreeMusketeers(), ThreeCrowns(), TheCrown())
}


def get_game(game_id: str) -> Game[Any, Any]:
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        called = quoted(str(game_id))
        raise UnknownGame(f"there is no game called {called}; the games are {known}") from None
