"""The rules' words players read: moves counted as a record numbers them, a winner's reason
that reads as a win, refusals without a parenthesis in a parenthesis."""

from __future__ import annotations

import pytest

from rules import (
    IllegalMove,
    get_game,
    move_number,
    moves_text,
    numbered_move,
    result_text,
    win_within,
)

MUSKETEERS = get_game("three-musketeers")


def test_moves_are_counted_as_a_record_numbers_them() -> None:
    """One number covers the first side's move and the second side's reply."""
    assert [move_number(ply) for ply in range(5)] == [1, 1, 2, 2, 3]
    assert numbered_move(22, "4-8") == "12. 4-8" and numbered_move(23, "8-11") == "12… 8-11"
    assert [moves_text(plies) for plies in (0, 1, 2, 23, 24)] == [
        "0 moves", "1 move", "1 move", "12 moves", "12 moves",
    ]  # fmt: skip
    assert win_within(1) == "in 1 move" and win_within(17) == "in 9 moves"


def test_the_musketeers_stuck_win_and_the_reason_reads_as_a_win() -> None:
    """No enemy piece next to them: the Musketeers cannot move, and that is their win."""
    outcome = MUSKETEERS.outcome(MUSKETEERS.decode("M4/1M3/2M2/5/4E m"))
    assert outcome is not None and outcome.winner == outcome.side == "m"
    assert result_text(MUSKETEERS, outcome) == (
        "The Musketeers won (no enemy piece is left next to a Musketeer)"
    )
    # the enemy stuck: the Musketeers' win, said of the enemy
    enemy_stuck = MUSKETEERS.outcome(MUSKETEERS.decode("EM3/M4/2M2/5/5 e"))
    assert enemy_stuck is not None
    said = result_text(MUSKETEERS, enemy_stuck)
    assert said == "The Musketeers won (the enemy has no legal move)"


def test_a_blocked_crown_move_says_why_and_what_to_try_once() -> None:
    crown = get_game("the-crown")
    with pytest.raises(IllegalMove) as refused:
        crown.parse_move(crown.initial_position(), "g1-a1")  # a Prince steps, never jumps
    said = str(refused.value)
    assert said.startswith("g1-a1 is not legal: that piece cannot move there; no piece ever ")
    assert said.count("(") == 1 and said.endswith(")")
