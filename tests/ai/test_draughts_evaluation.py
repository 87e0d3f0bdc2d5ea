"""The draughts family's evaluation (International, Brazilian, Russian, Italian, Turkish): it
counts for the side to move (the board turned half round, colours swapped, scores the same),
each count is what its name says, and `python -m ai` plays each game."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from ai.cli import main
from rules import get_game
from tests.gamekit import sample_positions

DRAUGHTS = ("international", "brazilian", "russian", "italian", "turkish")


def _module(game_id: str) -> Any:
    return importlib.import_module(f"ai.evaluation.{game_id}")


def _turned(game_id: str, position: object) -> object:
    """The position seen from the other side: every cell turned half round (each game's
    cells run row by row, so the i-th cell becomes the i-th from the end), colours and the
    side to move swapped."""
    game = get_game(game_id)
    names = game.cell_names
    turned = {
        names[len(names) - 1 - names.index(cell)]: p for cell, p in game.pieces(position).items()
    }

    def listed(side: str) -> str:
        return ",".join(
            ("K" if p.isupper() else "") + cell
            for cell, p in sorted(turned.items(), key=lambda item: names.index(item[0]))
            if p.lower() != side
        )

    turn = "B" if game.side_to_move(position) == "w" else "W"
    return game.decode(f"{turn}:W{listed('w')}:B{listed('b')}")


@pytest.mark.parametrize("game_id", DRAUGHTS)
def test_the_start_is_even_and_either_colour_scores_the_same(game_id: str) -> None:
    game, module = get_game(game_id), _module(game_id)
    start = game.initial_position()
    assert set(module.features(start).values()) == {0}
    for position in sample_positions(game_id, games=2, per_game=10):
        turned = _turned(game_id, position)
        assert module.features(turned) == module.features(position), game.encode(position)
        assert module.evaluate(turned) == module.evaluate(position)


def test_the_counts_on_the_ten_by_ten_board() -> None:
    # White: a man on 47 (its back row), one on 28 (four rows up, in the centre), a king on
    # 3; Black: a man on 1 (its back row), one on 44 (eight rows up, one step from crowning)
    counts = _module("international").features(
        get_game("international").decode("W:W47,28,K3:B1,44")
    )
    assert counts == {
        "men": 0,
        "kings": 1,
        "advance": 4 - 8,
        "near": -1,
        "back": 1 - 1,
        "centre": 1,
        "trade": (2 * 0 + 6 * 1) * (40 - 5) // 4,  # a king is three men; 35 pieces off
    }


def test_the_counts_on_turkish_draughts_board() -> None:
    """Turkish men start on rows 2 and 3 and never step back: their rear row is the second."""
    game, module = get_game("turkish"), _module("turkish")
    counts = module.features(game.decode("W:Wa2,d4,Kh8:Bd7,c2"))
    assert counts == {
        "men": 0,
        "kings": 1,
        "advance": 2 - 5,
        "near": 0 - 1,  # c2 crowns next on c1
        "back": 1 - 1,  # a2 and d7
        "centre": 1,  # d4
        "trade": (2 * 0 + 6 * 1) * (32 - 5) // 4,
    }
    black_to_move = module.features(game.decode("B:Wa2,d4,Kh8:Bd7,c2"))
    assert black_to_move == {name: -count for name, count in counts.items()}
    # the rear row is kept against men only: Black has a king alone
    assert module.features(game.decode("W:Wa2:BKd5"))["back"] == 0


#: a central cell, and a cell of Black's rear row, by game
PLACES = {
    "international": ("28", "1"),
    "brazilian": ("d4", "b8"),
    "russian": ("d4", "b8"),
    "italian": ("18", "1"),
    "turkish": ("d4", "a7"),
}


@pytest.mark.parametrize("game_id", DRAUGHTS)
def test_a_king_is_worth_more_than_a_man(game_id: str) -> None:
    game, module = get_game(game_id), _module(game_id)
    centre, rear = PLACES[game_id]
    man = module.evaluate(game.decode(f"W:W{centre}:B{rear}"))
    king = module.evaluate(game.decode(f"W:WK{centre}:B{rear}"))
    assert king > man


@pytest.mark.parametrize("game_id", DRAUGHTS)
def test_the_command_line_chooses_a_move_from_the_start(
    game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bounded by positions searched, so alike on any machine."""
    assert main(["move", game_id, "--level", "5", "--nodes", "2000", "--seed", "1"]) == 0
    chosen = capsys.readouterr().out.splitlines()[-1]
    game = get_game(game_id)
    assert game.format_move(game.parse_move(game.initial_position(), chosen)) == chosen
