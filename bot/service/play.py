"""Playing a match: moves, the legal moves for suggestions, resigning, draws and aborts."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

from bot.errors import Outdated, Person, Refusal, joined
from bot.i18n import N_, Text
from bot.service.clocks import deadline
from bot.service.match_view import Reach, game_named
from bot.service.rules_errors import refused
from bot.service.shared import Shared
from bot.service.standings import Standings
from bot.service.views import (
    Actor,
    DrawResult,
    MatchStatus,
    MatchView,
    MoveResult,
    result_parts,
)
from bot.store import Row, Tx
from bot.store.move_write import MoveWrite, Reply
from rules import Game, GameRecord, Outcome, RulesError, Termination, get_game

AGREED = Outcome(None, Termination.AGREEMENT)
#: the result_reason of a game aborted by a player (who: ended_by) or by the clock
ABORTED_BY_PLAYER = "aborted"
#: (stored as they are, in English; translated where shown: marked for the catalogs)
# i18n: why a game was aborted: "Aborted (no move was made in time)"
NO_MOVE_IN_TIME = N_("no move was made in time")
# i18n: why a game was aborted: "Aborted (called off by a moderator)"
CALLED_OFF = N_("called off by a moderator")


def forced_reply(trial: GameRecord, view: MatchView) -> Reply | None:
    """The opponent's reply played on `trial` at once when it is their one move because they
    are checkmated (The Crown's Prince leaving the board): nobody waits for it."""
    game = trial.game
    if trial.outcome is not None or (leave := game.forced_exit(trial.position)) is None:
        return None
    side = game.side_to_move(trial.position)
    trial.play(leave)
    return Reply(game.format_move(leave), view.players[side], game.encode(trial.position))


#: a move refused because its match moved on meanwhile (another process, a takeback)
CHANGED = N_("The game changed while your move was on its way: look at the board and try again.")
#: a move chosen from a list made for an earlier position (Outdated)
OUTDATED = N_("The game has moved on since that list was made.")


def _refuse_unless_to_move(view: MatchView, side: str) -> None:
    if view.side_to_move != side:
        waiting = view.user_to_move or 0
        # i18n: person: the player whose turn it is
        raise Refusal(
            Text("It is not your turn: waiting for {person} to move.", person=Person(waiting))
        )


class Play:
    def __init__(self, shared: Shared, standings: Standings) -> None:
        self.shared = shared
        self.standings = standings

    async def _active(self, actor: Actor, match_id: int | None) -> tuple[Row, MatchView, str]:
        """An active match the person plays in (row and view) and their side."""
        return self._checked(actor, await self.shared.find.meant(actor, match_id))

    def _checked(self, actor: Actor, row: Row) -> tuple[Row, MatchView, str]:
        """The match of `row` (view) and the person's side, if it is active and theirs."""
        view = MatchView.of(row, position=self.shared.records.position(row))
        side = view.side_of(actor.user_id)
        if side is None:
            raise Refusal(
                Text(
                    "You are not playing in {game} #{number}: you can only watch it.",
                    game=view.game_named,
                    number=view.id,
                )
            )
        if not view.active:
            # i18n: result: the game's result, e.g. "Draw (agreement)"
            over = Text("{game} #{number} is over. {result}.", game=view.game_named,
                        number=view.id, result=joined(result_parts(view), ""))  # fmt: skip
            raise Refusal(over)
        self._refuse_if_overdue(view)
        return row, view, side

    def _refuse_if_overdue(self, view: MatchView) -> None:
        """After the deadline nothing but the sweeper's verdict lands: wake it, refuse."""
        if view.deadline is None or view.deadline > self.shared.settings.clock():
            return
        self.shared.alarm.wake_by(0.0)
        late = Text(get_game(view.game_id).side_name(view.side_to_move))
        if view.ply == view.opening_plies:
            # i18n: side: the name of the side that was to move, e.g. "White"
            up = N_(
                "Time is up in {game} #{number}: {side} did not move in time, so it is aborted."
            )
        else:
            # i18n: side: the name of the side that was to move, e.g. "White"
            up = N_(
                "Time is up in {game} #{number}: {side} did not move in time, "
                "so {side} loses on time."
            )
        raise Refusal(Text(up, game=view.game_named, number=view.id, side=late))

    @asynccontextmanager
    async def acting(
        self, actor: Actor, match_id: int | None
    ) -> AsyncIterator[tuple[Tx, Row, Game[Any, Any], str]]:
        """The user's active match, its game and side, read inside the transaction that the
        action then writes in (so a decision always sees the latest row)."""
        if match_id is None:
            match_id = (await self.shared.find.meant(actor))["id"]
        async with self.shared.locks.of(match_id), self.shared.store.transaction() as db:
            row, _, side = await self._active(actor, match_id)
            yield db, row, get_game(row["game_id"]), side

    async def move(
        self, actor: Actor, text: str, match_id: int | None = None, *, seen: int | None = None
    ) -> MoveResult:
        """Play a move in the user's match: one read (the match meant) and one write (the
        move, guarded by the ply it was decided at and the deadline, so that a racing write
        elsewhere makes it a refusal). The result carries all its answer needs: the match as
        the move left it, with its record, and who is to be told of their turn. `seen`: the
        position the move was chosen in (MatchView.position_id; Outdated if it is not the
        position now)."""
        shared = self.shared
        found = None
        if match_id is None:
            found = await shared.find.meant(actor)
            match_id = found["id"]
        lock = shared.locks.of(match_id)
        busy = lock.locked()
        async with lock:  # first come, first served: the match read once it is this move's turn
            if found is None or busy:  # (a write of this process came first: read what it left)
                found = await shared.find.meant(actor, match_id)
            row, view, side = self._checked(actor, found)
            game = get_game(view.game_id)
            _refuse_unless_to_move(view, side)
            if seen is not None and seen != view.position_id:
                raise Outdated(Text(OUTDATED))
            trial = (await shared.records.record(row)).copy()
            texts = shared.records.texts(row["id"])
            try:
                played = trial.play(text)
            except RulesError as err:
                raise Refusal(refused(err, text)) from None  # in the asker's language
            position = game.encode(trial.position)
            reply = forced_reply(trial, view)
            now, to_move = shared.settings.clock(), game.side_to_move(trial.position)
            # after a forced reply the mover is to move again, and knows it
            tell = None if trial.outcome is not None or reply else view.players[to_move]
            write = MoveWrite(
                row["id"], row["ply"] + 1, game.format_move(played), actor.user_id, now,
                position, deadline(view, to_move, now),
                None if to_move == view.computer_side else tell, reply,
                unless_chosen=view.reach == Reach.ANSWERS,
            )  # fmt: skip
            outcome = trial.outcome
            ending = None if outcome is None else partial(self.finish, outcome=outcome)
            moved = await shared.matches.record_move(write, ending)
            if moved is None:
                raise Refusal(Text(CHANGED))
            texts = (*texts, write.move, *([reply.move] if reply else []))  # the log, unread
            shared.records.keep(row["id"], moved.row["ply"], trial, texts)
        after = MatchView.of(moved.row, texts, trial.position)
        shared.alarm.wake_by(after.remind_at)
        shared.turns.tell(after)
        told = write.tell if moved.told else None
        forced = reply.move if reply else None
        return MoveResult(after, write.move, actor.user_id, trial, told, forced)

    async def finish(self, db: Tx, row: Row, outcome: Outcome) -> Row:
        """Finish the match and rate it, inside the transaction that decided it; the row as
        it is after."""
        now = self.shared.settings.clock()
        values = {
            "status": MatchStatus.FINISHED,
            "winner_side": outcome.winner,
            "termination": outcome.termination.value,
            "termination_side": outcome.side,
            "ended_at": now,
        }
        ended = await self.shared.matches.end(db, row["id"], values)
        await self.standings.rate(db, row, outcome, now)
        self.shared.tournament_games.ended(row["id"], row["tournament_id"])
        return ended

    async def abort(self, db: Tx, row: Row, reason: str, by: int | None = None) -> None:
        """End a match unrated, inside the transaction that decided it."""
        values = {
            "status": MatchStatus.ABORTED,
            "result_reason": reason,
            "ended_by": by,
            "ended_at": self.shared.settings.clock(),
        }
        await self.shared.matches.end(db, row["id"], values)
        self.shared.tournament_games.ended(row["id"], row["tournament_id"])

    async def legal_moves(self, actor: Actor, match_id: int | None = None) -> list[str]:
        """The moves the person could play now (empty when it is not their turn)."""
        try:
            row = await self.shared.find.meant(actor, match_id)
        except Refusal:
            return []
        view = MatchView.of(row)
        if not view.active or view.side_of(actor.user_id) != view.side_to_move:
            return []
        record = await self.shared.records.record(row)
        if record.outcome is not None:
            return []
        game = get_game(row["game_id"])
        return [game.format_move(m) for m in game.legal_moves(record.position)]

    async def playing_in(self, actor: Actor, match_id: int | None = None) -> MatchView:
        """The active match the person plays in here (refused as any action in it would be)."""
        return (await self._active(actor, match_id))[1]

    async def to_move(self, actor: Actor, match_id: int | None = None) -> MatchView:
        """The active match here where it is the person's move (refused as a move would be)."""
        _, view, side = await self._active(actor, match_id)
        _refuse_unless_to_move(view, side)
        return view

    async def resign(self, actor: Actor, match_id: int | None = None) -> MatchView:
        async with self.acting(actor, match_id) as (db, row, game, side):
            await self.finish(db, row, Outcome(game.opponent(side), Termination.RESIGNATION, side))
        return await self.shared.find.match(row["id"])

    async def abort_game(
        self, actor: Actor, match_id: int | None = None, *, moderator: bool = False
    ) -> MatchView:
        """End a game without rating while a side has not moved yet; a moderator may call
        off any game in progress on the server, at any point. A tournament game is never
        aborted by its players (an abort there would score: see tournament_rounds.result_of);
        a moderator's call-off counts for neither player."""
        if moderator and match_id is not None:
            return await self._call_off(actor, match_id)
        async with self.acting(actor, match_id) as (db, row, _, _):
            if row["tournament_id"] is not None:
                raise Refusal(
                    Text(
                        "{game} #{number} is a game of tournament #{tournament}, so it cannot "
                        "be aborted: you may resign, and a moderator may call it off (it then "
                        "counts for neither player).",
                        game=game_named(row["game_id"]),
                        number=row["id"],
                        tournament=row["tournament_id"],
                    )
                )
            view = MatchView.of(row)
            if view.ply - view.opening_plies >= 2:  # a ballot's opening is nobody's move
                if row["computer_level"] is not None:
                    raise Refusal(
                        Text(
                            "Both sides have moved, so the game can no longer be aborted: "
                            "you may resign."
                        )
                    )
                raise Refusal(
                    Text(
                        "Both sides have moved, so the game can no longer be aborted: "
                        "you may resign or offer a draw."
                    )
                )
            await self.abort(db, row, ABORTED_BY_PLAYER, actor.user_id)
        return await self.shared.find.match(row["id"])

    async def _call_off(self, moderator: Actor, match_id: int) -> MatchView:
        async with self.shared.locks.of(match_id), self.shared.store.transaction() as db:
            row = await self.shared.find.meant(moderator, match_id)
            if row["status"] != MatchStatus.ACTIVE:
                raise Refusal(
                    Text(
                        "{game} #{number} is already over.",
                        game=game_named(row["game_id"]),
                        number=match_id,
                    )
                )
            players = (row["first_user"], row["second_user"])
            if row["tournament_id"] is not None and moderator.user_id in players:
                raise Refusal(
                    Text(
                        "You play in {game} #{number}, a tournament game: another moderator "
                        "may call it off; you may resign.",
                        game=game_named(row["game_id"]),
                        number=match_id,
                    )
                )
            await self.abort(db, row, CALLED_OFF, moderator.user_id)
        return await self.shared.find.match(row["id"])

    async def offer_draw(self, actor: Actor, match_id: int | None = None) -> DrawResult:
        """Offer a draw; if the opponent had offered one, this accepts it."""
        user_id = actor.user_id
        async with self.acting(actor, match_id) as (db, row, _, _):
            if row["computer_level"] is not None:
                raise Refusal(Text("The computer takes no draws: play on, or resign."))
            offer = row["draw_offer_by"]
            if offer == user_id:
                rival = MatchView.of(row).opponent_of(user_id) or 0
                # i18n: person: the opponent
                raise Refusal(
                    Text(
                        "You have already offered a draw: wait for {person} to answer.",
                        person=Person(rival),
                    )
                )
            agreed = offer is not None
            if agreed:
                await self.finish(db, row, AGREED)
            else:
                await self.shared.matches.set(db, row["id"], draw_offer_by=user_id)
        return DrawResult(await self.shared.find.match(row["id"]), agreed=agreed)

    async def answer_draw(
        self, actor: Actor, accept: bool, match_id: int | None = None
    ) -> DrawResult:
        async with self.acting(actor, match_id) as (db, row, _, _):
            if row["draw_offer_by"] in (None, actor.user_id):
                raise Refusal(Text("There is no draw offer from your opponent to answer."))
            if accept:
                await self.finish(db, row, AGREED)
            else:
                await self.shared.matches.set(db, row["id"], draw_offer_by=None)
        return DrawResult(await self.shared.find.match(row["id"]), agreed=accept)

    async def thread_gone(self, thread_id: int) -> list[MatchView]:
        """A game's thread was deleted or cannot be posted to: its games in progress go on
        in their channel (returned, to tell the players there, once)."""
        async with self.shared.store.transaction() as db:
            moved = await self.shared.matches.unbind_thread(db, thread_id)
        return [await self.shared.find.match(match_id) for match_id in moved]

    async def bind_thread(self, match_id: int, thread_id: int) -> None:
        """Remember the thread where a match is played (commands there find it)."""
        async with self.shared.store.transaction() as db:
            await self.shared.matches.set(db, match_id, thread_id=thread_id)
