"""Free jumps, Checkers' house rule of casual play: a capture may be made or left, so the
moves are Checkers' captures and every step besides; until a capture can arise the two
rules are the same game. The steps are found here square by square (each piece's
neighbours), apart from the engine's bitboards."""

from __future__ import annotations

import random

import pytest

from rules import GAMES, GameRecord, IllegalMove, get_game
from rules.checkers import CheckersPosition

CHECKERS, FREE = get_game("checkers"), get_game("checkers:free-jumps")
#: Black's man on 15 may take White's on 18 (15x22), or any man may step
CAPTURE_AVAILABLE = "B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,15"


def steps(position: CheckersPosition) -> set[str]:
    """Every step of the side to move, from the board's neighbours: a man forward (toward
    the higher squares for Black), a king either way, to an empty square."""
    pieces = CHECKERS.pieces(position)
    mover = position.turn
    found = set()
    for square, letter in pieces.items():
        if letter.lower() != mover:
            continue
        for n in CHECKERS.step_neighbours[int(square) - 1]:
            to = n + 1
            forward = to > int(square) if mover == "b" else to < int(square)
            if str(to) not in pieces and (letter.isupper() or forward):
                found.add(f"{square}-{to}")
    return found


def test_the_house_rule_is_not_a_game_of_its_own() -> None:
    assert FREE.id == "checkers" and FREE.name == CHECKERS.name
    assert FREE.rules_id == "checkers:free-jumps" and FREE.house_rule == "free jumps"
    assert FREE not in GAMES.values() and "checkers:free-jumps" not in GAMES
    assert CHECKERS.rules_id == "checkers" and not CHECKERS.house_rule


def test_a_capture_is_offered_beside_every_step() -> None:
    position = FREE.decode(CAPTURE_AVAILABLE)
    forced = [CHECKERS.format_move(m) for m in CHECKERS.legal_moves(position)]
    free = [FREE.format_move(m) for m in FREE.legal_moves(position)]
    assert forced == ["15x22"]
    assert set(free) == {"15x22"} | steps(position)
    assert {"15-19", "11-16", "9-13"} <= set(free)
    assert FREE.perft(position, 1) == len(free) == 7
    # a step is played as any move is, and the capture stays on offer to the end of the turn
    record = GameRecord(FREE, position)
    record.play("11-16")
    assert FREE.encode(record.position).startswith("W:W18,")
    with pytest.raises(IllegalMove, match="a capture is mandatory"):
        CHECKERS.parse_move(position, "11-16")


def test_a_refused_move_under_free_jumps_never_says_a_capture_is_mandatory() -> None:
    position = FREE.decode(CAPTURE_AVAILABLE)
    with pytest.raises(IllegalMove) as refused:
        FREE.parse_move(position, "15-18")
    assert "mandatory" not in str(refused.value)
    assert "from 15 you can play 15-19, 15x22" in str(refused.value)


def test_a_multi_jump_begun_is_still_completed() -> None:
    position = FREE.decode("B:W18,26,32:B15")
    assert [FREE.format_move(m) for m in FREE.legal_moves(position)] == [
        "15-19", "15x22x31"
    ]  # fmt: skip


def test_perft_from_the_start_is_checkers_until_a_capture_can_arise() -> None:
    start = FREE.initial_position()
    assert [FREE.perft(start, d) for d in (1, 2)] == [CHECKERS.perft(start, d) for d in (1, 2)]
    assert [FREE.perft(start, d) for d in (1, 2, 3, 4)] == [7, 49, 379, 2872]
    assert [CHECKERS.perft(start, d) for d in (3, 4)] == [302, 1469]


def test_every_position_lists_checkers_captures_and_every_step() -> None:
    """Along random free-jump games: the moves are the captures Checkers lists (where it
    lists captures) and the steps; perft 1 counts them."""
    rng = random.Random(7)
    seen_both = 0
    for _ in range(20):
        record = GameRecord(FREE)
        while record.outcome is None and len(record.moves) < 120:
            position = record.position
            forced = {CHECKERS.format_move(m) for m in CHECKERS.legal_moves(position)}
            captures = {m for m in forced if "x" in m}
            free = [FREE.format_move(m) for m in FREE.legal_moves(position)]
            assert set(free) == captures | steps(position)
            assert FREE.perft(position, 1) == len(free)
            seen_both += bool(captures and len(free) > len(captures))
            record.play(rng.choice(free))
    assert seen_both > 50
