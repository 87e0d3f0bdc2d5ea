"""A game's words in the reader's language: a challenge and the boards everyone sees in the
server's, the Move button's picker and /resign's question (the presser's alone) in theirs,
counts in each language's plural forms. Against tiny catalogs written here, not the shipped
ones."""

from __future__ import annotations

import pytest

from bot.adapters.commands.dispatch import Dispatcher
from bot.adapters.commands.group import Context
from bot.adapters.commands.reviews import _judgements, _percent
from bot.adapters.console_names import Names
from bot.adapters.replies import Message
from bot.i18n import speaking
from bot.service.match_service import MatchService
from tests.catalogs import use_catalogs
from tests.servicekit import ALICE, BOB, CHANNEL, GUILD

#: a few German messages, as a translator would write them
GERMAN = {
    "Accept": "Annehmen",
    "Cancel": "Zurückziehen",
    "Decline": "Ablehnen",
    "{who} accepted.": "{who} hat angenommen.",
    "Resign": "Aufgeben",
    "Move": "Ziehen",
    "Offer draw": "Remis anbieten",
    "Checkers": "Dame",
    "Black": "Schwarz",
    "Choose your move in **{game} #{number}** (you play {side}).": (
        "Wähle deinen Zug in **{game} #{number}** (du spielst {side})."
    ),
    "Your move": "Dein Zug",
    "Yes, resign": "Ja, aufgeben",
}

#: Russian's three forms of a count
RUSSIAN = {("{n} blunder", "{n} blunders"): ("{n} зевок", "{n} зевка", "{n} зевков")}


@pytest.fixture
def catalogs_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's catalogs: German and Russian alone."""
    use_catalogs(monkeypatch, {"de": GERMAN, "ru": RUSSIAN})


def someone(user: int, name: str, locale: str, server: str) -> Context:
    return Context(GUILD, CHANNEL, user, name, locale=locale, public_locale=server)


def labels(message: Message | None) -> list[str]:
    assert message is not None
    return [button.label for button in message.buttons]


async def test_a_games_posts_speak_the_server_and_its_private_answers_the_reader(
    service: MatchService, catalogs_here: None
) -> None:
    dispatcher = Dispatcher(service, Names())
    # an English player on a German server: the challenge everyone sees is German
    made = await dispatcher.run(
        "challenge", someone(ALICE, "Alice", "en", "de"), game="checkers", opponent=BOB,
        side="black",
    )  # fmt: skip
    assert labels(made.reply) == ["Annehmen", "Ablehnen", "Zurückziehen"]
    accept = made.reply.buttons[0] if made.reply else None
    assert accept is not None
    started = await dispatcher.click(someone(BOB, "Bob", "en", "de"), accept.custom_id)
    (board,) = started.posts
    assert f"@{BOB} hat angenommen." in board.text
    assert labels(board)[0] == "Ziehen" and labels(board)[-1] == "Aufgeben"
    # the Move button's picker is Alice's alone: in her language, on an English server
    move = board.buttons[0]
    picker = await dispatcher.click(someone(ALICE, "Alice", "de", "en"), move.custom_id)
    assert picker.ephemeral and picker.reply is not None
    assert picker.reply.text == "Wähle deinen Zug in **Dame #1** (du spielst Schwarz)."
    assert picker.reply.selects[0].placeholder == "Dein Zug"
    english = await dispatcher.click(someone(ALICE, "Alice", "en", "de"), move.custom_id)
    assert english.reply is not None
    assert english.reply.text == "Choose your move in **Checkers #1** (you play Black)."
    # /resign asks its asker alone: in their language
    asked = await dispatcher.run("resign", someone(ALICE, "Alice", "de", "en"))
    assert asked.ephemeral and labels(asked.reply) == ["Ja, aufgeben"]


def test_counts_take_each_languages_plural_forms(catalogs_here: None) -> None:
    assert [_judgements("blunder", n) for n in (1, 2, 5)] == [
        "1 blunder",
        "2 blunders",
        "5 blunders",
    ]
    with speaking("ru"):
        assert [_judgements("blunder", n) for n in (1, 2, 5, 21)] == [
            "1 зевок", "2 зевка", "5 зевков", "21 зевок",
        ]  # fmt: skip


def test_a_percentage_is_written_as_the_language_writes_it() -> None:
    assert _percent(16.5) == f"{16.5:.0f}%" == "16%"  # rounded as Python rounds
    assert _percent(0.165 * 100) == f"{0.165:.0%}"
    with speaking("fr"):
        assert _percent(45) == "45\xa0%"
