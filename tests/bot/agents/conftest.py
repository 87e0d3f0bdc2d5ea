"""Fixtures of the background drivers' tests: the computer's real worker processes."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor

import pytest


@pytest.fixture(scope="module")
def workers() -> Iterator[Executor]:
    """Real worker processes (spawned, as in the bot), shared by a module's tests."""
    pool = ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn"))
    yield pool
    pool.shutdown()
