"""Settings from the environment, or from a `.env` file beside the project (never logged)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DATABASE = "./data/bot.sqlite3"


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=value lines; blank lines and # comments skipped; quotes around a value dropped."""
    if not path.is_file():
        return {}
    values = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip().removeprefix("export ").strip()] = value.strip().strip("'\"")
    return values


@dataclass(frozen=True)
class Settings:
    database_path: str = DEFAULT_DATABASE
    discord_token: str = field(default="", repr=False)  # never printed or logged
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    challenge_minutes: int = 15
    default_move_time: str = "1d"

    @classmethod
    def load(cls, env_file: Path | None = Path(".env")) -> Settings:
        """The environment wins over `.env`; unset or empty values take the defaults."""
        values = read_env_file(env_file) if env_file else {}
        values.update({k: v for k, v in os.environ.items() if v})
        guild = values.get("DEV_GUILD_ID", "")
        minutes = values.get("CHALLENGE_MINUTES", "")
        return cls(
            database_path=values.get("DATABASE_PATH") or DEFAULT_DATABASE,
            discord_token=values.get("DISCORD_TOKEN", ""),
            dev_guild_id=int(guild) if guild.isdigit() else None,
            log_level=(values.get("LOG_LEVEL") or "INFO").upper(),
            challenge_minutes=int(minutes) if minutes.isdigit() and int(minutes) > 0 else 15,
            default_move_time=values.get("DEFAULT_MOVE_TIME") or "1d",
        )
