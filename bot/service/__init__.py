"""The match service, cut by concern: `core` (shared state, finding a match),
`challenges`, `play`, `computer_games`, `deadlines` (and `sweeper`, which runs them on
time), `standings` (ratings, leaderboards, stats); `views` holds what they return.
`MatchService` holds them together: the one door the adapters use."""

from bot.service.core import pick_game
from bot.service.match_service import MatchService
from bot.service.views import Actor, MatchView, Rematch

__all__ = ["Actor", "MatchService", "MatchView", "Rematch", "pick_game"]
