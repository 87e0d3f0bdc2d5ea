"""The Crown (Alberto Hernández Marcos, 1989), exactly as shared/rules/the-crown.md defines it:
positions, notation, outcomes and words, over the move generation of `the_crown_movegen`."""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import NamedTuple

from .base import (
    Ending,
    Game,
    Outcome,
    Termination,
    clean_move_text,
    position_fields,
    quote,
    remembers_moves,
    suggest,
)
from .errors import BadPosition, IllegalMove, Word
from .the_crown_board import (
    BLACK_HOME,
    BLACK_KINGDOM,
    CROWN,
    INDEX,
    NAMES,
    NEIGHBOURS,
    ROWS,
    SIZE,
    WHITE_HOME,
    WHITE_KINGDOM,
    index_of,
)
from .the_crown_movegen import (
    BLACK,
    EMPTY,
    HOME,
    LEAVE,
    OTHER,
    OWN,
    PIECES,
    WHITE,
    attacked,
    checking_moves,
    finished,
    legal_moves,
    make,
    perft,
    pseudo_moves,
)

MAX_COUNT = {"P": 1, "K": 2, "S": 3}
#: a Prince on the crown wins; with no Prince left to win it, the game is drawn
PRINCE_CROWNED = Ending("prince-crowned", "Prince crowned")
NO_PRINCES = Ending("no-princes", "no Princes left")
_TOKEN = re.compile(r"^([pksPKS])([a-g]\d{1,2})$")
_MOVE = re.compile(r"^([a-g]\d{1,2})(?:[-x]?([a-g]\d{1,2})|(\+\+))$")


class TheCrownPosition(NamedTuple):
    """The board string and the side to move (a tuple, hashed in C: the search keys its
    tables by positions)."""

    board: str
    turn: str


class CrownMove(NamedTuple):
    """From and to cells; to == LEAVE for a checkmated Prince leaving the board (a tuple: the
    search compares and hashes moves at every node, and a tuple does so in C)."""

    src: int
    dst: int


def _text(src: int, dst: int) -> str:
    """A move's canonical text: 'a3-b4', or 'a3++' for a Prince leaving the board."""
    return f"{NAMES[src]}++" if dst == LEAVE else f"{NAMES[src]}-{NAMES[dst]}"


#: every move once, and its place in the canonical (text) order: legal moves come out sorted
#: and shared, never formatted or built again (the search asks for them at every node)
_PAIRS = [(src, dst) for src in range(SIZE) for dst in (*range(SIZE), LEAVE) if src != dst]
_ORDER = {pair: rank for rank, pair in enumerate(sorted(_PAIRS, key=lambda p: _text(*p)))}
_MOVES = {pair: CrownMove(*pair) for pair in _PAIRS}


def _canonical(pairs: list[tuple[int, int]]) -> list[CrownMove]:
    """Raw moves as the shared move objects, in canonical order (never formatted to sort)."""
    pairs.sort(key=_ORDER.__getitem__)
    return [_MOVES[pair] for pair in pairs]


def _sort_key(name: str) -> tuple[str, int]:
    return name[0], int(name[1:])


class TheCrown(Game[TheCrownPosition, CrownMove]):
    id, name, sides = "the-crown", "The Crown", (WHITE, BLACK)
    side_names = MappingProxyType({WHITE: "White", BLACK: "Black"})
    piece_names = MappingProxyType(
        {
            letter: (side, *names)
            for side, letters in ((WHITE, "PKS"), (BLACK, "pks"))
            for letter, names in zip(
                letters,
                (("Prince", "Princes"), ("Knight", "Knights"), ("Soldier", "Soldiers")),
                strict=True,
            )
        }
    )
    endings = (PRINCE_CROWNED, NO_PRINCES)
    asymmetric = False
    start = "Pg1 Kf1 Kf3 Se1 Se3 Se5 pa1 ka3 kb1 sa5 sb3 sc1 w"
    # [house] decisions where the reference program differs from the rules text, which we
    # follow: it scores a Princeless side's capture of the last piece a win, and draws at
    # a position's second occurrence
    rules_help = """\
Alberto Hernández Marcos's game (1989) on a triangle of 49 triangular cells in 7 rows. Cells
are named by a letter `a`–`g` (the `/` lines) and a number `1`–`13` (odd numbers point up);
the top cell **a13 is the crown**. Each side has a **Prince**, 2 **Knights** and 3
**Soldiers**; White starts on g1 (Prince), f1, f3, e1, e3, e5; Black mirrors it around a1.
**White moves first.**

- **Prince**: one step to a neighbouring cell (cells sharing an edge).
- **Knight**: slides any distance along any of the board's three line directions, never
  over a piece; it may capture the first enemy piece it meets.
- **Soldier**: one step to any neighbour (also sideways and back). Inside its own kingdom
  (the 9-cell triangle in its side's corner) it may instead move two cells along a line
  through an empty cell, in any direction.
- A piece moving onto an enemy captures it. Any piece may stand on the crown; only a Prince
  there wins.
- **Check**: your Prince may never be left attacked (not even when stepping onto the crown).
  If you are in check with no legal move you are **checkmated**: your Prince leaves the
  board (the move is written `a9++`) and your side plays on without it.
- **Promotion**: a Soldier ending on its own Prince's home cell (g1 White, a1 Black) becomes
  a Prince, but only when its side has no Prince — otherwise that move is illegal — and
  never into check.
- You **win** by moving your Prince onto a13, or by capturing every enemy piece while you
  still have your Prince. **[house]** A Princeless side that takes the opponent's last piece
  does not win: with no Princes left the game is drawn.
- **Draws**: neither side has a Prince; stalemate (no legal move, not in check); the same
  position for the third time (**[house]**). Agreement and resignation as in every game.
- How the original rules are read where they are silent: Soldiers' two-cell move goes in any
  direction; a Soldier in its kingdom also gives check from two cells away through an empty
  cell; a Soldier on the enemy's home cell is an ordinary piece.
- Moves: `e3-e4` (`e3xe4` and `e3e4` are accepted too; `x` does not have to be a capture),
  `a9++` for a checkmated Prince. Position: piece tokens then the side to move, e.g.
  `Pg1 Kf1 Kf3 Se1 Se3 Se5 pa1 ka3 kb1 sa5 sb3 sc1 w` (upper case White, lower case Black)."""

    def in_check(self, position: TheCrownPosition) -> bool:
        prince = position.board.find(PIECES[position.turn][0])
        return prince >= 0 and attacked(position.board, prince, OTHER[position.turn])

    def checked_cell(self, position: TheCrownPosition) -> str | None:
        if not self.in_check(position):
            return None
        return NAMES[position.board.find(PIECES[position.turn][0])]

    def forced_exit(self, position: TheCrownPosition) -> CrownMove | None:
        if not self.in_check(position):
            return None
        legal = self.legal_moves(position)
        return legal[0] if legal and legal[0].dst == LEAVE else None

    def outcome(self, position: TheCrownPosition) -> Outcome | None:
        if ended := self.outcome_at_sight(position):
            return ended
        if not self.legal_moves(position):  # (remembered: the next move is checked on them)
            return Outcome(None, Termination.STALEMATE, position.turn)
        return None

    def outcome_at_sight(self, position: TheCrownPosition) -> Outcome | None:
        """Every ending but stalemate."""
        board, side = position.board, position.turn
        if board[CROWN] in "Pp":
            return Outcome(WHITE if board[CROWN] == "P" else BLACK, PRINCE_CROWNED)
        enemy = OTHER[side]
        for loser, winner in ((side, enemy), (enemy, side)):
            if not any(p in board for p in OWN[loser]):
                if PIECES[winner][0] in board:
                    return Outcome(winner, Termination.NO_PIECES, loser)
                return Outcome(None, NO_PRINCES)
        if "P" not in board and "p" not in board:
            return Outcome(None, NO_PRINCES)
        return None

    @remembers_moves
    def legal_moves(self, position: TheCrownPosition) -> list[CrownMove]:
        if finished(position.board):
            return []
        return _canonical(legal_moves(position.board, position.turn))

    def checking_moves(self, position: TheCrownPosition) -> list[CrownMove]:
        if finished(position.board):
            return []
        return _canonical(checking_moves(position.board, position.turn))

    def apply(self, position: TheCrownPosition, move: CrownMove) -> TheCrownPosition:
        board = make(position.board, (move.src, move.dst), position.turn)
        return TheCrownPosition(board, OTHER[position.turn])

    def perft(self, position: TheCrownPosition, depth: int) -> int:
        return 1 if depth == 0 else perft(position.board, position.turn, depth)

    def format_move(self, move: CrownMove) -> str:
        return _text(move.src, move.dst)

    def parse_move(self, position: TheCrownPosition, text: str) -> CrownMove:
        cleaned = clean_move_text(text)
        m = _MOVE.match(cleaned)
        if not m or m.group(1) not in INDEX or (m.group(2) and m.group(2) not in INDEX):
            # i18n: {typed} what the player typed, quoted
            raise IllegalMove(
                "{typed} is not a move: name two cells like e3-e4 (a1 to a13, b1 to "
                "b11, and so on to g1), or a checkmated Prince's cell and ++ like a9++",
                typed=quote(text),
            )
        src = INDEX[m.group(1)]
        move = CrownMove(src, LEAVE if m.group(3) else INDEX[m.group(2)])
        legal = self.legal_moves_or_game_over(position)
        if move in legal:
            return move
        raise self._why_illegal(position, move, cleaned, legal)

    def _why_illegal(
        self, position: TheCrownPosition, move: CrownMove, shown: str, legal: list[CrownMove]
    ) -> IllegalMove:
        texts = [self.format_move(m) for m in legal]
        if legal[0].dst == LEAVE:
            # i18n: {move} a move as typed; {leave} the move to play ("a9++")
            return IllegalMove(
                "{move} is not legal: your Prince is checkmated and must leave ({leave})",
                move=shown,
                leave=texts[0],
            )
        board, side = position.board, position.turn
        piece = board[move.src]
        if piece not in OWN[side]:
            # i18n: {move} a move as typed; {side} a side's name ("White"); {cell} a cell
            return IllegalMove(
                "{move} is not legal: there is no {side} piece on {cell}",
                move=shown,
                side=Word(self.side_names[side]),
                cell=NAMES[move.src],
            )
        if move.dst == LEAVE:
            # i18n: {move} a move as typed
            return IllegalMove(
                "{move} is not legal: only a checkmated Prince leaves the board", move=shown
            )
        raw, cell = (move.src, move.dst), NAMES[move.dst]
        from_here = [t for m, t in zip(legal, texts, strict=True) if m.src == move.src]
        tries = suggest(from_here or texts)
        if raw in pseudo_moves(board, side):
            if piece == PIECES[side][2] and move.dst == HOME[side]:
                # i18n: {move} a move as typed; {moves} moves to try instead
                return IllegalMove(
                    "{move} is not legal: a Soldier cannot become a second Prince (try {moves})",
                    move=shown,
                    moves=tries,
                )
            # i18n: {move} a move as typed; {moves} moves to try instead
            return IllegalMove(
                "{move} is not legal: your Prince would be in check (try {moves})",
                move=shown,
                moves=tries,
            )
        if board[move.dst] in OWN[side]:
            kind = OWN[side].index(board[move.dst])
            if kind == 0:
                # i18n: {move} a move as typed; {cell} a cell; {moves} moves to try instead
                return IllegalMove(
                    "{move} is not legal: {cell} holds your own Prince (try {moves})",
                    move=shown,
                    cell=cell,
                    moves=tries,
                )
            if kind == 1:
                # i18n: {move} a move as typed; {cell} a cell; {moves} moves to try instead
                return IllegalMove(
                    "{move} is not legal: {cell} holds your own Knight (try {moves})",
                    move=shown,
                    cell=cell,
                    moves=tries,
                )
            # i18n: {move} a move as typed; {cell} a cell; {moves} moves to try instead
            return IllegalMove(
                "{move} is not legal: {cell} holds your own Soldier (try {moves})",
                move=shown,
                cell=cell,
                moves=tries,
            )
        # i18n: {move} a move as typed; {moves} moves to try instead
        return IllegalMove(
            "{move} is not legal: that piece cannot move there; no piece ever jumps over "
            "another (try {moves})",
            move=shown,
            moves=tries,
        )

    # --- what a picture needs --------------------------------------------------
    cell_names = NAMES
    step_neighbours = NEIGHBOURS
    regions = MappingProxyType(
        {
            "crown": frozenset({NAMES[CROWN]}),
            "white kingdom": frozenset(NAMES[c] for c in WHITE_KINGDOM),
            "black kingdom": frozenset(NAMES[c] for c in BLACK_KINGDOM),
        }
    )

    def pieces(self, position: TheCrownPosition) -> dict[str, str]:
        return {NAMES[c]: p for c, p in enumerate(position.board) if p != EMPTY}

    def move_cells(self, move: CrownMove) -> tuple[str, ...]:
        return (NAMES[move.src],) if move.dst == LEAVE else (NAMES[move.src], NAMES[move.dst])

    def captured_cells(self, position: TheCrownPosition, move: CrownMove) -> tuple[str, ...]:
        taken = move.dst != LEAVE and position.board[move.dst] != EMPTY
        return (NAMES[move.dst],) if taken else ()

    def encode(self, position: TheCrownPosition) -> str:
        tokens = []
        for letters in ("PKS", "pks"):
            for letter in letters:
                names = [NAMES[c] for c, p in enumerate(position.board) if p == letter]
                tokens += [letter + n for n in sorted(names, key=_sort_key)]
        return " ".join([*tokens, position.turn])

    def decode(self, text: str) -> TheCrownPosition:
        tokens = position_fields(text, self.name)
        if not tokens or tokens[-1] not in ("w", "b", "W", "B"):
            raise BadPosition(
                "the position must end with the side to move, w or b, like "
                "'Pg1 Kf1 Kf3 Se1 Se3 Se5 pa1 ka3 kb1 sa5 sb3 sc1 w'"
            )
        cells = [EMPTY] * SIZE
        for token in tokens[:-1]:
            m = _TOKEN.match(token)
            if not m:
                # i18n: {typed} what the position text has, quoted
                raise BadPosition(
                    "{typed} is not a piece: write a letter (P, K, S for White; "
                    "p, k, s for Black) and a cell, like Pg1, and the side to move only last",
                    typed=quote(token),
                )
            letter, name = m.groups()
            if name not in INDEX:
                raise BadPosition("{cell} is not a cell of the board", cell=name)
            if cells[INDEX[name]] != EMPTY:
                raise BadPosition("two pieces stand on {cell}", cell=name)
            cells[INDEX[name]] = letter
        board = "".join(cells)
        for letter, limit in MAX_COUNT.items():
            for side_letter in (letter, letter.lower()):
                if board.count(side_letter) > limit:
                    # i18n: {most} a number; {letter} a piece's letter (P, K or S)
                    raise BadPosition(
                        "a side has at most {most} piece(s) of type {letter}",
                        most=limit,
                        letter=letter,
                    )
        if board[WHITE_HOME] == "S" or board[BLACK_HOME] == "s":
            raise BadPosition("a Soldier cannot stand on its own home cell (it would be a Prince)")
        turn = tokens[-1].lower()
        waiting = board.find(PIECES[OTHER[turn]][0])
        if waiting >= 0 and attacked(board, waiting, turn):
            raise BadPosition("the side not to move is in check: that cannot happen in a game")
        return TheCrownPosition(board, turn)

    def diagram(self, position: TheCrownPosition) -> str:
        """The board row by row, each labelled with its first and last cells' names."""
        rows = []
        for y in range(ROWS - 1, -1, -1):
            indexes = [index_of(y, i) for i in range(13 - 2 * y)]
            first, last = NAMES[indexes[0]], NAMES[indexes[-1]]
            label = first if first == last else f"{first}…{last}"
            cells = "".join(f"{position.board[c]:<4}" for c in indexes).rstrip()
            rows.append(f"{label:<8}" + "    " * y + cells)
        return "\n".join(rows)
