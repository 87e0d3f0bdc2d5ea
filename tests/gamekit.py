"""Helpers shared by the rules tests: vector files, random games, sample positions."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

from rules import GAMES, Game, GameRecord

DATA = Path(__file__).parent / "data"

#: every game the engine registers gets the shared contract tests
GAME_IDS = sorted(GAMES)

#: Checkers, level-2 self-play: at ply 47 Black had one winning move, 21-25, and played 4-8
MISSED_WIN = [
    "9-14", "23-18", "14x23", "27x18", "11-15", "18x11", "7x16", "24-19", "16x23", "26x19",
    "10-15", "19x10", "6x15", "22-18", "15x22", "25x18", "2-6", "28-24", "6-10", "21-17",
    "8-11", "18-14", "1-6", "14x7", "3x10", "32-28", "12-16", "31-26", "16-20", "24-19",
    "6-9", "26-22", "9-14", "19-16", "14x21", "16x7", "5-9", "7-3", "10-14", "30-26",
    "21-25", "22-17", "14x21", "29x22", "9-13", "3-7", "4-8",
]  # fmt: skip


@cache
def vectors(game_id: str) -> list[dict[str, Any]]:
    """The positions of a game's reference vector file."""
    data = json.loads((DATA / f"{game_id}-vectors.json").read_text())
    assert data["game"] == game_id
    return data["positions"]


def random_record(game: Game[Any, Any], seed: int, max_plies: int = 5000) -> GameRecord:
    """A game of uniformly random legal moves, played until it ends (or max_plies)."""
    rng = random.Random(seed)
    record = GameRecord(game)
    while record.outcome is None and len(record.moves) < max_plies:
        record.play(rng.choice(game.legal_moves(record.position)))
    return record


@cache
def sample_positions(game_id: str, games: int = 12, per_game: int = 40) -> tuple[Any, ...]:
    """The vector positions, plus up to `per_game` spread-out positions of a few random games."""
    game = GAMES[game_id]
    seen: dict[Any, None] = {game.decode(v["position"]): None for v in vectors(game_id)}
    for seed in range(games):
        positions = random_record(game, seed).positions
        stride = max(1, len(positions) // per_game)
        for position in (*positions[::stride], positions[-1]):
            seen[position] = None
    return tuple(seen)


def move_texts(game: Game[Any, Any], text: str) -> list[str]:
    """The legal moves of a position text, as their canonical texts."""
    return [game.format_move(m) for m in game.legal_moves(game.decode(text))]
