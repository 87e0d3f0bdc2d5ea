"""Command handlers: service calls in, reply data out. Both adapters (Discord, console) call
these and only these; refusals become private replies."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from render import board_png, game_gif
from rules import GAMES, GameRecord, get_game

from .errors import CannotSave, Refusal
from .options import duration_text
from .replies import BUTTON_PREFIX, Attachment, Button, Message, Response, mention, private
from .service import MatchService
from .views import ChallengeView, MatchView, SweepEvent

#: every command's options in declared order (the console's positional arguments follow it)
COMMAND_OPTIONS: dict[str, tuple[str, ...]] = {
    "challenge": ("opponent", "game", "side", "time_per_move"),
    "move": ("move", "match"),
    "board": ("match",),
    "games": (),
    "resign": ("match",),
    "draw": ("match",),
    "abort": ("match",),
    "rematch": ("match",),
    "history": ("match",),
    "leaderboard": ("game",),
    "stats": ("user", "game"),
    "rules": ("game",),
    "help": (),
}

_NUMBER = re.compile(r"[0-9]{1,20}")
#: the buttons that act on a challenge (the others act on a match)
CHALLENGE_ACTIONS = ("accept", "decline", "cancel")
#: the options a command cannot run without
REQUIRED: dict[str, tuple[str, ...]] = {
    "challenge": ("game",),
    "move": ("move",),
    "leaderboard": ("game",),
    "rules": ("game",),
}
#: extra values an adapter passes with a user option: the display name it knows
NAME_OPTIONS = {"opponent": "opponent_name", "user": "user_name"}
EXAMPLES = {
    "challenge": "/challenge game:checkers opponent:@bob",
    "move": "/move move:11-15",
    "leaderboard": "/leaderboard game:checkers",
    "rules": "/rules game:checkers",
}


def usage(command: str) -> str:
    """'/challenge game [opponent] [side] [time_per_move]'."""
    required = REQUIRED.get(command, ())
    names = [o if o in required else f"[{o}]" for o in COMMAND_OPTIONS[command]]
    return " ".join([f"/{command}", *names])


def check_options(command: str, options: dict[str, Any]) -> str | None:
    """What is wrong with a command's options, in words (None: nothing)."""
    if command not in COMMAND_OPTIONS:
        return f"There is no /{command[:32]} command: /help lists them."
    known = set(COMMAND_OPTIONS[command]) | {NAME_OPTIONS.get(o) for o in COMMAND_OPTIONS[command]}
    unknown = [o for o in options if o not in known]
    if unknown:
        takes = f"its options are: {usage(command)}" if COMMAND_OPTIONS[command] else "no options"
        return f"/{command} has no option {unknown[0][:32]!r}: {takes}."
    missing = [o for o in REQUIRED.get(command, ()) if options.get(o) in (None, "")]
    if missing:
        example = f", for example {EXAMPLES[command]}" if command in EXAMPLES else ""
        return f"/{command} needs {' and '.join(missing)}: type {usage(command)}{example}."
    return None


HELP = {
    "challenge": "Challenge someone (or anyone: leave opponent empty) to a game.",
    "move": "Play a move in your game, e.g. 11-15; suggestions list your legal moves.",
    "board": "Show a game's current board (anyone may look).",
    "games": "List the games in progress in this channel.",
    "resign": "Resign your game.",
    "draw": "Offer a draw, or accept your opponent's offer.",
    "abort": "Call off a game before both sides have moved (no rating change).",
    "rematch": "Ask your last opponent for another game, sides swapped.",
    "history": "A game's moves as a text file, and an animated replay.",
    "leaderboard": "The best players of a game on this server.",
    "stats": "A player's rating and record in each game.",
    "rules": "How to play a game, with the points we decided marked [house].",
    "help": "This list.",
}


@dataclass(frozen=True)
class Context:
    """Who acts, and where (the channel may be a match's thread)."""

    guild_id: int
    channel_id: int
    user_id: int
    user_name: str


def here(ctx: Context) -> dict[str, int]:
    """The server and channel an action comes from, as the service's keyword arguments."""
    return {"guild_id": ctx.guild_id, "channel_id": ctx.channel_id}


async def render_png(match: MatchView, record: GameRecord, *, show_last: bool) -> bytes:
    """The board from the side to move's point of view, with the last move if asked
    (rendered off the event loop)."""
    perspective = match.side_to_move if match.active else None
    last = show_last and bool(record.moves)
    return await asyncio.to_thread(
        board_png,
        match.game_id,
        record.position,
        last_move=record.moves[-1] if last else None,
        before=record.positions[-2] if last else None,
        perspective=perspective,
        outcome=match.outcome,
    )


def side_list(match: MatchView) -> str:
    game = get_game(match.game_id)
    return ", ".join(
        f"{game.side_name(side)}: {mention(user)}" for side, user in match.players.items()
    )


class Commands:
    def __init__(self, service: MatchService, default_move_time: str | None = None) -> None:
        self.service = service
        self.default_move_time = default_move_time

    async def run(self, command: str, ctx: Context, **options: Any) -> Response:
        """Run a command by name; bad or missing options get a private answer."""
        problem = check_options(command, options)
        if problem is not None:
            return private(problem)
        names = {ctx.user_id: ctx.user_name}
        for option, name_option in NAME_OPTIONS.items():
            if options.get(option) is not None and options.get(name_option):
                names[options[option]] = options[name_option]
            options.pop(name_option, None)
        return await self._safely(getattr(self, f"do_{command}"), ctx, names, **options)

    async def _safely(
        self,
        handler: Callable[..., Awaitable[Response]],
        ctx: Context,
        names: dict[int, str],
        *args: Any,
        **kwargs: Any,
    ) -> Response:
        """Call a handler; a refusal becomes a private reply and writes nothing. After a
        success the display names seen are remembered, if the database takes them."""
        try:
            response = await handler(ctx, *args, **kwargs)
        except Refusal as refusal:
            return private(str(refusal))
        for user_id, name in names.items():
            try:
                await self.service.remember(user_id, name)
            except CannotSave:
                break  # a name is a nicety: the command itself has succeeded
        return response

    # --- messages about a match ---
    async def board_message(
        self, match: MatchView, headline: str, *, show_last: bool = False
    ) -> Message:
        """The board picture with who is to move (or the result) and the right buttons."""
        game = get_game(match.game_id)
        buttons: tuple[Button, ...] = ()
        if not match.active:
            status = f"Game over: {match.result_text()}."
            if match.ply:
                buttons = (Button("Rematch", "rematch", match.id, "primary"),)
        else:
            side = match.side_to_move
            status = f"{mention(match.user_to_move)} ({game.side_name(side)}) to move."
            buttons = (Button("Offer draw", "draw", match.id),)
            if match.draw_offer_by is not None:
                status += f" {mention(match.draw_offer_by)} offers a draw."
                buttons = (
                    Button("Accept draw", "drawyes", match.id, "success"),
                    Button("Decline draw", "drawno", match.id),
                )
            buttons += (Button("Resign", "resign", match.id, "danger"),)
        record = await self.service.replay(match.id)
        png = await render_png(match, record, show_last=show_last)
        return Message(
            " ".join(filter(None, [f"**{game.name} #{match.id}** —", headline, status])),
            files=(Attachment(f"{game.id}-{match.id}-{match.ply}.png", png),),
            buttons=buttons,
        )

    async def _match_for_viewer(self, ctx: Context, match: int | None) -> MatchView:
        """The match a spectator means: the number given, the thread's, or the only one here."""
        if match is not None:
            view = await self.service.match(match)
            if view.guild_id != ctx.guild_id:
                raise Refusal(f"There is no match #{match} on this server.")
            return view
        here = await self.service.active_matches(ctx.guild_id, ctx.channel_id)
        bound = [m for m in here if m.thread_id == ctx.channel_id]
        mine = [m for m in here if m.side_of(ctx.user_id)]
        for choice in (bound, here if len(here) == 1 else [], mine if len(mine) == 1 else []):
            if choice:
                return await self.service.match(choice[0].id)
        if not here:
            raise Refusal("There is no game in progress in this channel: /games lists them.")
        listed = ", ".join(f"#{m.id} {m.game_name}" for m in here[:10])
        raise Refusal(f"Several games are in progress here ({listed}): give the match number.")

    # --- challenges ---
    async def do_challenge(
        self,
        ctx: Context,
        game: str,
        opponent: int | None = None,
        side: str | None = None,
        time_per_move: str | None = None,
    ) -> Response:
        challenge = await self.service.challenge(
            ctx.guild_id,
            ctx.channel_id,
            ctx.user_id,
            game,
            opponent_id=opponent,
            side=side,
            move_time=time_per_move or self.default_move_time,
        )
        return Response(reply=await self.challenge_message(challenge))

    async def challenge_message(self, challenge: ChallengeView) -> Message:
        game = get_game(challenge.game_id)
        if challenge.challenger_side:
            mine = game.side_name(challenge.challenger_side)
            theirs = game.side_name(game.opponent(challenge.challenger_side))
            sides = f"{mention(challenge.challenger_id)} plays {mine}, the opponent {theirs}"
        else:
            sides = "sides drawn at random"
        minutes = round(self.service.challenge_seconds / 60)
        text = (
            f"{mention(challenge.challenger_id)} challenges {mention(challenge.opponent_id)} to "
            f"**{game.name}** ({sides}; {duration_text(challenge.move_seconds)} per move). "
            f"The challenge lapses in {minutes} minutes."
        )
        png = await asyncio.to_thread(board_png, game.id, game.initial_position())
        return Message(
            text,
            files=(Attachment(f"{game.id}-start.png", png),),
            buttons=(
                Button("Accept", "accept", challenge.id, "success"),
                Button("Decline", "decline", challenge.id),
                Button("Cancel", "cancel", challenge.id, "danger"),
            ),
        )

    async def click(self, ctx: Context, custom_id: str) -> Response:
        """A button press: `bgb:<action>:<id>`."""
        parts = custom_id.split(":")
        if len(parts) != 3 or parts[0] != BUTTON_PREFIX or not _NUMBER.fullmatch(parts[2]):
            return private("That button is no longer in use.")
        action, number = parts[1], int(parts[2])
        handlers = {
            "accept": self._accept,
            "decline": self._decline,
            "cancel": self._cancel,
            "resign": self.do_resign,
            "draw": self.do_draw,
            "rematch": self.do_rematch,
            "drawyes": self._draw_yes,
            "drawno": self._draw_no,
        }
        if action not in handlers:
            return private("That button is no longer in use.")
        if action not in CHALLENGE_ACTIONS:
            try:
                await self.service.check_here(number, ctx.guild_id, ctx.channel_id)
            except Refusal as refusal:
                return private(str(refusal))
        return await self._safely(handlers[action], ctx, {ctx.user_id: ctx.user_name}, number)

    async def _accept(self, ctx: Context, challenge_id: int) -> Response:
        match = await self.service.accept(challenge_id, ctx.user_id, **here(ctx))
        return await self._started(match, f"{mention(ctx.user_id)} accepted.")

    async def _started(self, match: MatchView, headline: str) -> Response:
        game = get_game(match.game_id)
        names = " vs ".join(
            [await self.service.known_name(u) or str(u) for u in match.players.values()]
        )
        return Response(
            edit_origin=Message(f"**{game.name} #{match.id}** has started: {side_list(match)}."),
            open_thread=f"{game.name} #{match.id}: {names}"[:100],
            match_id=match.id,
            posts=(await self.board_message(match, f"{headline} {side_list(match)}."),),
        )

    async def _decline(self, ctx: Context, challenge_id: int) -> Response:
        challenge = await self.service.decline(challenge_id, ctx.user_id, **here(ctx))
        game = get_game(challenge.game_id)
        who, whose = mention(ctx.user_id), mention(challenge.challenger_id)
        return Response(edit_origin=Message(f"{who} declined {whose}'s {game.name} challenge."))

    async def _cancel(self, ctx: Context, challenge_id: int) -> Response:
        challenge = await self.service.cancel(challenge_id, ctx.user_id, **here(ctx))
        game = get_game(challenge.game_id)
        return Response(
            edit_origin=Message(f"{mention(ctx.user_id)} withdrew the {game.name} challenge.")
        )

    # --- playing ---
    async def do_move(self, ctx: Context, move: str, match: int | None = None) -> Response:
        result = await self.service.move(ctx.guild_id, ctx.channel_id, ctx.user_id, move, match)
        board = await self.board_message(
            result.match, f"{mention(ctx.user_id)} played {result.move}.", show_last=True
        )
        return self._in_match(ctx, result.match, board, f"You played {result.move}.")

    def _in_match(self, ctx: Context, match: MatchView, board: Message, note: str) -> Response:
        """In the match's thread the board is the reply; elsewhere it goes to the thread."""
        if match.thread_id in (None, ctx.channel_id):
            return Response(reply=board)
        return Response(
            reply=Message(f"{note} The board is in the game's thread, <#{match.thread_id}>."),
            ephemeral=True,
            match_id=match.id,
            posts=(board,),
        )

    async def move_choices(self, ctx: Context, typed: str, match: int | None = None) -> list[str]:
        """Autocomplete: the player's legal moves that contain what was typed (at most 25)."""
        moves = await self.service.legal_moves(ctx.guild_id, ctx.channel_id, ctx.user_id, match)
        wanted = "".join(typed.lower().split())
        return [m for m in moves if wanted in m][:25]

    async def do_board(self, ctx: Context, match: int | None = None) -> Response:
        view = await self._match_for_viewer(ctx, match)
        headline = f"Move {view.ply}." if view.ply else "No move yet."
        board = await self.board_message(view, headline, show_last=True)
        return Response(reply=Message(board.text, files=board.files))

    async def do_games(self, ctx: Context) -> Response:
        matches = await self.service.active_matches(ctx.guild_id, ctx.channel_id)
        if not matches:
            return Response(
                reply=Message("No game is in progress in this channel. Start one with /challenge.")
            )
        lines = []
        for m in matches:
            where = f" — <#{m.thread_id}>" if m.thread_id else ""
            lines.append(
                f"#{m.id} {m.game_name}: {side_list(m)} — {mention(m.user_to_move)} to move, "
                f"move {m.ply + 1}{where}"
            )
        return Response(reply=Message("\n".join(lines), title="Games in progress"))

    async def do_resign(self, ctx: Context, match: int | None = None) -> Response:
        view = await self.service.resign(ctx.guild_id, ctx.channel_id, ctx.user_id, match)
        board = await self.board_message(view, f"{mention(ctx.user_id)} resigned.")
        return self._in_match(ctx, view, board, "You resigned.")

    async def do_draw(self, ctx: Context, match: int | None = None) -> Response:
        result = await self.service.offer_draw(ctx.guild_id, ctx.channel_id, ctx.user_id, match)
        headline = "Draw agreed." if result.agreed else f"{mention(ctx.user_id)} offers a draw."
        board = await self.board_message(result.match, headline)
        return self._in_match(ctx, result.match, board, "Done.")

    async def _draw_yes(self, ctx: Context, match: int) -> Response:
        return await self._answer_draw(ctx, match, accept=True)

    async def _draw_no(self, ctx: Context, match: int) -> Response:
        return await self._answer_draw(ctx, match, accept=False)

    async def _answer_draw(self, ctx: Context, match: int, *, accept: bool) -> Response:
        result = await self.service.answer_draw(
            ctx.guild_id, ctx.channel_id, ctx.user_id, accept, match
        )
        headline = "Draw agreed." if accept else f"{mention(ctx.user_id)} declined the draw."
        board = await self.board_message(result.match, headline)
        return self._in_match(ctx, result.match, board, "Done.")

    async def do_abort(self, ctx: Context, match: int | None = None) -> Response:
        view = await self.service.abort(ctx.guild_id, ctx.channel_id, ctx.user_id, match)
        board = await self.board_message(view, f"{mention(ctx.user_id)} aborted the game.")
        return self._in_match(ctx, view, board, "The game is aborted.")

    async def do_rematch(self, ctx: Context, match: int | None = None) -> Response:
        if match is None:
            recent = await self.service.user_matches(
                ctx.guild_id, ctx.user_id, active_only=False, limit=1
            )
            if not recent:
                raise Refusal("You have no finished game to ask a rematch of.")
            match = recent[0].id
        challenge = await self.service.rematch(ctx.guild_id, ctx.user_id, match)
        if challenge.status == "accepted" and challenge.match_id is not None:
            started = await self.service.match(challenge.match_id)
            response = await self._started(started, "Rematch!")
            return Response(
                reply=response.edit_origin,
                open_thread=response.open_thread,
                match_id=response.match_id,
                posts=response.posts,
            )
        return Response(reply=await self.challenge_message(challenge))

    # --- looking things up ---
    async def do_history(self, ctx: Context, match: int | None = None) -> Response:
        view = await self._match_for_viewer(ctx, match)
        game = get_game(view.game_id)
        lines = [f"{game.name} #{view.id} — {side_list(view)}", f"Result: {view.result_text()}", ""]
        for number in range(0, len(view.moves), 2):
            pair = " ".join(view.moves[number : number + 2])
            lines.append(f"{number // 2 + 1}. {pair}")
        record = await self.service.replay(view.id)
        gif = await asyncio.to_thread(
            game_gif, game.id, record.positions, record.moves, outcome=view.outcome
        )
        return Response(
            reply=Message(
                f"**{game.name} #{view.id}**: {len(view.moves)} moves. {view.result_text()}.",
                files=(
                    Attachment(f"{game.id}-{view.id}.txt", ("\n".join(lines) + "\n").encode()),
                    Attachment(f"{game.id}-{view.id}.gif", gif),
                ),
            )
        )

    async def do_leaderboard(self, ctx: Context, game: str) -> Response:
        rows = await self.service.leaderboard(ctx.guild_id, game)
        name = self.service.game(game).name
        if not rows:
            return Response(reply=Message(f"Nobody has finished a rated {name} game here yet."))
        lines = [
            f"{r.rank}. {r.name} — {r.rating:.0f} (±{2 * r.rd:.0f}), "
            f"{r.games} game{'s' if r.games != 1 else ''}, "
            f"{r.wins}-{r.draws}-{r.losses}"
            for r in rows
        ]
        return Response(reply=Message("\n".join(lines), title=f"{name} leaderboard (W-D-L)"))

    async def do_stats(
        self,
        ctx: Context,
        user: int | None = None,
        game: str | None = None,
    ) -> Response:
        who = user if user is not None else ctx.user_id
        stats = await self.service.stats(ctx.guild_id, who, game)
        name = await self.service.name(who)
        if not stats:
            return Response(reply=Message(f"{name} has no finished games here yet."))
        fields = []
        for s in stats:
            g = get_game(s.game_id)
            rating = (
                f"{s.rating:.0f} (±{2 * (s.rd or 0):.0f})" if s.rating is not None else "unrated"
            )
            sides = "; ".join(
                f"as {g.side_name(side)} {r.wins}-{r.draws}-{r.losses}"
                for side, r in s.by_side.items()
            )
            fields.append((g.name, f"{rating}, {s.wins}-{s.draws}-{s.losses} (W-D-L); {sides}"))
        return Response(
            reply=Message(
                "Rating (± two deviations), then wins-draws-losses, in all and on each side.",
                title=f"Stats for {name}",
                fields=tuple(fields),
            )
        )

    async def do_rules(self, ctx: Context, game: str) -> Response:
        chosen = self.service.game(game)
        png = await asyncio.to_thread(board_png, chosen.id, chosen.initial_position())
        return Response(
            reply=Message(
                chosen.summary,
                title=f"How to play {chosen.name}",
                files=(Attachment(f"{chosen.id}-start.png", png),),
            ),
            ephemeral=True,
        )

    async def do_help(self, ctx: Context) -> Response:
        games = ", ".join(f"{g.name} ({g.id})" for g in GAMES.values())
        lines = [f"/{name} — {text}" for name, text in HELP.items()]
        return Response(
            reply=Message("\n".join([*lines, f"Games: {games}."]), title="Board games"),
            ephemeral=True,
        )

    # --- the sweeper's news ---
    async def announce(self, event: SweepEvent) -> tuple[int | None, int, Message]:
        """(match id or None, channel id, message) for what the sweeper did."""
        if event.challenge is not None:
            c = event.challenge
            game = get_game(c.game_id)
            return (
                None,
                c.channel_id,
                Message(f"{mention(c.challenger_id)}'s {game.name} challenge lapsed unanswered."),
            )
        match = event.match
        assert match is not None
        if event.kind == "reminder":
            left = duration_text(event.seconds_left)
            return (
                match.id,
                match.channel_id,
                Message(
                    f"{mention(match.user_to_move)}, your move in {match.game_name} #{match.id}: "
                    f"{left} left before you lose on time."
                ),
            )
        headline = "Time is up." if event.kind == "timeout" else "Nobody moved in time."
        return match.id, match.channel_id, await self.board_message(match, headline)
