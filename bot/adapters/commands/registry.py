"""Every command once: declared by `@command` on its handler, with its name, help and
options. The Discord slash commands, the console's parser, /help, README's commands table
and the side choices are all generated from this."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from babel.lists import format_list

from bot.i18n import _, language
from rules import GAMES, QUOTED, quoted

Kind = Literal["text", "number", "user", "game", "side"]


@dataclass(frozen=True)
class Option:
    name: str
    kind: Kind
    description: str
    required: bool = False
    autocomplete: bool = False  # suggestions as the user types (the Discord adapter's)
    choices: tuple[str, ...] = ()  # the values it takes, offered as a list (text options)


@dataclass(frozen=True)
class Someone:
    """A user given as an option's value: the id, and the names the adapter saw them by."""

    id: int
    name: str  # as they appear on this server
    global_name: str  # the account's own name, for servers where they have not been seen
    bot: bool = False  # a bot account (only this bot itself may be challenged)


Handler = TypeVar("Handler", bound=Callable[..., Awaitable[Any]])


@dataclass(frozen=True)
class CommandSpec:
    name: str
    help: str
    #: the function that answers it: a method of a handler group (PlayingCommands,
    #: LookupCommands), taking the Context and the options by name
    handler: Callable[..., Awaitable[Any]]
    options: tuple[Option, ...] = ()
    example: str | None = None
    guild_only: bool = True
    #: takes seconds (a replay to draw): the adapter acknowledges it at once
    slow: bool = False
    #: leads to a game posted here: the adapter first checks it may post one
    starts_game: bool = False
    #: the `action` that makes an event whose rounds are posted here (each game in a thread
    #: of its own): the adapter first checks it may post them
    hosts_rounds: str | None = None
    #: shown at first only to those who may manage the server (its admins may change that)
    for_managers: bool = False
    #: answers only the person who typed it: worded in their language, not the server's
    private: bool = False

    def makes_rounds(self, options: Mapping[str, Any]) -> bool:
        """This use of the command makes an event whose rounds are posted where it is typed."""
        action = str(options.get("action") or "").strip().lower()
        return self.hosts_rounds is not None and action == self.hosts_rounds

    def hosts_games(self, options: Mapping[str, Any]) -> bool:
        """This use of the command leads to games played where it is typed (a game started,
        or an event's rounds): every adapter tells the web site whether everyone can read
        the channel first (only such channels' games are listed there)."""
        return self.starts_game or self.makes_rounds(options)

    def usage(self) -> str:
        """'/challenge [opponent] game [side] [time_per_move]'."""
        shown = [o.name if o.required else f"[{o.name}]" for o in self.options]
        return " ".join([f"/{self.name}", *shown])


#: Discord's limits on a command's and an option's name and description (its published API
#: description says so; tests/bot/adapters/discord/test_discord_contract.py checks they agree):
#: one over them and Discord refuses the whole upload, every command with it
NAME_MOST, DESCRIPTION_MOST = 32, 100


def within_discords_limits(name: str, help: str, options: tuple[Option, ...]) -> None:
    """Refuse, when it is declared, a command Discord would refuse."""
    named = [(f"/{name}", name, help)] + [
        (f"/{name} {o.name}", o.name, o.description) for o in options
    ]
    for where, word, text in named:
        if not 1 <= len(word) <= NAME_MOST or not 1 <= len(text) <= DESCRIPTION_MOST:
            raise ValueError(
                f"{where}: names take 1 to {NAME_MOST} characters and descriptions 1 to "
                f"{DESCRIPTION_MOST} on Discord ({len(word)} and {len(text)} here)"
            )


#: every command, in the order its handler was declared (the handler modules declare them
#: as they are imported, which `bot.adapters.commands` does first)
COMMANDS: list[CommandSpec] = []
BY_NAME: dict[str, CommandSpec] = {}


def command(
    name: str,
    help: str,
    *options: Option,
    example: str | None = None,
    guild_only: bool = True,
    slow: bool = False,
    starts_game: bool = False,
    hosts_rounds: str | None = None,
    for_managers: bool = False,
    private: bool = False,
) -> Callable[[Handler], Handler]:
    """Declare the command a handler answers, where the handler is written: the slash
    command, the console's parser and /help all come from this."""

    def declare(handler: Handler) -> Handler:
        if name in BY_NAME:
            raise ValueError(f"/{name} is declared twice")
        within_discords_limits(name, help, options)
        spec = CommandSpec(
            name, help, handler, options, example, guild_only, slow, starts_game,
            hosts_rounds, for_managers, private,
        )  # fmt: skip
        COMMANDS.append(spec)
        BY_NAME[name] = spec
        return handler

    return declare


def _side_names() -> list[str]:
    """'random' and each game's side names, as a player would type them."""
    names = {"random": None}
    for game in GAMES.values():
        for name in game.side_names.values():
            names[name.lower().removeprefix("the ")] = None
    return list(names)


SIDE_CHOICES = _side_names()

#: the catalogs' context of a choice's name as a slash command's list shows it ("every turn"):
#: what a person picks, translated; what the bot receives, its English value
CHOICE = "a choice in a slash command's list"


def listed_choices() -> list[str]:
    """Every choice a slash command's lists show by its English value (the catalogs hold
    each under CHOICE; games are listed by their names, in the catalogs already)."""
    values = dict.fromkeys(SIDE_CHOICES)
    for spec in COMMANDS:
        for option in spec.options:
            values |= dict.fromkeys(option.choices)
    return list(values)


MATCH = Option("match", "number", "the match number (default: the game here)", autocomplete=True)


def check_options(command: str, options: dict[str, Any]) -> str | None:
    """What is wrong with a command's options, in words, in the language spoken (None:
    nothing). Command and option names, and the values a choice takes, are as typed."""
    spec = BY_NAME.get(command)
    if spec is None:
        # i18n: {command} is what was typed after the '/'
        return _("There is no /{command} command: /help lists them.").format(
            command=command[:QUOTED]
        )
    known = {o.name for o in spec.options}
    unknown = [o for o in options if o not in known]
    if unknown:
        if not spec.options:
            # i18n: {option} is the unknown option's name as typed, in quotes
            return _("/{command} has no option {option}: no options.").format(
                command=command, option=quoted(unknown[0])
            )
        # i18n: {usage} is how the command is typed, e.g. /board [match]
        return _("/{command} has no option {option}: its options are: {usage}.").format(
            command=command, option=quoted(unknown[0]), usage=spec.usage()
        )
    missing = [o.name for o in spec.options if o.required and options.get(o.name) in (None, "")]
    if missing:
        values = {"command": command, "missing": listed(missing), "usage": spec.usage()}
        if spec.example:
            # i18n: {missing} lists option names as typed ('game', 'move and match');
            # {usage} is how it is typed; {example} a command as typed
            return _("/{command} needs {missing}: type {usage}, for example {example}.").format(
                example=spec.example, **values
            )
        # i18n: {missing} lists option names as typed; {usage} is how the command is typed
        return _("/{command} needs {missing}: type {usage}.").format(**values)
    for option in spec.options:
        value = options.get(option.name)
        if option.choices and value not in (None, "") and chosen(option, value) is None:
            # i18n: {option} is an option's name and {choices} the values it takes, as typed
            # ('on or off'); {value} is what was typed, in quotes
            return _("/{command} {option} takes {choices}, not {value}.").format(
                command=command,
                option=option.name,
                choices=listed(option.choices, "or"),
                value=quoted(str(value)),
            )
    return None


def listed(items: Sequence[str], style: Literal["standard", "or"] = "standard") -> str:
    """'a, b and c' ('a, b or c'), in the language spoken (Babel's lists; the bot's English
    is British: no comma before the last)."""
    spoken = language()
    return format_list(list(items), style=style, locale="en_GB" if spoken == "en" else spoken)


def chosen(option: Option, value: object) -> str | None:
    """The one of the option's choices that `value` names, in any case and spacing (None:
    none of them); nothing outside the choices is ever read as one of them."""
    wanted = " ".join(str(value).split()).lower()
    return next((c for c in option.choices if c.lower() == wanted), None)


def with_choices(command: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options (checked by `check_options`) with each chosen value as its choice is
    written ('ON' is 'on')."""
    spec = BY_NAME[command]
    named = {o.name: o for o in spec.options if o.choices}
    return {
        name: chosen(named[name], value) if name in named and value not in (None, "") else value
        for name, value in options.items()
    }
