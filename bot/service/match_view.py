"""A match as the service shows it: its status and its view (a row, its position decoded)."""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.i18n import Text, _
from bot.store import Row
from rules import Ending, Outcome, Termination, get_game


class MatchStatus(StrEnum):
    ACTIVE = "active"
    FINISHED = "finished"
    ABORTED = "aborted"


class Reach(StrEnum):
    """How the bot reaches the place where a game is played."""

    #: it posts there (a server that added it, its own DM with a person): threads, boards
    #: and news whenever they happen
    POSTS = "posts"
    #: it only answers what people do there (a DM or group DM between people, a server that
    #: never added it: a user-installed bot): each answer and its few follow-ups, for 15
    #: minutes; news reaches the players by DM and in the next answer
    ANSWERS = "answers"


@dataclass(frozen=True)
class PairGame:
    """The other game of a ballot pair as the match's row read it: its first side's player,
    its status and its winner so far."""

    first_user: int
    status: MatchStatus
    winner_side: str | None


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
    termination: Termination | Ending | None
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
    #: the end of each player's latest vacation, first player's first, as the row was read
    vacation_ends: tuple[float | None, float | None] = (None, None)
    #: the ballot it is played from (its number in the game's deck; None: from the start)
    ballot: int | None = None
    #: the other game of its ballot pair (None: a game alone), and that game as the row read
    #: it (None: not read with it)
    pair_id: int | None = None
    pair_game: PairGame | None = None
    #: each player's language as last seen, first player's first (None: never seen)
    locales: tuple[str | None, str | None] = (None, None)
    #: how the bot reaches where it is played (Reach.ANSWERS: only by answering its players)
    reach: Reach = Reach.POSTS

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
            game.termination(termination) if termination else None,
            row["termination_side"],
            moves,
            row["computer_level"],
            None if row["computer_parity"] is None else game.sides[row["computer_parity"]],
            row["takeback_by"],
            row["tournament_id"],
            row["takeback_ply"] if row["takeback_by"] is not None else None,
            (_column(row, "first_away"), _column(row, "second_away")),
            _column(row, "ballot"),
            _column(row, "pair_id"),
            _pair_game(row),
            (_column(row, "first_locale"), _column(row, "second_locale")),
            Reach(row["reach"]),
        )

    def locale_of(self, user_id: int) -> str | None:
        """A player's language as last seen, as the row was read (None: not known)."""
        users = [self.players.get(side) for side in get_game(self.game_id).sides]
        known = zip(users, self.locales, strict=True)
        return next((locale for user, locale in known if user == user_id), None)

    def away_until(self, now: float, side: str | None = None) -> float | None:
        """When the vacation under way of the player of `side` (default: the one to move)
        ends; None: not on one, or nobody to move, or a game against the computer (a
        vacation holds the clocks of games against people)."""
        side = side or (self.side_to_move if self.user_to_move is not None else None)
        if side is None or self.computer_side is not None:
            return None
        end = self.vacation_ends[get_game(self.game_id).sides.index(side)]
        return end if end is not None and end > now else None

    @property
    def private(self) -> bool:
        """Played where the bot only answers, or in a DM or group DM (no server's): casual,
        and shown only to its players or in its own channel."""
        return is_private(self.reach, self.guild_id)

    @property
    def opening_plies(self) -> int:
        """The moves of its ballot's opening, drawn for the players (0: none)."""
        return 0 if self.ballot is None else len(self.opening.split())

    @property
    def opening(self) -> str:
        """Its ballot's moves, as players write them ("" without a ballot)."""
        return "" if self.ballot is None else get_game(self.game_id).ballots[self.ballot]

    @property
    def pair_number(self) -> int | None:
        """1 or 2, its place in its ballot pair (None: a game alone)."""
        return None if self.pair_id is None else 1 if self.id < self.pair_id else 2

    @property
    def house_rule(self) -> str:
        """The house rule it is played by, in words ("": the game's own rules)."""
        return get_game(self.game_id).house_rule

    def pair_score(self) -> tuple[tuple[int, float], tuple[int, float]] | None:
        """Each player's points in the pair's games over so far (a win 1, a draw ½), the
        first side's player of game 1 first; None: not a pair, or no game of it over yet."""
        if self.pair_id is None or self.pair_game is None:
            return None
        sides = get_game(self.game_id).sides
        other = self.pair_game
        first, second = self.players[sides[0]], self.players[sides[1]]
        points = {first: 0.0, second: 0.0}
        over = 0
        for status, winner, leader in (
            (self.status, self.winner_side, first),
            (other.status, other.winner_side, other.first_user),
        ):
            if status != MatchStatus.FINISHED:
                continue
            over += 1
            trailer = second if leader == first else first
            if winner is None:
                points[leader] += 0.5
                points[trailer] += 0.5
            else:
                points[leader if winner == sides[0] else trailer] += 1.0
        if not over:
            return None
        opener = first if self.pair_number == 1 else other.first_user
        closer = second if opener == first else first
        return (opener, points[opener]), (closer, points[closer])

    @property
    def position_id(self) -> int:
        """The position's fingerprint, short enough for a button's id: a move chosen from
        a list made for it (the Move button's picker) is refused once the game moved on."""
        return zlib.crc32(self.position_text.encode())

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
        """Its game's name in the language spoken now ('Checkers', 'Dame')."""
        return _(get_game(self.game_id).name)

    @property
    def game_named(self) -> Text:
        """Its game's name, translated when shown (in a refusal, in the asker's language)."""
        return game_named(self.game_id)

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


def is_private(reach: str, guild_id: int) -> bool:
    """Whether a game or challenge so placed is its players' alone (MatchView.private)."""
    return reach == Reach.ANSWERS or guild_id == 0


def game_named(game_id: str) -> Text:
    """A game's name (a game id or a match's rules id), translated when shown."""
    return Text(get_game(game_id).name)


def _pair_game(row: Row | Mapping[str, Any]) -> PairGame | None:
    """The other game of the row's pair, if the row was read with it."""
    status = _column(row, "pair_status")
    if status is None:
        return None
    return PairGame(row["pair_first"], MatchStatus(status), row["pair_winner"])


def _column(row: Row | Mapping[str, Any], name: str) -> Any:
    """A column the row may lack (read by a query that did not ask for it): None then."""
    try:
        return row[name]
    except (KeyError, IndexError):
        return None
