"""Italian draughts (FID): the board placed with a dark square at each player's right, men
that capture forward and never a king, kings of one step, the four steps of the capture
precedence, a man's move ending where it is crowned, the 40-move rule (its perft:
test_draughts_perft.py)."""

from __future__ import annotations

import pytest

from rules import GameRecord, IllegalMove
from rules import Termination as T
from rules.italian import Italian
from tests.gamekit import move_texts

GAME = Italian()


def test_square_1_is_blacks_single_corner_and_32_whites() -> None:
    """FID: 1-32 from the top left, the board's dark corner at each player's right."""
    board = GAME.board
    assert board.squares[board.index["1"]] == (7, 0)  # a8, as White sees the board
    assert board.squares[board.index["32"]] == (0, 7)  # h1, at White's right
    assert move_texts(GAME, GAME.start)[:3] == ["21-17", "21-18", "22-18"]


def _refusal(position: str, text: str) -> str:
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(GAME.decode(position), text)
    return str(caught.value)


def test_first_the_most_pieces_even_by_a_man_against_a_king() -> None:
    position = "W:W22,K32:B18,10,28"  # the man takes 18 and 10, the king 28 alone
    assert move_texts(GAME, position) == ["22x13x6"]
    assert _refusal(position, "32x23").endswith("requires taking the most pieces: 22x13x6 takes 2")


def test_then_a_capture_by_a_king_over_one_by_a_man() -> None:
    position = "W:W22,K32:B18,28"  # each takes one
    assert move_texts(GAME, position) == ["32x23"]
    assert "taking with a king when one takes as many: 32x23" in _refusal(position, "22x13")


def test_then_the_most_kings() -> None:
    position = "W:WK23:BK19,20"  # the king may take the king on 19 or the man on 20
    assert move_texts(GAME, position) == ["23x14"]
    assert "requires taking the most kings: 23x14 takes 1" in _refusal(position, "23x16")


def test_then_the_capture_meeting_a_king_first() -> None:
    """Both take a man and a king: 23x16x7 meets the king on 20 first, 23x14x5 the man on 19."""
    position = "W:WK23:B12,19,K10,K20"
    assert move_texts(GAME, position) == ["23x16x7"]
    assert "taking a king as early as one can: 23x16x7" in _refusal(position, "23x14x5")


def test_ties_left_are_the_players_choice() -> None:
    assert move_texts(GAME, "W:WK23:B19,20") == ["23x14", "23x16"]


def test_a_man_cannot_take_a_king() -> None:
    position = "W:W22:BK18"
    assert move_texts(GAME, position) == ["22-19"]
    refusal = "22x13 is not legal: in Italian draughts a man cannot take a king"
    assert _refusal(position, "22x13") == refusal


def test_men_capture_forward_only_and_kings_one_step() -> None:
    assert move_texts(GAME, "W:W18:B22,3") == ["18-13", "18-14"]  # 22 is behind the man
    # a flying king would take 13 from 22: this one steps
    assert move_texts(GAME, "W:WK22:B13,3") == ["22-18", "22-19", "22-26", "22-27"]


def test_a_man_crowned_by_a_capture_stops_there() -> None:
    """9 takes 5 and is crowned on 2; the new king could take 6, but the move is over."""
    record = GameRecord(GAME, GAME.decode("W:W9:B5,6"))
    assert move_texts(GAME, "W:W9:B5,6") == ["9x2"]
    record.play("9x2")
    assert GAME.encode(record.position) == "B:WK2:B6"


def test_forty_moves_each_of_kings_alone_draw() -> None:
    record = GameRecord(GAME, GAME.decode("W:WK29,K30:BK1,K2"))
    record.quiet_plies = 79
    record.play("29-25")
    assert record.outcome is not None and record.outcome.termination == T.NO_PROGRESS
    assert GAME.no_progress_reason == "40-move rule"
