"""A game's downloads: its moves as a file (PDN for Checkers, as /history attaches it) and
its animated replay (GIF). A replay is drawn in the bot's picture workers, one at a time
for the site (a picture a move: a second or two of CPU for a long game), and kept for the
next asker while the game stands still; several asking for the same one at once wait for
the same drawing."""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from bot.i18n import language
from bot.runtime import workers
from bot.runtime.picture_words import picture_words
from bot.service import SiteGame, record_file
from bot.web.reader import Reader
from render import game_gif

#: replays kept ready (each up to a few MB)
GIFS_KEPT = 8


class Downloads:
    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self._gifs: OrderedDict[tuple[int, int, str, str], asyncio.Task[bytes]] = OrderedDict()
        self._drawing = asyncio.Lock()

    async def record(self, shown: SiteGame) -> tuple[str, str]:
        """(file name, text): the moves, with the review's marks once it is made."""
        match = shown.match
        names = await self.reader.names(match)
        review = await self.reader.review(match)
        marks = [j.mark for j in review.moves] if review is not None else []
        return record_file(match, {match.players[s]: n for s, n in names.items()}, marks)

    async def gif(self, shown: SiteGame) -> bytes:
        """The game as an animated GIF, from the start to the move it stands at, its words
        in the language spoken now."""
        match = shown.match
        key = (match.id, match.ply, str(match.status), language())
        task = self._gifs.get(key)
        if task is None or task.cancelled() or (task.done() and task.exception() is not None):
            task = asyncio.ensure_future(self._draw(shown))
            self._gifs[key] = task
            while len(self._gifs) > GIFS_KEPT:
                self._gifs.popitem(last=False)
        self._gifs.move_to_end(key)
        return await asyncio.shield(task)

    async def _draw(self, shown: SiteGame) -> bytes:
        match = shown.match
        record = await self.reader.service.replay(match)
        async with self._drawing:
            return await workers.run(
                game_gif, match.game_id, record.positions, record.moves,
                perspective=match.picture_side, outcome=match.outcome, words=picture_words(),
            )  # fmt: skip
