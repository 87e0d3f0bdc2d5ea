"""Turkish draughts: every rule of docs/rules/turkish.md on a built position, the parser's
words, the position text, the endings, and perft against the published figures."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import BadPosition, GameRecord, IllegalMove, Outcome, get_game, result_text
from rules import Termination as T
from rules import turkish_moves as gen
from rules.turkish import ONE_PIECE_EACH
from tests.gamekit import move_texts, random_record, sample_positions

GAME = get_game("turkish")
START = (
    "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3"
    ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
)
#: White's man on b4 can take one piece (b5) or two (c4 then d5)
MAJORITY = "W:Wh2,b4:Bc4,b5,d5,h7"
#: Black's king on h1 takes three pieces two ways that start and end alike (from random play)
TWO_WAYS = (
    "B:Wa2,b2,c2,d2,e2,f2,a3,b3,d3,f3,h3,e4,d5:BKh1,a6,b6,c6,d6,e6,f6,g6,a7,b7,c7,d7,e7,f7,g7,h7"
)


def moves(position: str) -> set[str]:
    return set(move_texts(GAME, position))


def after(position: str, move: str) -> str:
    return GAME.encode(GAME.play(GAME.decode(position), move)[1])


def refusal(position: str, move: str) -> str:
    with pytest.raises(IllegalMove) as refused:
        GAME.parse_move(GAME.decode(position), move)
    return str(refused.value)


def test_the_start_and_its_moves() -> None:
    start = GAME.initial_position()
    assert GAME.encode(start) == START
    assert GAME.side_to_move(start) == "w"
    assert move_texts(GAME, START) == [f"{f}3-{f}4" for f in "abcdefgh"]
    assert GAME.pieces(start)["a2"] == "w" and GAME.pieces(start)["h7"] == "b"
    assert len(GAME.pieces(start)) == 32


def test_men_step_forward_or_sideways_never_backward_or_diagonally() -> None:
    assert moves("W:Wd4,h2:Bh7") == {"d4-c4", "d4-d5", "d4-e4", "h2-g2", "h2-h3"}
    assert moves("B:Wh2:Bd4,a7") == {"d4-c4", "d4-d3", "d4-e4", "a7-a6", "a7-b7"}


def test_kings_move_along_ranks_and_files_any_distance() -> None:
    found = moves("W:WKd4,a3:Bh8")
    assert {"d4-d1", "d4-d8", "d4-a4", "d4-h4"} <= found
    assert "d4-e5" not in found and len(found) == 14 + 2  # the king's 14, the man's 2


def test_the_majority_rule_takes_the_most_pieces() -> None:
    assert moves(MAJORITY) == {"b4xd4xd6"}


def test_men_and_kings_count_the_same_for_the_majority() -> None:
    assert moves("W:Wb4,h2:BKb5,c4,d5,h7") == {"b4xd4xd6"}  # two men, not the king


def test_equal_captures_are_a_free_choice_and_men_capture_sideways() -> None:
    assert moves("W:Wd4,h2:Bc4,e4,h7") == {"d4xb4", "d4xf4"}
    assert moves("B:Wd5,a2:Bc5,h7") == {"c5xe5"}


def test_men_never_capture_backward() -> None:
    assert moves("W:Wd4,h2:Bd3,h7") == {"d4-c4", "d4-d5", "d4-e4", "h2-g2", "h2-h3"}


def test_pieces_come_off_one_by_one_so_a_king_crosses_a_freed_square() -> None:
    """c3 is taken first; the last capture crosses its square along rank 3."""
    position = "W:WKc1,h2:Ba4,b5,c3,e3,g8"
    assert moves(position) == {f"c1xc5xa5xa3x{f}3" for f in "fgh"}
    played, _ = GAME.play(GAME.decode(position), "c1xc5xa5xa3xf3")
    assert GAME.captured_cells(GAME.decode(position), played) == ("c3", "b5", "a4", "e3")
    assert after(position, "c1xc5xa5xa3xf3") == "B:Wh2,Kf3:Bg8"


def test_a_king_never_turns_back_180_degrees() -> None:
    position = "W:WKd4,h2:Bd2,d6,a7"
    assert moves(position) == {"d4xd1", "d4xd7", "d4xd8"}  # not d4xd1xd7: that turns back
    assert "never turns back 180°" in refusal(position, "d4xd1xd7")


def test_a_flying_king_lands_on_any_square_past_the_piece() -> None:
    assert moves("W:WKa1,h3:BKc1,a7") == {"a1xa8", *(f"a1x{f}1" for f in "defgh")}


def test_a_king_must_land_where_the_capture_goes_on() -> None:
    assert moves("W:WKa1,h3:BKc1,f3,a7") == {f"a1xf1xf{r}" for r in range(4, 9)}


def test_a_man_reaching_the_far_row_is_crowned_and_the_move_ends() -> None:
    assert after("W:Wd7,h2:Ba5,h7", "d7-d8") == "B:Wh2,Kd8:Ba5,h7"
    # crowned by a capture, with nothing more to take beside it: the new king does not fly on
    assert moves("W:Wd6,h2:Bd7,g8,a5") == {"d6xd8"}
    assert after("W:Wd6,h2:Bd7,g8,a5", "d6xd8") == "B:Wh2,Kd8:Ba5,g8"


def test_a_man_capturing_onto_the_far_row_goes_on_sideways_as_a_man() -> None:
    position = "W:Wd6,h2:Bd7,e8,a5"
    assert moves(position) == {"d6xd8xf8"}
    assert after(position, "d6xd8xf8") == "B:Wh2,Kf8:Ba5"
    assert "a capture goes on" in refusal(position, "d6xd8")


def test_two_routes_to_the_same_captures_are_one_move() -> None:
    """The king may land on c5 or d5 before taking e5: one move, listed by its lowest path."""
    position = "W:WKa5,h2:Bb5,e5,a8"
    assert moves(position) == {f"a5xc5x{f}5" for f in "fgh"}
    listed = GAME.parse_move(GAME.decode(position), "a5xc5xf5")
    assert GAME.parse_move(GAME.decode(position), "a5xd5xf5") == listed
    assert GAME.parse_move(GAME.decode(position), "a5xf5") == listed
    assert GAME.perft(GAME.decode(position), 1) == 3


def test_the_short_form_plays_the_one_capture_it_names_or_asks_which() -> None:
    assert GAME.format_move(GAME.parse_move(GAME.decode(MAJORITY), "b4xd6")) == "b4xd4xd6"
    assert moves(TWO_WAYS) == {"h1xh4xc4xc1", "h1xh5xc5xc1"}
    message = refusal(TWO_WAYS, "h1xc1")
    assert message == "h1xc1 is ambiguous: say which, one of h1xh4xc4xc1, h1xh5xc5xc1"


@pytest.mark.parametrize("text", ["d3-d4", "D3-D4", " d3 - d4 ", "d3xd4", "d3:d4", "d3d4"])
def test_separators_case_and_spaces_are_free(text: str) -> None:
    assert GAME.format_move(GAME.parse_move(GAME.initial_position(), text)) == "d3-d4"


@pytest.mark.parametrize(
    ("position", "text", "message"),
    [
        (START, "d4-d5", "there is no White piece on d4"),
        (START, "a6-a5", "the piece on a6 is Black's"),
        (START, "d3-e4", "never diagonally"),
        (START, "d3-d5", "a man steps one square"),
        (START, "d2-d3", "d3 is not empty"),
        (START, "d3xd5xf5", "there is nothing to capture"),
        (START, "hello", "is not a move: name squares a1-h8"),
        (START, "i3-i4", "square i3 is not on the board: files are a-h"),
        (START, "d3", "is not a move: name squares a1-h8"),
        (START, "", "the move is empty"),
        (START, "d3-d4" * 20, "too long"),
        ("W:Wd4,h2:Bd3,h7", "d4-d3", r"never moves backward \(White's men move up the board\)"),
        ("B:Wh2:Bd4,a7", "d4-d5", r"never moves backward \(Black's men move down the board\)"),
        ("W:WKa1,a3,h2:Bh7", "a1-a5", "the way from a1 to a5 is not clear"),
        (START, "d3-d3", "d3 is not empty"),
        (MAJORITY, "h2-h3", r"capturing is compulsory \(play b4xd4xd6\)"),
        (MAJORITY, "b4xb6", "it takes 1 piece, but the majority rule makes you take the most"),
        (MAJORITY, "b4xd4", r"a capture goes on while there is a piece to take \(play b4xd4xd6\)"),
    ],
)
def test_refused_moves_say_why(position: str, text: str, message: str) -> None:
    assert re.search(message, refusal(position, text))


def test_a_refused_move_changes_nothing() -> None:
    record = GameRecord(GAME, GAME.decode(MAJORITY))
    with pytest.raises(IllegalMove, match="majority rule"):
        record.play("b4xb6")
    assert record.moves == [] and GAME.encode(record.position) == MAJORITY


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        (START.lower(), START),
        (f'[FEN "{START}"]', START),
        ("W:Bh7,a6:Wb2,a2.", "W:Wa2,b2:Ba6,h7"),
        (" b : w kd1 , h2 : b c6 , ke8 ", "B:WKd1,h2:Bc6,Ke8"),
        ("W:WKa1:B", "W:WKa1:B"),
        ("W:Wa1:Bh8", "W:Wa1:Bh8"),  # a man on its own first row may stand there
    ],
)
def test_position_text_is_read_leniently_and_written_one_way(text: str, canonical: str) -> None:
    assert GAME.encode(GAME.decode(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("W:Wa2", "three fields"),
        ("", "three fields"),
        ("X:Wa2:Bh7", "side to move must be W or B"),
        ("W:Wa2,a2:Bh7", "a2 is listed twice"),
        ("W:Wa2:Ba2", "a2 is listed twice"),
        ("W:Wa8:Bh7", r"a White man cannot stand on a8: it would be a king \(write Ka8\)"),
        ("W:Wa2:Bh1", "a Black man cannot stand on h1"),
        ("W:Wi2:Bh7", "square i2 is not on the board"),
        ("W:W22:Bh7", "is not a square"),
        ("W:Wa2:Wh7", "one W list and one B list"),
        ("W:Wa1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2,f2,g2,h2,a3:Bh7", "at most 16 pieces"),
        ("W:Wa2:B" + ",h7" * 200, "at most 400 characters"),
    ],
)
def test_bad_position_texts_say_why(text: str, message: str) -> None:
    with pytest.raises(BadPosition, match=message):
        GAME.decode(text)


def test_the_diagram_has_rank_8_on_top() -> None:
    lines = GAME.diagram(GAME.decode("W:WKa1,h2:Bc6")).splitlines()
    assert lines[0] == "8 . . . . . . . ."
    assert lines[2] == "6 . . b . . . . ."
    assert lines[6:] == ["2 . . . . . . . w", "1 W . . . . . . .", "  a b c d e f g h"]


def test_cells_and_their_orthogonal_neighbours() -> None:
    names = GAME.cell_names
    assert names[0] == "a1" and names[7] == "h1" and names[63] == "h8" and len(names) == 64
    neighbours = {n: {names[i] for i in GAME.step_neighbours[names.index(n)]} for n in names}
    assert neighbours["a1"] == {"a2", "b1"}
    assert neighbours["d4"] == {"d3", "d5", "c4", "e4"}


def test_a_moves_cells_and_jump() -> None:
    position = GAME.decode(MAJORITY)
    move = GAME.parse_move(position, "b4xd6")
    assert GAME.move_cells(move) == ("b4", "d4", "d6")
    assert GAME.captured_cells(position, move) == ("c4", "d5")
    assert GAME.is_jump(move) and not GAME.is_jump(GAME.legal_moves(GAME.initial_position())[0])


def test_no_pieces_or_no_move_loses() -> None:
    assert GAME.outcome(GAME.decode("W:W:Bh7,a7")) == Outcome("b", T.NO_PIECES, "w")
    assert GAME.outcome(GAME.decode("W:Wa2,b2:B")) == Outcome("w", T.NO_PIECES, "b")
    blocked = GAME.decode("W:Wa2:Ba3,a4,b2,c2")
    assert GAME.outcome(blocked) == Outcome("b", T.NO_MOVES, "w")
    assert GAME.legal_moves(blocked) == []


def test_one_piece_each_is_a_draw_at_once() -> None:
    record = GameRecord(GAME, GAME.decode("W:Wd4:Bd5,h7"))
    record.play("d4xd6")
    assert record.outcome == Outcome(None, ONE_PIECE_EACH)
    assert result_text(GAME, record.outcome) == "Draw (one piece each)"
    assert GAME.legal_moves(record.position) == [] and GAME.perft(record.position, 2) == 0
    assert GAME.termination("one-piece-each") == ONE_PIECE_EACH


def test_one_piece_each_plays_on_while_the_player_to_move_can_capture() -> None:
    king_takes_the_last_man = GAME.decode("W:WKa1:Ba3")
    assert GAME.outcome(king_takes_the_last_man) is None
    moves = [GAME.format_move(m) for m in GAME.legal_moves(king_takes_the_last_man)]
    assert moves == ["a1xa4", "a1xa5", "a1xa6", "a1xa7", "a1xa8"]
    record = GameRecord(GAME, king_takes_the_last_man)
    record.play("a1xa8")
    assert record.outcome == Outcome("w", T.NO_PIECES, "b")


def test_the_third_repetition_draws() -> None:
    shuffle = ("a1-b1", "h8-g8", "b1-a1", "g8-h8")
    record = GameRecord.replay(GAME, shuffle, GAME.decode("W:WKa1,c3:BKh8,f6"))
    record.play("a1-b1")
    record.play("h8-g8")
    record.play("b1-a1")
    assert record.outcome is None
    record.play("g8-h8")
    assert record.outcome == Outcome(None, T.REPETITION)


def test_fifty_moves_each_without_a_capture_or_a_man_stepping_forward_draw() -> None:
    """White's king goes round five squares, Black's round six: no position comes a third
    time in 100 plies, and the 100th ends the game."""
    white = ["a1-c1", "c1-c3", "c3-a3", "a3-a2", "a2-a1"]
    black = ["f8-h8", "h8-h6", "h6-g6", "g6-g4", "g4-f4", "f4-f8"]
    record = GameRecord(GAME, GAME.decode("W:WKa1,d2:BKf8,e7"))
    for ply in range(100):
        assert record.outcome is None, ply
        record.play(white[ply // 2 % 5] if ply % 2 == 0 else black[ply // 2 % 6])
    assert record.outcome == Outcome(None, T.NO_PROGRESS)
    assert result_text(GAME, record.outcome) == "Draw (50-move rule)"


@pytest.mark.parametrize(
    ("position", "move", "progress"),
    [
        ("W:Wd4,h2:Bh7", "d4-d5", True),  # a man forward: it cannot come back
        ("W:Wd4,h2:Bh7", "d4-e4", False),  # sideways: it can
        ("W:WKd4,h2:Bh7", "d4-d8", False),
        (MAJORITY, "b4xd4xd6", True),
    ],
)
def test_what_resets_the_fifty_move_count(position: str, move: str, progress: bool) -> None:
    before = GAME.decode(position)
    played, after_move = GAME.play(before, move)
    assert GAME.makes_progress(before, played, after_move) is progress


@pytest.mark.parametrize(("depth", "count"), [(1, 8), (2, 64), (3, 708), (4, 7538), (5, 85090)])
def test_perft_from_the_start_is_the_published_figure(depth: int, count: int) -> None:
    """The Kish engine's figures (docs/rules/turkish.md), as pydraughts counts them too."""
    assert GAME.perft(GAME.initial_position(), depth) == count


def _perft_by_route(
    men: int, kings: int, opp_men: int, opp_kings: int, white: bool, depth: int
) -> int:
    """Perft counting each route of a capture apart, as the Kish engine counts."""
    sequences = gen.capture_sequences(men, kings, opp_men | opp_kings, white)
    most = max((len(taken) for _, taken in sequences), default=0)
    routes = [s for s in sequences if len(s[1]) == most] or gen.generate(
        men, kings, opp_men | opp_kings, white
    )
    if depth == 1:
        return len(routes)
    total = 0
    for route in routes:
        m, k, om, ok = gen.make(men, kings, opp_men, opp_kings, route, white)
        total += _perft_by_route(om, ok, m, k, not white, depth - 1)
    return total


@pytest.mark.slow
def test_perft_7_counts_two_routes_to_the_same_captures_once() -> None:
    """Kish's 10,782,382 counts every route of a king's capture; 74 of them repeat another
    route's start, end and pieces, and are one move here."""
    start = GAME.initial_position()
    assert GAME.perft(start, 7) == 10_782_308
    men, kings, opp_men, opp_kings, white = start.mover()
    assert _perft_by_route(men, kings, opp_men, opp_kings, white, 7) == 10_782_382


@settings(max_examples=60, deadline=None)
@given(
    index=st.integers(0, 10_000), text=st.text(alphabet="abcdefghik012345678 -x:X*K", max_size=20)
)
def test_the_parser_refuses_only_with_illegal_move(index: int, text: str) -> None:
    positions = sample_positions("turkish")
    position = positions[index % len(positions)]
    try:
        move = GAME.parse_move(position, text)
    except IllegalMove as refused:
        assert str(refused)
        return
    assert move in GAME.legal_moves(position)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_position_is_the_move_log_replayed(seed: int) -> None:
    record = random_record(GAME, seed)
    texts = [GAME.format_move(m) for m in record.moves]
    replayed = GameRecord.replay(GAME, texts)
    assert replayed.positions == record.positions
    assert replayed.outcome == record.outcome
    start: Any = GAME.initial_position()
    for move in record.moves:
        start = GAME.apply(start, move)
    assert start == record.position
