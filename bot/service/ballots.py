"""Ballot pairs, Checkers' three-move restriction: an opening of the game's deck drawn at
random, and a game begun from it, the opening's moves the first of its move log (drawn for
the players: a review does not judge them, an abort or a takeback does not reach back into
them); the pair's two games, colours reversed, linked."""

from __future__ import annotations

from typing import Any

from bot.service.shared import Shared
from bot.store import Tx
from bot.store.ballot_rows import Logged
from rules import Game, GameRecord


def draw(shared: Shared, game: Game[Any, Any]) -> int:
    """A ballot of the game's deck, at random (by the service's dice: a test fixes them)."""
    return shared.settings.rng.choice(sorted(game.ballots))


async def begin(
    shared: Shared, db: Tx, values: dict[str, Any], game: Game[Any, Any], ballot: int
) -> int:
    """A match begun from a ballot (`values` as MatchRows.insert takes them, its players
    set): the opening played, logged as the players' first moves, each by its side's."""
    played = GameRecord.replay(game, game.ballots[ballot].split())
    player = dict(zip(game.sides, (values["first_user"], values["second_user"]), strict=True))
    logged = [
        Logged(ply, game.format_move(move), player[game.side_to_move(before)], game.encode(after))
        for ply, (move, before, after) in enumerate(
            zip(played.moves, played.positions, played.positions[1:], strict=False), 1
        )
    ]
    position = game.encode(played.position)
    match_id = await shared.matches.insert(
        db, {**values, "position": position, "ply": len(logged), "ballot": ballot}
    )
    await shared.ballots.log_opening(db, match_id, logged, values["created_at"])
    return match_id


async def begin_pair(
    shared: Shared, db: Tx, values: dict[str, Any], game: Game[Any, Any], ballot: int
) -> tuple[int, int]:
    """A ballot's two games, linked: the players of `values` (first side's first), then the
    same players with their colours reversed."""
    first = await begin(shared, db, values, game, ballot)
    swapped = {**values, "first_user": values["second_user"], "second_user": values["first_user"]}
    second = await begin(shared, db, swapped, game, ballot)
    await shared.ballots.link(db, first, second)
    return first, second
