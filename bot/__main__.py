"""`python -m bot` runs the Discord bot; `console`, `sync`, `web`, `check-db`, `migrate` and
`copy-db` are the other modes. The bot's modes open the App here and hand it to the adapter
they run (the Discord client, the console), and close it after."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

from bot.app.app import App
from bot.app.config import Settings, SettingsError
from bot.errors import StartupError
from bot.i18n import LOCALES, supported
from bot.runtime.shards import Shards
from bot.store import DatabaseUrl, Store, checkdb
from bot.store.checkdb import check_db
from bot.store.copy import __doc__ as copy_doc
from bot.store.copy import copy_db
from bot.store.migrations import revision

NO_TOKEN = (
    "No DISCORD_TOKEN set: create a bot at https://discord.com/developers/applications "
    "(Bot -> Reset Token), put DISCORD_TOKEN=... in .env (see .env.example), or try the bot "
    "without Discord: python -m bot console"
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="The board-game bot.")
    commands = parser.add_subparsers(dest="command")
    run = commands.add_parser("run", help="run the Discord bot (the default)")
    sync = commands.add_parser(
        "sync", help="publish the slash commands to every server (global sync)"
    )
    console = commands.add_parser("console", help="play from the terminal, without Discord")
    check = commands.add_parser(
        "check-db",
        help="check the database read-only: SQLite integrity, schema version, match replays",
        description=checkdb.__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    migrate = commands.add_parser(
        "migrate", help="upgrade the database's schema to this bot's (the bot also does at start)"
    )
    copy = commands.add_parser(
        "copy-db",
        help="copy a whole database into an empty one (e.g. SQLite into PostgreSQL)",
        description=copy_doc,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    site = commands.add_parser(
        "web",
        help="serve the web site alone (beside bot processes on the same database)",
    )
    site.add_argument("--port", type=int, help="the port to serve (default: WEB_PORT, else 8080)")
    site.add_argument("--host", help="the address to listen at (default: WEB_HOST, else all)")
    copy.add_argument("source", help="the database to copy: a file path, sqlite:///… or URL")
    copy.add_argument("target", help="an empty database: postgresql://user@host/dbname, or a path")
    where = "database: a SQLite file, sqlite:///… or postgresql://… (default: DATABASE_URL)"
    parser.add_argument("--db", help=where)
    for sub in (run, sync, console, check, migrate, site):
        sub.add_argument("--db", help=where, default=argparse.SUPPRESS)
    console.add_argument("--out", default="out", help="folder for the pictures (default: out)")
    console.add_argument(
        "--moderators", default="", help="names who may manage messages and the server (a,b)"
    )
    console.add_argument(
        "--locale",
        default=os.environ.get("BOT_LOCALE") or "en",
        help="the language the bot speaks: en, de, es, fr, pt_BR, ru or pl (default: "
        "BOT_LOCALE, else en)",
    )
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
    database = args.db or settings.database_url
    settings = replace(settings, database_url=database)
    if args.command == "migrate":
        print(asyncio.run(migrate_db(database)))
        return 0
    if args.command == "copy-db":
        counts = asyncio.run(copy_between(args.source, args.target, print))
        print(f"copied {sum(counts.values())} rows into {DatabaseUrl.parse(args.target)}")
        return 0
    if args.command == "check-db":
        count, problems = asyncio.run(check_db(database))
        for line in problems:
            print(line)
        print(f"checked {count} matches: {len(problems)} problem(s)")
        return 1 if problems else 0
    if args.command == "web":
        from bot.web.serve import serve_alone

        port = args.port if args.port is not None else settings.web_port or 8080
        if not 0 <= port <= 65535:
            raise SettingsError(f"--port {port} is not a port number")
        try:
            asyncio.run(serve_alone(database, args.host or settings.web_host, port))
        except KeyboardInterrupt:
            pass
        except OSError as err:
            raise StartupError(f"cannot serve the web site on port {port}: {err}") from None
        return 0
    if args.command == "console":
        from bot.adapters.console import run_console

        moderators = {name.strip().lstrip("@") for name in args.moderators.split(",") if name}
        locale = console_locale(args.locale)
        console = partial(run_console, out=Path(args.out), moderators=moderators, locale=locale)
        asyncio.run(on_app(settings, console))
        return 0
    if not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return 1
    from bot.adapters.discord.run import run_bot

    asyncio.run(on_app(settings, partial(run_bot, sync_globally=args.command == "sync")))
    return 0


def console_locale(code: str) -> str:
    """The console's language for `--locale` (or BOT_LOCALE): 'de', 'pt-BR', 'pt_BR', 'de-AT';
    one the bot does not speak is a SettingsError, not English in silence."""
    ours = supported(code)
    if ours == "en" and code.strip().replace("_", "-").lower().split("-")[0] != "en":
        raise SettingsError(f"--locale {code}: the bot speaks {', '.join(LOCALES)}")
    return ours


async def on_app(settings: Settings, run: Callable[[App], Awaitable[None]]) -> None:
    """Open the App on the settings' database (StoreError if it cannot be used), `run` the
    adapter on it, and close it however the adapter ends."""
    app = await App.open(settings)
    try:
        await run(app)
    finally:
        await app.close()


async def migrate_db(database: str) -> str:
    store = await Store.open(database)
    try:
        return f"the database {store.url} is at schema revision {await revision(store.engine)}"
    finally:
        await store.close()


async def copy_between(source: str, target: str, report: Callable[[str], None]) -> dict[str, int]:
    origin = await Store.open(source, readonly=True)
    try:
        destination = await Store.open(target)
        try:
            return await copy_db(origin, destination, report)
        finally:
            await destination.close()
    finally:
        await origin.close()


if __name__ == "__main__":
    sys.exit(main())
