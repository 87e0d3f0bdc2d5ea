"""Glicko-2 ratings (the system Lichess uses), computed by the `glicko2` package."""

from __future__ import annotations

from dataclasses import dataclass

import glicko2


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06


def rate(a: Rating, b: Rating, score_a: float) -> tuple[Rating, Rating]:
    """Both players' ratings after one game; score_a is 1 (a won), 0.5 (draw) or 0 (b won)."""
    return _after(a, b, score_a), _after(b, a, 1.0 - score_a)


def _after(player: Rating, opponent: Rating, score: float) -> Rating:
    p = glicko2.Player(rating=player.rating, rd=player.rd, vol=player.volatility)
    p.update_player([opponent.rating], [opponent.rd], [score])
    return Rating(p.rating, p.rd, p.vol)
