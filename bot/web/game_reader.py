"""A game as the web pages show it, read through the match service: its state (its board
drawn by render as SVG, players by the names they go by with their ratings, the moves, the
clock, its review) and its summary in a list. Nothing here writes."""

from __future__ import annotations

import base64
import hashlib
import json
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ai.analysis import Judged, Review
from bot.errors import join_parts
from bot.i18n import _, language, ngettext, translations
from bot.i18n.position_words import position_words
from bot.service import (
    MatchService,
    MatchView,
    SiteGame,
    SiteView,
    result_parts,
    terms_parts,
)
from bot.web import facts as facts_of
from bot.web.boardwords import labelled
from bot.web.languages import server_language
from render import board_svg
from rules import Game, capitalised, get_game, status_text

#: a game's states and boards kept ready for the next watcher (each a few KB)
CACHED = 2000
#: how long a game's look-up serves its pages while the game does not change
FRESH_SECONDS = 1.0


def piece_href(game_id: str, letter: str) -> str:
    return f"/piece/{game_id}/{letter}.png"


def title(game: Game[Any, Any], number: int) -> str:
    """A game's or a tournament's title: 'Checkers #12'."""
    # i18n: a game's title: its game's name and its number
    return _("{game} #{number}").format(game=_(game.name), number=number)


def side_name(game: Game[Any, Any], letter: str) -> str:
    """A side's name in the page's language ('Black', 'the Musketeers')."""
    return _(game.side_name(letter))


def chance(game: Game[Any, Any]) -> str:
    """'Black's chance to win' (the review chart's line: its first side's)."""
    first = capitalised(side_name(game, game.sides[0]))
    if game.sides[0] in game.plural_sides:
        # i18n: a plural side's ("the Musketeers'"), the review chart's line
        return _("{side}' chance to win").format(side=first)
    # i18n: a side's ("Black's"), the review chart's line
    return _("{side}'s chance to win").format(side=first)


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


class GameReader:
    def __init__(self, service: MatchService, clock: Callable[[], float] = time.monotonic) -> None:
        self.service = service
        self.clock = clock
        self._states: Lru = Lru()
        self._boards: Lru = Lru()
        self._found: dict[str, tuple[float, SiteGame]] = {}  # token -> (fresh until, game)
        self._languages: dict[int, tuple[float, str | None]] = {}  # guild -> (until, chosen)

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
        for token, (_until, shown) in list(self._found.items()):
            if shown.match.id == match_id:
                del self._found[token]

    async def game_by_id(self, match_id: int) -> SiteGame | None:
        """A changed match, if a page may show it (the live streams' look-up)."""
        token = await self.service.site.token_of(match_id)
        return None if token is None else await self.game(token)

    async def site(self, token: str) -> SiteView | None:
        return await self.service.site.shown(token)

    async def language(self, guild_id: int) -> str | None:
        """The language a server chose for its posts and pages (None: none), looked up again
        every FRESH_SECONDS (the bot sets it, in another thread or process)."""
        now = self.clock()
        found = self._languages.get(guild_id)
        if found is not None and found[0] > now:
            return found[1]
        chosen = await server_language(self.service, guild_id)
        if len(self._languages) >= CACHED:
            self._languages.clear()
        self._languages[guild_id] = (now + FRESH_SECONDS, chosen)
        return chosen

    # --- one game ---
    async def state(self, shown: SiteGame) -> bytes:
        """Everything a game page shows, as JSON (kept while the game stands still)."""
        match = shown.match
        review = await self.review(match)
        where = (shown.site, shown.listed)
        # the other game of its pair ending changes the pair's score
        pair = match.pair_game
        key = (
            match.id, match.ply, match.status, match.deadline, review is not None, where, pair,
            language(),
        )  # fmt: skip
        cached = self._states.fresh(key)
        if cached is not None:
            return bytes(cached)
        game = get_game(match.game_id)
        names = await self.names(match)
        facts = await self.service.site.facts(shown)
        site = await self.service.site.shown(shown.site)
        state: dict[str, Any] = {
            "token": shown.token,
            "title": title(game, match.id),
            "game": _(game.name),
            "active": match.active,
            "ply": match.ply,
            "moves": list(match.moves),
            "status": self.status(match, names),
            "deadline": match.deadline if match.active else None,
            "turn": match.side_to_move if match.active else None,
            "players": [
                {
                    "side": side_name(game, letter),
                    "letter": letter,
                    "name": names[letter],
                    "key": self.key(shown, letter) if shown.listed else None,
                    **facts_of.rating(facts.ratings[letter]),
                }
                for letter in game.sides
            ],
            "server": shown.site,
            "server_name": site.name if site is not None else None,
            "about": facts_of.about(shown, facts),
            "terms": self.terms(match, names),
            "tournament": facts_of.tournament(shown, facts),
            "pair": facts_of.pair(match, facts),
            # i18n: the kind of file a game's moves download as (beside "PDN")
            "record_kind": "PDN" if game.pdn_game_type is not None else _("text"),
            "board": await self.board(match, match.ply),
            "review": None,
            "words": self.words(match.ply),
        }
        if review is not None:
            state["review"] = {
                "accuracy": {side_name(game, s): round(a) for s, a in review.accuracy.items()},
                "marks": [j.mark for j in review.moves],
                "notes": [facts_of.note(j) if j.mark else [] for j in review.moves],
                "chart": facts_of.chart_frame(len(review.chances) - 1),
                "chance": chance(game),
            }
        data = json.dumps(state, separators=(",", ":")).encode()
        return bytes(self._states.keep(key, data))

    @staticmethod
    def words(plies: int) -> dict[str, str]:
        """The page script's words that depend on the game's length (the rest are the
        page's: pages.WORDS)."""
        moves = (plies + 1) // 2
        return {"moves": ngettext("{n} move", "{n} moves", moves).format(n=moves)}

    async def review(self, match: MatchView) -> Review | None:
        """A finished game's review, once made."""
        if match.active:
            return None
        return (await self.service.analyses.analysis(match.id)).review

    async def judged(self, match: MatchView, ply: int) -> Judged | None:
        """Move `ply` of a reviewed game, if the review judged it (marked it ?!, ? or ??)."""
        review = await self.review(match)
        if review is None or not 1 <= ply <= len(review.moves) or not review.moves[ply - 1].mark:
            return None
        return review.moves[ply - 1]

    async def board(self, match: MatchView, ply: int, judged: Judged | None = None) -> str:
        """The board after `ply` moves, the last one shown (SVG; ply 0: the start); a
        judged move's as a review draws it too: the move played as a red arrow, the
        computer's choice as a green one."""
        key = (match.id, ply, match.ply, match.status, judged is not None, language())
        cached = self._boards.fresh(key)
        if cached is not None:
            return str(cached)
        record = await self.service.replay(match)
        last = ply == len(record.moves)
        arrows = {}
        if judged is not None:
            before, game = record.positions[ply - 1], get_game(match.game_id)
            better = game.parse_move(before, judged.best) if judged.best else None
            arrows = {"played": record.moves[ply - 1], "better": better}
        game = get_game(match.game_id)
        label = position_words(
            game,
            record.positions[ply],
            last_move=game.format_move(record.moves[ply - 1]) if ply else None,
            outcome=match.outcome if last else None,
        )
        svg = board_svg(
            match.game_id,
            record.positions[ply],
            last_move=record.moves[ply - 1] if ply else None,
            before=record.positions[ply - 1] if ply else None,
            outcome=match.outcome if last else None,
            piece_href=piece_href,
            **arrows,
        )
        return str(self._boards.keep(key, labelled(svg, label)))

    def status(self, match: MatchView, names: dict[str, str]) -> str:
        """Whose turn it is; once over, the result, naming the players."""
        if match.active:
            return status_text(
                get_game(match.game_id), match.position, None, translations(language())
            )
        by_user = {user: names[side] for side, user in match.players.items()}
        # i18n: who ended a game, where it was no player (in a result: "ended by a moderator")
        moderator = _("a moderator")
        return join_parts(result_parts(match), lambda user: by_user.get(user, moderator))

    @staticmethod
    def terms(match: MatchView, names: dict[str, str]) -> str:
        """Its house rule, or its ballot and its pair's score, naming the players."""
        by_user = {user: names[side] for side, user in match.players.items()}
        return join_parts(terms_parts(match), lambda user: by_user.get(user, "?"))

    def key(self, shown: SiteGame, side: str) -> str | None:
        """The address of the page of a side's player (None: the computer has none)."""
        match = shown.match
        return None if side == match.computer_side else player_key(shown.site, match.players[side])

    async def names(self, match: MatchView) -> dict[str, str]:
        """Each side's player by the name they go by on the server (never an id)."""
        names = {}
        for side, user in match.players.items():
            if side == match.computer_side:
                names[side] = _("Computer (level {level})").format(level=match.computer_level)
            else:
                known = await self.service.standings.known_name(match.guild_id, user)
                # i18n: a player whose name the site does not know
                names[side] = known or _("a player")
        return names

    async def summary(self, shown: SiteGame, *, board: bool = True) -> dict[str, Any]:
        """A game in a list: its address, players (with their sides and pages), status (the
        result, naming the winner, once over), its day, and its board if it is live."""
        match = shown.match
        names = await self.names(match)
        game = get_game(match.game_id)
        return {
            "token": shown.token,
            "title": title(game, match.id),
            "players": [
                {"side": side_name(game, s), "name": names[s], "key": self.key(shown, s)}
                for s in game.sides
            ],
            # i18n: a player and their side in a list of a game's players: "Ann (Black)"
            "who": " – ".join(
                _("{player} ({side})").format(player=names[s], side=side_name(game, s))
                for s in game.sides
            ),
            "status": self.status(match, names),
            "day": facts_of.day(shown.ended or shown.started),
            "active": match.active,
            "ply": match.ply,
            "board": await self.board(match, match.ply) if board else None,
        }

    async def summaries(self, games: list[SiteGame], *, board: bool = True) -> list[dict[str, Any]]:
        return [await self.summary(g, board=board) for g in games]

    # --- tournaments ---
