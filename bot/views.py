"""What the service returns: plain data an adapter can turn into messages and pictures."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules import Outcome, Termination, capitalised, get_game, result_text

from .replies import mention, plain
from .store import Row


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
    status: str
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
            row["status"],
            row["match_id"],
        )


@dataclass(frozen=True)
class MatchView:
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game_id: str
    players: dict[str, int]  # side letter -> user id
    position: str
    ply: int
    status: str  # active, finished or aborted
    winner_side: str | None
    result_reason: str | None
    move_seconds: int
    deadline: float | None
    draw_offer_by: int | None
    ended_by: int | None = None  # who aborted it
    termination: str | None = None
    termination_side: str | None = None
    moves: tuple[str, ...] = field(default=())

    @classmethod
    def of(cls, row: Row | Mapping[str, Any], moves: tuple[str, ...] = ()) -> MatchView:
        sides = get_game(row["game_id"]).sides
        return cls(
            row["id"],
            row["guild_id"],
            row["channel_id"],
            row["thread_id"],
            row["game_id"],
            {sides[0]: row["first_user"], sides[1]: row["second_user"]},
            row["position"],
            row["ply"],
            row["status"],
            row["winner_side"],
            row["result_reason"],
            row["move_seconds"],
            row["deadline"],
            row["draw_offer_by"],
            row["ended_by"],
            row["termination"],
            row["termination_side"],
            moves,
        )

    @property
    def game_name(self) -> str:
        return get_game(self.game_id).name

    @property
    def active(self) -> bool:
        return self.status == "active"

    @property
    def side_to_move(self) -> str:
        game = get_game(self.game_id)
        return game.side_to_move(game.decode(self.position))

    @property
    def user_to_move(self) -> int | None:
        return self.players[self.side_to_move] if self.active else None

    def side_of(self, user_id: int) -> str | None:
        return next((s for s, u in self.players.items() if u == user_id), None)

    def opponent_of(self, user_id: int) -> int | None:
        return next((u for u in self.players.values() if u != user_id), None)

    @property
    def winner_id(self) -> int | None:
        return self.players.get(self.winner_side) if self.winner_side else None

    @property
    def outcome(self) -> Outcome | None:
        if self.status != "finished" or self.termination is None:
            return None
        return Outcome(self.winner_side, Termination(self.termination), self.termination_side)

    def result_text(self) -> str:
        """'Black won (no legal move)', 'Draw (agreement)', 'Aborted (...)' or 'In progress'."""
        if self.status == "aborted":
            if self.ended_by is not None:
                return f"Aborted by {mention(self.ended_by)}"
            return f"Aborted ({plain(self.result_reason)})" if self.result_reason else "Aborted"
        if self.status == "active":
            return "In progress"
        game = get_game(self.game_id)
        if self.outcome is not None:
            return result_text(game, self.outcome)
        reason = plain(self.result_reason or "")  # a match finished before schema version 5
        if self.winner_side is None:
            return f"Draw ({reason})"
        return capitalised(f"{game.side_name(self.winner_side)} won ({reason})")


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
class LeaderboardRow:
    rank: int
    user_id: int
    name: str
    rating: float
    rd: float
    games: int
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
    by_side: dict[str, SideRecord]


@dataclass(frozen=True)
class SweepEvent:
    """What the sweeper did: 'expired' (a challenge), 'timeout', 'aborted' or 'reminder'."""

    kind: str
    challenge: ChallengeView | None = None
    match: MatchView | None = None
    seconds_left: float = 0.0
