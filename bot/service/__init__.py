"""The match service, cut by concern: `challenges`, `play`, `computer_games`, `deadlines`
(and `sweeper`, which runs them on time), `standings` (ratings, leaderboards, stats), over
what they share (`shared`: the tables, the settings, `finding` things, the
`record_cache`, and the `wakeups`); `views` holds what they return. `MatchService` holds
them together: the one door the adapters use."""

from bot.service.finding import pick_game
from bot.service.match_service import MatchService
from bot.service.views import Actor, MatchView, Rematch

__all__ = ["Actor", "MatchService", "MatchView", "Rematch", "pick_game"]
