"""Every command once: its name, help, options and handler. The Discord slash commands, the
console's parser, /help and the side choices are all generated from this."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from rules import GAMES, QUOTED, quoted

Kind = Literal["text", "number", "user", "game", "side"]


@dataclass(frozen=True)
class Option:
    name: str
    kind: Kind
    description: str
    required: bool = False
    autocomplete: bool = False  # suggestions as the user types (the Discord adapter's)


@dataclass(frozen=True)
class CommandSpec:
    name: str
    help: str
    #: the handler: "<group>.<method>" of bot.commands.dispatch.Commands' handler groups
    handler: str
    options: tuple[Option, ...] = ()
    example: str | None = None
    guild_only: bool = True
    #: takes seconds (a replay to draw): the adapter acknowledges it at once
    slow: bool = False
    #: leads to a game posted here: the adapter first checks it may post one
    starts_game: bool = False

    def usage(self) -> str:
        """'/challenge [opponent] game [side] [time_per_move]'."""
        shown = [o.name if o.required else f"[{o.name}]" for o in self.options]
        return " ".join([f"/{self.name}", *shown])


def _side_names() -> list[str]:
    """'random' and each game's side names, as a player would type them."""
    names = {"random": None}
    for game in GAMES.values():
        for name in game.side_names.values():
            names[name.lower().removeprefix("the ")] = None
    return list(names)


SIDE_CHOICES = _side_names()


def about_a_game(name: str, help: str, *, anywhere: bool = False) -> CommandSpec:
    """A look-up command whose one option is the game it is about."""
    game = Option("game", "game", "which game", required=True)
    return CommandSpec(
        name, help, f"lookups.{name}", (game,), f"/{name} game:checkers", guild_only=not anywhere
    )


MATCH = Option("match", "number", "the match number (default: the game here)", autocomplete=True)
COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "challenge",
        "Challenge someone (or anyone: leave opponent empty, or the bot itself) to a game.",
        "playing.challenge",
        (
            Option("opponent", "user", "who to play; leave empty so anyone here may accept"),
            Option("game", "game", "the game to play", required=True),
            Option("side", "side", "your side (default: random)"),
            Option("time_per_move", "text", "time for each move, e.g. 30m, 2h, 1d"),
            Option("level", "number", "when you play the bot: 1 (beginner) to 5 (strongest)"),
        ),
        example="/challenge game:checkers opponent:@bob",
        starts_game=True,
    ),
    CommandSpec(
        "move",
        "Play a move in your game, e.g. 11-15; suggestions list your legal moves.",
        "playing.move",
        (
            Option("move", "text", "your move, e.g. 11-15", required=True, autocomplete=True),
            Option(
                "match", "number", "the match number, if you play several here", autocomplete=True
            ),
        ),
        example="/move move:11-15",
    ),
    CommandSpec(
        "board",
        "Show a game's board to you alone, from your side (anyone may look).",
        "lookups.board",
        (MATCH,),
    ),
    CommandSpec("games", "List the games in progress in this channel.", "lookups.games"),
    CommandSpec("resign", "Resign your game.", "playing.resign", (MATCH,)),
    CommandSpec("draw", "Offer a draw, or accept your opponent's offer.", "playing.draw", (MATCH,)),
    CommandSpec(
        "abort",
        "Call off a game before both sides have moved (no rating change).",
        "playing.abort",
        (MATCH,),
    ),
    CommandSpec(
        "rematch",
        "Ask your last opponent for another game, sides swapped.",
        "playing.rematch",
        (MATCH,),
        starts_game=True,
    ),
    CommandSpec(
        "history",
        "A game's moves as a file (PDN for Checkers), and an animated replay.",
        "lookups.history",
        (MATCH,),
        slow=True,
    ),
    about_a_game("leaderboard", "The best players of a game on this server."),
    CommandSpec(
        "stats",
        "A player's rating and record in each game.",
        "lookups.stats",
        (
            Option("user", "user", "whose stats (default: yours)"),
            Option("game", "game", "one game only"),
        ),
    ),
    about_a_game(
        "rules", "How to play a game, with the points we decided marked [house].", anywhere=True
    ),
    CommandSpec("help", "This list.", "lookups.help", guild_only=False),
)
BY_NAME = {c.name: c for c in COMMANDS}
#: the extra values an adapter passes with a user option: the display name it knows, and
#: whether that user is a bot account
NAME_SUFFIX = "_name"
GLOBAL_SUFFIX = "_global"
BOT_SUFFIX = "_bot"


def check_options(command: str, options: dict[str, Any]) -> str | None:
    """What is wrong with a command's options, in words (None: nothing)."""
    spec = BY_NAME.get(command)
    if spec is None:
        return f"There is no /{command[:QUOTED]} command: /help lists them."
    known = {o.name for o in spec.options}
    extras = (NAME_SUFFIX, GLOBAL_SUFFIX, BOT_SUFFIX)
    known |= {o.name + s for o in spec.options if o.kind == "user" for s in extras}
    unknown = [o for o in options if o not in known]
    if unknown:
        takes = f"its options are: {spec.usage()}" if spec.options else "no options"
        return f"/{command} has no option {quoted(unknown[0])}: {takes}."
    missing = [o.name for o in spec.options if o.required and options.get(o.name) in (None, "")]
    if missing:
        example = f", for example {spec.example}" if spec.example else ""
        return f"/{command} needs {' and '.join(missing)}: type {spec.usage()}{example}."
    return None
