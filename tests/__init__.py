"""The project's tests (tests/README.md)."""

from pathlib import Path

#: the project's folder (where `python -m ...` runs)
ROOT = Path(__file__).resolve().parent.parent
