"""The search's horizon in The Crown: a leaf judged without its moves, and checks past it."""

from __future__ import annotations

import random
from dataclasses import replace

from ai.computers import computer
from ai.search import MATE, Search
from rules import get_game

GAME = get_game("the-crown")
EVALUATOR = computer(GAME.id).evaluator


def search(text: str, check_plies: int) -> tuple[str, int]:
    """The move and score of a one-ply search with `check_plies` of checks past it."""
    judged = replace(EVALUATOR, check_plies=check_plies)
    report = Search(GAME, judged, seconds=600, max_depth=1, rng=random.Random(1)).run(
        GAME.decode(text), exact=True
    )
    return GAME.format_move(report.move), report.score


def test_checks_past_the_horizon_find_a_win_one_ply_cannot_see() -> None:
    # Kf1xd1 checks; every answer loses Black's last pieces within four plies
    text = "Pg1 Kf1 Sb7 Sd5 pa1 sc3 sd1 w"
    assert search(text, check_plies=6) == ("f1-d1", MATE - 4)
    _, score = search(text, check_plies=0)
    assert score < 1_000


def test_a_won_leaf_is_scored_a_win_without_its_moves() -> None:
    # the Prince steps onto the crown at the horizon: an ending the position shows
    assert search("Pa12 Ka4 Sc7 pd1 kd4 sa2 sb10 w", check_plies=0) == ("a12-a13", MATE - 1)
