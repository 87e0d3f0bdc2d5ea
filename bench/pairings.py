"""Time of a Swiss round's pairing: `python bench/pairings.py [--players 64] [--rounds 7]`.

A seeded Swiss of random results (FIDE Dutch system, caissify-pairings), every round paired
from the standings as the bot pairs it; prints each round's time, the slowest and the goal
(a 64-player Swiss of 7 rounds paired in under a second a round).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service.pairings import swiss
from bot.service.tournament_scores import Result, entrants


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seeds = list(range(1, args.players + 1))
    games: list[Result] = []
    times = []
    for r in range(1, args.rounds + 1):
        start = time.perf_counter()
        pairings = swiss(entrants(seeds, games, r - 1), r, args.rounds)
        times.append(time.perf_counter() - start)
        for p in pairings:
            points = 1.0 if p.second is None else rng.choice((0.0, 0.5, 1.0))
            games.append(Result(r, p.first, p.second, points))
    shown = ", ".join(f"{t * 1000:.0f}" for t in times)
    print(
        f"{args.players} players, {args.rounds} rounds: {shown} ms a round; "
        f"slowest {max(times) * 1000:.0f} ms (goal: under 1000 ms)"
    )


if __name__ == "__main__":
    main()
