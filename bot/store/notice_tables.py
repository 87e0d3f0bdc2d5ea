"""The SQL of the turn_notices and notices_sent tables: which turn notices by DM each person
chose (off too), and which turn each player was told of."""

from __future__ import annotations

from bot.store.connection import Store

#: "off" as chosen (no row: never chosen, which a game played in answers takes as every turn)
OFF = "off"
_CLAIM = (
    "INSERT INTO notices_sent (match_id, ply, user_id, sent_at) "
    "SELECT CAST(:match_id AS BIGINT), CAST(:ply AS INTEGER), CAST(:user_id AS BIGINT), "
    "CAST(:sent_at AS DOUBLE PRECISION) WHERE "
)
#: the claim of a turn notice by a move's write, if its player asked to be told every turn
CLAIM_IF_EVERY_TURN = (
    f"{_CLAIM}EXISTS (SELECT 1 FROM turn_notices WHERE user_id = :user_id AND mode = 'turns') "
    "ON CONFLICT DO NOTHING"
)
#: the same where every turn is told unless the player chose otherwise (a game in answers)
CLAIM_UNLESS_CHOSEN_OTHERWISE = (
    f"{_CLAIM}NOT EXISTS (SELECT 1 FROM turn_notices WHERE user_id = :user_id "
    "AND mode <> 'turns') ON CONFLICT DO NOTHING"
)


class NoticeRows:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def mode(self, user_id: int) -> str | None:
        """The person's choice: 'turns', 'reminders' or OFF (None: never chose)."""
        row = await self.store.one("SELECT mode FROM turn_notices WHERE user_id = ?", (user_id,))
        return None if row is None else str(row["mode"])

    async def set_mode(self, user_id: int, mode: str) -> None:
        """The person's choice of turn notices: 'turns', 'reminders', or OFF."""
        await self.store.write_one(
            "INSERT INTO turn_notices (user_id, mode) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET mode = excluded.mode",
            (user_id, mode),
            resend=True,  # the same choice written twice is written once
        )

    async def claim(self, match_id: int, ply: int, user_id: int, now: float) -> bool:
        """Record that `user_id` is told of the turn at `ply`; False if they already were
        (by this process or another)."""
        claimed = await self.store.write_one(
            "INSERT INTO notices_sent (match_id, ply, user_id, sent_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (match_id, ply, user_id, now),
        )
        return claimed == 1
