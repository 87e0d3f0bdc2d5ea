"""A process killed with SIGKILL mid-storm loses no acknowledged move and leaves a clean log."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from bot.store import Store
from bot.store.checkdb import check_db
from tests.faults import ROOT

pytestmark = pytest.mark.processes  # starts, kills and waits on processes

ACKS_BEFORE_KILL = 400


async def test_acknowledged_moves_survive_sigkill(db_url: str) -> None:
    path = db_url
    root = ROOT
    storm = subprocess.Popen(
        [sys.executable, "-m", "tests.storm", str(path), "12"],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    acks = []
    assert storm.stdout is not None
    try:
        for line in storm.stdout:
            acks.append(line.split())
            if len(acks) >= ACKS_BEFORE_KILL:
                break
    finally:
        os.kill(storm.pid, signal.SIGKILL)
    acks += [line.split() for line in storm.stdout.read().splitlines()]
    storm.wait()
    assert storm.returncode == -signal.SIGKILL, storm.stderr.read() if storm.stderr else ""
    assert len(acks) >= ACKS_BEFORE_KILL
    store = await Store.open(path)
    try:
        logged = {
            (r["match_id"], r["ply"]): r["move"]
            for r in await store.all("SELECT match_id, ply, move FROM moves")
        }
    finally:
        await store.close()
    for match_id, ply, move in acks:
        assert logged.get((int(match_id), int(ply))) == move
    count, problems = await check_db(path)
    assert count >= 12 and problems == []
