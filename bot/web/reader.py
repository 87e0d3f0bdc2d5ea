"""What the web pages show, read through the match service: a game's state (its board drawn
by render as SVG, players by the names they go by, the moves, the clock, its review), a
server's games and leaderboards, a player's record. Nothing here writes."""

from __future__ import annotations

import base64
import hashlib
import json
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from bot.service import MatchService, MatchStatus, MatchView, SiteGame, SiteView
from render import board_svg
from rules import GAMES, capitalised, get_game, status_text

#: games a server page lists, in progress and finished
LIVE_SHOWN = 24
FINISHED_SHOWN = 30
LEADERS_SHOWN = 10
RECENT_SHOWN = 20
#: a game's states and boards kept ready for the next watcher (each a few KB)
CACHED = 2000
#: how long a game's look-up serves its pages while the game does not change
FRESH_SECONDS = 1.0


def piece_href(game_id: str, letter: str) -> str:
    return f"/piece/{game_id}/{letter}.png"


def player_key(site_token: str, user_id: int) -> str:
    """A player's address on a server's site: unguessable without the site's, and no id."""
    digest = hashlib.blake2b(str(user_id).encode(), key=site_token.encode(), digest_size=9)
    return base64.urlsafe_b64encode(digest.digest()).decode()


class Lru(OrderedDict[Any, Any]):
    def keep(self, key: Any, value: Any) -> Any:
        self[key] = value
        if len(self) > CACHED:
            self.popitem(last=False)
        return value

    def fresh(self, key: Any) -> Any:
        value = self.get(key)
        if value is not None:
            self.move_to_end(key)
        return value


class Reader:
    def __init__(self, service: MatchService, clock: Callable[[], float] = time.monotonic) -> None:
        self.service = service
        self.clock = clock
        self._states: Lru = Lru()
        self._boards: Lru = Lru()
        self._found: dict[str, tuple[float, SiteGame]] = {}  # token -> (fresh until, game)

    # --- finding ---
    async def game(self, token: str) -> SiteGame | None:
        """The game an address names, if a page may show it (looked up again after any
        change to it, and at least every FRESH_SECONDS: a site turned off shows by then)."""
        now = self.clock()
        found = self._found.get(token)
        if found is not None and found[0] > now:
            return found[1]
        shown = await self.service.site.game(token)
        if shown is not None:
            if len(self._found) >= CACHED:
                self._found.clear()
            self._found[token] = (now + FRESH_SECONDS, shown)
        return shown

    def forget(self, match_id: int) -> None:
        """A match changed: its pages look it up again."""
        for token, (_, shown) in list(self._found.items()):
            if shown.match.id == match_id:
                del self._found[token]

    async def game_by_id(self, match_id: int) -> SiteGame | None:
        """A changed match, if a page may show it (the live streams' look-up)."""
        token = await self.service.site.token_of(match_id)
        return None if token is None else await self.game(token)

    async def site(self, token: str) -> SiteView | None:
        return await self.service.site.shown(token)

    # --- one game ---
    async def state(self, shown: SiteGame) -> bytes:
        """Everything a game page shows, as JSON (kept while the game stands still)."""
        match = shown.match
        review = await self.service.analyses.analysis(match.id) if not match.active else None
        reviewed = review is not None and review.complete
        key = (match.id, match.ply, match.status, match.deadline, reviewed, shown.site)
        cached = self._states.fresh(key)
        if cached is not None:
            return bytes(cached)
        game = get_game(match.game_id)
        names = await self.names(match)
        state: dict[str, Any] = {
            "token": shown.token,
            "title": f"{game.name} #{match.id}",
            "game": game.name,
            "active": match.active,
            "ply": match.ply,
            "moves": list(match.moves),
            "status": self.status(match),
            "deadline": match.deadline if match.active else None,
            "turn": match.side_to_move if match.active else None,
            "players": [
                {"side": game.side_name(side), "letter": side, "name": names[side]}
                for side in game.sides
            ],
            "server": shown.site,
            "keys": {
                side: player_key(shown.site, user)
                for side, user in match.players.items()
                if side != match.computer_side
            },
            "board": await self.board(match, match.ply),
            "review": None,
        }
        if review is not None and review.review is not None:
            judged = review.review
            state["review"] = {
                "accuracy": {game.side_name(s): round(a) for s, a in judged.accuracy.items()},
                "marks": [j.mark for j in judged.moves],
                "best": [j.best if j.mark else "" for j in judged.moves],
            }
        data = json.dumps(state, separators=(",", ":")).encode()
        return bytes(self._states.keep(key, data))

    async def board(self, match: MatchView, ply: int) -> str:
        """The board after `ply` moves, the last one shown (SVG; ply 0: the start)."""
        key = (match.id, ply, match.ply, match.status)
        cached = self._boards.fresh(key)
        if cached is not None:
            return str(cached)
        record = await self.service.replay(match)
        last = ply == len(record.moves)
        svg = board_svg(
            match.game_id,
            record.positions[ply],
            last_move=record.moves[ply - 1] if ply else None,
            before=record.positions[ply - 1] if ply else None,
            outcome=match.outcome if last else None,
            piece_href=piece_href,
        )
        return str(self._boards.keep(key, svg))

    def status(self, match: MatchView) -> str:
        if match.status == MatchStatus.ABORTED:
            return "Called off"
        return status_text(get_game(match.game_id), match.position, match.outcome)

    async def names(self, match: MatchView) -> dict[str, str]:
        """Each side's player by the name they go by on the server (never an id)."""
        names = {}
        for side, user in match.players.items():
            if side == match.computer_side:
                names[side] = f"Computer (level {match.computer_level})"
            else:
                known = await self.service.standings.known_name(match.guild_id, user)
                names[side] = known or "a player"
        return names

    # --- a server ---
    async def server(self, site: SiteView) -> dict[str, Any]:
        """A server page's games and leaderboards."""
        guild = site.guild_id
        live = await self.live(site)
        over = await self.service.site.listed(site, active=False, limit=FINISHED_SHOWN)
        leaders = {}
        for game in GAMES.values():
            rows = await self.service.site.leaderboard(guild, game.id, LEADERS_SHOWN)
            if rows:
                leaders[game.name] = [
                    {
                        "rank": r.rank, "name": r.name or "a player", "rating": round(r.rating),
                        "games": r.games, "key": player_key(site.token, r.user_id),
                    }
                    for r in rows
                ]  # fmt: skip
        return {
            "live": live,
            "finished": await self.summaries(over, board=False),
            "leaders": leaders,
        }

    async def live(self, site: SiteView) -> list[dict[str, Any]]:
        """A server's listed games in progress, each with its board."""
        return await self.summaries(
            await self.service.site.listed(site, active=True, limit=LIVE_SHOWN)
        )

    async def summary(self, match: MatchView, token: str, *, board: bool = True) -> dict[str, Any]:
        """A game in a list: its address, players, status, and its board if it is live."""
        names = await self.names(match)
        game = get_game(match.game_id)
        return {
            "token": token,
            "title": f"{game.name} #{match.id}",
            "players": " – ".join(names[s] for s in game.sides),
            "status": self.status(match),
            "active": match.active,
            "ply": match.ply,
            "board": await self.board(match, match.ply) if board else None,
        }

    async def summaries(self, games: list[SiteGame], *, board: bool = True) -> list[dict[str, Any]]:
        return [await self.summary(g.match, g.token, board=board) for g in games]

    # --- a player ---
    async def player(self, site: SiteView, key: str) -> dict[str, Any] | None:
        guild = site.guild_id
        user = next(
            (u for u in await self.service.site.players(guild) if player_key(site.token, u) == key),
            None,
        )
        if user is None:
            return None
        name = await self.service.standings.known_name(guild, user) or "a player"
        records = []
        for stats in await self.service.site.stats(guild, user):  # listed games only
            game = get_game(stats.game_id)
            history = await self.service.site.rating_history(guild, game.id, user)
            records.append(
                {
                    "game": game.name,
                    "id": game.id,
                    "rating": None if stats.rating is None else round(stats.rating),
                    "record": [stats.wins, stats.draws, stats.losses],
                    "sides": {
                        capitalised(game.side_name(s)): [r.wins, r.draws, r.losses]
                        for s, r in stats.by_side.items()
                    },
                    "chart": bool(history),
                }
            )
        played = await self.service.site.listed_of(site, user, RECENT_SHOWN)
        recent = await self.summaries(played, board=False)
        return {"name": name, "games": records, "recent": recent, "user": user}
