"""`python -m bot`: run the bot, or `python -m bot check-db [--db PATH]`."""

from __future__ import annotations

import argparse
import asyncio
import sys

from .checkdb import check_db
from .config import Settings

NOT_YET = (
    "The Discord layer of this bot is not built yet: the rules engine, the board pictures and "
    "the match service are. Try `python -m rules show checkers` or `python -m render checkers "
    "-o board.png`."
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot")
    commands = parser.add_subparsers(dest="command")
    check = commands.add_parser("check-db", help="replay every match and compare positions")
    check.add_argument("--db", help="database file (default: DATABASE_PATH or ./data/bot.sqlite3)")
    args = parser.parse_args(argv)
    if args.command == "check-db":
        path = args.db or Settings.load().database_path
        count, problems = asyncio.run(check_db(path))
        for line in problems:
            print(line)
        print(f"checked {count} matches: {len(problems)} problem(s)")
        return 1 if problems else 0
    print(NOT_YET, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
