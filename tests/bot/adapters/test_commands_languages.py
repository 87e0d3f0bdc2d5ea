"""The command layer's own words in the reader's language: what is wrong with a command's
options is told in the asker's language, /help (only the asker sees it) lists each
command's description in theirs, a post everyone sees is in the server's, and a month is
named by Babel's data. Against a tiny German catalog written here, not the shipped ones."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.adapters.commands.dispatch import Dispatcher
from bot.adapters.commands.group import Context
from bot.adapters.commands.registry import check_options
from bot.adapters.commands.standings import month_start
from bot.adapters.console_names import Names
from bot.adapters.replies import Response
from bot.i18n import speaking
from bot.service.match_service import MatchService
from tests.catalogs import use_catalogs
from tests.servicekit import ALICE, CHANNEL, GUILD

#: a few German messages, as a translator would write them
GERMAN = {
    "/{command} needs {missing}: type {usage}, for example {example}.": (
        "/{command} braucht {missing}: schreibe {usage}, zum Beispiel {example}."
    ),
    "/{command} {option} takes {choices}, not {value}.": (
        "/{command} {option} nimmt {choices}, nicht {value}."
    ),
    "There is no /{command} command: /help lists them.": (
        "Es gibt keinen Befehl /{command}: /help listet sie auf."
    ),
    "This list.": "Diese Liste.",
    "Show a game's board to you alone, from your side (anyone may look).": (
        "Zeigt dir allein das Brett einer Partie, von deiner Seite (jeder darf schauen)."
    ),
    "How to play a game, with the points we decided marked [house].": (
        "Wie man ein Spiel spielt, unsere Festlegungen mit [house] markiert."
    ),
    "Board games": "Brettspiele",
    "No game is in progress in this channel. Start one with /challenge.": (
        "In diesem Kanal läuft keine Partie. Starte eine mit /challenge."
    ),
}


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's catalogs: German alone, GERMAN's."""
    use_catalogs(monkeypatch, {"de": GERMAN})


def asker(locale: str, server: str = "en") -> Context:
    return Context(GUILD, CHANNEL, ALICE, "Alice", locale=locale, public_locale=server)


def said(response: Response) -> str:
    assert response.reply is not None
    return response.reply.text


async def test_a_commands_problem_is_told_in_the_askers_language(
    service: MatchService, german: None
) -> None:
    dispatcher = Dispatcher(service, Names())
    # a German asker on an English server: the problem is theirs alone to read
    missing = await dispatcher.run("leaderboard", asker("de"))
    assert missing.ephemeral
    assert said(missing) == (
        "/leaderboard braucht game: schreibe /leaderboard game [period], "
        "zum Beispiel /leaderboard game:checkers period:month."
    )
    # the values a choice takes are as typed, joined as German joins a list
    wrong = await dispatcher.run("tournament", asker("de"), action="create", rated="maybe")
    assert said(wrong) == "/tournament rated nimmt yes oder no, nicht 'maybe'."
    # an English asker on a German server reads English
    english = await dispatcher.run("leaderboard", asker("en", server="de"))
    assert said(english) == (
        "/leaderboard needs game: type /leaderboard game [period], "
        "for example /leaderboard game:checkers period:month."
    )
    many = await dispatcher.run("notify", asker("en"), mode="sometimes")
    assert said(many) == "/notify mode takes every turn, reminders only or off, not 'sometimes'."
    with speaking("de"):
        assert check_options("dance", {}) == ("Es gibt keinen Befehl /dance: /help listet sie auf.")
    assert check_options("dance", {}) == "There is no /dance command: /help lists them."


async def test_help_lists_each_commands_description_in_the_askers_language(
    service: MatchService, german: None
) -> None:
    dispatcher = Dispatcher(service, Names())
    german_help = await dispatcher.run("help", asker("de"))  # on an English server
    assert german_help.ephemeral and german_help.reply is not None
    assert german_help.reply.title == "Brettspiele"
    lines = said(german_help).splitlines()
    assert "/help — Diese Liste." in lines
    assert (
        "/board — Zeigt dir allein das Brett einer Partie, von deiner Seite (jeder darf schauen)."
        in lines
    )
    # /rules' description reaches the catalogs and /help too
    assert "/rules — Wie man ein Spiel spielt, unsere Festlegungen mit [house] markiert." in lines
    # commands are named as typed; those without a translation yet stay English
    assert any(line.startswith("/challenge — ") for line in lines)
    english_help = await dispatcher.run("help", asker("en", server="de"))
    assert english_help.reply is not None and english_help.reply.title == "Board games"
    assert "/help — This list." in said(english_help).splitlines()


async def test_what_everyone_sees_is_in_the_servers_language(
    service: MatchService, german: None
) -> None:
    dispatcher = Dispatcher(service, Names())
    games = await dispatcher.run("games", asker("en", server="de"))
    assert not games.ephemeral
    assert said(games) == "In diesem Kanal läuft keine Partie. Starte eine mit /challenge."
    english = await dispatcher.run("games", asker("de", server="en"))
    assert said(english) == "No game is in progress in this channel. Start one with /challenge."


def test_a_month_is_named_in_the_language_spoken() -> None:
    march = datetime(2026, 3, 17, 12, tzinfo=UTC).timestamp()
    start, name = month_start(march)
    assert start == datetime(2026, 3, 1, tzinfo=UTC).timestamp() and name == "March 2026"
    with speaking("de"):
        assert month_start(march)[1] == "März 2026"
    with speaking("ru"):
        assert month_start(march)[1] == "март 2026"
