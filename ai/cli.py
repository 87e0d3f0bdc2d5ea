"""`python -m ai move GAME [--position TEXT] [--level N] [--seconds S] [--seed N]` and
`python -m ai levels`."""

from __future__ import annotations

import argparse
import sys

from rules import GAMES, RulesError

from . import LEVELS, think


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai", description="The computer opponent.")
    commands = parser.add_subparsers(dest="command", required=True)
    move = commands.add_parser("move", help="choose a move; it is printed on the last line")
    move.add_argument("game", choices=sorted(GAMES))
    move.add_argument("--position", help="position text (default: the start)")
    move.add_argument("--level", type=int, default=3, choices=sorted(LEVELS))
    move.add_argument("--seconds", type=float, help="thinking time (default: the level's)")
    move.add_argument("--seed", type=int, help="make the choice reproducible")
    commands.add_parser("levels", help="list the levels and their thinking budgets")
    args = parser.parse_args(argv)
    if args.command == "levels":
        for number, level in LEVELS.items():
            if level.max_nodes:
                depth = f"at most {level.max_nodes:,} positions"
            elif level.max_depth < 64:
                plies = "ply" if level.max_depth == 1 else "plies"
                depth = f"at most {level.max_depth} {plies}"
            else:
                depth = "as deep as time allows"
            print(f"level {number}: {level.seconds:g} s a move, {depth}: {level.about}")
        return 0
    game = GAMES[args.game]
    try:
        position = game.decode(args.position) if args.position else game.initial_position()
        chosen, report = think(
            game.id, position, level=args.level, seconds=args.seconds, seed=args.seed
        )
    except (RulesError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    rate = report.nodes / report.seconds if report.seconds else 0
    print(
        f"depth {report.depth}, {report.nodes:,} nodes in {report.seconds:.2f} s "
        f"({rate:,.0f} nodes/s), score {report.score:+d}"
    )
    print(chosen)
    return 0
