"""Every reference vector: legal move lists (as sets), perft counts, canonical position text."""

from __future__ import annotations

import pytest

from rules import get_game
from tests.gamekit import GAME_IDS, vectors

CASES = [(game_id, v) for game_id in GAME_IDS for v in vectors(game_id)]


@pytest.mark.parametrize(("game_id", "vector"), CASES, ids=[f"{g}:{v['name']}" for g, v in CASES])
def test_vector(game_id: str, vector: dict) -> None:
    game = get_game(game_id)
    position = game.decode(vector["position"])
    assert game.encode(position) == vector["position"]
    moves = [game.format_move(m) for m in game.legal_moves(position)]
    assert len(moves) == len(set(moves))
    assert set(moves) == set(vector["moves"])
    for depth, expected in vector["perft"].items():
        assert game.perft(position, int(depth)) == expected, f"perft({depth})"


def test_every_game_has_vectors() -> None:
    assert all(vectors(game_id) for game_id in GAME_IDS)
