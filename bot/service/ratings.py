"""Glicko-2 ratings (the system Lichess uses), computed by the `glicko2` package."""

from __future__ import annotations

import glicko2

from bot.store.standing_tables import Rating

__all__ = ["PROVISIONAL_RD", "Rating", "provisional", "rate", "rating_text"]

#: a rating deviation above this makes a rating provisional, written "1500?" (Lichess's rule)
PROVISIONAL_RD = 110.0


def provisional(rd: float) -> bool:
    """Whether a rating with this deviation is provisional (too few games to settle it)."""
    return rd > PROVISIONAL_RD


def rating_text(rating: float, rd: float) -> str:
    """A rating as players read it: '1532', or '1338?' while provisional."""
    return f"{rating:.0f}{'?' if provisional(rd) else ''}"


def rate(a: Rating, b: Rating, score_a: float) -> tuple[Rating, Rating]:
    """Both players' ratings after one game; score_a is 1 (a won), 0.5 (draw) or 0 (b won)."""
    return _after(a, b, score_a), _after(b, a, 1.0 - score_a)


def _after(player: Rating, opponent: Rating, score: float) -> Rating:
    p = glicko2.Player(rating=player.rating, rd=player.rd, vol=player.volatility)
    p.update_player([opponent.rating], [opponent.rd], [score])
    return Rating(p.rating, p.rd, p.vol)
