"""Checkers rules that the vectors do not spell out: parsing, errors, draws, crowning."""

from __future__ import annotations

import random

import pytest

from rules import BadPosition, GameRecord, IllegalMove, Outcome, get_game
from rules import Termination as T

GAME = get_game("checkers")
START = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


def play(*moves: str, start: str | None = None) -> GameRecord:
    return GameRecord.replay(GAME, moves, None if start is None else GAME.decode(start))


def test_initial_position_is_the_rules_file_start() -> None:
    assert GAME.encode(GAME.initial_position()) == START
    assert GAME.side_to_move(GAME.initial_position()) == "b"


def test_mandatory_capture_error_names_the_capture() -> None:
    record = play("11-15", "22-18")
    with pytest.raises(
        IllegalMove, match=r"12-16 is not legal: a capture is mandatory \(try 15x22\)"
    ):
        record.play("12-16")
    assert len(record.moves) == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("13-17", "there is no Black piece on 13"),
        ("24-20", "there is no Black piece on 24"),
        ("9-12", r"from 9 you can play 9-13, 9-14"),
        ("1-5", "the piece on 1 cannot move"),
        ("33-29", "square 33 is not on the board"),
        ("hello", "is not a checkers move"),
        ("11", "is not a checkers move"),
        ("", "the move is empty"),
        ("1" * 200, "too long"),
    ],
)
def test_bad_moves_say_why(text: str, message: str) -> None:
    with pytest.raises(IllegalMove, match=message):
        GAME.parse_move(GAME.initial_position(), text)


@pytest.mark.parametrize("text", ["11-15", "11x15", "11X15", " 11 - 15 ", "11 x 15"])
def test_separators_and_spaces_are_interchangeable(text: str) -> None:
    assert GAME.format_move(GAME.parse_move(GAME.initial_position(), text)) == "11-15"


def test_short_capture_form_plays_the_unique_match() -> None:
    position = GAME.decode("W:W21,28,30,32:B2,6,8,15,16,17,24")
    assert GAME.format_move(GAME.parse_move(position, "28x1")) == "28x19x10x1"
    assert GAME.format_move(GAME.parse_move(position, "21-14")) == "21x14"


def test_short_form_of_a_king_loop_plays_the_first_path() -> None:
    position = GAME.decode("W:WK6,25,30:B1,9,10,17,18")
    assert GAME.format_move(GAME.parse_move(position, "6x6")) == "6x13x22x15x6"


def test_short_form_with_different_captured_pieces_is_ambiguous() -> None:
    position = GAME.decode("W:W26:B14,15,22,23")
    assert [GAME.format_move(m) for m in GAME.legal_moves(position)] == ["26x17x10", "26x19x10"]
    with pytest.raises(IllegalMove, match=r"ambiguous.*26x17x10, 26x19x10"):
        GAME.parse_move(position, "26x10")
    assert GAME.format_move(GAME.parse_move(position, "26x19x10")) == "26x19x10"


def test_a_single_jump_written_in_full_beats_a_loop_ending_on_the_same_square() -> None:
    position = GAME.decode("W:WK14:B9,17,18,25,26")
    texts = [GAME.format_move(m) for m in GAME.legal_moves(position)]
    assert "14x5" in texts and any(t.startswith("14x") and t.endswith("x5") for t in texts[1:])
    assert GAME.format_move(GAME.parse_move(position, "14x5")) == "14x5"


def test_long_path_must_match_exactly() -> None:
    position = GAME.decode("W:W21,28,30,32:B2,6,8,15,16,17,24")
    with pytest.raises(IllegalMove, match="capture is mandatory"):
        GAME.parse_move(position, "28x19x10")


def test_captured_squares_and_crowning_on_apply() -> None:
    position = GAME.decode("W:W21,28,30,32:B2,6,8,15,16,17,24")
    move = GAME.parse_move(position, "28x19x10x1")
    assert move.captured_squares() == (24, 15, 6)
    assert GAME.encode(GAME.apply(position, move)) == "B:WK1,21,30,32:B2,8,16,17"


def test_king_finishing_a_loop_on_its_start_square() -> None:
    position = GAME.decode("W:WK6,25,30:B1,9,10,17,18")
    after = GAME.apply(position, GAME.legal_moves(position)[0])
    assert GAME.encode(after) == "B:WK6,25,30:B1"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("b:w21-32:b1-12", START),
        ('[FEN "B:W21-32:B1-12"]', START),
        ("B:B1-12:W21-32.", START),
        (" B : W 21 - 32 : B 1 - 12 ", START),
        ("W:WK10,18:B5,K7", "W:WK10,18:B5,K7"),
        ("W:WK1-3:B", "W:WK1,K2,K3:B"),
        ("w:w:b18", "W:W:B18"),
    ],
)
def test_fen_parsing_is_lenient(text: str, canonical: str) -> None:
    assert GAME.encode(GAME.decode(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("B:W33:B1", "not on the board"),
        ("B:W0:B1", "not on the board"),
        ("B:W5:B5", "listed twice"),
        ("B:W5,5:B1", "listed twice"),
        ("X:W5:B1", "side to move must be B or W"),
        ("B:W2:B9", "White man cannot stand on 2"),
        ("B:W20:B30", "Black man cannot stand on 30"),
        ("B:W1-13:B20", "at most 12 pieces"),
        ("B:W20", "three fields"),
        ("B:W20:W21", "one W list and one B list"),
        ("B:W5-3:B1", "runs backwards"),
        ("B:Wq:B1", "is not a square"),
        ("", "three fields"),
    ],
)
def test_fen_parser_rejects(text: str, message: str) -> None:
    with pytest.raises(BadPosition, match=message):
        GAME.decode(text)


def test_win_when_the_opponent_has_no_pieces_or_no_moves() -> None:
    assert GAME.outcome(GAME.decode("W:W:B18")) == Outcome("b", T.NO_PIECES, "w")
    assert GAME.outcome(GAME.decode("B:W9,14:B5")) == Outcome("w", T.NO_MOVES, "b")
    assert GAME.outcome(GAME.initial_position()) is None


def test_threefold_repetition_draws_on_the_third_occurrence() -> None:
    shuffle = ("29-25", "4-8", "25-29", "8-4")
    record = play(*shuffle, start="W:WK29:BK4")
    assert record.outcome is None  # second occurrence
    for move in shuffle[:3]:
        record.play(move)
    assert record.outcome is None
    record.play(shuffle[3])
    assert record.outcome == Outcome(None, T.REPETITION)
    with pytest.raises(IllegalMove, match="game is over"):
        record.play("29-25")


def test_forty_move_rule_draws_after_eighty_quiet_king_plies() -> None:
    rng = random.Random(3)
    record = GameRecord(GAME, GAME.decode("W:WK29,K30,K31,K32:BK1,K2,K3,K4"))
    seen = {record.position}
    while len(record.moves) < 80:
        assert record.outcome is None
        options = [
            m
            for m in GAME.legal_moves(record.position)
            if (after := GAME.apply(record.position, m)) not in seen
            and not any(reply.capture for reply in GAME.legal_moves(after))
        ]
        assert not any(m.capture for m in options)
        move = rng.choice(options)
        record.play(move)
        seen.add(record.position)
        assert record.quiet_plies == len(record.moves)
    assert record.outcome == Outcome(None, T.NO_PROGRESS)


def test_man_moves_and_captures_reset_the_quiet_counter() -> None:
    record = play("1-6", "32-27", "6-1", start="B:WK32,22:BK1,9")
    assert record.quiet_plies == 3
    record.play("22-18")
    assert record.quiet_plies == 0


def test_a_win_beats_the_forty_move_draw_reached_on_the_same_move() -> None:
    record = GameRecord(GAME, GAME.decode("W:W11,K12:BK4"))
    record.quiet_plies = 79  # as if 79 quiet plies had been played to reach this position
    record.play("12-8")  # the 80th quiet ply, and Black's king on 4 is now shut in
    assert record.quiet_plies == 80
    assert record.outcome == Outcome("w", T.NO_MOVES, "b")


def test_agreement_and_resignation() -> None:
    record = play("11-15")
    assert record.resign("w") == Outcome("b", T.RESIGNATION, "w")
    with pytest.raises(IllegalMove, match="already over"):
        record.agree_draw()
    assert play("11-15").agree_draw() == Outcome(None, T.AGREEMENT)
