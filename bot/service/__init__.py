"""The match service, and its declared surface: everything here is what the rest of the bot
(adapters, the web site, the background drivers, the App) may use of it, and nothing else
(lint-imports holds every module outside the service to this package alone).

The door is `MatchService`: its methods, and its parts (`challenges`, `play`, `computer`,
`takebacks`, `notices`, `vacations`, `standings`, `analyses`, `puzzles`, `tournaments`,
`site`, `deadlines`), each an attribute typed with its class, whose public methods are the
part's door. What comes back is the views below; what goes in is typed values (an `Actor`,
options as `options` reads them). Inside, the service is cut by concern: `challenges`,
`play`, `computer_games`, `deadlines` (and `sweeper`, which runs them on time),
`standings` (ratings, leaderboards, stats), over what they share (`shared`: the tables,
the settings, `finding` things, the `record_cache`, and the `wakeups`; and `clocks`, the
one rule every deadline is set by)."""

from bot.service.analyses import Job
from bot.service.finding import pick_game
from bot.service.languages import DEFAULT as DEFAULT_LANGUAGE
from bot.service.match_service import MatchService
from bot.service.match_view import is_private
from bot.service.options import (
    CAPTURES,
    DEFAULT_MOVE_TIME,
    OPENINGS,
    duration_text,
    move_seconds,
)
from bot.service.puzzles import PuzzleView
from bot.service.ratings import provisional, rating_text
from bot.service.records import record_file
from bot.service.shared import COMPUTER_GAMES
from bot.service.site import GameFacts, SiteBoard, SiteGame, SiteRating, SiteView
from bot.service.sweeper import Sweeper
from bot.service.tournament_scores import Result
from bot.service.tournament_views import GamesEnded, RoundBoard, RoundNews, TournamentView
from bot.service.tournaments import FORMATS
from bot.service.views import (
    Actor,
    Analysis,
    Audience,
    ChallengeStatus,
    ChallengeView,
    DrawResult,
    GameStats,
    HeadToHead,
    LeaderboardRow,
    Listing,
    MatchStatus,
    MatchView,
    MoveResult,
    Reach,
    Rematch,
    SeasonRow,
    SideRecord,
    SweepEvent,
    SweepKind,
    TakebackResult,
    Turn,
    Vacation,
    result_parts,
    terms_parts,
)

__all__ = [
    "CAPTURES",
    "COMPUTER_GAMES",
    "DEFAULT_LANGUAGE",
    "DEFAULT_MOVE_TIME",
    "FORMATS",
    "OPENINGS",
    "Actor",
    "Analysis",
    "Audience",
    "ChallengeStatus",
    "ChallengeView",
    "DrawResult",
    "GameFacts",
    "GameStats",
    "GamesEnded",
    "HeadToHead",
    "Job",
    "LeaderboardRow",
    "Listing",
    "MatchService",
    "MatchStatus",
    "MatchView",
    "MoveResult",
    "PuzzleView",
    "Reach",
    "Rematch",
    "Result",
    "RoundBoard",
    "RoundNews",
    "SeasonRow",
    "SideRecord",
    "SiteBoard",
    "SiteGame",
    "SiteRating",
    "SiteView",
    "SweepEvent",
    "SweepKind",
    "Sweeper",
    "TakebackResult",
    "TournamentView",
    "Turn",
    "Vacation",
    "duration_text",
    "is_private",
    "move_seconds",
    "pick_game",
    "provisional",
    "rating_text",
    "record_file",
    "result_parts",
    "terms_parts",
]
