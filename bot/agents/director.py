"""The tournament director: when a tournament may move on (it began, or one of its games
ended), it asks the service to pair the next round or end the event, and has the adapter
post the news: the round's announcement, or the final standings. Then it posts the round's
boards from the outbox, one game at a time and paced (a few at once, then one every
BOARD_PACE seconds: Discord takes 5 posts per 5 s in a channel); each game's clock starts
when its board is posted, and a board that fails is tried again on its own, after a pause
that grows, while the others go on. One task a tournament at a time; after a restart it
looks at every event under way on this process's servers, so a round that ended while the
bot was down is paired then, and boards not yet posted are posted then."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.agents.agent import Agent
from bot.service import MatchService, RoundBoard, RoundNews

log = logging.getLogger("bot.director")
#: what the adapter does with a round begun or an event over: post it
Announce = Callable[[RoundNews], Awaitable[None]]
#: what the adapter does with a game's board: post it (raising if it could not)
PostBoard = Callable[[RoundBoard], Awaitable[None]]
#: a round's boards: this many posted at once, then one every BOARD_PACE seconds
BOARD_BURST = 5
BOARD_PACE = 1.0
#: a board that could not be posted is tried again after this pause, doubled after each
#: failure, up to BOARD_RETRY_MOST (after BOARD_ATTEMPTS failures the service gives it up)
BOARD_RETRY = 1.0
BOARD_RETRY_MOST = 60.0
#: tries of a tournament's news (a round begun, its end) before it is given up
NEWS_ATTEMPTS = 6
#: a game's end is seen once its transaction is over; a timed-out game's (ended by the
#: sweeper, without the match's lock) may take a moment more: looked at again this often
RECHECK_SECONDS = 0.5
RECHECKS = 20


class Director(Agent):
    name = "tournament"

    def __init__(
        self, service: MatchService, announce: Announce, post_board: PostBoard | None = None
    ) -> None:
        """`post_board`: how the adapter posts a game's board (None: a director that posts
        none, whose games' clocks start when they are claimed)."""
        super().__init__()
        self.service = service
        self.announce = announce
        self.post_board = post_board
        self.pace, self.retry = BOARD_PACE, BOARD_RETRY
        #: each tournament's failures in a row to post its news
        self._news_failures: dict[int, int] = {}
        #: each tournament's passes in a row that left boards unposted and posted none
        self._idle: dict[int, int] = {}
        #: the game that ended last in each tournament, to wait for before moving it on
        self._ended: dict[int, int] = {}
        #: the events in sign-up that start by themselves: their timers
        self._starts: dict[int, asyncio.TimerHandle] = {}
        service.on_tournament(self.tell)

    def tell(self, tournament_id: int, match_id: int | None = None) -> None:
        """The tournament may move on (`match_id`: the game that ended, if one did)."""
        if match_id is not None:
            self._ended[tournament_id] = match_id
        self.kick(tournament_id)

    async def pending(self) -> list[int]:
        """The events under way on this process's servers."""
        return await self.service.tournaments.running_ids()

    async def close(self) -> None:
        for timer in self._starts.values():
            timer.cancel()
        await super().close()

    async def work(self, tournament_id: int) -> None:
        """Move the event on as far as it goes now: its news, its boards, its next round."""
        match_id = self._ended.pop(tournament_id, None)
        try:
            if match_id is not None:
                await self._written(match_id)
            await self._keep_start(tournament_id)
            if not await self._announce(tournament_id):
                return  # tried again later: its round's boards follow its news
            await self._post_boards(tournament_id)
            news = await self.service.tournaments.advance(tournament_id)
        except Exception:
            log.exception("tournament #%s could not move on: trying again", tournament_id)
            self.later(RECHECK_SECONDS * 10, tournament_id)
            return
        if news is not None:  # its news and boards; a round of byes and forfeits only is over
            self.tell(tournament_id)

    async def _announce(self, tournament_id: int) -> bool:
        """Post the event's news not yet posted (a round begun, the event's end), kept in
        its row until posted, so a failure or a restart only delays it; True once none is
        left. A failure is tried again after a pause; after NEWS_ATTEMPTS in a row the news
        is given up (logged), so the round's boards still come."""
        news = await self.service.tournaments.news.due(tournament_id)
        if news is None:
            return True
        try:
            await self.announce(news)
        except asyncio.CancelledError:
            raise
        except Exception:
            failures = self._news_failures.get(tournament_id, 0) + 1
            self._news_failures[tournament_id] = failures
            if failures < NEWS_ATTEMPTS:
                log.warning("the news of tournament #%s failed: retrying", tournament_id)
                pause = self._pause(failures)
                self.later(pause, tournament_id)
                return False
            log.exception("the news of tournament #%s is given up", tournament_id)
        self._news_failures.pop(tournament_id, None)
        await self.service.tournaments.news.posted(news)
        return True

    async def _post_boards(self, tournament_id: int) -> None:
        """Post the event's boards still to post, one at a time, paced. A board that fails
        is tried again on its own, after a pause that doubles with each of its failures
        (this pass goes on with the others); while boards are left (waiting to be tried
        again, or claimed by a process that stopped), the event is looked at again later."""
        boards = self.service.tournaments.boards
        posted = 0
        while due := await boards.due(tournament_id):
            for board in due:
                if posted >= BOARD_BURST and self.post_board is not None:
                    await asyncio.sleep(self.pace)
                if await self._post_board(board):
                    await boards.posted(board)
                    posted += 1
                else:
                    await boards.failed(board, self._pause(board.attempts))
        if not await boards.left(tournament_id):
            self._idle.pop(tournament_id, None)
            return
        idle = 0 if posted else self._idle.get(tournament_id, 0) + 1
        self._idle[tournament_id] = idle
        self.later(self._pause(idle), tournament_id)

    async def _post_board(self, board: RoundBoard) -> bool:
        if self.post_board is None:
            return True
        try:
            await self.post_board(board)
        except asyncio.CancelledError:
            raise
        except Exception as err:
            log.warning("could not post the board of match #%s (%r): retrying", board.match.id, err)
            return False
        return True

    def _pause(self, failures: int) -> float:
        return min(BOARD_RETRY_MOST, self.retry * 2**failures)

    async def _keep_start(self, tournament_id: int) -> None:
        """An event in sign-up with a start set: start it then (a timer, not a task: nothing
        waits for it), or now if the time has passed."""
        event = await self.service.tournaments.view(tournament_id)
        if event.status != "signup" or event.starts_at is None or tournament_id in self._starts:
            return
        delay = max(0.0, event.starts_at - self.service.clock())
        self._starts[tournament_id] = asyncio.get_running_loop().call_later(
            delay, self._start_due, tournament_id
        )

    def _start_due(self, tournament_id: int) -> None:
        self._starts.pop(tournament_id, None)

        async def start() -> None:
            try:
                await self.service.tournaments.start_due(tournament_id)
            except Exception:
                log.exception("tournament #%s could not start at its time", tournament_id)

        asyncio.get_running_loop().create_task(start(), name=f"tournament-start-{tournament_id}")

    async def _written(self, match_id: int) -> None:
        """Wait until the game's end is written (its lock free, its status over)."""
        await self.service.unlocked(match_id)
        for _ in range(RECHECKS):
            if not (await self.service.match(match_id)).active:
                return
            await asyncio.sleep(RECHECK_SECONDS)
