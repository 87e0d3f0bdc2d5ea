"""What the web pages show, read through the match service: a game's state
(`game_reader`), a server's games, tournaments and leaderboards, a tournament's standings and
rounds, a player's record. Nothing here writes."""

from __future__ import annotations

from typing import Any

from bot.i18n import _
from bot.service import SiteView, rating_text
from bot.web import facts as facts_of
from bot.web.game_reader import GameReader, player_key, side_name
from rules import GAMES, Game, get_game

#: games a server page lists, in progress and finished
LIVE_SHOWN = 24
FINISHED_SHOWN = 30
LEADERS_SHOWN = 10
RECENT_SHOWN = 20


def tournament_title(number: int, game: Game[Any, Any]) -> str:
    """'Tournament #3 · Checkers'."""
    return _("Tournament #{number} · {game}").format(number=number, game=_(game.name))


class Reader(GameReader):
    """The pages of a server: its games, tournaments and leaderboards, a tournament's
    standings and rounds, a player's record."""

    # --- a server ---
    async def server(self, site: SiteView) -> dict[str, Any]:
        """A server page's games, tournaments and leaderboards."""
        guild = site.guild_id
        live = await self.live(site)
        over = await self.service.site.listed(site, active=False, limit=FINISHED_SHOWN)
        leaders = {}
        for game in GAMES.values():
            rows = await self.service.site.leaderboard(guild, game.id, LEADERS_SHOWN)
            if rows:
                leaders[_(game.name)] = [
                    {
                        "rank": r.rank, "name": r.name or _("a player"),
                        "rating": rating_text(r.rating, r.rd),
                        "games": r.games, "key": player_key(site.token, r.user_id),
                    }
                    for r in rows
                ]  # fmt: skip
        return {
            "name": site.name,
            "live": live,
            "finished": await self.summaries(over, board=False),
            "tournaments": await self.tournaments(site),
            "leaders": leaders,
        }

    async def live(self, site: SiteView) -> list[dict[str, Any]]:
        """A server's listed games in progress, each with its board."""
        return await self.summaries(
            await self.service.site.listed(site, active=True, limit=LIVE_SHOWN)
        )

    async def tournaments(self, site: SiteView) -> list[dict[str, Any]]:
        """A server's tournaments the site shows, latest first: title, address, what it is."""
        out = []
        for tournament_id in await self.service.site.tournaments(site):
            event = await self.service.tournaments.view(tournament_id)
            out.append(
                {
                    "title": tournament_title(event.id, get_game(event.game_id)),
                    "href": facts_of.tournament_href(site.token, event.id),
                    "about": facts_of.event_about(event),
                }
            )
        return out

    async def tournament(self, site: SiteView, key: str) -> dict[str, Any] | None:
        """A shown tournament's page: what it is, its standings, and each round's games,
        byes and forfeits (None: no tournament the site shows has this address)."""
        found = next(
            (
                t
                for t in await self.service.site.tournaments(site)
                if facts_of.tournament_key(site.token, t) == key
            ),
            None,
        )
        if found is None:
            return None
        event = await self.service.tournaments.view(found)
        pages = set(await self.service.site.players(site.guild_id))

        async def person(user: int) -> dict[str, Any]:
            name = await self.service.standings.known_name(site.guild_id, user)
            page = player_key(site.token, user) if user in pages else None
            return {"name": name or _("a player"), "key": page}

        standings = [
            {
                **await person(s.player), "rank": s.rank, "points": facts_of.points(s.points),
                "sb": facts_of.number(s.sonneborn_berger),
                "buchholz": facts_of.number(s.buchholz), "left": s.left,
                "withdrawn": s.player in event.withdrawn,
            }
            for s in await self.service.tournaments.table(found)
        ]  # fmt: skip
        rounds: dict[int, list[dict[str, Any]]] = {}
        for board in await self.service.site.boards(site, found):
            r = board.result
            if board.game is not None:
                entry = await self.summary(board.game, board=False)
            else:  # a bye, or a forfeit
                players = [r.first] if r.second is None else [r.first, r.second]
                first = facts_of.points(r.first_points or 0)
                second = facts_of.points(1 - (r.first_points or 0))
                entry = {
                    "players": [await person(p) for p in players],
                    "status": _("bye")
                    if r.second is None
                    # i18n: a forfeited game's score: "1–0 (forfeit)"
                    else _("{first}–{second} (forfeit)").format(first=first, second=second),
                }
            rounds.setdefault(r.round, []).append(entry)
        return {
            "title": tournament_title(event.id, get_game(event.game_id)),
            "server_name": site.name,
            "about": facts_of.event_about(event),
            "standings": standings,
            "rounds": [{"number": n, "games": games} for n, games in sorted(rounds.items())],
        }

    # --- a player ---
    async def player(self, site: SiteView, key: str) -> dict[str, Any] | None:
        guild = site.guild_id
        user = next(
            (u for u in await self.service.site.players(guild) if player_key(site.token, u) == key),
            None,
        )
        if user is None:
            return None
        name = await self.service.standings.known_name(guild, user) or _("a player")
        records = []
        for stats in await self.service.site.stats(guild, user):  # listed games only
            if not stats.wins + stats.draws + stats.losses:  # only the computer's: unrated
                continue
            game = get_game(stats.game_id)
            history = await self.service.site.rating_history(guild, game.id, user)
            records.append(
                {
                    "game": _(game.name),
                    "id": game.id,
                    "rating": None
                    if stats.rating is None
                    else rating_text(stats.rating, stats.rd or 0),
                    "record": [stats.wins, stats.draws, stats.losses],
                    "sides": {
                        side_name(game, s): [r.wins, r.draws, r.losses]
                        for s, r in stats.by_side.items()
                        if r.wins + r.draws + r.losses
                    },
                    "chart": bool(history),
                }
            )
        played = await self.service.site.listed_of(site, user, RECENT_SHOWN)
        recent = await self.summaries(played, board=False)
        return {"name": name, "games": records, "recent": recent, "user": user}
