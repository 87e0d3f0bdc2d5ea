"""Search speed of the computer player: `python bench/search.py [--seconds 3] [--positions 4]
[--game the-crown]`.

For each game: the start and a few middle-game positions (seeded random plies), searched at
level 5 for --seconds each; prints nodes per second and the depth reached. A second line a
game times level 5's move as it plays it (`ai.think`: in Three Musketeers a proof first, the
search in the time left): the positions it searched, as a share of the bare search's."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import think
from ai.computers import computer
from ai.search import Search
from rules import GAMES


def positions(game_id: str, count: int) -> list[object]:
    game, rng = GAMES[game_id], random.Random(11)
    found = [game.initial_position()]
    while len(found) < count:
        position = game.initial_position()
        for _ in range(rng.randrange(8, 30)):
            moves = game.legal_moves(position)
            if not moves:
                break
            position = game.apply(position, rng.choice(moves))
        if len(game.legal_moves(position)) > 1:  # a choice to search
            found.append(position)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--game", action="append", choices=GAMES, help="(repeatable) all games")
    args = parser.parse_args()
    for game_id in args.game or GAMES:
        nodes, seconds, depths = 0, 0.0, []
        proven, played, bare = 0, 0, 0  # level 5's moves: proven; searched, by it and bare
        game = GAMES[game_id]
        for position in positions(game_id, args.positions):
            # level 5's search, without Three Musketeers' proven moves (looked up, not
            # searched)
            search = Search(
                game, computer(game_id).evaluator, seconds=args.seconds, rng=random.Random(1)
            )
            report = search.run(position)
            nodes += report.nodes
            seconds += report.seconds
            depths.append(report.depth)
            _, as_played = think(game_id, position, level=5, seconds=args.seconds, seed=1)
            if as_played.proof:
                proven += 1
            else:
                played, bare = played + as_played.nodes, bare + report.nodes
        print(
            f"{game_id:17s} {nodes / seconds:9,.0f} nodes/s   depth at {args.seconds:g} s: "
            f"{min(depths)}-{max(depths)} (start {depths[0]})\n"
            f"{'':17s} level 5's moves: {proven} proven, the others searched "
            f"{played / max(bare, 1):.0%} of the bare search's positions"
        )


if __name__ == "__main__":
    main()
