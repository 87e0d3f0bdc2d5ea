"""What every background driver does alike (`Agent`): one task a key at a time, a key asked
for again while it runs is run once more after (or not), the keys with work left taken up on
resume, and nothing run once it is closed."""

from __future__ import annotations

import asyncio

from bot.agents.agent import Agent


class Recorder(Agent):
    """An agent whose work for a key waits until the test lets it finish."""

    name = "test"

    def __init__(self, *, again: bool = True, pending: list[int] | None = None) -> None:
        super().__init__()
        self.again = again
        self.left = pending or []
        self.runs: list[int] = []
        self.going = asyncio.Event()

    async def pending(self) -> list[int]:
        return self.left

    async def work(self, key: int) -> None:
        self.runs.append(key)
        await self.going.wait()


async def test_a_key_asked_for_while_it_runs_runs_once_more_after() -> None:
    agent = Recorder()
    for _ in range(3):
        agent.kick(1)
    agent.kick(2)
    await asyncio.sleep(0)
    assert agent.busy and agent.runs == [1, 2]  # one task a key, never two at once
    agent.going.set()
    await agent.settle()
    assert sorted(agent.runs) == [1, 1, 2] and not agent.busy


async def test_work_done_once_is_not_run_again_when_asked_while_it_runs() -> None:
    agent = Recorder(again=False)
    agent.kick(1)
    await asyncio.sleep(0)
    agent.kick(1)
    agent.going.set()
    await agent.settle()
    assert agent.runs == [1]


async def test_resume_takes_up_the_keys_with_work_left_and_later_kicks_again() -> None:
    agent = Recorder(pending=[4, 5])
    agent.going.set()
    await agent.resume()
    await agent.settle()
    agent.later(0.01, 6)
    await asyncio.sleep(0.05)
    await agent.settle()
    assert agent.runs == [4, 5, 6]


async def test_a_closed_agent_cancels_its_work_and_takes_no_more() -> None:
    agent = Recorder()
    agent.kick(1)
    await asyncio.sleep(0)
    await agent.close()
    assert not agent.busy
    agent.kick(2)
    agent.later(0, 3)
    await asyncio.sleep(0.01)
    assert agent.runs == [1] and not agent.busy
