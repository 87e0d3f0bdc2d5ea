"""The contract every game of the engine keeps; a new game gets these by being registered."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import GameOver, GameRecord, RulesError, get_game, result_text
from rules import Termination as T
from tests.gamekit import GAME_IDS, random_record, sample_positions

RANDOM_GAMES = 500
SLOW = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_positions_are_immutable_hashable_and_round_trip(game_id: str) -> None:
    game = get_game(game_id)
    for position in sample_positions(game_id):
        text = game.encode(position)
        assert game.decode(text) == position
        assert hash(game.decode(text)) == hash(position)
        with pytest.raises(AttributeError):
            position.turn = "x"  # positions refuse assignment


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_legal_move_round_trips_through_its_text(game_id: str) -> None:
    game = get_game(game_id)
    for position in sample_positions(game_id):
        moves = game.legal_moves(position)
        texts = [game.format_move(m) for m in moves]
        assert len(set(texts)) == len(texts)
        for move, text in zip(moves, texts, strict=True):
            assert game.parse_move(position, text) == move
            assert game.parse_move(position, f"  {text.upper()} ") == move


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_checking_moves_are_the_legal_moves_that_give_check(game_id: str) -> None:
    game = get_game(game_id)
    found = 0
    for position in sample_positions(game_id):
        legal = game.legal_moves(position)
        expected = [m for m in legal if game.in_check(game.apply(position, m))]
        assert game.checking_moves(position) == expected, game.encode(position)
        found += len(expected)
    assert found > 100 if game_id == "the-crown" else found == 0


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_position_of_a_random_game_reads_back_its_printed_moves(
    game_id: str, seed: int
) -> None:
    """Each legal move's printed text parses back to that very move, in every position of a
    random game (kings, loops and late endings included, not only a sample)."""
    game = get_game(game_id)
    for position in random_record(game, seed, max_plies=400).positions:
        for move in game.legal_moves(position):
            assert game.parse_move(position, game.format_move(move)) == move


#: how each game can end by its rules and history (agreement, resignation, time are the bot's)
ENDINGS: dict[str, set[str]] = {
    "checkers": {T.NO_PIECES, T.NO_MOVES, T.REPETITION, T.NO_PROGRESS},
    "three-musketeers": {"aligned", T.NO_MOVES},
    "three-crowns": {"captures", "crowned-troika", T.NO_MOVES, T.REPETITION, T.NO_PROGRESS},
    "the-crown": {"prince-crowned", T.NO_PIECES, "no-princes", T.STALEMATE, T.REPETITION},
    "turkish": {T.NO_PIECES, T.NO_MOVES, "one-piece-each", T.REPETITION, T.NO_PROGRESS},
    **{
        game_id: {T.NO_PIECES, T.NO_MOVES, T.REPETITION, T.NO_PROGRESS}
        for game_id in ("international", "russian", "brazilian", "italian")
    },
}


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_games_reach_an_outcome(game_id: str) -> None:
    game = get_game(game_id)
    reasons: set[str] = set()
    for seed in range(RANDOM_GAMES):
        record = random_record(game, seed)
        outcome = record.outcome
        assert outcome is not None, f"seed {seed} did not finish in {len(record.moves)} plies"
        assert outcome.winner in (None, *game.sides)
        assert game.legal_moves(record.position) == [] or outcome.is_draw
        reasons.add(outcome.termination.value)
        assert game.termination(outcome.termination.value) == outcome.termination  # stored
        worded = result_text(game, outcome)
        assert "None" not in worded and worded.endswith(")"), worded
    assert reasons <= ENDINGS[game_id] and len(reasons) >= 2, reasons


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_moves_after_the_end_are_refused(game_id: str) -> None:
    game = get_game(game_id)
    record = random_record(game, seed=1)
    before = list(record.positions)
    with pytest.raises(GameOver):
        record.play("a1-a2")
    assert record.positions == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replaying_the_move_texts_gives_the_same_positions(game_id: str) -> None:
    game = get_game(game_id)
    record = random_record(game, seed=7)
    replayed = GameRecord.replay(game, [game.format_move(m) for m in record.moves])
    assert replayed.positions == record.positions
    assert replayed.outcome == record.outcome


def _check_parse(game_id: str, index: int, text: str) -> None:
    game = get_game(game_id)
    positions = sample_positions(game_id)
    position = positions[index % len(positions)]
    try:
        move = game.parse_move(position, text)
    except RulesError as err:
        assert str(err)
        return
    assert move in game.legal_moves(position)


MOVE_ALPHABET = st.text(alphabet="abcdefgh0123456789-xX+ *", max_size=14)


@pytest.mark.parametrize("game_id", GAME_IDS)
@SLOW
@given(index=st.integers(0, 10_000), text=st.one_of(st.text(max_size=40), MOVE_ALPHABET))
def test_move_parser_returns_a_legal_move_or_a_rules_error(
    game_id: str, index: int, text: str
) -> None:
    _check_parse(game_id, index, text)


@pytest.mark.parametrize("game_id", GAME_IDS)
@SLOW
@given(index=st.integers(0, 10_000), data=st.data())
def test_move_parser_accepts_or_refuses_mangled_legal_moves(
    game_id: str, index: int, data: Any
) -> None:
    game = get_game(game_id)
    positions = sample_positions(game_id)
    position = positions[index % len(positions)]
    moves = game.legal_moves(position)
    if not moves:
        return
    text = game.format_move(data.draw(st.sampled_from(moves)))
    cut = data.draw(st.integers(0, len(text)))
    insert = data.draw(st.text(alphabet="abx-0123456789 +", max_size=3))
    _check_parse(game_id, index, text[:cut] + insert + text[cut:])


def _check_decode(game_id: str, text: str) -> None:
    game = get_game(game_id)
    try:
        position = game.decode(text)
    except RulesError as err:
        assert str(err)
        return
    assert game.decode(game.encode(position)) == position


@pytest.mark.parametrize("game_id", GAME_IDS)
@SLOW
@given(text=st.text(max_size=80))
def test_position_decoder_returns_a_position_or_a_rules_error(game_id: str, text: str) -> None:
    _check_decode(game_id, text)


@pytest.mark.parametrize("game_id", GAME_IDS)
@SLOW
@given(index=st.integers(0, 10_000), data=st.data())
def test_position_decoder_on_mangled_position_texts(game_id: str, index: int, data: Any) -> None:
    game = get_game(game_id)
    positions = sample_positions(game_id)
    text = game.encode(positions[index % len(positions)])
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 4)))
    insert = data.draw(st.text(alphabet="abcdefgKkPpSsWwBbEeMm0123456789:,-/ *", max_size=4))
    _check_decode(game_id, text[:start] + insert + text[end:])
