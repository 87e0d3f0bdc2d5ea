"""Three Musketeers solved: the shipped strategy checked against the rules on sampled games,
its values against plain search, the perfect enemy against weak Musketeers, and
`python -m ai solve`. (The whole strategy is verified by `tm-solve verify` of
tools/three_musketeers, and through this reader by bench/three_musketeers.py: see README.)"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from ai import choose_move, think
from ai.evaluation.three_musketeers import evaluate
from ai.three_musketeers import REJOINED, Value, Verdict, perfect_move, solve, stored_move
from ai.three_musketeers.exact import Exact, OutOfTime, further
from ai.three_musketeers.strategy import FILE, DamagedStrategy, Strategy, shipped
from rules import get_game
from rules.three_musketeers import ThreeMusketeersPosition
from tests import ROOT

GAME = get_game("three-musketeers")
#: how a test's Musketeers choose their move
Chooser = Callable[[ThreeMusketeersPosition, random.Random], Any]


@cache
def plain_value(board: str, turn: str) -> int:
    """Plain minimax over the rules' own moves: 100 - n when the enemy wins in n plies,
    -(100 - n) when the Musketeers do (the winner hurrying, the loser holding out)."""
    position = ThreeMusketeersPosition(board, turn)
    outcome = GAME.outcome(position)
    if outcome is not None:
        return 100 if outcome.winner == "e" else -100
    values = [plain_value(*_fields(GAME.apply(position, m))) for m in GAME.legal_moves(position)]
    best = max(values) if turn == "e" else min(values)
    return best - 1 if best > 0 else best + 1


def _fields(position: ThreeMusketeersPosition) -> tuple[str, str]:
    return position.board, position.turn


def _strategy_game(
    rng: random.Random, musketeer_move: Chooser, start: ThreeMusketeersPosition | None = None
) -> list[ThreeMusketeersPosition]:
    """A game from `start` (default: the start): the Musketeers as `musketeer_move` picks,
    the enemy by the stored strategy (which must cover every position it meets, with a
    legal move)."""
    position = start or GAME.initial_position()
    seen = [position]
    while GAME.outcome(position) is None:
        if position.turn == "m":
            move = musketeer_move(position, rng)
        else:
            found = perfect_move(position, 0.0)
            assert found is not None, f"the strategy does not cover {GAME.encode(position)}"
            move, value, proof = found
            assert value.winner == "e" and proof == "the stored strategy"
            assert move in GAME.legal_moves(position)
        position = GAME.apply(position, move)
        seen.append(position)
    return seen


def _random(position: ThreeMusketeersPosition, rng: random.Random) -> Any:
    return rng.choice(GAME.legal_moves(position))


def _greedy(position: ThreeMusketeersPosition, rng: random.Random) -> Any:
    """The capture whose result the evaluation likes best for the Musketeers."""
    moves = GAME.legal_moves(position)
    rng.shuffle(moves)
    return max(moves, key=lambda m: -evaluate(GAME.apply(position, m)))


def test_the_start_is_an_enemy_win_in_33_plies_by_the_strategy() -> None:
    verdict = solve(GAME.initial_position())
    assert verdict.value == Value("e", 33)
    assert verdict.proof == "the stored strategy"
    assert len(verdict.moves) == 8  # every Musketeer move, each an enemy win
    assert all(value.winner == "e" for _, value in verdict.moves)
    assert verdict.moves[0][1] == verdict.value  # the longest resistance first
    assert shipped().start_plies == 33


def test_a_finished_game_is_its_own_proof() -> None:
    lined = GAME.decode("M4/M4/M1E2/5/5 e")
    assert solve(lined) == Verdict(Value("e", 0), (), "the game is over")
    stuck = GAME.decode("M4/1M3/2M2/5/4E m")  # the Musketeers cannot capture
    assert solve(stuck) == Verdict(Value("m", 0), (), "the game is over")
    assert str(Value("m", 1)) == "musketeers win in 1 ply"


@pytest.mark.slow  # 2,000 games played out on the strategy
@pytest.mark.parametrize("seed", range(4))
def test_sampled_games_follow_the_strategy_to_an_enemy_win(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(500):
        game = _strategy_game(rng, _random)
        outcome = GAME.outcome(game[-1])
        assert outcome is not None and outcome.winner == "e"


@pytest.mark.slow  # 200 games played out, the enemy's moves at level five
def test_the_perfect_enemy_wins_200_games_against_random_and_greedy_musketeers() -> None:
    rng = random.Random(2009)
    for musketeers in [_random] * 100 + [_greedy] * 100:
        position = GAME.initial_position()
        while GAME.outcome(position) is None:
            if position.turn == "m":
                move = GAME.format_move(musketeers(position, rng))
            else:
                move = choose_move(GAME.id, position, level=5)
            position = GAME.apply(position, GAME.parse_move(position, move))
        outcome = GAME.outcome(position)
        assert outcome is not None and outcome.winner == "e"


def test_stored_values_agree_with_plain_search_late_in_the_game() -> None:
    rng = random.Random(7)
    checked = 0
    while checked < 60:
        for position in _strategy_game(rng, _random):
            if position.board.count("E") <= 5 and GAME.outcome(position) is None:
                verdict = solve(position, 0.0)
                assert verdict.proof == "the stored strategy"
                assert verdict.value == Value.of(plain_value(*_fields(position)))
                checked += 1


def _random_position(rng: random.Random, enemies: int, turn: str) -> ThreeMusketeersPosition:
    cells = rng.sample(range(25), 3 + enemies)
    board = ["."] * 25
    for i, cell in enumerate(cells):
        board[cell] = "M" if i < 3 else "E"
    return ThreeMusketeersPosition("".join(board), turn)


def test_exact_search_agrees_with_plain_search_off_the_strategy() -> None:
    rng = random.Random(11)
    for trial in range(150):
        position = _random_position(rng, rng.randint(0, 5), "me"[trial % 2])
        verdict = solve(position, 30.0)
        assert verdict.value == Value.of(plain_value(*_fields(position)))
        for move, value in verdict.moves:  # a move's value counts its own ply
            assert value == Value.of(further(plain_value(*_fields(GAME.apply(position, move)))))


def _off_the_strategy() -> list[ThreeMusketeersPosition]:
    """Enemy positions three plies in that the strategy does not cover: the enemy's first
    reply was not the stored one."""
    found = []
    start = GAME.initial_position()
    for first in GAME.legal_moves(start):
        after_first = GAME.apply(start, first)
        stored = stored_move(after_first)
        assert stored is not None
        for reply in GAME.legal_moves(after_first):
            if reply == stored[0]:
                continue
            after_reply = GAME.apply(after_first, reply)
            for second in GAME.legal_moves(after_reply):
                position = GAME.apply(after_reply, second)
                if GAME.outcome(position) is None and stored_move(position) is None:
                    found.append(position)
    return found


def test_an_enemy_off_the_strategy_plays_back_onto_it_where_one_move_does() -> None:
    """The move it proves is one after which the strategy covers every Musketeer reply, and
    from there the enemy wins every game; level 5 plays it."""
    rng = random.Random(11)
    rejoined = 0
    for position in _off_the_strategy():
        verdict = solve(position, 0.0)
        if verdict.proof != REJOINED:
            continue
        rejoined += 1
        assert verdict.value is not None and verdict.value.winner == "e"
        found = perfect_move(position, 0.0)
        assert found is not None and found[1] == verdict.value and found[2] == REJOINED
        onto = GAME.apply(position, found[0])
        for reply in GAME.legal_moves(onto):
            after = GAME.apply(onto, reply)
            assert GAME.outcome(after) is not None or stored_move(after) is not None
        outcome = GAME.outcome(_strategy_game(rng, _random, onto)[-1])
        assert outcome is not None and outcome.winner == "e"
        move, report = think(GAME.id, position, level=5, seed=1)
        assert GAME.parse_move(position, move) == found[0] and REJOINED in report.proof
    assert rejoined >= 30  # 36 of the 64 with the shipped strategy


def test_exact_search_gives_up_at_its_deadline() -> None:
    start = GAME.initial_position()
    musketeers = sum(1 << i for i, piece in enumerate(start.board) if piece == "M")
    with pytest.raises(OutOfTime):
        Exact(0.0).value(musketeers, ((1 << 25) - 1) ^ musketeers, True)
    off_strategy = GAME.decode("EEEE1/EEEEE/EEMEE/EEEEE/MEEEM e")  # not reachable from the start
    assert solve(off_strategy, 0.05).value is None


@pytest.mark.slow
def test_level_five_musketeers_search_for_chances_where_the_strategy_proves_them_lost() -> None:
    """On the strategy every Musketeer move loses: level 5 plays its search's choice (the
    most problems for a fallible enemy), not a proof, and never stops to claim one."""
    rng = random.Random(3)
    checked = 0
    while checked < 10:
        for position in _strategy_game(rng, _random):
            if position.turn != "m" or GAME.outcome(position) is not None:
                continue
            verdict = solve(position)
            assert verdict.value is not None and verdict.value.winner == "e"
            if len(GAME.legal_moves(position)) < 2:
                continue
            move, report = think(GAME.id, position, level=5, seconds=0.2, seed=checked)
            GAME.parse_move(position, move)  # legal
            assert not report.proof and report.depth >= 1
            checked += 1


@pytest.mark.parametrize("turn", ["m", "e"])
def test_level_five_plays_the_fastest_win_or_the_longest_resistance_off_the_strategy(
    turn: str,
) -> None:
    """Late positions nowhere on the strategy: exact search proves the fastest win, and in
    a lost position the search, which sees to the end this late, puts the loss off longest."""
    rng = random.Random(turn)
    tried = 0
    while tried < 40:
        position = _random_position(rng, rng.randint(2, 4), turn)
        if GAME.outcome(position) is not None:
            continue
        moves = GAME.legal_moves(position)
        values = {m: plain_value(*_fields(GAME.apply(position, m))) for m in moves}
        if len(set(values.values())) < 2:
            continue  # every move is as good: nothing to choose
        best = max(values.values()) if turn == "e" else min(values.values())
        move = GAME.parse_move(position, choose_move(GAME.id, position, level=5, seed=1))
        assert values[move] == best, GAME.encode(position)
        tried += 1


@pytest.mark.processes
def test_solve_on_the_command_line() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "ai", "solve", "three-musketeers"],
        capture_output=True, text=True, cwd=ROOT, check=True,
    )  # fmt: skip
    lines = run.stdout.splitlines()
    assert lines[0] == "value: enemy wins in 33 plies"
    assert lines[1] == "proof: the stored strategy"
    assert len(lines) == 2 + 8 and lines[2].endswith("enemy wins in 33 plies")
    late = subprocess.run(
        [sys.executable, "-m", "ai", "solve", GAME.id, "--position", "EE3/5/2M2/1M3/M4 e"],
        capture_output=True, text=True, cwd=ROOT, check=True,
    )  # fmt: skip
    assert late.stdout.splitlines()[0].startswith("value: ")
    bad = subprocess.run(
        [sys.executable, "-m", "ai", "solve", "three-musketeers", "--position", "nonsense"],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    assert bad.returncode == 1 and bad.stderr.startswith("error: ")


@pytest.mark.slow
def test_a_damaged_strategy_file_is_refused_not_misread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = FILE.read_bytes()
    (tmp_path / "short").write_bytes(data[:10])
    (tmp_path / "cut").write_bytes(data[: len(data) // 2])
    (tmp_path / "other").write_bytes(b"X" * 100)
    for name in ("short", "cut", "other", "missing"):
        with pytest.raises(DamagedStrategy):
            Strategy(tmp_path / name)
    rng = random.Random(5)
    for _ in range(20):  # a flipped byte anywhere in a block's data
        flipped = bytearray(data)
        at = rng.randrange(len(data) - 20_000, len(data))  # the last blocks: ply 41 and before
        flipped[at] ^= 1 << rng.randrange(8)
        (tmp_path / "flipped").write_bytes(bytes(flipped))
        damaged = Strategy(tmp_path / "flipped")
        blocks = [(ply, b) for ply, rows in damaged._plies.items() for b in range(len(rows))]
        with pytest.raises(DamagedStrategy):
            for ply, b in blocks:
                damaged._decoded(ply, b)
    # every block damaged: in play the search takes over (a legal move, never a misread
    # one); `solve` says so
    every = bytearray(data)
    for rows in shipped()._plies.values():
        for block in rows:
            every[block.offset + block.length // 2] ^= 0x10
    (tmp_path / "every").write_bytes(bytes(every))
    monkeypatch.setattr("ai.three_musketeers.shipped", lambda: Strategy(tmp_path / "every"))
    position = GAME.apply(GAME.initial_position(), GAME.legal_moves(GAME.initial_position())[0])
    move = choose_move(GAME.id, position, level=5, seconds=0.2)
    assert GAME.parse_move(position, move) in GAME.legal_moves(position)
    with pytest.raises(DamagedStrategy):
        solve(position)
