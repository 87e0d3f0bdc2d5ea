"""Every message the bot words, in one place. People and channels are shown through the
adapter's `People` (a Discord mention, or @name in the console); text someone typed (a
display name) goes through `People.literal` so it is shown, never obeyed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.errors import Part, join_parts
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
from rules import GAMES, check_text, counted, get_game, move_number, numbered_move


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
    shown = ("" if whole == 0 and half else str(whole)) + ("½" if half else "")
    return f"{shown} {'point' if points in (0.5, 1) else 'points'}"


class Wording:
    """The words of every message, for one adapter's way of showing people."""

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
        name = get_game(match.game_id).side_name(side)
        return f"{self.people.user(match.players[side])} ({name}) won"

    def title(self, match: MatchView) -> str:
        """'**Checkers #3**', with what sets the game apart from its game's own: '(house
        rule: free jumps, unrated)', '(Ballot 37: 9-14 22-17 6-9, game 1 of 2 · match @alice
        1-0 @bob)'."""
        terms = self.parts(terms_parts(match))
        return f"**{match.game_name} #{match.id}**" + (f" ({terms})" if terms else "")

    def sides(self, match: MatchView) -> str:
        """'Black: @alice, White: @bob'."""
        game = get_game(match.game_id)
        return ", ".join(
            f"{game.side_name(side)}: {self.people.user(user)}"
            for side, user in match.players.items()
        )

    # --- challenges ---
    def challenge(self, challenge: ChallengeView) -> str:
        game = get_game(challenge.game_id)
        who = self.people.user
        if challenge.challenger_side:
            mine = game.side_name(challenge.challenger_side)
            theirs = game.side_name(game.opponent(challenge.challenger_side))
            sides = f"{who(challenge.challenger_id)} plays {mine}, the opponent {theirs}"
        else:
            sides = "sides drawn at random"
        if challenge.opening:
            sides += (
                "; a ballot pair: one of the ACF's three-move openings, drawn when the "
                "challenge is accepted, played twice, colours reversed"
            )
        if game.house_rule:
            sides += f"; house rule: {game.house_rule}, unrated"
        return (
            f"{who(challenge.challenger_id)} challenges {who(challenge.opponent_id)} to "
            f"**{game.name}** ({sides}; {duration_text(challenge.move_seconds)} per move). "
            f"The challenge lapses {self.people.when(challenge.expires_at)}."
        )

    def started(self, match: MatchView) -> str:
        against = ""
        if match.computer_level is not None:
            against = f" I play at level {match.computer_level} of 5; the game is unrated."
        return f"{self.title(match)} has started: {self.sides(match)}.{against}"

    def declined(self, challenge: ChallengeView, by: int) -> str:
        who, whose = self.people.user(by), self.people.user(challenge.challenger_id)
        return f"{who} declined {whose}'s challenge to play {get_game(challenge.game_id).name}."

    def withdrawn(self, challenge: ChallengeView, by: int) -> str:
        game = get_game(challenge.game_id).name
        return f"{self.people.user(by)} withdrew the challenge to play {game}."

    @staticmethod
    def thread_name(match: MatchView, names: list[str]) -> str:
        """Plain text (threads render no markup): 'Checkers #3: Alice vs Bob'."""
        return f"{match.game_name} #{match.id}: {' vs '.join(names)}"[:100]

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
        game = get_game(match.game_id)
        if not match.active:
            result = self.winner(match) if ended else self.result(match)
            status = f"Game over. {result}." if result else "Game over."
        else:
            side = game.side_name(match.side_to_move)
            mover = self.people.user(match.user_to_move)
            status = f"{mover} ({side}) to move."
            check = check_text(game, game.decode(match.position_text))
            if check is not None:
                status = f"{mover} ({side}) {check}."
            if match.draw_offer_by is not None:
                status = f"{self.people.user(match.draw_offer_by)} offers a draw. {status}"
            if away_until is not None:
                back = self.people.when(away_until)
                status += f" {mover} is on vacation: their clock runs again {back}."
            if match.deadline is not None:
                status += f" Time runs out {self.people.when(match.deadline)}."
        return " ".join(filter(None, [f"{self.title(match)} —", headline, status]))

    @staticmethod
    def moves_so_far(match: MatchView) -> str:
        """'Last move: 2… 25x18.', as /board heads the picture (the view carries its move
        list, as `MatchService.match` loads it)."""
        if not match.ply:
            return "No move yet."
        return f"Last move: {numbered_move(match.ply - 1, match.moves[-1])}."

    def match_label(self, match: MatchView, user_id: int) -> str:
        """'#12 Checkers, your move' for suggestion lists (plain text, at most 100 long)."""
        if match.side_of(user_id) is None:
            turn = f"move {move_number(match.ply)}"
        else:
            turn = "your move" if match.user_to_move == user_id else "their move"
        return f"#{match.id} {match.game_name}, {turn}"[:100]

    def resign_question(self, match: MatchView, user_id: int) -> str:
        if match.computer_level is None:
            rival = self.people.name(match.opponent_of(user_id) or 0)
            rating = "it is unrated" if match.house_rule else "your rating changes"
        else:
            rival, rating = "me", "it is unrated"
        return (
            f"Resign {match.game_name} #{match.id} against {rival}? The game ends as a loss "
            f"and {rating}. Press the button to resign, or ignore this."
        )

    def vacation_taken(self, vacation: Vacation) -> str:
        """What /vacation did, in words."""
        return (
            "Your clock stands still in all your games against people (their deadlines have "
            "moved, and your opponents see it on the board); it runs again "
            f"{self.people.when(vacation.until)}. You have "
            f"{counted(vacation.days_left, 'vacation day')} left this month."
        )

    @staticmethod
    def notices_chosen(mode: str | None) -> str:
        """What /notify set, in words."""
        if mode is None:
            return "Turn notices by DM are off."
        when = "when it is your move" if mode == "turns" else "when your time is running out"
        return (
            f"I will DM you {when}, one message a turn at most. /notify mode:off stops it; "
            "if your DMs are closed to me, I turn them off and say so in the game's thread."
        )

    def turn_notice(self, match: MatchView, news: str) -> str:
        """A turn notice by DM: 'Your move in **Checkers #1** (#checkers-1): @alice played
        11-15. Time runs out in 1 day. /notify mode:off stops these.'"""
        where = self.people.channel(match.thread_id or match.channel_id)
        due = f" Time runs out {self.people.when(match.deadline)}." if match.deadline else ""
        return (
            f"Your move in **{match.game_name} #{match.id}** ({where}): {news}{due} "
            "/notify mode:off stops these."
        )

    def takeback_asked(self, user_id: int, rival: int) -> str:
        """'@alice asks to take back their last move: @bob, accept or decline.'"""
        asker, answerer = self.people.user(user_id), self.people.user(rival)
        return f"{asker} asks to take back their last move: {answerer}, accept or decline."

    def person_did(self, user_id: int, what: str) -> str:
        """'@alice resigned.', '@bob played 22-18.'."""
        return f"{self.people.user(user_id)} {what}."

    def forced_reply(self, user_id: int, move: str) -> str:
        """A checkmated player's one move, played for them at once."""
        who = self.people.user(user_id)
        return f"{who} is checkmated, so their Prince left the board at once ({move})."

    def board_elsewhere(self, note: str, match: MatchView) -> str:
        where = self.people.channel(match.thread_id or match.channel_id)
        place = "thread" if match.thread_id else "channel"
        return f"{note} The board is in the game's {place}, {where}."

    # --- lists ---
    def my_games(self, listed: list[Listing], user_id: int) -> str:
        """A person's games, one a line: the game, the opponent, whose move and until when,
        where it is played, and a link to its latest board."""
        lines = []
        for item in listed:
            m = item.match
            rival = m.opponent_of(user_id) or 0
            against = (
                f"the computer (level {m.computer_level})"
                if m.computer_level is not None
                else self.people.name(rival)
            )
            turn = "**your move**" if m.user_to_move == user_id else "their move"
            if m.deadline is not None:
                turn += f", time runs out {self.people.when(m.deadline)}"
            place = self.people.channel(m.thread_id or m.channel_id)
            where = f"{place} on {self.people.server(m.guild_id)}"
            at = item.board_at and self.people.link(m.guild_id, *item.board_at)
            board = f" — [latest board]({at})" if at else ""
            kind = self.kind(m)
            shown = f"**{m.game_name} #{m.id}**" + (f" ({kind})" if kind else "")
            lines.append(f"{shown} against {against} — {turn} — {where}{board}")
        return "\n".join(lines)

    @staticmethod
    def kind(match: MatchView) -> str:
        """A game's kind in a list: 'ballot 37, game 1 of 2 with #13', 'house rule: free
        jumps' ('': a game from the start by its game's rules)."""
        if match.house_rule:
            return f"house rule: {match.house_rule}"
        if match.pair_id is None:
            return ""
        return f"ballot {match.ballot}, game {match.pair_number} of 2 with #{match.pair_id}"

    def games_here(self, matches: list[MatchView]) -> str:
        lines = []
        for m in matches:
            where = f" — {self.people.channel(m.thread_id)}" if m.thread_id else ""
            lines.append(
                f"#{m.id} {m.game_name}: {self.sides(m)} — "
                f"{self.people.user(m.user_to_move)} to move, move {move_number(m.ply)}{where}"
            )
        return "\n".join(lines)

    def leaderboard(self, rows: list[LeaderboardRow]) -> str:
        return "\n".join(
            f"{r.rank}. {self.person(r.user_id, r.name)} — {rating_text(r.rating, r.rd)}, "
            f"{counted(r.games, 'game')}, {r.wins}-{r.draws}-{r.losses}"
            for r in rows
        )

    def person(self, user_id: int, name: str | None) -> str:
        """A remembered display name, shown literally, else the adapter's way to show them."""
        return self.people.literal(name) if name else self.people.user(user_id)

    def stats(self, stats: list[GameStats]) -> tuple[tuple[str, str], ...]:
        fields = []
        for s in stats:
            game = get_game(s.game_id)
            rating = "unrated" if s.rating is None else rating_text(s.rating, s.rd or 0)
            sides = "; ".join(
                f"as {game.side_name(side)} {r.wins}-{r.draws}-{r.losses}"
                for side, r in s.by_side.items()
            )
            parts = []
            if s.rating is not None or s.wins + s.draws + s.losses:
                parts.append(f"{rating}, {s.wins}-{s.draws}-{s.losses} (W-D-L); {sides}")
            if s.against_computer:
                levels = ", ".join(
                    f"level {n}: {r.wins}-{r.draws}-{r.losses}"
                    for n, r in s.against_computer.items()
                )
                parts.append(f"against the computer (unrated): {levels}")
            text = "; ".join(parts)
            fields.append((game.name, text))
        return tuple(fields)

    @staticmethod
    def help(commands: Sequence[tuple[str, str]]) -> str:
        """Each command, as (name, what it does), and the games."""
        games = ", ".join(f"{g.name} ({g.id})" for g in GAMES.values())
        lines = [f"/{name} — {text}" for name, text in commands]
        return "\n".join([*lines, f"Games: {games}."])

    # --- the sweeper's news ---
    def lapsed(self, challenge: ChallengeView) -> str:
        game = get_game(challenge.game_id).name
        who = self.people.user(challenge.challenger_id)
        return f"{who}'s challenge to play {game} lapsed unanswered."

    def reminder(self, event: SweepEvent) -> str:
        match = event.match
        assert match is not None
        return (
            f"{self.people.user(match.user_to_move)}, your move in {match.game_name} #{match.id}: "
            f"{duration_text(event.seconds_left)} left before you lose on time."
        )

    @staticmethod
    def time_headline(event: SweepEvent) -> str:
        return "Time is up." if event.kind == SweepKind.TIMEOUT else "Nobody moved in time."
