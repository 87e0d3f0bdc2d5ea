"""A round's boards, posted through the outbox. Each game's board is queued in the
transaction that begins the round (`tournament_rounds.begin`); the director claims a few at a
time and has the adapter post each, then says how it went: posted (the game's clock starts
then, by the rule of `clocks`, in the transaction that marks the board sent) or failed
(claimed again after a pause; after BOARD_ATTEMPTS failures given up, and the clock starts
anyway, so the round can end).
Until its board is posted a game has no deadline: the sweeper neither reminds nor times it
out. Boards claimed by a process that stopped are claimed again once their claim lapses."""

from __future__ import annotations

import logging
from dataclasses import replace

from bot.service.clocks import deadline, start_clock
from bot.service.shared import Shared
from bot.service.tournament_views import RoundBoard
from bot.service.views import MatchView
from bot.store import Row
from bot.store.announcement_table import AnnouncementRows
from bot.store.tournament_tables import TournamentRows

log = logging.getLogger("bot.tournaments")
#: boards claimed at once (posted one by one: well within a claim's time)
BOARDS_A_CLAIM = 5
#: failed posts of one board before it is given up (its clock then starts without it)
BOARD_ATTEMPTS = 8


class TournamentBoards:
    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.outbox = AnnouncementRows(shared.store)
        self.rows = TournamentRows(shared.store)

    async def due(self, tournament_id: int, limit: int = BOARDS_A_CLAIM) -> list[RoundBoard]:
        """The event's next boards to post, oldest first, claimed for this process (none:
        nothing left, or the rest claimed by another process or waiting to be tried again).
        A game over before its board was posted (withdrawn, cancelled) is not posted."""
        while True:
            now = self.shared.settings.clock()
            claimed = await self.outbox.claim_boards(now, tournament_id, limit)
            boards = []
            for row in claimed:
                match = await self.shared.find.match(row["match_id"])
                if match.active:
                    boards.append(await self._board(row, tournament_id, match))
                else:
                    await self.outbox.sent(row["id"], now)
            if boards or not claimed:
                return boards

    async def left(self, tournament_id: int) -> int:
        """The event's boards not yet posted, claimed or not."""
        return await self.outbox.boards_left(tournament_id)

    async def posted(self, board: RoundBoard) -> None:
        """The board is posted: marked sent, and the game's clock starts now."""
        await self._start(board, sent=True)

    async def failed(self, board: RoundBoard, retry_in: float) -> bool:
        """The board could not be posted: claimable again in `retry_in` seconds; after
        BOARD_ATTEMPTS failures given up (True), and the game's clock starts without it."""
        now = self.shared.settings.clock()
        gave_up = await self.outbox.failed(
            board.announcement_id, now, most=BOARD_ATTEMPTS, retry_in=retry_in
        )
        if gave_up:
            log.warning(
                "gave up posting the board of match #%s after %d tries: its clock starts",
                board.match.id,
                BOARD_ATTEMPTS,
            )
            await self._start(board, sent=False)
        return gave_up

    async def _start(self, board: RoundBoard, *, sent: bool) -> None:
        async with self.shared.store.transaction() as db:
            if sent:
                await self.outbox.sent(board.announcement_id, self.shared.settings.clock(), db)
            started = await start_clock(self.shared, db, board.match.id)
        if started is not None:
            self.shared.alarm.wake_by(started["remind_at"])

    async def _board(self, row: Row, tournament_id: int, match: MatchView) -> RoundBoard:
        games = await self.rows.round_of_match(match.id)
        (game,) = [g for g in games if g["match_id"] == match.id]
        before = {p for g in games if g["board"] < game["board"]
                  for p in (g["first_user"], g["second_user"])}  # fmt: skip
        pings = tuple(p for p in (game["first_user"], game["second_user"]) if p not in before)
        # shown with the deadline its clock gets once posted (set then: a moment later,
        # which the player gains)
        due = deadline(match, match.side_to_move, self.shared.settings.clock())
        return RoundBoard(
            announcement_id=row["id"],
            tournament_id=tournament_id,
            round=game["round"],
            match=replace(match, deadline=due),
            pings=pings,
            attempts=row["attempts"],
        )
