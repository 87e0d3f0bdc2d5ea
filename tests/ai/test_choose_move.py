"""The computer opponent: tactics it must find, legal and reproducible choices, its levels."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from ai import LEVELS, PROOF_SHARE, choose_move, think
from ai.search import MATE
from ai.three_musketeers import solve
from rules import GAMES, UnknownGame, get_game
from tests import ROOT
from tests.gamekit import sample_positions

#: (game, position, the one best move, why): for Checkers the one move that wins most
#: material; elsewhere the one move that forces a win within the plies in `why`'s number.
#: Each is checked by brute force in test_each_tactic_has_one_answer.
TACTICS = [
    ("checkers", "B:W9,11,15,22,25,26:B1,12,16,18,19,28", "18-23", "a shot: 18-23 wins a man"),
    ("the-crown", "Pa12 Ka4 Sc7 pd1 kd4 sa2 sb10 w", "a12-a13", "Prince to the crown: 1 ply"),
    ("the-crown", "Pb11 Kf3 Sb2 pb8 kf2 sa7 sc5 w", "f3-f2", "crown in three: 5 plies"),
    ("three-crowns", "2B2bB1/5B2/b4g2/1GgG4/1b4g1/8/1b2g1G1/8 g 2-0 -", "b5xb3xb1",
     "the third capture: 1 ply"),
    ("three-crowns", "4g2B/3GG3/Bb2b3/1Gb5/5gb1/1B6/8/2g2g2 g 0-0 -", "b5xd5xf7",
     "a Crowned Troika: 1 ply"),
    ("three-musketeers", "EE1EM/2E1M/5/EE1ME/EEE2 e", "d5-c5",
     "every Musketeer capture lines them up: 2 plies"),
]  # fmt: skip


def _wins_within(game_id: str, position: object, plies: int, side: str) -> bool:
    """Plain AND-OR search: `side` forces a win within `plies`."""
    game = get_game(game_id)
    moves = game.legal_moves(position)
    if not moves:
        outcome = game.outcome(position)
        return outcome is not None and outcome.winner == side
    if plies == 0:
        return False
    results = (_wins_within(game_id, game.apply(position, m), plies - 1, side) for m in moves)
    return any(results) if game.side_to_move(position) == side else all(results)


def _material_after(position: object, depth: int) -> int:
    """Checkers: the material balance for the side to move that plain minimax guarantees
    (captures, being forced, are played out past `depth`)."""
    game = get_game("checkers")
    moves = game.legal_moves(position)
    if not moves:
        return -10_000
    if depth <= 0 and not moves[0].capture:
        p = position
        men = p.black_men.bit_count() - p.white_men.bit_count()  # type: ignore[attr-defined]
        kings = p.black_kings.bit_count() - p.white_kings.bit_count()  # type: ignore[attr-defined]
        score = 100 * men + 150 * kings
        return score if p.turn == "b" else -score  # type: ignore[attr-defined]
    return max(-_material_after(game.apply(position, m), depth - 1) for m in moves)


@pytest.mark.parametrize(("game_id", "text", "answer", "why"), TACTICS)
def test_each_tactic_has_one_answer(game_id: str, text: str, answer: str, why: str) -> None:
    """The positions are what they claim: brute force finds exactly one best move."""
    game = get_game(game_id)
    position = game.decode(text)
    if game_id == "checkers":
        value = {
            game.format_move(m): -_material_after(game.apply(position, m), 4)
            for m in game.legal_moves(position)
        }
        best = max(value.values())
        assert [m for m, v in value.items() if v == best] == [answer]
        assert best >= 100  # a man up at least
        return
    side = game.side_to_move(position)
    plies = int(why.split(": ")[1].split()[0])
    winning = [
        game.format_move(m)
        for m in game.legal_moves(position)
        if _wins_within(game_id, game.apply(position, m), plies - 1, side)
    ]
    assert winning == [answer]


@pytest.mark.slow  # level five's searches, up to 50,000 positions each
@pytest.mark.parametrize(("game_id", "text", "answer", "why"), TACTICS)
def test_level_five_finds_each_tactic_within_50_000_positions(
    game_id: str, text: str, answer: str, why: str
) -> None:
    """Bounded by positions, not the clock: the same on a slow, busy machine (each needs
    5,000 at most)."""
    assert choose_move(game_id, text, level=5, nodes=50_000, seed=1) == answer, why


@pytest.mark.parametrize(("game_id", "text", "answer", "why"), TACTICS[1:2] + TACTICS[3:5])
def test_even_a_beginner_takes_a_win_in_one(game_id: str, text: str, answer: str, why: str) -> None:
    for seed in range(5):
        assert choose_move(game_id, text, level=1, seed=seed) == answer


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_chosen_move_is_legal_and_a_seed_reproduces_it(game_id: str) -> None:
    game = get_game(game_id)
    playable = [p for p in sample_positions(game_id, games=3, per_game=4) if game.legal_moves(p)]
    for n, position in enumerate(random.Random(7).sample(playable, 6)):
        for level in (1, 2):  # bounded by depth: the time given is never reached
            move = choose_move(game_id, position, level=level, seed=n, seconds=600)
            game.parse_move(position, move)  # raises if it is not legal
            assert move == game.format_move(game.parse_move(position, move))  # canonical
            again = choose_move(game_id, game.encode(position), level=level, seed=n, seconds=600)
            assert again == move


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_levels_3_and_4_are_bounded_by_positions_not_the_clock(game_id: str) -> None:
    """Their search stops at the game's own number of positions, so a seed repeats the move
    however much time is given; level 4 searches more than level 3."""
    position = sample_positions(game_id, games=1, per_game=1)[0]
    searched = []
    for number in (3, 4):
        budget = LEVELS[number].nodes(game_id)
        assert budget is not None
        move, report = think(game_id, position, level=number, seconds=60, seed=5)
        assert not report.proof and report.nodes <= budget + 1
        assert choose_move(game_id, position, level=number, seconds=30, seed=5) == move
        searched.append(budget)
    assert searched[1] >= 4 * searched[0]
    with pytest.raises(UnknownGame):
        LEVELS[4].nodes("a game not listed")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_levels_1_and_2_look_as_far_as_their_game_allows(game_id: str) -> None:
    """Level 1 one ply; level 2 two, five in Three Musketeers (small plies, long plans)."""
    position = sample_positions(game_id, games=1, per_game=1)[0]
    for number, plies in ((1, 1), (2, 5 if game_id == "three-musketeers" else 2)):
        _, report = think(game_id, position, level=number, seconds=60, seed=5)
        assert report.depth == plies == LEVELS[number].depth(game_id)


def test_the_computer_plays_free_jumps_by_the_matchs_own_rules() -> None:
    """Under free jumps a capture may be left: here White's 28x19 loses a man back, and the
    computer steps instead, as the free-jump rules (its search's game) allow; Checkers' own
    rules leave it the capture alone."""
    position = "W:W20,21,22,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,11,12,14,24"
    free, checkers = get_game("checkers:free-jumps"), get_game("checkers")
    move, report = think("checkers:free-jumps", position, level=4, nodes=3000, seed=1)
    assert "x" not in move
    assert move in [free.format_move(m) for m in free.legal_moves(free.decode(position))]
    assert report.nodes <= 3001
    assert choose_move("checkers", position, level=4, nodes=3000, seed=1) == "28x19"
    assert [checkers.format_move(m) for m in checkers.legal_moves(free.decode(position))] == [
        "28x19"
    ]


def test_a_forced_loss_is_put_off_and_a_win_taken_fastest() -> None:
    """Scores count plies to the end: a win sooner is worth more."""
    move, report = think("the-crown", "Pb11 Kf3 Sb2 pb8 kf2 sa7 sc5 w", level=5, nodes=20_000)
    assert move == "f3-f2" and report.score == MATE - 5


def test_repetition_counts_as_a_draw() -> None:
    """With the game's earlier positions given, a move back into one of them is a draw."""
    game = get_game("checkers")
    lone_kings = game.decode("W:WK32:BK1")  # no side can force anything: all moves draw
    _, report = think("checkers", lone_kings, level=5, seconds=0.3, history=[lone_kings])
    assert report.score == 0


@pytest.mark.processes
def test_levels_and_the_command_line() -> None:
    assert [level.seconds for level in LEVELS.values()] == [0.1, 0.3, 0.8, 1.5, 3.0]
    listed = subprocess.run(
        [sys.executable, "-m", "ai", "levels"], cwd=ROOT, capture_output=True, text=True
    )
    assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 5
    chosen = subprocess.run(
        [sys.executable, "-m", "ai", "move", "checkers", "--level", "1", "--seed", "3"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    last = chosen.stdout.splitlines()[-1]
    game = get_game("checkers")
    assert game.format_move(game.parse_move(game.initial_position(), last)) == last
    bad = subprocess.run(
        [sys.executable, "-m", "ai", "move", "checkers", "--position", "nonsense"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert (
        bad.returncode == 1 and bad.stderr.startswith("error: ") and "Traceback" not in bad.stderr
    )


def test_a_proof_that_cannot_finish_leaves_the_search_most_of_the_move() -> None:
    """Early in Three Musketeers exact search cannot end in time: level 5 gives it only
    PROOF_SHARE of the move and searches for the rest (it once searched half its time)."""
    game, rng = get_game("three-musketeers"), random.Random(2)
    position = game.initial_position()
    for _ in range(6):
        position = game.apply(position, rng.choice(game.legal_moves(position)))
    assert position.turn == "m" and solve(position, 0.05).value is None  # off the strategy
    move, report = think(game.id, position, level=5, seconds=0.4, seed=1)
    game.parse_move(position, move)
    assert not report.proof and report.seconds >= 0.95 * 0.4 * (1 - PROOF_SHARE)
