"""A tournament round's making: its pairings (the Berger tables, or the Dutch system in a
worker process, as it may take a second) and its games written (matches started now, their
clocks still; each board queued in the outbox, in the same transaction, for the director to
post: `tournament_boards`; a pairing of an asymmetric game, or of an event played from
ballots, two games, the sides swapped), byes and forfeits, and a game's result read from
its row."""

from __future__ import annotations

from typing import Any

from bot.i18n import N_
from bot.runtime import workers
from bot.service import ballots
from bot.service.finding import pick_game
from bot.service.options import BALLOT
from bot.service.pairings import BYE_POINTS, Pairing, round_robin, swiss
from bot.service.play import CALLED_OFF
from bot.service.shared import Shared
from bot.service.tournament_scores import Result, entrants
from bot.service.tournament_views import TournamentView
from bot.store import Row, Tx
from bot.store.announcement_table import ROUND_BOARD, AnnouncementRows
from bot.store.tournament_tables import TournamentRows

#: the result_reason of a tournament's games left unfinished when it is cancelled
# i18n: why a game was aborted: "Aborted (the tournament was cancelled)"
CANCELLED = N_("the tournament was cancelled")
#: the aborts that count for neither player: a moderator's call-off, the event cancelled
UNSCORED = frozenset({CALLED_OFF, CANCELLED})


def result_of(row: Row) -> Result:
    """A tournament game's result from its row (and its match's, once over): a game aborted
    for want of a first move in time is the loss of the side that was to make it (the first
    side's; after a ballot's opening, the side to move then); one called off by a
    moderator, or when the event was cancelled, counts for neither (players cannot abort a
    tournament game; one they aborted before that rule keeps the score it had: a loss for
    the side to move before any move, ½-½ after one)."""
    points = row["points"]
    if points is None and row["match_status"] == "aborted" and row["match_reason"] in UNSCORED:
        return Result(row["round"], row["first_user"], row["second_user"], None, called_off=True)
    if points is None and row["match_status"] == "finished":
        winner = row["winner_side"]
        first_side = "first" if row["match_first"] == row["first_user"] else "second"
        points = 0.5 if winner is None else _won(row["game_id"], winner, first_side)
    elif points is None and row["match_status"] == "aborted":
        drawn = _opening_plies(row)  # no first move in time: a loss for the side to move
        points = float(drawn % 2) if row["match_ply"] == drawn else 0.5
    return Result(row["round"], row["first_user"], row["second_user"], points)


def _opening_plies(row: Row) -> int:
    """The moves of the ballot a tournament game was played from (0: none)."""
    if row["match_ballot"] is None:
        return 0
    return len(pick_game(row["game_id"]).ballots[row["match_ballot"]].split())


def _won(game_id: str, winner: str, first_side: str) -> float:
    sides = pick_game(game_id).sides
    return 1.0 if (winner == sides[0]) == (first_side == "first") else 0.0


async def pair(
    view: TournamentView, results: list[Result], active: list[int], number: int
) -> list[Pairing]:
    """The round's pairings: Berger tables, or the Dutch system in a worker process."""
    if view.format == "round-robin":
        return round_robin(view.players, number)  # everyone, withdrawn too: forfeits
    state = [e for e in entrants(view.players, results, number - 1) if e.id in active]
    return await workers.run(swiss, state, number, view.rounds)  # up to a second: off the loop


async def begin(
    shared: Shared,
    rows: TournamentRows,
    db: Tx,
    view: TournamentView,
    number: int,
    pairings: list[Pairing],
) -> tuple[list[int], tuple[int, ...]]:
    """The round's games (matches started now, with no deadline: each game's clock starts
    when its board is posted), their boards queued to post, byes and forfeits, written."""
    game = pick_game(view.game_id)
    start = game.encode(game.initial_position())
    now = shared.settings.clock()
    # one game a pairing would not be fair (or a ballot is played both ways): two, the sides
    # swapped
    two = game.asymmetric or view.opening == BALLOT
    matches, byes, board = [], [], 0
    for p in pairings:
        sides = (
            [(p.first, p.second), (p.second, p.first)]
            if two and p.second
            else [(p.first, p.second)]
        )
        ballot = ballots.draw(shared, game) if view.opening == BALLOT else None
        pair: list[int] = []
        for first, second in sides:
            board += 1
            values = {"tournament_id": view.id, "round": number, "board": board}
            if second is None or first is None:
                byes.append(p.first)
                await rows.add_game(db, {**values, "first_user": p.first, "points": BYE_POINTS})
                continue
            gone = {first, second} & view.withdrawn
            if gone:  # a round-robin game of a player who withdrew: a forfeit
                points = 0.5 if len(gone) == 2 else 0.0 if first in gone else 1.0
                await rows.add_game(
                    db, {**values, "first_user": first, "second_user": second, "points": points}
                )
                continue
            match: dict[str, Any] = {
                "guild_id": view.guild_id, "channel_id": view.channel_id,
                "game_id": game.id, "first_user": first, "second_user": second,
                "start_position": start, "position": start,
                "move_seconds": view.move_seconds, "deadline": None,
                "created_at": now, "tournament_id": view.id,
            }  # fmt: skip
            if ballot is None:
                match_id = await shared.matches.insert(db, match)
            else:
                match_id = await ballots.begin(shared, db, match, game, ballot)
                pair.append(match_id)
            await rows.add_game(
                db, {**values, "first_user": first, "second_user": second, "match_id": match_id}
            )
            await AnnouncementRows(shared.store).add(db, ROUND_BOARD, now, match_id=match_id)
            matches.append(match_id)
        if len(pair) == 2:
            await shared.ballots.link(db, *pair)
    return matches, tuple(byes)
