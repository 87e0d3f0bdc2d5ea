"""Checkers (English draughts), exactly as shared/rules/checkers.md defines it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType

from . import checkers_movegen as gen
from .base import (
    Game,
    Outcome,
    Termination,
    clean_move_text,
    men_and_kings,
    not_from_there,
    position_fields,
    quote,
    remembers_moves,
    suggest,
)
from .checkers_ballots import BALLOTS
from .checkers_board import BLACK_CROWN_ROW, WHITE_CROWN_ROW, bits_of, row_col, square_at
from .errors import BadPosition, IllegalMove, Word

BLACK, WHITE = "b", "w"
MAX_PIECES = 12


@dataclass(frozen=True, slots=True)
class CheckersPosition:
    """Bitboards (bit i = square i+1) and the side to move."""

    black_men: int
    black_kings: int
    white_men: int
    white_kings: int
    turn: str

    def mover(self) -> tuple[int, int, int, int, bool]:
        """(men, kings, opponent men, opponent kings, mover is Black)."""
        if self.turn == BLACK:
            return self.black_men, self.black_kings, self.white_men, self.white_kings, True
        return self.white_men, self.white_kings, self.black_men, self.black_kings, False


@dataclass(frozen=True, slots=True, order=True)
class CheckersMove:
    """A move is its path: origin then every landing square (PDN square numbers)."""

    path: tuple[int, ...]
    capture: bool

    def captured_squares(self) -> tuple[int, ...]:
        """The squares of the pieces this capture takes, in jump order."""
        if not self.capture:
            return ()
        out = []
        for a, b in zip(self.path, self.path[1:], strict=False):
            (ra, ca), (rb, cb) = row_col(a), row_col(b)
            out.append(4 * ((ra + rb) // 2) + ((ca + cb) // 2) // 2 + 1)
        return tuple(out)


def _to_move(raw: gen.RawMove) -> CheckersMove:
    path, captured = raw
    return CheckersMove(tuple(i + 1 for i in path), captured != 0)


Moves = list[CheckersMove]
_FEN_WRAPPER = re.compile(r'^\[fen"(.*)"\]$')
_RANGE = re.compile(r"^(k?)(\d+)(?:-(\d+))?$")
_MOVE = re.compile(r"^\d+(?:[-x]\d+)+$")


def _diagonal_neighbours(square: int) -> tuple[int, ...]:
    """The squares (by index, square - 1) a king steps to from a square."""
    row, col = row_col(square)
    around = (square_at(row + dr, col + dc) for dr in (-1, 1) for dc in (-1, 1))
    return tuple(n - 1 for n in around if n is not None)


class Checkers(Game[CheckersPosition, CheckersMove]):
    id, name, sides = "checkers", "Checkers", (BLACK, WHITE)
    side_names = MappingProxyType({BLACK: "Black", WHITE: "White"})
    piece_names = men_and_kings(BLACK, WHITE)
    no_progress_limit, no_progress_reason = 80, "40-move rule"
    pdn_game_type = 21  # English draughts
    asymmetric = False
    ballots = BALLOTS
    #: captures are compulsory (the rules); False: free jumps, a house rule
    forced_capture = True
    start = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    rules_help = """\
English draughts (American checkers) on the 32 dark squares, numbered 1–32 from Black's side
(Black starts on 1–12, White on 21–32). **Black moves first.**

- Men step one square diagonally forward; kings one square diagonally in any direction.
- **Capturing is mandatory**, but you choose which capture and which sequence — there is no
  rule to take the most pieces. A multi-jump must be completed; a piece is jumped at most once.
- A man reaching the far row is crowned and **the move ends there**, even if the new king
  could jump on. A king may jump through the end rows and may finish a loop on its start square.
- You **lose** when you have no legal move: no pieces left, or every piece blocked.
- **Draws** [house, for online play]: the same position (pieces and side to move) for the
  third time; 40 moves by each side with no capture and no man move; or agreement.
  Either player may resign.
- **Ballots**: a pair of games may start from one of the ACF's 156 three-move openings,
  drawn at random and played twice, colours reversed (`opening:ballot`).
- **Free jumps** [house, casual games only]: captures are optional (`captures:free`); such
  a game is unrated.
- Moves: `11-15` (step), `15x24` or `1x10x19` (captures, every landing square). Spaces are
  ignored and `-`/`x` are interchangeable; the short form `1x19` works when it names one
  capture. Positions are PDN FEN: `B:W21-32:B1-12` (side to move, White's squares, Black's
  squares, `K` before a king)."""

    # --- moves ---------------------------------------------------------------
    def listed_moves(self, position: CheckersPosition) -> list[CheckersMove]:
        """Every legal move, sorted (what `legal_moves` remembers)."""
        men, kings, opp_men, opp_kings, black = position.mover()
        found = gen.generate(men, kings, opp_men | opp_kings, black, self.forced_capture)
        return sorted(map(_to_move, found))

    @remembers_moves
    def legal_moves(self, position: CheckersPosition) -> list[CheckersMove]:
        return self.listed_moves(position)

    def apply(self, position: CheckersPosition, move: CheckersMove) -> CheckersPosition:
        men, kings, opp_men, opp_kings, black = position.mover()
        captured = 0
        for square in move.captured_squares():
            captured |= 1 << (square - 1)
        raw = (tuple(s - 1 for s in move.path), captured)
        men, kings, opp_men, opp_kings = gen.make(men, kings, opp_men, opp_kings, raw, black)
        if black:
            return CheckersPosition(men, kings, opp_men, opp_kings, WHITE)
        return CheckersPosition(opp_men, opp_kings, men, kings, BLACK)

    def format_move(self, move: CheckersMove) -> str:
        return ("x" if move.capture else "-").join(map(str, move.path))

    def parse_move(self, position: CheckersPosition, text: str) -> CheckersMove:
        cleaned = clean_move_text(text)
        if not _MOVE.match(cleaned):
            # i18n: {typed} what the player typed, quoted
            raise IllegalMove(
                "{typed} is not a checkers move: write squares 1-32 joined by '-' or "
                "'x', like 11-15 or 15x24",
                typed=quote(text),
            )
        path = tuple(int(s) for s in re.split(r"[-x]", cleaned))
        for square in path:
            if not 1 <= square <= 32:
                raise IllegalMove(
                    "square {square} is not on the board: squares are 1-32", square=square
                )
        legal = self.legal_moves_or_game_over(position)
        shown = cleaned
        exact = [m for m in legal if m.path == path]
        if exact:  # a full path always wins over the short capture form
            return exact[0]
        if len(path) == 2:
            matches = [m for m in legal if m.path[0] == path[0] and m.path[-1] == path[1]]
            if len({frozenset(m.captured_squares()) for m in matches}) > 1:
                options = ", ".join(self.format_move(m) for m in matches)
                # i18n: {move} a move as typed ("15x24"); {options} the moves it may mean
                raise IllegalMove(
                    "{move} is ambiguous: say which, one of {options}", move=shown, options=options
                )
            if matches:
                return matches[0]
        raise self._why_illegal(position, path, shown, legal)

    def _why_illegal(
        self, position: CheckersPosition, path: tuple[int, ...], shown: str, legal: Moves
    ) -> IllegalMove:
        origin = path[0]
        side = Word(self.side_names[position.turn])
        own = position.black_men | position.black_kings
        if position.turn == WHITE:
            own = position.white_men | position.white_kings
        if not own >> (origin - 1) & 1:
            # i18n: {move} a move as typed; {side} a side's name ("Black"); {square} a square
            return IllegalMove(
                "{move} is not legal: there is no {side} piece on {square}",
                move=shown,
                side=side,
                square=origin,
            )
        texts = [self.format_move(m) for m in legal]
        if self.forced_capture and legal[0].capture:
            from_here = [t for m, t in zip(legal, texts, strict=True) if m.path[0] == origin]
            tries = from_here or texts
            # i18n: {move} a move as typed; {moves} moves to try instead
            return IllegalMove(
                "{move} is not legal: a capture is mandatory (try {moves})",
                move=shown,
                moves=suggest(tries),
            )
        from_here = [t for m, t in zip(legal, texts, strict=True) if m.path[0] == origin]
        return not_from_there(shown, origin, from_here, texts)

    def perft(self, position: CheckersPosition, depth: int) -> int:
        if depth == 0:
            return 1
        men, kings, opp_men, opp_kings, black = position.mover()
        return gen.perft(men, kings, opp_men, opp_kings, black, depth, self.forced_capture)

    def makes_progress(
        self, before: CheckersPosition, move: CheckersMove, after: CheckersPosition
    ) -> bool:
        men = before.mover()[0]
        return move.capture or bool(men >> (move.path[0] - 1) & 1)

    # --- outcome -------------------------------------------------------------
    def outcome(self, position: CheckersPosition) -> Outcome | None:
        men, kings, opp_men, opp_kings, black = position.mover()
        if gen.count(men, kings, opp_men | opp_kings, black):
            return None
        why = Termination.NO_PIECES if not men | kings else Termination.NO_MOVES
        return Outcome(self.opponent(position.turn), why, position.turn)

    # --- position text ---------------------------------------------------------
    # --- what a picture needs --------------------------------------------------
    cell_names = tuple(str(square) for square in range(1, 33))
    step_neighbours = tuple(_diagonal_neighbours(square) for square in range(1, 33))

    def pieces(self, position: CheckersPosition) -> dict[str, str]:
        """Square -> 'b' or 'w' for a man, 'B' or 'W' for a king."""
        out = {}
        for bits, letter in (
            (position.black_men, "b"), (position.black_kings, "B"),
            (position.white_men, "w"), (position.white_kings, "W"),
        ):  # fmt: skip
            for i in bits_of(bits):
                out[str(i + 1)] = letter
        return out

    def move_cells(self, move: CheckersMove) -> tuple[str, ...]:
        return tuple(map(str, move.path))

    def captured_cells(self, position: CheckersPosition, move: CheckersMove) -> tuple[str, ...]:
        return tuple(map(str, move.captured_squares()))

    def is_jump(self, move: CheckersMove) -> bool:
        return move.capture

    def encode(self, position: CheckersPosition) -> str:
        def side_list(men: int, kings: int) -> str:
            items = sorted(
                [(i + 1, str(i + 1)) for i in bits_of(men)]
                + [(i + 1, f"K{i + 1}") for i in bits_of(kings)]
            )
            return ",".join(text for _, text in items)

        white = side_list(position.white_men, position.white_kings)
        black = side_list(position.black_men, position.black_kings)
        return f"{position.turn.upper()}:W{white}:B{black}"

    def decode(self, text: str) -> CheckersPosition:
        s = "".join(position_fields(text, self.name)).lower()
        if wrapped := _FEN_WRAPPER.match(s):
            s = wrapped.group(1)
        s = s.removesuffix(".")
        fields = s.split(":")
        if len(fields) != 3:
            raise BadPosition(
                "a checkers FEN has three fields separated by ':', like "
                "B:W21-32:B1-12 (side to move, White's squares, Black's squares)"
            )
        turn, *lists = fields
        if turn not in (BLACK, WHITE):
            # i18n: {typed} what the position text has instead, quoted
            raise BadPosition("the side to move must be B or W, not {typed}", typed=quote(turn))
        pieces: dict[str, tuple[int, int]] = {}
        seen = 0
        for field in lists:
            colour, items = field[:1], field[1:]
            if colour not in (BLACK, WHITE) or colour in pieces:
                raise BadPosition("a checkers FEN needs one W list and one B list")
            men = kings = 0
            for item in filter(None, items.split(",")):
                for square, king in _expand(item):
                    bit = 1 << (square - 1)
                    if seen & bit:
                        raise BadPosition("square {square} is listed twice", square=square)
                    seen |= bit
                    if king:
                        kings |= bit
                    else:
                        men |= bit
            if (men | kings).bit_count() > MAX_PIECES:
                raise BadPosition("a side has at most {most} pieces", most=MAX_PIECES)
            crown = BLACK_CROWN_ROW if colour == BLACK else WHITE_CROWN_ROW
            if men & crown:
                square = next(bits_of(men & crown)) + 1
                # i18n: {side} a side's name ("Black"); {square} a square's number
                raise BadPosition(
                    "a {side} man cannot stand on {square}",
                    side=Word(self.side_names[colour]),
                    square=square,
                )
            pieces[colour] = (men, kings)
        (bm, bk), (wm, wk) = pieces[BLACK], pieces[WHITE]
        return CheckersPosition(bm, bk, wm, wk, turn)

    def diagram(self, position: CheckersPosition) -> str:
        rows = []
        for row in range(8):
            cells = []
            for k in range(4):
                bit = 1 << (row * 4 + k)
                mark = "."
                for board, char in (
                    (position.black_men, "b"),
                    (position.black_kings, "B"),
                    (position.white_men, "w"),
                    (position.white_kings, "W"),
                ):
                    if board & bit:
                        mark = char
                cells.append(mark)
            pad = " " if row % 2 == 0 else ""
            numbers = " ".join(f"{row * 4 + k + 1:2d}" for k in range(4))
            rows.append(f"{pad}{' '.join(cells):<8}{'' if pad else ' '}   {numbers}")
        return "\n".join(rows)


class FreeJumpCheckers(Checkers):
    """Checkers with free jumps, a house rule of casual play: a capture may be made or not
    (a multi-jump begun is still completed). Not a game of its own (GAMES never lists it):
    unrated, never in a tournament."""

    house_rule = "free jumps"
    forced_capture = False

    @remembers_moves
    def legal_moves(self, position: CheckersPosition) -> list[CheckersMove]:
        """As Checkers lists them, remembered apart (Checkers' are another rule's)."""
        return self.listed_moves(position)


def _expand(item: str) -> list[tuple[int, bool]]:
    """Squares named by one FEN item: `21`, `K7`, a range `21-32` or `K1-3`."""
    m = _RANGE.match(item)
    if not m:
        # i18n: {typed} what the position text has, quoted
        raise BadPosition(
            "{typed} is not a square, a king (K7) or a range (21-32)", typed=quote(item)
        )
    king = m.group(1) == "k"
    first = int(m.group(2))
    last = int(m.group(3)) if m.group(3) else first
    for square in (first, last):
        if not 1 <= square <= 32:
            raise BadPosition(
                "square {square} is not on the board: squares are 1-32", square=square
            )
    if last < first:
        raise BadPosition("the range {first}-{last} runs backwards", first=first, last=last)
    return [(s, king) for s in range(first, last + 1)]
