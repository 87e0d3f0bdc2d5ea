"""Game id -> game object."""

from __future__ import annotations

import difflib
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


#: every way a game is written: its id, and its name ("The Crown", "3 Crowns") in any case
_SPELLINGS = {
    spelling: game.id
    for game in GAMES.values()
    for spelling in (game.id, game.name.lower(), game.name.lower().replace(" ", "-"))
}


def get_game(game_id: str) -> Game[Any, Any]:
    """The game with this id, or name as people write it; UnknownGame (with a guess at the
    game meant, for a typo) if there is none."""
    if isinstance(game_id, str) and game_id in GAMES:
        return GAMES[game_id]
    written = " ".join(str(game_id).lower().split())
    if written in _SPELLINGS:
        return GAMES[_SPELLINGS[written]]
    known = ", ".join(GAMES)
    called = quoted(str(game_id))
    close = difflib.get_close_matches(written, _SPELLINGS, n=1, cutoff=0.75)
    guess = f" (did you mean {_SPELLINGS[close[0]]}?)" if close else ""
    raise UnknownGame(f"there is no game called {called}{guess}; the games are {known}")
