"""Tournaments inside a server, run by the bot from sign-up to final standings: Swiss (FIDE
Dutch) or round-robin (Berger), each round's games started at once under the event's time
per move (each game's clock from when its board is posted), the next round paired when the
last game of a round ends. Three Musketeers is asymmetric: each pairing is two games, the
sides swapped; so is a Checkers event played from ballots (each pairing's ballot played
both ways). House rules are for casual games: never a tournament's."""

from __future__ import annotations

from bot.errors import Person, Refusal, Worded
from bot.i18n import Text, Texts, _
from bot.service import options
from bot.service.finding import pick_game
from bot.service.pairings import round_robin_rounds
from bot.service.play import Play
from bot.service.shared import Shared
from bot.service.tournament_boards import TournamentBoards
from bot.service.tournament_news import TournamentNews
from bot.service.tournament_rounds import CANCELLED, begin, pair, result_of
from bot.service.tournament_scores import Result, Standing, standings
from bot.service.tournament_views import GamesEnded, RoundNews, TournamentView, view_of
from bot.service.views import Actor
from bot.store import Row, Tx
from bot.store.tournament_tables import TournamentRows
from rules import Outcome, Termination

FORMATS = ("swiss", "round-robin")
STATUSES = ("signup", "running", "finished", "cancelled")
MAX_ROUNDS = 20
MIN_PLAYERS = 3


class _PlayersChanged(Exception):
    """A round's pairing to be made again: its players changed while it was made (its
    transaction rolls back, nothing written)."""


class Tournaments:
    def __init__(self, shared: Shared, play: Play) -> None:
        self.shared = shared
        self.play = play
        self.rows = TournamentRows(shared.store)
        #: each round's boards, posted through the outbox; clocks start at their boards
        self.boards = TournamentBoards(shared)
        #: each round's news and the event's end, posted from the event's row
        self.news = TournamentNews(shared)

    # --- looking ---
    async def view(self, tournament_id: int, guild_id: int | None = None) -> TournamentView:
        row = await self.rows.get(tournament_id)
        if row is None or (guild_id is not None and row["guild_id"] != guild_id):
            raise Refusal(
                Text("There is no tournament #{number} on this server.", number=tournament_id)
            )
        return view_of(row, await self.rows.players(tournament_id))

    async def meant(self, actor: Actor, tournament_id: int | None) -> TournamentView:
        """The event meant: the number given (on this server), else the one in sign-up or
        under way in this channel, else the channel's last one."""
        if tournament_id is not None:
            return await self.view(tournament_id, actor.guild_id)
        rows = [
            r
            for r in await self.rows.of_server(actor.guild_id, STATUSES)
            if r["channel_id"] == actor.channel_id
        ]
        going = [r for r in rows if r["status"] in ("signup", "running")]
        if len(going) > 1:
            raise Refusal(
                Text("Several tournaments are under way in this channel: give its number.")
            )
        if not rows:
            raise Refusal(Text("There is no tournament in this channel: give its number."))
        row = (going or rows)[-1]
        return view_of(row, await self.rows.players(row["id"]))

    async def results(self, tournament_id: int) -> list[Result]:
        return [result_of(r) for r in await self.rows.games(tournament_id)]

    async def table(self, tournament_id: int) -> list[Standing]:
        """The standings now: points, Sonneborn-Berger, Buchholz, games left."""
        view = await self.view(tournament_id)
        return standings(view.players, await self.results(tournament_id))

    async def round_games(self, tournament_id: int, round_number: int) -> list[Result]:
        return [r for r in await self.results(tournament_id) if r.round == round_number]

    async def running_ids(self) -> list[int]:
        """The events under way, or in sign-up with a start set, on the servers this
        process looks after."""
        shards = self.shared.settings.shards
        return [
            r["id"]
            for r in await self.rows.running()
            if shards is None or shards.owns(r["guild_id"])
        ]

    async def start_due(self, tournament_id: int) -> TournamentView | None:
        """Start an event whose set time has come, as its organiser would (None: it is not
        due, or began already, or cannot begin, and stays in sign-up)."""
        view = await self.view(tournament_id)
        if view.status != "signup" or view.starts_at is None:
            return None
        if view.starts_at > self.shared.settings.clock():
            return None
        organiser = Actor(view.guild_id, view.channel_id, view.organiser_id)
        try:
            return await self.start(organiser, tournament_id, moderator=True)
        except Refusal:
            return None  # too few players: the organiser may start it by hand

    # --- acting ---
    async def create(
        self,
        actor: Actor,
        game_id: str,
        format: str = "swiss",
        rounds: int | None = None,
        move_time: int | str | None = None,
        rated: bool = True,
        starts: str | None = None,
        *,
        allowed: bool,
        opening: str | None = None,
    ) -> TournamentView:
        """A new event in this channel, open for sign-up (`allowed`: by a member who may
        manage the server); `opening`: ballot, each pairing's games from a ballot."""
        if not allowed:
            raise Refusal(Text("Only members who may manage this server can create a tournament."))
        game = pick_game(game_id)
        if game.house_rule:
            rule = game.house_rule
            # i18n: rule: a house rule, e.g. "Free jumps" (capitalised when shown)
            raise Refusal(
                Text(
                    "{rule} is a house rule for casual games: a tournament plays {game} by "
                    "its own rules.",
                    rule=Worded(lambda _show: _capitalised(_(rule))),
                    game=Text(game.name),
                )
            )
        drawn = options.opening_choice(game, opening)
        if format not in FORMATS:
            # i18n: swiss, round-robin: the choices as typed in commands; typed: what was typed
            raise Refusal(
                Text("The format is swiss or round-robin, not {typed}.", typed=repr(format[:20]))
            )
        if format == "swiss" and (rounds is None or not 1 <= rounds <= MAX_ROUNDS):
            raise Refusal(Text("A Swiss needs its rounds: 1 to {most}.", most=MAX_ROUNDS))
        seconds = options.move_seconds(move_time)
        now = self.shared.settings.clock()
        starts_at = None if starts is None else now + options.move_seconds(starts)
        async with self.shared.store.transaction() as db:
            tournament_id = await self.rows.insert(
                db,
                {
                    "guild_id": actor.guild_id,
                    "channel_id": actor.channel_id,
                    "game_id": game.id,
                    "format": format,
                    "rounds": rounds or 0,
                    "move_seconds": seconds,
                    "rated": int(rated),
                    "organiser_id": actor.user_id,
                    "created_at": now,
                    "starts_at": starts_at,
                    "opening": drawn,
                },
            )
        if starts_at is not None:
            self.shared.tournament_games.tell(tournament_id)  # its start: to be kept
        return await self.view(tournament_id)

    async def join(self, actor: Actor, tournament_id: int) -> TournamentView:
        async with self.shared.store.transaction() as db:
            view = await self._held(db, actor, tournament_id)
            if view.status == "running" and not view.late_joining:
                if view.format == "round-robin":
                    raise Refusal(
                        Text(
                            "Tournament #{number} takes no more players: it has begun.",
                            number=view.id,
                        )
                    )
                raise Refusal(
                    Text(
                        "Tournament #{number} takes no more players: half its rounds began.",
                        number=view.id,
                    )
                )
            if view.status not in ("signup", "running"):
                raise Refusal(Text("Tournament #{number} is over.", number=view.id))
            now = self.shared.settings.clock()
            if not await self.rows.add_player(db, view.id, actor.user_id, now):
                raise Refusal(Text("You are already in tournament #{number}.", number=view.id))
            # the event as the join left it (its round: the first they may be paired in is
            # the next; the tournament's row is held, so no round begins meanwhile)
            return await self._held(db, actor, tournament_id)

    async def leave(self, actor: Actor, tournament_id: int) -> GamesEnded:
        """Leave before it starts; withdraw once it runs: the games under way are lost (and
        returned), the games played stand, and no more are paired."""
        async with self.shared.store.transaction() as db:
            view = await self._held(db, actor, tournament_id)
            if actor.user_id not in view.players or actor.user_id in view.withdrawn:
                raise Refusal(Text("You are not playing in tournament #{number}.", number=view.id))
            ended = []
            if view.status == "signup":
                await self.rows.remove_player(db, view.id, actor.user_id)
            elif view.status == "running":
                await self.rows.withdraw(db, view.id, actor.user_id, self.shared.settings.clock())
                ended = await self._unfinished(db, view.id, actor.user_id)
                for match in ended:
                    game = pick_game(match["game_id"])
                    side = game.sides[0] if match["first_user"] == actor.user_id else game.sides[1]
                    withdrew = Outcome(game.opponent(side), Termination.RESIGNATION, side)
                    await self.play.finish(db, match, withdrew)
            else:
                raise Refusal(Text("Tournament #{number} is over.", number=view.id))
        return await self._ended(tournament_id, ended)

    async def start(self, actor: Actor, tournament_id: int, *, moderator: bool) -> TournamentView:
        async with self.shared.store.transaction() as db:
            view = await self._held(db, actor, tournament_id)
            self._may_run(actor, view, moderator)
            if view.status != "signup":
                raise Refusal(Text("Tournament #{number} has already begun.", number=view.id))
            if len(view.players) < MIN_PLAYERS:
                # i18n: n: the fewest players a tournament begins with; count: its players
                raise Refusal(
                    Texts(
                        "Tournament #{number} needs {n} player to begin: it has {count}.",
                        "Tournament #{number} needs {n} players to begin: it has {count}.",
                        MIN_PLAYERS,
                        number=view.id,
                        count=len(view.players),
                    )
                )
            rounds = view.rounds
            if view.format == "round-robin":
                rounds = round_robin_rounds(len(view.players))
            await self.rows.update(db, view.id, {"status": "running", "rounds": rounds})
        self.shared.tournament_games.tell(tournament_id)  # its first round: paired and posted
        return await self.view(tournament_id)

    async def cancel(self, actor: Actor, tournament_id: int, *, moderator: bool) -> GamesEnded:
        """End the event: its unfinished games are aborted (and returned), nothing more is
        paired."""
        async with self.shared.store.transaction() as db:
            view = await self._held(db, actor, tournament_id)
            self._may_run(actor, view, moderator)
            if view.status not in ("signup", "running"):
                raise Refusal(Text("Tournament #{number} is already over.", number=view.id))
            await self.rows.update(db, view.id, {"status": "cancelled"})
            ended = await self._unfinished(db, view.id)
            for match in ended:
                await self.play.abort(db, match, CANCELLED, actor.user_id)
        return await self._ended(tournament_id, ended)

    async def advance(self, tournament_id: int) -> RoundNews | None:
        """If the round under way is over (or none has begun), pair and begin the next, or
        end the event after its last: the news to post; None while games go on. (The adapter
        calls this when told a tournament may move on, and for every event under way after a
        restart.) A round is paired from the players it is written with: one who joins (a
        Swiss's late entry) or withdraws while it is paired has it paired again."""
        while True:
            try:
                return await self._advance(tournament_id)
            except _PlayersChanged:
                continue

    async def _advance(self, tournament_id: int) -> RoundNews | None:
        view = await self.view(tournament_id)
        if view.status != "running":
            return None
        results = await self.results(tournament_id)
        if any(r.going for r in results if r.round == view.round):
            return None
        active = [p for p in view.players if p not in view.withdrawn]
        table = tuple(standings(view.players, results))
        if view.round >= view.rounds or len(active) < 2:
            async with self.shared.store.transaction() as db:
                held = await self._held(db, None, tournament_id)
                if held.status != "running" or held.round != view.round:
                    return None  # another process was first
                await self.rows.update(db, view.id, {"status": "finished"})
            return RoundNews(await self.view(tournament_id), 0, (), (), table)
        number = view.round + 1
        pairings = await pair(view, results, active, number)
        async with self.shared.store.transaction() as db:
            held = await self._held(db, None, tournament_id)  # joins and withdrawals wait
            if held.status != "running" or held.round != view.round:
                return None  # another process began this round
            if (held.players, held.withdrawn) != (view.players, view.withdrawn):
                raise _PlayersChanged  # someone joined or withdrew since the pairing's read
            matches, byes = await begin(self.shared, self.rows, db, held, number, pairings)
            await self.rows.update(db, view.id, {"round": number})
        games = tuple([await self.shared.find.match(m) for m in matches])
        return RoundNews(await self.view(tournament_id), number, games, byes, table)

    # --- inside ---
    async def _ended(self, tournament_id: int, games: list[Row]) -> GamesEnded:
        """The event now, and the games that ended with what was done to it, as they are now."""
        ended = tuple([await self.shared.find.match(row["id"]) for row in games])
        return GamesEnded(await self.view(tournament_id), ended)

    async def _held(self, db: Tx, actor: Actor | None, tournament_id: int) -> TournamentView:
        row = await self.rows.get(tournament_id, db)
        if row is None or (actor is not None and row["guild_id"] != actor.guild_id):
            raise Refusal(
                Text("There is no tournament #{number} on this server.", number=tournament_id)
            )
        return view_of(row, await self.rows.players(tournament_id, db))

    @staticmethod
    def _may_run(actor: Actor, view: TournamentView, moderator: bool) -> None:
        if actor.user_id != view.organiser_id and not moderator:
            # i18n: person: who created the tournament
            raise Refusal(
                Text(
                    "Only {person} (who created it) or a member who may manage this server "
                    "can do that.",
                    person=Person(view.organiser_id),
                )
            )

    async def _unfinished(
        self, db: Tx, tournament_id: int, user_id: int | None = None
    ) -> list[Row]:
        rows = await db.all(
            "SELECT m.*, NULL AS remind_at FROM matches m WHERE m.tournament_id = ? "
            "AND m.status = 'active'",
            (tournament_id,),
        )
        return [
            r for r in rows if user_id is None or user_id in (r["first_user"], r["second_user"])
        ]


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
