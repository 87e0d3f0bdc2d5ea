"""A move's one write: its log row, inserted only if the match is still where the service
decided it (bot.service.play), the match row moved on to it, and the claim of the next
player's turn notice; and how to tell, after a lost connection, that it landed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from bot.store.match_columns import MATCH_COLUMNS
from bot.store.notice_tables import CLAIM_IF_EVERY_TURN, CLAIM_UNLESS_CHOSEN_OTHERWISE
from bot.store.rows import Row
from bot.store.units import Statement, Unit

#: move `ply` logged if its match is active at ply - 1 and the deadline has not passed; on
#: PostgreSQL the match row is held (FOR UPDATE) so a racing end or move waits, then sees it
_APPEND = (
    "INSERT INTO moves (match_id, ply, move, user_id, played_at, position) "
    "SELECT id, CAST(:ply AS INTEGER), CAST(:move AS TEXT), CAST(:user_id AS BIGINT), "
    "CAST(:played_at AS DOUBLE PRECISION), CAST(:position AS TEXT) FROM matches "
    "WHERE id = :match_id AND ply = :ply - 1 AND status = 'active' "
    "AND (deadline IS NULL OR deadline > :played_at)"
)

#: the match row moved on to a logged move: its ply, position and deadline, its reminder
#: due again, the draw offer kept only if the mover made it (judged on the row as it is now,
#: held by the move's insert, so an offer declined meanwhile stays declined); a takeback
#: asked for before this move is void
_ADVANCE = (
    "UPDATE matches SET ply = :ply, position = :position, deadline = :deadline, reminded = 0, "
    "draw_offer_by = CASE WHEN draw_offer_by = :user_id THEN draw_offer_by END, "
    f"takeback_by = NULL, takeback_ply = NULL WHERE id = :match_id RETURNING {MATCH_COLUMNS}"
)


#: the match row as a move left it, if that very move is logged and the row is still at it
#: (`at`: the move's ply, or its forced reply's) (a move resent after a lost connection,
#: whose first attempt had committed), and whether the next player was told of their turn
LANDED = (
    f"SELECT {MATCH_COLUMNS}, EXISTS (SELECT 1 FROM notices_sent WHERE match_id = :match_id "
    "AND ply = :at) AS told FROM matches WHERE id = :match_id AND ply = :at "
    "AND EXISTS (SELECT 1 FROM moves WHERE match_id = :match_id AND ply = :ply "
    "AND user_id = :user_id AND played_at = :played_at AND move = :move)"
)
#: a forced reply logged after the move it answers, inside the move's guarded write
_LOG = (
    "INSERT INTO moves (match_id, ply, move, user_id, played_at, position) "
    "VALUES (:match_id, :ply, :move, :user_id, :played_at, :position)"
)


class Reply(NamedTuple):
    """The one move the opponent had left, made for them at once in the move's write (The
    Crown's checkmated Prince leaving the board): its text, its player, the position after."""

    move: str
    user_id: int
    position: str


@dataclass(frozen=True)
class MoveWrite:
    """A move as the service decided it: its log row (and its forced reply's) and its match
    row's next deadline; `tell`: the person to move next, told of their turn if they asked
    for every turn (`unless_chosen`: unless they chose otherwise, in a game in answers)."""

    match_id: int
    ply: int
    move: str
    user_id: int
    played_at: float
    position: str
    deadline: float | None
    tell: int | None = None
    reply: Reply | None = None
    unless_chosen: bool = False

    def unit(self, for_update: Callable[[str], str]) -> Unit:
        """The move's statements (`for_update`: the engine's way to hold the match row)."""
        at = self.ply if self.reply is None else self.ply + 1
        logged = {
            "match_id": self.match_id, "ply": self.ply, "move": self.move,
            "user_id": self.user_id, "played_at": self.played_at, "position": self.position,
            "at": at,
        }  # fmt: skip
        last = logged if self.reply is None else {**logged, "ply": at, **self.reply._asdict()}
        advanced = {**last, "user_id": self.user_id, "deadline": self.deadline}
        told = {**last, "user_id": self.tell, "sent_at": self.played_at}
        then: tuple[Statement, ...] = () if self.reply is None else ((_LOG, last),)
        if self.tell is not None:
            claim = CLAIM_UNLESS_CHOSEN_OTHERWISE if self.unless_chosen else CLAIM_IF_EVERY_TURN
            then += ((claim, told),)
        return Unit((for_update(_APPEND), logged), (_ADVANCE, advanced), then)


class Moved(NamedTuple):
    """A move's match row as the move left it, and whether the next player is to be told."""

    row: Row
    told: bool
