"""What the tournament service returns: an event as it stands, a round begun or the event
over, and the games a withdrawal or a cancellation ended."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.tournament_scores import Standing
from bot.service.views import MatchView
from bot.store import Row


@dataclass(frozen=True)
class TournamentView:
    id: int
    guild_id: int
    channel_id: int
    game_id: str
    format: str
    rounds: int
    move_seconds: int
    rated: bool
    organiser_id: int
    status: str  # signup, running, finished, cancelled
    round: int  # the round under way (0: not started)
    players: tuple[int, ...]  # in starting order
    withdrawn: frozenset[int]
    starts_at: float | None = None  # when it starts by itself (None: by hand)
    opening: str | None = None  # "ballot": each pairing plays a ballot both ways

    @property
    def late_joining(self) -> bool:
        """A Swiss takes players until half its rounds have started."""
        return self.format == "swiss" and self.round * 2 < self.rounds


@dataclass(frozen=True)
class RoundNews:
    """A round begun (its games and byes) or the event over (`round` 0), with the standings
    after the rounds before it."""

    tournament: TournamentView
    round: int
    games: tuple[MatchView, ...]
    byes: tuple[int, ...]
    standings: tuple[Standing, ...]

    @property
    def finished(self) -> bool:
        return self.tournament.status == "finished"


@dataclass(frozen=True)
class GamesEnded:
    """An event as a withdrawal from it or its cancellation left it, and the games in
    progress that ended with it (over now: their players are to be told where they play)."""

    tournament: TournamentView
    games: tuple[MatchView, ...]


@dataclass(frozen=True)
class RoundBoard:
    """A round's game whose board is to be posted (its clock starts once it is), claimed
    from the outbox for this process."""

    announcement_id: int
    tournament_id: int
    round: int
    match: MatchView
    #: the players this board tells of their game: those for whom it is their first of the
    #: round (both, but in a pairing of two games, the sides swapped: the first only)
    pings: tuple[int, ...]
    attempts: int  # posts of it that failed so far


def view_of(row: Row, players: list[Row]) -> TournamentView:
    return TournamentView(
        row["id"], row["guild_id"], row["channel_id"], row["game_id"], row["format"],
        row["rounds"], row["move_seconds"], bool(row["rated"]), row["organiser_id"],
        row["status"], row["round"], tuple(p["user_id"] for p in players),
        frozenset(p["user_id"] for p in players if p["withdrawn_at"] is not None),
        row["starts_at"], row["opening"],
    )  # fmt: skip
