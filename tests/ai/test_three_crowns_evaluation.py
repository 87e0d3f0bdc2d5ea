"""3 Crowns' evaluation counts what the rules say: its live threats are exactly the cells a
step wins on, its crownings exactly the cells a step crowns on, for either side."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.evaluation.three_crowns import evaluate, features
from rules import get_game
from rules.three_crowns import EQ_OFF, ThreeCrownsPosition, has_crowned_troika

GAME = get_game("three-crowns")
SWAP = str.maketrans("gbGB", "bgBG")

#: boards of up to 10 stones a side, crowned and uncrowned, and a side to move
positions = st.builds(
    lambda cells, turn: ThreeCrownsPosition("".join(cells), turn, (0, 0), EQ_OFF),
    st.lists(st.sampled_from("......gGbB"), min_size=64, max_size=64).filter(
        lambda cells: all(cells.count(s) + cells.count(s.upper()) <= 10 for s in "gb")
    ),
    st.sampled_from("gb"),
)


def _step_cells(position: ThreeCrownsPosition) -> tuple[set[int], set[int]]:
    """The cells a step of the side to move wins on (a Crowned Troika), and crowns on."""
    wins, crowns = set(), set()
    for move in GAME.legal_moves(position):
        if len(move.path) != 2:
            continue
        source, target = move.path
        after = GAME.apply(position, move).board
        if position.board[source].isupper() and has_crowned_troika(after, position.turn):
            wins.add(target)
        if position.board[source].islower() and after[target].isupper():
            crowns.add(target)
    return wins, crowns


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(positions)
def test_live_threats_and_crownings_are_the_cells_a_step_wins_or_crowns_on(
    position: ThreeCrownsPosition,
) -> None:
    other = replace(position, turn="b" if position.turn == "g" else "g")
    for side, prefix in ((position, ""), (other, "their_")):
        if any(has_crowned_troika(side.board, s) for s in "gb") or GAME.outcome(side):
            return  # the game is over: no steps to count
        wins, crowns = _step_cells(side)
        counts = features(position)
        assert counts[prefix + "live_threats"] == len(wins)
        assert counts[prefix + "crownings"] == len(crowns)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(positions)
def test_the_score_is_the_same_for_either_colour(position: ThreeCrownsPosition) -> None:
    swapped = ThreeCrownsPosition(
        position.board.translate(SWAP),
        "b" if position.turn == "g" else "g",
        position.captures[::-1],
        EQ_OFF,
    )
    assert features(swapped) == features(position)
    assert evaluate(swapped) == evaluate(position)


def test_the_start_is_even_and_a_threat_counts_only_where_a_third_stone_can_step_in() -> None:
    assert evaluate(GAME.initial_position()) == 0
    live = GAME.decode("8/8/8/3GG3/8/5G2/8/8 g 0-0 -")  # e5 steps to e4: d5, e4, f3
    dead = GAME.decode("8/8/8/2G1G3/8/8/8/8 g 0-0 -")  # c5 . e5: no third stone
    assert features(live)["live_threats"] == 1
    assert features(dead)["crown_threats"] == 1
    assert features(dead)["live_threats"] == 0
