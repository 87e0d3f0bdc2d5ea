"""International draughts (FMJD): the majority rule, crowning only at the end of a move, the
short capture notation, the draw counts (its perft: test_draughts_perft.py)."""

from __future__ import annotations

import pytest

from rules import GameRecord, IllegalMove, get_game
from rules import Termination as T
from tests.gamekit import move_texts

GAME = get_game("international")


def test_the_most_pieces_must_be_taken_by_a_man_rather_than_fewer_by_a_king() -> None:
    """The king on 46 could take 41; the man on 33 takes 28 and 17: only the man's."""
    position = "W:WK46,23,33:B41,28,17,3"
    assert move_texts(GAME, position) == ["33x11"]
    with pytest.raises(
        IllegalMove,
        match="46x37 is not legal: International draughts requires taking the most pieces: "
        "33x11 takes 2",
    ):
        GAME.parse_move(GAME.decode(position), "46x37")


def test_kings_and_men_count_alike_in_the_majority() -> None:
    """Two men by the man (33x11), or a man and a man by the king: as many, both legal."""
    position = GAME.decode("W:WK46,33:B41,28,17,3")
    moves = GAME.legal_moves(position)
    assert {GAME.format_move(m)[:3] for m in moves} == {"33x", "46x"}
    assert {len(m.captured) for m in moves} == {2}


def test_a_man_passing_the_far_row_during_a_capture_stays_a_man() -> None:
    """12 takes 8 to 3 (the far row) and goes on over 9 to 14: it ends a man."""
    record = GameRecord(GAME, GAME.decode("W:W12:B8,9,45"))
    played = record.play("12x14")
    assert GAME.move_cells(played) == ("12", "3", "14")
    assert GAME.encode(record.position) == "B:W14:B45"


def test_a_man_ending_its_move_on_the_far_row_is_crowned() -> None:
    record = GameRecord(GAME, GAME.decode("W:W12:B8,45"))
    record.play("12x3")
    assert GAME.encode(record.position) == "B:WK3:B45"
    record = GameRecord(GAME, GAME.decode("W:W6:B45"))
    record.play("6-1")
    assert GAME.pieces(record.position)["1"] == "W"


def test_a_capture_is_written_by_its_ends_unless_another_shares_them() -> None:
    """Two captures from 10 to 35 take different pieces: both are written in full, and the
    short form is refused as ambiguous."""
    assert move_texts(GAME, "W:W32:B27,45") == ["32x21"]
    position = "W:WK10:B14,33,38,40"
    assert move_texts(GAME, position) == ["10x28x44x35", "10x32x49x35"]
    with pytest.raises(IllegalMove, match="10x35 is ambiguous: say which, one of 10x28x44x35"):
        GAME.parse_move(GAME.decode(position), "10x35")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("34-29", r"capturing is compulsory \(try 28x19\)"),
        ("26-21", "there is no White piece on 26"),
        ("28-22", r"capturing is compulsory \(try 28x19\)"),
        ("23-18", "there is no White piece on 23"),
    ],
)
def test_illegal_moves_say_why(text: str, message: str) -> None:
    record = GameRecord.replay(GAME, ["32-28", "19-23"])
    with pytest.raises(IllegalMove, match=message):
        record.play(text)


def test_twenty_five_moves_each_of_kings_alone_draw() -> None:
    record = GameRecord(GAME, GAME.decode("W:WK46,K50:BK1,K5"))
    record.play("50-45")
    assert record.quiet_plies == 1 and record.outcome is None
    record.quiet_plies = 49  # as if 49 king moves had been played to reach this position
    record.play("5-14")
    assert record.outcome is not None and record.outcome.termination == T.NO_PROGRESS
    assert GAME.no_progress_reason == "25-move rule or endgame count"


def test_a_man_move_or_a_capture_restarts_the_count() -> None:
    record = GameRecord(GAME, GAME.decode("W:WK46,31:BK1,20"))
    record.play("46-41")
    record.play("1-7")
    assert record.quiet_plies == 2
    record.play("31-26")
    assert record.quiet_plies == 0


@pytest.mark.parametrize(
    ("position", "plies"),
    [
        ("W:WK46,K47,K48:BK3", 32),  # three kings against one: 16 moves each
        ("W:WK46,38,39:BK3", 32),  # a king and two men
        ("W:WK46,K47:BK3", 10),  # two kings: 5 moves each
        ("W:WK46,38:BK3", 10),  # a king and a man
        ("W:WK46:BK3", 10),  # a king against a king
        ("W:W38,39,40:BK3", 50),  # no king with the men: the 25-move rule
        ("W:WK46,K47,K48,K49:BK3", 50),  # four kings: the 25-move rule
    ],
)
def test_the_endgame_counts_against_a_lone_king(position: str, plies: int) -> None:
    assert GAME.no_progress_limit_at(GAME.decode(position)) == plies


def test_an_endgame_count_runs_whatever_is_moved_and_ends_the_game() -> None:
    """Under the 16-move count even the men's moves count; the 32nd ply draws."""
    record = GameRecord(GAME, GAME.decode("W:WK46,38,39:BK3"))
    record.play("38-33")
    assert record.quiet_plies == 1
    record.quiet_plies = 31
    record.play("3-9")
    assert record.outcome is not None and record.outcome.termination == T.NO_PROGRESS


def test_a_capture_that_begins_an_endgame_starts_its_count() -> None:
    """Three kings against one; the lone king takes one: the 5-move count starts at 0."""
    record = GameRecord(GAME, GAME.decode("B:WK46,K28,K48:BK5"))
    record.quiet_plies = 20
    record.play("5x32")
    assert record.quiet_plies == 0 and GAME.no_progress_limit_at(record.position) == 10
