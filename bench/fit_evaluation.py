"""Fits a game's evaluation to self-play: `python bench/fit_evaluation.py GAME [--games N]`.

Plays seeded games between the computer's levels (--levels, each move at one of them, with
random moves mixed in so the games vary), labels every position with the game's outcome for
the side to move (a win 1, a draw 0.5, a loss 0), and fits the weights of the evaluation's
counts by logistic regression. Prints them as the game's module in ai/evaluation/ writes
them (its WEIGHTS; `features(position)` gives the counts). Games run one a core.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.fitting import computer, fit_weights, play
from rules import get_game


def _module(game_id: str) -> Any:
    return importlib.import_module("ai.evaluation." + game_id.replace("-", "_"))


def _game(game_id: str, levels: tuple[int, ...], seed: int) -> tuple[list[list[int]], list[float]]:
    """One game's positions before the end: their counts, and the outcome for the side to move."""
    game, module = get_game(game_id), _module(game_id)
    rng = random.Random(seed)
    player = computer(game, rng, levels, rng.choice((0.02, 0.05, 0.1)))
    record = play(game, dict.fromkeys(game.sides, player))
    positions, outcome = record.positions, record.outcome
    assert outcome is not None
    rows = [list(module.features(position).values()) for position in positions[:-1]]
    labels = [
        0.5 if outcome.winner is None else float(outcome.winner == position.turn)
        for position in positions[:-1]
    ]
    return rows, labels


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--levels", default="1,2")
    args = parser.parse_args()
    levels = tuple(int(n) for n in args.levels.split(","))
    rows: list[list[int]] = []
    labels: list[float] = []
    with ProcessPoolExecutor() as pool:
        games = [pool.submit(_game, args.game, levels, seed) for seed in range(args.games)]
        for done in games:
            game_rows, game_labels = done.result()
            rows += game_rows
            labels += game_labels
    draws = sum(label == 0.5 for label in labels) / len(labels)
    print(f"{len(labels):,} positions from {args.games} games at levels {args.levels}")
    print(f"{draws:.1%} of them from drawn games")
    fit_weights(list(_module(args.game).WEIGHTS), rows, labels)


if __name__ == "__main__":
    main()
