"""The rules' words translated: every text the wording gives goes through the translations
passed (the bot's catalog), and every text it names from a game (sides, pieces, reasons,
house rules) is listed for the catalogs by tools/rules_messages.py."""

from __future__ import annotations

from rules import GAMES, Ending, Outcome, Termination, get_game
from rules.registry import HOUSE_RULES
from rules.wording import (
    moves_text,
    reason_text,
    result_text,
    status_text,
)
from tools.rules_messages import rules_messages


class Marked:
    """Translations that mark what they translate: «White», and the plural form chosen."""

    def gettext(self, message: str, /) -> str:
        return f"«{message}»"

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return f"«{singular if n == 1 else plural}»"


MARKED = Marked()


def test_results_and_reasons_are_worded_through_the_translations() -> None:
    checkers = get_game("checkers")
    resigned = Outcome("b", Termination.RESIGNATION, "w")
    assert reason_text(checkers, resigned, MARKED) == "««White» resigned»"
    won = result_text(checkers, resigned, translations=MARKED)
    assert won == "««Black» won (««White» resigned»)»"
    musketeers = get_game("three-musketeers")
    no_pieces = Outcome("e", Termination.NO_PIECES, "m")
    assert reason_text(musketeers, no_pieces, MARKED) == "««the Musketeers» have no pieces left»"
    stuck = Outcome("m", Termination.NO_MOVES, "m")
    assert reason_text(musketeers, stuck, MARKED) == (
        "«no enemy piece is left next to a Musketeer»"
    )
    drawn = Outcome(None, Termination.REPETITION)
    assert result_text(checkers, drawn, translations=MARKED) == "«draw («threefold repetition»)»"
    troika = next(e for e in get_game("three-crowns").endings if e.value == "crowned-troika")
    assert isinstance(troika, Ending)
    assert reason_text(get_game("three-crowns"), Outcome("g", troika), MARKED) == "«Crowned Troika»"


def test_statuses_and_counts_are_worded_through_the_translations() -> None:
    crown = get_game("the-crown")
    checked = crown.decode("Pf1 Kb7 Sd2 Sd3 Sd4 pa9 ka10 b")
    assert status_text(crown, checked, None, MARKED) == "««Black» is checkmated: play a9++»"
    checkers = get_game("checkers")
    assert status_text(checkers, checkers.initial_position(), None, MARKED) == "««Black» to move»"
    assert moves_text(23, MARKED) == "«12 moves»"
    assert checkers.piece_name("W", 2, MARKED) == "«kings»"


def test_english_is_the_default() -> None:
    checkers = get_game("checkers")
    resigned = Outcome("b", Termination.RESIGNATION, "w")
    assert result_text(checkers, resigned) == "Black won (White resigned)"
    assert checkers.piece_name("b", 3) == "men"


def test_every_text_a_game_names_is_listed_for_the_catalogs() -> None:
    listed = {message for message, _note in rules_messages()}
    for game in [*GAMES.values(), *HOUSE_RULES.values()]:
        wanted: set[str | tuple[str, str]] = {game.name, *game.side_names.values()}
        wanted |= {ending.text for ending in game.endings}
        wanted |= {(singular, plural) for _side, singular, plural in game.piece_names.values()}
        wanted |= {t for t in (game.no_progress_reason, game.stuck_win_reason) if t}
        wanted |= {game.house_rule} if game.house_rule else set()
        assert wanted <= listed, wanted - listed
