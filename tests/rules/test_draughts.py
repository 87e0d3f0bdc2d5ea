"""The diagonal draughts engine all four games share (rules/draughts*.py): the boards and their
names, position text, move text, the capture search (flying kings, the Turkish strike, one
move per start, end and set taken), the endgame counts, and a cross-check against py-draughts.
Each game's own rules are in its own file."""

from __future__ import annotations

import random
from typing import Any

import pytest
from draughts import BrazilianBoard, RussianBoard, StandardBoard
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import BadPosition, GameRecord, IllegalMove, get_game
from rules.draughts import Draughts, DraughtsPosition
from tests.gamekit import move_texts, random_record

DIAGONAL = ("international", "brazilian", "russian", "italian")


def game(game_id: str) -> Draughts:
    found = get_game(game_id)
    assert isinstance(found, Draughts)
    return found


# --- boards -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game_id", "first", "last", "white_left_corner"),
    [
        ("international", "1", "50", "46"),  # FMJD: 1 on Black's side, 46 at White's left
        ("brazilian", "a1", "h8", "a1"),
        ("russian", "a1", "h8", "a1"),
        ("italian", "1", "32", "29"),  # FID: White's left corner is light, 29 beside it
    ],
)
def test_square_names_in_each_games_order(
    game_id: str, first: str, last: str, white_left_corner: str
) -> None:
    board = game(game_id).board
    assert (board.names[0], board.names[-1]) == (first, last)
    corner = board.squares[board.index[white_left_corner]]
    assert corner == ((0, 0) if game_id != "italian" else (0, 1))


def test_rays_run_to_the_edge_along_each_diagonal() -> None:
    board = game("international").board
    up_right_of_46 = board.rays[board.index["46"]][1]
    assert [board.names[s] for s in up_right_of_46] == [
        "41", "37", "32", "28", "23", "19", "14", "10", "5",
    ]  # fmt: skip
    assert game("russian").cell_names[:5] == ("a1", "c1", "e1", "g1", "b2")
    neighbours = game("russian").step_neighbours[game("russian").board.index["c3"]]
    assert {game("russian").cell_names[n] for n in neighbours} == {"b2", "d2", "b4", "d4"}


# --- position text ------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", DIAGONAL)
def test_the_start_reads_back_and_white_moves_first(game_id: str) -> None:
    g = game(game_id)
    start = g.initial_position()
    assert g.encode(start) == g.start and g.side_to_move(start) == "w"
    assert set(g.pieces(start).values()) == {"w", "b"}


@pytest.mark.parametrize(
    ("game_id", "text", "canonical"),
    [
        ("international", "W:W31-35,K46:B1-3", "W:W31,32,33,34,35,K46:B1,2,3"),
        ("international", '[FEN "b:bk5,1:w50."]', "B:W50:B1,K5"),
        ("russian", "w : W c3, Ka1 : B h8", "W:WKa1,c3:Bh8"),
        ("italian", "W:W:B18", "W:W:B18"),
    ],
)
def test_position_text_is_read_leniently_and_written_one_way(
    game_id: str, text: str, canonical: str
) -> None:
    g = game(game_id)
    assert g.encode(g.decode(text)) == canonical


@pytest.mark.parametrize(
    ("game_id", "text", "message"),
    [
        ("international", "W:W51:B1", "square 51 is not on the board: squares are 1-50"),
        ("russian", "W:Wa2:Bh8", "a2 is a light square"),
        ("russian", "W:Wi9:Bh8", "not on the board: files are a-h, ranks 1-8"),
        ("international", "W:W3:B40", "a White man cannot stand on 3: it would be a king"),
        ("italian", "W:W30:B30", "square 30 is listed twice"),
        ("international", "W:W31-50,26:B1", "a side has at most 20 pieces"),
        ("brazilian", "X:Wa1:Bh8", "the side to move must be W or B"),
        ("brazilian", "W:Wa1", "three fields separated by ':'"),
        ("international", "W:W35-31:B1", "the range 35-31 runs backwards"),
        ("russian", "W:W31:Bh8", "is not a square"),
    ],
)
def test_bad_position_text_says_why(game_id: str, text: str, message: str) -> None:
    with pytest.raises(BadPosition, match=message):
        game(game_id).decode(text)


def test_diagrams_show_the_pieces_and_the_squares_names() -> None:
    numbered = game("international").diagram(game("international").decode("W:WK46,31:B5"))
    assert numbered.splitlines()[0].split() == ["."] * 4 + ["b", "1", "2", "3", "4", "5"]
    assert numbered.splitlines()[-1].split()[0] == "W"
    lettered = game("russian").diagram(game("russian").decode("W:Wa1:BKh8")).splitlines()
    assert lettered[0].split() == ["8", ".", ".", ".", "B"]
    assert lettered[-2].split() == ["1", "w", ".", ".", "."]
    assert lettered[-1].split() == list("abcdefgh")


# --- move text ------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["c3-d4", "C3-D4", " c3 - d4 ", "c3xd4", "c3:d4", "c3d4"])
def test_separators_case_and_spaces_do_not_matter(text: str) -> None:
    g = game("russian")
    assert g.format_move(g.parse_move(g.initial_position(), text)) == "c3-d4"


@pytest.mark.parametrize(
    ("game_id", "text", "message"),
    [
        (
            "international",
            "hello",
            "is not a move: name squares 1-50 joined by '-' for a step, 'x' or ':'",
        ),
        ("international", "32", "is not a move"),
        ("international", "32 28", "is not a move"),
        ("international", "60-55", "square 60 is not on the board"),
        ("russian", "c4-d5", "c4 is a light square"),
        ("russian", "a1", "is not a move: name squares a1-h8"),
        ("italian", "", "the move is empty"),
        ("brazilian", "c3-d4" * 30, "too long"),
    ],
)
def test_move_text_of_the_wrong_form_says_why(game_id: str, text: str, message: str) -> None:
    g = game(game_id)
    with pytest.raises(IllegalMove, match=message):
        g.parse_move(g.initial_position(), text)


def test_a_full_path_by_other_landing_squares_names_the_same_move() -> None:
    """A flying king's capture typed by other landing squares than the listed path: the
    move is one per start, end and pieces taken."""
    g = game("international")
    position = g.decode("W:WK46:B41,28,2")  # over 41 to 37 or 32, then over 28
    assert move_texts(g, "W:WK46:B41,28,2") == ["46x5", "46x10", "46x14", "46x19", "46x23"]
    listed = g.parse_move(position, "46x23")
    assert [g.board.names[s] for s in listed.path] == ["46", "32", "23"]
    assert g.parse_move(position, "46x37x23") == listed
    assert g.parse_move(position, "46-32-23") == listed


def test_a_path_that_traces_no_capture_is_refused() -> None:
    g = game("international")
    with pytest.raises(IllegalMove, match="capturing is compulsory"):
        g.parse_move(g.decode("W:WK46:B41,28,2"), "46x50x23")


# --- the capture search -----------------------------------------------------------------


def test_a_flying_king_lands_anywhere_beyond_its_last_capture() -> None:
    assert move_texts(game("international"), "W:WK46:B37") == [
        "46x5", "46x10", "46x14", "46x19", "46x23", "46x28", "46x32",
    ]  # fmt: skip


def test_a_flying_king_must_land_where_it_can_capture_on() -> None:
    """Beyond 37 it may stop on 32, 28 or 23, but only from 28 does it take 22 next."""
    assert move_texts(game("international"), "W:WK46:B37,22") == ["46x6", "46x11", "46x17"]


def test_a_flying_king_takes_a_piece_any_distance_away() -> None:
    assert move_texts(game("russian"), "W:WKa1:Bf6") == ["a1:g7", "a1:h8"]


@pytest.mark.parametrize("game_id", ["russian", "brazilian"])
def test_the_turkish_strike_a_jumped_piece_blocks_and_is_never_jumped_again(
    game_id: str,
) -> None:
    """a1 takes c3 and must stop on d4; then e3 or c5. Were e3 taken off at once, the king
    on f2 could fly back over e3 and d4 to take c5 too: it stays, and blocks."""
    g = game(game_id)
    mark = g.capture_mark
    assert move_texts(g, "W:WKa1:Bc3,e3,c5") == [
        mark.join(("a1", "d4", end)) for end in ("g1", "f2", "b6", "a7")
    ]
    position = g.decode("W:WKa1:Bc3,e3,c5")
    assert all(len(m.captured) == 2 for m in g.legal_moves(position))


def test_one_move_for_one_start_end_and_set_taken_the_lowest_path() -> None:
    """A man's loop round d6 goes either way: one move (FMJD), listed by its lower path."""
    g = game("international")
    position = g.decode("W:W32:B27,17,28,18,45")
    (move,) = g.legal_moves(position)
    assert [g.board.names[s] for s in move.path] == ["32", "21", "12", "23", "32"]
    assert g.format_move(move) == "32x32"
    assert g.parse_move(position, "32x23x12x21x32") == move  # the other way round
    italian = game("italian")  # a king's loop: forward and back, the same four men
    loop = italian.legal_moves(italian.decode("W:WK22:B18,10,11,19"))
    assert [italian.format_move(m) for m in loop] == ["22x13x6x15x22"]


def test_every_capture_made_is_taken_off_and_the_mover_lands_on_its_last_square() -> None:
    g = game("international")
    record = GameRecord(g, g.decode("W:WK46:B37,22,2"))
    record.play("46x17")
    assert g.encode(record.position) == "B:WK17:B2"
    assert g.captured_cells(g.decode("W:WK46:B37,22,2"), record.moves[0]) == ("37", "22")
    assert g.move_cells(record.moves[0]) == ("46", "28", "17")
    assert g.is_jump(record.moves[0]) and not g.is_jump(g.legal_moves(record.position)[0])


# --- outcomes and draws -----------------------------------------------------------------


@pytest.mark.parametrize("game_id", DIAGONAL)
def test_no_pieces_or_no_move_loses(game_id: str) -> None:
    g = game(game_id)
    lost = g.outcome(g.decode(f"W:W:B{g.board.names[len(g.cell_names) // 2]}"))
    assert lost is not None and (lost.winner, lost.termination.value) == ("b", "no-pieces")
    stuck = "W:W46:B41,37" if game_id == "international" else None
    if stuck is not None:
        blocked = g.outcome(g.decode(stuck))
        assert blocked is not None and blocked.termination.value == "no-moves"


def test_the_no_progress_limit_can_depend_on_the_position() -> None:
    """The hook rules/record.py asks: every other game's limit is its constant one."""
    checkers = get_game("checkers")
    assert checkers.no_progress_limit_at(checkers.initial_position()) == 80
    intl = game("international")
    assert intl.no_progress_limit_at(intl.initial_position()) == 50
    assert intl.no_progress_limit_at(intl.decode("W:WK46,K47,K48:BK3")) == 32


# --- properties -------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", DIAGONAL)
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10_000), text=st.text(alphabet="abcdefghx0123456789-:K ", max_size=16))
def test_any_text_is_a_legal_move_or_an_illegal_move_error(
    game_id: str, seed: int, text: str
) -> None:
    g = game(game_id)
    record = random_record(g, seed, max_plies=random.Random(seed).randrange(60))
    try:
        move = g.parse_move(record.position, text)
    except IllegalMove as err:
        assert str(err)
    else:
        assert move in g.legal_moves(record.position)


@pytest.mark.parametrize("game_id", DIAGONAL)
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_position_is_the_move_log_replayed(game_id: str, seed: int) -> None:
    g = game(game_id)
    record = random_record(g, seed, max_plies=300)
    texts = [g.format_move(m) for m in record.moves]
    replayed = GameRecord.replay(g, texts)
    assert replayed.positions == record.positions
    assert g.decode(g.encode(record.position)) == record.position
    assert replayed.outcome == record.outcome


# --- py-draughts, an independent implementation -----------------------------------------

THEIRS: dict[str, Any] = {
    "international": StandardBoard, "russian": RussianBoard, "brazilian": BrazilianBoard,
}  # fmt: skip


def _their_number(g: Draughts, square: int) -> int:
    """py-draughts' square number (its 8x8 boards count from b8, four a row, like FMJD's)."""
    name = g.board.names[square]
    if g.board.numbered:
        return int(name)
    file, rank = "abcdefgh".index(name[0]), int(name[1])
    return (8 - rank) * 4 + file // 2 + 1


def _keys(g: Draughts, position: DraughtsPosition) -> tuple[set[Any], set[Any]]:
    """(ours, theirs): each move as (start, end, set taken) in py-draughts' numbers."""
    number = [_their_number(g, s) for s in range(len(g.cell_names))]
    ours = {
        (number[m.path[0]], number[m.path[-1]], frozenset(number[c] for c in m.captured))
        for m in g.legal_moves(position)
    }

    def listed(pieces: int) -> str:
        return ",".join(
            ("K" if position.kings >> s & 1 else "") + str(number[s])
            for s in range(len(g.cell_names))
            if pieces >> s & 1
        )

    fen = f"{position.turn.upper()}:W{listed(position.white)}:B{listed(position.black)}"
    theirs = {
        (m.square_list[0] + 1, m.square_list[-1] + 1, frozenset(c + 1 for c in m.captured_list))
        for m in THEIRS[g.id].from_fen(fen).legal_moves
    }
    return ours, theirs


def _random_position(g: Draughts, rng: random.Random) -> DraughtsPosition:
    """Up to 30 pieces anywhere, two in five of them kings (men never on their far row)."""
    white = black = kings = 0
    for square in rng.sample(range(len(g.cell_names)), rng.randint(2, 30)):
        side = rng.choice("wb")
        if rng.random() < 0.4 or g.board.crown[side] >> square & 1:
            kings |= 1 << square
        if side == "w":
            white |= 1 << square
        else:
            black |= 1 << square
    return DraughtsPosition(white, black, kings, rng.choice("wb"))


@pytest.mark.slow  # some 4,000 positions a game, py-draughts' moves in pure Python
@pytest.mark.parametrize("game_id", sorted(THEIRS))
def test_moves_agree_with_py_draughts(game_id: str) -> None:
    g, rng = game(game_id), random.Random(game_id)
    positions = [p for seed in range(20) for p in random_record(g, seed).positions]
    positions += [_random_position(g, rng) for _ in range(2000)]
    for position in positions:
        ours, theirs = _keys(g, position)
        assert ours == theirs, g.encode(position)
