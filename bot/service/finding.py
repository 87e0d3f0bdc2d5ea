"""Finding what an action is about: a match or a challenge by number, the match meant
here (for players and spectators alike), a game by name; each a refusal when there is none."""

from __future__ import annotations

from typing import Any

from bot.errors import Person, Refusal, joined
from bot.i18n import Text
from bot.service.match_view import Reach, game_named, is_private
from bot.service.rules_errors import refused
from bot.service.views import Actor, ChallengeView, MatchView
from bot.store import Row
from bot.store.challenge_table import ChallengeRows
from bot.store.match_table import MatchRows
from rules import Game, UnknownGame, get_game


def pick_game(game_id: str) -> Game[Any, Any]:
    """The game, or a refusal naming the choices (and the game meant, for a typo)."""
    try:
        return get_game(game_id)
    except UnknownGame as err:  # its words: the games there are, and a typo's guess
        raise Refusal(refused(err)) from None


def no_match(match_id: int) -> Text:
    """What anyone is told of a number that is no match they may see (one wording, so a
    private game's number says nothing of it)."""
    return Text("There is no match #{number}. /games lists the games in progress.", number=match_id)


def no_challenge(challenge_id: int) -> Text:
    """What anyone is told of a number that is no challenge they may see."""
    return Text("There is no challenge #{number}.", number=challenge_id)


def played_elsewhere(game_id: str, match_id: int) -> Text:
    """A match acted on outside the channel (and thread) it is played in."""
    return Text(
        "{game} #{number} is played in another channel: act there.",
        game=game_named(game_id),
        number=match_id,
    )


def shown_to(actor: Actor, row: Row) -> bool:
    """Whether a private match (MatchView.private) is the actor's to see and act on: its
    players' from anywhere (a board DMed to them has buttons), anyone's in its own channel."""
    return actor.user_id in (row["first_user"], row["second_user"]) or actor.channel_id in (
        row["channel_id"],
        row["thread_id"],
    )


def reach_again(actor: Actor, match: MatchView) -> Reach:
    """The reach of a game asked for again (a rematch): the asker's, asked where the game
    was played; the game's own, asked elsewhere by a player (a board DMed to them), since
    the rematch is played where the game was."""
    return actor.reach if actor.channel_id in (match.channel_id, match.thread_id) else match.reach


def row_or_refusal(row: Row | None, otherwise: Text) -> Row:
    """The row, or a refusal saying there is no such thing."""
    if row is None:
        raise Refusal(otherwise)
    return row


class Finder:
    """Matches and challenges by number, and the match meant where someone acts."""

    def __init__(self, matches: MatchRows, challenges: ChallengeRows) -> None:
        self.matches = matches
        self.challenges = challenges

    async def last_over(self, actor: Actor) -> int | None:
        """The person's last finished (or aborted) game on this server, if any; where games
        are their players' alone (a DM, a place the bot only answers in), in this channel."""
        if is_private(actor.reach, actor.guild_id):
            row = await self._last_here(actor)
            return None if row is None else int(row["id"])
        rows = await self.matches.of_user(actor.guild_id, actor.user_id, ("finished", "aborted"), 1)
        return int(rows[0]["id"]) if rows else None

    async def _last_here(self, actor: Actor) -> Row | None:
        return await self.matches.of_user_in(
            actor.guild_id, actor.channel_id, actor.user_id, ("finished", "aborted")
        )

    async def match_row(self, match_id: int) -> Row:
        return row_or_refusal(await self.matches.get(match_id), no_match(match_id))

    async def match(self, match_id: int) -> MatchView:
        """One match: players, position, move list and result."""
        return await self.view(await self.match_row(match_id))

    async def view(self, row: Row) -> MatchView:
        """The match of a row read, with its move list."""
        return MatchView.of(row, tuple(await self.matches.moves(row["id"])))

    async def challenge_row(self, challenge_id: int) -> Row:
        return row_or_refusal(
            await self.challenges.get(challenge_id),
            no_challenge(challenge_id),
        )

    async def challenge(self, challenge_id: int) -> ChallengeView:
        return ChallengeView.of(await self.challenge_row(challenge_id))

    async def meant(self, actor: Actor, match_id: int | None = None) -> Row:
        """The match meant, for players and spectators alike: the number given (on this
        server, or a private game the person may see: Finder.numbered), else the one whose
        thread this is, else the only game in progress here, else the person's only game
        here, else, where games are their players' alone, the person's last game here."""
        if match_id is not None:
            return await self.numbered(actor, match_id)
        bound = await self.matches.in_thread(actor.channel_id)
        if bound is not None:
            return bound
        here = await self.matches.active_here(actor.guild_id, actor.channel_id)
        mine = [r for r in here if actor.user_id in (r["first_user"], r["second_user"])]
        if len(here) == 1:
            return here[0]
        if len(mine) == 1:
            return mine[0]
        if not here and is_private(actor.reach, actor.guild_id):
            # the bot could not post what ended the person's game here (a time-out): the
            # next answer here shows it
            ended = await self._last_here(actor)
            if ended is not None:
                return ended
        if not here:
            raise Refusal(
                Text(
                    "There is no game in progress in this channel: start one with /challenge, "
                    "or give the match number."
                )
            )
        games = [
            # i18n: one of the games in progress listed in a refusal, e.g. "#12 Checkers:
            # @alice vs @bob"
            Text(
                "#{number} {game}: {first} vs {second}",
                number=r["id"],
                game=game_named(r["game_id"]),
                first=Person(r["first_user"]),
                second=Person(r["second_user"]),
            )
            for r in (mine or here)[:10]
        ]
        # i18n: games: a list of games in progress, e.g. "#12 Checkers: @alice vs @bob, #13 ..."
        raise Refusal(
            Text(
                "Several games are in progress here ({games}): say which with its match number.",
                games=joined(games),
            )
        )

    async def numbered(self, actor: Actor, match_id: int) -> Row:
        """The match of a number given: one of this server's, or a private one the actor may
        see (shown_to); to anyone else a private match is no match at all."""
        row = await self.match_row(match_id)
        if is_private(row["reach"], row["guild_id"]):
            if not shown_to(actor, row):
                raise Refusal(no_match(match_id))
        elif row["guild_id"] != actor.guild_id:
            raise Refusal(Text("There is no match #{number} on this server.", number=match_id))
        return row

    async def check_here(self, actor: Actor, match_id: int) -> None:
        """Refuse a button of a match pressed outside its channel and thread (its players
        press a private match's anywhere)."""
        row = await self.numbered(actor, match_id)
        if actor.channel_id not in (row["channel_id"], row["thread_id"]) and not is_private(
            row["reach"], row["guild_id"]
        ):
            raise Refusal(played_elsewhere(row["game_id"], match_id))
