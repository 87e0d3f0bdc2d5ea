"""The service's words in the reader's language: a refusal is worded when it is shown (in
the language spoken then: the asker's), English unless another is spoken, people named as
the adapter shows them and games by their name in that language; what the service words at
once (a result, a duration) is in the language spoken when it is asked for. Against a tiny
German catalog written here, not the shipped translations."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import pytest

from bot.errors import Refusal, join_parts
from bot.i18n import speaking
from bot.service import duration_text, result_parts
from bot.service.match_service import MatchService
from tests.catalogs import use_catalogs
from tests.servicekit import ALICE, BOB, CAROL, by, start_match

#: (English, German) messages, or ((singular, plural), (German forms)) for plurals
GERMAN: list[tuple[str | tuple[str, str], str | tuple[str, str]]] = [
    (
        "You cannot challenge yourself: pick an opponent, or leave it open.",
        "Du kannst dich nicht selbst herausfordern: wähle einen Gegner oder lass sie offen.",
    ),
    ("Checkers", "Dame"),
    (
        "{game} #{number} is still being played: finish it first.",
        "{game} #{number} läuft noch: beende die Partie zuerst.",
    ),
    (
        "This challenge is for {person}, not you: start your own with /challenge.",
        "Diese Herausforderung gilt {person}, nicht dir: fordere selbst mit /challenge heraus.",
    ),
    (
        ("A vacation lasts 1 to {n} day.", "A vacation lasts 1 to {n} days."),
        ("Ein Urlaub dauert 1 bis {n} Tag.", "Ein Urlaub dauert 1 bis {n} Tage."),
    ),
    (("{n} day", "{n} days"), ("{n} Tag", "{n} Tage")),
    (("{n} hour", "{n} hours"), ("{n} Stunde", "{n} Stunden")),
    ("Aborted by {person}", "Abgebrochen von {person}"),
]


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's catalogs: German alone, GERMAN's."""
    use_catalogs(monkeypatch, {"de": dict(GERMAN)})


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


async def refusal_of(action: Awaitable[Any]) -> Refusal:
    with pytest.raises(Refusal) as raised:
        await action
    return raised.value


async def test_a_refusal_is_english_by_default_and_worded_when_shown(
    service: MatchService, german: None
) -> None:
    with speaking("de"):  # raised while German is spoken (the server's, say)...
        refusal = await refusal_of(
            service.challenges.challenge(by(ALICE), "checkers", opponent_id=ALICE)
        )
    english = "You cannot challenge yourself: pick an opponent, or leave it open."
    assert refusal.text(mention) == english  # ...shown to an English asker: English
    with speaking("de"):
        assert refusal.text(mention) == (
            "Du kannst dich nicht selbst herausfordern: wähle einen Gegner oder lass sie offen."
        )
    with speaking("fr"):  # a language without a catalog: English
        assert refusal.text(mention) == english


async def test_a_refusal_names_people_and_games_in_the_readers_language(
    service: MatchService, german: None
) -> None:
    match = await start_match(service)
    rematch = await refusal_of(service.challenges.rematch(by(ALICE), match.id))
    assert rematch.text(mention) == f"Checkers #{match.id} is still being played: finish it first."
    with speaking("de"):
        assert rematch.text(mention) == f"Dame #{match.id} läuft noch: beende die Partie zuerst."
    challenge = await service.challenges.challenge(by(ALICE), "checkers", opponent_id=BOB)
    wrong = await refusal_of(service.challenges.accept(by(CAROL), challenge.id))
    with speaking("de"):
        assert wrong.text(mention) == (
            f"Diese Herausforderung gilt <@{BOB}>, nicht dir: fordere selbst mit /challenge heraus."
        )
    assert wrong.text(lambda user_id: "@bob") == (
        "This challenge is for @bob, not you: start your own with /challenge."
    )


async def test_counts_take_the_plural_of_the_language_spoken(
    service: MatchService, german: None
) -> None:
    refusal = await refusal_of(service.vacations.take(ALICE, 0))
    assert refusal.text(mention) == "A vacation lasts 1 to 14 days."
    with speaking("de"):
        assert refusal.text(mention) == "Ein Urlaub dauert 1 bis 14 Tage."
        assert duration_text(86_400 + 2 * 3600) == "1 Tag 2 Stunden"
    assert duration_text(86_400 + 2 * 3600) == "1 day 2 hours"


async def test_a_result_is_worded_in_the_language_spoken_when_it_is_shown(
    service: MatchService, german: None
) -> None:
    match = await start_match(service)
    aborted = await service.play.abort_game(by(ALICE), match.id)
    parts = result_parts(aborted)
    assert join_parts(parts, mention) == f"Aborted by <@{ALICE}>"
    with speaking("de"):
        assert join_parts(parts, mention) == f"Abgebrochen von <@{ALICE}>"
        assert aborted.game_name == "Dame"
    assert aborted.game_name == "Checkers"
