"""Bad input, crafted input and simultaneous input: each gets a human answer, writes nothing,
and never reaches another server's games."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from PIL import GifImagePlugin, Image

from bot.adapters.commands.dispatch import Dispatcher
from bot.adapters.commands.group import Context
from bot.adapters.commands.registry import Someone
from bot.adapters.console import Console, Names
from bot.adapters.discord.parts import DiscordPeople
from bot.errors import Refusal
from bot.service import Actor
from bot.service.match_service import MatchService
from bot.store import Store
from rules import GAMES, get_game
from tests.gamekit import random_record
from tests.servicekit import ALICE, BOB, CHANNEL, GUILD, Clock, by, result, snapshot, start_match

Output = tuple[Console, list[str]]


async def _answers(console: Output, line: str) -> list[str]:
    bot, output = console
    before = len(output)
    await bot.line(line)
    return output[before:]


# --- a one-line private answer for every malformed command ---
@pytest.mark.parametrize(
    ("line", "answer"),
    [
        ("alice: /challenge", "/challenge needs game: type /challenge [opponent] game"),
        ("alice: /challenge @bob", "/challenge needs game"),
        ("alice: /move", "/move needs move: type /move move [match], for example /move"),
        ("alice: /move match:1", "/move needs move"),
        ("alice: /leaderboard", "/leaderboard needs game"),
        ("alice: /rules", "/rules needs game"),
        ("alice: /", "Type a command after the /, like /help."),
        ("alice: /board ²", "A match is a number like 12, not '²'."),
        ("alice: /board match:99999999999999999999", "There is no match #99999999999999999999"),
        ("alice: /challenge @bob checkers time_per_move:" + "9" * 4301 + "m", "between 1 minute"),
        ("alice: /help x", "/help takes no options, so 'x' is one too many."),
        (
            "alice: /board 1 yes 2",
            "/board is written /board [match] [text], so '2' is one too many.",
        ),
        ("alice: /challenge @bob chekers", "no game called 'chekers' (did you mean checkers?)"),
        ('alice: /move "11-15', "unclosed quote"),
        ("alice: /dance", "There is no /dance command"),
    ],
)
async def test_malformed_commands_get_one_private_line(
    console: Output, service: MatchService, line: str, answer: str
) -> None:
    before = await snapshot(service._shared.store)
    said = await _answers(console, line)
    assert len(said) == 1 and said[0].startswith("#general bot (to alice): "), said
    assert answer in said[0]
    assert "Error" not in said[0] and "Traceback" not in said[0]
    assert await snapshot(service._shared.store) == before
    assert (await _answers(console, "alice: /games"))[0].startswith("#general bot: ")


@pytest.mark.parametrize(
    "command",
    [
        "/challenge game:{}",
        "/challenge game:checkers side:{}",
        "/challenge game:checkers time_per_move:{}",
        "/challenge game:checkers level:{}",
        "/rules game:{}",
        "/leaderboard game:{}",
        "/stats game:{}",
        "/board match:{}",
        "/help {}",
        "/{}",
    ],
)
async def test_a_refusal_quotes_only_a_short_excerpt_of_what_was_typed(
    console: Output, service: MatchService, command: str
) -> None:
    before = await snapshot(service._shared.store)
    said = await _answers(console, "alice: " + command.format("q" * 10_000))
    assert len(said) == 1 and "(to alice)" in said[0]
    # short: the excerpt, the reason and, for a game, the list of the games
    assert "q" * 31 not in said[0] and len(said[0]) < 150 + len(", ".join(GAMES)), said[0][:300]
    assert await snapshot(service._shared.store) == before


async def test_forty_seven_refused_commands_write_nothing(
    console: Output, service: MatchService
) -> None:
    for line in (
        "alice: /challenge @bob checkers side:black",
        "bob: [Accept]",
        "#checkers-1 alice: /move 11-15",
    ):
        await _answers(console, line)
    before = await snapshot(service._shared.store)
    refused = [
        "#checkers-1 alice: /move 15-19",  # not her turn
        "#checkers-1 bob: /move 11-15",  # not his piece
        "#checkers-1 bob: /move 99-100",
        "#checkers-1 carol: /move 22-18",  # not her game
        "#checkers-1 carol: /resign",
        "#checkers-1 carol: /draw",
        "#checkers-1 carol: /abort",
        "dave: /move 22-18",  # no game here
        "dave: /resign",
        "dave: /rematch",
        "dave: /board match:77",
        "dave: /history match:77",
        "erin: /challenge @erin checkers",  # herself
        "erin: /challenge @frank chess",
        "erin: /challenge @frank checkers side:green",
        "erin: /challenge @frank checkers time_per_move:5s",
        "erin: /challenge @frank checkers time_per_move:soon",
        "erin: /leaderboard go",
        "erin: /stats game:go",
        "erin: /rules go",
        "#checkers-1 alice: /rematch",  # still being played
    ]
    refused += [f"{name}: /{cmd}" for name in ("gina", "hank", "ivan") for cmd in ("x", "")]
    refused += [f"#checkers-1 {name}: [Resign]" for name in ("carol", "dave", "erin", "frank")]
    refused += [f"#checkers-1 {name}: [Offer draw]" for name in ("gina", "hank", "ivan")]
    refused += [f"{name}: /move 1-2 match:1" for name in ("jane", "kim", "lee", "max", "ned")]
    refused += [f"{name}: /help extra" for name in ("oli", "pat", "quin", "rob")]
    refused += ["alice: /", "alice: /move", "alice: /challenge", "alice: /board ²"]
    assert len(refused) == 47
    for line in refused:
        said = await _answers(console, line)
        assert said and all("(to " in s for s in said), (line, said)
    assert await snapshot(service._shared.store) == before


async def test_a_refused_challenge_does_not_keep_the_opponents_name(
    service: MatchService,
) -> None:
    dispatcher = Dispatcher(service, Names())
    ctx = Context(GUILD, CHANNEL, ALICE, "Alice")
    reply = await dispatcher.run(
        "challenge", ctx, game="chess", opponent=Someone(BOB, "Bob the Great", "Bob the Great")
    )
    assert reply.ephemeral
    assert await service._shared.store.all("SELECT * FROM users") == []


# --- names are shown literally, never as markup or pings ---
async def test_display_names_are_shown_not_obeyed_and_results_are_data(
    service: MatchService,
) -> None:
    """On Discord a person is a mention (rendered as their name on that server; pings are
    the adapter's allowed-mentions business), a stored name is escaped, and a result is data."""
    dispatcher = Dispatcher(service, DiscordPeople())
    tricky = "<@555> **boss** @everyone"
    ctx = Context(GUILD, CHANNEL, ALICE, tricky)
    await dispatcher.run("challenge", ctx, game="checkers", opponent=Someone(BOB, "Bob", "Bob"))
    match = await start_match(service, side="black")
    late = await dispatcher.run("move", Context(GUILD, CHANNEL, BOB, "Bob"), move="22-18")
    assert late.reply is not None
    assert late.reply.text == f"It is not your turn: waiting for <@{ALICE}> to move."
    aborted = await dispatcher.run("abort", ctx, match=match.id)
    assert aborted.reply is not None
    assert f"<@{ALICE}> aborted the game. Game over." in aborted.reply.text
    assert "<@555>" not in aborted.reply.text
    row = await service._shared.store.one("SELECT result_reason, ended_by FROM matches")
    assert row is not None and tuple(row) == ("aborted", ALICE)
    other = await start_match(service, side="black")
    await service.play.resign(by(BOB), other.id)
    board = await dispatcher.run("leaderboard", ctx, game="checkers")
    assert board.reply is not None
    assert r"\<\@555\> \*\*boss\*\* \@everyone" in board.reply.text
    assert "<@555>" not in board.reply.text


async def test_times_are_shown_exactly_and_move_text_as_typed(console: Output) -> None:
    said = await _answers(console, "alice: /challenge @bob three-musketeers time_per_move:1h30m")
    assert "1 hour 30 minutes per move" in said[0]
    await _answers(console, "bob: [Accept]")
    move = await _answers(console, "#three-musketeers-1 alice: /move E5-e5")
    move += await _answers(console, "#three-musketeers-1 bob: /move E5-e5")
    assert any("e5-e5 is not legal" in line for line in move), move


# --- crafted buttons and out-of-range numbers ---
async def test_crafted_buttons_cannot_reach_another_server_or_channel(
    service: MatchService,
) -> None:
    dispatcher = Dispatcher(service, Names())
    challenge = await service.challenges.challenge(by(ALICE), "checkers")
    match = await start_match(service, challenger=ALICE, opponent=BOB, side="black")
    before = await snapshot(service._shared.store)
    for guild, channel in ((GUILD + 1, CHANNEL), (GUILD, CHANNEL + 1)):
        mallory = Context(guild, channel, 999, "Mallory")
        bob = Context(guild, channel, BOB, "Bob")
        for ctx, custom_id in (
            (mallory, f"bgb:accept:{challenge.id}"),
            (mallory, f"bgb:cancel:{challenge.id}"),
            (bob, f"bgb:resign:{match.id}"),
            (bob, f"bgb:draw:{match.id}"),
            (mallory, "bgb:accept:99999999999999999999"),
            (mallory, f"bgb:resign:{2**63}"),
            (mallory, "bgb:accept:-1"),
            (mallory, "bgb:accept:1:2"),
            (mallory, "other:accept:1"),
        ):
            response = await dispatcher.click(ctx, custom_id)
            assert response.ephemeral and response.reply is not None, custom_id
            text = response.reply.text
            assert any(
                words in text for words in ("no challenge", "no match", "another", "no longer")
            ), (custom_id, text)
    assert await snapshot(service._shared.store) == before
    right_place = Context(GUILD, CHANNEL, BOB, "Bob")
    assert not (await dispatcher.click(right_place, f"bgb:draw:{match.id}")).ephemeral


# --- simultaneous requests give the documented result ---
async def test_both_players_pressing_rematch_at_once_start_one_game(
    service: MatchService,
) -> None:
    for round_ in range(10):
        match = await start_match(service, channel=CHANNEL + round_, side="black")
        await service.play.resign(Actor(GUILD, match.channel_id, BOB))
        asked = await asyncio.gather(
            service.challenges.rematch(by(ALICE), match.id),
            service.challenges.rematch(by(BOB), match.id),
        )
        assert sorted(c.status for c in asked) == ["accepted", "open"]
        rows = await service._shared.store.all(
            "SELECT status, match_id FROM challenges WHERE rematch_of = ?", (match.id,)
        )
        assert [(r["status"], r["match_id"] is not None) for r in rows] == [("accepted", True)]


async def test_two_processes_offering_a_draw_at_once_agree_it(db_path: Path, clock: Clock) -> None:
    stores = [await Store.open(db_path), await Store.open(db_path)]
    try:
        a, b = (MatchService(s, clock=clock) for s in stores)
        for round_ in range(20):
            match = await start_match(a, channel=CHANNEL + round_, side="black")
            results = await asyncio.gather(
                a.play.offer_draw(Actor(GUILD, match.channel_id, ALICE)),
                b.play.offer_draw(Actor(GUILD, match.channel_id, BOB)),
            )
            assert sorted(r.agreed for r in results) == [False, True]
            assert result(await a._shared.find.match(match.id)) == "Draw (agreement)"
    finally:
        for store in stores:
            await store.close()


async def test_numbers_beyond_sqlite_are_unknown_not_errors(service: MatchService) -> None:
    for number in (2**63, 10**20, 0, -5):
        with pytest.raises(Refusal, match="There is no"):
            await service._shared.find.match(number)
        with pytest.raises(Refusal, match="There is no"):
            await service._shared.find.challenge(number)


# --- long games and their records ---
@pytest.mark.slow
async def test_a_700_ply_replay_fits_the_upload_limit(service: MatchService) -> None:
    game = get_game("three-crowns")
    record = random_record(game, 209)  # a random game of 728 plies
    assert len(record.moves) >= 700
    match = await start_match(service, "three-crowns", side="green")
    for move in record.moves:
        user = (await service._shared.find.match(match.id)).user_to_move or 0
        await service.play.move(by(user), game.format_move(move), match.id)
    dispatcher = Dispatcher(service, Names())
    limit = 10 * 1024 * 1024
    ctx = Context(GUILD, CHANNEL, 103, "Carol", upload_limit=limit)
    reply = (await dispatcher.run("history", ctx, match=match.id)).reply
    assert reply is not None
    text, gif = reply.files
    assert sum(len(f.data) for f in reply.files) <= limit
    frames = Image.open(io.BytesIO(gif.data))
    assert isinstance(frames, GifImagePlugin.GifImageFile)
    assert 2 < frames.n_frames < len(record.positions)  # sampled to fit, not dropped
    assert text.data.decode().count(". ") == (len(record.moves) + 1) // 2


async def test_a_checkers_record_is_standard_pdn(service: MatchService) -> None:
    match = await start_match(service, side="black")
    for user, move in ((ALICE, "11-15"), (BOB, "22-18"), (ALICE, "15x22")):
        await service.play.move(by(user), move)
    await service.play.resign(by(BOB))
    await service.standings.remember(GUILD, ALICE, 'Alice "the" Great', "Alice")
    await service.standings.remember(GUILD, BOB, "Bob", "Bob")
    dispatcher = Dispatcher(service, Names())
    reply = (
        await dispatcher.run("history", Context(GUILD, CHANNEL, BOB, "Bob"), match=match.id)
    ).reply
    assert reply is not None and reply.files[0].filename == "checkers-1.pdn"
    assert reply.files[0].data.decode() == (
        '[Event "Checkers #1"]\n'
        "[Black \"Alice 'the' Great\"]\n"
        '[White "Bob"]\n'
        '[Result "1-0"]\n'
        '[GameType "21"]\n'
        "\n"
        "1. 11-15 22-18 2. 15x22 1-0\n"
    )
