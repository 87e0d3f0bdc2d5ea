"""The Move button's picker on Discord: a whole game of each game played by taps alone, the
piece first where a position has more moves than a list holds, within Discord's limits (the
double refuses a request past them, and the harness fails on it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rules import GAMES, GameRecord
from tests.discordkit import ALICE, BOB, CAROL, CHANNEL_ID, DiscordHarness, Sent, one
from tests.fakediscord import LATENCY_VARIABLE

#: a short game of each, to its end: multi-jumps in Checkers and the draughts (International's
#: written by start and end, 20x16 taking four; a Russian man crowned mid-capture goes on as
#: a king, a3:c1:f4); more than 25 legal moves in 3 Crowns (from the first) and The Crown,
#: whose game ends in a threefold repetition
GAMES_TO_THE_END = {
    "checkers": "10-14 23-18 14x23 26x19 7-10 31-26 10-14 24-20 11-16 20x11 8x15x24x31 28-24 "
    "3-7 32-27 6-10 24-19 31x24x15 22-18 15x22x31 21-17 14x21 30-26 21x30 29-25 31x22x29",
    "three-musketeers": "a1xa2 b1-a1 a2xa3 b2-a2 e5xe4 b3-b2 e4xe3",
    "three-crowns": "a6-b6 f8-e7 b6-b5 c8-d8 c1-d2 e7-d7 b5-b4 d8-e7 a1-a2 h3-g4 f1-e1 e7-f7 "
    "b4-c3 d7-d6 h6-h7 b1-a1 d2-c2 g4-f3 c2-d3 d6-d7 b8-c8 g1-f2 a2-b3 f2-e2 d3-c2 a5-b5 "
    "e1-f2 f7-e7 f2-e1 e2-f2 e1-d1 d7-c7 c2-c1 e7-d7 d1-c2",
    "the-crown": "e3-d3 c1-c2 e5-d5 b3-b2 f3-c8 b2-b3 c8-f3 a3-a2 f1-d4 a2-a3 d4-f1",
    "international": "33-28 16-21 31-27 17-22 28x26 12-17 27-21 19-24 21x23 14-19 23x25 7-12 "
    "25-20 9-14 20x16 24-30 34x25 3-9 40-34 15-20 25x12 1-7 12x1 4-9 39-33 2-7 1x15 6-11 16x7 "
    "5-10 15x4",
    "russian": "a3-b4 h6-g5 c3-d4 d6-e5 e3-f4 g5:e3:c5:a3 d2-c3 b6-a5 c1-d2 a3:c1:f4 e1-d2 "
    "f4:c1 g3-f4 e5:g3:e1:b4 h2-g3 c1-b2 a1:c3 b4:e1:h4 g1-f2 h4:e1",
    "brazilian": "e3-f4 d6-c5 f2-e3 e7-d6 f4-e5 f6xd4xf2xh4 a3-b4 c5xa3 d2-e3 d6-e5 c1-d2 a3xc1 "
    "h2-g3 h4xf2xd4xb2 a1xc3 c1xe3 g1-f2 e3xg1 e1-f2 g1xd4xa1",
    "italian": "23-19 10-14 19x10 6x13 21-17 3-6 17x10x3 11-14 26-21 12-15 3x12x19x10 4-7 21-18 "
    "2-6 10x3x12 9-13 18x9x2 1-5 2x9",
    "turkish": "g3-g4 e6-e5 c3-c4 g6-g5 g4xg6xe6xe8 c6-c5 c4xc6xc8 b6-c6 c8xc5xg5xg8 h7-g7 "
    "g8xg6xb6xb8 a7-b7 b8xb4 a6-b6 b4xb7xe7xh7xh4",
}
#: the games whose line above passes a position of more moves than a list holds
TWO_STEPS = {"three-crowns", "the-crown"}
#: the long games are played without Discord's latency only (each move by taps takes 6 to 8
#: requests: 25 and 35 moves took 30 s and 50 s at 150 ms a request); with it, the short ones
#: play the same taps, two steps included
LONG = pytest.mark.skipif(
    bool(os.environ.get(LATENCY_VARIABLE)), reason="a long game, played without latency"
)
#: the most moves a game to the end may have and still be played with latency
SHORT_GAME = 12


async def start(bot: DiscordHarness, game_id: str) -> Sent:
    """Alice (the game's first side) challenges Bob, who accepts: the first board."""
    side = GAMES[game_id].side_name(GAMES[game_id].sides[0]).lower().removeprefix("the ")
    challenge = one(
        await bot.command(ALICE, "challenge", game=game_id, opponent=BOB, side=side), "reply"
    )
    return one(await bot.click(BOB, challenge, "Accept"), "post")


def listed(message: Sent) -> list[str]:
    return [value for values in message.lists.values() for value in values]


def private_edit(sent: list[Sent]) -> Sent:
    """The picker edited (the other edits take the buttons off the board before)."""
    (edit,) = [s for s in sent if s.kind == "edit" and s.payload["flags"] & 64]
    return edit


async def pick(
    bot: DiscordHarness, user: tuple[int, str], board: Sent, move: str, piece: str
) -> list[Sent]:
    """Press Move on the board and choose `move` from the picker (`piece`, where it starts,
    first, where the picker lists pieces); what choosing the move sent."""
    picker = one(await bot.click(user, board, "Move"), "ephemeral")
    if move not in listed(picker):  # more moves than a list holds: the pieces first
        assert "the piece first" in picker.text and all(
            len(values) <= 25 for values in picker.lists.values()
        )
        picker = private_edit(await bot.choose(user, picker, piece))
        assert piece in listed(picker) and move in listed(picker)
    return await bot.choose(user, picker, move)


@pytest.mark.parametrize(
    "game_id",
    [
        pytest.param(g, marks=LONG) if len(moves.split()) > SHORT_GAME else g
        for g, moves in GAMES_TO_THE_END.items()
    ],
)
async def test_a_whole_game_played_by_picker(discord_bot: DiscordHarness, game_id: str) -> None:
    bot, game = discord_bot, GAMES[game_id]
    board = await start(bot, game_id)
    players = dict(zip(game.sides, (ALICE, BOB), strict=True))
    record, most = GameRecord(game), 0
    for move in GAMES_TO_THE_END[game_id].split():
        most = max(most, len(game.legal_moves(record.position)))
        piece = game.move_cells(game.parse_move(record.position, move))[0]
        sent = await pick(bot, players[record.side_to_move], board, move, piece)
        assert private_edit(sent).text == f"You played {move}."  # the picker, done
        board = one(sent, "post")
        assert f"played {move}." in board.text
        record.play(move)
    assert record.outcome is not None and "Game over" in board.text
    assert "Move" not in board.labels
    assert (most > 25) == (game_id in TWO_STEPS)


async def test_the_picker_is_for_the_player_to_move(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    board = await start(bot, "checkers")
    assert board.labels[0] == "Move"
    for user, words in (
        (BOB, "It is not your turn: waiting for <@111111111111111111> to move."),
        (CAROL, "You are not playing in Checkers #1: you can only watch it."),
    ):
        assert one(await bot.click(user, board, "Move"), "ephemeral").text == words
    picker = one(await bot.click(ALICE, board, "Move"), "ephemeral")
    assert listed(picker) == ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    assert "Choose your move in **Checkers #1** (you play Black)." in picker.text


async def test_a_stale_picker_refuses_and_offers_the_one_of_now(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    board = await start(bot, "checkers")
    thread = board.channel_id
    old = one(await bot.click(ALICE, board, "Move"), "ephemeral")
    await bot.command(ALICE, "move", thread, move="11-15")  # typed: the picker stays open
    await bot.command(BOB, "move", thread, move="22-18")
    refused = await bot.choose(ALICE, old, "9-13")
    fresh = one(refused, "edit")  # the picker itself, replaced: nothing was played
    assert [s.kind for s in refused] == ["defer", "edit"]
    assert fresh.text.startswith("The game has moved on since that list was made")
    assert listed(fresh) == ["15x22"]  # a capture is mandatory now
    played = await bot.choose(ALICE, fresh, "15x22")
    assert "played 15x22." in one(played, "post").text


async def test_a_picker_still_works_after_a_restart(migrated_db: Path) -> None:
    first = await DiscordHarness(migrated_db).start()
    board = await start(first, "the-crown")
    picker = one(await first.click(ALICE, board, "Move"), "ephemeral")
    await first.stop()
    second = await DiscordHarness(migrated_db, fake=first.fake).start()
    try:
        played = one(await second.choose(ALICE, picker, "e3-d3"), "post")
        assert "played e3-d3." in played.text and played.channel_id != CHANNEL_ID
    finally:
        await second.stop()
