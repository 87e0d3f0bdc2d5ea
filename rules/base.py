"""The interface every game implements, and the small value types it shares."""

from __future__ import annotations

import functools
import gettext
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Generic, Protocol, TypeVar

from .errors import BadPosition, IllegalMove, Phrase, Word

P = TypeVar("P", bound=Hashable)
M = TypeVar("M", bound=Hashable)

MAX_MOVE_TEXT = 80


class Translations(Protocol):
    """What the rules' words are translated with (the bot passes its catalog of the language
    spoken now; the rules, pure, read none): gettext's two calls."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


#: the rules' own words, English (the message ids themselves)
ENGLISH: Translations = gettext.NullTranslations()


def translated(text: str, translations: Translations = ENGLISH) -> str:
    """One of the rules' texts (a side's name, a reason) in the catalog's language; "" stays
    "" (gettext would give the catalog's header)."""
    return translations.gettext(text) if text else text


class Termination(StrEnum):
    """Why a game ended, in the terms every game shares (the values are stored;
    `rules.wording` puts them in words). An ending of one game's own rules is an `Ending`
    that game lists."""

    NO_PIECES = "no-pieces"  # `side` has no piece left
    NO_MOVES = "no-moves"  # `side`, to move, has no legal move
    STALEMATE = "stalemate"  # no legal move, and that is a draw
    REPETITION = "repetition"
    NO_PROGRESS = "no-progress"  # the game's no-progress limit
    AGREEMENT = "agreement"
    RESIGNATION = "resignation"  # `side` resigned
    TIME = "time"  # `side` ran out of time


@dataclass(frozen=True, slots=True)
class Ending:
    """An ending only one game's rules have (3 Crowns' Crowned Troika): `value` is stored as
    a Termination's is, `text` is the reason in words."""

    value: str
    text: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: the winner's side letter (None for a draw), why, and the side the
    reason is about (who resigned, ran out of time or has no move), where there is one."""

    winner: str | None
    termination: Termination | Ending
    side: str | None = None

    @property
    def is_draw(self) -> bool:
        return self.winner is None


G = TypeVar("G")


#: how many positions' moves a game's generator keeps (some hundreds of games in play at once
#: each ask of their position three times in a row: its outcome, the move, the suggestions)
REMEMBERED = 2048


def remembers_moves(generate: Callable[[G, P], list[M]]) -> Callable[[G, P], list[M]]:
    """A game's move generator that keeps the moves of the positions it was asked most
    lately (the oldest let go first); each caller gets a list of its own."""
    kept: OrderedDict[P, list[M]] = OrderedDict()

    @functools.wraps(generate)
    def remembered(game: G, position: P) -> list[M]:
        moves = kept.get(position)
        if moves is None:
            moves = kept[position] = generate(game, position)
            if len(kept) > REMEMBERED:
                kept.popitem(last=False)
        return list(moves)

    return remembered


class Game(ABC, Generic[P, M]):
    """One game's rules: positions are immutable and hashable, moves are values."""

    id: str
    name: str
    sides: tuple[str, str]
    side_names: Mapping[str, str]
    #: sides whose names are plural ("the Musketeers have")
    plural_sides: frozenset[str] = frozenset()
    #: the rules as players read them (Markdown): /rules, `python -m rules help` and
    #: docs/rules-help.md all show this one text
    rules_help: str
    #: number of occurrences of one position that draws the game (None: no such rule)
    repetition_limit: int | None = 3
    #: plies without progress that draw the game (None: no such rule)
    no_progress_limit: int | None = None
    no_progress_reason: str = ""
    #: why a side left without a legal move has won, in a game where that wins (Three
    #: Musketeers' Musketeers), worded as the winner's reason
    stuck_win_reason: str = ""
    #: the endings of the game's own rules (its outcomes use Termination's otherwise)
    endings: tuple[Ending, ...] = ()
    #: the sides differ too much for one game to be fair (three Musketeers against 22 men):
    #: a tournament's pairing plays it twice, the sides swapped (every game says)
    asymmetric: bool
    #: PDN's GameType, for a game whose records are written in PDN (None: plain text)
    pdn_game_type: int | None = None
    #: a house rule these rules add to the game's own, in words ("free jumps"; "": none).
    #: Such rules are not a game of their own: `GAMES` never lists them, their `id` is the
    #: game's, and a match played by them stores their `rules_id`
    house_rule: str = ""
    #: the game's ballot openings by number, each its moves as players write them
    #: (Checkers' three-move deck); empty for a game without ballots
    ballots: Mapping[int, str] = {}
    #: the position text of the start of a game
    start: str
    #: each piece by its letter as `pieces` gives it: its side, and its name in the singular
    #: and the plural ("b": ("b", "man", "men")), as a position in words says it
    piece_names: Mapping[str, tuple[str, str, str]] = {}

    @property
    def rules_id(self) -> str:
        """What a match stores of the rules it is played by: the game's id, and the house
        rule after a colon ("checkers:free-jumps"), which `get_game` reads back."""
        if not self.house_rule:
            return self.id
        return f"{self.id}:{self.house_rule.replace(' ', '-')}"

    # --- positions -------------------------------------------------------
    def initial_position(self) -> P:
        return self.decode(self.start)

    @abstractmethod
    def encode(self, position: P) -> str:
        """The canonical one-line position text of the rules file."""

    @abstractmethod
    def decode(self, text: str) -> P:
        """Parse a position text; raises BadPosition with a readable reason."""

    def side_to_move(self, position: P) -> str:
        """The letter of the side to move (every position type keeps it as `turn`)."""
        # every position type has `turn`, but the type variable P only promises Hashable
        return position.turn  # type: ignore[attr-defined, no-any-return]

    @abstractmethod
    def outcome(self, position: P) -> Outcome | None:
        """The result decided by the position alone (None while the game goes on)."""

    def outcome_at_sight(self, position: P) -> Outcome | None:
        """`outcome` as far as it shows without generating moves: a game may leave out the
        endings that need its legal moves (a stalemate), so that a search's leaves are cheap.
        By default, `outcome` itself."""
        return self.outcome(position)

    def termination(self, value: str) -> Termination | Ending:
        """A stored termination read back: one of the game's endings, or a Termination
        (ValueError if it is neither)."""
        mine = {ending.value: ending for ending in self.endings}
        return mine[value] if value in mine else Termination(value)

    @abstractmethod
    def diagram(self, position: P) -> str:
        """A plain-text picture of the board."""

    # --- moves -----------------------------------------------------------
    @abstractmethod
    def legal_moves(self, position: P) -> list[M]:
        """Every legal move, sorted in the game's canonical order (empty once finished)."""

    @abstractmethod
    def apply(self, position: P, move: M) -> P:
        """The position after a move taken from legal_moves (not re-checked)."""

    @abstractmethod
    def format_move(self, move: M) -> str: ...

    @abstractmethod
    def parse_move(self, position: P, text: str) -> M:
        """The legal move the text names; raises IllegalMove saying why not."""

    # --- what a picture needs (cells by the names players write) -------------
    #: every cell's name, in the game's own cell order
    cell_names: tuple[str, ...]
    #: for each cell (by its place in cell_names), the cells one step away: a king's step
    #: in Checkers, the 4 or 8 neighbours on the square grids, the 1-3 cells sharing an edge
    #: in The Crown (what a computer player measures distances with)
    step_neighbours: tuple[tuple[int, ...], ...]
    #: named sets of cells a picture colours (The Crown's crown and kingdoms)
    regions: Mapping[str, frozenset[str]] = {}

    @abstractmethod
    def pieces(self, position: P) -> dict[str, str]:
        """Cell name -> the piece's letter as the position text writes it."""

    @abstractmethod
    def move_cells(self, move: M) -> tuple[str, ...]:
        """The cells a move visits, in order: where it starts, every landing, where it ends."""

    def captured_cells(self, position: P, move: M) -> tuple[str, ...]:
        """The cells whose piece the move (played in `position`) takes or changes."""
        return ()

    def jumped_cells(self, position: P, move: M) -> tuple[str, ...]:
        """The cells a move leaps over whose piece it leaves as it was (3 Crowns' first
        jumped stone; every other game's jumps take what they leap over)."""
        return ()

    def winning_cells(self, position: P) -> tuple[str, ...]:
        """The cells whose pieces make the position's win (a Crowned Troika, the Musketeers'
        line); () when no line of pieces decided the game."""
        return ()

    def checked_cell(self, position: P) -> str | None:
        """Where the side to move's piece in check stands (The Crown's Prince), or None."""
        return None

    def is_jump(self, move: M) -> bool:
        """Whether the piece leaps over others (a picture joins its cells with a line)."""
        return False

    def in_check(self, position: P) -> bool:
        """Whether the side to move is in check (only The Crown has check)."""
        return False

    def checking_moves(self, position: P) -> list[M]:
        """The legal moves after which the opponent is in check, in canonical order (only
        The Crown has check)."""
        return []

    def forced_exit(self, position: P) -> M | None:
        """The move a checkmated piece must make to leave the board, when that is all the
        side to move may do (The Crown's checkmated Prince); None otherwise."""
        return None

    # --- helpers shared by every game ---------------------------------------
    def legal_moves_or_game_over(self, position: P) -> list[M]:
        """The legal moves, or IllegalMove if there are none because the game is over."""
        legal = self.legal_moves(position)
        if not legal:
            raise IllegalMove("the game is over: there is no move to make")
        return legal

    def play(self, position: P, move: M | str) -> tuple[M, P]:
        """Check a move (object or text) against the position and apply it."""
        if isinstance(move, str):
            move = self.parse_move(position, move)
        elif move not in self.legal_moves(position):
            # i18n: {move} a move as written ("11-15")
            raise IllegalMove("{move} is not a legal move here", move=self.format_move(move))
        return move, self.apply(position, move)

    def side_name(self, side: str, translations: Translations = ENGLISH) -> str:
        """The side's name ('White', 'the Musketeers'), in the catalog's language."""
        return translated(self.side_names[side], translations)

    def piece_name(self, letter: str, n: int = 1, translations: Translations = ENGLISH) -> str:
        """The name of the piece `letter` (as `pieces` gives it) in the form for `n` of them
        ('man', 'men'), in the catalog's language."""
        _side, singular, plural = self.piece_names[letter]
        return translations.ngettext(singular, plural, n)

    def side_has(self, side: str) -> str:
        """'has', or 'have' for a side whose name is plural (the Musketeers)."""
        return "have" if side in self.plural_sides else "has"

    def opponent(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def repetition_key(self, position: P) -> Hashable:
        """What must be equal for two positions to count as a repetition."""
        return position

    def makes_progress(self, before: P, move: M, after: P) -> bool:
        """Whether a move resets the no-progress counter."""
        return True

    def no_progress_limit_at(self, position: P) -> int | None:
        """The plies without progress that draw the game in this position: a game whose
        count depends on the pieces left (International draughts' endgames) says so here;
        by default `no_progress_limit`."""
        return self.no_progress_limit

    def perft(self, position: P, depth: int) -> int:
        """Leaf count of the legal-move tree of exactly `depth` plies."""
        if depth == 0:
            return 1
        moves = self.legal_moves(position)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.apply(position, m), depth - 1) for m in moves)


def men_and_kings(*sides: str) -> Mapping[str, tuple[str, str, str]]:
    """The draughts games' `piece_names`: each side's men by its letter, its kings by the
    letter in upper case."""
    return MappingProxyType(
        {
            letter: (side, *names)
            for side in sides
            for letter, names in ((side, ("man", "men")), (side.upper(), ("king", "kings")))
        }
    )


MAX_POSITION_TEXT = 400


def position_fields(text: str, game_name: str) -> list[str]:
    """A position text split on white space, refusing non-text or oversized text (a game
    checks the number of fields itself, saying what a good text looks like)."""
    if not isinstance(text, str) or len(text) > MAX_POSITION_TEXT:
        # i18n: {game} a game's name
        raise BadPosition(
            "a position of {game} is one line of at most {most} characters",
            game=Word(game_name),
            most=MAX_POSITION_TEXT,
        )
    return text.split()


def clean_move_text(text: str) -> str:
    """Lower-case a move text with all whitespace removed, refusing oversized input."""
    if not isinstance(text, str):
        raise IllegalMove("a move must be given as text")
    if len(text) > MAX_MOVE_TEXT:
        raise IllegalMove(
            "that move text is too long (at most {most} characters)", most=MAX_MOVE_TEXT
        )
    cleaned = "".join(text.split()).lower()
    if not cleaned:
        raise IllegalMove("the move is empty: type a move such as the ones /move suggests")
    return cleaned


def quote(text: str, limit: int = 24) -> str:
    """User text shortened for an error message."""
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def suggest(moves: Sequence[str], limit: int = 6) -> str:
    """A short 'try ...' list of move texts (a Phrase when it leaves some out)."""
    shown = ", ".join(moves[:limit])
    if len(moves) <= limit:
        return shown
    # i18n: a list of moves to try, cut short: {moves} some moves ("11-15, 12-16"), {more}
    # how many more there are
    return Phrase("{moves} and {more} more", moves=shown, more=len(moves) - limit)


def not_from_there(
    shown: str, square: str | int, from_there: Sequence[str], legal: Sequence[str]
) -> IllegalMove:
    """Why a move from `square` is not legal, when none of its `legal` moves is a capture
    the rules make first: the piece there cannot move, or the moves it has."""
    if not from_there:
        # i18n: {move} a move as typed; {square} a square; {moves} moves to try instead
        return IllegalMove(
            "{move} is not legal: the piece on {square} cannot move (try {moves})",
            move=shown,
            square=square,
            moves=suggest(legal),
        )
    # i18n: {move} a move as typed; {square} a square; {moves} the moves from it
    return IllegalMove(
        "{move} is not legal (from {square} you can play {moves})",
        move=shown,
        square=square,
        moves=suggest(from_there),
    )
