"""Every game the computer plays, by id: each game's `Computer`, made beside its evaluation
in ai/evaluation/, listed once here."""

from __future__ import annotations

from dataclasses import replace

from rules import RulesError, get_game

from .evaluation import (
    Computer,
    brazilian,
    checkers,
    international,
    italian,
    russian,
    the_crown,
    three_crowns,
    three_musketeers,
    turkish,
)

COMPUTERS: dict[str, Computer] = {
    c.game_id: c
    for c in (
        checkers.COMPUTER,
        three_musketeers.COMPUTER,
        three_crowns.COMPUTER,
        the_crown.COMPUTER,
        brazilian.COMPUTER,
        russian.COMPUTER,
        italian.COMPUTER,
        turkish.COMPUTER,
        international.COMPUTER,
    )
}


def computer(game_id: str) -> Computer:
    """What the computer knows of the game (the engine's error for an unknown id); of a
    game played by a house rule (a rules id such as "checkers:free-jumps"), the game's own
    knowledge with the evaluation it has for that rule."""
    game = get_game(game_id)
    if game.id not in COMPUTERS:
        raise RulesError(f"the computer does not play {game.name} yet")
    known = COMPUTERS[game.id]
    if not game.house_rule:
        return known
    if game.house_rule not in known.house_rules:
        raise RulesError(f"the computer does not play {game.name} with {game.house_rule}")
    return replace(known, evaluator=known.house_rules[game.house_rule])
