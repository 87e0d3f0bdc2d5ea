"""A tournament's news, posted from its row rather than from memory: a round begun (its
games, byes and the standings before it) or the event's end. The row's `announced` counts
the news posted (a round's is the round-th, the end's the one after the last round played),
so news that a failure or a restart kept from being posted is posted then, before anything
else of its round. Only the latest news is due: a round paired while the one before was
still unannounced makes that one's news stale."""

from __future__ import annotations

from bot.service.shared import Shared
from bot.service.tournament_rounds import result_of
from bot.service.tournament_scores import standings
from bot.service.tournament_views import RoundNews, view_of
from bot.store.tournament_tables import TournamentRows


class TournamentNews:
    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.rows = TournamentRows(shared.store)

    async def due(self, tournament_id: int) -> RoundNews | None:
        """The event's news not yet posted, made again from what is stored; None: none."""
        row = await self.rows.get(tournament_id)
        if row is None or row["announced"] >= _count(row["status"], row["round"]):
            return None
        view = view_of(row, await self.rows.players(tournament_id))
        games = await self.rows.games(tournament_id)
        number = row["round"] if row["status"] == "running" else 0
        before = [result_of(g) for g in games if number == 0 or g["round"] < number]
        table = tuple(standings(view.players, before))
        now = [g for g in games if number and g["round"] == number]
        matches = tuple([await self.shared.find.match(g["match_id"]) for g in now if g["match_id"]])
        byes = tuple(g["first_user"] for g in now if g["second_user"] is None)
        return RoundNews(view, number, matches, byes, table)

    async def posted(self, news: RoundNews) -> None:
        """The news is posted (or given up): it is not due again."""
        count = _count(news.tournament.status, news.tournament.round)
        await self.shared.store.write_one(
            "UPDATE tournaments SET announced = ? WHERE id = ? AND announced < ?",
            (count, news.tournament.id, count),
        )


def _count(status: str, round_number: int) -> int:
    """How many news an event has had once this one is posted: one a round begun, and one
    more at its end; none in sign-up or when cancelled."""
    if status == "running":
        return round_number
    return round_number + 1 if status == "finished" else 0
