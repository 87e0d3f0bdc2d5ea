"""`python -m bot` runs the Discord bot; `console`, `sync` and `check-db` are the other modes."""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import replace
from pathlib import Path

from . import checkdb
from .checkdb import check_db
from .config import Settings, SettingsError
from .errors import StartupError
from .shards import Shards

NO_TOKEN = (
    "No DISCORD_TOKEN set: create a bot at https://discord.com/developers/applications "
    "(Bot -> Reset Token), put DISCORD_TOKEN=... in .env (see .env.example), or try the bot "
    "without Discord: python -m bot console"
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="The board-game bot.")
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("run", help="run the Discord bot (the default)")
    commands.add_parser("sync", help="publish the slash commands to every server (global sync)")
    console = commands.add_parser("console", help="play from the terminal, without Discord")
    check = commands.add_parser(
        "check-db",
        help="check the database read-only: SQLite integrity, schema version, match replays",
        description=checkdb.__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    for sub in (console, check):
        sub.add_argument(
            "--db", help="database file (default: DATABASE_PATH or ./data/bot.sqlite3)"
        )
    console.add_argument("--out", default="out", help="folder for the pictures (default: out)")
    parser.add_argument(
        "--env-file", default=".env", help="settings file to read (default: .env here)"
    )
    parser.add_argument(
        "--shard-ids", help="the Discord shards this process serves, e.g. 0-3 (or SHARD_IDS)"
    )
    parser.add_argument("--shard-count", type=int, help="the shards in all (or SHARD_COUNT)")
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except StartupError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    settings = Settings.load(Path(args.env_file))
    if args.shard_ids or args.shard_count:
        if not (args.shard_ids and args.shard_count):
            raise SettingsError("--shard-ids and --shard-count go together")
        try:
            shards = Shards.parse(args.shard_ids, args.shard_count)
        except ValueError as why:
            raise SettingsError(f"--shard-ids {args.shard_ids}: {why}") from None
        settings = replace(settings, shards=shards)
    database = getattr(args, "db", None) or settings.database_path
    if args.command == "check-db":
        count, problems = asyncio.run(check_db(database))
        for line in problems:
            print(line)
        print(f"checked {count} matches: {len(problems)} problem(s)")
        return 1 if problems else 0
    if args.command == "console":
        from .console import run_console_at

        asyncio.run(run_console_at(database, Path(args.out), settings))
        return 0
    if not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return 1
    from .discord_bot import run_bot

    return run_bot(settings, sync_globally=args.command == "sync")


if __name__ == "__main__":
    sys.exit(main())
