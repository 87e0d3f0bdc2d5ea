"""/tournament: create an event, sign up (Join / Leave buttons), start, standings, pairings,
withdraw, cancel; and the posts of a round begun (its announcement, with the standings
picture, then each game in its own thread, its board pinging its players) and of an event
over."""

from __future__ import annotations

from dataclasses import replace

from babel.numbers import format_decimal

from bot.adapters.commands.boards import Boards
from bot.adapters.commands.group import Context
from bot.adapters.commands.registry import Option, command
from bot.adapters.commands.tournament_words import (
    MOST_CHARACTERS,
    boards_coming,
    format_name,
    names_listed,
    players_pair,
    rounds_over,
    score_text,
    split_lines,
    standings_stage,
    withdrawal_text,
)
from bot.adapters.replies import Attachment, Button, Message, Response
from bot.adapters.showing import points_text
from bot.i18n import N_, Text, _, language, ngettext, pgettext, speaking
from bot.i18n.position_words import ALT_TEXT_LIMIT
from bot.runtime import workers
from bot.runtime.picture_words import picture_words
from bot.service import (
    FORMATS,
    OPENINGS,
    MatchView,
    RoundBoard,
    RoundNews,
    TournamentView,
)
from render.standings import Line, standings_png
from rules import get_game

ACTIONS = ("create", "join", "leave", "start", "standings", "pairings", "cancel")
#: the podium's places, in words (translated where shown)
# i18n: a place on a tournament's podium
PLACES = (N_("1st"), N_("2nd"), N_("3rd"))


class TournamentCommands(Boards):
    @command(
        "tournament",
        "Tournaments here: create (Manage Server), join, leave, start, standings, pairings, "
        "cancel.",
        Option("action", "text", "what to do", required=True, choices=ACTIONS),
        Option("number", "number", "the tournament's number (default: the one in sign-up here)"),
        Option("game", "game", "create: which game"),
        Option("format", "text", "create: swiss (default) or round-robin", choices=FORMATS),
        Option("rounds", "number", "create: a Swiss's rounds, 1 to 20"),
        Option("time_per_move", "text", "create: like 1d (default) or 2h"),
        Option("rated", "text", "create: yes (default) or no", choices=("yes", "no")),
        Option("starts", "text", "create: start by itself in, like 2h or 1d (default: by hand)"),
        Option("round", "number", "pairings: which round (default: the latest)"),
        Option(
            "opening",
            "text",
            "create, Checkers: ballot, each pairing plays a three-move opening both ways",
            choices=OPENINGS,
        ),
        example="/tournament action:create game:checkers rounds:5",
        hosts_rounds="create",
    )
    async def tournament(
        self,
        ctx: Context,
        action: str,
        number: int | None = None,
        game: str | None = None,
        format: str | None = None,
        rounds: int | None = None,
        time_per_move: str | None = None,
        rated: str | None = None,
        round: int | None = None,
        starts: str | None = None,
        opening: str | None = None,
    ) -> Response:
        events = self.service.tournaments
        action = action.strip().lower()
        if action == "create":
            if game is None:
                say = Text("Say which game: /tournament action:create game:checkers rounds:5")
                return _private(ctx, say)
            made = await events.create(
                ctx.actor, game, (format or "swiss").lower(), rounds, time_per_move,
                (rated or "yes").lower() != "no", starts, allowed=ctx.manager, opening=opening,
            )  # fmt: skip
            return Response(reply=await self.signup_message(made))
        if action not in ACTIONS:
            # i18n: {actions} lists the actions as typed ('create, join, leave, ...')
            return _private(ctx, Text("The actions are: {actions}.", actions=", ".join(ACTIONS)))
        event = await self.service.tournaments.meant(ctx.actor, number)
        if action in ("join", "leave"):
            return await self._sign(ctx, event.id, action == "join", button=False)
        if action == "start":
            return await self.start_button(ctx, event.id)
        if action == "cancel":
            over = await events.cancel(ctx.actor, event.id, moderator=ctx.manager)
            said = _("Tournament #{number} is cancelled; its games in progress are called off.")
            # i18n: the headline of a game's board when its tournament is cancelled
            void = _("Tournament #{number} is cancelled: this game counts for neither player.")
            return Response(
                reply=Message(said.format(number=event.id)),
                updates=(await self.signup_message(over.tournament),),
                elsewhere=await self._over(over.games, void.format(number=event.id)),
            )
        with speaking(ctx.locale):  # only the asker sees these
            if action == "standings":
                return Response(reply=await self._standings(ctx, event), ephemeral=True)
            return Response(reply=await self._pairings(event, round), ephemeral=True)

    async def join_button(self, ctx: Context, tournament_id: int) -> Response:
        return await self._sign(ctx, tournament_id, True, button=True)

    async def leave_button(self, ctx: Context, tournament_id: int) -> Response:
        return await self._sign(ctx, tournament_id, False, button=True)

    async def start_button(self, ctx: Context, tournament_id: int) -> Response:
        started = await self.service.tournaments.start(
            ctx.actor, tournament_id, moderator=ctx.manager
        )
        signup = await self.signup_message(started)
        with speaking(ctx.locale):  # the reply only the starter sees
            said = _("Tournament #{number} begins: round 1 is paired and posted here.")
        return Response(
            updates=(signup,), reply=Message(said.format(number=started.id)), ephemeral=True
        )

    async def _sign(
        self, ctx: Context, tournament_id: int, joining: bool, *, button: bool
    ) -> Response:
        events = self.service.tournaments
        lost: tuple[MatchView, ...] = ()
        if joining:
            event = await events.join(ctx.actor, tournament_id)
        else:
            left = await events.leave(ctx.actor, tournament_id)
            event, lost = left.tournament, left.games
        signup = await self.signup_message(event)
        if button and event.status == "signup":
            return Response(edit_origin=signup)
        with speaking(ctx.locale):  # the reply only they see
            if not joining and event.status == "signup":
                said = _("You have left tournament #{number}.").format(number=event.id)
            elif not joining:
                said = withdrawal_text(event, lost)
            elif event.status == "running" and event.round:  # a Swiss's late entry
                said = _("You are in tournament #{number}: you play from round {round}.").format(
                    number=event.id, round=event.round + 1
                )
            else:
                said = _("You are in tournament #{number}.").format(number=event.id)
        # i18n: the headline of the boards of the games a player's withdrawal lost
        withdrew = _("{player} withdrew from tournament #{number}.")
        withdrew = self.words.person_did(ctx.user_id, withdrew, number=event.id)
        return Response(
            reply=Message(said),
            ephemeral=True,
            updates=(signup,),
            elsewhere=await self._over(lost, withdrew),
        )

    async def _over(
        self, games: tuple[MatchView, ...], headline: str
    ) -> tuple[tuple[int, Message], ...]:
        """Each game's board as it ended, to post where it is played (the board before it
        there gives up its buttons, as a newer board of the same game does)."""
        return tuple([(match.id, await self.board_message(match, headline)) for match in games])

    # --- what is shown ---
    async def signup_message(self, event: TournamentView) -> Message:
        """The event's sign-up post: what it is, who is in, and its buttons while open."""
        game = _(get_game(event.game_id).name)
        if event.format == "swiss":
            rounds = ngettext("{n} round", "{n} rounds", event.rounds).format(n=event.rounds)
        else:
            # i18n: a round-robin tournament's rounds
            rounds = _("everyone meets everyone")
        # i18n: a tournament's players, when none has joined
        who = names_listed([self.words.people.user(p) for p in event.players]) or _("nobody yet")
        # i18n: a tournament's state, after 'organised by @someone: '
        states = {"signup": _("open for sign-up"),
                 # i18n: a tournament's state; {round} is the round being played
                 "running": _("under way: round {round}").format(round=event.round or 1),
                 "finished": pgettext("a tournament's state", "over"),
                 "cancelled": pgettext("a tournament's state", "cancelled")}  # fmt: skip
        state = states[event.status]
        buttons: tuple[Button, ...] = ()
        # i18n: button labels (80 characters at most) of a tournament's sign-up
        join, leave, start = _("Join"), _("Leave"), _("Start")
        if event.status == "signup":
            buttons = (Button(join, "tjoin", event.id, "success"),
                       Button(leave, "tleave", event.id),
                       Button(start, "tstart", event.id, "primary"))  # fmt: skip
        elif event.status == "running" and event.late_joining:
            buttons = (Button(join, "tjoin", event.id, "success"),)
        if event.opening:
            # i18n: a tournament's game, whose each pairing plays a ballot (a three-move
            # opening drawn by lot) both ways
            game = _("{game}, each pairing a ballot played both ways").format(game=game)
        # i18n: a tournament's sign-up post: {game} is the game, {format} 'swiss' or
        # 'round-robin', {rounds} like '5 rounds', {rated} 'rated' or 'unrated', {organiser}
        # who made it and {state} like 'open for sign-up'; keep the ** (bold)
        about = _(
            "**Tournament #{number}**: {game}, {format} ({rounds}), {rated}, organised by "
            "{organiser}: {state}."
        ).format(
            number=event.id,
            game=game,
            format=format_name(event.format),
            rounds=rounds,
            rated=_("rated") if event.rated else _("unrated"),
            organiser=self.words.people.user(event.organiser_id),
            state=state,
        )
        # i18n: {count} players have joined: {players} lists them
        players = _("Players ({count}): {players}.").format(count=len(event.players), players=who)
        return Message(
            f"{about}\n{players}",
            buttons=buttons,
            shows=f"tournament:{event.id}",
        )

    async def _standings(self, ctx: Context, event: TournamentView) -> Message:
        table = await self.service.tournaments.table(event.id)
        mine = next((s.rank for s in table if s.player == ctx.user_id), None)
        png = await self._standings_png(event, table, mine)
        done = rounds_over(event)
        if done:
            text = ngettext(
                "Tournament #{number}: standings after {n} round.",
                "Tournament #{number}: standings after {n} rounds.",
                done,
            ).format(number=event.id, n=done)
        else:
            # i18n: {stage} is like 'before round 1' or 'during round 1'
            text = _("Tournament #{number}: standings {stage}.").format(
                number=event.id, stage=standings_stage(event)
            )
        return Message(text, files=(png,))

    async def _standings_png(
        self, event: TournamentView, table: list, mine: int | None
    ) -> Attachment:
        # i18n: a player whose name is not known; {id} is a number
        unknown = _("player {id}")
        names = {p: await self.service.standings.known_name(event.guild_id, p)
                 or unknown.format(id=p) for p in event.players}  # fmt: skip
        locale = language()  # the points as the reader writes them: '2.5', '2,5'
        lines = [
            Line(s.rank, names[s.player], format_decimal(s.points, locale=locale),
                 format_decimal(s.sonneborn_berger, locale=locale),
                 format_decimal(s.buchholz, locale=locale), s.left, s.player in event.withdrawn)
            for s in table
        ]  # fmt: skip
        # i18n: a standings picture's title: {game} is the game, {stage} like 'after round 2'
        title = _("Tournament #{number} · {game} · {stage}").format(
            number=event.id, game=_(get_game(event.game_id).name), stage=standings_stage(event)
        )
        png = await workers.run(standings_png, title, lines, mine, picture_words())
        # i18n: a place in a standings picture's description (alt text): {rank} the place,
        # {player} a name, {points} the score ("4½ points")
        place = _("{rank}. {player}, {points}")
        ranks = "; ".join(
            place.format(rank=s.rank, player=names[s.player], points=points_text(s.points))
            for s in table
        )
        shown = f"{title}: {ranks}" if ranks else title
        shown = shown if len(shown) <= ALT_TEXT_LIMIT else shown[: ALT_TEXT_LIMIT - 1] + "…"
        return Attachment(f"tournament-{event.id}-standings-{event.round}.png", png, shown)

    async def _pairings(self, event: TournamentView, number: int | None) -> Message:
        which = number or event.round
        games = await self.service.tournaments.round_games(event.id, which)
        if not games:
            said = _("Tournament #{number} has no round {round} yet.")
            return Message(said.format(number=event.id, round=which))
        user = self.words.people.user
        # i18n: a pairing's line: {player} has no opponent this round
        bye = _("{player} — bye")
        # i18n: a pairing's line: {score} like '1-0', 'playing' or 'called off, not scored'
        pairing = _("{first} vs {second}: {score}")
        lines = [
            bye.format(player=user(g.first))
            if g.second is None
            else pairing.format(first=user(g.first), second=user(g.second), score=score_text(g))
            for g in games
        ]
        # i18n: keep the ** (bold)
        head = _("**Tournament #{number}, round {round}**").format(number=event.id, round=which)
        text, *rest = split_lines(head, lines, "", MOST_CHARACTERS - 40)  # what fits, and a count
        if rest:
            more = len(lines) - text.count(chr(10))
            # i18n: after a list cut short: {n} lines not shown
            text += "\n" + ngettext("… and {n} more", "… and {n} more", more).format(n=more)
        return Message(text)

    async def round_posts(self, news: RoundNews) -> list[Message]:
        """A round begun: the announcement, with the standings so far, in as many messages as
        its list of games takes (MOST_CHARACTERS each); it pings nobody: each game's board,
        posted after it in a thread of its own, pings that game's players. An event over:
        the final post naming the podium, with the final standings."""
        event = news.tournament
        user = self.words.people.user
        png = await self._standings_png(event, list(news.standings), None)
        if news.finished:
            places = zip(PLACES, news.standings, strict=False)
            # i18n: one place on the podium: {place} like '1st', {points} like '4.5'
            on_podium = _("{place} {player} ({points})")
            locale = language()  # the points as the reader writes them: '2.5', '2,5'
            podium = ", ".join(
                on_podium.format(
                    place=_(place),
                    player=user(s.player),
                    points=format_decimal(s.points, locale=locale),
                )
                for place, s in places
            )
            first = news.standings[0]
            # i18n: {winner} won with {points} (like '4½ points'); {podium} lists the first
            # three; the final standings' picture follows; keep the ** (bold)
            text = _(
                "**Tournament #{number}** is over: {winner} wins with {points}. The podium: "
                "{podium}. The final standings:"
            ).format(
                number=event.id,
                winner=user(first.player),
                points=points_text(first.points),
                podium=podium,
            )
            return [Message(text, files=(png,))]
        # i18n: a game of a round: {number} is the match's number, {first} and {second} players
        paired = _("#{number}: {first} vs {second}")
        lines = [paired.format(number=m.id, **players_pair(m, user)) for m in news.games]
        # i18n: {player} has no game this round
        lines += [_("bye: {player}").format(player=user(p)) for p in news.byes]
        # i18n: a round's announcement: {boards} says how the boards are posted; keep the **
        head = _("**Tournament #{number}**, round {round} of {rounds}: {boards}").format(
            number=event.id,
            round=news.round,
            rounds=event.rounds,
            boards=boards_coming(len(news.games)),
        )
        # i18n: the start of a round's announcement's next message; keep the ** (bold)
        more = _("**Tournament #{number}**, round {round} (continued):")
        texts = split_lines(head, lines, more.format(number=event.id, round=news.round))
        files = (png,) if news.round > 1 else ()
        return [Message(text, files=files if n == 0 else ()) for n, text in enumerate(texts)]

    async def round_board(self, board: RoundBoard) -> Response:
        """A round's game: its start, to post in the event's channel, and its board, in a
        thread of its own, pinging its players (those it is the first game of the round of)."""
        # i18n: the headline of a tournament game's first board
        headline = _("Tournament #{number}, round {round}.").format(
            number=board.tournament_id, round=board.round
        )
        start = await self.started_here(board.match, headline)
        first, *rest = start.posts
        return replace(start, posts=(replace(first, pings=board.pings), *rest))


def _private(ctx: Context, text: Text) -> Response:
    """An answer only the asker sees, in their language."""
    with speaking(ctx.locale):
        return Response(reply=Message(text.text()), ephemeral=True)
