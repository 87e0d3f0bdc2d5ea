"""Move generation for the diagonal draughts games (the engine's hot path), side-relative on
bitmasks: `own` and `opp` the mover's and the opponent's pieces, `kings` both sides' kings.

A raw move is `(path, captured)`: the squares the piece visits (start, then every landing
square) and the squares of the pieces it takes, in the order it takes them (() for a step).
Captured pieces stay on the board until the capture is over: they block a king's way and
none is jumped twice (the "Turkish strike"); the mover's start square counts as empty."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .checkers_board import bits_of
from .draughts_board import DIRECTIONS, FORWARD, OPPOSITE, DiagonalBoard

RawMove = tuple[tuple[int, ...], tuple[int, ...]]


class Precedence(Enum):
    """Which of the complete captures a player may choose."""

    FREE = "any of them"
    MOST = "one that takes the most pieces, kings and men alike"
    #: FID: the most pieces; then with a king; then the most kings; then a king earliest
    ITALIAN = "the most pieces, then with a king, then the most kings, then a king earliest"


@dataclass(frozen=True, slots=True)
class CaptureRules:
    """How a game's pieces move and capture: the facts its move generator reads."""

    men_capture_backward: bool
    men_capture_kings: bool
    #: kings move and capture any distance along a free diagonal (else one step, as men)
    flying_kings: bool
    precedence: Precedence
    #: a man reaching the far row during a capture is crowned at once and goes on capturing
    #: as a king (Russian); otherwise only a move that ends there crowns
    crowned_mid_capture: bool


class MoveGenerator:
    """One game's move generation: its board's rays and its capture rules."""

    def __init__(self, board: DiagonalBoard, rules: CaptureRules) -> None:
        self.board, self.rules = board, rules
        self.rays = board.rays
        self.flying = rules.flying_kings
        self.man_directions = {
            side: DIRECTIONS if rules.men_capture_backward else forward
            for side, forward in FORWARD.items()
        }

    # --- the whole list ---------------------------------------------------------
    def generate(self, own: int, opp: int, kings: int, side: str) -> list[RawMove]:
        """Every legal raw move: the captures the rules allow, else the steps."""
        captures = self.captures(own, opp, kings, side)
        return captures or self.steps(own, opp, kings, side)

    def count(self, own: int, opp: int, kings: int, side: str) -> int:
        """How many legal moves there are, without building the men's steps."""
        captures = self.captures(own, opp, kings, side)
        if captures:
            return len(captures)
        board, empty = self.board, ~(own | opp) & self.board.full
        men = own & ~kings
        total = sum((board.shift(men, d) & empty).bit_count() for d in FORWARD[side])
        return total + len(self._king_steps(own & kings, empty))

    def steps(self, own: int, opp: int, kings: int, side: str) -> list[RawMove]:
        """The moves that take nothing (legal when no capture is)."""
        empty = ~(own | opp) & self.board.full
        men = own & ~kings
        out: list[RawMove] = []
        for d in FORWARD[side]:
            for amount, mask in self.board.shifts[d]:
                source = men & mask
                targets = (source << amount if amount > 0 else source >> -amount) & empty
                out.extend(((t - amount, t), ()) for t in bits_of(targets))
        out.extend(self._king_steps(own & kings, empty))
        return out

    def _king_steps(self, kings: int, empty: int) -> list[RawMove]:
        out: list[RawMove] = []
        for start in bits_of(kings):
            for ray in self.rays[start]:
                for square in ray:
                    if not empty >> square & 1:
                        break
                    out.append(((start, square), ()))
                    if not self.flying:
                        break
        return out

    # --- captures --------------------------------------------------------------
    def captures(self, own: int, opp: int, kings: int, side: str) -> list[RawMove]:
        """The captures the rules let the mover choose, one per start, end and set taken."""
        found = self.all_captures(own, opp, kings, side)
        if len(found) > 1:
            found = _distinct(self._chosen(found, kings))
        return found

    def all_captures(self, own: int, opp: int, kings: int, side: str) -> list[RawMove]:
        """Every complete capture sequence, before the precedence rules choose among them."""
        men_prey = opp if self.rules.men_capture_kings else opp & ~kings
        out: list[RawMove] = []
        for start in bits_of(self._capturers(own, opp, kings, men_prey, side)):
            search = _Search(self, own & ~(1 << start) | opp, opp, men_prey, side, out)
            search.extend(start, (start,), (), 0, bool(kings >> start & 1))
        return out

    def _capturers(self, own: int, opp: int, kings: int, men_prey: int, side: str) -> int:
        """The mover's pieces that have a first capture."""
        board = self.board
        empty = ~(own | opp) & board.full
        men, own_kings = own & ~kings, own & kings
        found = 0
        for d in DIRECTIONS:
            back = OPPOSITE[d]
            landing_behind = board.shift(empty, back)  # squares whose d-neighbour is empty
            if d in self.man_directions[side]:
                found |= men & board.shift(men_prey & landing_behind, back)
            if not self.flying:
                found |= own_kings & board.shift(opp & landing_behind, back)
        if self.flying:
            occupied = own | opp
            for start in bits_of(own_kings):
                for ray in self.rays[start]:
                    first = next((s for s in ray if occupied >> s & 1), None)
                    if first is not None and opp >> first & 1:
                        after = ray.index(first) + 1
                        if after < len(ray) and empty >> ray[after] & 1:
                            found |= 1 << start
                            break
        return found

    def _chosen(self, found: list[RawMove], kings: int) -> list[RawMove]:
        """The captures the game's precedence rules allow among `found`."""
        precedence = self.rules.precedence
        if precedence is Precedence.FREE:
            return found
        if precedence is Precedence.MOST:
            most = max(len(taken) for _, taken in found)
            return [move for move in found if len(move[1]) == most]
        keys = [italian_rank(move, kings) for move in found]
        best = max(keys)
        return [move for move, key in zip(found, keys, strict=True) if key == best]

    # --- playing a move ------------------------------------------------------------
    def make(
        self, own: int, opp: int, kings: int, move: RawMove, side: str
    ) -> tuple[int, int, int]:
        """(own, opp, kings) after the move: the pieces taken off, a man that ends its move on
        the far row (or, in Russian, passes it) crowned."""
        path, captured = move
        start, end = 1 << path[0], 1 << path[-1]
        crowned = kings & start
        if not crowned:
            crown = self.board.crown[side]
            if self.rules.crowned_mid_capture:
                crowned = any(crown >> square & 1 for square in path[1:])
            else:
                crowned = crown & end
        own = own & ~start | end
        kings &= ~start
        for square in captured:
            opp &= ~(1 << square)
            kings &= ~(1 << square)
        return own, opp, (kings | end) if crowned else kings

    def perft(self, own: int, opp: int, kings: int, side: str, depth: int) -> int:
        """Leaf count of the legal-move tree `depth` >= 1 plies deep, for the side to move."""
        if depth == 1:
            return self.count(own, opp, kings, side)
        other = "b" if side == "w" else "w"
        total = 0
        for move in self.generate(own, opp, kings, side):
            mine, theirs, crowned = self.make(own, opp, kings, move, side)
            total += self.perft(theirs, mine, crowned, other, depth - 1)
        return total


class _Search:
    """The depth-first search of one piece's capture sequences."""

    def __init__(
        self, generator: MoveGenerator, occupied: int, opp: int, men_prey: int, side: str,
        out: list[RawMove],
    ) -> None:  # fmt: skip
        self.rays, self.flying = generator.rays, generator.flying
        self.occupied, self.opp, self.men_prey, self.out = occupied, opp, men_prey, out
        self.man_directions = generator.man_directions[side]
        rules = generator.rules
        self.crown = generator.board.crown[side] if rules.crowned_mid_capture else 0

    def extend(
        self, square: int, path: tuple[int, ...], taken: tuple[int, ...], taken_mask: int,
        king: bool,
    ) -> bool:  # fmt: skip
        """Record every complete capture that goes on from `square`; whether one does."""
        if king and self.flying:
            return self._fly(square, path, taken, taken_mask)
        rays, occupied, out = self.rays[square], self.occupied, self.out
        prey = self.opp if king else self.men_prey
        found = False
        for d in DIRECTIONS if king else self.man_directions:
            ray = rays[d]
            if len(ray) < 2:
                continue
            victim, land = ray[0], ray[1]
            if not prey >> victim & 1 or taken_mask >> victim & 1 or occupied >> land & 1:
                continue
            found = True
            onward = (*path, land), (*taken, victim)
            crowned = king or bool(self.crown >> land & 1)
            if not self.extend(land, *onward, taken_mask | 1 << victim, crowned):
                out.append(onward)
        return found

    def _fly(self, square: int, path: tuple[int, ...], taken: tuple[int, ...], mask: int) -> bool:
        """A flying king: it takes the first piece along a free diagonal and lands on any free
        square beyond it, one it can capture again from if there is one."""
        occupied, found = self.occupied, False
        for ray in self.rays[square]:
            i, n = 0, len(ray)
            while i < n and not occupied >> ray[i] & 1:
                i += 1
            if i >= n - 1 or not self.opp >> ray[i] & 1 or mask >> ray[i] & 1:
                continue
            victim = ray[i]
            landings = []
            for land in ray[i + 1 :]:
                if occupied >> land & 1:
                    break
                landings.append(land)
            if not landings:
                continue
            found = True
            onward_taken, onward_mask = (*taken, victim), mask | 1 << victim
            stops = [
                land
                for land in landings
                if not self._fly(land, (*path, land), onward_taken, onward_mask)
            ]
            if len(stops) == len(landings):  # none goes on: each landing ends the capture
                self.out.extend(((*path, land), onward_taken) for land in landings)
        return found


def italian_rank(move: RawMove, kings: int) -> tuple[int, bool, int, tuple[bool, ...]]:
    """How FID's precedence ranks a capture, best highest: the pieces it takes; whether a
    king takes them; the kings it takes; and which it meets first (a king earlier ranks
    higher, the pieces compared in the order taken)."""
    path, taken = move
    met = tuple(bool(kings >> square & 1) for square in taken)
    return len(taken), bool(kings >> path[0] & 1), sum(met), met


def _distinct(moves: list[RawMove]) -> list[RawMove]:
    """One capture per start, end and set of pieces taken (FMJD: those are the same move),
    the one with the lowest path."""
    kept: dict[tuple[int, int, frozenset[int]], RawMove] = {}
    for move in moves:
        path, taken = move
        key = (path[0], path[-1], frozenset(taken))
        if key not in kept or path < kept[key][0]:
            kept[key] = move
    return list(kept.values())
