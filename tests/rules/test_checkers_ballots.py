"""Checkers' three-move ballots: the ACF's 156 openings, each legal from the start, none of
the 18 the ACF bars."""

from __future__ import annotations

from rules import GameRecord, get_game

GAME = get_game("checkers")
#: the 18 openings the ACF bars (lost for one side), by its numbers: CheckerBoard's
#: `three_move_table` marks them OP_BARRED (eygilbert/CheckerBoard), and its older table
#: gives them the qualifier "probably lost" at the same places
BARRED = {
    3: "9-13 21-17 10-14", 13: "9-13 23-18 10-14", 26: "9-13 24-19 10-15",
    35: "9-13 24-20 12-16", 44: "9-14 22-18 12-16", 45: "9-14 22-18 14-17",
    48: "9-14 23-19 10-15", 52: "9-14 24-19 10-15", 77: "10-14 24-19 11-15",
    88: "10-15 21-17 9-14", 94: "10-15 22-17 9-14", 109: "10-15 24-20 11-16",
    114: "11-15 21-17 10-14", 137: "11-16 21-17 10-14", 145: "11-16 22-18 10-15",
    156: "11-16 24-19 10-15", 168: "12-16 23-18 9-14", 171: "12-16 23-19 16x23",
}  # fmt: skip


def test_the_deck_is_the_156_played_openings_numbered_as_the_acf_numbers_them() -> None:
    assert len(GAME.ballots) == 156
    assert len(set(GAME.ballots.values())) == 156
    assert set(GAME.ballots) | set(BARRED) == set(range(1, 175))
    assert not set(GAME.ballots) & set(BARRED)
    assert not set(GAME.ballots.values()) & set(BARRED.values())
    assert (GAME.ballots[1], GAME.ballots[126], GAME.ballots[174]) == (
        "9-13 21-17 5-9", "11-15 23-19 8-11", "12-16 24-20 10-15"
    )  # fmt: skip


def test_every_opening_and_every_barred_one_is_three_legal_moves_from_the_start() -> None:
    for opening in [*GAME.ballots.values(), *BARRED.values()]:
        record = GameRecord.replay(GAME, opening.split())
        assert [GAME.format_move(m) for m in record.moves] == opening.split()
        assert record.outcome is None
        assert record.side_to_move == "w"  # White moves next, in every one


def test_no_two_of_the_174_openings_transpose() -> None:
    """Each opening leaves a position of its own after its three moves."""
    every = {**GAME.ballots, **BARRED}
    after = {GAME.encode(GameRecord.replay(GAME, o.split()).position) for o in every.values()}
    assert len(after) == 174
