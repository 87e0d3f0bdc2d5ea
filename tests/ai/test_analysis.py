"""The computer's review of a game: judgements at their exact edges, the chance curve, a
known blunder found in a scripted game of each game, and Three Musketeers' turning ply as
the solution has it. Searches are bounded by positions, never by seconds."""

from __future__ import annotations

import pytest

from ai import three_musketeers
from ai.analysis import (
    JUDGEMENTS,
    Reading,
    analyse,
    judgement,
    move_accuracy,
    positions,
    read,
    review,
    win_chance,
)
from ai.cli import main
from ai.search import MATE
from rules import GAMES, RulesError, get_game

#: positions searched a position in these tests: small, so the tests are quick anywhere
NODES = 3_000

#: (game, moves, the ply of a move that throws the game away): found by searching every
#: move of a game and playing the one the search liked least
BLUNDERS = [
    (
        "checkers",
        ["9-14", "22-18", "5-9", "24-19", "11-16", "26-22", "14-17", "21x14x5", "16-20"],
        7,
    ),
    (
        "three-crowns",
        ["a1-b2", "a3-b3", "b2-c3", "h3-g2", "a4-b4", "h5-g4", "b4-a4", "g4-g3", "a4-b4"],
        7,
    ),
    (
        "the-crown",
        ["g1-f2", "a1-a2", "f1-e2", "a5-a6", "e3-d5", "c1-c2", "f3-c4", "b3-b2", "c4-b7",
         "a6-a5", "b7-b11", "c2-c1", "b11-b7", "a3-a4", "b7-b3", "a4-b3", "e2-e4"],
        15,
    ),
]  # fmt: skip

#: the enemy plays perfectly until ply 24, where it plays a move that loses: the
#: Musketeers then have no capture left and win
MUSKETEERS_SAVED = [
    "a1xa2", "b1-a1", "a2xa1", "b2-a2", "a1xa2", "b3-b2", "a2xa3", "c1-b1", "a3xa4", "c2-c1",
    "a4xa5", "b4-b3", "a5xb5", "b3-a3", "c3xc4", "a3-b3", "b5xc5", "c1-c2", "c4xd4", "d3-c3",
    "c5xd5", "b1-c1", "d4xe4", "e3-d3",
]  # fmt: skip


@pytest.mark.parametrize(("least", "mark", "word"), JUDGEMENTS)
def test_each_judgement_starts_exactly_at_its_threshold(least: float, mark: str, word: str) -> None:
    assert judgement(least) == (mark, word)
    below = judgement(least - 0.001)
    assert below != (mark, word)
    assert below[0] == {"??": "?", "?": "?!", "?!": ""}[mark]


def test_nothing_is_judged_below_five_points() -> None:
    assert judgement(0.0) == ("", "")
    assert judgement(0.0499) == ("", "")
    assert judgement(1.0) == ("??", "blunder")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_chance_curve_is_symmetric_and_certain_at_a_proven_end(game_id: str) -> None:
    assert win_chance(game_id, 0) == 0.5
    for score in (1, 50, 137, 400, 2_000):
        assert win_chance(game_id, score) + win_chance(game_id, -score) == pytest.approx(1)
        assert win_chance(game_id, score) > win_chance(game_id, score - 1)
    assert win_chance(game_id, MATE - 3) == 1.0
    assert win_chance(game_id, 3 - MATE) == 0.0


def test_a_moves_accuracy_is_full_when_nothing_is_given_away_and_falls_after() -> None:
    assert move_accuracy(0.0) == 100.0
    steps = [move_accuracy(k / 20) for k in range(21)]
    assert steps == sorted(steps, reverse=True)
    assert move_accuracy(1.0) == 0.0


@pytest.mark.slow  # each game reviewed ply by ply at the full budget: up to a second a game
@pytest.mark.parametrize(("game_id", "moves", "ply"), BLUNDERS)
def test_a_known_blunder_is_found(game_id: str, moves: list[str], ply: int) -> None:
    found = analyse(game_id, moves, nodes=NODES)
    blunder = found.moves[ply - 1]
    assert blunder.mark == "??" and blunder.word == "blunder"
    assert blunder.before - blunder.after >= 0.15
    assert blunder.best != blunder.move
    assert blunder in found.worst()
    assert found.counts(blunder.side)["blunder"] >= 1
    assert 0 <= found.accuracy[blunder.side] < 100
    assert len(found.chances) == len(moves) + 1


def _winner(position: object) -> str:
    value = three_musketeers.solve(position, 60.0).value
    assert value is not None
    return value.winner


def test_three_musketeers_turns_where_the_solution_says() -> None:
    every = positions("three-musketeers", get_game("three-musketeers").initial_position(),
                      MUSKETEERS_SAVED)  # fmt: skip
    winners = [_winner(p) for p in every]
    changed = [ply for ply in range(1, len(every)) if winners[ply - 1] != winners[ply]]
    found = analyse("three-musketeers", MUSKETEERS_SAVED, nodes=NODES)
    assert found.turned == changed[-1] == 24
    turn = found.moves[23]
    assert (turn.mark, turn.winner_before, turn.winner_after) == ("??", "e", "m")
    assert (turn.before, turn.after) == (1.0, 0.0)
    # before it, the Musketeers were lost whatever they did: none of their moves is judged
    assert not any(j.mark for j in found.moves[:23])


def test_a_reading_of_a_solved_position_is_exact() -> None:
    game = get_game("three-musketeers")
    reading = read(game.id, game.initial_position())
    assert (reading.winner, reading.plies) == ("e", 33)
    assert reading.score == 33 - MATE  # the Musketeers, to move, lose in 33


def test_a_free_choice_is_judged_and_a_forced_move_never() -> None:
    game = get_game("checkers")
    readings = [Reading(0, "9-13"), Reading(900, ""), Reading(-900, "")]
    start = game.initial_position()
    judged = review(game.id, start, ["9-14", "22-18"], readings)
    assert judged.moves[0].mark == "??"  # Black chose, and gave the game away
    assert judged.moves[0].given_away == pytest.approx(win_chance(game.id, 900) - 0.5)
    forced = positions(game.id, start, ["11-15", "22-18"])[-1]
    assert len(game.legal_moves(forced)) == 1  # Black must take
    taken = review(game.id, forced, ["15x22"], [Reading(0, "15x22"), Reading(900, "")])
    assert taken.moves[0].forced and taken.moves[0].mark == ""
    with pytest.raises(ValueError, match="one reading a position"):
        review(game.id, start, ["9-14"], readings[:1])


def test_a_ballots_drawn_opening_is_never_judged() -> None:
    """A ballot's three moves were drawn for the players: the review reads them but judges
    only the moves after them."""
    game = get_game("checkers")
    moves = ["9-14", "22-18", "5-9", "24-19"]
    # Black's first move throws the game away; White's 24-19, its own choice, throws it back
    readings = [Reading(0, "11-15"), Reading(900, ""), Reading(-900, ""), Reading(900, ""),
                Reading(900, "")]  # fmt: skip
    judged = review(game.id, game.initial_position(), moves, readings, drawn=3)
    assert [j.forced for j in judged.moves] == [True, True, True, False]
    assert [j.mark for j in judged.moves] == ["", "", "", "??"]
    assert set(judged.accuracy) == {"w"}  # Black has chosen no move yet


def test_a_review_refuses_an_illegal_move() -> None:
    with pytest.raises(RulesError):
        analyse("checkers", ["11-15", "11-15"], nodes=NODES)


def test_the_command_line_prints_a_line_a_ply_and_the_accuracies(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game_id, moves, ply = BLUNDERS[0]
    assert main(["analyse", game_id, *moves, "--nodes", str(NODES)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(moves) + 2
    assert lines[ply - 1].split()[:3] == [str(ply), moves[ply - 1], "??"]
    assert int(lines[0].split()[3]) == found_score(game_id, moves)
    assert "best" in lines[0]
    assert lines[-2].startswith("Black: accuracy") and "blunder" in lines[-1] + lines[-2]


def found_score(game_id: str, moves: list[str]) -> int:
    """The score the review saw at the start, for the side to move."""
    return analyse(game_id, moves[:1], nodes=NODES).readings[0].score


def test_the_command_line_says_what_is_wrong_with_a_move(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["analyse", "checkers", "11-15", "nonsense"]) == 1
    assert "error:" in capsys.readouterr().err


#: a game the enemy (level 1) lost to level 4's Musketeers: its last move, at ply 24, threw
#: the win away (the Musketeers then win in two plies)
ENEMY_LOSES = [
    "c3xd3", "b3-c3", "d3xe3", "d2-d3", "a1xa2", "d3-d2", "a2xb2", "a3-a2", "b2xc2", "b4-b3",
    "c2xc3", "c1-c2", "c3xc4", "b5-b4", "c4xc5", "d2-d3", "c5xd5", "b3-c3", "e3xe4", "c3-b3",
    "e4xd4", "b4-c4", "d4xd3", "c4-d4", "d3xd4", "e2-d2",
]  # fmt: skip


def _known(mover: str, winner: str, plies: int) -> Reading:
    """A reading the solution gives: `winner` wins in `plies`, `mover` to move."""
    return Reading(MATE - plies if winner == mover else plies - MATE, "", winner, plies)


def test_a_win_lost_where_the_solution_cannot_see_is_still_found() -> None:
    """The solution knows the start (the enemy wins) and the last two positions (the
    Musketeers win); in between only the search reads, and it saw the enemy win to the end.
    The enemy lost a won game, so one of its moves in between lost it: the review says so
    (the search seeing no fall, its last one), and never that both sides were flawless."""
    game = get_game("three-musketeers")
    every = positions(game.id, game.initial_position(), ENEMY_LOSES)
    movers = [game.side_to_move(p) for p in every]
    readings = [_known(movers[k], "e", 33 - k) for k in range(7)]
    readings += [Reading(1500 if m == "e" else -1500, "") for m in movers[7:25]]
    readings += [_known(movers[25], "m", 1), read(game.id, every[26])]
    found = review(game.id, game.initial_position(), ENEMY_LOSES, readings)
    assert [j.ply for j in found.moves if j.mark] == [24]
    lost = found.moves[23]
    assert (lost.mark, lost.winner_before, lost.winner_after) == ("??", "e", "m")
    assert found.turned == 24 and found.accuracy["e"] < 100 == round(found.accuracy["m"])
    # where the neighbours tell the winner, the curve is certain: the enemy's all along
    assert found.chances[7:24] == (0.0,) * 17  # the Musketeers' chance
