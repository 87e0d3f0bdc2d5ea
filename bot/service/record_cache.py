"""Each match's game record (every position and move), kept for the matches played most
lately and rebuilt from the move log when it is not."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, NamedTuple

from bot.service.finding import Finder
from bot.service.views import MatchView
from bot.store import Row
from rules import GameRecord, get_game

RECORD_CACHE = 2048


class Kept(NamedTuple):
    """A match's record at a ply, and its moves as written (formatted once)."""

    ply: int
    record: GameRecord
    texts: tuple[str, ...]


class RecordCache:
    def __init__(self, find: Finder) -> None:
        self.find = find
        self._records: OrderedDict[int, Kept] = OrderedDict()

    def _kept(self, match_id: int, ply: int) -> GameRecord | None:
        cached = self._records.get(match_id)
        if cached is None or cached.ply != ply:
            return None
        self._records.move_to_end(match_id)
        return cached.record

    async def record(self, row: Row) -> GameRecord:
        """The match's game record at its stored ply (cached; rebuilt from the move log)."""
        kept = self._kept(row["id"], row["ply"])
        if kept is not None:
            return kept
        game = get_game(row["game_id"])
        moves = await self.find.matches.moves(row["id"])
        record = GameRecord.replay(game, moves, game.decode(row["start_position"]))
        self.keep(row["id"], row["ply"], record, tuple(moves))
        return record

    def position(self, row: Row) -> Any:
        """The match's position at its stored ply, if its record is kept (None: not)."""
        cached = self._records.get(row["id"])
        return cached.record.position if cached and cached.ply == row["ply"] else None

    def texts(self, match_id: int) -> tuple[str, ...]:
        """The moves as written of the match's kept record (the one `record` just gave)."""
        return self._records[match_id].texts

    def keep(self, match_id: int, ply: int, record: GameRecord, texts: tuple[str, ...]) -> None:
        """Remember a match's record at `ply`, and its moves as written (the least lately
        used match is let go)."""
        self._records[match_id] = Kept(ply, record, texts)
        self._records.move_to_end(match_id)
        while len(self._records) > RECORD_CACHE:
            self._records.popitem(last=False)

    async def replay(self, match_id: int) -> GameRecord:
        """The match's game record as it is now: every position and move."""
        return await self.record(await self.find.match_row(match_id))

    async def at(self, match: MatchView) -> GameRecord:
        """The record of a match as its view shows it, if kept (no read), else as it is."""
        kept = self._kept(match.id, match.ply)
        return kept if kept is not None else await self.replay(match.id)
