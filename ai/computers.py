"""Every game the computer plays, by id: each game's `Computer`, made beside its evaluation
in ai/evaluation/, listed once here."""

from __future__ import annotations

from rules import RulesError, get_game

from .evaluation import Computer, checkers, the_crown, three_crowns, three_musketeers

COMPUTERS: dict[str, Computer] = {
    c.game_id: c
    for c in (
        checkers.COMPUTER,
        three_musketeers.COMPUTER,
        three_crowns.COMPUTER,
        the_crown.COMPUTER,
    )
}


def computer(game_id: str) -> Computer:
    """What the computer knows of the game (the engine's error for an unknown id)."""
    game = get_game(game_id)
    if game.id not in COMPUTERS:
        raise RulesError(f"the computer does not play {game.name} yet")
    return COMPUTERS[game.id]
