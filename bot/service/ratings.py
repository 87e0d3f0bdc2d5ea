"""Glicko-2 ratings (the system Lichess uses), computed by the `glicko2` package."""

from __future__ import annotations

import glicko2

from bot.store.standing_tables import Rating

__all__ = ["Rating", "rate"]


def rate(a: Rating, b: Rating, score_a: float) -> tuple[Rating, Rating]:
    """Both players' ratings after one game; score_a is 1 (a won), 0.5 (draw) or 0 (b won)."""
    return _after(a, b, score_a), _after(b, a, 1.0 - score_a)


def _after(player: Rating, opponent: Rating, score: float) -> Rating:
    p = glicko2.Player(rating=player.rating, rd=player.rd, vol=player.volatility)
    p.update_player([opponent.rating], [opponent.rd], [score])
    return Rating(p.rating, p.rd, p.vol)
