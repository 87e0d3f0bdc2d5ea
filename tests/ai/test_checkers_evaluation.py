"""Checkers' evaluation counts for the side to move: the same board seen from the other side
(turned half round, colours swapped) scores the same, and each count is what its name says."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.evaluation.checkers import evaluate, features
from rules import get_game
from rules.checkers import CheckersPosition

GAME = get_game("checkers")


def _position(pieces: list[str], turn: str) -> CheckersPosition:
    """Square s + 1 holds pieces[s]: b and w men, B and W kings (a man on the row it crowns
    on is a king)."""
    pieces = [
        "B" if p == "b" and s >= 28 else "W" if p == "w" and s < 4 else p
        for s, p in enumerate(pieces)
    ]
    bits = {kind: sum(1 << s for s, p in enumerate(pieces) if p == kind) for kind in "bBwW"}
    return CheckersPosition(bits["b"], bits["B"], bits["w"], bits["W"], turn)


#: up to 12 pieces a side, either side to move
positions = st.builds(
    _position,
    st.lists(st.sampled_from("......bBwW"), min_size=32, max_size=32).filter(
        lambda pieces: all(pieces.count(s) + pieces.count(s.upper()) <= 12 for s in "bw")
    ),
    st.sampled_from("bw"),
)


def _turned(bits: int) -> int:
    """The squares seen from the other side of the board (square s is square 33 - s)."""
    return int(f"{bits:032b}"[::-1], 2)


@settings(max_examples=300, deadline=None)
@given(positions)
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
    # Black: men on 1 (its back row) and 14 (three rows up), a king on 15 (centre); White: a
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
    # the back row is kept against men only: White has a king alone
    assert features(GAME.decode("B:WK30:B1"))["back"] == 0
