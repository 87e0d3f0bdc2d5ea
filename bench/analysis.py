"""Time of a game's review: `python bench/analysis.py [--workers 2] [--games checkers,...]`.

For each game, a seeded game between level-3 players (Checkers 60 plies and The Crown 100,
taking the first seed whose game is that long; the other games as they end), then its
review as the bot makes it: every position read at the review's budget
(ai.analysis.budget), as many at once as there are workers, in worker processes. Prints
the wall time, the time a position, and the goal (a 60-ply Checkers game under 30 s on 2
cores, 100 plies of The Crown under 60 s).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import choose_move
from ai.analysis import budget, positions, read, review
from rules import GAMES, counted, get_game

#: the plies of the game reviewed (the other games: as long as they last)
PLIES = {"checkers": 60, "the-crown": 100}
GOALS = {"checkers": 30.0, "the-crown": 60.0}


def scripted(game_id: str, plies: int, seed: int) -> list[str]:
    """A game between level-3 players, `plies` long or to its end."""
    game, rng = get_game(game_id), random.Random(seed)
    position, moves = game.initial_position(), list[str]()
    while len(moves) < plies and game.outcome(position) is None:
        move = choose_move(game_id, position, level=3, seed=rng.randrange(1 << 30))
        moves.append(move)
        position = game.play(position, move)[1]
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(abs, range(args.workers)))  # the workers started before the clock
        for game_id in args.games.split(","):
            wanted = PLIES.get(game_id, 0)
            moves = scripted(game_id, wanted or 400, 0)
            for seed in range(1, 40):
                if len(moves) >= wanted:
                    break
                moves = max(moves, scripted(game_id, wanted, seed), key=len)
            start = get_game(game_id).initial_position()
            texts = [get_game(game_id).encode(p) for p in positions(game_id, start, moves)]
            began = time.perf_counter()
            readings = list(pool.map(read, [game_id] * len(texts), texts))
            seconds = time.perf_counter() - began
            judged = review(game_id, start, moves, readings)
            marks = sum(1 for j in judged.moves if j.mark)
            goal = f", goal under {GOALS[game_id]:.0f} s" if game_id in GOALS else ""
            print(
                f"{game_id:17} {len(moves):3} plies, {budget(game_id):,} positions a position: "
                f"{seconds:5.1f} s on {args.workers} workers "
                f"({seconds / len(texts) * 1000 * args.workers:4.0f} ms a position a worker), "
                f"{counted(marks, 'move')} judged{goal}"
            )


if __name__ == "__main__":
    main()
