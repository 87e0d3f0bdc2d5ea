"""The five draughts games' moves cross-checked against pydraughts 0.6.7, position by position.

pydraughts runs in a subprocess of its own (tests/rules/pydraughts_oracle.py: its import name
is py-draughts' too; its docstring lists where it departs from the rules and what it does
about it). Each game's positions are those of random games, but for those its endings close;
a move is compared by its start, end and captured squares, which is what makes it one move.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules import get_game
from tests.gamekit import random_record

ORACLE = Path(__file__).with_name("pydraughts_oracle.py")
#: where `make install-test` puts pydraughts, beside the venv's own packages
PYDRAUGHTS = Path(sys.prefix) / "pydraughts"
GAMES_TO_SAMPLE = 12

Key = tuple[str, str, frozenset[str]]


def their_moves(game_id: str, positions: list[str]) -> list[set[Key]]:
    """pydraughts' moves of each position, all asked of one oracle process."""
    requests = "".join(json.dumps({"game": game_id, "position": p}) + "\n" for p in positions)
    done = subprocess.run(
        [sys.executable, str(ORACLE), str(PYDRAUGHTS)],
        input=requests, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(positions)
    return [{(path[0], path[-1], frozenset(taken)) for path, taken in a["moves"]} for a in answers]


def our_moves(game: Any, position: Any) -> set[Key]:
    keys = set()
    for move in game.legal_moves(position):
        cells = game.move_cells(move)
        keys.add((cells[0], cells[-1], frozenset(game.captured_cells(position, move))))
    return keys


def shown(keys: set[Key]) -> list[str]:
    return sorted(
        f"{a}>{b} x{','.join(sorted(taken))}" if taken else f"{a}>{b}" for a, b, taken in keys
    )


@pytest.mark.slow  # a thousand positions' moves in pure-Python pydraughts, a game
@pytest.mark.processes  # pydraughts runs in a process of its own
@pytest.mark.skipif(
    not PYDRAUGHTS.is_dir(),
    reason=f"pydraughts is not installed in {PYDRAUGHTS} (make install-test)",
)
@pytest.mark.parametrize("game_id", ["international", "brazilian", "russian", "italian", "turkish"])
def test_move_generation_agrees_with_pydraughts(game_id: str) -> None:
    game = get_game(game_id)
    # a finished position (Turkish's one piece each, a draw) has no moves for us
    positions = [
        position
        for position in dict.fromkeys(
            p for seed in range(GAMES_TO_SAMPLE) for p in random_record(game, seed).positions
        )
        if game.outcome(position) is None
    ]
    texts = [game.encode(p) for p in positions]
    differences = [
        f"{text}\n  ours only: {shown(ours - theirs)}\n  pydraughts only: {shown(theirs - ours)}"
        for text, position, theirs in zip(
            texts, positions, their_moves(game_id, texts), strict=True
        )
        if (ours := our_moves(game, position)) != theirs
    ]
    assert not differences, f"{len(differences)} of {len(texts)} positions differ:\n" + "\n".join(
        differences[:10]
    )
    assert len(texts) >= 300
