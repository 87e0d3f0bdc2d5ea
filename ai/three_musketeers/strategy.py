"""The enemy's stored winning strategy: one move for each position it can face when it
follows the strategy from the start, with the plies until it wins under best play. Made by
tools/three_musketeers (`make three-musketeers-strategy`); the format is described in
tools/three_musketeers/strategy_file.h. The file is memory-mapped on first use and a block
(8,192 positions) is decompressed when a lookup needs it."""

from __future__ import annotations

import lzma
import mmap
import struct
import zlib
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from ..evaluation import UnreadableSolution

FILE = Path(__file__).with_name("three-musketeers.strategy")
MAGIC, VERSION = b"TM-STRAT", 1
HEADER = struct.Struct("<8sIIII")
INDEX_ROW = struct.Struct("<IIIIII")
FILTERS = [{"id": lzma.FILTER_LZMA2, "dict_size": 1 << 20}]


class DamagedStrategy(UnreadableSolution):
    """The strategy file is missing or not what the reader expects."""


@dataclass(frozen=True)
class Stored:
    move: int  # the move's place among the position's moves in (from, to) order
    plies: int  # plies until the enemy wins with best play on both sides


@dataclass(frozen=True)
class _Block:
    first: int
    count: int
    offset: int
    length: int
    crc: int  # CRC-32 of the block before compression


class Strategy:
    def __init__(self, path: Path) -> None:
        try:
            with path.open("rb") as f:
                self._bytes = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError) as err:
            raise DamagedStrategy(f"cannot read {path}: {err}") from err
        if len(self._bytes) < HEADER.size:
            raise DamagedStrategy(f"{path} is too short to be a strategy file")
        magic, version, self.entries, blocks, self.start_plies = HEADER.unpack_from(self._bytes)
        if magic != MAGIC or version != VERSION:
            raise DamagedStrategy(f"{path} is not a version {VERSION} strategy file")
        self._plies: dict[int, list[_Block]] = {}
        index_end = HEADER.size + blocks * INDEX_ROW.size
        if len(self._bytes) < index_end:
            raise DamagedStrategy(f"{path} is cut short")
        for ply, *fields in INDEX_ROW.iter_unpack(self._bytes[HEADER.size : index_end]):
            block = _Block(*fields)
            if block.offset + block.length > len(self._bytes):
                raise DamagedStrategy(f"{path} is cut short")
            self._plies.setdefault(ply, []).append(block)
        self._firsts = {ply: [b.first for b in rows] for ply, rows in self._plies.items()}
        self._decoded = lru_cache(maxsize=64)(self._decode)

    def find(self, ply: int, number: int) -> Stored | None:
        """The stored move of the enemy's position `number` of `ply`, if the strategy has it."""
        firsts = self._firsts.get(ply)
        if not firsts:
            return None
        b = bisect_right(firsts, number) - 1
        if b < 0:
            return None
        numbers, moves, plies = self._decoded(ply, b)
        i = bisect_right(numbers, number) - 1
        return Stored(moves[i], plies[i]) if numbers[i] == number else None

    def _decode(self, ply: int, b: int) -> tuple[list[int], bytes, bytes]:
        block = self._plies[ply][b]
        try:
            raw = lzma.decompress(
                self._bytes[block.offset : block.offset + block.length],
                format=lzma.FORMAT_RAW,
                filters=FILTERS,
            )
        except lzma.LZMAError as err:
            raise DamagedStrategy(f"block {b} of ply {ply} is damaged: {err}") from err
        if zlib.crc32(raw) != block.crc:
            raise DamagedStrategy(f"block {b} of ply {ply} is damaged: its checksum differs")
        numbers, at = [block.first], 0
        for _ in range(block.count - 1):
            gap = shift = 0
            while True:
                byte = raw[at]
                at += 1
                gap |= (byte & 0x7F) << shift
                shift += 7
                if byte < 0x80:
                    break
            numbers.append(numbers[-1] + gap)
        if len(raw) != at + 2 * block.count:
            raise DamagedStrategy(f"block {b} of ply {ply} has the wrong length")
        return numbers, raw[at : at + block.count], raw[at + block.count :]


@cache
def shipped() -> Strategy:
    """The strategy shipped with the bot, opened on first use."""
    return Strategy(FILE)
