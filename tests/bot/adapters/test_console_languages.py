"""The console in another language: `--locale` (or BOT_LOCALE) reaches every Context it
builds, its times are worded with Babel's data in that language, and its own notes and
replies go through the catalogs (a tiny catalog made here: the shipped ones are not relied
on)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

import pytest

import bot.__main__ as entry
from bot.adapters.commands.group import Context
from bot.adapters.console import Console
from bot.adapters.console_names import Names
from bot.adapters.replies import Response
from bot.adapters.showing import points_text
from bot.app.config import SettingsError
from bot.i18n import speaking
from bot.service.match_service import MatchService
from tests.catalogs import use_catalogs

#: 5 March 2026, 05:06 UTC: a month whose German name is not its English one
MARCH_5 = datetime(2026, 3, 5, 5, 6, tzinfo=UTC).timestamp()

#: a few German messages, as a translator would write them
GERMAN = {
    "at {date} {time} UTC": "am {date} um {time} UTC",
    "There is no /{command} command: /help lists them.": (
        "Es gibt keinen Befehl /{command}: /help listet sie auf."
    ),
    "no {button} button to press in {channel}": "kein Knopf {button} in {channel}",
}


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> None:
    """German spoken from the tiny catalog above."""
    use_catalogs(monkeypatch, {"de": GERMAN})


def contexts(console: Console) -> list[Context]:
    """The Contexts the console hands the dispatcher, as its commands run."""
    seen: list[Context] = []
    run = console.dispatcher.run

    async def spy(command: str, ctx: Context, **options: Any) -> Response:
        seen.append(ctx)
        return await run(command, ctx, **options)

    console.dispatcher.run = spy  # type: ignore[method-assign]
    return seen


async def test_the_console_speaks_english_by_default(
    console: tuple[Console, list[str]],
) -> None:
    bot, _output = console
    seen = contexts(bot)
    await bot.line("alice: /help")
    assert [(ctx.locale, ctx.public_locale) for ctx in seen] == [("en", "en")]


async def test_its_locale_reaches_every_context(service: MatchService, tmp_path: Path) -> None:
    bot = Console(service, tmp_path / "out", lambda line: None, locale="de")
    seen = contexts(bot)
    await bot.line("alice: /help")
    await bot.line("#elsewhere bob: /mygames")
    assert [(ctx.locale, ctx.public_locale) for ctx in seen] == [("de", "de")] * 2


async def test_the_console_words_its_own_notes_and_times_in_its_language(
    service: MatchService, tmp_path: Path, german: None
) -> None:
    output: list[str] = []
    bot = Console(service, tmp_path / "out", output.append, locale="de")
    for line in ("alice: /dance", "alice: [Nope]", "alice: /challenge @bob checkers"):
        await bot.line(line)
    assert output[:2] == [
        "#general bot (to alice): Es gibt keinen Befehl /dance: /help listet sie auf.",
        "console: kein Knopf [Nope] in #general",
    ]
    # the challenge's lapse, a time in German: 'am 5. März 2026 um 05:06 UTC'
    assert re.search(r"am \d{1,2}\. \w+ \d{4} um \d\d:\d\d UTC\.", output[2]), output[2]


def test_a_moment_in_english_is_as_the_transcripts_show_it() -> None:
    assert Names.when(MARCH_5) == "at 2026-03-05 05:06 UTC"


def test_a_moment_in_german_has_german_words_without_a_catalog(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    use_catalogs(monkeypatch, {})  # every message English: the date alone is German
    with speaking("de"):  # the message is untranslated; the date is Babel's German
        assert Names.when(MARCH_5) == "at 5. März 2026 05:06 UTC"
    with speaking("ru"):
        assert "марта 2026" in Names.when(MARCH_5)


def test_points_in_the_spoken_language() -> None:
    assert [points_text(p) for p in (0, 0.5, 1, 1.5, 4.5, 7)] == [
        "0 points",
        "½ point",
        "1 point",
        "1½ points",
        "4½ points",
        "7 points",
    ]


def _started(monkeypatch: pytest.MonkeyPatch, *argv: str) -> partial[Awaitable[None]]:
    """What `python -m bot console ...` would run on the app (the app is not opened)."""
    ran: list[Callable[..., Awaitable[None]]] = []

    async def on_app(settings: Any, run: Callable[..., Awaitable[None]]) -> None:
        ran.append(run)

    monkeypatch.setattr(entry, "on_app", on_app)
    assert entry.main(["--env-file", "no-such.env", "console", *argv]) == 0
    (run,) = ran
    assert isinstance(run, partial)
    return run


def test_python_m_bot_console_takes_a_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BOT_LOCALE", raising=False)
    assert _started(monkeypatch).keywords["locale"] == "en"
    assert _started(monkeypatch, "--locale", "de").keywords["locale"] == "de"
    assert _started(monkeypatch, "--locale", "pt-BR").keywords["locale"] == "pt_BR"
    monkeypatch.setenv("BOT_LOCALE", "ru")
    assert _started(monkeypatch).keywords["locale"] == "ru"
    assert _started(monkeypatch, "--locale", "pl").keywords["locale"] == "pl"


def test_a_locale_the_bot_does_not_speak_is_refused() -> None:
    assert entry.console_locale("en-GB") == "en"
    with pytest.raises(SettingsError, match="--locale tlh: the bot speaks en, de"):
        entry.console_locale("tlh")
