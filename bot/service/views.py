"""What the service returns: plain data (ids, statuses, engine objects) that the wording
module turns into messages and render into pictures. No markup here."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ai.analysis import Review
from bot.errors import Part, Person, Worded
from bot.i18n import Text, language, translations
from bot.service.match_view import MatchStatus, MatchView, Reach
from bot.store import Row
from rules import GameRecord, get_game, reason_text, result_text


@dataclass(frozen=True)
class Actor:
    """Who acts, and where: a server, a channel (a match's thread, maybe), a person."""

    guild_id: int
    channel_id: int
    user_id: int
    #: how the bot reaches this place: its own posts, or only answers to what people do
    reach: Reach = Reach.POSTS


class ChallengeStatus(StrEnum):
    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    CANCELLED = "cancelled"
    EXPIRED = "expired"


class Audience(StrEnum):
    """Who may be shown a game's record, review or board, asked for where a person is."""

    #: everyone where it was asked: there is the game's own channel or thread, or everyone
    #: on the server can read the game's channel
    HERE = "here"
    #: the person alone: a player of the game, asking elsewhere about a game in a channel
    #: not everyone can read
    PLAYER = "player"


class SweepKind(StrEnum):
    """What the sweeper did."""

    EXPIRED = "expired"  # a challenge lapsed
    TIMEOUT = "timeout"  # a game lost on time
    ABORTED = "aborted"  # a game without a move, called off
    REMINDER = "reminder"  # a player's turn is nearly over


@dataclass(frozen=True)
class ChallengeView:
    id: int
    guild_id: int
    channel_id: int
    challenger_id: int
    opponent_id: int | None  # None: an open challenge, anyone in the channel may accept
    game_id: str
    challenger_side: str | None  # None: decided at random on acceptance
    move_seconds: int
    expires_at: float
    status: ChallengeStatus
    match_id: int | None
    opening: str | None = None  # "ballot": a ballot pair; None: a game from the start
    #: how the bot reaches where it was made (Reach.ANSWERS: only by answering)
    reach: Reach = Reach.POSTS

    @classmethod
    def of(cls, row: Row) -> ChallengeView:
        return cls(
            row["id"],
            row["guild_id"],
            row["channel_id"],
            row["challenger_id"],
            row["opponent_id"],
            row["game_id"],
            row["challenger_side"],
            row["move_seconds"],
            row["expires_at"],
            ChallengeStatus(row["status"]),
            row["match_id"],
            row["opening"],
            Reach(row["reach"]),
        )


@dataclass(frozen=True)
class MoveResult:
    """A move as played: the match it left (its record too, for pictures), the move in its
    canonical notation, who played it, and who is to be told of their turn (None: nobody);
    `forced`: the opponent's reply played for them at once, their one move (a checkmated
    Prince's leave)."""

    match: MatchView
    move: str
    by_user: int
    record: GameRecord | None = None
    tell: int | None = None
    forced: str | None = None

    @property
    def finished(self) -> bool:
        return not self.match.active


@dataclass(frozen=True)
class DrawResult:
    match: MatchView
    agreed: bool  # True: the game is drawn; False: the offer stands (or was declined)


@dataclass(frozen=True)
class Vacation:
    until: float  # when the person's clock runs again
    days_left: int  # vacation days left this month


@dataclass(frozen=True)
class TakebackResult:
    match: MatchView
    taken_back: int  # plies taken back (0: asked, and waiting for the opponent's answer)
    declined: bool = False


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    user_id: int
    name: str | None  # as remembered, shown literally
    rating: float
    rd: float
    games: int
    wins: int
    draws: int
    losses: int


@dataclass(frozen=True)
class SeasonRow:
    """A place on a season's leaderboard: points (a win 1, a draw ½) from its games."""

    rank: int
    user_id: int
    name: str | None
    points: float
    wins: int
    draws: int
    losses: int


@dataclass(frozen=True)
class SideRecord:
    wins: int = 0
    draws: int = 0
    losses: int = 0


@dataclass(frozen=True)
class GameStats:
    game_id: str
    rating: float | None
    rd: float | None
    wins: int
    draws: int
    losses: int
    by_side: dict[str, SideRecord]  # against people
    #: the record against the computer, by its level (unrated)
    against_computer: dict[int, SideRecord] = field(default_factory=dict)


@dataclass(frozen=True)
class HeadToHead:
    """Two people's games against each other: the first one's record per game and side
    (wins are the first one's), and their latest games."""

    first: int
    second: int
    records: dict[str, dict[str, SideRecord]]
    recent: tuple[MatchView, ...]


@dataclass(frozen=True)
class SweepEvent:
    """What the sweeper did: 'expired' (a challenge), 'timeout', 'aborted' or 'reminder'."""

    kind: SweepKind
    challenge: ChallengeView | None = None
    match: MatchView | None = None
    seconds_left: float = 0.0
    announcement_id: int | None = None  # its row in the outbox, marked sent once posted


def result_parts(match: MatchView) -> tuple[Part, ...]:
    """'Black won (White resigned)', 'Draw (agreement)', 'Aborted by <person>', ...: worded
    when shown, in the language spoken then."""
    if match.status == MatchStatus.ABORTED:
        if match.ended_by is not None:
            # i18n: a game's result: who called it off
            return (Text("Aborted by {person}", person=Person(match.ended_by)),)
        if match.result_reason:
            # i18n: a game's result; reason: why, e.g. "no move was made in time"
            return (Text("Aborted ({reason})", reason=Text(match.result_reason)),)
        # i18n: a game's result
        return (Text("Aborted"),)
    if match.status == MatchStatus.ACTIVE:
        # i18n: a game's result while it is played
        return (Text("In progress"),)
    game = get_game(match.game_id)
    outcome = match.outcome
    if outcome is not None and outcome.winner is None:
        drawn = outcome
        return (
            Worded(lambda _show: result_text(game, drawn, translations=translations(language()))),
        )
    # a match finished before schema version 5 says why in English, as stored
    reason: Part = Text(match.result_reason) if match.result_reason else ""
    if outcome is not None:
        ended = outcome
        reason = Worded(lambda _show: reason_text(game, ended, translations(language())))
    if match.winner_side is None:
        # i18n: a game's result; reason: why it ended, e.g. "agreement"
        return (Text("Draw ({reason})", reason=reason),)
    winner = match.winner_side
    # i18n: a game's result; player: who won; side: their side's name, e.g. "White";
    # reason: why the game ended, e.g. "White resigned"
    said = Text("{player} ({side}) won ({reason})", player=Person(match.players[winner]),
                side=Text(game.side_name(winner)), reason=reason)  # fmt: skip
    return (said,)


def half_points(points: float) -> str:
    """'1½', '½', '0', '2': points as a match score writes them."""
    whole, half = divmod(round(points * 2), 2)
    return f"{whole or ''}{'½' if half else ''}" or "0"


def terms_parts(match: MatchView) -> tuple[Part, ...]:
    """What sets a game apart from its game's own: its house rule ('house rule: free jumps,
    unrated'), or its ballot ('Ballot 37: 9-14 22-17 6-9, game 1 of 2') and, once a game of
    the pair is over, the pair's score (' · match ', Person, ' 1½-½ ', Person); () for a game
    played from the start by its game's own rules. Worded when shown."""
    if match.house_rule:
        # i18n: rule: the house rule a game is played by, e.g. "free jumps"
        return (Text("house rule: {rule}, unrated", rule=Text(match.house_rule)),)
    if match.ballot is None:
        return ()
    said: tuple[Part, ...]
    if match.pair_number is None:
        # i18n: number: a ballot's number; opening: its moves, e.g. "9-14 22-17 6-9"
        said = (Text("Ballot {number}: {opening}", number=match.ballot, opening=match.opening),)
    else:
        # i18n: number: a ballot's number; opening: its moves, e.g. "9-14 22-17 6-9";
        # game: 1 or 2, which game of the ballot's pair this is
        said = (Text("Ballot {number}: {opening}, game {game} of 2", number=match.ballot,
                     opening=match.opening, game=match.pair_number),)  # fmt: skip
    score = match.pair_score()
    if score is not None:
        (first, mine), (second, theirs) = score
        # i18n: the score of a ballot pair's two games so far, e.g. "match @alice 1½-½ @bob"
        said += (" · ", Text("match {first} {first_points}-{second_points} {second}",
                             first=Person(first), first_points=half_points(mine),
                             second_points=half_points(theirs), second=Person(second)))  # fmt: skip
    return said


@dataclass(frozen=True)
class Rematch:
    """A rematch asked for: the challenge it made (None against the computer), and the
    match when one started at once (against the computer, or when both players asked)."""

    challenge: ChallengeView | None
    match: MatchView | None


@dataclass(frozen=True)
class Turn:
    """What the computer needs to think about a match: its game, position and history."""

    match_id: int
    #: the person the computer plays against (whose turn in the queue this is)
    player_id: int
    game_id: str
    position: str
    history: tuple[str, ...]
    level: int


@dataclass(frozen=True)
class Listing:
    """One of a person's games in a list of them, and where its latest board was shown:
    (channel, message), or None where no adapter recorded it."""

    match: MatchView
    board_at: tuple[int, int] | None


@dataclass(frozen=True)
class Analysis:
    """A match's review as it stands: who asked (None: nobody yet), how many of its
    positions are read, and the judged review once every one is."""

    match: MatchView
    requested_by: int | None
    done: int
    total: int
    review: Review | None = None

    @property
    def complete(self) -> bool:
        return self.review is not None
