"""Games the top level plays perfectly where it can prove its move: the solved games, by
their Computer's solver (Three Musketeers: the enemy's stored strategy and exact search,
ai.three_musketeers)."""

from __future__ import annotations

from typing import Any

from .computers import computer
from .evaluation import UnreadableSolution
from .search import MATE


def perfect_move(game_id: str, position: Any, seconds: float) -> tuple[Any, int, str] | None:
    """A proven winning move, its score for the side to move (a win n plies away scores
    MATE - n) and what proves it, within `seconds`; None if the game has no perfect play,
    no win is proven, or the stored strategy cannot be read. A proven loss is left to the
    search too: every move loses against perfect play, and the search's choice sets a
    fallible opponent more problems than the slowest loss does (level 5's Musketeers won
    none of 10 games against level 4's enemy by the slowest loss; level 3's, by search, 4)."""
    solver = computer(game_id).solver
    if solver is None:
        return None
    try:
        found = solver.perfect_move(position, seconds)
    except UnreadableSolution:
        return None  # the search plays instead: a worse game, never a wrong one
    if found is None:
        return None
    move, value, proof = found
    if value.winner != position.turn:
        return None
    return move, MATE - value.plies, f"{value}, by {proof}"
