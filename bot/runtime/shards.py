"""Which servers one bot process looks after: Discord gives a server to shard
`(guild_id >> 22) % shard_count`, and a process serving shards `ids` sweeps deadlines, posts
news and plays the computer's turns only for those servers' games, so several processes on
one database never do the same work twice, and none is left undone while all are up."""

from __future__ import annotations

import re
from dataclasses import dataclass

_RANGE = re.compile(r"([0-9]{1,5})(?:-([0-9]{1,5}))?")


@dataclass(frozen=True)
class Shards:
    ids: frozenset[int]
    count: int

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids must be from 0 to {self.count - 1}")

    @classmethod
    def parse(cls, ids: str, count: int) -> Shards:
        """'0-3', '0,2,5' or '4' out of `count` shards; ValueError saying what is wrong."""
        chosen: set[int] = set()
        for part in ids.replace(" ", "").split(","):
            found = _RANGE.fullmatch(part)
            if found is None:
                raise ValueError(f"{ids!r} is not a list of shard ids like 0-3 or 0,2,5")
            low, high = found[1], found[2] or found[1]
            chosen.update(range(int(low), int(high) + 1))
        return cls(frozenset(chosen), count)

    def owns(self, guild_id: int) -> bool:
        return (guild_id >> 22) % self.count in self.ids

    def where(self, column: str = "guild_id") -> tuple[str, tuple[int, ...]]:
        """An SQL condition (SQLite and PostgreSQL alike) keeping this process's servers."""
        marks = ", ".join("?" * len(self.ids))
        return f"(({column} >> 22) % ?) IN ({marks})", (self.count, *sorted(self.ids))


def where(shards: Shards | None, column: str = "guild_id") -> tuple[str, tuple[int, ...]]:
    """The condition of `shards`, or one that keeps everything."""
    return ("1 = 1", ()) if shards is None else shards.where(column)
