"""The tests stay quick to run a few of: the pure packages' tests (rules, ai, render) import
nothing of the bot, SQLAlchemy or discord.py, whose fixtures live in tests/bot's conftest.py
files (importing them took half of a rules file's run)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests import ROOT

#: a line of `python -X importtime`'s report naming a module of the bot or its libraries
HEAVY = re.compile(r"\|\s+(bot|sqlalchemy|discord|aiohttp)(\.\S+)?$", re.MULTILINE)


@pytest.mark.processes
def test_the_pure_packages_tests_import_nothing_of_the_bot() -> None:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "pytest", "-s", "-p", "no:cacheprovider",
         "--collect-only", "-q", "tests/rules", "tests/ai", "tests/render"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:]
    assert HEAVY.findall(done.stderr) == []
