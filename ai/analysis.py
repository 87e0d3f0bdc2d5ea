"""The computer's review of a finished game, as Lichess makes one: every position read by a
search of a fixed number of positions (so the review is the same on any machine), each
score turned into the mover's chance to win by a curve fitted to self-play, and each move
judged by the chance it gave away: 5 points an inaccuracy (?!), 10 a mistake (?), 15 a
blunder (??). Three Musketeers is solved: where the solution knows a position's value, a
won position is a chance of 1 and a lost one of 0, so a move that throws a win away is a
blunder, and the review names the ply where the game turned for good. Where it does not know
a position, a neighbour's value may tell it (a lost side stays lost whatever it plays), and
where the winner changed across positions it does not know, the side that lost the win did
so at one of its own moves there: the one the search liked least is judged to have."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules import get_game

from .computers import computer
from .evaluation import UnreadableSolution
from .search import MATE, Search

#: the judgements, worst first: (the least chance given away, the mark, the word)
JUDGEMENTS = ((0.15, "??", "blunder"), (0.10, "?", "mistake"), (0.05, "?!", "inaccuracy"))
PLURALS = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}
#: the exact search's bound for a solved game's position its stored solution does not cover
EXACT_NODES = 1_000_000


def budget(game_id: str) -> int:
    """Positions searched for each position reviewed: level 4's thinking budget."""
    return computer(game_id).nodes


@dataclass(frozen=True)
class Reading:
    """What the computer sees in one position: a score for the side to move (100 is one in
    the logit; a win n plies away is MATE - n), the best move's text, and, where the game is
    solved and the solution knows it, the exact winner and plies to the end."""

    score: int
    best: str = ""
    winner: str | None = None
    plies: int | None = None


def read(game_id: str, position: Any, nodes: int | None = None) -> Reading:
    """Read one position (an object or its text) on its own: a repetition of the game's
    earlier positions is not scored as a draw, so each reading is the position's alone."""
    game = get_game(game_id)
    if isinstance(position, str):
        position = game.decode(position)
    outcome = game.outcome(position)
    if outcome is not None:
        if outcome.winner is None:
            return Reading(0)
        won = outcome.winner == game.side_to_move(position)
        return Reading(MATE if won else -MATE, "", outcome.winner, 0)
    exact = _solved(game_id, position)
    if exact is not None:
        return exact
    search = Search(
        game,
        computer(game_id).evaluator,
        seconds=math.inf,
        max_nodes=nodes or budget(game_id),
        rng=random.Random(0),  # the same reading every time
    )
    report = search.run(position, exact=len(game.legal_moves(position)) == 1)  # scored too
    return Reading(report.score, game.format_move(report.move))


def _solved(game_id: str, position: Any) -> Reading | None:
    solver = computer(game_id).solver
    if solver is None:
        return None
    try:
        verdict = solver.solve(position, math.inf, EXACT_NODES)
    except UnreadableSolution:
        return None
    if verdict.value is None or not verdict.moves:
        return None
    game = get_game(game_id)
    value = verdict.value
    won = value.winner == game.side_to_move(position)
    score = MATE - value.plies if won else value.plies - MATE
    return Reading(score, game.format_move(verdict.moves[0][0]), value.winner, value.plies)


def win_chance(game_id: str, score: int) -> float:
    """The side to move's chance to win with this score, by the game's fitted curve."""
    if score >= MATE - 1000:
        return 1.0
    if score <= 1000 - MATE:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / computer(game_id).scale))


def judgement(given_away: float) -> tuple[str, str]:
    """The mark and word for a move that gave away this much chance to win ('' if none)."""
    for least, mark, word in JUDGEMENTS:
        if given_away >= least - 1e-9:
            return mark, word
    return "", ""


def move_accuracy(given_away: float) -> float:
    """Lichess's accuracy of one move, 0-100, from the chance it gave away (0-1)."""
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * 100 * given_away) - 3.166924740191411
    return min(100.0, max(0.0, raw + 1))


@dataclass(frozen=True)
class Judged:
    """One move of the game, judged: the mover's chance to win before and after it."""

    ply: int  # 1 for the first move
    move: str
    side: str
    before: float
    after: float
    best: str
    forced: bool = False  # the only legal move: never judged
    #: where the game is solved: the winner with best play before and after the move
    winner_before: str | None = None
    winner_after: str | None = None
    plies_after: int | None = None

    @property
    def given_away(self) -> float:
        # a move that changed the solved game's winner was not the best, whatever the search
        if self.forced or (self.move == self.best and self.winner_before == self.winner_after):
            return 0.0
        return max(0.0, self.before - self.after)

    @property
    def mark(self) -> str:
        return judgement(self.given_away)[0]

    @property
    def word(self) -> str:
        return judgement(self.given_away)[1]


@dataclass(frozen=True)
class Review:
    game_id: str
    moves: tuple[Judged, ...]
    #: the first side's chance to win at every position, the start included
    chances: tuple[float, ...]
    #: the ply of the move after which the solved game's winner never changed again, where
    #: that move changed it (None: unknown, or it never changed)
    turned: int | None = None
    accuracy: dict[str, float] = field(default_factory=dict)
    #: what the computer saw in each position, the start first
    readings: tuple[Reading, ...] = ()

    def counts(self, side: str) -> dict[str, int]:
        """The side's inaccuracies, mistakes and blunders, by word (in that order)."""
        found = {word: 0 for _, _, word in reversed(JUDGEMENTS)}
        for judged in self.moves:
            if judged.side == side and judged.word:
                found[judged.word] += 1
        return found

    def worst(self, most: int = 3) -> list[Judged]:
        """The moves that gave away the most, at least an inaccuracy's worth, worst first."""
        judged = [j for j in self.moves if j.mark]
        return sorted(judged, key=lambda j: (-j.given_away, j.ply))[:most]


def review(
    game_id: str,
    start: Any,
    moves: Sequence[str],
    readings: Sequence[Reading],
    *,
    drawn: int = 0,
) -> Review:
    """Judge a game from its readings: one a position, the start's first (len(moves) + 1).
    `drawn`: the first moves the players did not choose (a ballot's opening, drawn for
    them), never judged, as a move that was the only one is not."""
    if len(readings) != len(moves) + 1:
        raise ValueError("a review needs one reading a position: the moves' count plus one")
    game = get_game(game_id)
    every = positions(game_id, start, moves)
    movers = [game.side_to_move(p) for p in every]
    forced = [k < drawn or len(game.legal_moves(p)) == 1 for k, p in enumerate(every)]
    winners = _winners(game_id, movers, forced, readings)

    def chance(k: int) -> float:
        """The chance of the side to move in position k: certain where its winner is known."""
        if winners[k] is None:
            return win_chance(game_id, readings[k].score)
        return 1.0 if winners[k] == movers[k] else 0.0

    first = game.sides[0]
    judged: list[Judged] = []
    chances = [chance(k) if movers[k] == first else 1 - chance(k) for k in range(len(every))]
    for k, text in enumerate(moves):
        judged.append(
            Judged(
                k + 1,
                game.format_move(game.play(every[k], text)[0]),
                movers[k],
                chance(k),
                1 - chance(k + 1),
                readings[k].best,
                forced[k],
                winners[k],
                winners[k + 1],
                readings[k + 1].plies,
            )
        )
    return Review(
        game_id, tuple(judged), tuple(chances), _turned(judged), _accuracy(judged), tuple(readings)
    )


def _winners(
    game_id: str, movers: Sequence[str], forced: Sequence[bool], readings: Sequence[Reading]
) -> list[str | None]:
    """Each position's winner with best play, where the readings tell it. In a solved game
    without draws (Three Musketeers), one unknown to the solution may follow from its
    neighbour's: a side lost stays lost whatever it plays, and a side that moves into its own
    win was winning. Where the winner changed between two known positions, the side that lost
    the win did so at one of its own free moves between them: taken to be the one after
    which the search's chance for it fell most (the last, if it saw no fall)."""
    winners = [r.winner for r in readings]
    if computer(game_id).solver is None:
        return winners
    last = len(winners) - 1
    for k in range(last):  # the side to move is lost: so it is after its move
        if winners[k] not in (None, movers[k]) and winners[k + 1] is None:
            winners[k + 1] = winners[k]
    for k in reversed(range(last)):  # the side to move moved into its own win
        if winners[k] is None and winners[k + 1] == movers[k]:
            winners[k] = movers[k]

    def fell(k: int) -> float:
        """How far the search's chance for the side to move fell with its move at k."""
        after = 1 - win_chance(game_id, readings[k + 1].score)
        return win_chance(game_id, readings[k].score) - after

    known = [k for k, winner in enumerate(winners) if winner is not None]
    for i, j in itertools.pairwise(known):
        lost, won = winners[i], winners[j]
        mine = [k for k in range(i, j) if movers[k] == lost and not forced[k]]
        if lost == won or j == i + 1 or not mine:
            continue
        lost_at = max(mine, key=lambda k: (fell(k), k))
        winners[i + 1 : j] = [lost if k <= lost_at else won for k in range(i + 1, j)]
    return winners


def _turned(judged: Sequence[Judged]) -> int | None:
    """The last move that changed the solved game's winner, if the solution knew them."""
    for move in reversed(judged):
        if move.winner_before is None or move.winner_after is None:
            return None
        if move.winner_before != move.winner_after:
            return move.ply
    return None


def _accuracy(judged: Sequence[Judged]) -> dict[str, float]:
    """Each side's accuracy, 0-100: the mean of the arithmetic and harmonic means of its
    moves' accuracies (Lichess weighs the first by volatility too; we do not)."""
    found: dict[str, float] = {}
    for side in dict.fromkeys(j.side for j in judged):
        scores = [move_accuracy(j.given_away) for j in judged if j.side == side and not j.forced]
        if not scores:
            continue
        mean = sum(scores) / len(scores)
        harmonic = len(scores) / sum(1 / max(s, 1.0) for s in scores)
        found[side] = (mean + harmonic) / 2
    return found


def positions(game_id: str, start: Any, moves: Sequence[str]) -> list[Any]:
    """Every position of the game, the start first (RulesError if a move is not legal)."""
    game = get_game(game_id)
    position = game.decode(start) if isinstance(start, str) else start
    found = [position]
    for text in moves:
        position = game.play(position, text)[1]
        found.append(position)
    return found


def analyse(
    game_id: str, moves: Sequence[str], start: Any = None, nodes: int | None = None
) -> Review:
    """Read and judge a whole game in this process (the bot reads positions in its workers)."""
    game = get_game(game_id)
    start = game.initial_position() if start is None else start
    every = positions(game_id, start, moves)
    readings = [read(game_id, p, nodes) for p in every]
    return review(game_id, start, moves, readings)
