"""What the service returns: plain data (ids, statuses, engine objects) that the wording
module turns into messages and render into pictures. No markup here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ai.analysis import Review
from bot.errors import Part, Person
from bot.store import Row
from rules import Outcome, Termination, get_game, reason_text, result_text


@dataclass(frozen=True)
class Actor:
    """Who acts, and where: a server, a channel (a match's thread, maybe), a person."""

    guild_id: int
    channel_id: int
    user_id: int


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


class MatchStatus(StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"
    ABORTED = "aborted"


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
        )


@dataclass(frozen=True)
class MatchView:
    """A match as stored, its position decoded once."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game_id: str
    players: dict[str, int]  # side letter -> user id
    position: Any  # the engine's position object
    position_text: str
    side_to_move: str
    ply: int
    status: MatchStatus
    winner_side: str | None
    result_reason: str | None  # only for matches finished before schema version 5
    move_seconds: int
    deadline: float | None
    remind_at: float | None
    draw_offer_by: int | None
    ended_by: int | None  # who aborted it
    termination: Termination | None
    termination_side: str | None
    moves: tuple[str, ...] = field(default=())
    #: a game against the computer: its level and its side (None: two people)
    computer_level: int | None = None
    computer_side: str | None = None
    #: who asked to take back their last move (None: nobody has)
    takeback_by: int | None = None
    #: the tournament this is a game of (None: a game of its own)
    tournament_id: int | None = None
    #: the open takeback request's number (MatchRows.ask_takeback; None: no request open)
    takeback_number: int | None = None

    @classmethod
    def of(
        cls, row: Row | Mapping[str, Any], moves: tuple[str, ...] = (), position: Any = None
    ) -> MatchView:
        """The view of a row; `position`: its position already decoded (by who has it)."""
        game = get_game(row["game_id"])
        position = game.decode(row["position"]) if position is None else position
        termination = row["termination"]
        return cls(
            row["id"],
            row["guild_id"],
            row["channel_id"],
            row["thread_id"],
            row["game_id"],
            {game.sides[0]: row["first_user"], game.sides[1]: row["second_user"]},
            position,
            row["position"],
            game.side_to_move(position),
            row["ply"],
            MatchStatus(row["status"]),
            row["winner_side"],
            row["result_reason"],
            row["move_seconds"],
            row["deadline"],
            row["remind_at"],
            row["draw_offer_by"],
            row["ended_by"],
            Termination(termination) if termination else None,
            row["termination_side"],
            moves,
            row["computer_level"],
            None if row["computer_parity"] is None else game.sides[row["computer_parity"]],
            row["takeback_by"],
            row["tournament_id"],
            row["takeback_ply"] if row["takeback_by"] is not None else None,
        )

    @property
    def takeback_request(self) -> int | None:
        """The open takeback request's identity, which its answer buttons carry: its number
        twice, and 1 more if the second player asked (None: none open). Two requests share
        it only if no move or takeback came between them and the same player asked: the
        same request."""
        if self.takeback_by is None or self.takeback_number is None:
            return None
        second = self.takeback_by == self.players[get_game(self.game_id).sides[1]]
        return 2 * self.takeback_number + second

    @property
    def computer_to_move(self) -> bool:
        return self.active and self.computer_side == self.side_to_move

    @property
    def computer_id(self) -> int | None:
        """The user id the computer plays under (the bot's own account)."""
        return None if self.computer_side is None else self.players[self.computer_side]

    @property
    def game_name(self) -> str:
        return get_game(self.game_id).name

    @property
    def active(self) -> bool:
        return self.status == MatchStatus.ACTIVE

    @property
    def user_to_move(self) -> int | None:
        return self.players[self.side_to_move] if self.active else None

    @property
    def picture_side(self) -> str | None:
        """The side a match's public pictures are seen from, the same in every post: the
        person's against the computer; between people, the game's usual view (None)."""
        if self.computer_side is None:
            return None
        return get_game(self.game_id).opponent(self.computer_side)

    def side_of(self, user_id: int) -> str | None:
        return next((s for s, u in self.players.items() if u == user_id), None)

    def opponent_of(self, user_id: int) -> int | None:
        return next((u for u in self.players.values() if u != user_id), None)

    @property
    def winner_id(self) -> int | None:
        return self.players.get(self.winner_side) if self.winner_side else None

    @property
    def outcome(self) -> Outcome | None:
        if self.status != MatchStatus.FINISHED or self.termination is None:
            return None
        return Outcome(self.winner_side, self.termination, self.termination_side)


@dataclass(frozen=True)
class MoveResult:
    match: MatchView
    move: str  # canonical notation
    by_user: int

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
    """'Black won (White resigned)', 'Draw (agreement)', 'Aborted by <person>', ..."""
    if match.status == MatchStatus.ABORTED:
        if match.ended_by is not None:
            return ("Aborted by ", Person(match.ended_by))
        return (f"Aborted ({match.result_reason})" if match.result_reason else "Aborted",)
    if match.status == MatchStatus.ACTIVE:
        return ("In progress",)
    game = get_game(match.game_id)
    outcome = match.outcome
    if outcome is not None and outcome.winner is None:
        return (result_text(game, outcome),)
    reason = match.result_reason or ""  # a match finished before schema version 5
    if outcome is not None:
        reason = reason_text(game, outcome)
    if match.winner_side is None:
        return (f"Draw ({reason})",)
    winner = match.winner_side
    return (Person(match.players[winner]), f" ({game.side_name(winner)}) won ({reason})")


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
