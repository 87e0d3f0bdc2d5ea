"""Brazilian draughts (International rules on 8×8, CBD): the majority rule, crowning at the
end of a move, the squares a1-h8, the 20-move rule (its perft: test_draughts_perft.py)."""

from __future__ import annotations

import pytest

from rules import GameRecord, IllegalMove, get_game
from rules import Termination as T
from tests.gamekit import move_texts

GAME = get_game("brazilian")


def test_squares_are_named_a1_to_h8_with_white_on_ranks_1_to_3() -> None:
    pieces = GAME.pieces(GAME.initial_position())
    assert pieces["a1"] == pieces["g3"] == "w" and pieces["b6"] == pieces["h8"] == "b"
    assert move_texts(GAME, GAME.start) == [
        "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4",
    ]  # fmt: skip


def test_the_capture_taking_the_most_pieces_is_compulsory() -> None:
    """c3 may take b4 alone or d4 and f6: only the longer."""
    position = "W:Wc3:Bb4,d4,f6,h8"
    assert move_texts(GAME, position) == ["c3xe5xg7"]
    with pytest.raises(
        IllegalMove, match="Brazilian draughts requires taking the most pieces: c3xe5xg7 takes 2"
    ):
        GAME.parse_move(GAME.decode(position), "c3xa5")
    assert GAME.format_move(GAME.parse_move(GAME.decode(position), "c3xg7")) == "c3xe5xg7"


def test_a_man_crosses_the_far_row_during_a_capture_uncrowned() -> None:
    """d6 takes e7 to f8, then back over g7 to h6: it ends a man."""
    record = GameRecord(GAME, GAME.decode("W:Wd6:Be7,g7,a7"))
    record.play("d6xf8xh6")
    assert GAME.encode(record.position) == "B:Wh6:Ba7"


def test_twenty_moves_each_of_kings_alone_draw() -> None:
    record = GameRecord(GAME, GAME.decode("W:WKa1,Kc1:BKh8,Kf8"))
    record.quiet_plies = 39
    record.play("c1-d2")
    assert record.outcome is not None and record.outcome.termination == T.NO_PROGRESS
    assert GAME.no_progress_limit_at(GAME.decode("W:WKa1:BKh8")) == 40  # no endgame count
