"""What the evaluation fits share: seeded games between computer players, and a logistic
regression of outcomes on an evaluation's counts (its WEIGHTS, in points: 100 is one in the
logit of the chance to win)."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import choose_move
from rules import Game, GameRecord

Player = Callable[[Any], Any]


def play(game: Game[Any, Any], players: dict[str, Player]) -> GameRecord:
    """One game (`players` by side to move) played to its end: the game's own outcome, or a
    draw its history makes (a repetition, moves without progress, as in a match)."""
    record = GameRecord(game)
    while record.outcome is None:
        record.play(players[record.side_to_move](record.position))
    return record


def computer(
    game: Game[Any, Any], rng: random.Random, levels: Sequence[int], mistakes: float = 0.0
) -> Player:
    """A player of one of `levels` (chosen afresh each move), who plays a random move
    `mistakes` of the time."""

    def move(position: Any) -> Any:
        if rng.random() < mistakes:
            return rng.choice(game.legal_moves(position))
        text = choose_move(game.id, position, level=rng.choice(levels), seed=rng.randrange(1 << 30))
        return game.parse_move(position, text)

    return move


def fit_weights(names: Sequence[str], rows: list[list[int]], outcomes: list[float]) -> None:
    """Fits the logit of `outcomes` (1 a win, 0 a loss, 0.5 a draw) to the counts in `rows`
    and prints the weights as an evaluation module writes them."""
    x, y = np.array(rows, dtype=float), np.array(outcomes)
    mean, spread = x.mean(axis=0), x.std(axis=0) + 1e-9
    z = np.hstack([(x - mean) / spread, np.ones((len(x), 1))])
    w = np.zeros(z.shape[1])
    for _ in range(30):  # Newton's method, lightly regularised
        p = 1 / (1 + np.exp(-z @ w))
        hessian = (z * (p * (1 - p))[:, None]).T @ z + 1e-3 * np.eye(len(w))
        w -= np.linalg.solve(hessian, z.T @ (p - y) + 1e-3 * w)
    p = 1 / (1 + np.exp(-z @ w))
    decided = y != 0.5
    agree = np.mean((p[decided] > 0.5) == (y[decided] > 0.5))
    print(f"the fitted sum's sign is the outcome in {agree:.1%} of the decided positions")
    print("WEIGHTS = {")
    for name, weight in zip(names, 100 * w[:-1] / spread, strict=True):
        print(f'    "{name}": {weight:.0f},')
    print("}")
