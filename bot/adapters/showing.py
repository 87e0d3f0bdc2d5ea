"""How an adapter shows people (`People`) and the words every message shares: points, a
game's and a side's names, a record, a game's title, result and sides (`Words`, the base
of `Wording`)."""

from __future__ import annotations

from typing import Any, Protocol

from bot.errors import Part, join_parts
from bot.i18n import _, ngettext
from bot.service import (
    MatchView,
    result_parts,
    terms_parts,
)
from rules import Game, get_game


class People(Protocol):
    """How an adapter shows a user, a channel, and text a user typed."""

    def user(self, user_id: int | None) -> str:
        """Someone named in a post (a mention on Discord)."""

    def name(self, user_id: int) -> str:
        """Someone named in a reply only the person reading it sees."""

    def channel(self, channel_id: int, guild_id: int | None = None) -> str:
        """A channel or thread, as a link where the adapter has links (`guild_id` 0: a DM
        or group DM, which has no channel mention)."""

    def literal(self, text: str) -> str:
        """Text someone typed (a display name), to be shown as it is."""

    def when(self, at: float) -> str:
        """A moment (unix time) to come, as 'in 2 hours' or 'at 09:30 UTC'."""

    def server(self, guild_id: int) -> str:
        """A server, by its name where the adapter knows it."""

    def link(self, guild_id: int, channel_id: int, message_id: int) -> str | None:
        """A link that opens a message (None: the adapter has no links)."""


def points_text(points: float) -> str:
    """'4½ points', '1 point', '½ point', '0 points'."""
    whole, half = int(points), points % 1 >= 0.5
    if not half:
        return ngettext("{points} point", "{points} points", whole).format(points=whole)
    score = ("" if whole == 0 else str(whole)) + "½"
    # i18n: a score with a half point ('½ point', '4½ points'); the count is 1 for ½ and the
    # score rounded up otherwise: where a fraction takes one form (Russian, Polish: 'очка',
    # 'punktu'), write that form in every plural
    return ngettext("{score} point", "{score} points", whole + 1).format(score=score)


def game_name(game: Game[Any, Any]) -> str:
    """A game's name in the language spoken now ('Checkers', 'Dame')."""
    return _(game.name)


def side_name(game: Game[Any, Any], side: str) -> str:
    """A side's name in the language spoken now ('White', 'the Musketeers')."""
    return _(game.side_name(side))


def house_rule_text(rule: str) -> str:
    """'house rule: free jumps' (a rule's name in the language spoken now)."""
    return _("house rule: {rule}").format(rule=_(rule))


def record_text(wins: int, draws: int, losses: int) -> str:
    """'3-1-2': wins, draws and losses (figures, the same in every language)."""
    return f"{wins}-{draws}-{losses}"


class Words:
    """The words of every message, for one adapter's way of showing people, in the language
    spoken now (`bot.i18n.speaking`: the dispatcher sets the reader's)."""

    def __init__(self, people: People) -> None:
        self.people = people

    def parts(self, parts: tuple[Part, ...]) -> str:
        return join_parts(parts, self.people.user)

    def result(self, match: MatchView) -> str:
        return self.parts(result_parts(match))

    def winner(self, match: MatchView) -> str:
        """'@bob (White) won', or '' when nobody won (a draw, an aborted game)."""
        side = match.winner_side
        if side is None:
            return ""
        name = side_name(get_game(match.game_id), side)
        # i18n: the end of 'Game over. {result}.': who won and their side
        return _("{player} ({side}) won").format(
            player=self.people.user(match.players[side]), side=name
        )

    def title(self, match: MatchView) -> str:
        """'**Checkers #3**', with what sets the game apart from its game's own: '(house
        rule: free jumps, unrated)', '(Ballot 37: 9-14 22-17 6-9, game 1 of 2 · match @alice
        1-0 @bob)'."""
        terms = self.parts(terms_parts(match))
        return self._numbered(match.game_name, match.id, terms)

    @staticmethod
    def _numbered(game: str, number: int, terms: str = "") -> str:
        """'**Checkers #3**', or '**Checkers #3** (house rule: free jumps)'."""
        if not terms:
            # i18n: a game's title (Markdown bold): the game's name and its number
            return _("**{game} #{number}**").format(game=game, number=number)
        # i18n: a game's title (Markdown bold) and what sets it apart ('house rule: free jumps')
        return _("**{game} #{number}** ({terms})").format(game=game, number=number, terms=terms)

    def sides(self, match: MatchView) -> str:
        """'Black: @alice, White: @bob'."""
        game = get_game(match.game_id)
        return ", ".join(
            # i18n: a side and who plays it, in a list ('Black: @alice, White: @bob')
            _("{side}: {player}").format(side=side_name(game, side), player=self.people.user(user))
            for side, user in match.players.items()
        )
