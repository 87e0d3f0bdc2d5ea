"""The match service: every rule about who may do what, over the store and the rules engine,
cut by concern (the modules of `bot.service`) and held together here: the one door the
adapters use.

Identities are plain ids (an Actor: server, channel, user). Each action either returns
views (never a database row) or raises Refusal (its text names people by id); a refused
action writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Unpack

from bot.errors import Refusal
from bot.i18n import Text
from bot.service.analyses import Analyses
from bot.service.challenges import Challenges
from bot.service.computer_games import ComputerGames
from bot.service.deadlines import Deadlines
from bot.service.finding import played_elsewhere
from bot.service.languages import Languages
from bot.service.notices import Notices
from bot.service.play import Play
from bot.service.puzzles import Puzzles
from bot.service.shared import Clock, ServiceOptions, Shared
from bot.service.site import Site
from bot.service.standings import Standings
from bot.service.takebacks import Takebacks
from bot.service.tournaments import Tournaments
from bot.service.vacations import Vacations
from bot.service.views import Actor, Audience, Listing, MatchView, Reach, Rematch
from bot.store import Store
from bot.store.shown_table import ShownMessages
from rules import GameRecord

#: the most games /mygames lists (a person has a few; this bounds a flood)
MAX_LISTED = 200


class MatchService:
    """The service's parts (challenges, play, deadlines, computer games, takebacks, turn
    notices, vacations, standings, reviews, puzzles, tournaments, the site) over one store
    and clock, and the door to them: its methods and those parts are what the rest of the
    bot uses (see `bot.service`); `_shared` (the tables, the store, the locks) is the
    service's own, which ruff's SLF001 keeps the rest of the bot out of (tests may look)."""

    def __init__(self, store: Store, **options: Unpack[ServiceOptions]) -> None:
        self._shared = Shared(store, **options)
        self.standings = Standings(store)
        self.challenges = Challenges(self._shared)
        self.vacations = Vacations(self._shared)
        self.play = Play(self._shared, self.standings)
        self.deadlines = Deadlines(self._shared, self.play)
        self.computer = ComputerGames(self._shared, self.play)
        self.takebacks = Takebacks(self._shared, self.play)
        self.notices = Notices(self._shared)
        self.analyses = Analyses(self._shared)
        self.puzzles = Puzzles(self._shared)
        self.tournaments = Tournaments(self._shared, self.play)
        self.site = Site(self._shared)
        self.languages = Languages(self._shared)
        #: where chat adapters showed challenges and boards (their message ids)
        self._shown = ShownMessages(store)

    @property
    def clock(self) -> Clock:
        return self._shared.settings.clock

    # --- looking: views of matches, for anyone ---
    async def match(self, match_id: int) -> MatchView:
        """One match: players, position, move list and result."""
        return await self._shared.find.match(match_id)

    async def replay(self, match: MatchView) -> GameRecord:
        """The match's game record at the view's ply: every position and move, for pictures
        and replays (kept from its last move, else read from its move log)."""
        return await self._shared.records.at(match)

    async def meant(self, actor: Actor, match_id: int | None = None) -> MatchView:
        """The match meant, for players and spectators alike: the number given (on this
        server, or a private game the person may see: Finder.numbered), else the one whose
        thread this is, else the only game in progress here, else the person's only game
        here."""
        return await self._shared.find.view(await self._shared.find.meant(actor, match_id))

    async def check_here(self, actor: Actor, match_id: int) -> None:
        """Refuse a button of a match pressed outside its channel and thread."""
        await self._shared.find.check_here(actor, match_id)

    async def games_of(
        self, guild_id: int, user_id: int, *, over: bool = False, limit: int = 25
    ) -> list[MatchView]:
        """The person's games on the server, newest first: in progress, or `over`."""
        statuses = ("finished", "aborted") if over else ("active",)
        rows = await self._shared.matches.of_user(guild_id, user_id, statuses, limit)
        return [MatchView.of(row) for row in rows]

    async def games_everywhere(self, user_id: int) -> list[Listing]:
        """A person's games in progress on every server: those where it is their move first,
        the soonest deadline first, then the others (at most MAX_LISTED)."""
        rows = await self._shared.matches.active_of(user_id, MAX_LISTED)
        views = sorted(
            (MatchView.of(row) for row in rows),
            key=lambda v: (v.user_to_move != user_id, v.deadline is None, v.deadline or 0, v.id),
        )
        return [Listing(v, await self._shown.find(f"board:{v.id}")) for v in views]

    async def games_here(self, guild_id: int, channel_id: int) -> list[MatchView]:
        """The games in progress in a channel (and its games' threads)."""
        return [
            MatchView.of(r) for r in await self._shared.matches.active_here(guild_id, channel_id)
        ]

    async def shown_where(self, shows: str) -> tuple[int, int] | None:
        """The (channel, message) a chat adapter last showed `shows` in ("board:12")."""
        return await self._shown.find(shows)

    async def shown_now(
        self, shows: str, channel_id: int, message_id: int
    ) -> tuple[int, int] | None:
        """Remember the message that shows `shows` now; the one that showed it before."""
        return await self._shown.replace(shows, channel_id, message_id)

    def on_computer_turn(self, listener: Callable[[int], None]) -> None:
        """Call `listener` with the id of each match where it becomes the computer's turn."""
        self._shared.turns.listeners.append(listener)

    def on_tournament(self, listener: Callable[[int, int | None], None]) -> None:
        """Call `listener` with (tournament id, match id or None) whenever a tournament may
        move on: one of its games ended (act once that match's lock is free), or it began."""
        self._shared.tournament_games.listeners.append(listener)

    def on_analysis(self, listener: Callable[[int], None]) -> None:
        """Call `listener` with the id of each match whose review is asked for."""
        self.analyses.listeners.append(listener)

    async def unlocked(self, match_id: int) -> None:
        """Wait until no action of this process on the match is under way (its lock free)."""
        async with self._shared.locks.of(match_id):
            pass

    # --- acting: what needs more than one part ---
    async def rematch(self, actor: Actor, match_id: int | None = None) -> Rematch:
        """The same game again, sides swapped: against the computer it starts at once;
        between people it is a challenge to the opponent, taken up at once when the
        opponent had asked too. Without a number: the person's last finished game here."""
        if match_id is None:
            match_id = await self._shared.find.last_over(actor)
            if match_id is None:
                raise Refusal(Text("You have no finished game to ask a rematch of."))
        old = await self.match(match_id)
        # its challenge or board is shown where the game was played: asked elsewhere, only
        # of a game everyone can read (else a private one's would show where it was asked);
        # a private game's players ask anywhere (a board DMed to them has its Rematch button)
        mine = old.side_of(actor.user_id) is not None  # to anyone else: no match (below)
        player = old.guild_id == actor.guild_id and mine
        if player and not old.private and await self.site.audience(actor, old) != Audience.HERE:
            # i18n: Rematch: the label of a game's Rematch button
            raise Refusal(
                Text(
                    "{game} #{number} was played in a channel not everyone here can read: "
                    "ask for its rematch there (its Rematch button, or /rematch in its thread).",
                    game=old.game_named,
                    number=match_id,
                )
            )
        # a private game's rematch is shown where it is asked (the computer's board too):
        # only in its own channel, or the asker's DM with the bot, which nobody else reads
        elsewhere = actor.channel_id not in (old.channel_id, old.thread_id)
        bot_dm = actor.guild_id == 0 and actor.reach == Reach.POSTS
        if old.private and elsewhere and not bot_dm and mine:
            raise Refusal(played_elsewhere(old.game_id, match_id))
        if old.computer_level is not None:
            again = await self.computer.rematch(actor, match_id)
            return Rematch(None, again)
        asked = await self.challenges.rematch(actor, match_id)
        started = asked.match_id if asked.status == "accepted" else None
        return Rematch(asked, None if started is None else await self.match(started))
