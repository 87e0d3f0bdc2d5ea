"""`python -m render GAME [--position TEXT] [--last-move MOVE] [--perspective SIDE] -o out.png`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import NoReturn

from rules import RulesError, get_game

from .api import board_png


class _Parser(argparse.ArgumentParser):
    """Bad arguments raise (one line on stderr, exit 2) instead of printing usage."""

    def error(self, message: str) -> NoReturn:
        raise RulesError(message)


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="python -m render", description="Draw a board as a PNG.")
    parser.add_argument("game")
    parser.add_argument("--position", help="position text (default: the initial position)")
    parser.add_argument(
        "--last-move", help="a move to play from the position: the picture shows it played"
    )
    parser.add_argument("--perspective", help="the viewer's side (its letter), e.g. b")
    parser.add_argument("--size", type=int, help="board size in pixels")
    parser.add_argument("-o", "--output", required=True, help="where to write the PNG")
    try:
        args = parser.parse_args(sys.argv[1:] if argv is None else argv)
        if args.size is not None and not 120 <= args.size <= 2000:
            raise RulesError("size must be between 120 and 2000 pixels")
        game = get_game(args.game)
        before = game.decode(args.position) if args.position else game.initial_position()
        move, after = game.play(before, args.last_move) if args.last_move else (None, before)
        png = board_png(
            args.game, after, last_move=move, before=before, perspective=args.perspective,
            size=args.size,
        )  # fmt: skip
        Path(args.output).write_bytes(png)
    except (RulesError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(f"wrote {args.output} ({len(png)} bytes)")
    return 0
