"""Turn notices by DM, opt-in: every turn, or reminders only. The service says who is to
be told of which turn, once a turn; the chat adapter delivers, and turns them off for a
person whose DMs are closed."""

from __future__ import annotations

from bot.errors import Refusal
from bot.i18n import Text
from bot.service.shared import Shared
from bot.service.views import MatchView
from bot.store.notice_tables import NoticeRows

#: the modes a person may choose, as they are written, and as they are stored
MODES = {"every turn": "turns", "reminders only": "reminders", "off": None}


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
        await self.rows.set_mode(user_id, MODES[chosen])
        return MODES[chosen]

    async def mode(self, user_id: int) -> str | None:
        return await self.rows.mode(user_id)

    async def turn_off(self, user_id: int) -> None:
        """Stop a person's notices (their DMs are closed to the bot)."""
        await self.rows.set_mode(user_id, None)

    async def to_remind(self, match: MatchView) -> int | None:
        """The person to DM a reminder of this turn of `match` (the one to move, if a person
        who asked for notices and was not told of this turn yet), claimed so that no turn
        brings them a second DM; None: nobody. (A move's write claims its every-turn
        notice itself: MoveResult.tell.)"""
        user = match.user_to_move
        if user is None or match.computer_to_move or await self.rows.mode(user) is None:
            return None
        now = self.shared.settings.clock()
        return user if await self.rows.claim(match.id, match.ply, user, now) else None
