"""The computer opponent: `choose_move` picks a move for any game of `rules`, at a level
from 1 (a beginner) to 5 (the strongest in 3 s). Pure and synchronous, standard library
only; the bot runs it in worker processes."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any, TypedDict, Unpack

from rules import get_game

from .computers import computer
from .levels import DEFAULT_LEVEL, LEVELS, Level, level
from .perfect import perfect_move
from .search import MATE, Report, Search

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "PROOF_SHARE",
    "Level",
    "Options",
    "Report",
    "choose_move",
    "think",
]

#: the share of its time the top level gives a proof (ai.perfect) before it searches: an
#: exact search either ends well inside it or not at all (in Three Musketeers its cost grows
#: about fivefold with each enemy man left; with eleven or more, half the move was spent in
#: vain)
PROOF_SHARE = 0.25


class Options(TypedDict, total=False):
    """How to choose: `level` 1-5 (default 3); `seconds`, the thinking time (default: the
    level's); `history`, the game's earlier positions (objects or texts), so a repetition is
    seen as a draw; `seed`, so the same position, level and depth reached give the same move;
    `nodes`, a budget of positions searched in place of the clock (the search stops there
    however long it takes, so the move does not depend on the machine's speed: for tests)."""

    level: int
    seconds: float | None
    history: Sequence[Any]
    seed: int | None
    nodes: int | None


def think(game_id: str, position: Any, **options: Unpack[Options]) -> tuple[str, Report]:
    """The chosen move's text, and what the search saw."""
    game = get_game(game_id)
    chosen = level(options.get("level", DEFAULT_LEVEL))
    if isinstance(position, str):
        position = game.decode(position)
    earlier = [game.decode(p) if isinstance(p, str) else p for p in options.get("history", ())]
    rng = random.Random(options.get("seed"))
    seconds, nodes = options.get("seconds"), options.get("nodes")
    budget = chosen.seconds if seconds is None else seconds
    started = time.perf_counter()
    proof_seconds = budget * PROOF_SHARE
    if chosen.perfect and (proven := perfect_move(game_id, position, proof_seconds)) is not None:
        move, score, proof = proven
        spent = time.perf_counter() - started
        return game.format_move(move), Report(move, score, 0, 0, spent, proof=proof)
    search = Search(
        game,
        computer(game_id).evaluator,
        seconds=(
            math.inf
            if nodes is not None
            else max(budget - (time.perf_counter() - started), budget - proof_seconds)
        ),
        max_depth=chosen.depth(game.id),
        max_nodes=nodes or chosen.nodes(game.id),
        noise=chosen.noise,
        rng=rng,
        history=earlier,
    )
    report = search.run(position, exact=chosen.exact)
    move = report.move
    decided = abs(report.score) >= MATE - 256
    if chosen.slip and len(report.scores) > 1 and not decided and rng.random() < chosen.slip:
        ranked = sorted(report.scores, key=lambda m: -report.scores[m])
        # a slip: never past a win it has seen, nor into a loss it has seen
        runners_up = [m for m in ranked[1:3] if report.scores[m] > -MATE + 256]
        if runners_up:
            move = rng.choice(runners_up)
    return game.format_move(move), report


def choose_move(game_id: str, position: Any, **options: Unpack[Options]) -> str:
    """The move the computer plays, as the game's canonical move text. `position` is a
    position object or its text; `options` are `level`, `seconds`, `history` and `seed`."""
    return think(game_id, position, **options)[0]
