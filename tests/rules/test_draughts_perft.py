"""The diagonal draughts games' perft from the start against the published figures: depths
1-6 in the fast tier (a fraction of a second each), the deeper ones marked slow."""

from __future__ import annotations

import pytest

from rules import get_game

#: game -> perft by depth, and where the figures come from
PUBLISHED = {
    # Aart Bik, "BikDam: international checkers" (aartbik.blogspot.com), duplicates removed
    "international": {1: 9, 2: 81, 3: 658, 4: 4265, 5: 27117, 6: 167140, 7: 1049442, 8: 6483961},
    # Rein Halbersma, "Perft for all recognized draughts variants" (damforum.nl), first found
    # on the Russian shashki forum
    "brazilian": {1: 7, 2: 49, 3: 302, 4: 1469, 5: 7473, 6: 37628, 7: 187302},
    # the same thread
    "russian": {1: 7, 2: 49, 3: 302, 4: 1469, 5: 7482, 6: 37986, 7: 190146, 8: 929899},
    # no published figures were found: pydraughts counts the same to depth 6 (its oracle,
    # tests/rules/pydraughts_oracle.py), our engine the rest
    "italian": {1: 7, 2: 49, 3: 302, 4: 1469, 5: 7361, 6: 36473, 7: 177532, 8: 828783},
}
FAST_DEPTH = 6
CASES = [(game, depth) for game, figures in PUBLISHED.items() for depth in figures]


@pytest.mark.parametrize(
    ("game_id", "depth"),
    [
        pytest.param(game, depth, marks=[pytest.mark.slow] if depth > FAST_DEPTH else [])
        for game, depth in CASES
    ],
)
def test_perft_from_the_start_matches_the_figures(game_id: str, depth: int) -> None:
    game = get_game(game_id)
    assert game.perft(game.initial_position(), depth) == PUBLISHED[game_id][depth]
