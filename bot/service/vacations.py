"""Vacations: a player's clock stands still in all their games (against people) for a few
days a month; the deadlines move, and a move made meanwhile gives them their full time
per move from the vacation's end."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.errors import Refusal
from bot.service.shared import Shared
from bot.service.views import Vacation
from bot.store.vacation_table import VacationRows

#: days of vacation a person may take in a calendar month (UTC)
DAYS_A_MONTH = 14
DAY = 86_400


def month_start(now: float) -> float:
    """The start of the calendar month (UTC) that `now` is in."""
    moment = datetime.fromtimestamp(now, UTC)
    return moment.replace(day=1, hour=0, minute=0, second=0, microsecond=0).timestamp()


class Vacations:
    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.rows = VacationRows(shared.store)

    async def take(self, user_id: int, days: int) -> Vacation:
        """Stop the person's clock for `days` days, from now, in all their games."""
        if not 1 <= days <= DAYS_A_MONTH:
            raise Refusal(f"A vacation lasts 1 to {DAYS_A_MONTH} days.")
        now = self.shared.settings.clock()
        async with self.shared.store.transaction() as db:
            # read and decided in the transaction that takes it, the person's vacations held
            # meanwhile: of two asked at once, the second sees the first
            await self.rows.hold(db, user_id)
            away = await self.rows.away_until(user_id, now)
            if away is not None:
                left = max(1, round((away - now) / DAY))
                raise Refusal(f"You are on vacation already, for about {left} more days.")
            left = DAYS_A_MONTH - await self.rows.days_taken(user_id, month_start(now))
            if days > left:
                raise Refusal(
                    f"You have {left} of {DAYS_A_MONTH} vacation days left this month: "
                    f"ask for {left} or fewer."
                    if left
                    else "You have no vacation days left this month: they come again on the 1st."
                )
            await self.rows.take(db, user_id, now, days)
        return Vacation(until=now + days * DAY, days_left=left - days)

    async def away_until(self, user_id: int | None) -> float | None:
        """When the person's vacation under way ends (None: not on one, or nobody)."""
        if user_id is None:
            return None
        return await self.rows.away_until(user_id, self.shared.settings.clock())
