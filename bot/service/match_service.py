"""The match service: every rule about who may do what, over the store and the rules engine,
cut by concern (see `bot.match`) and held together here for the adapters.

Identities are plain ids (guild, channel, user). Each action either returns data or raises
Refusal (its text names people by id); a refused action writes nothing.
"""

from __future__ import annotations

from typing import Unpack

from bot.service.challenges import Challenges
from bot.service.computer_games import ComputerGames
from bot.service.core import Clock, Core, CoreSettings
from bot.service.deadlines import Deadlines
from bot.service.play import Play
from bot.service.standings import Standings
from bot.store import Store
from bot.store.shown_table import ShownMessages


class MatchService:
    """challenges, play, deadlines and standings over one store and clock."""

    def __init__(self, store: Store, **settings: Unpack[CoreSettings]) -> None:
        self.core = Core(store, **settings)
        self.standings = Standings(store)
        self.challenges = Challenges(self.core)
        self.play = Play(self.core, self.standings)
        self.deadlines = Deadlines(self.core, self.play)
        self.computer = ComputerGames(self.core, self.play)
        #: where chat adapters showed challenges and boards (their message ids)
        self.shown = ShownMessages(store)

    @property
    def store(self) -> Store:
        return self.core.store

    @property
    def clock(self) -> Clock:
        return self.core.clock
