"""Starting the Discord client: failures in one plain line, and a quiet log.

Everything that can stop the bot before it is up (Discord unreachable, a refused token, an
intent not enabled) becomes a StartupError saying what is wrong and what to do; once logged
in, a lost connection is discord.py's to retry, logged as one WARNING line.
"""

from __future__ import annotations

import logging
import os
import ssl

import aiohttp
import discord

from bot.errors import StartupError

PORTAL = "https://discord.com/developers/applications"


def explain(err: BaseException) -> StartupError | None:
    """The StartupError a failure to start amounts to (None: not a start-up failure)."""
    if isinstance(err, discord.LoginFailure):
        return StartupError(
            "Discord refused the token (it is wrong, or it was reset): copy a new one from "
            f"{PORTAL} (your app -> Bot -> Reset Token) into DISCORD_TOKEN in .env"
        )
    if isinstance(err, discord.PrivilegedIntentsRequired):
        return StartupError(
            "Discord refused a privileged intent the bot asked for: enable it under Bot -> "
            f"Privileged Gateway Intents at {PORTAL}, or run a version that does not ask"
        )
    if isinstance(err, aiohttp.ClientConnectorDNSError):
        return _unreachable("the name discord.com cannot be looked up (DNS)")
    if isinstance(err, aiohttp.ClientConnectorCertificateError | aiohttp.ClientSSLError):
        return _unreachable(
            f"the secure connection failed ({_reason(err)}; is the clock right, or a proxy "
            "intercepting HTTPS?)"
        )
    if isinstance(err, aiohttp.ClientConnectorError):
        return _unreachable(f"the connection failed ({_reason(err)})")
    if isinstance(err, aiohttp.ClientError | TimeoutError | OSError | ssl.SSLError):
        return _unreachable(f"{type(err).__name__}: {_reason(err)}")
    if isinstance(err, discord.GatewayNotFound):
        return StartupError("Discord's gateway cannot be found right now: try again later")
    if isinstance(err, discord.HTTPException):
        return StartupError(
            f"Discord answered {err.status} {err.text or ''}".rstrip()
            + ": try again later (see https://discordstatus.com)"
        )
    return None


def _reason(err: BaseException) -> str:
    """'Connection refused', 'Network is unreachable', or the error's own words."""
    cause = getattr(err, "os_error", None) or err
    if isinstance(cause, OSError) and cause.errno and not isinstance(cause, ssl.SSLError):
        return os.strerror(cause.errno)
    return str(cause) or type(cause).__name__


def _unreachable(why: str) -> StartupError:
    return StartupError(
        f"cannot reach Discord: {why}. Check this machine's network connection and "
        "firewall, then start the bot again."
    )


class OneLineReconnects(logging.Filter):
    """discord.py logs each reconnect attempt with a traceback at ERROR; make it one
    WARNING line naming the cause."""

    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith("Attempting a reconnect"):
            cause = record.exc_info[1] if record.exc_info else None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            if cause is not None:
                record.msg = f"{record.msg} (connection lost: %s)"
                record.args = (*(record.args or ()), _describe(cause))
            record.exc_info, record.exc_text = None, None
        return True


def _describe(err: BaseException) -> str:
    text = str(err).strip()
    return f"{type(err).__name__}: {text}" if text else type(err).__name__


def quiet_discord() -> None:
    """The bot never joins voice: no warnings about voice libraries; reconnects in one line."""
    for flag in ("warn_nacl", "warn_dave"):
        if hasattr(discord.VoiceClient, flag):
            setattr(discord.VoiceClient, flag, False)
    for name in ("discord.client", "discord.shard", "discord.gateway"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, OneLineReconnects) for f in logger.filters):
            logger.addFilter(OneLineReconnects())
