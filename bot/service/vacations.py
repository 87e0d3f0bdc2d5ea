"""Vacations: a player's clock stands still in all their games (against people) for a few
days a month, by the one rule of deadlines (`clocks`): a turn under way keeps the time it
had left, and a turn begun meanwhile (a move made, a game started) gets its full time per
move, both counted from the vacation's end."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.errors import Refusal
from bot.i18n import Text, Texts
from bot.service.clocks import deadline
from bot.service.shared import Shared
from bot.service.views import MatchView, Vacation
from bot.store import Tx
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
            raise Refusal(
                Texts(
                    "A vacation lasts 1 to {n} day.",
                    "A vacation lasts 1 to {n} days.",
                    DAYS_A_MONTH,
                )
            )
        now = self.shared.settings.clock()
        async with self.shared.store.transaction() as db:
            # read and decided in the transaction that takes it, the person's vacations held
            # meanwhile: of two asked at once, the second sees the first
            await self.rows.hold(db, user_id)
            away = await self.rows.away_until(user_id, now)
            if away is not None:
                left = max(1, round((away - now) / DAY))
                raise Refusal(
                    Texts(
                        "You are on vacation already, for about {n} more day.",
                        "You are on vacation already, for about {n} more days.",
                        left,
                    )
                )
            left = DAYS_A_MONTH - await self.rows.days_taken(user_id, month_start(now))
            if days > left:
                if not left:
                    raise Refusal(
                        Text(
                            "You have no vacation days left this month: they come again on the 1st."
                        )
                    )
                # i18n: n: the days left; most: the days a month
                raise Refusal(
                    Texts(
                        "You have {n} of {most} vacation days left this month: ask for {n} or "
                        "fewer.",
                        "You have {n} of {most} vacation days left this month: ask for {n} or "
                        "fewer.",
                        left,
                        most=DAYS_A_MONTH,
                    )
                )
            until = now + days * DAY
            await self.rows.take(db, user_id, now, until, days)
            await self._hold_clocks(db, user_id, now)
        return Vacation(until=until, days_left=left - days)

    async def _hold_clocks(self, db: Tx, user_id: int, now: float) -> None:
        """The person's turns under way (read with the vacation just taken) keep the time
        they had left, counted from its end; their reminders come again."""
        for row in await self.shared.matches.held_of(user_id):
            match = MatchView.of(row)
            if match.user_to_move != user_id or match.deadline is None:
                continue
            moved = deadline(match, match.side_to_move, now, left=match.deadline - now)
            if moved != match.deadline:
                await self.shared.matches.set(db, match.id, deadline=moved, reminded=0)

    async def away_until(self, user_id: int | None) -> float | None:
        """When the person's vacation under way ends (None: not on one, or nobody)."""
        if user_id is None:
            return None
        return await self.rows.away_until(user_id, self.shared.settings.clock())
