"""A private channel's game asked of from another channel (issue 44.6): every command that
takes `match:` shows nothing of the game in the channel it was asked in. A player of the game
is answered privately; anyone else is refused without a word of the game. (Asked in the
game's own channel or thread, everything is as before: the other tests.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.adapters.commands.registry import COMMANDS
from tests.discordkit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL_ID,
    CREATE_PUBLIC_THREADS,
    EVERYONE,
    GUILD_ID,
    VIEW_CHANNEL,
    DiscordHarness,
    Sent,
    one,
)

ADMINISTRATOR = 1 << 3
#: @everyone may not view the games' channel
KEEP_OUT = [{"id": str(GUILD_ID), "type": 0, "allow": "0", "deny": str(VIEW_CHANNEL)}]
#: the matches: 1 finished and reviewed, 2 in play (Alice has moved)
OVER, PLAYING = 1, 2
#: each command that takes `match:`, as a player of the game asks it (who, options); Carol
#: asks the same. Abort and resign come last: they end game 2.
ASKED: dict[str, tuple[tuple[int, str], dict[str, Any]]] = {
    "board": (BOB, {"match": PLAYING}),
    "history": (ALICE, {"match": OVER}),
    "analyse": (BOB, {"match": OVER}),
    "rematch": (ALICE, {"match": OVER}),
    "move": (BOB, {"match": PLAYING, "move": "22-18"}),
    "takeback": (BOB, {"match": PLAYING}),
    "draw": (ALICE, {"match": PLAYING}),
    "resign": (ALICE, {"match": PLAYING}),
    "abort": (BOB, {"match": PLAYING}),
}


def shown_publicly(sent: list[Sent], channel_id: int) -> list[Sent]:
    """What of `sent` everyone in the channel sees."""
    return [
        s for s in sent
        if s.channel_id == channel_id and s.kind in ("reply", "followup", "post", "edit", "update")
        and not int(s.payload.get("flags", 0)) & 64
    ]  # fmt: skip


async def games(bot: DiscordHarness) -> None:
    """In the private channel: game 1, which Alice resigns and Carol has reviewed, and
    game 2, where Alice has played 11-15."""
    for number in (OVER, PLAYING):
        [challenge] = await bot.command(ALICE, "challenge", game="checkers", opponent=BOB,
                                        side="black")  # fmt: skip
        started = await bot.click(BOB, challenge, "Accept")
        place = one(started, "post").channel_id
        await bot.command(ALICE, "move", place, move="11-15")
        if number == PLAYING:
            return
        await bot.command(BOB, "move", place, move="22-18")
        question = one(await bot.command(ALICE, "resign", place), "ephemeral")
        final = one(await bot.click(ALICE, question, "Yes, resign"), "post")
        assert bot.bot.app is not None and bot.bot.app.analyst is not None
        analyst = bot.bot.app.analyst
        analyst.nodes = 2_000  # a quick review: a bound on positions, not on time
        await bot.click(CAROL, final, "Analyse")
        await analyst.settle()
        await bot.settle()
        assert "Review of Checkers #1" in bot.fake.sent[-1].text


def test_every_command_taking_a_match_is_covered() -> None:
    takes = {c.name for c in COMMANDS if any(o.name == "match" for o in c.options)}
    assert takes == set(ASKED), "a command taking match: needs its case here"


@pytest.mark.parametrize("threads", [True, False], ids=["in threads", "in the channel"])
async def test_a_private_channels_game_is_shown_nowhere_else(tmp_path: Path, threads: bool) -> None:
    """Before: /history match:1 in #general answered there with the PDN and the replay,
    /analyse match:1 posted the review there, and a game played without a thread had its
    board posted in whichever channel /move match: was typed."""
    bot = DiscordHarness(tmp_path / "bot.sqlite3")
    bot.everyone = str(int(EVERYONE) & ~ADMINISTRATOR)  # else @everyone sees every channel
    bot.channel["permission_overwrites"] = KEEP_OUT
    if not threads:  # the bot may not make threads there: games are played in the channel
        bot.fake.bot_permissions[CHANNEL_ID] = int(EVERYONE) & ~CREATE_PUBLIC_THREADS
    await bot.start()
    general = bot.add_channel(0)
    bot.fake.channels[general].update(name="general", permission_overwrites=[])
    await bot.connect()
    try:
        await games(bot)
        store = bot.bot.dispatcher.service._shared.store
        assert await store.ids("SELECT public FROM web_channels WHERE channel_id = ?",
                               (CHANNEL_ID,)) == [0]  # fmt: skip
        # the review's post forgotten (lost, say): /analyse answers with the review itself
        await store.write_one("DELETE FROM shown_messages WHERE key = ?", (f"review:{OVER}",))
        answered: dict[str, list[Sent]] = {}
        leaks: list[str] = []  # every command's, then one failure naming them all
        for name, (player, options) in ASKED.items():
            for who in (CAROL, player):  # the outsider first: then the player may act
                sent = await bot.command(who, name, general, **options)
                if name == "resign" and who == player:  # confirmed from its private question
                    sent += await bot.click(player, one(sent, "ephemeral"), "Yes, resign")
                asked = f"/{name} by {who[1]}"
                public = shown_publicly(sent, general)
                leaks += [f"{asked}: public {s.kind} {s.text[:60]!r} {s.files}" for s in public]
                private = [s for s in sent if s.channel_id == general and s not in public]
                if not private:
                    leaks.append(f"{asked}: no answer")
                told = " ".join(s.text for s in private)
                if who == CAROL and (
                    any(s.files for s in private) or "11-15" in told or "resign" in told.lower()
                ):
                    leaks.append(f"{asked}: shown to her {told[:60]!r}")
                answered[asked] = private
        assert not leaks, "\n".join(leaks)
        # a player is answered privately with what they asked for
        assert any(s.files for s in answered["/history by alice"])
        assert any(s.files for s in answered["/analyse by bob"])  # the review, to him alone
        assert any(s.files for s in answered["/board by bob"])
    finally:
        await bot.stop()
