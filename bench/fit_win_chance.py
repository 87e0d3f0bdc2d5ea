"""Fits the review's chance curve (its Computer's `scale`, in ai/evaluation/) to self-play:
`python bench/fit_win_chance.py GAME [--games N] [--levels 2,3] [--every 2]`.

Plays seeded games as bench/fit_evaluation.py does, reads every --every'th position as the
review reads it (a search of the review's budget), labels it with the game's outcome for
the side to move (a win 1, a draw 0.5, a loss 0), and fits the one number of the curve
chance = 1 / (1 + e^(-score / scale)) by maximum likelihood. Readings of a proven win or
loss (a mate score, the solved game's value) are left out: the curve does not judge them.
Games run one a core; prints the scale and how well it predicts the decided positions.
"""

from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.analysis import read
from ai.search import MATE
from bench.fitting import computer, play
from rules import get_game


def _game(game_id: str, levels: tuple[int, ...], every: int, seed: int) -> list[tuple[int, float]]:
    """One game's readings before the end, with the outcome for the side to move."""
    game = get_game(game_id)
    rng = random.Random(seed)
    player = computer(game, rng, levels, rng.choice((0.02, 0.05, 0.1)))
    record = play(game, dict.fromkeys(game.sides, player))
    positions, outcome = record.positions, record.outcome
    assert outcome is not None
    found = []
    for position in positions[:-1:every]:
        reading = read(game_id, position)
        if reading.winner is not None or abs(reading.score) >= MATE - 1000:
            continue
        won = 0.5 if outcome.winner is None else float(outcome.winner == position.turn)
        found.append((reading.score, won))
    return found


def fit_scale(scores: np.ndarray, outcomes: np.ndarray) -> float:
    """The scale that makes 1 / (1 + e^(-score / scale)) most likely to give `outcomes`."""
    k = 0.01
    for _ in range(50):  # Newton's method on k = 1 / scale
        p = 1 / (1 + np.exp(-k * scores))
        gradient = np.sum((outcomes - p) * scores)
        curvature = np.sum(p * (1 - p) * scores * scores) + 1e-9
        k = max(1e-5, k + gradient / curvature)
    return 1 / k


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--levels", default="2,3")
    parser.add_argument("--every", type=int, default=2)
    args = parser.parse_args()
    levels = tuple(int(n) for n in args.levels.split(","))
    pairs: list[tuple[int, float]] = []
    with ProcessPoolExecutor() as pool:
        games = [
            pool.submit(_game, args.game, levels, args.every, seed) for seed in range(args.games)
        ]
        for done in games:
            pairs += done.result()
    scores = np.array([s for s, _ in pairs], dtype=float)
    outcomes = np.array([o for _, o in pairs])
    scale = fit_scale(scores, outcomes)
    decided = outcomes != 0.5
    agree = np.mean((scores[decided] > 0) == (outcomes[decided] > 0.5))
    p = 1 / (1 + np.exp(-scores / scale))
    brier = np.mean((p - outcomes) ** 2)
    print(f"{len(pairs):,} positions read from {args.games} games at levels {args.levels}")
    print(f"the score's sign is the outcome in {agree:.1%} of the decided positions")
    print(f"scale {scale:.0f} (Brier score {brier:.3f}): scale={scale:.0f}.0")


if __name__ == "__main__":
    main()
