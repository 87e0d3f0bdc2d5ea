"""Russian draughts (shashki): a free choice among captures, a man crowned during a capture
going on as a king, the Turkish strike, ':' in captures, the 15-move rules (its perft:
test_draughts_perft.py)."""

from __future__ import annotations

import pytest

from rules import GameRecord, get_game
from rules import Termination as T
from tests.gamekit import move_texts

GAME = get_game("russian")


def test_any_capture_may_be_chosen_short_or_long() -> None:
    assert move_texts(GAME, "W:Wc3:Bb4,d4,f6,h8") == ["c3:a5", "c3:e5:g7"]


def test_captures_are_written_with_colons_and_read_with_any_mark() -> None:
    position = GAME.decode("W:Wc3:Bb4,d4,f6,h8")
    assert GAME.parse_move(position, "c3xe5xg7") == GAME.parse_move(position, "c3:g7")
    assert GAME.format_move(GAME.parse_move(position, "C3-A5")) == "c3:a5"


def test_a_man_crowned_during_a_capture_goes_on_capturing_as_a_king() -> None:
    """b6 takes c7 to d8, is crowned there, and flies on over e7 and f6 to take g5."""
    record = GameRecord(GAME, GAME.decode("W:Wb6:Bc7,g5,a3"))
    assert move_texts(GAME, "W:Wb6:Bc7,g5,a3") == ["b6:d8:h4"]
    record.play("b6:d8:h4")
    assert GAME.encode(record.position) == "B:WKh4:Ba3"


def test_a_man_passing_the_far_row_during_a_capture_ends_a_king() -> None:
    """d6 takes e7 to f8 (crowned) and goes on over g7 to h6: a king there."""
    record = GameRecord(GAME, GAME.decode("W:Wd6:Be7,g7,a3"))
    record.play("d6:f8:h6")
    assert GAME.encode(record.position) == "B:WKh6:Ba3"


def test_kings_alone_for_fifteen_moves_each_draw() -> None:
    record = GameRecord(GAME, GAME.decode("W:WKa1,Kc1:BKh8,Kf8"))
    record.quiet_plies = 29
    record.play("c1-d2")
    assert record.outcome is not None and record.outcome.termination == T.NO_PROGRESS
    assert GAME.no_progress_reason == "15-move rule or endgame count"


@pytest.mark.parametrize(
    ("position", "plies"),
    [
        ("W:WKa1,Kc1,Ke1:BKh8", 30),  # three kings: their 15th move, White to move now
        ("B:WKa1,Kc1,Ke1:BKh8", 29),  # the lone king to move: its side made the last move
        ("W:WKa1,Kc1,Ke1,Kg1:BKh8", 30),
        ("W:WKa1,Kc1:BKh8", 10),  # two kings or fewer pieces: 5 moves each
        ("W:WKa1,c3:BKh8", 10),
        ("W:WKa1,c3,e3:BKh8", 30),  # a king and two men: the 15-move rule
        ("W:WKa1,Kc1:BKh8,Kf8", 30),
    ],
)
def test_the_endgame_counts_against_a_lone_king(position: str, plies: int) -> None:
    assert GAME.no_progress_limit_at(GAME.decode(position)) == plies


def test_three_kings_not_through_by_their_fifteenth_move_draw() -> None:
    """The lone king took the fourth king: the count starts again, and its opponent's 15th
    move is the count's 29th ply."""
    record = GameRecord(GAME, GAME.decode("B:WKe1,Kd4,Ka5,Kg5:BKf6"))
    record.play("f6:a1")
    assert record.quiet_plies == 0
    record.quiet_plies = 28
    record.play("e1-f2")
    assert record.outcome is not None and record.outcome.termination == T.NO_PROGRESS
