"""README's and docs/' code runs as written: every Python block, every `python -m rules`,
`render` and `ai` line of a shell block, and every console transcript (README's, the
draughts page's), whose output must read as printed there (times aside)."""

from __future__ import annotations

import ast
import asyncio
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from rules import GAMES, rules_help_page
from tests.test_docs import PAGES, ROOT

BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
#: shell lines the tests run: the command lines of the pure packages (not the bot, not benches)
RUNNABLE = re.compile(r"^\.venv/bin/python -m (rules|render|ai) ")
#: what changes from run to run in the console's output: times, as English writes them
#: ("2026-11-27 05:06 UTC") and as Babel's long dates write them in another language
#: ("27. November 2026 um 05:06 UTC"; Russian's year takes "\u0433." after a narrow no-break
#: space, which `\s` matches)
TIME = re.compile(r"(\d{4}-\d\d-\d\d|\d{1,2}\.?\s\S+\s\d{4}(?:\s\u0433\.)?\s\S+)\s\d\d:\d\d\sUTC")


def blocks(language: str) -> list[tuple[str, str]]:
    """(page name and block number, code) of every fenced block in that language."""
    found = []
    for page in PAGES:
        for n, match in enumerate(BLOCK.finditer(page.read_text()), 1):
            if match.group(1) == language:
                found.append((f"{page.name}#{n}", match.group(2)))
    return found


def run_python(code: str) -> None:
    """Run a block as a module would run, `await` allowed at the top level."""
    compiled = compile(code, "<snippet>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    result = eval(compiled, {"__name__": "__snippet__"})
    if asyncio.iscoroutine(result):
        asyncio.run(result)


@pytest.mark.parametrize(("where", "code"), blocks("python"), ids=lambda v: v[:20])
def test_every_python_block_runs(
    where: str, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a block may write files
    run_python(code)


def shell_lines() -> list[tuple[str, str]]:
    lines = []
    for where, code in blocks("sh"):
        for line in code.splitlines():
            if RUNNABLE.match(line):
                lines.append((where, line.split("  #", 1)[0].strip()))
    return lines


@pytest.mark.processes
@pytest.mark.parametrize(("where", "line"), shell_lines(), ids=lambda v: v[:40])
def test_every_command_line_of_the_pure_packages_runs(
    where: str, line: str, tmp_path: Path
) -> None:
    args = [sys.executable, *shlex.split(line)[1:]]
    done = subprocess.run(args, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{where}: {line}\n{done.stderr}"
    assert done.stdout.strip()


def transcripts() -> list[tuple[str, list[str], list[str], str]]:
    """Every console example (a block of lines fed by printf to the console, then what it
    printed): where it is, the lines it feeds, the console's options (`--locale de`), and
    what it shows printed."""
    found = []
    for where, block in blocks(""):
        if block.startswith("$ printf") and "-m bot console" in block:
            command, _, rest = block.partition("| .venv/bin/python -m bot console")
            options, _, printed = rest.partition("\n")
            fed = shlex.split(command.removeprefix("$ printf").replace("\\\n", " "))
            assert fed[0] == "%s\\n", where
            found.append((where, fed[1:], shlex.split(options), printed))
    return found


def test_readme_and_the_draughts_page_have_console_transcripts() -> None:
    pages = [where.partition("#")[0] for where, *_ in transcripts()]
    assert pages.count("README.md") == 1 and pages.count("draughts.md") == 2
    assert pages.count("languages.md") == 2  # German and Russian


@pytest.mark.processes
@pytest.mark.parametrize(
    ("where", "fed", "options", "printed"), [pytest.param(*t, id=t[0]) for t in transcripts()]
)
def test_each_console_transcript_is_what_the_console_prints(
    where: str, fed: list[str], options: list[str], printed: str, tmp_path: Path
) -> None:
    env = {**os.environ, "DATABASE_URL": str(tmp_path / "try.sqlite3")}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "console", *options],
        input="\n".join(fed) + "\n",
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, f"{where}: {done.stderr}"
    assert TIME.sub("<time>", done.stdout) == TIME.sub("<time>", printed), where


def test_the_rules_help_page_is_the_rules_modules_own_text() -> None:
    """docs/rules-help.md is `python -m rules help`, made from each game's rules_help (the
    text /rules shows): rewrite it with that command when a game's text changes."""
    page = (ROOT / "docs" / "rules-help.md").read_text()
    assert page == rules_help_page(GAMES.values()) + "\n"
