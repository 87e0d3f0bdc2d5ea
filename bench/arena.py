"""Matches between computer players: `python bench/arena.py GAME --a A --b B --games N`.

A and B are levels (1-5) of our computer player or, for Checkers, `draughts`: py-draughts
1.10.1's SimpleEngine, with captures forced as in our rules. Each pair of games starts from
the same random opening (--opening plies of random moves), A taking each side once (or,
with --a-side, every game from its own opening with A on that side). Every
player thinks --seconds a move (--b-seconds for B; default: each level's own budget). Games
run two at a time (one a core); a game that reaches --max-plies is scored a draw.
--a-check-plies/--b-check-plies give a level's evaluator another `check_plies` (how many
plies of checks and answers it searches past the horizon), to measure what checks buy.

Prints one line a game, then A's wins, draws and losses, its score, and the Elo difference
with its 95% error.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from unittest.mock import patch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import LEVELS, choose_move
from ai.computers import COMPUTERS
from rules import GameRecord, get_game

DRAUGHTS = "draughts"


@dataclass(frozen=True)
class Player:
    spec: str  # a level number, or "draughts"
    seconds: float | None
    check_plies: int | None = None  # the evaluator's, when not its own

    def label(self) -> str:
        who = "py-draughts SimpleEngine" if self.spec == DRAUGHTS else f"level {self.spec}"
        if self.check_plies is not None:
            who += f", {self.check_plies} plies of checks"
        return who if self.seconds is None else f"{who} ({self.seconds:g} s)"

    def move(self, game_id: str, record: GameRecord, seed: int) -> str:
        if self.spec == DRAUGHTS:
            return _draughts_move(record, self.seconds or LEVELS[5].seconds)
        history = record.positions[:-1]
        with self._evaluator(game_id):
            return choose_move(
                game_id,
                record.position,
                level=int(self.spec),
                seconds=self.seconds,
                history=history,
                seed=seed,
            )

    def _evaluator(self, game_id: str) -> AbstractContextManager[object]:
        """The game's evaluator with this player's `check_plies`, while it chooses a move."""
        if self.check_plies is None:
            return nullcontext()
        known = COMPUTERS[game_id]
        changed = replace(known.evaluator, check_plies=self.check_plies)
        return patch.dict(COMPUTERS, {game_id: replace(known, evaluator=changed)})


def _draughts_move(record: GameRecord, seconds: float) -> str:
    """py-draughts' choice, on a board where captures are forced (its American board has
    them optional), from our position's PDN FEN."""
    from draughts import Move, SimpleEngine
    from draughts.boards.american import _CORE
    from draughts.boards.american import Board as AmericanBoard

    class ForcedCaptures(AmericanBoard):
        @property
        def legal_moves(self) -> list[Any]:
            return self._legal_moves_from_core(_CORE, max_capture=False, captures_optional=False)

    board = ForcedCaptures.from_fen(record.game.encode(record.position))
    move = SimpleEngine(depth_limit=64, time_limit=seconds).get_best_move(board)
    assert isinstance(move, Move)  # a (move, score) pair only when asked with_evaluation
    return "x".join(str(square + 1) for square in move.square_list)


@dataclass(frozen=True)
class Match:
    game_id: str
    opening: int  # random plies to start from
    max_plies: int
    seed: int
    a_side: str | None  # the side A always takes (None: each side in turn)

    def side_of_a(self, number: int) -> str:
        """The side A takes in game `number`."""
        return self.a_side or get_game(self.game_id).sides[number % 2]


def play_one(match: Match, a: Player, b: Player, number: int) -> tuple[int, float, int, str]:
    """(game number, A's score, plies, how it ended) of one game."""
    game = get_game(match.game_id)
    paired = match.a_side is None
    rng = random.Random(match.seed * 1000 + (number // 2 if paired else number))
    record = GameRecord(game)
    for _ in range(match.opening):
        if record.outcome is not None:
            break
        record.play(game.format_move(rng.choice(game.legal_moves(record.position))))
    a_side = match.side_of_a(number)
    seed = rng.randrange(1 << 30)  # each game its own (a pair's two alike), so levels 1-2 vary
    while record.outcome is None and len(record.moves) < match.max_plies:
        player = a if record.side_to_move == a_side else b
        record.play(player.move(game.id, record, seed + len(record.moves)))
    outcome = record.outcome
    if outcome is None:
        return number, 0.5, len(record.moves), f"draw at {match.max_plies} plies (adjudicated)"
    score = 0.5 if outcome.winner is None else 1.0 if outcome.winner == a_side else 0.0
    how = "draw" if outcome.winner is None else f"{game.side_name(outcome.winner)} won"
    return number, score, len(record.moves), f"{how} ({outcome.termination.value})"


def elo(score: float, results: list[float]) -> tuple[float, float]:
    """The Elo difference of a score, and its 95% error (from the results' spread)."""
    n = len(results)
    clipped = min(max(score, 0.5 / n), 1 - 0.5 / n)
    difference = -400 * math.log10(1 / clipped - 1)
    spread = math.sqrt(sum((r - score) ** 2 for r in results) / n / n)
    error = 1.96 * spread * 400 / math.log(10) / (clipped * (1 - clipped))
    return difference, error


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("--a", required=True, help="a level 1-5, or draughts (Checkers)")
    parser.add_argument("--b", required=True, help="a level 1-5, or draughts (Checkers)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, help="thinking time a move (default: the level's)")
    parser.add_argument("--b-seconds", type=float, help="B's thinking time (default: --seconds)")
    parser.add_argument("--opening", type=int, default=2, help="random plies to start from")
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--a-side", help="the side A takes in every game (default: each in turn)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--a-check-plies", type=int, help="A's evaluator's check_plies")
    parser.add_argument("--b-check-plies", type=int, help="B's evaluator's check_plies")
    args = parser.parse_args()
    game = get_game(args.game)
    if args.a_side is not None and args.a_side not in game.sides:
        parser.error(f"--a-side: one of {', '.join(game.sides)} in {game.name}")
    match = Match(game.id, args.opening, args.max_plies, args.seed, args.a_side)
    a = Player(args.a, args.seconds, args.a_check_plies)
    b_seconds = args.b_seconds if args.b_seconds is not None else args.seconds
    b = Player(args.b, b_seconds, args.b_check_plies)
    print(f"{game.name}: {a.label()} (A) against {b.label()} (B), {args.games} games")
    results: list[float] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        jobs = [pool.submit(play_one, match, a, b, n) for n in range(args.games)]
        for job in jobs:
            number, score, plies, how = job.result()
            results.append(score)
            side = game.side_name(match.side_of_a(number))
            print(f"  game {number + 1:3d}: A as {side:15s} {score:3.1f}  {plies:4d} plies, {how}")
    wins, draws = results.count(1.0), results.count(0.5)
    losses = len(results) - wins - draws
    score = sum(results) / len(results)
    difference, error = elo(score, results)
    print(
        f"{game.id}: A {wins}-{draws}-{losses} (W-D-L), score {100 * score:.1f}%, "
        f"Elo {difference:+.0f} ± {error:.0f}"
    )


if __name__ == "__main__":
    main()
