"""Fixtures of the adapter tests: the console over the service."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.adapters.console import Console
from bot.service.match_service import MatchService


@pytest.fixture
def console(service: MatchService, tmp_path: Path) -> tuple[Console, list[str]]:
    """The console over the service, and the lines it printed."""
    lines: list[str] = []
    return Console(service, tmp_path / "out", lines.append), lines
