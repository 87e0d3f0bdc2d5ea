"""Reply data: what a command handler asks the adapters (Discord, console) to show."""

from __future__ import annotations

from dataclasses import dataclass

#: custom_id prefix of every button this bot makes: "bgb:<action>:<id>", or
#: "bgb:<action>:<id>:<request>" for a button that answers one request (a takeback)
BUTTON_PREFIX = "bgb"


@dataclass(frozen=True)
class Button:
    label: str
    action: str  # accept, decline, cancel (challenge id); resign, draw, drawyes, drawno, rematch
    target: int  # the challenge or match id
    style: str = "secondary"  # primary, secondary, success or danger
    #: a link button: the address it opens (it then has no action of ours)
    url: str = ""
    #: the request it answers, of those its target may have had (tbyes, tbno: a takeback's
    #: MatchView.takeback_request); None: no such request
    request: int | None = None

    @property
    def custom_id(self) -> str:
        answers = "" if self.request is None else f":{self.request}"
        return f"{BUTTON_PREFIX}:{self.action}:{self.target}{answers}"


#: the most choices one list (Select) holds: Discord's select menu takes 25 options
MOST_CHOICES = 25


@dataclass(frozen=True)
class Choice:
    """One entry of a Select: what it shows, and what choosing it sends."""

    label: str
    value: str
    #: a line under the label, where the adapter has room for one
    description: str = ""
    #: shown as the one chosen already (a picker's piece, while its moves are listed)
    chosen: bool = False


@dataclass(frozen=True)
class Select:
    """A list to choose one entry from (Discord's string select menu), such as the Move
    button's picker: "bgb:<action>:<target>:<state>:<part>", `state` naming what the
    list was made for (a position: choosing from an older one is refused), `part` telling
    apart the lists of one message."""

    placeholder: str
    action: str  # move (a move to play), piece (a piece whose moves to list)
    target: int  # the match id
    state: int
    choices: tuple[Choice, ...]  # MOST_CHOICES at most
    part: int = 0

    @property
    def custom_id(self) -> str:
        return f"{BUTTON_PREFIX}:{self.action}:{self.target}:{self.state}:{self.part}"


@dataclass(frozen=True)
class Attachment:
    filename: str
    data: bytes
    #: its alt text, for screen readers ('': none)
    description: str = ""


@dataclass(frozen=True)
class Message:
    text: str
    title: str | None = None  # shown as an embed with the fields below
    fields: tuple[tuple[str, str], ...] = ()
    files: tuple[Attachment, ...] = ()
    buttons: tuple[Button, ...] = ()
    #: lists to choose from, each on a row of its own under the buttons (5 rows in all)
    selects: tuple[Select, ...] = ()
    #: the users this message may ping (the player whose turn it is, the one challenged);
    #: every other mention in it is shown without a ping
    pings: tuple[int, ...] = ()
    #: what this message is the live view of: "challenge:<id>", or "board:<match id>" (a
    #: match's latest board); a newer message showing the same thing strips its buttons
    shows: str | None = None
    #: replace the message that shows the same thing, where the adapter can, not post anew
    in_place: bool = False


@dataclass(frozen=True)
class Notice:
    """A direct message to a person about a match (a turn notice)."""

    user_id: int
    match_id: int
    message: Message


@dataclass(frozen=True)
class Response:
    """What one command or click produces.

    `reply` answers the person (only them when `ephemeral`); `edit_origin` replaces the message
    whose button was clicked; `open_thread` names a public thread to make from the reply (or
    the clicked message) for `match_id`; `posts` go to that match's thread, or its channel;
    `updates` replace the messages showing the same things (adapters without message ids, or
    where no such message is known, leave them out); `dms` go to people directly; `elsewhere`
    goes to other matches, each message to its match's thread, or its channel; `also`: the
    games started with this one (a ballot pair's second), each shown as a game started in
    the channel is (its start posted there, a thread made from it, its board in the thread).
    """

    reply: Message | None = None
    ephemeral: bool = False
    edit_origin: Message | None = None
    open_thread: str | None = None
    match_id: int | None = None
    posts: tuple[Message, ...] = ()
    updates: tuple[Message, ...] = ()
    #: direct messages, such as a turn notice (where the adapter has DMs)
    dms: tuple[Notice, ...] = ()
    #: (match id, message): a post in each of those matches (the games a withdrawal ended)
    elsewhere: tuple[tuple[int, Message], ...] = ()
    also: tuple[Response, ...] = ()


def private(text: str) -> Response:
    """A reply only the person sees: refusals, confirmations."""
    return Response(reply=Message(text), ephemeral=True)
