"""Iterative-deepening negamax with alpha-beta over any game of `rules`.

A transposition table keyed by the positions themselves (immutable and hashable), move
ordering (the table's move, captures, two killers a ply, the history heuristic), quiescence
over captures where the game forces them (Checkers), over checks and their answers where
the evaluator asks (The Crown: a side in check answers with every move, however deep), and
repetitions scored as draws. A leaf past the horizon of a game without forced
captures is judged without generating its moves (`Game.outcome_at_sight`, then the
evaluation), so a stalemate there is evaluated, not scored a draw. After a node's first
move, the others are searched with a null window (principal variation search), the fourth
and later quiet ones one ply shallower (late move reductions), and searched again in full if
they turn out better. The clock is read every 256 nodes; a depth that does not finish in
time (or within the node budget) is thrown away, except that a better move it has already
proven is kept.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules import Game, Outcome

from .evaluation import Evaluator

#: the score of a win at the root; a win n plies away scores MATE - n
MATE = 1_000_000
EXACT, LOWER, UPPER = 0, 1, 2
#: the transposition table is cleared when it grows past this many entries
TABLE_LIMIT = 400_000


class OutOfTime(Exception):
    pass


@dataclass
class Report:
    """What a search found: the move, its score (for the side to move), how deep it looked."""

    move: Any
    score: int
    depth: int
    nodes: int
    seconds: float
    #: every root move's score at the last full depth (levels that judge moves exactly)
    scores: dict[Any, int] = field(default_factory=dict)
    #: how the move was proven best instead of searched ("" when searched)
    proof: str = ""


class Search:
    def __init__(
        self,
        game: Game[Any, Any],
        evaluator: Evaluator,
        *,
        seconds: float,
        max_depth: int = 64,
        max_nodes: int | None = None,
        noise: int = 0,
        rng: random.Random | None = None,
        history: Sequence[Any] = (),
    ) -> None:
        self.game = game
        self.evaluator = evaluator
        self.seconds = seconds
        self.max_depth = max_depth
        self.max_nodes = max_nodes or 1 << 62
        self.noise = noise
        self.rng = rng or random.Random()
        self.table: dict[Any, tuple[int, int, int, Any]] = {}
        self.killers: list[list[Any]] = [[] for _ in range(256)]
        self.history: dict[Any, int] = {}
        self.repeats = game.repetition_limit is not None
        self.seen: set[Hashable] = (
            {game.repetition_key(p) for p in history} if self.repeats else set()
        )
        #: the positions of the line being searched (unique: a repetition ends a line)
        self.path: set[Hashable] = set()
        self.nodes = 0
        self.deadline = 0.0

    # --- the root ------------------------------------------------------------------------
    def run(self, root: Any, *, exact: bool = False) -> Report:
        """The best move of `root` (which must have one); `exact`: score every root move
        with a full window, so a runner-up can be chosen."""
        start = time.perf_counter()
        self.deadline = start + self.seconds
        moves = self.game.legal_moves(root)
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        self.rng.shuffle(moves)  # equal moves in varied order: varied games
        best = Report(moves[0], 0, 0, 0, 0.0)
        if len(moves) == 1 and not exact:
            return best
        self.path = {self.game.repetition_key(root)} if self.repeats else set()
        for depth in range(1, self.max_depth + 1):
            try:
                report = self._root(root, moves, depth, exact, best.move)
            except OutOfTime as partial:
                found = partial.args[0] if partial.args else None
                if found is not None:
                    best = found
                break
            best = report
            if exact:  # the next depth looks at the best first
                moves.sort(key=lambda m: -report.scores.get(m, -MATE * 2))
            if abs(report.score) >= MATE - 256:
                break  # a forced win or loss: looking deeper changes nothing
        best.nodes, best.seconds = self.nodes, time.perf_counter() - start
        return best

    def _root(self, root: Any, moves: list[Any], depth: int, exact: bool, first: Any) -> Report:
        ordered = [first, *(m for m in moves if m != first)]
        alpha, best_move = -MATE * 2, first
        scores: dict[Any, int] = {}
        for move in ordered:
            child = self.game.apply(root, move)
            try:
                window = -MATE * 2 if exact else alpha
                score = -self._negamax(child, depth - 1, -MATE * 2, -window, 1)
            except OutOfTime:
                if best_move != first or len(scores) == len(ordered):
                    raise OutOfTime(Report(best_move, alpha, depth, 0, 0.0, scores)) from None
                raise OutOfTime(None) from None
            scores[move] = score
            if score > alpha:
                alpha, best_move = score, move
        return Report(best_move, alpha, depth, 0, 0.0, scores)

    # --- the tree ------------------------------------------------------------------------
    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise OutOfTime()
        if not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise OutOfTime()

    def _terminal(self, position: Any, ply: int, outcome: Outcome | None = None) -> int:
        """The score of a finished position (`outcome`: already known)."""
        outcome = outcome or self.game.outcome(position)
        if outcome is None or outcome.winner is None:
            return 0
        won = outcome.winner == self.game.side_to_move(position)
        return MATE - ply if won else ply - MATE

    def _leaf(self, position: Any) -> int:
        score = self.evaluator.evaluate(position)
        if self.noise:
            score += self.rng.randint(-self.noise, self.noise)
        return score

    def _negamax(self, position: Any, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        key = None
        if self.repeats:
            key = self.game.repetition_key(position)
            if key in self.seen or key in self.path:
                return 0
        # past the horizon a side in check still answers it with every move, however deep
        if (
            depth <= 0
            and not self.evaluator.quiescence
            and not (self.evaluator.check_extension and self.game.in_check(position))
        ):
            return self._horizon(position, depth, alpha, beta, ply)
        moves = self.game.legal_moves(position)
        if not moves:
            return self._terminal(position, ply)
        if depth <= 0 and self.evaluator.quiescence:
            return self._quiesce(position, moves, alpha, beta, ply)
        entry = self.table.get(position)
        table_move = None
        if entry is not None:
            entry_depth, score, bound, table_move = entry
            if entry_depth >= depth and (
                bound == EXACT
                or (bound == LOWER and score >= beta)
                or (bound == UPPER and score <= alpha)
            ):
                return score
        original_alpha = alpha
        best, best_move = -MATE * 2, None
        if key is not None:
            self.path.add(key)
        checked = depth >= 3 and self.evaluator.check_extension and self.game.in_check(position)
        try:
            for tried, move in enumerate(self._ordered(position, moves, table_move, ply)):
                child = self.game.apply(position, move)
                if tried == 0:
                    score = -self._negamax(child, depth - 1, -beta, -alpha, ply + 1)
                else:
                    # the first move is expected best: prove the others worse with a null
                    # window, late quiet ones one ply shallower; search again if one is not
                    late = depth >= 3 and tried >= 3 and not checked
                    reduced = (
                        depth - 2
                        if late and self._reducible(position, move, child, ply)
                        else depth - 1
                    )
                    score = -self._negamax(child, reduced, -alpha - 1, -alpha, ply + 1)
                    if score > alpha and (reduced < depth - 1 or score < beta):
                        score = -self._negamax(child, depth - 1, -beta, -alpha, ply + 1)
                if score > best:
                    best, best_move = score, move
                if score > alpha:
                    alpha = score
                if alpha >= beta:
                    self._remember_cutoff(position, move, depth, ply)
                    break
        finally:
            if key is not None:
                self.path.discard(key)
        bound = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        self.table[position] = (depth, best, bound, best_move)
        return best

    def _reducible(self, position: Any, move: Any, child: Any, ply: int) -> bool:
        """A quiet move, searched one ply shallower when it comes late: not a capture, not a
        killer, not a move into check."""
        killers = self.killers[ply] if ply < len(self.killers) else []
        return not (
            self.evaluator.is_capture(position, move)
            or move in killers
            or (self.evaluator.check_extension and self.game.in_check(child))
        )

    def _horizon(self, position: Any, depth: int, alpha: int, beta: int, ply: int) -> int:
        """A leaf where no captures are forced, `-depth` plies past the horizon: its ending if
        it shows one, else the evaluation, or better a check while the evaluator's
        `check_plies` last (its other moves are never generated)."""
        outcome = self.game.outcome_at_sight(position)
        if outcome is not None:
            return self._terminal(position, ply, outcome)
        best = self._leaf(position)
        if best >= beta or depth <= -self.evaluator.check_plies:
            return best
        alpha = max(alpha, best)
        for move in self.game.checking_moves(position):
            score = -self._negamax(
                self.game.apply(position, move), depth - 1, -beta, -alpha, ply + 1
            )
            best = max(best, score)
            alpha = max(alpha, score)
            if alpha >= beta:
                break
        return best

    def _quiesce(self, position: Any, moves: list[Any], alpha: int, beta: int, ply: int) -> int:
        """Past the horizon of a game whose captures are forced: they are played out;
        otherwise the evaluation."""
        if not self.evaluator.is_capture(position, moves[0]):
            return self._leaf(position)
        best = -MATE * 2
        for move in moves:
            child = self.game.apply(position, move)
            self._tick()
            replies = self.game.legal_moves(child)
            if replies:
                score = -self._quiesce(child, replies, -beta, -alpha, ply + 1)
            else:
                score = -self._terminal(child, ply + 1)
            best = max(best, score)
            alpha = max(alpha, score)
            if alpha >= beta:
                break
        return best

    def _ordered(self, position: Any, moves: list[Any], first: Any, ply: int) -> list[Any]:
        """The table's move, captures, killers, then quiet moves by history; each group in
        the order the game listed it."""
        killers = self.killers[ply] if ply < len(self.killers) else []
        capture = self.evaluator.is_capture
        head: list[Any] = []
        captures: list[Any] = []
        killed: list[Any] = []
        quiet: list[Any] = []
        for move in moves:
            if first is not None and move == first:
                head.append(move)
            elif capture(position, move):
                captures.append(move)
            elif move in killers:
                killed.append(move)
            else:
                quiet.append(move)
        if self.history:
            get = self.history.get
            quiet.sort(key=lambda move: -get(move, 0))
        return head + captures + killed + quiet

    def _remember_cutoff(self, position: Any, move: Any, depth: int, ply: int) -> None:
        if self.evaluator.is_capture(position, move) or ply >= len(self.killers):
            return
        killers = self.killers[ply]
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]
        self.history[move] = self.history.get(move, 0) + max(depth, 1) ** 2  # 1 past the horizon
