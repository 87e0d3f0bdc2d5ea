"""Render speed: median ms per board_png call for each game, PNG sizes, a 200-move GIF, and
the charts (a 100-ply review's advantage, 50 rated games' rating)."""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import board_png, game_gif
from render.charts import advantage_png, rating_png
from rules import GAMES, GameRecord

CALLS = 200


def sample_game(game_id: str, plies: int, seed: int = 1) -> GameRecord:
    """Random legal moves until the game ends or reaches `plies` plies."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    record = GameRecord(game)
    while len(record.moves) < plies:
        if record.outcome is not None:
            return record
        record.play(rng.choice(game.legal_moves(record.position)))
    return record


def main() -> None:
    for game_id in GAMES:
        record = sample_game(game_id, 60)
        frames = list(zip(record.positions[1:], record.moves, record.positions, strict=False))
        board_png(game_id, record.positions[0])  # build the caches once
        times, sizes = [], []
        for i in range(CALLS):
            position, move, before = frames[i % len(frames)]
            start = time.perf_counter()
            png = board_png(game_id, position, last_move=move, before=before, perspective=None)
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(len(png))
        print(
            f"{game_id:17} board_png median {statistics.median(times):5.2f} ms  "
            f"PNG {min(sizes) / 1024:4.1f}-{max(sizes) / 1024:4.1f} KB"
        )
    for game_id in ("three-crowns", "the-crown"):
        record = next(
            r for seed in range(100) if len((r := sample_game(game_id, 200, seed)).moves) >= 200
        )
        start = time.perf_counter()
        gif = game_gif(game_id, record.positions, record.moves)
        seconds = time.perf_counter() - start
        print(
            f"{game_id:17} GIF of {len(record.moves)} moves: {seconds:.2f} s, "
            f"{len(gif) / 1024 / 1024:.2f} MB"
        )


def charts() -> None:
    rng = random.Random(2)
    chances = [min(1.0, max(0.0, 0.5 + rng.uniform(-0.4, 0.4))) for _ in range(101)]
    marks = [(n, rng.choice(("?!", "?", "??"))) for n in range(3, 100, 9)]
    ratings = [(1500 + rng.uniform(-200, 200), 350 * 0.95**n) for n in range(50)]
    for name, draw in (
        ("advantage chart", lambda: advantage_png(chances, marks, ("Black", "White"), "A review")),
        ("rating chart", lambda: rating_png(ratings, "alice: Checkers rating")),
    ):
        draw()  # the fonts loaded once
        times, png = [], b""
        for _ in range(30):
            start = time.perf_counter()
            png = draw()
            times.append((time.perf_counter() - start) * 1000)
        print(f"{name:17} median {statistics.median(times):5.1f} ms  PNG {len(png) / 1024:4.1f} KB")


if __name__ == "__main__":
    main()
    charts()
