"""The Discord adapter's parts: how people and messages look on Discord (their buttons and
lists: `components`), and the slash commands generated from the command registry.
`gamebot.GameBot` runs them."""

from __future__ import annotations

import inspect
import io
import re
from collections.abc import Callable
from functools import reduce
from typing import Any, Literal, Optional

import aiohttp
import discord
from discord import app_commands

from bot.adapters.commands.group import Context
from bot.adapters.commands.registry import COMMANDS, SIDE_CHOICES, CommandSpec, Someone
from bot.adapters.discord.components import clip, components, host_of
from bot.adapters.discord.visibility import everyone_can_read
from bot.adapters.replies import Message
from bot.i18n import N_, _, ngettext, speaking, supported
from bot.i18n.position_words import ALT_TEXT_LIMIT
from bot.service import Reach
from rules import GAMES

#: the apology when something failed (marked: translated where shown, in the asker's language)
SORRY = N_("Sorry, something went wrong on our side. Nothing was changed; please try again.")
#: the apology when the handler did its work (saved) but its answer could not all be shown
NOT_ALL_SHOWN = N_(
    "Sorry, something went wrong while showing the answer. Anything it changed is saved, "
    "so there is no need to do it again; /board shows a game as it stands."
)
#: Discord's JSON error codes that say a place or message is gone or shut to the bot (the
#: HTTP status varies with the route: 400, 403 or 404): trying again will not help
SHUT_OUT = {
    10003: "unknown channel",
    10008: "unknown message",
    50001: "missing access",
    50013: "missing permissions",
    50083: "the thread is archived",
    160005: "the thread is locked",
}


def shut_out(err: Exception) -> bool:
    """Discord refused for good: the place or message is gone, or the bot may not act there."""
    return isinstance(err, discord.HTTPException) and err.code in SHUT_OUT


#: what a request to Discord may raise: Discord's refusals, and the network's failures
#: (aiohttp's, a timeout, a reset: discord.py retries only some reset codes, and passes the
#: rest on as they are, not as an HTTPException)
POSTING_ERRORS = (discord.HTTPException, discord.RateLimited, aiohttp.ClientError, OSError)


def transient(err: BaseException) -> bool:
    """A failure that may pass if tried again: Discord's 5xx and 429 (once discord.py gave
    up waiting), the network (aiohttp's connection errors, a server gone, a timeout, a
    reset). The post it stopped is retried, or done another way; it is not the person's
    fault, and what was saved stays saved."""
    if isinstance(err, discord.HTTPException):
        return err.status >= 500 or err.status == 429
    return isinstance(err, discord.RateLimited | aiohttp.ClientError | TimeoutError | OSError)


#: slash commands and buttons need no gateway events but the servers the bot is in
INTENTS = discord.Intents.none()
INTENTS.guilds = True
#: a game's thread stays open a week without messages (Discord's longest auto-archive)
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080
#: by default nothing pings; a message lists the users it may ping (Message.pings)
NO_PINGS = discord.AllowedMentions.none()
#: characters that start Markdown, a mention (<@1>, <#2>, @everyone) or a link in Discord text
_SPECIAL = re.compile(r"([\\*_~`|>\[\]<@])")


class DiscordPeople:
    """How Discord shows people and places: mentions (rendered as the member's current name
    on each server), and typed text escaped so that it is shown, never obeyed. `servers`
    names a server the client knows (None: one it does not, such as another shard's)."""

    def __init__(self, servers: Callable[[int], str | None] = lambda guild_id: None) -> None:
        self.servers = servers

    @staticmethod
    def user(user_id: int | None) -> str:
        # i18n: who may accept an open challenge
        return _("anyone") if user_id is None else f"<@{user_id}>"

    @staticmethod
    def name(user_id: int) -> str:
        return f"<@{user_id}>"  # rendered as their name on this server; replies never ping

    @staticmethod
    def channel(channel_id: int, guild_id: int | None = None) -> str:
        if guild_id == 0:  # a DM or group DM: a mention of it shows nothing readable
            return f"https://discord.com/channels/@me/{channel_id}"
        return f"<#{channel_id}>"

    @staticmethod
    def literal(text: str) -> str:
        return _SPECIAL.sub(r"\\\1", " ".join(text.split()))

    @staticmethod
    def when(at: float) -> str:
        # each reader sees the moment in their own time zone and language, and how far
        # off it is ('in 2 hours', kept up to date): Discord renders both
        return f"<t:{int(at)}:f> (<t:{int(at)}:R>)"

    def server(self, guild_id: int) -> str:
        name = self.servers(guild_id)
        # i18n: a Discord server the bot cannot name (another shard's)
        return self.literal(name) if name else _("another server")

    @staticmethod
    def link(guild_id: int, channel_id: int, message_id: int) -> str | None:
        # a DM's or group DM's messages are under @me, not a server
        return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def embed_of(message: Message) -> discord.Embed:
    """The message as an embed within Discord's limits: title 256, description 4,096, 25
    fields of 256 + 1,024, and 6,000 characters in all (fields past that are left out)."""
    embed = discord.Embed(
        title=clip(message.title or "", 256), description=clip(message.text, 4096)
    )
    room = 6000 - len(embed.title or "") - len(embed.description or "")
    for name, value in message.fields[:25]:
        name, value = clip(name, 256), clip(value, 1024)
        room -= len(name) + len(value)
        if room < 0:
            break
        embed.add_field(name=name, value=value, inline=False)
    return embed


def discord_kwargs(message: Message) -> dict[str, Any]:
    """send_message / send keyword arguments for a Message."""
    pings = discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in message.pings]
    )
    kwargs: dict[str, Any] = {"allowed_mentions": pings if message.pings else NO_PINGS}
    if message.title:
        kwargs["embed"] = embed_of(message)
    else:
        kwargs["content"] = clip(message.text, 2000)
    if message.files:
        kwargs["files"] = [
            discord.File(
                io.BytesIO(a.data),
                filename=a.filename,
                description=clip(a.description, ALT_TEXT_LIMIT) or None,
            )
            for a in message.files
        ]
    if (view := components(message)) is not None:
        kwargs["view"] = view
    return kwargs


def edit_kwargs(message: Message) -> dict[str, Any]:
    """edit keyword arguments that replace a message whole: text, buttons and lists (none:
    removed) and attachments (the old picture goes)."""
    kwargs = discord_kwargs(message)
    return {
        "content": kwargs.get("content"),
        "embed": kwargs.get("embed"),
        "attachments": kwargs.get("files", []),
        "view": kwargs.get("view"),
        "allowed_mentions": kwargs["allowed_mentions"],
    }


def locale_of(interaction: discord.Interaction) -> str:
    """The asker's language (their Discord's): what only they see is worded in it."""
    return supported(str(interaction.locale))


def reach_of(interaction: discord.Interaction) -> Reach:
    """How the bot reaches the place of the interaction: it posts in a server that added it
    and in its own DM with the person; elsewhere (a DM between people, a group DM, a server
    that never added it: only the person's install lets it in) it may only answer."""
    if interaction.is_guild_integration() or interaction.context.dm_channel:
        return Reach.POSTS
    return Reach.ANSWERS


def context(interaction: discord.Interaction) -> Context:
    """The interaction as the handlers see it, with the language of what everyone there
    reads as Discord gives it for the server (GameBot.context_for puts the server's
    /settings language in its place, if it chose one)."""
    user = interaction.user
    reach = reach_of(interaction)
    public_locale = (
        supported(str(interaction.guild_locale))
        if interaction.guild_id
        else locale_of(interaction)  # a DM: the asker is who reads it
    )
    return Context(
        interaction.guild_id or 0,
        interaction.channel_id or 0,
        user.id,
        getattr(user, "display_name", None) or user.name,
        moderator=interaction.permissions.manage_messages,
        manager=interaction.permissions.manage_guild,
        global_name=user.global_name or user.name,
        upload_limit=interaction.filesize_limit,
        guild_name=interaction.guild.name if interaction.guild is not None else "",
        locale=locale_of(interaction),
        public_locale=public_locale,
        reach=reach,
        # a server that turned external apps off for the member: Discord shows the answers
        # of an app it did not add to the asker alone
        answers_private=reach == Reach.ANSWERS
        and interaction.guild_id is not None
        and not interaction.permissions.use_external_apps,
    )


def everyone_reads(interaction: discord.Interaction) -> bool:
    """Whether @everyone can read the channel (a thread: its channel; a private thread
    never): only such channels' games are listed on the web site. Unknown: no."""
    return everyone_can_read(interaction.guild, interaction.channel) is True


def cannot_host(interaction: discord.Interaction, *, rounds: bool = False) -> str | None:
    """Why the bot cannot host a game in this channel (None: it can): the permissions it
    needs to post boards, in the channel and in the game's thread. Threads are a nicety:
    where the bot may not make one, a game is played in place. A tournament's `rounds`
    need them: each game of a round is played in a thread of its own."""
    perms = interaction.app_permissions
    in_thread = isinstance(interaction.channel, discord.Thread)
    # a game started in a channel gets a thread where the bot may make one: it posts there
    threaded = in_thread or perms.create_public_threads
    # i18n: Discord's own names of its permissions: write each as Discord's settings show
    # it in your language
    needed = {
        N_("View Channel"): perms.view_channel,
        N_("Send Messages"): in_thread or perms.send_messages,
        N_("Send Messages in Threads"): not threaded or perms.send_messages_in_threads,
        N_("Attach Files"): perms.attach_files,
        N_("Embed Links"): perms.embed_links,
    }
    if rounds:
        # i18n: Discord's own name of a permission, as Discord's settings show it
        needed[N_("Create Public Threads")] = in_thread or perms.create_public_threads
        needed[N_("Send Messages in Threads")] = perms.send_messages_in_threads
    # Discord's own names of its permissions, as its settings show them in the reader's language
    missing = [_(name) for name, granted in needed.items() if not granted]
    if not missing:
        return None
    lacking = reduce(
        # i18n: two permissions (or a list of them and one more): "Send Messages and Attach Files"
        lambda first, second: _("{first} and {second}").format(first=first, second=second),
        missing,
    )
    if rounds:
        # i18n: {permissions} are Discord's names of permissions, such as "Attach Files"
        return ngettext(
            "I can't hold a tournament here: I lack {permissions} in this channel, which its "
            "rounds need. A server admin can grant it to my role, or you can hold it in "
            "another channel.",
            "I can't hold a tournament here: I lack {permissions} in this channel, which its "
            "rounds need. A server admin can grant them to my role, or you can hold it in "
            "another channel.",
            len(missing),
        ).format(permissions=lacking)
    # i18n: {permissions} are Discord's names of permissions, such as "Attach Files"
    return _(
        "I can't start a game here: I lack {permissions} in this channel. A server admin can "
        "grant it to my role, or you can play in another channel."
    ).format(permissions=lacking)


# --- the slash commands, generated from the registry --------------------------------------
ANNOTATIONS: dict[str, Any] = {
    "text": str,
    "number": int,
    "user": discord.User,
    "game": str,
    "side": str,
}
CHOICES: dict[str, list[app_commands.Choice[str]]] = {
    "game": [app_commands.Choice(name=g.name, value=g.id) for g in GAMES.values()],
    "side": [app_commands.Choice(name=name, value=name) for name in SIDE_CHOICES],
}


async def _move_suggestions(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    bot = host_of(interaction)
    match = getattr(interaction.namespace, "match", None)
    with speaking(locale_of(interaction)):  # suggestions only the asker sees
        moves = await bot.dispatcher.move_choices(context(interaction), current, match)
    return [app_commands.Choice(name=m, value=m) for m in moves]


async def _match_suggestions(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    bot = host_of(interaction)
    with speaking(locale_of(interaction)):  # suggestions only the asker sees
        choices = await bot.dispatcher.match_choices(context(interaction), current)
    return [app_commands.Choice(name=label[:100], value=number) for label, number in choices]


def slash_command(spec: CommandSpec) -> app_commands.Command[Any, Any, None]:
    """The slash command of a declared command: its options as Discord parameters (a
    user becomes a Someone: the id and the names seen), answered by the same Dispatcher
    as the console."""

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        options: dict[str, Any] = {}
        for option in spec.options:
            value = values.get(option.name)
            if option.kind == "user" and value is not None:
                global_name = value.global_name or value.name
                value = Someone(value.id, value.display_name, global_name, value.bot)
            options[option.name] = value
        bot = host_of(interaction)
        # where the bot may only answer, it has no channel of its own to check or list
        hosts = spec.hosts_games(options) and reach_of(interaction) == Reach.POSTS
        rounds = spec.makes_rounds(options)
        with speaking(locale_of(interaction)):  # only the asker sees why not
            problem = cannot_host(interaction, rounds=rounds) if hosts else None
        if problem:
            await interaction.response.send_message(problem, ephemeral=True)
            return
        # where games will be played (a tournament's from its creation): who may read it
        if hosts and interaction.guild_id and interaction.channel_id:
            await bot.dispatcher.see_channel(
                interaction.guild_id, interaction.channel_id, everyone_reads(interaction)
            )
        await bot.respond(
            interaction, lambda ctx: bot.dispatcher.run(spec.name, ctx, **options), slow=spec.slow
        )

    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    for option in sorted(spec.options, key=lambda o: not o.required):  # Discord: required first
        kind = ANNOTATIONS[option.kind]
        parameters.append(
            inspect.Parameter(
                option.name,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=kind if option.required else Optional[kind],  # noqa: UP045
                default=inspect.Parameter.empty if option.required else None,
            )
        )
    # discord.py takes a command's parameters only from its callback's signature (no way to
    # give them as data: Rapptz/discord.py#7539, #9463), read by inspect.signature, which
    # honours __signature__; functions do not declare that attribute, hence the ignore
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    decorated: Any = app_commands.describe(**{o.name: o.description for o in spec.options})(
        callback
    )
    choices = {o.name: CHOICES[o.kind] for o in spec.options if o.kind in CHOICES}
    choices |= {
        o.name: [app_commands.Choice(name=c, value=c) for c in o.choices]
        for o in spec.options
        if o.choices
    }
    if choices:
        decorated = app_commands.choices(**choices)(decorated)
    suggest: dict[str, Any] = {"move": _move_suggestions, "match": _match_suggestions}
    completers = {o.name: suggest[o.name] for o in spec.options if o.autocomplete}
    if completers:
        decorated = app_commands.autocomplete(**completers)(decorated)
    if spec.for_managers:  # Discord's default_member_permissions: Manage Server
        decorated = app_commands.default_permissions(manage_guild=True)(decorated)
    return app_commands.Command(
        name=spec.name,
        description=spec.help,
        callback=decorated,
        # a server's own commands need a server that added the bot; the rest work wherever
        # a person who added it to their account is (their DMs, group DMs, any server)
        allowed_installs=app_commands.AppInstallationType(guild=True, user=not spec.guild_only),
        allowed_contexts=app_commands.AppCommandContext(
            guild=True, dm_channel=not spec.guild_only, private_channel=not spec.guild_only
        ),
    )


SLASH_COMMANDS = tuple(slash_command(spec) for spec in COMMANDS)
