"""A position in words (a board's alt text, a text board's words): every game's start and a
played position, its side names and last move, and Discord's 1,024-character limit."""

from __future__ import annotations

import re

import pytest

from bot.i18n.position_words import ALT_TEXT_LIMIT, position_words
from rules import GAMES, Outcome, Termination, capitalised, get_game
from tests.gamekit import GAME_IDS, random_record


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_start_names_the_game_who_moves_and_every_piece(game_id: str) -> None:
    game = get_game(game_id)
    start = game.initial_position()
    said = position_words(game, start)
    first = capitalised(game.side_name(game.side_to_move(start)))
    assert said.startswith(f"{game.name}. {first} to move. ")
    assert "last move" not in said
    for side in game.sides:
        assert f"{capitalised(game.side_name(side))}: " in said
    for cell in game.pieces(start):  # every piece's cell is named
        assert re.search(rf"(?<![\w]){re.escape(cell)}(?![\w])", said), cell
    assert len(said) <= ALT_TEXT_LIMIT


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_played_position_says_the_last_move_and_the_pieces_by_kind(game_id: str) -> None:
    game = get_game(game_id)
    record = random_record(game, seed=7, max_plies=12)
    last = game.format_move(record.moves[-1])
    said = position_words(game, record.position, last_move=last)
    assert f"; last move {last}. " in said
    pieces = game.pieces(record.position)
    for side in game.sides:
        mine = {c: letter for c, letter in pieces.items() if game.piece_names[letter][0] == side}
        for letter in set(mine.values()):
            cells = [c for c in game.cell_names if mine.get(c) == letter]
            name = game.piece_name(letter, len(cells))
            assert f"{name} {', '.join(cells)}" in said


def test_checkers_in_words() -> None:
    game = get_game("checkers")
    position = game.decode("W:W21,22,25,K7:B1,3,9")
    said = position_words(game, position, last_move="11-15")
    assert said == (
        "Checkers. White to move; last move 11-15. Black: men 1, 3, 9. "
        "White: men 21, 22, 25; king 7."
    )


def test_side_names_and_piece_names_of_the_other_games() -> None:
    musketeers = get_game("three-musketeers")
    said = position_words(musketeers, musketeers.initial_position())
    assert said.startswith("Three Musketeers. The Musketeers to move. The Musketeers: ")
    assert "Musketeers a1, c3, e5." in said
    assert "The enemy: enemy pieces " in said
    crown = get_game("the-crown")
    said = position_words(crown, crown.initial_position())
    assert "White: Prince g1; Knights " in said and "Black: Prince a1; Knights " in said
    crowns = get_game("three-crowns")
    said = position_words(crowns, crowns.initial_position())
    assert "Green: stones " in said and said.endswith("Captures: Green 0, Black 0.")


def test_a_side_without_pieces_and_a_result() -> None:
    game = get_game("checkers")
    position = game.decode("B:W18:B")
    said = position_words(game, position, last_move="22-18")
    assert said.startswith("Checkers. White won (Black has no pieces left); last move 22-18.")
    assert said.endswith("Black: no pieces. White: man 18.")
    resigned = Outcome("b", Termination.RESIGNATION, "w")
    said = position_words(game, game.initial_position(), outcome=resigned)
    assert said.startswith("Checkers. Black won (White resigned). ")


def test_the_fullest_position_keeps_to_discords_limit() -> None:
    game = get_game("international")
    fullest = game.decode("W:WK1-20:BK31-50")  # 40 kings, the longest cells
    said = position_words(game, fullest, last_move="1x46")
    assert len(said) <= ALT_TEXT_LIMIT
    assert "White: kings 1, 2, 3" in said
    for game in GAMES.values():  # every game's start, and its every piece a king or stone
        assert len(position_words(game, game.initial_position(), last_move="x" * 80)) <= 1024


def test_a_text_too_long_counts_the_largest_groups_first() -> None:
    game = get_game("checkers")
    position = game.decode("W:W22-32,K5:B1-4,6-12,K20")
    full = position_words(game, position)
    shorter = position_words(game, position, limit=len(full) - 1)
    assert len(shorter) < len(full)
    assert "11 men" in shorter and "king 5" in shorter  # a group of one still named
    shortest = position_words(game, position, limit=80)
    assert len(shortest) <= 80
    assert shortest == "Checkers. White to move. Black: 11 men; king 20. White: 11 men; king 5."
    cut = position_words(game, position, limit=40)
    assert len(cut) == 40 and cut.endswith("…")


def test_a_game_record_played_to_its_end_says_the_result() -> None:
    game = get_game("three-musketeers")
    record = random_record(game, seed=3)
    assert record.outcome is not None
    said = position_words(game, record.position, outcome=record.outcome)
    assert " won (" in said.split(". ", 2)[1]
