"""Games anywhere (issue 49), through the console's handlers with the Contexts a user-installed
bot's interactions make: a DM between people (guild 0, Reach.ANSWERS), the bot's own DM
(guild 0, Reach.POSTS), a server that never added the bot (Reach.ANSWERS), one whose answers
are private to the asker."""

from __future__ import annotations

import pytest

from bot.adapters.commands.group import Context
from bot.adapters.commands.registry import COMMANDS
from bot.adapters.console import Console
from bot.service import Reach

#: what a casual game's board says (a DM's, or where the bot only answers)
CASUAL = "Casual game: not rated (no server leaderboard here); it counts in each player's /stats."
#: the console's server, where the bot was added and posts
SERVER = 1
#: a server that never added the bot, where it only answers
FOREIGN = 7


def at(
    bot: Console,
    user: str,
    channel: str,
    *,
    guild: int = 0,
    reach: Reach = Reach.ANSWERS,
    answers_private: bool = False,
) -> Context:
    """`user` acting in `channel`: by default a DM (or group DM) between people."""
    return Context(
        guild, bot.names.channel_id(channel), bot.names.user_id(user), user, reach=reach,
        answers_private=answers_private,
    )  # fmt: skip


def bots_dm(bot: Console, user: str) -> Context:
    """`user` in their own DM with the bot, where it posts."""
    return at(bot, user, f"dm-{user}", reach=Reach.POSTS)


async def dm_game(bot: Console) -> tuple[Context, Context]:
    """Alice (Black) and Bob's game of Checkers in their DM, begun: their Contexts there."""
    alice, bob = at(bot, "alice", "alice-bob"), at(bot, "bob", "alice-bob")
    await bot.command(alice, "challenge @bob checkers side:black")
    await bot.click(bob, "Accept")
    return alice, bob


async def test_a_game_between_two_people_in_a_dm_is_played_in_answers_to_its_result(
    console: tuple[Console, list[str]],
) -> None:
    bot, output = console
    alice, bob = await dm_game(bot)
    for ctx, move in ((alice, "11-15"), (bob, "22-18"), (alice, "15x22"), (bob, "25x18")):
        await bot.command(ctx, f"move {move}")
    await bot.click(bob, "Resign")
    await bot.click(bob, "Yes, resign")
    assert not [line for line in output if "[thread" in line]  # no thread in a DM
    assert not [line for line in output if "The board is in" in line]
    boards = [line for line in output if line.startswith("#alice-bob bot: **Checkers #1** —")]
    assert len(boards) == 6  # the start, four moves, the result: each an answer in the DM
    assert boards[-1].endswith("@bob resigned. Game over. @alice (Black) won.")
    assert "#alice-bob bot: [Rematch] [Analyse]" in output
    asked = next(line for line in output if "Resign Checkers #1" in line)
    assert "it is unrated" in asked  # a casual game changes nobody's rating


async def test_a_casual_games_board_says_so_and_no_other_does(
    console: tuple[Console, list[str]],
) -> None:
    bot, output = console
    await dm_game(bot)
    assert f"#alice-bob bot: {CASUAL}" in output
    before = len(output)
    await bot.line("alice: /challenge @bob checkers")  # on the server that added the bot
    await bot.line("bob: [Accept]")
    await bot.command(bots_dm(bot, "carol"), "challenge @bot checkers")
    assert CASUAL not in "\n".join(output[before:])  # rated, and against the computer
    assert not [line for line in output[before:] if line.startswith("#dm-carol bot: [thread")]
    assert "#dm-carol bot: [Move] [Resign]" in output  # its board in the DM itself


async def test_a_player_elsewhere_gets_the_board_of_a_game_in_answers_as_the_reply(
    console: tuple[Console, list[str]],
) -> None:
    """Where the bot only answers it posts nowhere else: Bob's move from his DM with the bot
    is answered there with the board, not with a pointer to where the game is; from another
    channel of that server, with the board to him alone (the game is not that channel's)."""
    bot, output = console
    alice = at(bot, "alice", "table", guild=FOREIGN)
    await bot.command(alice, "challenge @bob checkers side:black")
    await bot.click(at(bot, "bob", "table", guild=FOREIGN), "Accept")
    await bot.command(alice, "move 11-15")
    before = len(output)
    await bot.command(bots_dm(bot, "bob"), "move 22-18 match:1")
    shown = output[before:]
    assert shown[0].startswith("#dm-bob bot (to bob): **Checkers #1** — @bob played 22-18.")
    assert "#dm-bob bot (to bob): [Move] [Offer draw] [Take back] [Resign]" in shown
    assert not [line for line in shown if line.startswith("#table")]
    before = len(output)
    await bot.command(at(bot, "alice", "lounge", guild=FOREIGN), "draw match:1")
    shown = output[before:]
    assert shown[0].startswith("#lounge bot (to alice): **Checkers #1** — @alice offers a draw.")
    assert all(line.startswith("#lounge bot (to alice)") for line in shown)


async def test_stats_show_the_casual_record_first_in_a_dm_and_beside_the_rest_on_a_server(
    console: tuple[Console, list[str]],
) -> None:
    bot, output = console
    alice, bob = await dm_game(bot)
    await bot.command(bob, "resign")
    await bot.click(bob, "Yes, resign")
    await bot.command(bots_dm(bot, "alice"), "stats")
    record = "Casual games (W-D-L): Checkers 1-0-0"
    assert f"#dm-alice bot: {record}" in output
    await bot.command(at(bot, "alice", "general", guild=SERVER, reach=Reach.POSTS), "stats")
    assert f"#general bot: {record}" in output  # no server game: not "no finished games"
    await bot.line("alice: /challenge @bot checkers level:1")  # a server game, unfinished
    await bot.line("#checkers-2 alice: /abort")
    await bot.line("bob: /challenge @alice checkers side:white")
    await bot.line("alice: [Accept]")
    await bot.line("#checkers-3 bob: [Resign]")
    await bot.line("#checkers-3 bob: [Yes, resign]")
    before = len(output)
    await bot.line("alice: /stats")
    shown = output[before:]
    rated = next(i for i, line in enumerate(shown) if line.startswith("#general bot: Checkers: "))
    assert shown.index(f"#general bot: {record}") > rated  # after the server's own record
    await bot.command(alice, "stats")
    fields = [line for line in output if line.startswith("#alice-bob bot: Casual games")]
    assert fields == [f"#alice-bob bot: {record}"]


async def test_a_house_rules_casual_games_count_apart(console: tuple[Console, list[str]]) -> None:
    bot, output = console
    alice, bob = at(bot, "alice", "alice-bob"), at(bot, "bob", "alice-bob")
    await bot.command(alice, "challenge @bob checkers side:black captures:free")
    await bot.click(bob, "Accept")
    await bot.command(alice, "resign")
    await bot.click(alice, "Yes, resign")
    await bot.command(bob, "stats")
    record = "Casual games (W-D-L): Checkers (house rule: free jumps) 1-0-0"
    assert f"#alice-bob bot: {record}" in output


async def test_nobody_is_challenged_where_nobody_else_would_see_it(
    console: tuple[Console, list[str]],
) -> None:
    """The bot's own DM is seen by the asker alone, and so are its answers on a server that
    turned external apps off: a challenge of a person there is refused, the computer's is
    not."""
    bot, output = console
    dm = bots_dm(bot, "carol")
    shut = at(bot, "carol", "lobby", guild=FOREIGN, answers_private=True)
    for ctx in (dm, shut):
        await bot.command(ctx, "challenge @bob checkers")
        await bot.command(ctx, "challenge checkers")  # an open one: nobody to take it
    refused = [line for line in output if "(to carol)" in line]
    assert len(refused) == 4
    assert all("challenge people in" in line for line in refused)
    assert "Nobody but you and me can see this DM" in refused[0]
    assert "shows my answers to the asker alone" in refused[2]
    assert not [line for line in output if "challenges" in line]
    for ctx in (dm, shut):
        await bot.command(ctx, "challenge @bot checkers level:1")
    assert len([line for line in output if "I play at level 1 of 5" in line]) == 2


#: the options each command takes anywhere, typed as in the console
ANYWHERE = {
    "challenge": "@carol checkers",
    "move": "22-18",
    "vacation": "3",
    "notify": "off",
    "rules": "checkers",
    "solve": "11-15",
}


def test_only_a_servers_own_commands_are_declared_for_servers_alone() -> None:
    servers = {spec.name for spec in COMMANDS if spec.guild_only}
    assert servers == {"tournament", "leaderboard", "settings", "games", "versus"}


@pytest.mark.parametrize("name", [spec.name for spec in COMMANDS if not spec.guild_only])
async def test_every_command_declared_anywhere_answers_in_a_dm(
    console: tuple[Console, list[str]], name: str
) -> None:
    """Each answers Bob, to move in his DM game with Alice, in that DM (a refusal of what
    cannot be done yet, such as a review of a game in play, is an answer too)."""
    bot, output = console
    alice, bob = await dm_game(bot)
    await bot.command(alice, "move 11-15")
    before = len(output)
    await bot.command(bob, f"{name} {ANYWHERE.get(name, '')}".strip())
    answered = output[before:]
    if name == "mygames":
        assert "#alice-bob, a DM" in answered[-1]
    elsewhere = [line for line in answered if not line.startswith("#alice-bob bot")]
    assert answered and all("(DM to alice)" in line for line in elsewhere), answered
    assert not [line for line in answered if "There is no match" in line or "no game" in line]
