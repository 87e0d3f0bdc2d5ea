"""Discord's global limit of 50 requests a second is the token's, whatever number of processes
share it: each process keeps to its shards' part, so together they meet no 429 (each would
count towards Cloudflare's ban)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.adapters.discord.global_budget import GlobalBudget, share
from bot.runtime.shards import Shards
from tests.discordkit import CHANNEL_ID, DiscordHarness


def test_each_process_takes_its_shards_part_of_the_limit() -> None:
    assert share(None) == 45
    assert share(Shards(frozenset({0}), 2)) == 22
    assert share(Shards(frozenset({0, 1}), 8)) == 11
    assert share(Shards(frozenset({5}), 1000)) == 1


@pytest.mark.processes  # waits on real time: the budget's second
async def test_the_budget_lets_no_more_than_its_share_through_in_a_second() -> None:
    now = [0.0]
    budget = GlobalBudget(3, clock=lambda: now[0])
    for _ in range(3):
        await budget.take()
    waiting = asyncio.ensure_future(budget.take())
    await asyncio.sleep(0.01)
    assert not waiting.done()  # the fourth waits for the first to be a second old
    now[0] = 1.0
    await asyncio.wait_for(waiting, 2)


@pytest.mark.processes  # waits on real time: the budget's second
async def test_two_processes_on_one_token_meet_no_global_limit(tmp_path: Path) -> None:
    runs: list[DiscordHarness] = []
    for n in range(2):
        fake = runs[0].fake if runs else None
        shards = Shards(frozenset({n}), 2)
        runs.append(DiscordHarness(tmp_path / f"bot-{n}.sqlite3", fake=fake, shards=shards))
        await runs[-1].start()
    fake = runs[0].fake

    async def burst(run: DiscordHarness) -> None:
        channel = run.bot.get_channel(CHANNEL_ID)
        assert channel is not None
        await asyncio.gather(*(channel.send(content="news") for _ in range(40)))  # type: ignore[union-attr]

    try:
        await asyncio.gather(*(burst(run) for run in runs))
    finally:
        for run in runs:
            await run.stop()
    assert len([s for s in fake.sent if s.kind == "post"]) == 80
    assert fake.limits.global_too_many == 0 and fake.invalid_requests == 0
