"""The diagonal draughts games (International, Brazilian, Russian, Italian) on one engine: a
game is a `Draughts` holding its facts (board, capture rules, notation, draw counts), and
this class does the rest (moves, notation, positions, outcomes, pictures)."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise
from types import MappingProxyType
from typing import ClassVar

from . import draughts_text as notation
from .base import (
    Game,
    Outcome,
    Termination,
    men_and_kings,
    not_from_there,
    remembers_moves,
    suggest,
)
from .draughts_board import DiagonalBoard
from .draughts_moves import CaptureRules, MoveGenerator, Precedence, RawMove, italian_rank
from .draughts_text import BLACK, WHITE, DraughtsPosition
from .errors import IllegalMove, Word

__all__ = ["FMJD_PLAY", "Draughts", "DraughtsMove", "DraughtsPosition", "EndgameCount"]


#: how men, kings and captures go in FMJD's rules, in words (International and Brazilian
#: draughts' rules help)
FMJD_PLAY = """\
- Men step one square diagonally forward, and **capture forward and backward**. A man is
  crowned only if it **ends its move** on the far row: passing it during a capture, it stays
  a man.
- Kings **fly**: any distance along a free diagonal; a king captures a piece any distance
  away and lands on any free square beyond it.
- **Capturing is compulsory, and you must take the most pieces** (a king counts as one).
  The pieces taken leave the board only when the capture is over: a piece is never jumped
  twice, and one already jumped blocks the way.
- You **lose** when you have no legal move: no pieces left, or every piece blocked.
"""


@dataclass(frozen=True, slots=True, order=True)
class DraughtsMove:
    """A move as the squares it visits (start, then every landing square) and the squares
    of the pieces it takes, in the order taken: places in the game's square order."""

    path: tuple[int, ...]
    captured: tuple[int, ...] = ()
    #: written with every landing square (International writes a capture's start and end
    #: only, unless another capture shares both)
    spelled_out: bool = field(default=True, compare=False)


#: an endgame's own no-progress count: its name, and the plies it allows
EndgameCount = tuple[str, int]


class Draughts(Game[DraughtsPosition, DraughtsMove]):
    """A diagonal draughts game: White and Black, White first; men step diagonally forward,
    captures are compulsory, a man on the far row is crowned."""

    sides = (WHITE, BLACK)
    side_names = MappingProxyType(notation.SIDE_NAMES)
    piece_names = men_and_kings(WHITE, BLACK)
    asymmetric = False
    board: ClassVar[DiagonalBoard]
    capture_rules: ClassVar[CaptureRules]
    #: how a capture is written between its squares ('x', or Russian's ':')
    capture_mark: ClassVar[str] = "x"
    #: captures written by their start and end alone, unless two share them (International)
    short_captures: ClassVar[bool] = False
    #: the most pieces a side has (its men at the start)
    most_pieces: ClassVar[int]
    #: a step and a capture as players write them, for the messages
    examples: ClassVar[tuple[str, str]]

    def __init__(self) -> None:
        self.generator = MoveGenerator(self.board, self.capture_rules)
        self.cell_names = self.board.names
        self.step_neighbours = self.board.neighbours
        # each game remembers its own positions' moves (a Russian and a Brazilian position
        # can hold the same pieces)
        self._remembered = remembers_moves(type(self).listed_moves)

    # --- moves ------------------------------------------------------------------------
    def legal_moves(self, position: DraughtsPosition) -> list[DraughtsMove]:
        return self._remembered(self, position)

    def listed_moves(self, position: DraughtsPosition) -> list[DraughtsMove]:
        """Every legal move, sorted (what `legal_moves` remembers)."""
        own, opp = position.mover()
        raw = self.generator.generate(own, opp, position.kings, position.turn)
        moves = sorted(DraughtsMove(path, captured) for path, captured in raw)
        if self.short_captures and moves and moves[0].captured:
            ends = [(m.path[0], m.path[-1]) for m in moves]
            moves = [
                DraughtsMove(m.path, m.captured, spelled_out=ends.count(end) > 1)
                for m, end in zip(moves, ends, strict=True)
            ]
        return moves

    def apply(self, position: DraughtsPosition, move: DraughtsMove) -> DraughtsPosition:
        own, opp = position.mover()
        raw = (move.path, move.captured)
        own, opp, kings = self.generator.make(own, opp, position.kings, raw, position.turn)
        if position.turn == WHITE:
            return DraughtsPosition(own, opp, kings, BLACK)
        return DraughtsPosition(opp, own, kings, WHITE)

    def perft(self, position: DraughtsPosition, depth: int) -> int:
        if depth == 0:
            return 1
        own, opp = position.mover()
        return self.generator.perft(own, opp, position.kings, position.turn, depth)

    # --- move text ----------------------------------------------------------------------
    def format_move(self, move: DraughtsMove) -> str:
        names = self.board.names
        if not move.captured:
            return "-".join(names[s] for s in move.path)
        squares = move.path if move.spelled_out else (move.path[0], move.path[-1])
        return self.capture_mark.join(names[s] for s in squares)

    def parse_move(self, position: DraughtsPosition, text: str) -> DraughtsMove:
        squares, shown = notation.move_squares(self.board, text, self.examples)
        legal = self.legal_moves_or_game_over(position)
        for move in legal:
            if move.path == squares:
                return move
        ends = [m for m in legal if (m.path[0], m.path[-1]) == (squares[0], squares[-1])]
        if len(squares) == 2 and len(ends) == 1:
            return ends[0]
        if len(squares) == 2 and ends:
            options = ", ".join(self.format_move(m) for m in ends)
            # i18n: {move} a move as typed ("28x19"); {options} the moves it may mean
            raise IllegalMove(
                "{move} is ambiguous: say which, one of {options}", move=shown, options=options
            )
        taken = self._taken_along(position, squares)
        for move in ends:
            if taken == frozenset(move.captured):  # another way round the same pieces
                return move
        raise self._why_illegal(position, squares, shown, legal)

    def _taken_along(
        self, position: DraughtsPosition, squares: tuple[int, ...]
    ) -> frozenset[int] | None:
        """The opponent's pieces a capture along these squares would take (one between each
        two, on a diagonal), or None if the squares trace no capture."""
        own, opp = position.mover()
        occupied = own & ~(1 << squares[0]) | opp  # the mover has left its square
        taken: set[int] = set()
        for here, there in pairwise(squares):
            ray = next((r for r in self.board.rays[here] if there in r), None)
            if ray is None:
                return None
            between = [s for s in ray[: ray.index(there)] if occupied >> s & 1]
            if len(between) != 1 or not opp >> between[0] & 1 or between[0] in taken:
                return None
            taken.add(between[0])
        return frozenset(taken)

    def _why_illegal(
        self, position: DraughtsPosition, squares: tuple[int, ...], shown: str,
        legal: list[DraughtsMove],
    ) -> IllegalMove:  # fmt: skip
        start = squares[0]
        name, side = self.board.names[start], Word(self.side_name(position.turn))
        if not position.mover()[0] >> start & 1:
            # i18n: {move} a move as typed; {side} a side's name ("White"); {square} a square
            return IllegalMove(
                "{move} is not legal: there is no {side} piece on {square}",
                move=shown,
                side=side,
                square=name,
            )
        if not self.capture_rules.men_capture_kings and not position.kings >> start & 1:
            taken = self._taken_along(position, squares) or ()
            if any(position.kings >> s & 1 for s in taken):
                # i18n: {move} a move as typed; {game} a game's name ("Italian draughts")
                return IllegalMove(
                    "{move} is not legal: in {game} a man cannot take a king",
                    move=shown,
                    game=Word(self.name),
                )
        texts = [self.format_move(m) for m in legal]
        from_here = [t for m, t in zip(legal, texts, strict=True) if m.path[0] == start]
        if legal[0].captured:
            refusal = self._precedence_refusal(position, squares, shown, legal)
            if refusal:
                return refusal
            if any(m.path[: len(squares)] == squares for m in legal):
                # i18n: {move} a move as typed; {moves} moves to try instead
                return IllegalMove(
                    "{move} is not legal: the capture goes on (try {moves})",
                    move=shown,
                    moves=suggest(from_here),
                )
            # i18n: {move} a move as typed; {moves} moves to try instead
            return IllegalMove(
                "{move} is not legal: capturing is compulsory (try {moves})",
                move=shown,
                moves=suggest(from_here or texts),
            )
        return not_from_there(shown, name, from_here, texts)

    def _precedence_refusal(
        self,
        position: DraughtsPosition,
        squares: tuple[int, ...],
        typed: str,
        legal: list[DraughtsMove],
    ) -> IllegalMove | None:
        """The refusal of a complete capture along `squares` (typed as `typed`) that breaks
        a precedence rule (None if it breaks none)."""
        if self.capture_rules.precedence is Precedence.FREE:
            return None
        own, opp = position.mover()
        kings, ends = position.kings, (squares[0], squares[-1])
        taken = self._taken_along(position, squares)
        tried = next(
            (
                raw
                for raw in self.generator.all_captures(own, opp, kings, position.turn)
                if (raw[0][0], raw[0][-1]) == ends
                and (len(squares) == 2 or frozenset(raw[1]) == taken)
            ),
            None,
        )
        if tried is None:
            return None
        best_move = next((m for m in legal if m.path[0] == squares[0]), legal[0])
        best: RawMove = (best_move.path, best_move.captured)
        shown, most, game = self.format_move(best_move), len(best[1]), Word(self.name)
        if len(tried[1]) < most:
            # i18n: {move} a move as typed; {game} a game's name; {best} the move to play
            # instead, which takes {most} pieces
            return IllegalMove(
                "{move} is not legal: {game} requires taking the most pieces: {best} takes {most}",
                move=typed,
                game=game,
                best=shown,
                most=most,
            )
        if self.capture_rules.precedence is not Precedence.ITALIAN:
            return None
        _, by_king, king_count, _ = italian_rank(tried, kings)
        _, best_by_king, best_kings, _ = italian_rank(best, kings)
        if best_by_king and not by_king:
            # i18n: {move} a move as typed; {game} a game's name; {best} the move to play
            return IllegalMove(
                "{move} is not legal: {game} requires taking with a king when one takes as "
                "many: {best}",
                move=typed,
                game=game,
                best=shown,
            )
        if king_count < best_kings:
            # i18n: {move} a move as typed; {game} a game's name; {best} the move to play
            # instead, which takes {most} kings
            return IllegalMove(
                "{move} is not legal: {game} requires taking the most kings: {best} takes {most}",
                move=typed,
                game=game,
                best=shown,
                most=best_kings,
            )
        # i18n: {move} a move as typed; {game} a game's name; {best} the move to play
        return IllegalMove(
            "{move} is not legal: {game} requires taking a king as early as one can: {best}",
            move=typed,
            game=game,
            best=shown,
        )

    # --- outcome and draws ------------------------------------------------------------
    def outcome(self, position: DraughtsPosition) -> Outcome | None:
        """No pieces, or no legal move, loses."""
        turn = position.turn
        if not position.mover()[0]:
            return Outcome(self.opponent(turn), Termination.NO_PIECES, turn)
        if not self.legal_moves(position):
            return Outcome(self.opponent(turn), Termination.NO_MOVES, turn)
        return None

    def endgame_count(self, position: DraughtsPosition) -> EndgameCount | None:
        """The endgame count of the game's rules that holds in this position, if one does:
        its name and the plies it allows (counted from when it began, whatever moves)."""
        return None

    def makes_progress(
        self, before: DraughtsPosition, move: DraughtsMove, after: DraughtsPosition
    ) -> bool:
        """A capture; a man's move, where no endgame count holds; under an endgame count,
        nothing but a capture or reaching another count."""
        if move.captured:
            return True
        count = self.endgame_count(after)
        if count is None:
            return not before.kings >> move.path[0] & 1
        was = self.endgame_count(before)
        return was is None or was[0] != count[0]

    def no_progress_limit_at(self, position: DraughtsPosition) -> int | None:
        count = self.endgame_count(position)
        return self.no_progress_limit if count is None else count[1]

    def lone_king(self, position: DraughtsPosition) -> tuple[str, int, int] | None:
        """When a side has nothing but one king: that side, and its opponent's men and kings
        (White's lone king first, should both sides have one)."""
        for side, mine, theirs in (
            (WHITE, position.white, position.black),
            (BLACK, position.black, position.white),
        ):
            if mine.bit_count() == 1 and mine & position.kings:
                kings = (theirs & position.kings).bit_count()
                return side, theirs.bit_count() - kings, kings
        return None

    # --- positions and pictures ---------------------------------------------------------
    def encode(self, position: DraughtsPosition) -> str:
        return notation.encode(self.board, position)

    def decode(self, text: str) -> DraughtsPosition:
        return notation.decode(self.board, text, self.name, self.most_pieces)

    def diagram(self, position: DraughtsPosition) -> str:
        return notation.diagram(self.board, position)

    def pieces(self, position: DraughtsPosition) -> dict[str, str]:
        """Square -> 'w' or 'b' for a man, 'W' or 'B' for a king."""
        out = {}
        for pieces, man in ((position.white, WHITE), (position.black, BLACK)):
            for i, name in enumerate(self.board.names):
                if pieces >> i & 1:
                    out[name] = man.upper() if position.kings >> i & 1 else man
        return out

    def move_cells(self, move: DraughtsMove) -> tuple[str, ...]:
        return tuple(self.board.names[s] for s in move.path)

    def captured_cells(self, position: DraughtsPosition, move: DraughtsMove) -> tuple[str, ...]:
        return tuple(self.board.names[s] for s in move.captured)

    def is_jump(self, move: DraughtsMove) -> bool:
        return bool(move.captured)
