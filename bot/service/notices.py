"""Turn notices by DM: every turn, reminders only, or off. Opt-in where the bot posts; in a
game played in answers (Reach.ANSWERS, where the bot cannot post the news) every turn unless
the player chose otherwise. The service says who is to be told of which turn, once a turn;
the chat adapter delivers, and turns them off for a person whose DMs are closed."""

from __future__ import annotations

from bot.errors import Refusal
from bot.i18n import Text
from bot.service.match_view import Reach
from bot.service.shared import Shared
from bot.service.views import MatchView
from bot.store.notice_tables import OFF, NoticeRows

#: the modes a person may choose, as they are written, and as they are stored
MODES = {"every turn": "turns", "reminders only": "reminders", "off": OFF}


class Notices:
    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.rows = NoticeRows(shared.store)

    async def choose(self, user_id: int, written: str) -> str | None:
        """Set the person's notices from what they chose ('every turn', 'reminders only',
        'off'); the mode stored (None: off)."""
        chosen = written.strip().lower()
        if chosen not in MODES:
            # i18n: choices: the modes as typed, "every turn, reminders only, off"
            raise Refusal(Text("Turn notices are one of: {choices}.", choices=", ".join(MODES)))
        mode = MODES[chosen]
        await self.rows.set_mode(user_id, mode)
        return None if mode == OFF else mode

    async def mode(self, user_id: int) -> str | None:
        """The notices the person chose ('turns', 'reminders'; None: off, or no choice)."""
        mode = await self.rows.mode(user_id)
        return None if mode == OFF else mode

    async def turn_off(self, user_id: int) -> None:
        """Stop a person's notices (their DMs are closed to the bot), as if chosen."""
        await self.rows.set_mode(user_id, OFF)

    async def to_remind(self, match: MatchView) -> int | None:
        """The person to DM a reminder of this turn of `match` (the one to move, if a person
        who asked for notices and was not told of this turn yet), claimed so that no turn
        brings them a second DM; None: nobody. In a game played in answers a person who never
        chose is told. (A move's write claims its every-turn notice itself: MoveResult.tell.)"""
        user = match.user_to_move
        if user is None or match.computer_to_move:
            return None
        mode = await self.rows.mode(user)
        if mode == OFF or (mode is None and match.reach != Reach.ANSWERS):
            return None
        now = self.shared.settings.clock()
        return user if await self.rows.claim(match.id, match.ply, user, now) else None
