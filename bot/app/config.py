"""Settings from the environment, or from a `.env` file beside the project (never logged)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import dotenv_values

from bot.errors import Refusal, StartupError, StoreError
from bot.runtime.shards import Shards
from bot.service import COMPUTER_GAMES, DEFAULT_MOVE_TIME, move_seconds
from bot.store.urls import DatabaseUrl, hide_password

DEFAULT_DATABASE = "./data/bot.sqlite3"


class SettingsError(StartupError):
    """A setting's value cannot be right; str() names it and says why."""


def read_env_file(path: Path) -> dict[str, str]:
    """A .env file as python-dotenv reads it (quotes, `export`, inline # comments, escapes);
    a missing file is no settings, an unreadable one a SettingsError."""
    if not path.is_file():
        return {}
    try:
        return {k: v for k, v in dotenv_values(path, encoding="utf-8").items() if v is not None}
    except (OSError, UnicodeDecodeError) as err:
        raise SettingsError(f"cannot read the settings file {path}: {err}") from None


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


@dataclass(frozen=True)
class Settings:
    database_url: str = DEFAULT_DATABASE
    discord_token: str = field(default="", repr=False)  # never printed or logged
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    challenge_minutes: int = 15
    default_move_time: str = DEFAULT_MOVE_TIME
    #: the Discord shards this process serves (None: all, as discord.py decides)
    shards: Shards | None = None
    #: games against the computer one person may have in progress at once
    computer_games: int = COMPUTER_GAMES
    #: the web site: the port this process serves it on (None: it does not), the address
    #: it listens at, and the address people reach it at (for the links the bot posts)
    web_port: int | None = None
    web_host: str = "0.0.0.0"
    public_url: str = ""
    #: Discord's HTTP API through a REST proxy shared by every process on the token (such
    #: as nirn-proxy), which keeps its limits for all of them: its address ending in /api/v10
    discord_api_url: str = ""

    @classmethod
    def load(cls, env_file: Path | None = Path(".env")) -> Settings:
        """The environment wins over `.env`; unset or empty values take the defaults; a value
        that cannot be right raises SettingsError naming it, where it came from, and why."""
        from_file = read_env_file(env_file) if env_file else {}
        from_env = {k: v for k, v in os.environ.items() if v}
        values = {**from_file, **from_env}

        def bad(key: str, why: str) -> SettingsError:
            where = "the environment" if key in from_env else str(env_file)
            value = hide_password(values[key])
            shown = value if len(value) <= 40 else value[:39] + "…"
            return SettingsError(f"{key}={shown} (in {where}) {why}")

        guild = values.get("DEV_GUILD_ID", "")
        if guild and not (guild.isascii() and guild.isdecimal() and len(guild) <= 20):
            raise bad(
                "DEV_GUILD_ID",
                "is not a server id: in Discord turn on Developer Mode, right-click the "
                "server, Copy Server ID (or leave it empty)",
            )
        minutes = values.get("CHALLENGE_MINUTES", "")
        if minutes and not (
            minutes.isascii() and minutes.isdecimal() and 1 <= int(minutes) <= 10080
        ):
            raise bad("CHALLENGE_MINUTES", "must be a whole number of minutes from 1 to 10080")
        computer = values.get("COMPUTER_GAMES_PER_PLAYER", "")
        if computer and not (
            computer.isascii() and computer.isdecimal() and 1 <= int(computer) <= 100
        ):
            raise bad("COMPUTER_GAMES_PER_PLAYER", "must be a whole number of games from 1 to 100")
        level = (values.get("LOG_LEVEL") or "INFO").upper()
        if level not in LOG_LEVELS:
            raise bad("LOG_LEVEL", f"must be one of {', '.join(LOG_LEVELS)}")
        move_time = values.get("DEFAULT_MOVE_TIME") or DEFAULT_MOVE_TIME
        try:
            move_seconds(move_time)
        except Refusal as why:
            raise bad("DEFAULT_MOVE_TIME", f"is not a time per move: {why}") from None
        ids, count = values.get("SHARD_IDS", ""), values.get("SHARD_COUNT", "")
        if bool(ids) != bool(count):
            raise bad("SHARD_IDS" if ids else "SHARD_COUNT", "needs SHARD_COUNT and SHARD_IDS both")
        if count and not (count.isascii() and count.isdecimal() and 1 <= int(count) <= 10_000):
            raise bad("SHARD_COUNT", "must be a whole number of shards, from 1")
        try:
            shards = Shards.parse(ids, int(count)) if ids else None
        except ValueError as why:
            raise bad("SHARD_IDS", str(why)) from None
        port = values.get("WEB_PORT", "")
        if port and not (port.isascii() and port.isdecimal() and 1 <= int(port) <= 65535):
            raise bad("WEB_PORT", "must be a port number from 1 to 65535")
        public = values.get("PUBLIC_URL", "").rstrip("/")
        if public and not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", public):
            raise bad("PUBLIC_URL", "must be the site's address, like https://games.example.org")
        api = values.get("DISCORD_API_URL", "").rstrip("/")
        if api and not re.fullmatch(r"https?://[^\s/?#]+/[^\s?#]*api/v10", api):
            raise bad("DISCORD_API_URL", "must be a REST proxy's address ending in /api/v10")
        if port and not public:
            public = f"http://localhost:{port}"
        # DATABASE_PATH: the setting's name before PostgreSQL (a file path), still read
        database = values.get("DATABASE_URL") or values.get("DATABASE_PATH") or DEFAULT_DATABASE
        try:
            DatabaseUrl.parse(database)
        except StoreError as why:
            raise bad("DATABASE_URL", f"is not a database: {why}") from None
        return cls(
            shards=shards,
            database_url=database,
            discord_token=values.get("DISCORD_TOKEN", ""),
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            challenge_minutes=int(minutes) if minutes else 15,
            default_move_time=move_time,
            computer_games=int(computer) if computer else COMPUTER_GAMES,
            web_port=int(port) if port else None,
            web_host=values.get("WEB_HOST") or "0.0.0.0",
            public_url=public,
            discord_api_url=api,
        )
