"""Game id -> game object."""

from __future__ import annotations

import difflib
from typing import Any

from .base import Game
from .brazilian import Brazilian
from .checkers import Checkers, FreeJumpCheckers
from .errors import UnknownGame
from .international import International
from .italian import Italian
from .russian import Russian
from .the_crown import TheCrown
from .three_crowns import ThreeCrowns
from .three_musketeers import ThreeMusketeers
from .turkish import TurkishDraughts
from .wording import quoted

GAMES: dict[str, Game[Any, Any]] = {
    game.id: game
    for game in (
        Checkers(),
        ThreeMusketeers(),
        ThreeCrowns(),
        TheCrown(),
        International(),
        Russian(),
        Brazilian(),
        Italian(),
        TurkishDraughts(),
    )
}

#: the house rules, by the rules id a match stores ("checkers:free-jumps"): each the game of
#: its id played by a rule of casual play, never a game of its own (GAMES lists none)
HOUSE_RULES: dict[str, Game[Any, Any]] = {rules.rules_id: rules for rules in (FreeJumpCheckers(),)}

#: every way a game is written: its id, and its name ("The Crown", "3 Crowns") in any case
_SPELLINGS = {
    spelling: game.id
    for game in GAMES.values()
    for spelling in (game.id, game.name.lower(), game.name.lower().replace(" ", "-"))
}


def get_game(game_id: str) -> Game[Any, Any]:
    """The game with this id, or name as people write it, or the house rules a match's rules
    id names ("checkers:free-jumps"); UnknownGame (with a guess at the game meant, for a
    typo) if there is none."""
    if isinstance(game_id, str) and game_id in GAMES:
        return GAMES[game_id]
    if isinstance(game_id, str) and game_id in HOUSE_RULES:
        return HOUSE_RULES[game_id]
    written = " ".join(str(game_id).lower().split())
    if written in _SPELLINGS:
        return GAMES[_SPELLINGS[written]]
    known = ", ".join(GAMES)
    called = quoted(str(game_id))
    close = difflib.get_close_matches(written, _SPELLINGS, n=1, cutoff=0.75)
    if close:
        # i18n: {called} what was typed, quoted; {guess} a game's id; {known} the games' ids
        raise UnknownGame(
            "there is no game called {called} (did you mean {guess}?); the games are {known}",
            called=called,
            guess=_SPELLINGS[close[0]],
            known=known,
        )
    # i18n: {called} what was typed, quoted; {known} the games' ids
    raise UnknownGame(
        "there is no game called {called}; the games are {known}", called=called, known=known
    )
