"""A message's components on Discord: the bot's buttons and lists (string select menus),
within Discord's limits. Their custom ids alone say what they do (`discord.ui.DynamicItem`),
so a press or a choice is answered after a restart too."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol, cast

import discord

from bot.adapters.commands.dispatch import Dispatcher
from bot.adapters.replies import BUTTON_PREFIX, Button, Message, Select

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
#: Discord's limits on a list: its placeholder, and each option's label, value, description
PLACEHOLDER_LIMIT = 150
OPTION_LIMIT = 100


class Host(Protocol):
    """What the parts of the adapter need of the client (gamebot.GameBot)."""

    dispatcher: Dispatcher
    respond: Callable[..., Awaitable[None]]  # (interaction, handler, *, click, slow)


def host_of(interaction: discord.Interaction) -> Host:
    return cast(Host, interaction.client)


def clip(text: str, limit: int) -> str:
    """Text cut to Discord's limit, with an ellipsis where it was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"{BUTTON_PREFIX}:[a-z]+:\d+(?::\d+)?"
):
    """Every button of the bot; its custom_id alone says what it does, so it survives restarts."""

    def __init__(
        self, button: Button | None = None, *, custom_id: str = "", label: str = "?"
    ) -> None:
        if button is not None:
            custom_id, label = button.custom_id, button.label
        style = STYLES[button.style] if button else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any, /
    ) -> GameButton:
        assert isinstance(item, discord.ui.Button)
        return cls(custom_id=item.custom_id or "", label=item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = host_of(interaction)
        custom_id = self.item.custom_id or ""
        await bot.respond(interaction, lambda ctx: bot.dispatcher.click(ctx, custom_id), click=True)


def _menu(select: Select) -> discord.ui.Select[Any]:
    options = [
        discord.SelectOption(
            label=clip(choice.label, OPTION_LIMIT),
            value=choice.value,  # a move or a cell: short, and never cut (it is what is sent)
            description=clip(choice.description, OPTION_LIMIT) or None,
            default=choice.chosen,
        )
        for choice in select.choices
    ]
    placeholder = clip(select.placeholder, PLACEHOLDER_LIMIT)
    return discord.ui.Select(custom_id=select.custom_id, placeholder=placeholder, options=options)


class GameList(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"{BUTTON_PREFIX}:[a-z]+:\d+:\d+:\d+",
):
    """Every list of the bot (replies.Select), answered by its custom_id and the choice
    made, as a button is: it survives restarts too."""

    def __init__(self, menu: discord.ui.Select[Any]) -> None:
        super().__init__(menu)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any, /
    ) -> GameList:
        assert isinstance(item, discord.ui.Select)
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = host_of(interaction)
        custom_id, chosen = self.item.custom_id, self.item.values
        value = chosen[0] if chosen else ""
        await bot.respond(
            interaction, lambda ctx: bot.dispatcher.choose(ctx, custom_id, value), click=True
        )


def components(message: Message) -> discord.ui.View | None:
    """The message's buttons, then each list on a row of its own (None: it has neither)."""
    if not message.buttons and not message.selects:
        return None
    view = discord.ui.View(timeout=None)
    for button in message.buttons:
        if button.url:
            link = discord.ButtonStyle.link
            view.add_item(discord.ui.Button(label=button.label, style=link, url=button.url))
        else:
            view.add_item(GameButton(button))
    for select in message.selects:
        view.add_item(GameList(_menu(select)))
    return view
