"""Every game's facts, in every layer: a game in `rules.GAMES` without one of them fails here,
named with the fact (docs/architecture.md, "Adding a game"). `bot/` has none of its own."""

from __future__ import annotations

from typing import Any

import pytest

from ai.computers import COMPUTERS
from ai.evaluation import Evaluator
from ai.levels import LEVELS
from render.api import DRAWINGS
from rules import GAMES, Game, Termination
from tests.gamekit import GAME_IDS, vectors

#: what a game's rules must say, beyond its moves and positions (the engine contract tests)
RULES_FACTS = ("id", "name", "sides", "side_names", "rules_help", "start", "asymmetric")


def rules_gaps(game: Game[Any, Any]) -> list[str]:
    """The facts of the rules the game lacks."""
    gaps = [f"rules: {fact}" for fact in RULES_FACTS if getattr(game, fact, None) in (None, "")]
    if not gaps and set(game.side_names) != set(game.sides):
        gaps.append("rules: side_names for both sides")
    if game.no_progress_limit is not None and not game.no_progress_reason:
        gaps.append("rules: no_progress_reason (its no-progress draw in words)")
    shared = {t.value for t in Termination}
    for ending in game.endings:
        if ending.value in shared or not ending.text or game.termination(ending.value) != ending:
            gaps.append(f"rules: ending {ending.value!r} stored apart and worded")
    return gaps


def computer_gaps(game: Game[Any, Any]) -> list[str]:
    """The facts of the computer (ai/evaluation/<game>.py's Computer) the game lacks."""
    known = COMPUTERS.get(game.id)
    if known is None:
        return ["ai: a Computer in ai.computers.COMPUTERS"]
    gaps = []
    if known.game_id != game.id:
        gaps.append(f"ai: its Computer's game_id (it says {known.game_id!r})")
    if not isinstance(known.evaluator, Evaluator):
        gaps.append("ai: evaluator")
    if not known.scale > 0:
        gaps.append("ai: scale (the review's chance curve)")
    if not known.nodes > 0:
        gaps.append("ai: nodes (the levels' and the review's budget)")
    if not set(known.depths) <= set(LEVELS):
        gaps.append(f"ai: depths for levels that exist (it has {sorted(known.depths)})")
    return gaps


def drawing_gaps(game: Game[Any, Any]) -> list[str]:
    """The facts of drawing (render/<game>.py's Drawing) the game lacks."""
    drawing = DRAWINGS.get(game.id)
    if drawing is None:
        return ["render: a Drawing in render.api.DRAWINGS"]
    gaps = []
    if drawing.game_id != game.id:
        gaps.append(f"render: its Drawing's game_id (it says {drawing.game_id!r})")
    if not drawing.legend:
        gaps.append("render: legend")
    if drawing.flip_for not in (None, *game.sides):
        gaps.append(f"render: flip_for a side of the game (it says {drawing.flip_for!r})")
    cells = set(drawing.shape.cells())
    if any(drawing.cell_of(name) not in cells for name in game.cell_names):
        gaps.append("render: cell_of every cell")
    letters = {
        p for v in vectors(game.id) for p in game.pieces(game.decode(v["position"])).values()
    }
    if not letters <= set(drawing.painters):
        gaps.append(f"render: painters for {sorted(letters - set(drawing.painters))}")
    return gaps


def gaps(game: Game[Any, Any]) -> list[str]:
    return [*rules_gaps(game), *computer_gaps(game), *drawing_gaps(game)]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_layer_has_every_fact_of_the_game(game_id: str) -> None:
    assert gaps(GAMES[game_id]) == [], f"{game_id} lacks: {'; '.join(gaps(GAMES[game_id]))}"


def test_a_game_without_a_fact_is_named_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself: each layer's missing fact is found, and said."""
    game = GAMES["the-crown"]
    monkeypatch.delattr(type(game), "asymmetric")
    monkeypatch.delitem(COMPUTERS, game.id)
    monkeypatch.delitem(DRAWINGS, game.id)
    assert gaps(game) == [
        "rules: asymmetric",
        "ai: a Computer in ai.computers.COMPUTERS",
        "render: a Drawing in render.api.DRAWINGS",
    ]
