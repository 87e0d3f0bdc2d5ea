"""The bot's requests against Discord's published API description (tests/discordapi.py):
the one upload of every slash command, the limits the command registry keeps, and the
double refusing, with the route, place and limit, what the document does not allow."""

from __future__ import annotations

import json
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.adapters.commands.registry import (
    DESCRIPTION_MOST,
    NAME_MOST,
    Option,
    within_discords_limits,
)
from bot.adapters.discord.parts import SLASH_COMMANDS
from tests.discordapi import DOCUMENT, breach
from tests.fakediscord import FakeDiscord

API = "https://discord.com/api/v10"
BUTTON = {"type": 2, "style": 1, "label": "ok", "custom_id": "a"}
#: a list (string select menu) of 26 options: Discord takes 25
LIST = {
    "type": 3,
    "custom_id": "b",
    "options": [{"label": f"{n}", "value": f"{n}"} for n in range(26)],
}


def command_upload() -> list[dict[str, Any]]:
    """The body of the bulk upload `python -m bot sync` (and DEV_GUILD_ID) sends."""
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    for command in SLASH_COMMANDS:
        tree.add_command(command)
    return [command.to_dict(tree) for command in tree.get_commands()]


def test_every_command_uploads_within_the_published_limits() -> None:
    assert breach("PUT", "/applications/1/commands", command_upload()) is None
    assert breach("PUT", "/applications/1/guilds/2/commands", command_upload()) is None


def test_a_description_over_100_characters_fails_the_whole_upload() -> None:
    upload = command_upload()
    upload[3]["description"] = "x" * 101
    said = breach("PUT", "/applications/1/commands", upload)
    assert said is not None
    assert "body[3].description" in said and "maxLength 100" in said


def test_the_registrys_limits_are_the_documents() -> None:
    schemas = json.loads(DOCUMENT.read_text())["components"]["schemas"]
    for name in ("ApplicationCommandCreateRequest", "ApplicationCommandStringOption"):
        properties = schemas[name]["properties"]
        assert properties["name"]["maxLength"] == NAME_MOST
        assert properties["description"]["maxLength"] == DESCRIPTION_MOST


@pytest.mark.parametrize(
    ("name", "help", "option"),
    [
        ("x" * 33, "fine", "fine"),
        ("fine", "x" * 101, "fine"),
        ("fine", "fine", "x" * 101),
        ("fine", "", "fine"),
    ],
)
def test_a_command_discord_would_refuse_cannot_be_declared(
    name: str, help: str, option: str
) -> None:
    with pytest.raises(ValueError, match="on Discord"):
        within_discords_limits(name, help, (Option("opt", "text", option),))


@pytest.mark.parametrize(
    ("method", "path", "body", "said"),
    [
        (
            "POST",
            "/channels/1/messages",
            {"content": "hi", "allowed_mentions": {"users": [str(n) for n in range(101)]}},
            "body.allowed_mentions.users: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', "
            "'10', ... breaks maxItems 100",
        ),
        (
            "PATCH",
            "/channels/1/messages/2",
            {"components": [{"type": 1, "components": [BUTTON | {"label": "x" * 81}]}]},
            "body.components[0].components[0].label",
        ),
        (
            "POST",
            "/interactions/1/token/callback",
            {"type": 8, "data": {"choices": [{"name": "a", "value": "b"}] * 26}},
            "body.data.choices: ",
        ),
        (
            "POST",
            "/channels/1/messages",
            {"components": [{"type": 1, "components": [LIST]}]},
            "body.components[0].components[0].options: ",
        ),
        (
            "POST",
            "/channels/1/messages/2/threads",
            {"name": "x" * 101},
            "body.name: 'xxxx",
        ),
        ("POST", "/channels/1/nowhere", {}, "no such route"),
    ],
)
def test_the_double_refuses_what_the_document_does_not_allow(
    method: str, path: str, body: dict[str, Any], said: str
) -> None:
    fake = FakeDiscord({"id": "1", "username": "bot", "bot": True})
    answer = fake.answer(method, API + path, json.dumps(body))
    assert answer.status == 400
    assert json.loads(answer._text)["code"] == 50035
    assert len(fake.breaches) == 1 and said in fake.breaches[0], fake.breaches


def test_snowflakes_may_be_integers_as_discordpy_sends_them() -> None:
    body = {"content": "hi", "allowed_mentions": {"users": [12345678901234567]}}
    assert breach("POST", "/channels/1/messages", body) is None
    assert breach("POST", "/channels/1/messages", {"message_reference": {"message_id": -1}})
