"""3 Crowns: the worked examples of three-crowns.md and each of its rules."""

from __future__ import annotations

import random

import pytest

from rules import BadPosition, GameRecord, IllegalMove, Outcome, get_game
from rules import Termination as T
from rules.three_crowns import CAPTURED_THREE, CROWNED_TROIKA
from tests.gamekit import move_texts

GAME = get_game("three-crowns")
JUMPING_EXAMPLE = "8/8/3Bb3/3g4/4g3/2gg4/4g3/8 b 0-0 -"
FIRST_EXAMPLE = "1g3b2/2b5/g3B2b/b7/gb1G4/3B1g2/3gGb1b/gbg5 g 0-1 -"
#: a crowned Black stone on d4 with two double jumps to f6 (second stone e6 or f5)
TWO_JUMPS_TO_F6 = "8/8/4g3/3g1g2/3Bg3/8/8/8 b 0-0 -"


def moves(text: str) -> list[str]:
    return move_texts(GAME, text)


def after(start: str, *played: str) -> str:
    return GAME.encode(GameRecord.replay(GAME, played, GAME.decode(start)).position)


def test_initial_position_green_first_and_equalizer_pending() -> None:
    start = GAME.initial_position()
    assert GAME.encode(start) == "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g 0-0 *"
    assert GAME.side_to_move(start) == "g"
    texts = moves(GAME.encode(start))
    assert texts == sorted(texts)


def test_jumping_example_has_exactly_three_double_jumps() -> None:
    jumps = [t for t in moves(JUMPING_EXAMPLE) if "x" in t]
    assert sorted(jumps) == ["d6xd4xb2", "d6xd4xd2", "d6xd4xf4"]
    assert not any(t.startswith("e6x") for t in jumps)


def test_crowned_jumper_captures_only_the_second_stone() -> None:
    assert after(JUMPING_EXAMPLE, "d6xd4xf4") == "8/8/4b3/3g4/5B2/2gg4/4g3/8 g 0-1 -"


def test_first_example_step_into_troika_crowns_the_stone() -> None:
    text = after(FIRST_EXAMPLE, "f3-e3")
    board = GAME.decode(text).board
    e3, d4, e2 = (GAME_CELL[c] for c in ("e3", "d4", "e2"))
    assert board[e3] == board[d4] == board[e2] == "G"
    assert "d4-e4" in moves(after(FIRST_EXAMPLE, "f3-e3", "b1-c2"))  # threat: e2-e3-e4


def test_first_example_threat_wins_with_a_crowned_troika() -> None:
    record = GameRecord.replay(GAME, ["f3-e3", "b1-c2"], GAME.decode(FIRST_EXAMPLE))
    record.play("d4-e4")
    assert record.outcome == Outcome("g", CROWNED_TROIKA)


def test_first_example_line_of_play_is_legal() -> None:
    """f3-e3 crowns the stone (Troika c1-d2-e3); the page's line then plays out."""
    crowned = GameRecord.replay(GAME, ["f3-e3"], GAME.decode(FIRST_EXAMPLE))
    green_crowned = [c for c, p in GAME.pieces(crowned.position).items() if p == "G"]
    assert sorted(green_crowned) == ["d4", "e2", "e3"]  # d4-e4 would make a Crowned Troika
    record = GameRecord.replay(
        GAME, ["f3-e3", "d3-e4", "e2-f3", "e4-d3", "e3-e4"], GAME.decode(FIRST_EXAMPLE)
    )
    assert GAME.encode(record.position) == "1g3b2/2b5/g3B2b/b7/gb1GG3/3B1G2/3g1b1b/gbg5 b 0-1 -"
    assert record.outcome is None


def test_uncrowning_that_would_form_a_troika_captures_instead() -> None:
    start = "7g/b7/5G2/3b4/3b4/3B4/1B6/g6b g 0-0 -"
    assert "a1xc3xe3" in moves(start)
    assert after(start, "a1xc3xe3") == "7g/b7/5G2/3b4/3b4/4g3/1B6/7b b 1-0 -"


def test_uncrowned_jumper_uncrowns_the_second_stone() -> None:
    start = "8/8/8/8/2B5/8/2B5/2g5 g 0-0 -"  # c1 jumps c2 to c3, then c4 to c5
    assert after(start, "c1xc3xc5") == "8/8/8/2g5/2b5/8/2B5/8 b 0-0 -"


def test_jumper_landing_in_a_troika_is_crowned() -> None:
    # c1 jumps the crowned c2 and c4 and lands on c5, beside its own a5 and b5
    start = "8/8/8/gg6/2B5/8/2B5/2g5 g 0-0 -"
    assert after(start, "c1xc3xc5") == "8/8/8/ggG5/2b5/8/2B5/8 b 0-0 -"


def test_the_two_jumped_stones_must_differ() -> None:
    # A crowned stone next to a single uncrowned stone cannot jump it twice (back and forth).
    assert not any("x" in t for t in moves("8/8/8/8/3B4/3g4/8/8 b 0-0 -"))


def test_several_double_jumps_to_one_cell_are_distinct_moves() -> None:
    jumps = [t for t in moves(TWO_JUMPS_TO_F6) if "x" in t]
    assert jumps == ["d4xd6xf6", "d4xf4xf6"]
    assert after(TWO_JUMPS_TO_F6, "d4xd6xf6") != after(TWO_JUMPS_TO_F6, "d4xf4xf6")
    with pytest.raises(IllegalMove, match=r"ambiguous.*d4xd6xf6, d4xf4xf6"):
        GAME.parse_move(GAME.decode(TWO_JUMPS_TO_F6), "d4xf6")


def test_short_double_jump_form_when_unambiguous() -> None:
    move = GAME.parse_move(GAME.decode("7g/b7/5G2/3b4/3b4/3B4/1B6/g6b g 0-0 -"), "a1xe3")
    assert GAME.format_move(move) == "a1xc3xe3"


def test_equalizer_first_two_green_turns_move_one_stone() -> None:
    record = GameRecord(GAME)
    record.play("c1-d2")
    assert GAME.encode(record.position).endswith(" b 0-0 d2")
    record.play("a8-a7")
    assert {GAME.format_move(m)[:2] for m in GAME.legal_moves(record.position)} == {"d2"}
    with pytest.raises(IllegalMove, match="must move the same stone, the one on d2"):
        record.play("f1-e2")
    record.play("d2-e3")
    assert GAME.encode(record.position).endswith(" -")
    assert len({GAME.format_move(m)[:2] for m in GAME.legal_moves(record.position)}) > 1


def test_equalizer_stone_without_a_move_frees_green() -> None:
    free = GAME.decode("8/8/8/8/g7/bbb5/bgb5/bbb5 g 0-0 b2")  # b2 is walled in
    assert moves(GAME.encode(free)) == ["a4-a5", "a4-b4", "a4-b5"]
    assert GAME.encode(GAME.apply(free, GAME.legal_moves(free)[0])).endswith(" -")


def test_equalizer_resets_when_its_stone_is_captured() -> None:
    start = "8/8/8/8/3g4/8/2g5/1B6 b 0-0 d4"  # Black's b1 jumps c2, then captures d4
    assert after(start, "b1xd3xd5") == "8/8/8/3B4/8/8/2g5/8 g 0-1 -"


def test_three_captures_win() -> None:
    record = GameRecord.replay(
        GAME, ["d6xd4xf4"], GAME.decode("8/8/3Bb3/3g4/4g3/2gg4/4g3/8 b 0-2 -")
    )
    assert record.outcome == Outcome("b", CAPTURED_THREE)
    assert GAME.legal_moves(record.position) == []


def test_composed_position_judges_rule_one_for_the_last_mover_only() -> None:
    # Green to move already has 3 captures: the game goes on.
    assert GAME.outcome(GAME.decode("8/8/3Bb3/3g4/4g3/2gg4/4g3/8 g 3-0 -")) is None


def test_no_legal_move_loses() -> None:
    boxed = GAME.decode("8/8/8/8/8/bbb5/bgb5/bbb5 g 0-0 b2")
    assert GAME.legal_moves(boxed) == []
    assert GAME.outcome(boxed) == Outcome("b", T.NO_MOVES, "g")


def test_hundred_quiet_turns_draw() -> None:
    rng = random.Random(5)
    record = GameRecord(GAME, GAME.decode("8/8/8/8/8/8/8/g6b g 0-0 -"))
    seen = {record.position}
    while len(record.moves) < 100:
        assert record.outcome is None
        fresh = [
            m
            for m in GAME.legal_moves(record.position)
            if GAME.apply(record.position, m) not in seen
        ]
        record.play(rng.choice(fresh))
        seen.add(record.position)
    assert record.quiet_plies == 100
    assert record.outcome == Outcome(None, T.NO_PROGRESS)


def test_captures_and_crown_changes_count_as_progress() -> None:
    record = GameRecord(GAME, GAME.decode(FIRST_EXAMPLE))
    record.play("f3-e3")  # crowning
    assert record.quiet_plies == 0
    record.play("b1-c2")
    assert record.quiet_plies == 1


def test_threefold_repetition_draws() -> None:
    shuffle = ["a1-a2", "h1-h2", "a2-a1", "h2-h1"]
    record = GameRecord.replay(GAME, shuffle * 2, GAME.decode("8/8/8/8/8/8/8/g6b g 0-0 -"))
    assert record.outcome == Outcome(None, T.REPETITION)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g 0-0", "four fields"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg x 0-0 *", "must be g or b"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg b 0-0 *", "needs Green to move"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g 0:0 -", "captures are written"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g 0-0 d4", "must hold a Green stone"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g 0-0 z9", "not a cell"),
        ("gggggggg/ggg5/8/8/8/8/8/8 g 0-0 -", "more than 10 stones"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbx g 0-0 *", "rank 1 has 'x'"),
    ],
)
def test_bad_positions_are_refused(text: str, message: str) -> None:
    with pytest.raises(BadPosition, match=message):
        GAME.decode(text)


GAME_CELL = {name: i for i, name in enumerate(f"{f}{r}" for r in range(1, 9) for f in "abcdefgh")}
