"""Checkers' evaluation counts for the side to move: the same board seen from the other side
(turned half round, colours swapped) scores the same, and each count is what its name says."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.evaluation.checkers import evaluate, features
from rules import get_game
from rules.checkers import CheckersPosition

GAME = get_game("checkers")


def _bits(squares: list[int]) -> int:
    return sum(1 << (s - 1) for s in squares)


@st.composite
def positions(draw: st.DrawFn) -> CheckersPosition:
    """Up to 12 pieces a side on distinct squares, men never on their own crown row."""
    squares = draw(st.permutations(range(1, 33)))
    black, white = draw(st.integers(0, 12)), draw(st.integers(0, 12))
    black_squares, white_squares = squares[:black], squares[black : black + white]
    black_kings = draw(st.lists(st.booleans(), min_size=black, max_size=black))
    white_kings = draw(st.lists(st.booleans(), min_size=white, max_size=white))
    bm = [s for s, king in zip(black_squares, black_kings) if not king and s <= 28]
    bk = [s for s, king in zip(black_squares, black_kings) if king or s > 28]
    wm = [s for s, king in zip(white_squares, white_kings) if not king and s > 4]
    wk = [s for s, king in zip(white_squares, white_kings) if king or s <= 4]
    return CheckersPosition(_bits(bm), _bits(bk), _bits(wm), _bits(wk), draw(st.sampled_from("bw")))


def _turned(bits: int) -> int:
    """The squares seen from the other side of the board (square s is square 33 - s)."""
    return int(f"{bits:032b}"[::-1], 2)


@settings(max_examples=300, deadline=None)
@given(positions())
def test_the_score_is_the_same_for_either_colour(position: CheckersPosition) -> None:
    turned = CheckersPosition(
        _turned(position.white_men),
        _turned(position.white_kings),
        _turned(position.black_men),
        _turned(position.black_kings),
        "w" if position.turn == "b" else "b",
    )
    assert features(turned) == features(position)
    assert evaluate(turned) == evaluate(position)


def test_the_counts_are_for_the_side_to_move() -> None:
    assert evaluate(GAME.initial_position()) == 0
    # Black: men on 1 (its back row) and 14 (third row), a king on 15 (centre); White: a
    # man on 30 (its back row); 20 pieces off the board
    black_to_move = GAME.decode("B:W30:B1,14,K15")
    counts = features(black_to_move)
    assert counts == {
        "men": 1,
        "kings": 1,
        "advance": (0 + 3) - 0,
        "back": 1 - 1,
        "centre": 2 - 0,
        "trade": (2 * 1 + 3 * 1) * 20,
    }
    white_to_move = GAME.decode("W:W30:B1,14,K15")
    assert features(white_to_move) == {name: -count for name, count in counts.items()}
