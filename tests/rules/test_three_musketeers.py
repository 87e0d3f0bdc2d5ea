"""Three Musketeers: the worked examples and rules of three-musketeers.md."""

from __future__ import annotations

import pytest

from rules import BadPosition, GameRecord, IllegalMove, Outcome, get_game
from rules import Termination as T
from rules.three_musketeers import LINED_UP, ThreeMusketeersPosition
from tests.gamekit import move_texts

GAME = get_game("three-musketeers")


def position(text: str) -> ThreeMusketeersPosition:
    return GAME.decode(text)


def moves(text: str) -> list[str]:
    return move_texts(GAME, text)


def test_initial_position_and_its_eight_captures() -> None:
    assert GAME.encode(GAME.initial_position()) == "EEEEM/EEEEE/EEMEE/EEEEE/MEEEE m"
    first = [GAME.format_move(m) for m in GAME.legal_moves(GAME.initial_position())]
    assert sorted(first) == sorted(
        ["a1xa2", "a1xb1", "c3xc4", "c3xd3", "c3xc2", "c3xb3", "e5xe4", "e5xd5"]
    )
    assert first == sorted(first)  # canonical order is the texts' string order


def test_musketeer_lining_themselves_up_loses() -> None:
    start = "4E/EM3/M4/3E1/M4 m"  # b4xa4 puts all three on file a
    assert "b4xa4" in moves(start)
    record = GameRecord.replay(GAME, ["b4xa4"], position(start))
    assert record.outcome == Outcome("e", LINED_UP)
    assert GAME.legal_moves(record.position) == []


def test_musketeers_with_no_capture_win() -> None:
    start = "4M/5/2M2/5/ME2E e"  # b1-... the enemy steps away and leaves no capture
    record = GameRecord.replay(GAME, ["b1-b2"], position(start))
    assert record.outcome == Outcome("m", T.NO_MOVES, "m")


def test_enemy_with_no_move_loses() -> None:
    stuck = position("2M2/5/5/M4/EM3 e")  # a1 is boxed in by a2 and b1
    assert GAME.legal_moves(stuck) == []
    assert GAME.outcome(stuck) == Outcome("m", T.NO_MOVES, "e")


def test_a_capture_removes_the_enemy_piece() -> None:
    after = GAME.apply(GAME.initial_position(), GAME.parse_move(GAME.initial_position(), "c3xc4"))
    assert GAME.encode(after) == "EEEEM/EEMEE/EE1EE/EEEEE/MEEEE e"
    assert after.board.count("E") == 21


@pytest.mark.parametrize(
    ("start", "text", "message"),
    [
        ("EEEEM/EEEEE/EEMEE/EEEEE/MEEEE m", "b1-b2", "there is no Musketeer on b1"),
        ("EEEEM/EEEEE/EEMEE/EEEEE/MEEEE m", "c3-c5", "one cell up, down, left or right"),
        ("EEEEM/EEEEE/EEMEE/EEEEE/MEEEE m", "c3xd4", "one cell up, down, left or right"),
        ("EEEEM/EEEEE/EE1EE/EEMEE/MEEEE m", "c2-c3", "must capture an enemy piece"),
        ("EEEEM/EEEEE/EE1EE/EEMEE/MEEEE e", "b1-b2", "steps onto an empty cell"),
        ("EEEEM/EEEEE/EE1EE/EEMEE/MEEEE e", "e5-e4", "there is no enemy piece on e5"),
        ("EEEEM/EEEEE/EEMEE/EEEEE/MEEEE m", "z9-a1", "is not a move"),
        ("EEEEM/EEEEE/EEMEE/EEEEE/MEEEE m", "a1xa2xa3", "from one cell to a neighbour"),
    ],
)
def test_illegal_moves_say_why(start: str, text: str, message: str) -> None:
    with pytest.raises(IllegalMove, match=message):
        GAME.parse_move(position(start), text)


@pytest.mark.parametrize("text", ["c3xc4", "c3-c4", "C3XC4", " c3 c4 ", "c3c4"])
def test_either_separator_any_case_and_spaces(text: str) -> None:
    assert GAME.format_move(GAME.parse_move(GAME.initial_position(), text)) == "c3xc4"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("EEEEE/EEEEE/EEMEE/EEEEE/MEEEE m", "exactly three Musketeers"),
        ("EEEEM/EEEEE/EEMEE/EEEEE/MEEEE", "two fields"),
        ("EEEEM/EEEEE/EEMEE/EEEEE/MEEEE x", "must be m or e"),
        ("EEEEM/EEEEE/EEMEE/EEEEE m", "5 ranks"),
        ("EEEEM/EEEEEE/EEMEE/EEEEE/MEEEE m", "exactly 5 cells"),
        ("EEEEM/EEEEE/EEMEQ/EEEEE/MEEEE m", "rank 3 has 'Q'"),
    ],
)
def test_bad_positions_are_refused(text: str, message: str) -> None:
    with pytest.raises(BadPosition, match=message):
        GAME.decode(text)


def test_canonical_text_merges_empty_runs() -> None:
    assert GAME.encode(position("11M2/5/2M11/5/M1111 e")) == "2M2/5/2M2/5/M4 e"
