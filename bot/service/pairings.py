"""Who plays whom in a round of a tournament, behind one small interface: Swiss by the FIDE
Dutch system and round-robin by FIDE's Berger tables, both computed by caissify-pairings
(its Dutch engine matches the FIDE-endorsed bbpPairings on 70,000 test rounds). The first
side of a pairing plays the game's first side (White, the Musketeers, Green); a bye is worth
a win, once per player at most."""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from caissify_pairings import MissingFloatHistoryWarning, generate_pairings

#: what a bye is worth: a win (Lichess's rule)
BYE_POINTS = 1.0
FIRST, SECOND, NO_GAME = "white", "black", "none"
UP, DOWN, LEVEL = "up", "down", "none"


@dataclass(frozen=True)
class Entrant:
    """One player's state before a round, as the pairing system reads it."""

    id: int
    seed: int  # the starting number: 1 first
    score: float = 0.0
    #: each round so far: FIRST, SECOND, or NO_GAME (a bye, a round not played)
    colours: tuple[str, ...] = ()
    #: each round so far: UP (paired with a higher score), DOWN, or LEVEL
    floats: tuple[str, ...] = ()
    byes: int = 0
    opponents: frozenset[int] = field(default_factory=frozenset)


@dataclass(frozen=True)
class Pairing:
    first: int
    second: int | None  # None: a bye


def swiss(entrants: Sequence[Entrant], round_number: int, total_rounds: int) -> list[Pairing]:
    """A Swiss round (FIDE Dutch system): no two players meet twice, a bye at most once a
    player, colours as the system balances them."""
    players = [
        {
            "id": e.id, "name": str(e.id), "score": e.score, "rating": 0,
            "starting_number": e.seed, "color_hist": list(e.colours),
            "float_history": list(e.floats), "bye_count": e.byes,
        }
        for e in entrants
    ]  # fmt: skip
    played = {(min(e.id, o), max(e.id, o)) for e in entrants for o in e.opponents}
    with warnings.catch_warnings():
        warnings.simplefilter("error", MissingFloatHistoryWarning)  # a bug of ours if so
        found = generate_pairings(
            system="dutch",
            players=players,
            previous_pairings=played,
            round_number=round_number,
            total_rounds=total_rounds,
            bye_value=BYE_POINTS,
            max_byes_per_player=1,
        )
    return _pairings(found)


def round_robin(seeds: Sequence[int], round_number: int) -> list[Pairing]:
    """Round `round_number` of a round-robin of these players (in starting order) by the
    Berger tables; with an odd count, one player a round has the bye."""
    players = [
        {"id": player, "name": str(player), "score": 0.0, "rating": 0, "starting_number": n}
        for n, player in enumerate(seeds, 1)
    ]
    found = generate_pairings(
        system="round_robin",
        players=players,
        previous_pairings=set(),
        round_number=round_number,
        total_rounds=round_robin_rounds(len(seeds)),
    )
    return _pairings(found)


def round_robin_rounds(players: int) -> int:
    """Rounds of a round-robin: everyone meets everyone once."""
    return players - 1 if players % 2 == 0 else players


def _pairings(found: Iterable[dict[str, int | None]]) -> list[Pairing]:
    pairings = []
    for p in found:
        first = p["white_id"]
        assert first is not None
        pairings.append(Pairing(first, p.get("black_id")))
    return pairings


def float_of(mine: float, theirs: float) -> str:
    """A player's float in a game: UP against a higher score before the round, DOWN lower."""
    return UP if theirs > mine else DOWN if theirs < mine else LEVEL
