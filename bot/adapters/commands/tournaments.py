"""/tournament: create an event, sign up (Join / Leave buttons), start, standings, pairings,
withdraw, cancel; and the posts of a round begun (its announcement, with the standings
picture, then each game in its own thread, its board pinging its players) and of an event
over."""

from __future__ import annotations

from dataclasses import replace

from bot.adapters.commands.boards import Boards
from bot.adapters.commands.group import Context
from bot.adapters.commands.registry import Option, command
from bot.adapters.replies import Attachment, Button, Message, Response
from bot.adapters.wording import points_text
from bot.agents.director import BOARD_BURST, BOARD_PACE
from bot.runtime import workers
from bot.service import (
    FORMATS,
    OPENINGS,
    MatchView,
    Result,
    RoundBoard,
    RoundNews,
    TournamentView,
)
from render.standings import Line, standings_png
from rules import counted, get_game

ACTIONS = ("create", "join", "leave", "start", "standings", "pairings", "cancel")
#: the podium's places, in words
PLACES = ("1st", "2nd", "3rd")
#: Discord's limit on a message's text
MOST_CHARACTERS = 2000


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
                return _private("Say which game: /tournament action:create game:checkers rounds:5")
            made = await events.create(
                ctx.actor, game, (format or "swiss").lower(), rounds, time_per_move,
                (rated or "yes").lower() != "no", starts, allowed=ctx.manager, opening=opening,
            )  # fmt: skip
            return Response(reply=await self.signup_message(made))
        if action not in ACTIONS:
            return _private(f"The actions are: {', '.join(ACTIONS)}.")
        event = await self.service.tournaments.meant(ctx.actor, number)
        if action in ("join", "leave"):
            return await self._sign(ctx, event.id, action == "join", button=False)
        if action == "start":
            return await self.start_button(ctx, event.id)
        if action == "cancel":
            over = await events.cancel(ctx.actor, event.id, moderator=ctx.manager)
            called_off = f"Tournament #{event.id} is cancelled"
            return Response(
                reply=Message(f"{called_off}; its games in progress are called off."),
                updates=(await self.signup_message(over.tournament),),
                elsewhere=await self._over(
                    over.games, f"{called_off}: this game counts for neither player."
                ),
            )
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
        return Response(updates=(signup,), reply=Message(
            f"Tournament #{started.id} begins: round 1 is paired and posted here."
        ), ephemeral=True)  # fmt: skip

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
        if not joining and event.status == "signup":
            said = f"You have left tournament #{event.id}."
        elif not joining:
            said = _withdrawn(event, lost)
        elif event.status == "running" and event.round:  # a Swiss's late entry
            said = f"You are in tournament #{event.id}: you play from round {event.round + 1}."
        else:
            said = f"You are in tournament #{event.id}."
        withdrew = self.words.person_did(ctx.user_id, f"withdrew from tournament #{event.id}")
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
        game = get_game(event.game_id)
        rounds = (f"{counted(event.rounds, 'round')}" if event.format == "swiss"
                  else "everyone meets everyone")  # fmt: skip
        who = _listed([self.words.people.user(p) for p in event.players]) or "nobody yet"
        state = {"signup": "open for sign-up", "running": f"under way: round {event.round or 1}",
                 "finished": "over", "cancelled": "cancelled"}[event.status]  # fmt: skip
        buttons: tuple[Button, ...] = ()
        if event.status == "signup":
            buttons = (Button("Join", "tjoin", event.id, "success"),
                       Button("Leave", "tleave", event.id),
                       Button("Start", "tstart", event.id, "primary"))  # fmt: skip
        elif event.status == "running" and event.late_joining:
            buttons = (Button("Join", "tjoin", event.id, "success"),)
        ballots = ", each pairing a ballot played both ways" if event.opening else ""
        return Message(
            f"**Tournament #{event.id}**: {game.name}{ballots}, {event.format} ({rounds}), "
            f"{'rated' if event.rated else 'unrated'}, organised by "
            f"{self.words.people.user(event.organiser_id)}: {state}.\n"
            f"Players ({len(event.players)}): {who}.",
            buttons=buttons,
            shows=f"tournament:{event.id}",
        )

    async def _standings(self, ctx: Context, event: TournamentView) -> Message:
        table = await self.service.tournaments.table(event.id)
        mine = next((s.rank for s in table if s.player == ctx.user_id), None)
        png = await self._standings_png(event, table, mine)
        done = _rounds_over(event)
        when = f"after {counted(done, 'round')}" if done else _stage(event)
        text = f"Tournament #{event.id}: standings {when}."
        return Message(text, files=(png,))

    async def _standings_png(
        self, event: TournamentView, table: list, mine: int | None
    ) -> Attachment:
        names = {p: await self.service.standings.known_name(event.guild_id, p) or f"player {p}"
                 for p in event.players}  # fmt: skip
        lines = [
            Line(s.rank, names[s.player], s.points, s.sonneborn_berger, s.buchholz, s.left,
                 s.player in event.withdrawn)
            for s in table
        ]  # fmt: skip
        title = f"Tournament #{event.id} · {get_game(event.game_id).name} · {_stage(event)}"
        png = await workers.run(standings_png, title, lines, mine)
        return Attachment(f"tournament-{event.id}-standings-{event.round}.png", png)

    async def _pairings(self, event: TournamentView, number: int | None) -> Message:
        which = number or event.round
        games = await self.service.tournaments.round_games(event.id, which)
        if not games:
            return Message(f"Tournament #{event.id} has no round {which} yet.")
        user = self.words.people.user
        lines = [
            f"{user(g.first)} — bye"
            if g.second is None
            else f"{user(g.first)} vs {user(g.second)}: {_score(g)}"
            for g in games
        ]
        head = f"**Tournament #{event.id}, round {which}**"
        text, *rest = _split(head, lines, "", MOST_CHARACTERS - 40)  # what fits, and a count
        if rest:
            text += f"\n… and {len(lines) - text.count(chr(10))} more"
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
            podium = ", ".join(f"{place} {user(s.player)} ({s.points:g})" for place, s in places)
            first = news.standings[0]
            text = (
                f"**Tournament #{event.id}** is over: {user(first.player)} wins with "
                f"{points_text(first.points)}. The podium: {podium}. The final standings:"
            )
            return [Message(text, files=(png,))]
        lines = [f"#{m.id}: {' vs '.join(user(p) for p in m.players.values())}" for m in news.games]
        lines += [f"bye: {user(p)}" for p in news.byes]
        head = f"**Tournament #{event.id}**, round {news.round} of {event.rounds}: "
        texts = _split(head + _boards_coming(len(news.games)), lines,
                       f"**Tournament #{event.id}**, round {news.round} (continued):")  # fmt: skip
        files = (png,) if news.round > 1 else ()
        return [Message(text, files=files if n == 0 else ()) for n, text in enumerate(texts)]

    async def round_board(self, board: RoundBoard) -> Response:
        """A round's game: its start, to post in the event's channel, and its board, in a
        thread of its own, pinging its players (those it is the first game of the round of)."""
        headline = f"Tournament #{board.tournament_id}, round {board.round}."
        start = await self.started_here(board.match, headline)
        first, *rest = start.posts
        return replace(start, posts=(replace(first, pings=board.pings), *rest))


def _rounds_over(event: TournamentView) -> int:
    return event.round - (event.status == "running")


def _stage(event: TournamentView) -> str:
    """How far the standings go: 'final standings', 'after round 2', 'during round 1'
    (never 'after round 0')."""
    done = _rounds_over(event)
    if event.status == "finished":
        return "final standings"
    if done:
        return f"after round {done}"
    return "during round 1" if event.status == "running" else "before round 1"


def _withdrawn(event: TournamentView, lost: tuple[MatchView, ...]) -> str:
    """A withdrawal, in words: what stands, what is lost."""
    rest = (
        "you are paired no more"
        if event.format == "swiss"
        else "the games you had yet to play count as lost"
    )
    said = f"You have withdrawn from tournament #{event.id}: your games played stand, and {rest}."
    if not lost:
        return said
    numbers = " and ".join(f"#{match.id}" for match in lost)
    games, are = ("game", "is") if len(lost) == 1 else ("games", "are")
    return f"{said} Your {games} in progress, {lost[0].game_name} {numbers}, {are} lost."


def _listed(names: list[str], most: int = MOST_CHARACTERS // 2) -> str:
    """The names, as many as `most` characters take, then how many more there are."""
    shown = ""
    for n, name in enumerate(names):
        if len(shown) + len(name) > most:
            return f"{shown} and {len(names) - n} more"
        shown += (", " if shown else "") + name
    return shown


def _boards_coming(games: int) -> str:
    """What the announcement says of the boards, which the director posts after it."""
    if not games:
        return "no games this round."
    clock = "a game's clock starts when its board is posted, and its players are pinged there."
    if games == 1:
        return f"1 game, in a thread of its own. Its board follows now: {clock}"
    late = (games - BOARD_BURST) * BOARD_PACE
    coming = (
        "Their boards follow now, one by one"
        if late < 30
        else f"Their boards are being posted one by one, the last in about {_about(late)}"
    )
    return f"{games} games, each in a thread of its own. {coming}: {clock}"


def _about(seconds: float) -> str:
    return counted(max(1, round(seconds / 60)), "minute")


def _split(first: str, lines: list[str], more: str, most: int = MOST_CHARACTERS) -> list[str]:
    """`first` and then the lines, in as few messages of `most` characters as they fit in;
    each message after the first starts with `more`."""
    texts, text = [], first
    for line in lines:
        if len(text) + 1 + len(line) > most:
            texts.append(text)
            text = more
        text += "\n" + line
    return [*texts, text]


def _score(game: Result) -> str:
    """'1-0', '0.5-0.5', 'playing', or 'called off, not scored'."""
    if game.called_off:
        return "called off, not scored"
    points = game.first_points
    return "playing" if points is None else f"{points:g}-{1 - points:g}"


def _private(text: str) -> Response:
    return Response(reply=Message(text), ephemeral=True)
