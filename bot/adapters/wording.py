"""Every message the bot words, in one place. People and channels are shown through the
adapter's `People` (a Discord mention, or @name in the console); text someone typed (a
display name) goes through `People.literal` so it is shown, never obeyed."""

from __future__ import annotations

from functools import reduce
from typing import Any

from bot.adapters.showing import game_name, side_name
from bot.adapters.wording_lists import ListWording
from bot.i18n import _, ngettext
from bot.service import (
    ChallengeView,
    MatchView,
    SweepEvent,
    SweepKind,
    Vacation,
    duration_text,
)
from rules import get_game, move_number, numbered_move


class Wording(ListWording):
    """The words of every message, for one adapter's way of showing people, in the language
    spoken now (`bot.i18n.speaking`: the dispatcher sets the reader's)."""

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
        where = self.people.channel(match.thread_id or match.channel_id, match.guild_id)
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
        where = self.people.channel(match.thread_id or match.channel_id, match.guild_id)
        if match.thread_id:
            said = _("The board is in the game's thread, {where}.").format(where=where)
        else:
            said = _("The board is in the game's channel, {where}.").format(where=where)
        return f"{note} {said}"

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
