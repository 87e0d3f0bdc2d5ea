"""What every handler group shares: who acts and where (`Context`), and the service and
the words for one adapter (`HandlerGroup`)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.adapters.showing import People
from bot.adapters.wording import Wording
from bot.i18n import Text
from bot.service import Actor, MatchService, Reach


@dataclass(frozen=True)
class Context:
    """Who acts, and where (the channel may be a match's thread)."""

    guild_id: int
    channel_id: int
    user_id: int
    user_name: str  # as they appear on this server
    #: may manage messages here (a server moderator): may call off anyone's game
    moderator: bool = False
    #: may manage the server: may create, start and cancel its tournaments
    manager: bool = False
    #: the account's own name, shown on servers where they have not been seen
    global_name: str = ""
    #: the largest attachment the server allows (Discord: 10 MiB without boosts)
    upload_limit: int = 10 * 1024 * 1024
    #: the server's name ('': the adapter does not know it)
    guild_name: str = ""
    #: the language of the person acting (their Discord's; bot.i18n's locale code): what
    #: only they see is worded in it
    locale: str = "en"
    #: the language of what everyone here sees (the server's setting, or Discord's)
    public_locale: str = "en"
    #: how the bot reaches this place (Reach.ANSWERS: it may only answer, never post)
    reach: Reach = Reach.POSTS
    #: the bot's answers here are shown to the asker alone (a server that turned external
    #: apps off, where the bot is not installed): nobody else would see a challenge
    answers_private: bool = False

    @property
    def actor(self) -> Actor:
        """Who acts and where, as the service takes it."""
        return Actor(self.guild_id, self.channel_id, self.user_id, self.reach)

    def unseen(self) -> Text | None:
        """Why nobody but the asker would see a challenge made here, so nobody could accept
        it (None: others see it): the bot's own DM, or a server where its answers are
        private. A game against the bot may be started anywhere."""
        if self.guild_id == 0 and self.reach == Reach.POSTS:
            return Text(
                "Nobody but you and me can see this DM, so nobody could accept a challenge "
                "made here: challenge people in your DM with them (once you have added me to "
                "your account) or on a server. Here you may play me: choose me as the opponent."
            )
        if self.answers_private:
            return Text(
                "This server shows my answers to the asker alone, so nobody could see a "
                "challenge made here: challenge people in a DM with them instead. Here you may "
                "play me: choose me as the opponent."
            )
        return None


class HandlerGroup:
    """The base of every handler group: the service, and the words for one adapter."""

    #: the web site's address (PUBLIC_URL; '': this bot links to no site)
    public_url: str = ""

    def __init__(self, service: MatchService, people: People) -> None:
        self.service = service
        self.words = Wording(people)
