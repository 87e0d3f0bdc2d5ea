"""What speaking a language costs: compiling each catalog on its first use, and wording a
whole game's boards' texts (the headline, whose move, the deadline, the alt text) in each
language, against English (no catalog). Prints figures; the tests do not run it.

`python bench/languages.py [PLIES]` (default 60 plies of a random Checkers game).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.adapters.console_names import Names
from bot.adapters.wording import Wording
from bot.i18n import LOCALES, catalogs, speaking
from bot.i18n.position_words import position_words
from bot.service.views import MatchStatus, MatchView
from rules import GameRecord, get_game

ROUNDS = 20


def views(plies: int) -> list[MatchView]:
    """A random Checkers game's positions, each as the view a board's text is worded from."""
    game, rng = get_game("checkers"), random.Random(1)
    record = GameRecord(game)
    while len(record.moves) < plies and record.outcome is None:
        record.play(rng.choice(game.legal_moves(record.position)))
    return [
        MatchView(
            1, 1, 1, None, "checkers", {"b": 1, "w": 2}, position, game.encode(position),
            game.side_to_move(position), ply, MatchStatus.ACTIVE, None, None, 86400,
            2e9, None, None, None, None, None,
            tuple(game.format_move(m) for m in record.moves[:ply]),
        )
        for ply, position in enumerate(record.positions)
    ]  # fmt: skip


def main() -> None:
    plies = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    shown = views(plies)
    words = Wording(Names())
    game = get_game("checkers")
    for locale in LOCALES:
        catalogs.LOADED.pop(locale, None)
        start = time.perf_counter()
        catalogs.translations(locale)
        compiled = (time.perf_counter() - start) * 1000
        timings = []
        for _ in range(ROUNDS):
            start = time.perf_counter()
            with speaking(locale):
                for view in shown:
                    words.board_text(view, "")
                    position_words(game, view.position, last_move=(view.moves or [None])[-1])
            timings.append((time.perf_counter() - start) / len(shown) * 1e6)
        print(
            f"{locale:6} catalog compiled in {compiled:6.1f} ms; a board's text and alt text "
            f"worded in {statistics.median(timings):6.1f} µs (median of {ROUNDS} rounds)"
        )


if __name__ == "__main__":
    main()
