"""A tournament's standings from its games: points (a win 1, a draw ½, a bye 1), then the
tie-breaks Sonneborn-Berger (each opponent's points, times what one scored against them)
and Buchholz (the opponents' points added up); and each player's state for the next Swiss
round's pairing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.pairings import (
    BYE_POINTS,
    DOWN,
    FIRST,
    LEVEL,
    NO_GAME,
    SECOND,
    Entrant,
    float_of,
)


@dataclass(frozen=True)
class Result:
    """One tournament game: who played the first side and the second (None: a bye), and
    the first side's points (None: not over yet, or called off)."""

    round: int
    first: int
    second: int | None
    first_points: float | None
    #: called off by a moderator: over, and as if never played (no points to either, no
    #: tie-break, no colour, not a meeting: the two may be paired again)
    called_off: bool = False

    @property
    def going(self) -> bool:
        """Not over yet."""
        return self.first_points is None and not self.called_off


@dataclass(frozen=True)
class Standing:
    rank: int
    player: int
    points: float
    sonneborn_berger: float
    buchholz: float
    left: int  # games of this player not over yet


def _scores(games: Sequence[Result]) -> dict[int, float]:
    scores: dict[int, float] = {}
    for g in games:
        if g.first_points is None:
            continue
        scores[g.first] = scores.get(g.first, 0.0) + g.first_points
        if g.second is not None:
            scores[g.second] = scores.get(g.second, 0.0) + 1 - g.first_points
    return scores


def standings(seeds: Sequence[int], games: Sequence[Result]) -> list[Standing]:
    """Every player (in starting order `seeds`), best first: points, Sonneborn-Berger,
    Buchholz, then the starting order."""
    scores = _scores(games)
    sb = dict.fromkeys(seeds, 0.0)
    buchholz = dict.fromkeys(seeds, 0.0)
    left = dict.fromkeys(seeds, 0)
    for g in games:
        if g.called_off:
            continue  # as if never played
        players = (g.first,) if g.second is None else (g.first, g.second)
        if g.first_points is None:
            for p in players:
                left[p] = left.get(p, 0) + 1
            continue
        if g.second is None:
            continue  # a bye: points, no opponent
        for me, them, mine in ((g.first, g.second, g.first_points),
                               (g.second, g.first, 1 - g.first_points)):  # fmt: skip
            buchholz[me] = buchholz.get(me, 0.0) + scores.get(them, 0.0)
            sb[me] = sb.get(me, 0.0) + scores.get(them, 0.0) * mine
    place = {p: n for n, p in enumerate(seeds)}
    order = sorted(seeds, key=lambda p: (-scores.get(p, 0.0), -sb[p], -buchholz[p], place[p]))
    return [
        Standing(rank, p, scores.get(p, 0.0), sb[p], buchholz[p], left[p])
        for rank, p in enumerate(order, 1)
    ]


def entrants(seeds: Sequence[int], games: Sequence[Result], rounds_done: int) -> list[Entrant]:
    """Each player's state after `rounds_done` rounds, as the Swiss pairing reads it: score,
    colours, floats, byes and opponents (a round without a game of theirs: NO_GAME)."""
    before: dict[int, dict[int, float]] = {}  # round -> scores before it
    for r in range(1, rounds_done + 1):
        before[r] = _scores([g for g in games if g.round < r])
    totals = _scores(games)
    out = []
    for seed, player in enumerate(seeds, 1):
        colours, floats, opponents, byes = [], [], set(), 0
        for r in range(1, rounds_done + 1):
            mine = next(
                (
                    g
                    for g in games
                    if g.round == r and player in (g.first, g.second) and not g.called_off
                ),
                None,
            )  # a game called off was not played: NO_GAME, as a round without one
            if mine is None or mine.second is None:
                colours.append(NO_GAME)
                floats.append(LEVEL if mine is None else DOWN)  # a bye floats down
                byes += mine is not None
                continue
            them = mine.second if mine.first == player else mine.first
            opponents.add(them)
            colours.append(FIRST if mine.first == player else SECOND)
            floats.append(float_of(before[r].get(player, 0.0), before[r].get(them, 0.0)))
        out.append(
            Entrant(
                player,
                seed,
                totals.get(player, 0.0),
                tuple(colours),
                tuple(floats),
                byes,
                frozenset(opponents),
            )
        )
    return out


__all__ = ["BYE_POINTS", "Result", "Standing", "entrants", "standings"]
