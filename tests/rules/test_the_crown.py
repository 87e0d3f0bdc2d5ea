"""The Crown: geometry, each rule subtlety of the-crown.md, and a cross-check of move generation."""

from __future__ import annotations

import pytest

from rules import BadPosition, GameRecord, IllegalMove, Outcome, check_text, get_game
from rules import Termination as T
from rules.the_crown import NO_PRINCES, PRINCE_CROWNED, TheCrownPosition
from rules.the_crown_board import (
    BLACK_KINGDOM,
    CELLS,
    INDEX,
    NAMES,
    NEIGHBOURS,
    POINTS_UP,
    RAYS,
    SIZE,
    WHITE_KINGDOM,
    index_of,
)
from rules.the_crown_movegen import pseudo_moves
from tests import crown_naive
from tests.gamekit import move_texts, sample_positions

GAME = get_game("the-crown")
START = "Pg1 Kf1 Kf3 Se1 Se3 Se5 pa1 ka3 kb1 sa5 sb3 sc1 w"


def moves(text: str) -> list[str]:
    return move_texts(GAME, text)


def names(cells: object) -> list[str]:
    return sorted(NAMES[c] for c in cells)  # type: ignore[attr-defined]


def mirror(cell: int) -> int:
    """The left-right mirror image of a cell (a1 <-> g1)."""
    y, i = CELLS[cell]
    return index_of(y, 12 - 2 * y - i)


def test_board_has_49_named_cells_and_the_rules_file_rays() -> None:
    assert SIZE == len(NAMES) == 49 and NAMES[48] == "a13"
    rays = {tuple(NAMES[x] for x in ray) for ray in RAYS[INDEX["d4"]]}
    assert rays == {
        ("e3", "e4", "f3"),
        ("d3", "c4", "c3", "b4", "b3", "a4", "a3"),
        ("d5", "d6", "d7"),
        ("d3", "d2", "d1"),
        ("d5", "c6", "c7", "b8", "b9", "a10", "a11"),
        ("e3", "e2", "f1"),
    }
    assert [len(NEIGHBOURS[INDEX[c]]) for c in ("a1", "g1", "a13")] == [1, 1, 1]


def test_kingdoms_and_mirror_symmetry() -> None:
    assert names(WHITE_KINGDOM) == sorted(["e1", "e2", "e3", "e4", "e5", "f1", "f2", "f3", "g1"])
    assert names(BLACK_KINGDOM) == sorted(["a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "c1"])
    assert {mirror(c) for c in WHITE_KINGDOM} == set(BLACK_KINGDOM)


def test_a_knight_has_at_most_23_moves() -> None:
    reach = {c: len({x for ray in RAYS[c] for x in ray}) for c in range(SIZE)}
    assert set(reach.values()) == {21, 22, 23}
    corners = {INDEX["a1"], INDEX["g1"], INDEX["a13"]}
    assert {c for c, n in reach.items() if n == 23} == {
        c for c in range(SIZE) if not POINTS_UP[c]
    } | corners
    lone_knight = ["."] * SIZE
    lone_knight[INDEX["d4"]] = "K"
    assert len(pseudo_moves("".join(lone_knight), "w")) == 23


def test_soldier_in_its_kingdom_moves_one_or_two_cells_any_direction() -> None:
    board = ["."] * SIZE
    board[INDEX["e4"]] = "S"
    targets = names(d for _, d in pseudo_moves("".join(board), "w"))
    assert targets == sorted(["e3", "d4", "e2", "e5", "d6", "f3", "f2"])


def test_soldier_double_step_is_blocked_by_a_piece_between() -> None:
    board = ["."] * SIZE
    board[INDEX["e4"]], board[INDEX["e3"]] = "S", "s"
    targets = names(d for _, d in pseudo_moves("".join(board), "w"))
    assert targets == sorted(["e3", "e5", "d6", "f3", "f2"])  # e3 captured, nothing beyond it


def test_soldier_outside_its_kingdom_steps_to_any_neighbour() -> None:
    board = ["."] * SIZE
    board[INDEX["c4"]] = "S"
    assert names(d for _, d in pseudo_moves("".join(board), "w")) == ["c3", "c5", "d3"]


def test_prince_may_not_step_into_check() -> None:
    position = "Pd2 pa1 kd7 w"  # the Knight on d7 sweeps the d line
    assert "d2-d3" not in moves(position)
    with pytest.raises(IllegalMove, match="your Prince would be in check"):
        GAME.parse_move(GAME.decode(position), "d2-d3")


def test_pinned_piece_may_only_move_along_the_pin() -> None:
    position = "Pg1 Kc1 Kf3 Sd3 Se3 Se5 pa1 ka4 kb1 sa5 sb3 b"  # c1's Knight pins b1 to a1
    assert [m for m in moves(position) if m.startswith("b1-")] == ["b1-a2", "b1-b2", "b1-c1"]


def test_checkmate_the_prince_leaves_and_play_goes_on() -> None:
    mated = GAME.decode("Pf1 Kb7 Sd2 Sd3 Sd4 pa9 ka10 b")
    assert GAME.outcome(mated) is None
    assert moves(GAME.encode(mated)) == ["a9++"]
    with pytest.raises(IllegalMove, match="checkmated and must leave"):
        GAME.parse_move(mated, "a9-a8")
    record = GameRecord(GAME, mated)
    record.play("a9++")
    assert GAME.encode(record.position) == "Pf1 Kb7 Sd2 Sd3 Sd4 ka10 w"
    assert record.outcome is None  # Black plays on with its Knight


def test_a_leave_that_uncovers_a_check_is_a_checking_move() -> None:
    mated = GAME.decode("Pd3 Kd4 pb3 kc5 ke5 w")  # d3 leaving opens d4's line to b3
    assert moves(GAME.encode(mated)) == ["d3++"]
    assert [GAME.format_move(m) for m in GAME.checking_moves(mated)] == ["d3++"]
    quiet = GAME.decode("Pf1 Kb7 Sd2 Sd3 Sd4 pa9 ka10 b")  # a9 leaving opens no line
    assert GAME.checking_moves(quiet) == []


def test_leave_move_of_a_lone_prince_ends_in_annihilation() -> None:
    record = GameRecord(GAME, GAME.decode("Pe3 Ka5 pa1 b"))  # a1 and a2 both swept by a5
    assert moves(GAME.encode(record.position)) == ["a1++"]
    record.play("a1++")
    assert record.outcome == Outcome("w", T.NO_PIECES, "b")


def test_princeless_side_mating_a_lone_prince_draws() -> None:
    record = GameRecord(GAME, GAME.decode("Ka5 Se3 pa1 b"))
    record.play("a1++")
    assert record.outcome == Outcome(None, NO_PRINCES)


def test_promotion_is_refused_while_the_prince_lives() -> None:
    position = "Pd4 Sf2 pa1 w"
    assert "f2-g1" not in moves(position)
    with pytest.raises(IllegalMove, match="cannot become a second Prince"):
        GAME.parse_move(GAME.decode(position), "f2-g1")


def test_promotion_without_a_prince_makes_one() -> None:
    position = GAME.decode("Sf2 Kc4 pa1 w")
    move = GAME.parse_move(position, "f2-g1")
    assert GAME.encode(GAME.apply(position, move)) == "Pg1 Kc4 pa1 b"


def test_promotion_into_check_is_illegal() -> None:
    assert "f2-g1" not in moves("Sf2 Kc4 pa1 kf3 w")  # f3's Knight would see g1 through f2


def test_soldier_on_the_enemy_home_cell_is_ordinary() -> None:
    position = GAME.decode("Pc8 Ke1 Sa1 Sf3 pa12 sa3 sb9 b")
    assert GAME.outcome(position) is None


def test_prince_reaching_the_crown_wins() -> None:
    record = GameRecord(GAME, GAME.decode("Pa12 Kc4 pa1 w"))
    record.play("a12-a13")
    assert record.outcome == Outcome("w", PRINCE_CROWNED)
    assert GAME.legal_moves(record.position) == []


def test_crowning_into_check_is_illegal() -> None:
    assert moves("Pa12 pa1 ka9 w") == ["a12-b11"]  # a13 is on the a9 Knight's line


def test_other_pieces_may_stand_on_the_crown() -> None:
    assert "a12-a13" in moves("Pd4 Sa12 pa1 w")


def test_annihilation_needs_the_prince_and_no_princes_is_a_draw() -> None:
    assert GAME.outcome(GAME.decode("Pd4 b")) == Outcome("w", T.NO_PIECES, "b")
    assert GAME.outcome(GAME.decode("Kd4 b")) == Outcome(None, NO_PRINCES)
    assert GAME.outcome(GAME.decode("Kd4 ka1 w")) == Outcome(None, NO_PRINCES)


def test_stalemate_is_a_draw() -> None:
    # Black's Prince on a1 may only step to a2, next to White's Soldier; a1 is not attacked
    # (a Soldier outside its own kingdom reaches one cell only).
    position = GAME.decode("Pe3 Sa3 pa1 b")
    assert GAME.legal_moves(position) == []
    assert GAME.outcome(position) == Outcome(None, T.STALEMATE, "b")


def test_threefold_repetition() -> None:
    shuffle = ["f1-e2", "b1-b2", "e2-f1", "b2-b1"]
    record = GameRecord.replay(GAME, shuffle)
    assert record.outcome is None  # second occurrence: the game goes on
    for move in shuffle:
        record.play(move)
    assert record.outcome == Outcome(None, T.REPETITION)


@pytest.mark.parametrize("text", ["e3-e4", "e3xe4", "E3E4", " e3 - e4 "])
def test_move_text_forms(text: str) -> None:
    assert GAME.format_move(GAME.parse_move(GAME.initial_position(), text)) == "e3-e4"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("e3-e9", "is not a move: name two cells like e3-e4 \\(a1 to a13, b1 to b11, "),
        ("h1-h2", "is not a move"),
        ("a1-a2", "there is no White piece on a1"),
        ("f1-d3", "cannot move there"),
        ("e3++", "only a checkmated Prince"),
    ],
)
def test_bad_moves_say_why(text: str, message: str) -> None:
    with pytest.raises(IllegalMove, match=message):
        GAME.parse_move(GAME.initial_position(), text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Pg1 Kf1", "must end with the side to move"),
        ("Pg1 w Kf1 b", "is not a piece"),
        ("Xg1 w", "is not a piece"),
        ("Pg9 w", "g9 is not a cell"),
        ("Pg1 Kg1 w", "two pieces stand on g1"),
        ("Pg1 Pf1 w", "at most 1"),
        ("Sg1 pa1 w", "own home cell"),
        ("Pd2 kd7 pa1 b", "not to move is in check"),
    ],
)
def test_bad_positions_are_refused(text: str, message: str) -> None:
    with pytest.raises(BadPosition, match=message):
        GAME.decode(text)


def test_canonical_text_orders_pieces_and_numbers() -> None:
    assert GAME.encode(GAME.decode("sb3 ka3 Se3 Kf3 Pg1 Kf1 Se1 kb1 Se5 pa1 sa5 sc1 W")) == START
    assert GAME.encode(GAME.decode("Pd4 Kb10 Kb3 pa1 w")) == "Pd4 Kb3 Kb10 pa1 w"


def test_move_generation_matches_the_plain_implementation() -> None:
    checked = 0
    for position in sample_positions("the-crown", games=30):
        if GAME.outcome(position) is not None and not GAME.legal_moves(position):
            continue
        ours = {(m.src, m.dst) for m in GAME.legal_moves(position)}
        assert ours == crown_naive.legal(position.board, position.turn), GAME.encode(position)
        checked += 1
    assert checked > 300


def test_mirrored_position_with_colours_swapped_has_mirrored_moves() -> None:
    for position in sample_positions("the-crown"):
        cells = ["."] * SIZE
        for c, piece in enumerate(position.board):
            cells[mirror(c)] = piece.swapcase()
        flipped = TheCrownPosition("".join(cells), "b" if position.turn == "w" else "w")
        ours = {
            (mirror(m.src), mirror(m.dst) if m.dst >= 0 else -1) for m in GAME.legal_moves(position)
        }
        assert ours == {(m.src, m.dst) for m in GAME.legal_moves(flipped)}


def test_a_move_onto_ones_own_piece_says_what_is_there() -> None:
    position = GAME.decode("Pc9 Kg1 Sb10 Sd4 Se3 kc3 sa6 sc4 b")
    said = r"c3-c4 is not legal: c4 holds your own Soldier \(try c3-a3, .*, c3-c1 and 2 more\)$"
    with pytest.raises(IllegalMove, match=said):
        GAME.parse_move(position, "c3-c4")


def test_check_and_checkmate_are_said_in_words() -> None:
    mated = GAME.decode("Pf1 Kb7 Sd2 Sd3 Sd4 pa9 ka10 b")
    assert check_text(GAME, mated) == ("is checkmated: the Prince leaves the board (play a9++)")
    checked = next(p for p in sample_positions("the-crown", games=40, per_game=30)
                   if GAME.in_check(p) and GAME.forced_exit(p) is None)  # fmt: skip
    assert check_text(GAME, checked) == "is in check, and to move"
    assert check_text(GAME, GAME.initial_position()) is None
    assert check_text(get_game("checkers"), get_game("checkers").initial_position()) is None
