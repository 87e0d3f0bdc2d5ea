"""The lists the console shows (replies.Select, such as the Move button's picker): each entry
printed as `[pick LABEL]`, and chosen by a line `NAME: [pick LABEL]`, as a button is pressed
by its label."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.adapters.replies import Message, Select

#: what a line starts its label with to choose from a list: `bob: [pick 11-15]`
PICK = "pick "


@dataclass(frozen=True)
class Found:
    """An entry of a list on a message shown: where, the message's lists, and the entry."""

    channel: int
    lists: list[Select]  # the message's lists, replaced when a choice edits the message
    custom_id: str
    value: str
    private: bool  # shown to its reader alone


class Lists:
    def __init__(self) -> None:
        #: channel -> its messages' lists, with who sees them (None: anyone)
        self.shown: dict[int, list[tuple[int | None, list[Select]]]] = {}

    @staticmethod
    def lines(message: Message) -> list[str]:
        """One line a list: what it asks, then its entries."""
        return [
            f"{s.placeholder}: " + " ".join(f"[{PICK}{c.label}]" for c in s.choices)
            for s in message.selects
        ]

    def keep(self, channel: int, owner: int | None, message: Message) -> None:
        """A message posted with lists (`owner`: who alone sees it)."""
        if message.selects:
            self.shown.setdefault(channel, []).append((owner, list(message.selects)))

    def find(self, places: Iterable[int], user_id: int, label: str) -> Found | None:
        """The latest entry labelled `label` (after PICK) that the user sees, in the first of
        `places` that has one."""
        wanted = label.strip().lower()
        for channel in places:
            for owner, lists in reversed(self.shown.get(channel, [])):
                if owner not in (None, user_id):
                    continue  # a private reply: only its reader sees its lists
                for select in lists:
                    for choice in select.choices:
                        if choice.label.lower() == wanted:
                            private = owner is not None
                            return Found(channel, lists, select.custom_id, choice.value, private)
        return None
