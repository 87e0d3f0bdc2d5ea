"""The rules' own texts, for the catalogs: the rules are pure and import no gettext, so
their words (games' names, sides, pieces, reasons, house rules, rules help) are listed here
from their public names. The wording's templates (rules/wording.py's `_("...")` calls) reach
the catalogs by the extractor, which reads the rules too."""

from __future__ import annotations

from rules import GAMES, get_game
from rules.registry import HOUSE_RULES

#: a message: its text, or (singular, plural) for one translated with ngettext
Message = str | tuple[str, str]


def rules_messages() -> list[tuple[Message, str]]:
    """(message, a note for translators) for every text the rules give the bot to show."""
    found: list[tuple[Message, str]] = []
    seen: set[str] = set()

    def add(message: Message, note: str) -> None:
        key = message if isinstance(message, str) else message[0]
        if key and key not in seen:
            seen.add(key)
            found.append((message, note))

    games = [get_game(game_id) for game_id in GAMES]
    for game in games:
        add(game.name, f"the name of a game ({game.id})")
        add(game.rules_help, f"the rules help of {game.name}: keep the Markdown")
    for game in games:
        for side, name in game.side_names.items():
            plural = " (a plural name)" if side in game.plural_sides else ""
            add(name, f"the name of a side{plural} as said within a sentence ({game.name})")
        for _side, singular, plural_name in game.piece_names.values():
            note = f"a piece of {game.name}, named before the cells it is on: 'men 21, 22'"
            add((singular, plural_name), note)
        for ending in game.endings:
            add(ending.text, f"why a game of {game.name} ended, as in '<side> won (...)'")
        add(game.no_progress_reason, f"why a game of {game.name} ended in a draw")
        add(game.stuck_win_reason, f"why a game of {game.name} ended, as in '<side> won (...)'")
    for rules in HOUSE_RULES.values():
        add(rules.house_rule, f"a house rule of {rules.name}, as in 'house rule: {{rule}}'")
    return found
