"""What every table of the schema is built on: its metadata and the two column types that
differ between SQLite and PostgreSQL."""

from __future__ import annotations

from sqlalchemy import REAL, BigInteger, Double, Integer, MetaData
from sqlalchemy.types import TypeEngine

#: a 64-bit id; INTEGER on SQLite (an INTEGER PRIMARY KEY is the rowid there)
Id = BigInteger().with_variant(Integer(), "sqlite")
#: an 8-byte float (times in seconds since the epoch, ratings): DOUBLE PRECISION, REAL on
#: SQLite
Real: TypeEngine[float] = Double().with_variant(REAL(), "sqlite")

metadata = MetaData()
