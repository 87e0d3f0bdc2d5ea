"""`python -m ai move GAME [--position TEXT] [--level N] [--seconds S] [--seed N] [--nodes N]`,
`python -m ai levels`, `python -m ai solve SOLVED-GAME [--position TEXT] [--seconds S]`
and `python -m ai analyse GAME MOVE... [--position TEXT] [--nodes N]`."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rules import GAMES, Game, RulesError, counted

from . import LEVELS, think
from .analysis import PLURALS, analyse
from .computers import COMPUTERS
from .evaluation import Solver, UnreadableSolution
from .levels import UNBOUNDED


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai", description="The computer opponent.")
    solvers = {g: c.solver for g, c in COMPUTERS.items() if c.solver is not None}
    commands = parser.add_subparsers(dest="command", required=True)
    move = commands.add_parser("move", help="choose a move; it is printed on the last line")
    move.add_argument("game", choices=sorted(GAMES))
    move.add_argument("--position", help="position text (default: the start)")
    move.add_argument("--level", type=int, default=3, choices=sorted(LEVELS))
    move.add_argument("--seconds", type=float, help="thinking time (default: the level's)")
    move.add_argument("--seed", type=int, help="make the choice reproducible")
    move.add_argument(
        "--nodes", type=int, help="positions searched, in place of the clock (any machine alike)"
    )
    commands.add_parser("levels", help="list the levels and their thinking budgets")
    solve = commands.add_parser("solve", help="the proven value of a position, and its moves'")
    solve.add_argument("game", choices=sorted(solvers))
    solve.add_argument("--position", help="position text (default: the start)")
    solve.add_argument("--seconds", type=float, default=3.0, help="exact search time (3 s)")
    analyse = commands.add_parser("analyse", help="review a game: each move judged")
    analyse.add_argument("game", choices=sorted(GAMES))
    analyse.add_argument("moves", nargs="+", metavar="MOVE")
    analyse.add_argument("--position", help="the position the game started from")
    analyse.add_argument("--nodes", type=int, help="positions searched a position")
    args = parser.parse_args(argv)
    if args.command == "analyse":
        return _analyse(GAMES[args.game], args.moves, args.position, args.nodes)
    if args.command == "solve":
        return _solve(GAMES[args.game], solvers[args.game], args.position, args.seconds)
    if args.command == "levels":
        for number, level in LEVELS.items():
            if level.nodes_divisor:
                depth = "positions searched at most: " + ", ".join(
                    f"{name} {level.nodes(name):,}" for name in COMPUTERS
                )
            elif level.max_depth != UNBOUNDED:
                plies = level.max_depth
                depth = f"at most {counted(plies, 'ply', 'plies')}" + "".join(
                    f" ({name} {level.depth(name)})"
                    for name in COMPUTERS
                    if level.depth(name) != plies
                )
            else:
                depth = "as deep as time allows"
            print(f"level {number}: {level.seconds:g} s a move, {depth}: {level.about}")
        return 0
    game = GAMES[args.game]
    try:
        position = game.decode(args.position) if args.position else game.initial_position()
        chosen, report = think(
            game.id,
            position,
            level=args.level,
            seconds=args.seconds,
            seed=args.seed,
            nodes=args.nodes,
        )
    except (RulesError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    rate = report.nodes / report.seconds if report.seconds else 0
    if report.proof:
        print(f"proven: {report.proof}")
    else:
        print(
            f"depth {report.depth}, {report.nodes:,} nodes in {report.seconds:.2f} s "
            f"({rate:,.0f} nodes/s), score {report.score:+d}"
        )
    print(chosen)
    return 0


def _solve(game: Game[Any, Any], solver: Solver, text: str | None, seconds: float) -> int:
    try:
        position = game.decode(text) if text else game.initial_position()
    except RulesError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    try:
        verdict = solver.solve(position, seconds)
    except UnreadableSolution as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    if verdict.value is None:
        print(f"value: unknown within {seconds:g} s")
        return 0
    print(f"value: {verdict.value}")
    print(f"proof: {verdict.proof}")
    for move, value in verdict.moves:
        print(f"{game.format_move(move):7} {value}")
    return 0


def _analyse(game: Game[Any, Any], moves: list[str], text: str | None, nodes: int | None) -> int:
    """One line a ply (ply, move, judgement, the mover's score, their chance before and after
    the move, the best move), then each side's accuracy and counts."""
    try:
        start = game.decode(text) if text else game.initial_position()
        review = analyse(game.id, moves, start, nodes)
    except RulesError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    for judged, reading in zip(review.moves, review.readings, strict=False):
        print(
            f"{judged.ply:3} {judged.move:9} {judged.mark or '-':2} {reading.score:+8d} "
            f"{judged.before:6.1%} -> {judged.after:6.1%}  best {judged.best}"
        )
    for side in game.sides:
        if side in review.accuracy:
            counts = ", ".join(
                counted(n, word, PLURALS[word]) for word, n in review.counts(side).items()
            )
            print(f"{game.side_name(side)}: accuracy {review.accuracy[side]:.0f}%, {counts}")
    if review.turned is not None:
        print(f"the game turned at ply {review.turned}")
    return 0
