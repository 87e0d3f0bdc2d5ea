"""Writes of a few statements that apply together or not at all (a move and its match row);
on SQLite, units that queue while the one writer is busy reach the database together, in one
trip to its thread and one COMMIT, each still all or nothing on its own (drivers.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.store.rows import Row

Params = Sequence[Any] | Mapping[str, Any]
#: SQL text and its parameters
Statement = tuple[str, Params]
#: the row a unit's `returning` statement gave, and the row counts of its `then` statements
Applied = tuple[Row, tuple[int, ...]]
#: what became of each unit of a batch: applied, refused by its guard (None), or its error
Outcome = Applied | None | Exception


@dataclass(frozen=True)
class Unit:
    """`guard` first; if it changed exactly one row, `returning` (one row) and `then`, in
    order; if it changed none, nothing at all."""

    guard: Statement
    returning: Statement
    then: tuple[Statement, ...] = ()
