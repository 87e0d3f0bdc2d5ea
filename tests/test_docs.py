"""README's and docs/' links lead somewhere: every relative link names a file of the project,
and every #anchor a heading of the page it points into (as GitHub names headings). README's
commands table is the commands' own declarations, and docs/commands.md describes each."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.adapters.commands.registry import COMMANDS
from bot.adapters.commands.table import BEGIN, END, commands_table

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} (.+)$", re.MULTILINE)
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    return {anchor(h) for h in HEADING.findall(FENCE.sub("", page.read_text()))}


def test_anchors_are_named_as_github_names_them() -> None:
    assert anchor("Deployment: several processes on PostgreSQL") == (
        "deployment-several-processes-on-postgresql"
    )
    assert anchor("Level 5's Musketeers") == "level-5s-musketeers"
    assert anchor("Checkers (`checkers`)") == "checkers-checkers"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_leads_somewhere(page: Path) -> None:
    text = FENCE.sub("", page.read_text())
    broken = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path, _, fragment = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif fragment and fragment not in anchors(linked):
            broken.append(f"{target}: no such heading")
    assert not broken, f"{page.name}: {broken}"


def test_readmes_commands_table_is_made_from_the_commands_declarations() -> None:
    readme = (ROOT / "README.md").read_text()
    shown = readme.partition(BEGIN)[2].partition(END)[0]
    assert f"{BEGIN}{shown}{END}" == commands_table(), (
        "README's commands table is not the commands' declarations: replace the lines from "
        "its first marker to its last with the output of "
        "`.venv/bin/python -m bot.adapters.commands.table`"
    )


def test_docs_commands_describes_every_command() -> None:
    page = (ROOT / "docs" / "commands.md").read_text()
    first_cells = [row.split("|")[1] for row in page.splitlines() if row.startswith("| ")]
    described = {name for cell in first_cells for name in re.findall(r"`/([a-z]+)", cell)}
    missing = [f"/{c.name}" for c in COMMANDS if c.name not in described]
    assert not missing, f"docs/commands.md does not describe {', '.join(missing)}"
