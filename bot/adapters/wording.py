"""Every message the bot words, in one place. People and channels are shown through the
adapter's `People` (a Discord mention, or @name in the console); text someone typed (a
display name) goes through `People.literal` so it is shown, never obeyed."""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from typing import Any, Protocol

from bot.errors import Part, join_parts
from bot.i18n import _, ngettext
from bot.service import (
    ChallengeView,
    GameStats,
    LeaderboardRow,
    Listing,
    MatchView,
    SweepEvent,
    SweepKind,
    Vacation,
    duration_text,
    rating_text,
    result_parts,
    terms_parts,
)
from rules import GAMES, Game, get_game, move_number, numbered_move


class People(Protocol):
    """How an adapter shows a user, a channel, and text a user typed."""

    def user(self, user_id: int | None) -> str:
        """Someone named in a post (a mention on Discord)."""

    def name(self, user_id: int) -> str:
        """Someone named in a reply only the person reading it sees."""

    def channel(self, channel_id: int) -> str:
        """A channel or thread, as a link where the adapter has links."""

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


def _record(wins: int, draws: int, losses: int) -> str:
    """'3-1-2': wins, draws and losses (figures, the same in every language)."""
    return f"{wins}-{draws}-{losses}"


class Wording:
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

    # --- challenges ---
    def challenge(self, challenge: ChallengeView) -> str:
        game = get_game(challenge.game_id)
        who = self.people.user
        terms = []
        if challenge.challenger_side:
            mine = side_name(game, challenge.challenger_side)
            theirs = side_name(game, game.opponent(challenge.challenger_side))
            # i18n: a term of a challenge ('@alice plays Black, the opponent White')
            terms.append(
                _("{challenger} plays {side}, the opponent {other_side}").format(
                    challenger=who(challenge.challenger_id), side=mine, other_side=theirs
                )
            )
        else:
            terms.append(_("sides drawn at random"))
        if challenge.opening:
            terms.append(
                _(
                    "a ballot pair: one of the ACF's three-move openings, drawn when the "
                    "challenge is accepted, played twice, colours reversed"
                )
            )
        if game.house_rule:
            # i18n: a term of a challenge: the house rule's name ('free jumps')
            terms.append(_("house rule: {rule}, unrated").format(rule=_(game.house_rule)))
        # i18n: a term of a challenge: the time each move may take ('1 day')
        terms.append(_("{time} per move").format(time=duration_text(challenge.move_seconds)))
        # i18n: {terms}: the challenge's terms, separated by '; '; {when}: 'at 2026-11-27
        # 05:06 UTC' in the console, a time Discord shows in each reader's zone on Discord
        return _(
            "{challenger} challenges {opponent} to **{game}** ({terms}). "
            "The challenge lapses {when}."
        ).format(
            challenger=who(challenge.challenger_id),
            opponent=who(challenge.opponent_id),
            game=game_name(game),
            terms="; ".join(terms),
            when=self.people.when(challenge.expires_at),
        )

    def started(self, match: MatchView) -> str:
        title, sides = self.title(match), self.sides(match)
        if match.computer_level is None:
            return _("{game} has started: {sides}.").format(game=title, sides=sides)
        return _(
            "{game} has started: {sides}. I play at level {level} of 5; the game is unrated."
        ).format(game=title, sides=sides, level=match.computer_level)

    def declined(self, challenge: ChallengeView, by: int) -> str:
        who, whose = self.people.user(by), self.people.user(challenge.challenger_id)
        return _("{player} declined {challenger}'s challenge to play {game}.").format(
            player=who, challenger=whose, game=game_name(get_game(challenge.game_id))
        )

    def withdrawn(self, challenge: ChallengeView, by: int) -> str:
        return _("{player} withdrew the challenge to play {game}.").format(
            player=self.people.user(by), game=game_name(get_game(challenge.game_id))
        )

    @staticmethod
    def thread_name(match: MatchView, names: list[str]) -> str:
        """Plain text (threads render no markup): 'Checkers #3: Alice vs Bob'."""
        # i18n: two players in a thread's name (plain text, no Markdown)
        versus = _("{player} vs {opponent}")
        players = reduce(lambda a, b: versus.format(player=a, opponent=b), names) if names else ""
        # i18n: a thread's name (plain text, no Markdown, 100 characters at most)
        name = _("{game} #{number}: {players}").format(
            game=match.game_name, number=match.id, players=players
        )
        return name[:100]

    # --- a match's board ---
    def board_text(
        self,
        match: MatchView,
        headline: str,
        away_until: float | None = None,
        *,
        ended: bool = False,
    ) -> str:
        """Who is to move (or the result) after the headline; `ended`: the headline says
        how the game ended ('@alice resigned.'), so the result only adds who won."""
        if not match.active:
            result = self.winner(match) if ended else self.result(match)
            # i18n: {result}: 'Black won (White resigned)', 'Draw (agreement)'
            status = _("Game over. {result}.").format(result=result) if result else _("Game over.")
        else:
            mover = self.people.user(match.user_to_move)
            status = self._to_move(match, mover)
            if match.draw_offer_by is not None:
                offer = _("{player} offers a draw.").format(
                    player=self.people.user(match.draw_offer_by)
                )
                status = f"{offer} {status}"
            if away_until is not None:
                back = _("{player} is on vacation: their clock runs again {when}.").format(
                    player=mover, when=self.people.when(away_until)
                )
                status += f" {back}"
            if match.deadline is not None:
                due = _("Time runs out {when}.").format(when=self.people.when(match.deadline))
                status += f" {due}"
        return " ".join(filter(None, [f"{self.title(match)} —", headline, status]))

    @staticmethod
    def _to_move(match: MatchView, mover: str) -> str:
        """'@bob (White) to move.', or what they must know of check (The Crown)."""
        game = get_game(match.game_id)
        side = side_name(game, match.side_to_move)
        position = game.decode(match.position_text)
        if not game.in_check(position):
            return _("{player} ({side}) to move.").format(player=mover, side=side)
        leave = game.forced_exit(position)
        if leave is None:
            return _("{player} ({side}) is in check, and to move.").format(player=mover, side=side)
        # i18n: The Crown: the side to move is checkmated, and its Prince must leave
        return _(
            "{player} ({side}) is checkmated: the Prince leaves the board (play {move})."
        ).format(player=mover, side=side, move=game.format_move(leave))

    @staticmethod
    def moves_so_far(match: MatchView) -> str:
        """'Last move: 2… 25x18.', as /board heads the picture (the view carries its move
        list, as `MatchService.match` loads it)."""
        if not match.ply:
            return _("No move yet.")
        # i18n: {move}: the move's number and notation ('2… 25x18')
        return _("Last move: {move}.").format(move=numbered_move(match.ply - 1, match.moves[-1]))

    def match_label(self, match: MatchView, user_id: int) -> str:
        """'#12 Checkers, your move' for suggestion lists (plain text, at most 100 long)."""
        game, number = match.game_name, match.id
        if match.side_of(user_id) is None:
            # i18n: an entry of a list of games (plain text, 100 characters at most)
            label = _("#{number} {game}, move {move}").format(
                number=number, game=game, move=move_number(match.ply)
            )
        elif match.user_to_move == user_id:
            # i18n: an entry of a list of games (plain text, 100 characters at most)
            label = _("#{number} {game}, your move").format(number=number, game=game)
        else:
            # i18n: an entry of a list of games (plain text, 100 characters at most)
            label = _("#{number} {game}, their move").format(number=number, game=game)
        return label[:100]

    def resign_question(self, match: MatchView, user_id: int) -> str:
        game, number = match.game_name, match.id
        if match.computer_level is not None:
            return _(
                "Resign {game} #{number} against me? The game ends as a loss and it is "
                "unrated. Press the button to resign, or ignore this."
            ).format(game=game, number=number)
        rival = self.people.name(match.opponent_of(user_id) or 0)
        if match.house_rule or match.private:  # a casual game: nobody's rating changes
            return _(
                "Resign {game} #{number} against {opponent}? The game ends as a loss and it "
                "is unrated. Press the button to resign, or ignore this."
            ).format(game=game, number=number, opponent=rival)
        return _(
            "Resign {game} #{number} against {opponent}? The game ends as a loss and your "
            "rating changes. Press the button to resign, or ignore this."
        ).format(game=game, number=number, opponent=rival)

    def vacation_taken(self, vacation: Vacation) -> str:
        """What /vacation did, in words."""
        return ngettext(
            "Your clock stands still in all your games against people (their deadlines have "
            "moved, and your opponents see it on the board); it runs again {when}. You have "
            "{n} vacation day left this month.",
            "Your clock stands still in all your games against people (their deadlines have "
            "moved, and your opponents see it on the board); it runs again {when}. You have "
            "{n} vacation days left this month.",
            vacation.days_left,
        ).format(when=self.people.when(vacation.until), n=vacation.days_left)

    @staticmethod
    def notices_chosen(mode: str | None) -> str:
        """What /notify set, in words."""
        if mode is None:
            return _("Turn notices by DM are off.")
        if mode == "turns":
            return _(
                "I will DM you when it is your move, one message a turn at most. /notify "
                "mode:off stops it; if your DMs are closed to me, I turn them off and say so in "
                "the game's thread."
            )
        return _(
            "I will DM you when your time is running out, one message a turn at most. /notify "
            "mode:off stops it; if your DMs are closed to me, I turn them off and say so in "
            "the game's thread."
        )

    def turn_notice(self, match: MatchView, news: str) -> str:
        """A turn notice by DM: 'Your move in **Checkers #1** (#checkers-1): @alice played
        11-15. Time runs out in 1 day. /notify mode:off stops these.'"""
        where = self.people.channel(match.thread_id or match.channel_id)
        game, number = match.game_name, match.id
        if match.deadline is None:
            # i18n: a DM; {news}: what happened ('@alice played 11-15.'); keep /notify mode:off
            return _(
                "Your move in **{game} #{number}** ({where}): {news} /notify mode:off stops these."
            ).format(game=game, number=number, where=where, news=news)
        # i18n: a DM; {news}: what happened ('@alice played 11-15.'); keep /notify mode:off
        return _(
            "Your move in **{game} #{number}** ({where}): {news} Time runs out {when}. "
            "/notify mode:off stops these."
        ).format(
            game=game, number=number, where=where, news=news, when=self.people.when(match.deadline)
        )

    def takeback_asked(self, user_id: int, rival: int) -> str:
        """'@alice asks to take back their last move: @bob, accept or decline.'"""
        asker, answerer = self.people.user(user_id), self.people.user(rival)
        return _(
            "{player} asks to take back their last move: {opponent}, accept or decline."
        ).format(player=asker, opponent=answerer)

    def person_did(self, user_id: int, what: str, **params: Any) -> str:
        """'@bob played 22-18.': `what` is the whole sentence, translated, naming the person
        {player} (`_("{player} played {move}.")`, with move=... in `params`)."""
        return what.format(player=self.people.user(user_id), **params)

    def forced_reply(self, user_id: int, move: str) -> str:
        """A checkmated player's one move, played for them at once."""
        return _("{player} is checkmated, so their Prince left the board at once ({move}).").format(
            player=self.people.user(user_id), move=move
        )

    def board_elsewhere(self, note: str, match: MatchView) -> str:
        where = self.people.channel(match.thread_id or match.channel_id)
        if match.thread_id:
            said = _("The board is in the game's thread, {where}.").format(where=where)
        else:
            said = _("The board is in the game's channel, {where}.").format(where=where)
        return f"{note} {said}"

    # --- lists ---
    def my_games(self, listed: list[Listing], user_id: int) -> str:
        """A person's games, one a line: the game, the opponent, whose move and until when,
        where it is played, and a link to its latest board."""
        lines = []
        for item in listed:
            m = item.match
            mine = m.user_to_move == user_id
            if m.deadline is None:
                turn = _("**your move**") if mine else _("their move")
            else:
                when = self.people.when(m.deadline)
                turn = (
                    _("**your move**, time runs out {when}")
                    if mine
                    else _("their move, time runs out {when}")
                ).format(when=when)
            place = self.people.channel(m.thread_id or m.channel_id)
            if m.guild_id:
                # i18n: where a game is played: a channel and a server
                where = _("{channel} on {server}").format(
                    channel=place, server=self.people.server(m.guild_id)
                )
            else:
                # i18n: where a game is played: a DM or group DM (no server's)
                where = _("{channel}, a DM").format(channel=place)
            shown = self._numbered(m.game_name, m.id, self.kind(m))
            if m.computer_level is not None:
                # i18n: a line of /mygames: {turn}: whose move, {place}: where it is played
                line = _("{game} against the computer (level {level}) — {turn} — {place}").format(
                    game=shown, level=m.computer_level, turn=turn, place=where
                )
            else:
                # i18n: a line of /mygames: {turn}: whose move, {place}: where it is played
                line = _("{game} against {opponent} — {turn} — {place}").format(
                    game=shown,
                    opponent=self.people.name(m.opponent_of(user_id) or 0),
                    turn=turn,
                    place=where,
                )
            at = item.board_at and self.people.link(m.guild_id, *item.board_at)
            if at:
                # i18n: a Markdown link to a game's latest board
                line += " — " + _("[latest board]({link})").format(link=at)
            lines.append(line)
        return "\n".join(lines)

    @staticmethod
    def kind(match: MatchView) -> str:
        """A game's kind in a list: 'ballot 37, game 1 of 2 with #13', 'house rule: free
        jumps' ('': a game from the start by its game's rules)."""
        if match.house_rule:
            return _("house rule: {rule}").format(rule=_(match.house_rule))
        if match.pair_id is None:
            return ""
        # i18n: a game of a ballot pair: the ballot's number, and the pair's other game
        return _("ballot {ballot}, game {number} of 2 with #{other}").format(
            ballot=match.ballot, number=match.pair_number, other=match.pair_id
        )

    def games_here(self, matches: list[MatchView]) -> str:
        lines = []
        for m in matches:
            # i18n: a line of the games played in a channel: its number, name, sides, who is to
            # move and the move's number
            line = _("#{number} {game}: {sides} — {player} to move, move {move}").format(
                number=m.id,
                game=m.game_name,
                sides=self.sides(m),
                player=self.people.user(m.user_to_move),
                move=move_number(m.ply),
            )
            where = f" — {self.people.channel(m.thread_id)}" if m.thread_id else ""
            lines.append(line + where)
        return "\n".join(lines)

    def leaderboard(self, rows: list[LeaderboardRow]) -> str:
        return "\n".join(
            # i18n: a leaderboard's line: rank, player, rating, games played, and wins-draws-
            # losses ({record}, '3-1-2')
            ngettext(
                "{rank}. {player} — {rating}, {n} game, {record}",
                "{rank}. {player} — {rating}, {n} games, {record}",
                r.games,
            ).format(
                rank=r.rank,
                player=self.person(r.user_id, r.name),
                rating=rating_text(r.rating, r.rd),
                n=r.games,
                record=_record(r.wins, r.draws, r.losses),
            )
            for r in rows
        )

    def person(self, user_id: int, name: str | None) -> str:
        """A remembered display name, shown literally, else the adapter's way to show them."""
        return self.people.literal(name) if name else self.people.user(user_id)

    def stats(self, stats: list[GameStats]) -> tuple[tuple[str, str], ...]:
        fields = []
        for s in stats:
            game = get_game(s.game_id)
            rating = _("unrated") if s.rating is None else rating_text(s.rating, s.rd or 0)
            sides = "; ".join(
                # i18n: a record with one side ('as Black 3-1-2': wins-draws-losses)
                _("as {side} {record}").format(
                    side=side_name(game, side), record=_record(r.wins, r.draws, r.losses)
                )
                for side, r in s.by_side.items()
            )
            parts = []
            if s.rating is not None or s.wins + s.draws + s.losses:
                parts.append(
                    # i18n: a rating, the record (wins-draws-losses) and the records by side;
                    # W-D-L abbreviates win, draw, loss
                    _("{rating}, {record} (W-D-L); {sides}").format(
                        rating=rating, record=_record(s.wins, s.draws, s.losses), sides=sides
                    )
                )
            if s.against_computer:
                levels = ", ".join(
                    # i18n: the record against one level of the computer ('level 3: 1-0-2')
                    _("level {level}: {record}").format(
                        level=n, record=_record(r.wins, r.draws, r.losses)
                    )
                    for n, r in s.against_computer.items()
                )
                # i18n: {levels}: the records against each level ('level 3: 1-0-2, level 4: ...')
                parts.append(_("against the computer (unrated): {levels}").format(levels=levels))
            text = "; ".join(parts)
            fields.append((game_name(game), text))
        return tuple(fields)

    @staticmethod
    def help(commands: Sequence[tuple[str, str]]) -> str:
        """Each command, as (name, what it does: its description, translated here), and the
        games."""
        games = ", ".join(
            # i18n: a game in the list of games: its name and the id typed in commands
            _("{game} ({id})").format(game=game_name(g), id=g.id)
            for g in GAMES.values()
        )
        lines = [f"/{name} — {_(text) if text else text}" for name, text in commands]
        return "\n".join([*lines, _("Games: {games}.").format(games=games)])

    # --- the sweeper's news ---
    def lapsed(self, challenge: ChallengeView) -> str:
        return _("{challenger}'s challenge to play {game} lapsed unanswered.").format(
            challenger=self.people.user(challenge.challenger_id),
            game=game_name(get_game(challenge.game_id)),
        )

    def reminder(self, event: SweepEvent) -> str:
        match = event.match
        assert match is not None
        # i18n: {time}: the time left ('2 hours')
        return _(
            "{player}, your move in {game} #{number}: {time} left before you lose on time."
        ).format(
            player=self.people.user(match.user_to_move),
            game=match.game_name,
            number=match.id,
            time=duration_text(event.seconds_left),
        )

    @staticmethod
    def time_headline(event: SweepEvent) -> str:
        return _("Time is up.") if event.kind == SweepKind.TIMEOUT else _("Nobody moved in time.")
