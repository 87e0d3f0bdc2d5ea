"""The rules' errors are translatable: each has a template whose placeholders are its
parameters, its English text is that template filled, the template (and any phrase within)
is a message the catalogs extract from the rules, and a catalog words it all, the words of
the rules (sides, games' names) included."""

from __future__ import annotations

import pickle
import string
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir

from rules import (
    ENGLISH,
    GAMES,
    BadPosition,
    GameOver,
    GameRecord,
    IllegalMove,
    Phrase,
    Phrases,
    RulesError,
    Saying,
    UnknownGame,
    Word,
    get_game,
)
from tests.gamekit import GAME_IDS, sample_positions
from tools.message_keywords import KEYWORDS

ROOT = Path(__file__).resolve().parent.parent.parent

#: malformed, oversized, off-board and empty move texts, for every game
MALFORMED = [
    "",
    "   ",
    "hello",
    "9" * 500,
    "1-99",
    "99x98",
    "a1-a99",
    "z9-z8",
    "k1-k2",
    "a1",
    "11",
    "b1-c1",
    "a2-b1",
    "c3-d4-e5-f6",
    "e3-e4",
    "a9++",
    "d6xd4xf4xd2",
]
#: position texts that cannot be decoded, or describe no possible position
BAD_POSITIONS = [
    "",
    "x",
    "B",
    "B:W21-32",
    "Q:W21-32:B1-12",
    "B:W21-32:W1-12",
    "B:W21-32:B1-12,5",
    "B:W21-40:B1-12",
    "B:W32-21:B1-12",
    "B:Wzz:B1-12",
    "B:W1:B5",
    "W:W1-35:B36-50",
    "W:W50-31:B1-20",
    "W:Wc3,c3:B1",
    "W:Wa2:Ba1",
    "W:Wz9:Bz8",
    "W:W46:B1",
    "W:Wa8:Ba1",
    "5/5/5/5/5 m",
    "5/5/5/5/5 q",
    "MMM2/5/5/5/5 e",
    "MMMEE/EEEEE/EEEEE/EEEEE/EEEEE e",
    "5/5/5/5 m",
    "5/5/5/5/6 m",
    "5/5/5/5/4Q m",
    "8/8/8/8/8/8/8/8 g 0-0 *",
    "8/8/8/8/8/8/8/8 b 0-0 *",
    "8/8/8/8/8/8/8/8 q 0-0 -",
    "8/8/8/8/8/8/8/8 g 9-x -",
    "8/8/8/8/8/8/8/8 g 0-0 a1",
    "8/8/8/8/8/8/8/8 g 0-0 z9",
    "gggggggg/gggggggg/8/8/8/8/8/8 g 0-0 -",
    "Pg1 Kf1",
    "Pz9 w",
    "Pg1 Kg1 w",
    "Qg1 w",
    "Pg1 Sa1 w",
    "Sg1 w",
    "Kf1 Kf3 Kf2 Ke1 w",
    "a" * 500,
]


@cache
def catalog_messages() -> frozenset[str]:
    """Every message Babel extracts from the rules (singulars and plurals)."""
    found: set[str] = set()
    for *_where, message, _comments, _context in extract_from_dir(
        ROOT / "rules", method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        found.update([message] if isinstance(message, str) else message)
    return frozenset(found)


def placeholders(template: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(template) if name}


def check_message(
    template: str, params: dict[str, Any], extra: frozenset[str] = frozenset()
) -> None:
    """A template fits its parameters, is in the catalogs, and so is every phrase in it."""
    assert template in catalog_messages(), f"not extracted for the catalogs: {template!r}"
    assert placeholders(template) == set(params) | extra, template
    for value in params.values():
        if isinstance(value, Phrase):
            check_message(value.template, value.params)
            assert str(value) == value.template.format(**value.params)
        elif isinstance(value, Phrases):
            check_message(value.singular, value.params, frozenset({"n"}))
            check_message(value.plural, value.params, frozenset({"n"}))


def check_error(error: RulesError) -> None:
    check_message(error.template, error.params)
    assert str(error) == error.template.format(**error.params)
    assert error.worded(ENGLISH) == str(error)
    again = pickle.loads(pickle.dumps(error))  # errors cross to worker processes
    assert type(again) is type(error) and str(again) == str(error)


def move_texts(game: Any, position: Any) -> Iterator[str]:
    """Move texts to try: malformed ones, every legal move's ends with '-' and 'x', the
    legal moves reversed or cut short, and steps from the pieces' cells to their
    neighbours' and the neighbours' neighbours'."""
    yield from MALFORMED
    names = game.cell_names
    for move in game.legal_moves(position)[:12]:
        cells = game.move_cells(move)
        yield from (f"{cells[0]}-{cells[-1]}", f"{cells[0]}x{cells[-1]}")
        yield "-".join(reversed(cells))
        if len(cells) > 2:
            yield "x".join(cells[:2])
    for cell in list(game.pieces(position))[:12]:
        here = names.index(cell)
        near = set(game.step_neighbours[here])
        for there in near | {far for n in near for far in game.step_neighbours[n]}:
            yield from (f"{cell}-{names[there]}", f"{cell}x{names[there]}")


def raised(action: Callable[[], object]) -> RulesError | None:
    try:
        action()
    except RulesError as error:
        return error
    return None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_refused_move_has_a_template_fitting_its_parameters(game_id: str) -> None:
    game = get_game(game_id)
    templates: set[str] = set()
    for position in sample_positions(game_id, games=3, per_game=8):
        for text in move_texts(game, position):
            error = raised(lambda: game.parse_move(position, text))  # noqa: B023
            if error is not None:
                assert isinstance(error, IllegalMove)
                check_error(error)
                templates.add(error.template)
    assert len(templates) >= 6, templates  # malformed, off the board, not legal: each why


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_refused_position_has_a_template_fitting_its_parameters(game_id: str) -> None:
    game = get_game(game_id)
    templates: set[str] = set()
    for text in BAD_POSITIONS:
        error = raised(lambda: game.decode(text))  # noqa: B023
        if error is not None:
            assert isinstance(error, BadPosition)
            check_error(error)
            templates.add(error.template)
    assert len(templates) >= 3, templates


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_move_after_the_end_and_an_illegal_move_object(game_id: str) -> None:
    game = get_game(game_id)
    record = GameRecord(game)
    record.resign(game.sides[0])
    over = raised(lambda: record.play(game.legal_moves(game.decode(game.start))[0]))
    assert isinstance(over, GameOver)
    check_error(over)
    assert isinstance(over.params["result"], Saying)
    again = raised(lambda: record.resign(game.sides[1]))
    assert again is not None
    check_error(again)
    start = game.decode(game.start)
    reply = game.legal_moves(game.apply(start, game.legal_moves(start)[0]))[0]
    error = raised(lambda: game.play(start, reply))
    if error is not None:  # a reply may happen to be legal at the start too
        check_error(error)


def test_unknown_games_and_lists_cut_short() -> None:
    for called in ("chekers", "no such game", 7):
        error = raised(lambda: get_game(called))  # type: ignore[arg-type]  # noqa: B023
        assert isinstance(error, UnknownGame)
        check_error(error)
    assert "did you mean checkers?" in str(raised(lambda: get_game("chekers")))
    start = GAMES["international"].decode(GAMES["international"].start)
    error = raised(lambda: GAMES["international"].parse_move(start, "46-41"))
    assert error is not None
    check_error(error)
    assert isinstance(error.params["moves"], Phrase)  # "31-27, ... and 3 more"
    assert str(error).endswith("and 3 more)")


class Catalog:
    """A tiny catalog: English -> German, plurals by (singular, plural)."""

    def __init__(self, entries: dict[Any, Any]) -> None:
        self.entries = entries

    def gettext(self, message: str) -> str:
        return str(self.entries.get(message, message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self.entries.get((singular, plural), (singular, plural))
        return str(forms[0] if n == 1 else forms[1])


GERMAN = Catalog(
    {
        "{move} is not legal: there is no {side} piece on {square}": (
            "{move} ist nicht legal: auf {square} steht kein Stein von {side}"
        ),
        "Black": "Schwarz",
        "White": "Weiß",
        "{moves} and {more} more": "{moves} und {more} weitere",
        "{move} is not legal (from {square} you can play {moves})": (
            "{move} ist nicht legal (von {square} aus kannst du {moves} spielen)"
        ),
        ("{n} piece", "{n} pieces"): ("{n} Stein", "{n} Steine"),
        "the game is over: {result}": "die Partie ist vorbei: {result}",
        "{side} resigned": "{side} hat aufgegeben",
        "{side} won ({reason})": "{side} hat gewonnen ({reason})",
    }
)


def test_a_catalog_words_the_template_and_the_rules_words_in_it() -> None:
    checkers = get_game("checkers")
    start = checkers.decode(checkers.start)
    error = raised(lambda: checkers.parse_move(start, "13-17"))
    assert error is not None and isinstance(error.params["side"], Word)
    assert str(error) == "13-17 is not legal: there is no Black piece on 13"
    assert error.worded(GERMAN) == "13-17 ist nicht legal: auf 13 steht kein Stein von Schwarz"
    record = GameRecord(checkers)
    record.resign("b")
    over = raised(lambda: record.play("11-15"))
    assert over is not None
    assert str(over) == "the game is over: White won (Black resigned)"
    assert over.worded(GERMAN) == (
        "die Partie ist vorbei: Weiß hat gewonnen (Schwarz hat aufgegeben)"
    )
    assert Phrases("{n} piece", "{n} pieces", 3).worded(GERMAN) == "3 Steine"
