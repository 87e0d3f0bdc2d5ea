"""Takebacks by consent: a player asks to take their last move back; the opponent accepts
or declines; against the computer it is granted at once. The moves taken back leave the
move log in the same transaction as the match returns to the position before them."""

from __future__ import annotations

from typing import Any

from bot.errors import Person, Refusal
from bot.i18n import Text
from bot.service.clocks import deadline
from bot.service.play import Play
from bot.service.shared import Shared
from bot.service.views import Actor, MatchView, TakebackResult
from bot.store import Row, Tx
from rules import Game, GameRecord


def plies_back(match: MatchView, side: str) -> int:
    """How many plies a takeback for `side` undoes: its last move (1) while the opponent
    is to move, or that move and the reply (2) when the reply is already made."""
    return 2 if match.side_to_move == side else 1


class Takebacks:
    def __init__(self, shared: Shared, play: Play) -> None:
        self.shared = shared
        self.play = play

    async def ask(self, actor: Actor, match_id: int | None = None) -> TakebackResult:
        """Ask to take back your last move (with the reply to it, if made): the opponent
        decides; the computer grants it at once (its games are unrated)."""
        async with self.play.acting(actor, match_id) as (db, row, game, side):
            view = MatchView.of(row)
            if row["tournament_id"] is not None:
                raise Refusal(Text("Moves are not taken back in tournament games."))
            back = await self._plies(row, game, plies_back(view, side))
            if view.computer_level is not None:
                done = await self._undo(db, row, view, game, back, actor.user_id)
                return TakebackResult(done, taken_back=back)
            asker = row["takeback_by"]
            if asker == actor.user_id:
                rival = view.opponent_of(actor.user_id) or 0
                # i18n: person: the opponent
                raise Refusal(
                    Text(
                        "You have already asked to take back: wait for {person}.",
                        person=Person(rival),
                    )
                )
            if asker is not None:
                raise Refusal(Text("Your opponent asked to take back first: answer that request."))
            await self.shared.matches.ask_takeback(db, row["id"], actor.user_id, view.ply)
        return TakebackResult(await self.shared.find.match(row["id"]), taken_back=0)

    async def answer(
        self,
        actor: Actor,
        accept: bool,
        match_id: int | None = None,
        request: int | None = None,
    ) -> TakebackResult:
        """Accept or decline the opponent's request; a move made since voids it. `request`:
        the one meant (MatchView.takeback_request, which its buttons carry): any other,
        open now or not, is refused (None: the request open now, whichever it is)."""
        async with self.play.acting(actor, match_id) as (db, row, game, _):
            asker = row["takeback_by"]
            if request is not None and MatchView.of(row).takeback_request != request:
                raise Refusal(
                    Text(
                        "That takeback request is over (a move was made, or it was answered), "
                        "so this button answers nothing: the buttons under the game's latest "
                        "board answer the request open now, if there is one."
                    )
                )
            if asker in (None, actor.user_id):
                raise Refusal(Text("There is no takeback request from your opponent to answer."))
            if not accept:
                await self.shared.matches.set(db, row["id"], takeback_by=None, takeback_ply=None)
            else:
                view = MatchView.of(row)
                back = await self._plies(row, game, plies_back(view, view.side_of(asker) or ""))
                done = await self._undo(db, row, view, game, back, asker)
                return TakebackResult(done, taken_back=back)
        # declined: the match as the answer left it (no request, so no answer buttons)
        return TakebackResult(await self.shared.find.match(row["id"]), 0, declined=True)

    async def _plies(self, row: Row, game: Game[Any, Any], back: int) -> int:
        """`back`, or more: a takeback never returns to where a checkmated Prince's leave is
        owed (played at once, the leave goes back with the move that forced it, and that
        move with the one it answered); refused if the game has not that many moves after
        its ballot's opening (drawn, not played: never taken back)."""
        positions = (await self.shared.records.record(row)).positions
        while back < len(positions) and game.forced_exit(positions[-1 - back]) is not None:
            back += 2
        if back >= len(positions) - MatchView.of(row).opening_plies:
            raise Refusal(Text("You have no move to take back in this game yet."))
        return back

    async def _undo(
        self, db: Tx, row: Row, view: MatchView, game: Game[Any, Any], back: int, asker: int
    ) -> MatchView:
        """Return the match to `back` plies ago, inside the caller's transaction; the player
        then to move has a full time per move (from the end of their vacation, if on one)."""
        shared = self.shared
        played = (await shared.records.record(row)).moves
        kept = [game.format_move(m) for m in played[: len(played) - back]]
        record = GameRecord.replay(game, kept, game.decode(row["start_position"]))
        now = shared.settings.clock()
        to_move = game.side_to_move(record.position)
        undone = await shared.matches.undo(
            db, row["id"], to_ply=len(kept), position=game.encode(record.position),
            deadline=deadline(view, to_move, now), asked_by=asker, now=now,
        )  # fmt: skip
        shared.records.keep(row["id"], len(kept), record, tuple(kept))
        after = MatchView.of(undone, tuple(kept))
        shared.alarm.wake_by(after.remind_at)
        return after
