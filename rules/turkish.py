"""Turkish draughts (Dama), as docs/rules/turkish.md defines it."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from types import MappingProxyType

from . import turkish_moves as gen
from .base import (
    Ending,
    Game,
    Outcome,
    Termination,
    men_and_kings,
    remembers_moves,
    suggest,
)
from .draughts_text import BLACK, SIDE_NAMES, WHITE, move_squares
from .errors import IllegalMove, Phrases, Word
from .turkish_board import (
    NAMES,
    NEIGHBOURS,
    SQUARES,
    TurkishPosition,
    decode,
    diagram,
    encode,
)

#: the federation's draw when each side is down to one piece
ONE_PIECE_EACH = Ending("one-piece-each", "one piece each")


@dataclass(frozen=True, slots=True)
class TurkishMove:
    """A move is its path (the start, then every landing square) and the squares of the
    pieces it takes, in the order taken (none for a step)."""

    path: tuple[int, ...]
    captured: tuple[int, ...]


def _to_move(raw: gen.RawMove) -> TurkishMove:
    return TurkishMove(*raw)


def _key(move: TurkishMove) -> tuple[int, ...]:
    return gen.path_key(move.path)


def _taken(path: tuple[int, ...], captured: tuple[int, ...]) -> tuple[int, int, frozenset[int]]:
    """What makes two capture routes the same move: start, end and the pieces taken."""
    return path[0], path[-1], frozenset(captured)


class TurkishDraughts(Game[TurkishPosition, TurkishMove]):
    id, name, sides = "turkish", "Turkish draughts", (WHITE, BLACK)
    side_names = MappingProxyType(SIDE_NAMES)
    piece_names = men_and_kings(WHITE, BLACK)
    no_progress_limit, no_progress_reason = 100, "50-move rule"
    endings = (ONE_PIECE_EACH,)
    pdn_game_type = 30  # Turkish draughts
    asymmetric = False
    start = (
        "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3"
        ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"
    )
    rules_help = """\
Turkish draughts (Dama) on all 64 squares, a1 at White's bottom left. White's 16 men start on
rows 2–3, Black's on rows 6–7. **White moves first.**

- Men step one square **forward or sideways**, never backward or diagonally; kings fly along
  ranks and files like rooks.
- **Capturing is compulsory, and you must take the most pieces you can** (kings count as
  one); between equal captures you choose. A man jumps an adjacent piece in front or beside
  it; a king jumps a piece any distance away and lands on any empty square past it.
- Captured pieces come off **one by one, as they are jumped**: a king may cross a freed
  square later in the move, but never turns back 180° between two captures.
- A man ending its move on the far row is crowned; if it gets there capturing and can take
  more along that row, it goes on as a man and is crowned at the end.
- You **lose** with no pieces or no legal move. **Draws**: one piece each, unless the
  player to move can capture [house: at once]; a position repeated a third time [house: at
  once]; [house] 50 moves each with no capture and no man stepping forward; agreement.
- Moves: `d3-d4`, `d4xd6xf6` (every landing square); `-`, `x`, `:` and spaces as you like,
  and `d4xf6` when it names one capture. Positions: `W:Wa3,Kd1:Bc6` (PDN FEN)."""

    # --- moves ---------------------------------------------------------------
    @remembers_moves
    def legal_moves(self, position: TurkishPosition) -> list[TurkishMove]:
        men, kings, opp_men, opp_kings, white = position.mover()
        if gen.finished(men, kings, opp_men | opp_kings, white):
            return []
        return sorted(map(_to_move, gen.generate(men, kings, opp_men | opp_kings, white)), key=_key)

    def apply(self, position: TurkishPosition, move: TurkishMove) -> TurkishPosition:
        men, kings, opp_men, opp_kings, white = position.mover()
        raw = (move.path, move.captured)
        men, kings, opp_men, opp_kings = gen.make(men, kings, opp_men, opp_kings, raw, white)
        if white:
            return TurkishPosition(men, kings, opp_men, opp_kings, BLACK)
        return TurkishPosition(opp_men, opp_kings, men, kings, WHITE)

    def format_move(self, move: TurkishMove) -> str:
        return ("x" if move.captured else "-").join(NAMES[s] for s in move.path)

    def parse_move(self, position: TurkishPosition, text: str) -> TurkishMove:
        path, cleaned = move_squares(SQUARES, text, ("d3-d4", "d4xd6"))
        legal = self.legal_moves_or_game_over(position)
        exact = [m for m in legal if m.path == path]
        if exact:  # a full path always wins over the short capture form
            return exact[0]
        named = self._named_capture(position, path, legal, cleaned)
        if named is not None:
            return named
        raise self._why_illegal(position, path, cleaned, legal)

    def _named_capture(
        self, position: TurkishPosition, path: tuple[int, ...], legal: list[TurkishMove], shown: str
    ) -> TurkishMove | None:
        """The legal capture a text names by its start and end alone, or by another route to
        the same captures (one move for us); None if it names none."""
        if not legal[0].captured:
            return None
        by_taken = {_taken(m.path, m.captured): m for m in legal}
        named = {
            by_taken[_taken(*raw)]
            for raw in self._sequences(position)
            if _taken(*raw) in by_taken and _names(path, raw[0])
        }
        if len(named) > 1:
            options = ", ".join(self.format_move(m) for m in sorted(named, key=_key))
            # i18n: {move} a move as typed ("d4xd6"); {options} the moves it may mean
            raise IllegalMove(
                "{move} is ambiguous: say which, one of {options}", move=shown, options=options
            )
        return named.pop() if named else None

    def _sequences(self, position: TurkishPosition) -> list[gen.RawMove]:
        men, kings, opp_men, opp_kings, white = position.mover()
        return gen.capture_sequences(men, kings, opp_men | opp_kings, white)

    def _why_illegal(
        self, position: TurkishPosition, path: tuple[int, ...], shown: str, legal: list[TurkishMove]
    ) -> IllegalMove:
        men, kings, opp_men, opp_kings, white = position.mover()
        origin, side = path[0], Word(self.side_names[position.turn])
        if not (men | kings) >> origin & 1:
            if (opp_men | opp_kings) >> origin & 1:
                theirs = Word(self.side_names[self.opponent(position.turn)])
                # i18n: {move} a move as typed; {square} a square; {side} a side's name
                # ("Black"): the piece is the opponent's
                return IllegalMove(
                    "{move} is not legal: the piece on {square} is {side}'s",
                    move=shown,
                    square=NAMES[origin],
                    side=theirs,
                )
            # i18n: {move} a move as typed; {side} a side's name ("White"); {square} a square
            return IllegalMove(
                "{move} is not legal: there is no {side} piece on {square}",
                move=shown,
                side=side,
                square=NAMES[origin],
            )
        if legal[0].captured:
            texts = [self.format_move(m) for m in legal]
            most = len(legal[0].captured)
            return self._capture_fault(position, path, shown, most, texts)
        man = men >> origin & 1 == 1
        return _step_fault(position, path, shown, man, white)

    def _capture_fault(
        self,
        position: TurkishPosition,
        path: tuple[int, ...],
        shown: str,
        most: int,
        texts: list[str],
    ) -> IllegalMove:
        """Why a text is not one of the compulsory captures (`texts`, taking `most` pieces): a
        shorter capture (the majority rule), a capture stopped halfway, or no capture."""
        sequences = self._sequences(position)
        named = [len(taken) for route, taken in sequences if _names(path, route)]
        moves = suggest(texts)
        if named:
            taken = max(named)
            # i18n: how many pieces a capture takes, in "{move} is not legal: it takes {taken}"
            pieces = Phrases("{n} piece", "{n} pieces", taken)
            # i18n: {move} a move as typed; {taken} how many pieces it takes ("2 pieces");
            # {most} the most one can take (a number); {moves} the moves to play
            return IllegalMove(
                "{move} is not legal: it takes {taken}, but the majority rule makes you take "
                "the most pieces you can, {most} (play {moves})",
                move=shown,
                taken=pieces,
                most=most,
                moves=moves,
            )
        if any(route[: len(path)] == path for route, _ in sequences):
            # i18n: {move} a move as typed; {moves} the moves to play
            return IllegalMove(
                "{move} is not legal: a capture goes on while there is a piece to take "
                "(play {moves})",
                move=shown,
                moves=moves,
            )
        if _turns_back(path):
            # i18n: {move} a move as typed; {moves} the moves to play
            return IllegalMove(
                "{move} is not legal: a king never turns back 180° between two captures "
                "(play {moves})",
                move=shown,
                moves=moves,
            )
        # i18n: {move} a move as typed; {moves} the moves to play
        return IllegalMove(
            "{move} is not legal: capturing is compulsory (play {moves})", move=shown, moves=moves
        )

    def perft(self, position: TurkishPosition, depth: int) -> int:
        if depth == 0:
            return 1
        men, kings, opp_men, opp_kings, white = position.mover()
        return gen.perft(men, kings, opp_men, opp_kings, white, depth)

    def makes_progress(
        self, before: TurkishPosition, move: TurkishMove, after: TurkishPosition
    ) -> bool:
        """A capture, or a man stepping forward: the moves that cannot be taken back."""
        start, end = move.path[0], move.path[-1]
        return bool(move.captured) or (
            before.mover()[0] >> start & 1 == 1 and start // 8 != end // 8
        )

    # --- outcome -------------------------------------------------------------
    def outcome_at_sight(self, position: TurkishPosition) -> Outcome | None:
        """Every ending but those that need the moves: no legal move, and one piece each
        (a draw unless the side to move can capture)."""
        men, kings, opp_men, opp_kings, _ = position.mover()
        own, opp = (men | kings).bit_count(), (opp_men | opp_kings).bit_count()
        side = position.turn
        if not own:
            return Outcome(self.opponent(side), Termination.NO_PIECES, side)
        if not opp:
            return Outcome(side, Termination.NO_PIECES, self.opponent(side))
        return None

    def outcome(self, position: TurkishPosition) -> Outcome | None:
        seen = self.outcome_at_sight(position)
        if seen is not None:
            return seen
        men, kings, opp_men, opp_kings, white = position.mover()
        if gen.finished(men, kings, opp_men | opp_kings, white):
            return Outcome(None, ONE_PIECE_EACH)
        if gen.count(men, kings, opp_men | opp_kings, white):
            return None
        return Outcome(self.opponent(position.turn), Termination.NO_MOVES, position.turn)

    # --- position text ---------------------------------------------------------
    def encode(self, position: TurkishPosition) -> str:
        return encode(position)

    def decode(self, text: str) -> TurkishPosition:
        return decode(text, self.name)

    def diagram(self, position: TurkishPosition) -> str:
        return diagram(position)

    # --- what a picture needs --------------------------------------------------
    cell_names = NAMES
    step_neighbours = NEIGHBOURS

    def pieces(self, position: TurkishPosition) -> dict[str, str]:
        """Square -> 'w' or 'b' for a man, 'W' or 'B' for a king."""
        return {NAMES[s]: letter for s, letter in sorted(position.letters().items())}

    def move_cells(self, move: TurkishMove) -> tuple[str, ...]:
        return tuple(NAMES[s] for s in move.path)

    def captured_cells(self, position: TurkishPosition, move: TurkishMove) -> tuple[str, ...]:
        return tuple(NAMES[s] for s in move.captured)

    def is_jump(self, move: TurkishMove) -> bool:
        return bool(move.captured)


def _turns_back(path: tuple[int, ...]) -> bool:
    """Whether a path goes back along the line it came on (up then down, left then right)."""
    legs = [b - a for a, b in pairwise(path)]
    return any(a * b < 0 and (a % 8 == 0) == (b % 8 == 0) for a, b in pairwise(legs))


def _names(path: tuple[int, ...], route: tuple[int, ...]) -> bool:
    """Whether a typed path names a capture route: the route itself, or its start and end."""
    return path == route or (len(path) == 2 and (route[0], route[-1]) == path)


def _step_fault(
    position: TurkishPosition, path: tuple[int, ...], shown: str, man: bool, white: bool
) -> IllegalMove:
    """What breaks the movement rules in a move without a capture that is not legal."""
    start, end = path[0], path[1]
    files, ranks = end % 8 - start % 8, end // 8 - start // 8
    if files and ranks:
        # i18n: {move} a move as typed
        return IllegalMove(
            "{move} is not legal: pieces move straight along ranks and files, never diagonally",
            move=shown,
        )
    if man and white and ranks < 0:
        # i18n: {move} a move as typed
        return IllegalMove(
            "{move} is not legal: a man never moves backward (White's men move up the board)",
            move=shown,
        )
    if man and not white and ranks > 0:
        # i18n: {move} a move as typed
        return IllegalMove(
            "{move} is not legal: a man never moves backward (Black's men move down the board)",
            move=shown,
        )
    if len(path) > 2:
        # i18n: {move} a move as typed
        return IllegalMove(
            "{move} is not legal: there is nothing to capture: a move that takes nothing goes "
            "from one square to another",
            move=shown,
        )
    if man and abs(files) + abs(ranks) > 1:
        # i18n: {move} a move as typed
        return IllegalMove(
            "{move} is not legal: a man steps one square (it jumps only to capture)", move=shown
        )
    occupied = position.white_men | position.white_kings | position.black_men | position.black_kings
    if occupied >> end & 1:
        # i18n: {square} a square
        return IllegalMove(
            "{move} is not legal: {square} is not empty", move=shown, square=NAMES[end]
        )
    # i18n: {start} and {end} squares
    return IllegalMove(  # all else is legal
        "{move} is not legal: the way from {start} to {end} is not clear",
        move=shown,
        start=NAMES[start],
        end=NAMES[end],
    )
