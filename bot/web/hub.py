"""The live pages' event streams, by topic (a game, a server page): publishing never waits,
and a stream whose reader falls behind is dropped (its browser reconnects and starts again
from the whole state). Each address holds a bounded number of streams, and gives a stream's
place back as soon as its connection closes."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable

from bot.i18n import language

#: events a stream may have waiting before it is dropped as too slow
QUEUE = 16
#: streams one address may hold open at once (more: 429)
STREAMS_PER_ADDRESS = 16

Topic = tuple[str, str]  # ("game", token) or ("server", token)


class Stream:
    def __init__(self, language: str = "en") -> None:
        self.language = language  # the page's: what it is sent is worded in it
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(QUEUE)
        self.dropped = False
        #: what ends a reader found too slow at once (its connection closed), so its writer
        #: stops even while it waits for the reader to take what was written
        self.on_slow: Callable[[], None] | None = None

    def offer(self, data: bytes) -> None:
        """Queue an event; a full queue drops the stream (its writer sees None next, and
        its connection is closed)."""
        if self.dropped:
            return
        try:
            self.queue.put_nowait(data)
        except asyncio.QueueFull:
            self.drop()
            if self.on_slow is not None:
                self.on_slow()

    def drop(self) -> None:
        self.dropped = True
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)


class Hub:
    def __init__(self, per_address: int = STREAMS_PER_ADDRESS) -> None:
        self.per_address = per_address
        self.topics: dict[Topic, set[Stream]] = {}
        self.addresses: Counter[str] = Counter()

    def open(self, topic: Topic, address: str, speaks: str | None = None) -> Stream | None:
        """A new stream on `topic` for a page in `speaks` (None: the language spoken now);
        None: this address holds its share already."""
        if self.addresses[address] >= self.per_address:
            return None
        self.addresses[address] += 1
        stream = Stream(speaks or language())
        self.topics.setdefault(topic, set()).add(stream)
        return stream

    def close(self, topic: Topic, stream: Stream, address: str) -> None:
        streams = self.topics.get(topic, set())
        streams.discard(stream)
        if not streams:
            self.topics.pop(topic, None)
        self.addresses[address] -= 1
        if self.addresses[address] <= 0:
            del self.addresses[address]

    def watched(self, topic: Topic) -> bool:
        return bool(self.topics.get(topic))

    def languages(self, topic: Topic) -> set[str]:
        """The languages of the pages watching `topic`."""
        return {stream.language for stream in self.topics.get(topic, ())}

    def publish(self, topic: Topic, data: bytes, speaks: str | None = None) -> None:
        """Offer an event to every stream on `topic` (`speaks`: only to those in it)."""
        for stream in list(self.topics.get(topic, ())):
            if speaks is None or stream.language == speaks:
                stream.offer(data)

    def close_all(self) -> None:
        for streams in self.topics.values():
            for stream in streams:
                stream.drop()


def event(name: str, data: bytes) -> bytes:
    """One server-sent event (`data` is one line of JSON)."""
    return b"event: " + name.encode() + b"\ndata: " + data + b"\n\n"
