"""A move the rules refuse is refused in the asker's language: the rules' template from the
catalog, its words (a side's name) too, notation as typed. Against a tiny German catalog
written here, not the shipped translations."""

from __future__ import annotations

import pytest

from bot.errors import Refusal
from bot.i18n import speaking
from bot.service.match_service import MatchService
from tests.catalogs import Entries, use_catalogs
from tests.servicekit import ALICE, by, start_match

GERMAN: Entries = {
    "{move} is not legal (from {square} you can play {moves})": (
        "{move} ist hier kein legaler Zug (von {square} aus geht {moves})"
    ),
    "{move} is not legal: there is no {side} piece on {square}": (
        "{move} ist hier kein legaler Zug: auf {square} steht kein Stein von {side}"
    ),
    "Black": "Schwarz",
    "{typed} is not a checkers move: write squares 1-32 joined by '-' or 'x', like 11-15 or "
    "15x24": "{typed} ist kein Zug der Dame: schreib Felder 1-32 mit '-' oder 'x', wie 11-15",
}


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> None:
    use_catalogs(monkeypatch, {"de": GERMAN})


async def refusal_of(service: MatchService, text: str) -> Refusal:
    with speaking("en"), pytest.raises(Refusal) as raised:  # the server's language, say
        await service.play.move(by(ALICE), text)
    return raised.value


async def test_an_illegal_move_is_refused_in_the_askers_language(
    service: MatchService, german: None
) -> None:
    await start_match(service, side="black")
    refusal = await refusal_of(service, "11-18")
    assert refusal.text(str) == "11-18 is not legal (from 11 you can play 11-15, 11-16)."
    with speaking("de"):
        assert (
            refusal.text(str) == "11-18 ist hier kein legaler Zug (von 11 aus geht 11-15, 11-16)."
        )
    empty = await refusal_of(service, "13-17")
    assert empty.text(str) == "13-17 is not legal: there is no Black piece on 13."
    with speaking("de"):
        assert empty.text(str) == (
            "13-17 ist hier kein legaler Zug: auf 13 steht kein Stein von Schwarz."
        )
    typo = await refusal_of(service, "hello")
    with speaking("de"):  # not starting with the move: a sentence, capitalised
        assert (
            typo.text(str)
            == "'hello' ist kein Zug der Dame: schreib Felder 1-32 mit '-' oder 'x', wie 11-15."
        )
    with speaking("fr"):  # a language without a catalog: English
        assert empty.text(str) == "13-17 is not legal: there is no Black piece on 13."
