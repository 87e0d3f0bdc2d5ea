"""Each match's game record (every position and move), kept for the matches played most
lately and rebuilt from the move log when it is not."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from bot.service.finding import Finder
from bot.store import Row
from rules import GameRecord, get_game

RECORD_CACHE = 2048


class RecordCache:
    def __init__(self, find: Finder) -> None:
        self.find = find
        self._records: OrderedDict[int, tuple[int, GameRecord]] = OrderedDict()

    async def record(self, row: Row) -> GameRecord:
        """The match's game record at its stored ply (cached; rebuilt from the move log)."""
        cached = self._records.get(row["id"])
        if cached and cached[0] == row["ply"]:
            self._records.move_to_end(row["id"])
            return cached[1]
        game = get_game(row["game_id"])
        moves = await self.find.matches.moves(row["id"])
        record = GameRecord.replay(game, moves, game.decode(row["start_position"]))
        self.keep(row["id"], row["ply"], record)
        return record

    def position(self, row: Row) -> Any:
        """The match's position at its stored ply, if its record is kept (None: not)."""
        cached = self._records.get(row["id"])
        return cached[1].position if cached and cached[0] == row["ply"] else None

    def keep(self, match_id: int, ply: int, record: GameRecord) -> None:
        """Remember a match's record at `ply` (the least lately used is let go)."""
        self._records[match_id] = (ply, record)
        self._records.move_to_end(match_id)
        while len(self._records) > RECORD_CACHE:
            self._records.popitem(last=False)

    async def replay(self, match_id: int) -> GameRecord:
        """The match's game record: every position and move, for pictures and replays."""
        return await self.record(await self.find.match_row(match_id))
