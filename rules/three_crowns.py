"""3 Crowns (Larry Back, 2001), exactly as shared/rules/three-crowns.md defines it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType

from .base import (
    Ending,
    Game,
    Outcome,
    Termination,
    position_fields,
    quote,
    remembers_moves,
    suggest,
)
from .errors import BadPosition, IllegalMove, Word
from .grid import ALL_EIGHT, EMPTY, LINE_DIRECTIONS, Grid, GridPictures, PathMove

GREEN, BLACK = "g", "b"
GRID = Grid(8, 8)
NEIGHBOURS = GRID.neighbours(ALL_EIGHT)
STEPS = GRID.step_moves(NEIGHBOURS, written_with_x=False)
#: JUMPS[cell]: (jumped cell, landing cell) in each direction where both are on the board
JUMPS = tuple(
    tuple(
        sorted(
            ((GRID.step(c, d), GRID.step(c, d, 2)) for d in ALL_EIGHT if GRID.step(c, d, 2) >= 0),
            key=lambda jump: GRID.names[jump[1]],
        )
    )
    for c in range(GRID.size)
)
#: LINES[cell]: for each line through the cell, the rays on its two sides
LINES = tuple(
    tuple((GRID.ray(c, d), GRID.ray(c, (-d[0], -d[1]))) for d in LINE_DIRECTIONS)
    for c in range(GRID.size)
)
MAX_STONES = 10
CAPTURES_TO_WIN = 3
#: the two ways to win: captures enough, or a Crowned Troika
CAPTURED_THREE = Ending("captures", "captured three stones")
CROWNED_TROIKA = Ending("crowned-troika", "Crowned Troika")
#: equalizer field values besides a cell index
EQ_FIRST_TURN, EQ_OFF = -1, -2
_CAPTURES = re.compile(r"^(\d{1,2})-(\d{1,2})$")


@dataclass(frozen=True, slots=True)
class ThreeCrownsPosition:
    """64 cells ('g'/'b' uncrowned, 'G'/'B' crowned, '.' empty), index = (rank-1)*8 + file."""

    board: str
    turn: str
    captures: tuple[int, int]  # stones captured by Green, by Black
    equalizer: int  # cell of the stone Green must move next, or EQ_FIRST_TURN / EQ_OFF


def in_line_of_three(board: str | list[str], cell: int, stone: str) -> bool:
    """Whether `cell` is part of 3+ consecutive `stone`s on a rank, file or diagonal."""
    for forward, backward in LINES[cell]:
        run = 1
        for ray in (forward, backward):
            for c in ray:
                if board[c] != stone:
                    break
                run += 1
        if run >= 3:
            return True
    return False


def has_crowned_troika(board: str, side: str) -> bool:
    crowned = side.upper()
    return any(
        board[c] == crowned and in_line_of_three(board, c, crowned) for c in range(GRID.size)
    )


def _side_index(side: str) -> int:
    return 0 if side == GREEN else 1


class ThreeCrowns(GridPictures, Game[ThreeCrownsPosition, PathMove]):
    id, name, sides = "three-crowns", "3 Crowns", (GREEN, BLACK)
    side_names = MappingProxyType({GREEN: "Green", BLACK: "Black"})
    piece_names = MappingProxyType(
        {
            letter: (side, *names)
            for side in (GREEN, BLACK)
            for letter, names in (
                (side, ("stone", "stones")),
                (side.upper(), ("crowned stone", "crowned stones")),
            )
        }
    )
    no_progress_limit = 100
    no_progress_reason = "100 turns without a capture or a change of crown"
    endings = (CAPTURED_THREE, CROWNED_TROIKA)
    asymmetric = False
    start = "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g 0-0 *"
    rules_help = """\
Larry Back's game (2001) on an 8×8 board, 10 stones a side, all **uncrowned** at the start.
**[house]** Green moves first.

- A **Troika** is 3 or more of your uncrowned stones in a row on a rank, file or diagonal; a
  **Crowned Troika** is the same with crowned stones.
- A turn is a **step** — any stone to one of its 8 neighbouring empty cells — or a **double
  jump**: exactly two jumps by one stone over adjacent enemy stones onto empty cells, the
  second in any direction. A crowned stone jumps only uncrowned stones; an uncrowned stone
  jumps only crowned ones. **[house]** The two jumped stones must be different stones.
- Only the **second** jumped stone is affected: a crowned jumper captures it; an uncrowned
  jumper uncrowns it — or captures it if, uncrowned, it would stand in a Troika of its owner.
- An uncrowned stone that steps or double-jumps into a Troika is **crowned** (only that stone).
- **Equalizer**: Green's first two turns must move the same stone. **[house]** If that stone
  has been captured or cannot move, any move may be made.
- You **win** when you have captured 3 stones in all, or own a Crowned Troika.
  **[house]** A player with no legal move loses (passing is not allowed).
- **[house] Draws**: the same position (board, side to move, captures, equalizer) for the
  third time; 100 turns in a row with no capture, crowning or uncrowning; or agreement.
  Either player may resign.
- Moves: `f3-e3` (step), `d6xd4xf4` (double jump: start, first landing, second landing;
  `d6xf4` is enough when only one double jump joins the two cells). Position:
  `bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g 0-0 *` — board (ranks 8 to 1, `g`/`b` uncrowned,
  `G`/`B` crowned), side to move, captures Green-Black, and the equalizer (`*` before the
  first turn, then the cell of the stone Green must move next, `-` once it no longer applies)."""

    def _won_by_last_mover(self, position: ThreeCrownsPosition) -> Outcome | None:
        last = self.opponent(position.turn)
        if position.captures[_side_index(last)] >= CAPTURES_TO_WIN:
            return Outcome(last, CAPTURED_THREE)
        if has_crowned_troika(position.board, last):
            return Outcome(last, CROWNED_TROIKA)
        return None

    def outcome(self, position: ThreeCrownsPosition) -> Outcome | None:
        if won := self._won_by_last_mover(position):
            return won
        if not self._moves(position):
            return Outcome(self.opponent(position.turn), Termination.NO_MOVES, position.turn)
        return None

    def _all_moves(self, board: str, side: str) -> list[PathMove]:
        """Every move of `side`, in canonical order (see Grid.name_order)."""
        own = (side, side.upper())
        opponent = BLACK if side == GREEN else GREEN
        out: list[PathMove] = []
        for cell in GRID.name_order:
            stone = board[cell]
            if stone not in own:
                continue
            out.extend(move for n, move in STEPS[cell].items() if board[n] == EMPTY)
            prey = opponent if stone.isupper() else opponent.upper()
            for first, landing in JUMPS[cell]:
                if board[first] != prey or board[landing] != EMPTY:
                    continue
                out.extend(
                    PathMove((cell, landing, end), True)
                    for second, end in JUMPS[landing]
                    if second != first and board[second] == prey and board[end] == EMPTY
                )
        return out

    @remembers_moves
    def _moves(self, position: ThreeCrownsPosition) -> list[PathMove]:
        moves = self._all_moves(position.board, position.turn)
        if position.turn == GREEN and position.equalizer >= 0:
            same_stone = [m for m in moves if m.path[0] == position.equalizer]
            return same_stone or moves
        return moves

    def legal_moves(self, position: ThreeCrownsPosition) -> list[PathMove]:
        if self._won_by_last_mover(position):
            return []
        return self._moves(position)

    def apply(self, position: ThreeCrownsPosition, move: PathMove) -> ThreeCrownsPosition:
        board = list(position.board)
        src, dst = move.path[0], move.path[-1]
        stone = board[src]
        board[src], board[dst] = EMPTY, stone
        captures = list(position.captures)
        if move.written_with_x:
            second = (move.path[1] + dst) // 2
            victim = board[second].lower()
            if stone.isupper():
                board[second] = EMPTY
            else:
                board[second] = victim
                if in_line_of_three(board, second, victim):
                    board[second] = EMPTY
            if board[second] == EMPTY:
                captures[_side_index(position.turn)] += 1
        if stone.islower() and in_line_of_three(board, dst, stone):
            board[dst] = stone.upper()
        equalizer = position.equalizer
        if equalizer == EQ_FIRST_TURN:
            equalizer = dst
        elif equalizer >= 0 and (position.turn == GREEN or board[equalizer] == EMPTY):
            equalizer = EQ_OFF
        return ThreeCrownsPosition(
            "".join(board), self.opponent(position.turn), (captures[0], captures[1]), equalizer
        )

    def makes_progress(
        self, before: ThreeCrownsPosition, move: PathMove, after: ThreeCrownsPosition
    ) -> bool:
        return before.captures != after.captures or any(
            before.board.count(c) != after.board.count(c) for c in "GB"
        )

    def format_move(self, move: PathMove) -> str:
        return GRID.format_path(move)

    def parse_move(self, position: ThreeCrownsPosition, text: str) -> PathMove:
        path, shown = GRID.parse_path(text, ("f3-e3", "d6xd4xf4"))
        legal = self.legal_moves_or_game_over(position)
        if len(path) == 2:
            matches = [m for m in legal if (m.path[0], m.path[-1]) == path]
            if len(matches) > 1:
                options = ", ".join(self.format_move(m) for m in matches)
                # i18n: {move} a move as typed ("d6xf4"); {options} the moves it may mean
                raise IllegalMove(
                    "{move} is ambiguous: say which, one of {options}", move=shown, options=options
                )
        else:
            matches = [m for m in legal if m.path == path]
        if matches:
            return matches[0]
        raise self._why_illegal(position, path, shown, legal)

    def _why_illegal(
        self,
        position: ThreeCrownsPosition,
        path: tuple[int, ...],
        shown: str,
        legal: list[PathMove],
    ) -> IllegalMove:
        src = path[0]
        texts = [self.format_move(m) for m in legal]
        if position.board[src].lower() != position.turn:
            side = Word(self.side_names[position.turn])
            # i18n: {move} a move as typed; {side} a side's name ("Green"); {cell} a cell
            return IllegalMove(
                "{move} is not legal: there is no {side} stone on {cell}",
                move=shown,
                side=side,
                cell=GRID.names[src],
            )
        if {m.path[0] for m in legal} == {position.equalizer}:
            # i18n: {move} a move as typed; {cell} a cell; {moves} moves to try instead
            return IllegalMove(
                "{move} is not legal: Green's first two turns must move the same stone, "
                "the one on {cell} (try {moves})",
                move=shown,
                cell=GRID.names[position.equalizer],
                moves=suggest(texts),
            )
        if len(path) > 3:
            # i18n: {move} a move as typed
            return IllegalMove(
                "{move} is not legal: a double jump is exactly two jumps, like d6xd4xf4",
                move=shown,
            )
        from_here = [t for m, t in zip(legal, texts, strict=True) if m.path[0] == src]
        if not from_here:
            # i18n: {move} a move as typed; {cell} a cell
            return IllegalMove(
                "{move} is not legal: the stone on {cell} cannot move",
                move=shown,
                cell=GRID.names[src],
            )
        # i18n: {move} a move as typed; {cell} a cell; {moves} the moves from it
        return IllegalMove(
            "{move} is not legal (from {cell} you can play {moves})",
            move=shown,
            cell=GRID.names[src],
            moves=suggest(from_here),
        )

    # --- what a picture needs (pieces and move cells: GridPictures) ------------
    grid = GRID
    cell_names = GRID.names
    step_neighbours = NEIGHBOURS

    def captured_cells(self, position: ThreeCrownsPosition, move: PathMove) -> tuple[str, ...]:
        """A double jump takes or uncrowns the second stone it jumps."""
        if not move.written_with_x:
            return ()
        return (GRID.names[(move.path[1] + move.path[2]) // 2],)

    def jumped_cells(self, position: ThreeCrownsPosition, move: PathMove) -> tuple[str, ...]:
        """A double jump leaves the first stone it jumps as it was."""
        if not move.written_with_x:
            return ()
        return (GRID.names[(move.path[0] + move.path[1]) // 2],)

    def winning_cells(self, position: ThreeCrownsPosition) -> tuple[str, ...]:
        """The Crowned Troika that won: every crowned stone of the winner in a line of 3+."""
        won = self._won_by_last_mover(position)
        if won is None or won.termination != CROWNED_TROIKA:
            return ()
        crowned = (won.winner or "").upper()
        board = position.board
        cells = [c for c in GRID.name_order if board[c] == crowned]
        return tuple(GRID.names[c] for c in cells if in_line_of_three(board, c, crowned))

    def is_jump(self, move: PathMove) -> bool:
        return move.written_with_x

    def encode(self, position: ThreeCrownsPosition) -> str:
        green, black = position.captures
        eq = {EQ_FIRST_TURN: "*", EQ_OFF: "-"}.get(position.equalizer)
        equalizer = eq or GRID.names[position.equalizer]
        return f"{GRID.encode_board(position.board)} {position.turn} {green}-{black} {equalizer}"

    def decode(self, text: str) -> ThreeCrownsPosition:
        fields = position_fields(text, self.name)
        if len(fields) != 4:
            # i18n: {game} a game's name; {example} a position text
            raise BadPosition(
                "a position of {game} has four fields: board, side to move, captures and "
                "equalizer, like {example}",
                game=Word(self.name),
                example=self.start,
            )
        board_text, turn, captures_text, eq_text = fields
        board = GRID.decode_board(board_text, "gbGB")
        for side in self.sides:
            if sum(board.count(c) for c in (side, side.upper())) > MAX_STONES:
                # i18n: {side} a side's name ("Green"); {most} a number
                raise BadPosition(
                    "{side} has more than {most} stones",
                    side=Word(self.side_names[side]),
                    most=MAX_STONES,
                )
        if turn not in self.sides:
            # i18n: {typed} what the position text has instead, quoted
            raise BadPosition("the side to move must be g or b, not {typed}", typed=quote(turn))
        m = _CAPTURES.match(captures_text)
        if not m or max(int(m.group(1)), int(m.group(2))) > MAX_STONES:
            # i18n: {typed} what the position text has instead, quoted
            raise BadPosition(
                "captures are written Green-Black, like 0-1, not {typed}",
                typed=quote(captures_text),
            )
        if eq_text == "*":
            if turn != GREEN:
                raise BadPosition("'*' (before the first turn) needs Green to move")
            equalizer = EQ_FIRST_TURN
        elif eq_text == "-":
            equalizer = EQ_OFF
        else:
            equalizer = GRID.cell(eq_text)
            if board[equalizer].lower() != GREEN:
                # i18n: {cell} a cell
                raise BadPosition("the equalizer cell {cell} must hold a Green stone", cell=eq_text)
        return ThreeCrownsPosition(board, turn, (int(m.group(1)), int(m.group(2))), equalizer)

    def diagram(self, position: ThreeCrownsPosition) -> str:
        rows = [
            f"{rank}  " + " ".join(position.board[(rank - 1) * 8 : rank * 8])
            for rank in range(8, 0, -1)
        ]
        return "\n".join([*rows, "   a b c d e f g h"])
