"""The web site as the chat adapters see it: a server turns it on or off (and its name), a
game's address for its Watch button, and which channels everyone can read (only their games
and tournaments are shown); and as the site reads it: the servers and games its addresses
name, the games a server's pages list, what a game's page says beside its board (rated or
not, the players' ratings, its tournament), the tournaments it shows with their boards, and
its standings, which count those listed games alone."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.errors import Refusal
from bot.i18n import Text
from bot.service.finding import no_match, pick_game
from bot.service.shared import Shared
from bot.service.standings import _record_by_side, _total
from bot.service.tournament_rounds import result_of
from bot.service.tournament_scores import Result
from bot.service.views import Actor, Audience, GameStats, LeaderboardRow, MatchView
from bot.store.rows import Row
from bot.store.standing_tables import Rating
from bot.store.tournament_tables import TournamentRows
from bot.store.web_tables import UNKNOWN, WebRows
from rules import GAMES

#: the end of a game still being played, for the ratings read before it
NOT_OVER = 1e18


@dataclass(frozen=True)
class SiteView:
    guild_id: int
    token: str  # the server page's address, under the site's
    enabled: bool
    name: str | None = None  # the server's, as the chat adapter last told it


@dataclass(frozen=True)
class SiteGame:
    """A game the site may show: its view, its address, its server's site address, whether
    it is listed (played in a channel everyone on the server can read), when it began and
    when it ended (None: it goes on)."""

    match: MatchView
    token: str
    site: str
    listed: bool
    started: float = 0.0
    ended: float | None = None


@dataclass(frozen=True)
class SiteRating:
    """A player's rating beside their name on a game's page: as the game began (a game that
    rated nobody: as it ended), and what the game changed it by (None: nothing)."""

    rating: float
    rd: float
    change: float | None = None


@dataclass(frozen=True)
class GameFacts:
    """What a game's page says of it beside the board: whether it counts for ratings, each
    side's player's rating (None: the computer's side), the tournament and round it is a
    game of (None: none), with whether the site shows that tournament, and the address of
    the other game of its ballot pair (None: none)."""

    rated: bool
    ratings: dict[str, SiteRating | None]
    tournament: int | None = None
    round: int | None = None
    tournament_listed: bool = False
    pair_token: str | None = None


@dataclass(frozen=True)
class SiteBoard:
    """One board of a tournament's round: its result, and its game (None: a bye, or a
    forfeit against a player who withdrew)."""

    result: Result
    game: SiteGame | None


class Site:
    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.rows = WebRows(shared.store)
        self.events = TournamentRows(shared.store)

    async def turn(
        self, actor: Actor, *, manager: bool, on: bool, name: str | None = None
    ) -> SiteView:
        """Show this server's games on the web site, or stop (Manage Server only); `name`:
        the server's, for its page (None: the one known)."""
        if not manager:
            raise Refusal(
                Text("Only someone who may manage this server can put its games on the web site.")
            )
        now = self.shared.settings.clock()
        row = await self.rows.turn(actor.guild_id, on, now, name or None)
        return _site(row)

    async def named(self, guild_id: int, name: str) -> None:
        """A server's name as the chat adapter sees it (at start, renamed), for its page."""
        if name:
            await self.rows.name_site(guild_id, name)

    async def of(self, guild_id: int) -> SiteView | None:
        row = await self.rows.site(guild_id)
        return None if row is None else _site(row)

    async def shown(self, token: str) -> SiteView | None:
        """The server a site address names, if it shows its games."""
        row = await self.rows.shown_site(token)
        return None if row is None else _site(row)

    async def game(self, token: str) -> SiteGame | None:
        """The game an address names, if its server shows its games."""
        row = await self.rows.shown_match(token)
        if row is None:
            return None
        site = await self.rows.site(row["guild_id"])
        if site is None or not site["enabled"]:
            return None
        listed = await self.rows.is_listed(row["id"])
        return await self._game(row, site["token"], listed)

    async def token_of(self, match_id: int) -> str | None:
        """A match's address, whether its server shows its games or not."""
        return await self.rows.token_of(match_id)

    async def listed(self, site: SiteView, *, active: bool, limit: int) -> list[SiteGame]:
        """A server's listed games in progress (oldest first) or finished (latest first)."""
        return await self._games(site, await self.rows.listed(site.guild_id, active, limit))

    async def listed_of(self, site: SiteView, user_id: int, limit: int) -> list[SiteGame]:
        """A player's latest listed games on a server."""
        return await self._games(site, await self.rows.listed_of(site.guild_id, user_id, limit))

    async def _games(self, site: SiteView, rows: list[Row]) -> list[SiteGame]:
        return [await self._game(r, site.token, True) for r in rows]

    async def _game(self, row: Row, site: str, listed: bool) -> SiteGame:
        match = await self.shared.find.match(row["id"])
        return SiteGame(match, row["web_token"], site, listed, row["created_at"], row["ended_at"])

    async def facts(self, game: SiteGame) -> GameFacts:
        """What a game's page says of it beside the board (see GameFacts)."""
        match = game.match
        event = await self.rows.round_of(match.id)
        rated = (
            match.computer_level is None
            and not match.house_rule
            and not match.private
            and (event is None or bool(event["rated"]))
        )
        ratings: dict[str, SiteRating | None] = {}
        for side, user in match.players.items():
            ratings[side] = None if side == match.computer_side else await self._rating(game, user)
        pair = None if match.pair_id is None else await self.rows.token_of(match.pair_id)
        if event is None:
            return GameFacts(rated, ratings, pair_token=pair)
        listed = event["tournament_id"] in await self.rows.tournaments(match.guild_id)
        return GameFacts(rated, ratings, event["tournament_id"], event["round"], listed, pair)

    async def _rating(self, game: SiteGame, user_id: int) -> SiteRating:
        match = game.match
        rows = await self.rows.ratings_by(  # a house rule's game: the player's game's rating
            match.guild_id, pick_game(match.game_id).id, user_id, match.id, game.ended or NOT_OVER
        )
        new = Rating()  # a player never rated
        if rows and rows[0]["match_id"] == match.id:  # this game rated them
            rating, rd = (
                (rows[1]["rating"], rows[1]["rd"]) if len(rows) > 1 else (new.rating, new.rd)
            )
            return SiteRating(rating, rd, rows[0]["rating"] - rating)
        if rows:
            return SiteRating(rows[0]["rating"], rows[0]["rd"])
        return SiteRating(new.rating, new.rd)

    # --- tournaments the site shows: those held in channels everyone can read ---
    async def tournaments(self, site: SiteView) -> list[int]:
        """A server's tournaments the site shows, latest first."""
        return await self.rows.tournaments(site.guild_id)

    async def boards(self, site: SiteView, tournament_id: int) -> list[SiteBoard]:
        """A shown tournament's boards, round by round: each game with its page, each bye
        and forfeit (none: the site does not show this tournament)."""
        if tournament_id not in await self.tournaments(site):
            return []
        games = {
            r["id"]: await self._game(r, site.token, True)
            for r in await self.rows.tournament_matches(tournament_id)
        }
        return [
            SiteBoard(result_of(r), games.get(r["match_id"]))
            for r in await self.events.games(tournament_id)
        ]

    async def players(self, guild_id: int) -> list[int]:
        """Everyone who played a listed game on a server."""
        return await self.rows.players(guild_id)

    async def game_link(self, match_id: int) -> str | None:
        """A game's address on the site (None: its server does not show its games)."""
        return await self.rows.match_link(match_id)

    async def audience(self, actor: Actor, match: MatchView) -> Audience:
        """Who may be shown a game's record, review or board asked for where `actor` is:
        everyone there, when asked in the game's own channel or thread or when everyone on
        the server can read the game's channel (as the chat adapter last told: unknown
        counts as private); else only a player of the game, privately. Anyone else is
        refused, without a word of the game."""
        if actor.channel_id in (match.channel_id, match.thread_id):
            return Audience.HERE
        if await self.rows.is_listed(match.id):
            return Audience.HERE
        if match.side_of(actor.user_id) is not None:
            return Audience.PLAYER
        if match.private:  # not a word of it to anyone else
            raise Refusal(no_match(match.id))
        raise Refusal(
            Text(
                "{game} #{number} is played in a channel not everyone here can read: only its "
                "players can see it from elsewhere. Ask in the game's channel.",
                game=match.game_named,
                number=match.id,
            )
        )

    async def see_channel(self, guild_id: int, channel_id: int, public: bool) -> None:
        """Whether @everyone can read a channel where games are played, as the adapter saw it."""
        await self.rows.see_channel(guild_id, channel_id, public, self.shared.settings.clock())

    async def channels(self, guild_id: int) -> list[int]:
        """The channels of a server whose games the site may list, whose visibility the
        adapter tells again when it may have changed: where games were challenged, and the
        server's tournaments' channels."""
        return await self.rows.channels(guild_id)

    async def channel_changed(self, guild_id: int, channel_id: int, public: bool | None) -> None:
        """Whether @everyone can read a channel now, as the adapter sees it (a channel or
        thread changed, its permissions did, or it is gone); None: the adapter cannot tell,
        and its games are not listed until it can. Only the channels the site may list
        games of are kept (a tournament's channel from its first word)."""
        value = UNKNOWN if public is None else int(public)
        now = self.shared.settings.clock()
        if await self.rows.seen_again(channel_id, value, now):
            return
        if await self.rows.hosts_tournament(channel_id):
            await self.rows.see_channel(guild_id, channel_id, value, now)

    async def restarted(self, serves: Callable[[int], bool]) -> None:
        """The chat adapter starts again: what it saw of its servers' channels before may
        have changed meanwhile, so the channels everyone could read are unknown (their games
        unlisted) until it tells again. `serves`: whether a server is this process's."""
        guilds = [g for g in await self.rows.guilds_listing() if serves(g)]
        await self.rows.unknown_again(guilds, self.shared.settings.clock())

    # --- standings as the site shows them: from listed games only, so a player whose
    # games were all in private channels has no page and no line ---
    async def leaderboard(self, guild_id: int, game_id: str, limit: int) -> list[LeaderboardRow]:
        """A server's players of a game with a listed rated game, by their rating after
        their latest one (best first); their games and record are the listed ones."""
        game = pick_game(game_id)
        first, second = game.sides
        rows = await self.rows.leaders(guild_id, game.id, (first, second), max(1, limit))
        return [
            LeaderboardRow(
                rank, r["user_id"], r["name"], r["rating"], r["rd"], int(r["games"]),
                int(r["wins"]), int(r["draws"]), int(r["games"] - r["wins"] - r["draws"]),
            )
            for rank, r in enumerate(rows, 1)
        ]  # fmt: skip

    async def rating_history(
        self, guild_id: int, game_id: str, user_id: int
    ) -> list[tuple[float, float]]:
        """A player's (rating, deviation) after each of their listed rated games."""
        rows = await self.rows.rating_history(guild_id, pick_game(game_id).id, user_id)
        return [(r["rating"], r["rd"]) for r in rows]

    async def stats(self, guild_id: int, user_id: int) -> list[GameStats]:
        """A player's rating (after their latest listed rated game) and record per game,
        from their listed finished games."""
        out = []
        for game in GAMES.values():
            finished = await self.rows.finished_of(guild_id, game.id, user_id)
            if not finished:
                continue
            people = [r for r in finished if r["computer_level"] is None]
            by_level: dict[int, list[Row]] = {}
            for row in finished:
                if row["computer_level"] is not None:
                    by_level.setdefault(row["computer_level"], []).append(row)
            history = await self.rows.rating_history(guild_id, game.id, user_id)
            by_side = _record_by_side(game.sides, people, user_id)
            total = _total(by_side)
            out.append(
                GameStats(
                    game.id,
                    history[-1]["rating"] if history else None,
                    history[-1]["rd"] if history else None,
                    total.wins,
                    total.draws,
                    total.losses,
                    by_side,
                    {
                        level: _total(_record_by_side(game.sides, rows, user_id))
                        for level, rows in sorted(by_level.items())
                    },
                )
            )
        return out


def _site(row: Row) -> SiteView:
    return SiteView(row["guild_id"], row["token"], bool(row["enabled"]), row["name"])
