"""The SQL of a ballot pair: a game's opening written as the first moves of its move log
(each by the player of the side that made it), and the pair's two games linked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.store.connection import Store, Tx


class Logged(NamedTuple):
    """One move of an opening, as the move log keeps a move: its ply (from 1), its text, the
    player of the side that made it, and the position after it."""

    ply: int
    move: str
    user_id: int
    position: str


class BallotRows:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def log_opening(
        self, db: Tx, match_id: int, moves: Sequence[Logged], played_at: float
    ) -> None:
        """A new match's opening, its first moves (the match row already stands after them)."""
        for logged in moves:
            await db.run(
                "INSERT INTO moves (match_id, ply, move, user_id, played_at, position) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, logged.ply, logged.move, logged.user_id, played_at, logged.position),
            )

    async def link(self, db: Tx, first: int, second: int) -> None:
        """Two games of one pair, each naming the other."""
        for match_id, other in ((first, second), (second, first)):
            await db.run("UPDATE matches SET pair_id = ? WHERE id = ?", (other, match_id))
            db.changed.add(match_id)
