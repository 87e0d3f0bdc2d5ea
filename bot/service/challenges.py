"""Challenges: made, accepted (the match starts; a ballot's two games start at once, so both
players play both colours side by side, as ballot matches by correspondence are played, and
nothing waits on how the first game ends), declined, cancelled, and rematches."""

from __future__ import annotations

from collections.abc import Callable

from bot.errors import Person, Refusal
from bot.i18n import N_, Text, Texts
from bot.service import ballots, options
from bot.service.clocks import start_clock
from bot.service.finding import no_challenge, no_match, pick_game, reach_again, shown_to
from bot.service.match_view import is_private
from bot.service.shared import Shared
from bot.service.views import Actor, ChallengeStatus, ChallengeView, MatchView
from bot.store import Row, Tx

#: unanswered challenges a player may have out at once on one server
MAX_OPEN_CHALLENGES = 5

#: a challenge answered already, as its status says
_ALREADY = {
    ChallengeStatus.ACCEPTED: N_("This challenge was already accepted."),
    ChallengeStatus.DECLINED: N_("This challenge was already declined."),
    ChallengeStatus.CANCELLED: N_("This challenge was already cancelled."),
    ChallengeStatus.EXPIRED: N_("This challenge was already expired."),
}


class Challenges:
    def __init__(self, shared: Shared) -> None:
        self.shared = shared

    async def challenge(
        self,
        actor: Actor,
        game_id: str,
        *,
        opponent_id: int | None = None,
        side: str | None = None,
        move_time: int | str | None = None,
        opening: str | None = None,
        captures: str | None = None,
    ) -> ChallengeView:
        """Challenge a user (or, with no opponent, anyone in the channel) to a game: from
        the start, or a ballot pair (`opening`: ballot); captures forced, or free (free
        jumps, a house rule: the game is then unrated)."""
        guild_id, challenger_id = actor.guild_id, actor.user_id
        game = options.house_rules(pick_game(game_id), captures)
        if opponent_id == challenger_id:
            raise Refusal(
                Text("You cannot challenge yourself: pick an opponent, or leave it open.")
            )
        chosen = options.side_choice(game, side)
        drawn = options.opening_choice(game, opening)
        seconds = options.move_seconds(move_time)
        now = self.shared.settings.clock()
        values = {
            "guild_id": guild_id,
            "channel_id": actor.channel_id,
            "challenger_id": challenger_id,
            "opponent_id": opponent_id,
            "game_id": game.rules_id,
            "challenger_side": chosen,
            "move_seconds": seconds,
            "created_at": now,
            "expires_at": now + self.shared.settings.challenge_seconds,
            "opening": drawn,
            "reach": actor.reach,
        }
        async with self.shared.store.transaction() as db:
            mine = await self.shared.challenges.open_by(guild_id, challenger_id, now)
            if mine >= MAX_OPEN_CHALLENGES:
                raise Refusal(
                    Texts(
                        "You already have {n} open challenge on this server: cancel it, or "
                        "wait for an answer, before making another.",
                        "You already have {n} open challenges on this server: cancel one, or "
                        "wait for answers, before making another.",
                        MAX_OPEN_CHALLENGES,
                    )
                )
            challenge_id = await self.shared.challenges.insert(db, values)
        self.shared.alarm.wake_by(now + self.shared.settings.challenge_seconds)
        return await self.shared.find.challenge(challenge_id)

    async def _open(self, actor: Actor, challenge_id: int) -> Row:
        """An open challenge made here (its channel, or the thread of the match it rematches),
        or a private one (is_private) of the actor's, answered anywhere; read inside the
        caller's transaction. To anyone else a private one elsewhere is no challenge."""
        row = await self.shared.find.challenge_row(challenge_id)
        places = {row["channel_id"]}
        if row["rematch_of"] is not None:
            places.add((await self.shared.find.match_row(row["rematch_of"]))["thread_id"])
        here = actor.channel_id in places
        if is_private(row["reach"], row["guild_id"]):
            # its players answer it anywhere (a challenge DMed to them); to anyone else
            # elsewhere it is none
            if actor.user_id in (row["challenger_id"], row["opponent_id"]):
                here = True
            elif not here:
                raise Refusal(no_challenge(challenge_id))
        elif row["guild_id"] != actor.guild_id:
            raise Refusal(no_challenge(challenge_id))
        if not here:
            raise Refusal(Text("This challenge was made in another channel: answer it there."))
        if row["status"] != ChallengeStatus.OPEN:
            raise Refusal(Text(_ALREADY[ChallengeStatus(row["status"])]))
        if row["expires_at"] <= self.shared.settings.clock():
            raise Refusal(Text("This challenge has expired: ask for a new one with /challenge."))
        return row

    async def accept(self, actor: Actor, challenge_id: int) -> MatchView:
        """Accept a challenge: the match starts, sides as asked or drawn at random."""
        user_id = actor.user_id
        async with self.shared.store.transaction() as db:
            row = await self._open(actor, challenge_id)
            if user_id == row["challenger_id"]:
                raise Refusal(
                    Text("You cannot accept your own challenge: wait for someone to accept it.")
                )
            if row["opponent_id"] is not None and user_id != row["opponent_id"]:
                # i18n: person: the one challenged
                raise Refusal(
                    Text(
                        "This challenge is for {person}, not you: start your own with /challenge.",
                        person=Person(row["opponent_id"]),
                    )
                )
            match_id = await self._start(db, row, user_id)
        return await self.shared.find.match(match_id)

    async def _start(self, db: Tx, challenge: Row, user_id: int) -> int:
        """Turn an open challenge into a match inside the caller's transaction (a ballot
        pair: its first game, the second linked to it)."""
        game = pick_game(challenge["game_id"])
        side = challenge["challenger_side"] or self.shared.settings.rng.choice(game.sides)
        challenger = challenge["challenger_id"]
        first, second = (challenger, user_id) if side == game.sides[0] else (user_id, challenger)
        now = self.shared.settings.clock()
        start = game.encode(game.initial_position())
        values = {
            "guild_id": challenge["guild_id"],
            "channel_id": challenge["channel_id"],
            "game_id": game.rules_id,
            "first_user": first,
            "second_user": second,
            "start_position": start,
            "position": start,
            "move_seconds": challenge["move_seconds"],
            "created_at": now,
            "reach": challenge["reach"],
        }
        begun: tuple[int, ...]
        if challenge["opening"] == options.BALLOT:
            begun = await ballots.begin_pair(
                self.shared, db, values, game, ballots.draw(self.shared, game)
            )
        else:
            begun = (await self.shared.matches.insert(db, values),)
        await self.shared.challenges.set_status(
            db, challenge["id"], ChallengeStatus.ACCEPTED, begun[0]
        )
        for match_id in begun:
            started = await start_clock(self.shared, db, match_id)
            self.shared.alarm.wake_by(started["remind_at"] if started is not None else None)
        return begun[0]

    async def decline(self, actor: Actor, challenge_id: int) -> ChallengeView:
        def why_not(row: Row) -> Text | None:
            if row["opponent_id"] == actor.user_id:
                return None
            if actor.user_id == row["challenger_id"]:
                # i18n: Cancel: the label of the challenge's Cancel button
                return Text("You made this challenge: use Cancel to withdraw it.")
            return Text("Only the challenged player can decline this challenge.")

        return await self._close(actor, challenge_id, ChallengeStatus.DECLINED, why_not)

    async def cancel(self, actor: Actor, challenge_id: int) -> ChallengeView:
        only = Text("Only the player who made this challenge can cancel it.")
        return await self._close(
            actor,
            challenge_id,
            ChallengeStatus.CANCELLED,
            lambda row: None if row["challenger_id"] == actor.user_id else only,
        )

    async def _close(
        self,
        actor: Actor,
        challenge_id: int,
        status: ChallengeStatus,
        why_not: Callable[[Row], Text | None],
    ) -> ChallengeView:
        """Answer an open challenge made here, if `why_not` finds no reason to refuse."""
        async with self.shared.store.transaction() as db:
            row = await self._open(actor, challenge_id)
            if (refusal := why_not(row)) is not None:
                raise Refusal(refusal)
            await self.shared.challenges.set_status(db, row["id"], status)
        return await self.shared.find.challenge(challenge_id)

    async def rematch(self, actor: Actor, match_id: int) -> ChallengeView:
        """Ask the same opponent for another game with sides swapped (or accept their request:
        when both ask at once, the second request starts the game)."""
        shared, guild_id, user_id = self.shared, actor.guild_id, actor.user_id
        async with shared.store.transaction() as db:
            row = await shared.find.match_row(match_id)
            view = MatchView.of(row)
            side = view.side_of(user_id)
            if view.private and not shown_to(actor, row):
                raise Refusal(no_match(match_id))
            if side is None or (not view.private and row["guild_id"] != guild_id):
                raise Refusal(
                    Text(
                        "Only the players of {game} #{number} can ask for its rematch.",
                        game=view.game_named,
                        number=match_id,
                    )
                )
            if view.active:
                raise Refusal(
                    Text(
                        "{game} #{number} is still being played: finish it first.",
                        game=view.game_named,
                        number=match_id,
                    )
                )
            pending = await shared.challenges.open_rematch(match_id, shared.settings.clock())
            if pending is not None and pending["challenger_id"] == user_id:
                raise Refusal(Text("You have already asked for a rematch: wait for an answer."))
            if pending is not None:
                await self._start(db, pending, user_id)  # both asked: the rematch starts
                challenge_id = pending["id"]
            else:
                challenge_id = await self._ask_rematch(db, view, actor, side)
            # read inside the transaction: the request's own result, even if the other
            # player's request accepts it the moment this one commits
            return await shared.find.challenge(challenge_id)

    async def _ask_rematch(self, db: Tx, match: MatchView, actor: Actor, side: str) -> int:
        game = pick_game(match.game_id)
        now = self.shared.settings.clock()
        self.shared.alarm.wake_by(now + self.shared.settings.challenge_seconds)
        return await self.shared.challenges.insert(
            db,
            {
                "guild_id": match.guild_id,
                "channel_id": match.channel_id,
                "challenger_id": actor.user_id,
                "opponent_id": match.opponent_of(actor.user_id),
                "game_id": game.rules_id,
                "challenger_side": game.opponent(side),
                "move_seconds": match.move_seconds,
                "created_at": now,
                "expires_at": now + self.shared.settings.challenge_seconds,
                "rematch_of": match.id,
                "opening": None if match.ballot is None else options.BALLOT,
                "reach": reach_again(actor, match),
            },
        )
