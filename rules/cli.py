"""`python -m rules`: games, perft, moves, show and apply, for people and checks."""

from __future__ import annotations

import argparse
import sys
from typing import Any, NoReturn

from .base import Game
from .errors import RulesError
from .record import GameRecord
from .registry import GAMES, get_game
from .wording import command_line_text, rules_help_page


class ArgumentError(RulesError):
    """A command line that does not parse."""


class CommandError(RulesError):
    """A command that cannot be carried out: for the operator, in English (not a message of
    the catalogs)."""


class Parser(argparse.ArgumentParser):
    """An argument parser that raises instead of exiting, so errors stay one line."""

    def error(self, message: str) -> NoReturn:
        raise ArgumentError(message)


def _build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m rules", description="The board-game rules engine.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    commands.add_parser("games", help="list the game ids")
    what = "print the rules help as Markdown: one game's, or every game's page"
    helped = commands.add_parser("help", help=what, description=what)
    helped.add_argument("game", nargs="?", help="a game id (default: every game)")
    described = (
        ("perft", "depth", "count the positions DEPTH plies ahead (the last line: the count)"),
        ("moves", None, "list the legal moves, in canonical order"),
        ("show", None, "draw the board, then the position text, whose turn and the outcome"),
        ("apply", "moves", "play MOVES in order: the outcome line, then the position"),
    )
    for name, extra, what in described:
        sub = commands.add_parser(name, help=what, description=what)
        sub.add_argument("game", help="a game id (python -m rules games lists them)")
        if extra == "depth":
            sub.add_argument("depth", type=int, help="plies ahead, 0 to 64")
        elif extra == "moves":
            sub.add_argument("moves", nargs="+", help="moves as players write them, e.g. 11-15")
        sub.add_argument("--position", help="position text (default: the initial position)")
    return parser


def _start(game: Game[Any, Any], text: str | None) -> Any:
    return game.initial_position() if text is None else game.decode(text)


def _status(game: Game[Any, Any], record: GameRecord) -> str:
    return f"outcome: {command_line_text(record.outcome, game)}"


def run(argv: list[str]) -> list[str]:
    """The lines the command prints (RulesError on bad input)."""
    args = _build_parser().parse_args(argv)
    if args.command == "games":
        return list(GAMES)
    if args.command == "help":
        if args.game is None:
            return rules_help_page(GAMES.values()).split("\n")
        return get_game(args.game).rules_help.split("\n")
    game = get_game(args.game)
    position = _start(game, args.position)
    if args.command == "perft":
        if not 0 <= args.depth <= 64:
            raise ArgumentError("depth must be between 0 and 64")
        return [str(game.perft(position, args.depth))]
    if args.command == "moves":
        return [game.format_move(m) for m in game.legal_moves(position)]
    record = GameRecord(game, position)
    if args.command == "show":
        side = game.side_name(game.side_to_move(position))
        return [
            game.diagram(position),
            game.encode(position),
            f"to move: {side}",
            _status(game, record),
        ]
    for text in args.moves:
        try:
            record.play(text)
        except RulesError as err:
            raise CommandError(
                "move {number}: {error}", number=len(record.moves) + 1, error=err
            ) from None
    return [_status(game, record), game.encode(record.position)]


def main(argv: list[str] | None = None) -> int:
    try:
        lines = run(sys.argv[1:] if argv is None else argv)
    except RulesError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0
