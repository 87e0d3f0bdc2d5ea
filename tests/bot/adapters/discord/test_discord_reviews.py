"""A review asked for again, through Discord: the review is made once, and whoever asks
again, by /analyse or by the Analyse button, in time or late, is answered with a link to
its post (never nothing: the post is not edited in place behind the asker's back)."""

from __future__ import annotations

from tests.discordkit import ALICE, BOB, CAROL, CHANNEL_ID, GUILD_ID, DiscordHarness, Sent, one
from tests.fakediscord import snowflake
from tests.reviewkit import analysed


async def reviewed(bot: DiscordHarness) -> tuple[Sent, Sent]:
    """A short game that Alice resigns, reviewed at Carol's asking: the game's final board
    and the review's post (as first posted; its later edits make the review)."""
    [challenge] = await bot.command(ALICE, "challenge", game="checkers", opponent=BOB, side="black")
    started = await bot.click(BOB, challenge, "Accept")
    thread = one(started, "post").channel_id
    await bot.command(ALICE, "move", thread, move="11-15")
    await bot.command(BOB, "move", thread, move="22-18")
    question = one(await bot.command(ALICE, "resign", thread), "ephemeral")
    final = one(await bot.click(ALICE, question, "Yes, resign"), "post")
    post = one(await analysed(bot, CAROL, final), "post")
    assert post.channel_id == thread
    assert (
        bot.fake.sent[-1].kind == "edit" and "**Review of Checkers #1**" in bot.fake.sent[-1].text
    )
    return final, post


async def test_asking_again_for_a_review_answers_with_a_link_to_it(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    final, post = await reviewed(bot)
    link = f"https://discord.com/channels/{GUILD_ID}/{post.channel_id}/{post.message_id}"
    told = f"The review of **Checkers #1** is here: {link}"
    made = len(bot.fake.sent)

    # /analyse in time, in the game's channel: answered at once, privately
    asked = await bot.command(BOB, "analyse", CHANNEL_ID, match=1)
    assert one(asked, "ephemeral").text == told
    # /analyse reaching the bot late: deferred privately, the "thinking…" becomes the link
    options = [{"name": "match", "type": 4, "value": 1}]
    data = {"id": str(snowflake()), "name": "analyse", "type": 1, "options": options}
    late = await bot.dispatch(bot.interaction(2, ALICE, post.channel_id, data, age=2.6))
    assert [s.kind for s in late] == ["defer", "edit"] and late[-1].text == told
    assert late[-1].payload.get("flags", 0) & 64  # private, as its deferral
    # the Analyse button of the final board: a private follow-up
    clicked = await bot.click(CAROL, final, "Analyse")
    assert one(clicked, "ephemeral").text == told

    # the review was neither posted again nor edited: asked again, nothing more is made
    assert all(s.kind in ("ephemeral", "edit", "defer") for s in bot.fake.sent[made:])
    assert not any(
        s.kind == "edit" and s.message_id == post.message_id for s in bot.fake.sent[made:]
    )
