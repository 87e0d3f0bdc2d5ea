"""The computer's review of finished games: asked for once a game, made a position at a time
by the adapters' workers (each reading stored as it is made, so a restart goes on where it
stopped), judged from the stored readings whenever it is shown (ai.analysis)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ai.analysis import Reading, review
from bot.errors import Refusal
from bot.i18n import Text, Texts
from bot.service.shared import Shared
from bot.service.views import Actor, Analysis, MatchView


@dataclass(frozen=True)
class Job:
    """What is left to read of a review: the positions' texts by ply, and who asked."""

    match_id: int
    game_id: str
    requested_by: int
    #: (ply, position text) of every position not read yet
    missing: tuple[tuple[int, str], ...]
    total: int  # positions in the game


class Analyses:
    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.rows = shared.analyses
        self.listeners: list[Callable[[int], None]] = []

    async def request(self, actor: Actor, match_id: int | None = None) -> Analysis:
        """Ask for a finished game's review (the thread's game, else the person's last
        finished game here): the review as it stands, begun now if nobody had asked. It
        counts toward the person's games against the computer while it is made."""
        match = await self._finished(actor, match_id)
        if await self.rows.get(match.id) is None:
            most = self.shared.settings.computer_games
            busy = await self.shared.computer_jobs(actor.user_id)
            if busy >= most:
                # i18n: most: the most games and reviews the computer makes for one person
                raise Refusal(
                    Texts(
                        "The computer is already busy with {n} game of yours (games against "
                        "it and reviews, {most} at most): wait for one to end.",
                        "The computer is already busy with {n} games of yours (games against "
                        "it and reviews, {most} at most): wait for one to end.",
                        busy,
                        most=most,
                    )
                )
            async with self.shared.store.transaction() as db:
                await self.rows.request(db, match.id, actor.user_id, self.shared.settings.clock())
            for listener in self.listeners:
                listener(match.id)
        return await self.analysis(match.id)

    async def meant(self, actor: Actor, match_id: int | None = None) -> MatchView:
        """The finished game a review is asked of (as `request` finds it), asking nothing."""
        return await self._finished(actor, match_id)

    async def _finished(self, actor: Actor, match_id: int | None) -> MatchView:
        find = self.shared.find
        if match_id is not None or await self.shared.matches.in_thread(actor.channel_id):
            match = await find.match((await find.meant(actor, match_id))["id"])
        else:
            last = await find.last_over(actor)
            if last is None:
                raise Refusal(
                    Text("You have no finished game here to review: give its match number.")
                )
            match = await find.match(last)
        if match.active:
            raise Refusal(
                Text(
                    "{game} #{number} is still being played: review it once it ends.",
                    game=match.game_named,
                    number=match.id,
                )
            )
        if not match.moves:
            raise Refusal(
                Text(
                    "{game} #{number} ended before a move was played: nothing to review.",
                    game=match.game_named,
                    number=match.id,
                )
            )
        return match

    async def analysis(self, match_id: int) -> Analysis:
        """The review of a match as it stands: how far it is, and judged once complete."""
        match = await self.shared.find.match(match_id)
        asked = await self.rows.get(match_id)
        readings = [
            Reading(r["score"], r["best"], r["winner"], r["plies"])
            for r in await self.rows.readings(match_id)
        ]
        total = len(match.moves) + 1
        done = asked is not None and asked["finished_at"] is not None
        judged = None
        if done:
            record = await self.shared.records.replay(match_id)
            start = record.positions[0]
            judged = review(match.game_id, start, match.moves, readings, drawn=match.opening_plies)
        return Analysis(
            match, None if asked is None else asked["requested_by"], len(readings), total, judged
        )

    async def job(self, match_id: int) -> Job | None:
        """What is left to read of a review under way (None: none is)."""
        asked = await self.rows.get(match_id)
        if asked is None or asked["finished_at"] is not None:
            return None
        match = await self.shared.find.match(match_id)
        record = await self.shared.records.replay(match_id)
        read = {r["ply"] for r in await self.rows.readings(match_id)}
        game_positions = record.positions
        missing = tuple(
            (ply, record.game.encode(p)) for ply, p in enumerate(game_positions) if ply not in read
        )
        return Job(match_id, match.game_id, asked["requested_by"], missing, len(game_positions))

    async def add(self, match_id: int, ply: int, reading: Reading) -> None:
        """One position's reading, as a worker made it."""
        await self.rows.add_reading(
            match_id, ply, reading.score, reading.best, reading.winner, reading.plies
        )

    async def finish(self, match_id: int) -> Analysis:
        """Mark the review made (every position read) and return it judged."""
        await self.rows.finish(match_id, self.shared.settings.clock())
        return await self.analysis(match_id)

    async def unfinished(self) -> list[int]:
        """The reviews still being made (after a restart: to go on with)."""
        return await self.rows.unfinished()
