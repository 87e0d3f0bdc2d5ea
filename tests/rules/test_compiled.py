"""The optional compiled build (`tools/compiled.py`): what runs is built from the source as
it stands, and each of `make test`'s runs tests the build it means to."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import rules.the_crown_movegen as movegen

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from compiled import stale

COMPILED = movegen.__file__ is not None and movegen.__file__.endswith(".so")


def test_the_run_tests_the_build_it_names() -> None:
    expected = os.environ.get("COMPILED_BUILD")
    if expected is None:
        pytest.skip("COMPILED_BUILD names no build (make test sets it)")
    assert (expected == "1") == COMPILED, f"COMPILED_BUILD={expected}, {movegen.__file__}"


@pytest.mark.skipif(not COMPILED, reason="the move generator runs from its source")
def test_the_compiled_move_generator_is_built_from_its_source() -> None:
    assert not stale(), (
        "rules/the_crown_movegen.py changed since it was compiled: `make compiled` again, "
        "or `python tools/compiled.py clean` to run the source"
    )
