"""A game reviewed through the Discord double: the Analyse button of its final board
pressed, and the review made quickly (its search bounded by positions, not time)."""

from __future__ import annotations

from tests.discordkit import DiscordHarness, Sent


async def analysed(bot: DiscordHarness, user: tuple[int, str], final: Sent) -> list[Sent]:
    """What the bot sent from `user` pressing Analyse on `final` to the review made."""
    assert bot.bot.app is not None and bot.bot.app.analyst is not None
    analyst = bot.bot.app.analyst
    analyst.nodes = 2_000  # a quick review: a bound on positions, not on time
    before = len(bot.fake.sent)
    await bot.click(user, final, "Analyse")
    await analyst.settle()
    await bot.settle()
    return bot.fake.sent[before:]
