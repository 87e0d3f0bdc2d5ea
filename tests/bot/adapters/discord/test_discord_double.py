"""The Discord double refuses what Discord refuses (a double that says yes to everything
would prove nothing): each refusal, asked for directly over its HTTP interface."""

from __future__ import annotations

import asyncio
import io
import json
from typing import Any

import aiohttp
import pytest

from tests.fakediscord import (
    ATTACH_FILES,
    EVERYONE,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    FakeDiscord,
    FakeSession,
    thread_payload,
)

API = "https://discord.com/api/v10"
TEXT = 10


def double(*kinds: int) -> FakeDiscord:
    """A double with a text channel (id 10) and one channel of each kind (ids 11, 12, ...)."""
    fake = FakeDiscord({"id": "1", "username": "bot", "bot": True})
    for n, kind in enumerate((0, *kinds)):
        fake.channels[TEXT + n] = {"id": str(TEXT + n), "type": kind, "guild_id": "9"}
    return fake


def ask(fake: FakeDiscord, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    """(status, JSON answer) of one request."""
    response = fake.answer(method, API + path, None if body is None else json.dumps(body))
    return response.status, json.loads(response._text) if response._text else None


def form(body: dict[str, Any], size: int) -> aiohttp.FormData:
    data = aiohttp.FormData(quote_fields=False)
    data.add_field(name="payload_json", value=json.dumps(body))
    data.add_field(name="files[0]", value=io.BytesIO(b"x" * size), filename="big.gif")
    return data


def post(fake: FakeDiscord, channel: int, body: dict[str, Any]) -> tuple[int, Any]:
    return ask(fake, "POST", f"/channels/{channel}/messages", body)


@pytest.mark.parametrize("kind", [1, 2, 13, 15, 16, 11])
def test_no_thread_from_a_message_where_discord_has_none(kind: int) -> None:
    fake = double(kind)
    if kind == 11:
        fake.channels[TEXT + 1] = thread_payload(TEXT, "t", "1") | {"id": str(TEXT + 1)}
    fake.messages[5] = {"id": "5", "channel_id": str(TEXT + 1)}
    status, answer = ask(fake, "POST", f"/channels/{TEXT + 1}/messages/5/threads", {"name": "x"})
    assert (status, answer["code"]) == (400, 50024)
    fake.messages[6] = {"id": "6", "channel_id": str(TEXT)}
    assert ask(fake, "POST", f"/channels/{TEXT}/messages/6/threads", {"name": "x"})[0] == 200


def test_permissions_deleted_channels_and_locked_threads() -> None:
    fake = double(15)
    fake.bot_permissions[TEXT] = int(EVERYONE) & ~VIEW_CHANNEL
    assert post(fake, TEXT, {"content": "hi"})[1]["code"] == 50001  # Missing Access
    fake.bot_permissions[TEXT] = int(EVERYONE) & ~SEND_MESSAGES
    assert post(fake, TEXT, {"content": "hi"}) == (
        403, {"code": 50013, "message": "Missing Permissions"}
    )  # fmt: skip
    fake.bot_permissions[TEXT] = int(EVERYONE) & ~ATTACH_FILES
    fake.answer("POST", f"{API}/channels/{TEXT}/messages", form({"content": "x"}, 10))
    assert fake.requests[-1].status == 403
    assert post(fake, TEXT + 1, {"content": "hi"})[1]["code"] == 50008  # a forum takes posts
    fake.deleted.add(TEXT)
    assert post(fake, TEXT, {"content": "hi"})[1]["code"] == 10003  # Unknown Channel
    assert ask(fake, "PATCH", f"/channels/{TEXT + 1}/messages/99", {"content": "x"})[0] == 400
    thread = thread_payload(TEXT + 2, "t", "1")
    fake.channels[int(thread["id"])] = thread
    assert post(fake, int(thread["id"]), {"content": "hi"})[0] == 200
    fake.lock_thread(int(thread["id"]), archived=True)
    assert post(fake, int(thread["id"]), {"content": "hi"})[0] == 403
    assert ask(fake, "PATCH", f"/channels/{int(thread['id'])}/messages/99", {})[0] == 403


@pytest.mark.parametrize(
    "body",
    [
        {"content": "x" * 2001},
        {"embeds": [{"title": "t" * 257}]},
        {"embeds": [{"description": "d" * 4097}]},
        {"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]},
        {"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]},
        {
            "embeds": [
                {"description": "d" * 4000, "fields": [{"name": "n", "value": "v" * 1000}] * 2}
            ]
        },
        {"components": [{"components": [{"label": "l" * 81, "custom_id": "c"}]}]},
    ],
    ids=["content", "title", "description", "field", "25 fields", "6000 in all", "label"],
)
def test_messages_over_discords_limits_are_refused(body: dict[str, Any]) -> None:
    fake = double()
    assert post(fake, TEXT, body)[1]["code"] == 50035
    assert fake.sent == []


def test_uploads_over_the_servers_limit_are_refused() -> None:
    fake = double()
    fake.upload_limit = 1000
    fake.answer("POST", f"{API}/channels/{TEXT}/messages", form({"content": "x"}, 1001))
    assert fake.requests[-1].status == 413
    fake.answer("POST", f"{API}/channels/{TEXT}/messages", form({"content": "x"}, 1000))
    assert fake.requests[-1].status == 200


def test_interaction_windows() -> None:
    fake = double()
    reply = {"type": 4, "data": {"content": "hi"}}
    interaction_id, token = fake.new_interaction(TEXT)
    callback = f"/interactions/{interaction_id}/{token}/callback"
    assert ask(fake, "POST", f"/webhooks/1/{token}", {"content": "early"})[1]["code"] == 10015
    assert ask(fake, "POST", callback, reply)[0] == 200
    assert ask(fake, "POST", callback, reply)[1]["code"] == 40060  # already acknowledged
    assert ask(fake, "POST", f"/webhooks/1/{token}", {"content": "more"})[0] == 200
    fake.skew += 15 * 60 + 1
    assert ask(fake, "POST", f"/webhooks/1/{token}", {"content": "late"})[1]["code"] == 50027
    late_id, late = fake.new_interaction(TEXT, age=3.5)
    assert ask(fake, "POST", f"/interactions/{late_id}/{late}/callback", reply)[1]["code"] == 10062
    choices = [{"name": str(n), "value": str(n)} for n in range(26)]
    auto_id, auto = fake.new_interaction(TEXT)
    too_many = {"type": 8, "data": {"choices": choices}}
    assert ask(fake, "POST", f"/interactions/{auto_id}/{auto}/callback", too_many)[0] == 400
    too_long = {"type": 8, "data": {"choices": [{"name": "n" * 101, "value": "v"}]}}
    assert ask(fake, "POST", f"/interactions/{auto_id}/{auto}/callback", too_long)[0] == 400


def test_rate_limits_and_a_network_that_is_down() -> None:
    fake = double()
    fake.rate_limits.append((f"/channels/{TEXT}/messages", 0.5))
    response = fake.answer("POST", f"{API}/channels/{TEXT}/messages", json.dumps({"content": "x"}))
    assert response.status == 429 and response.headers["Via"]
    assert json.loads(response._text)["retry_after"] == 0.5
    assert post(fake, TEXT, {"content": "x"})[0] == 200
    fake.network_down = 1
    with pytest.raises(aiohttp.ClientConnectorError):
        post(fake, TEXT, {"content": "x"})
    assert [c.status for c in fake.requests] == [429, 200, 0]  # every request is recorded


def test_a_follow_up_after_a_deferral_replaces_its_thinking_as_the_deferral_was() -> None:
    fake = double()
    for deferred, asked, shown in [(64, 0, 64), (0, 64, 0)]:
        interaction_id, token = fake.new_interaction(TEXT)
        defer = {"type": 5, "data": {"flags": deferred}}
        callback = f"/interactions/{interaction_id}/{token}/callback"
        assert ask(fake, "POST", callback, defer)[0] == 200
        original = ask(fake, "GET", f"/webhooks/1/{token}/messages/@original")[1]
        first = ask(fake, "POST", f"/webhooks/1/{token}", {"content": "a", "flags": asked})[1]
        assert first["id"] == original["id"] and first["flags"] == shown  # the flag is ignored
        second = ask(fake, "POST", f"/webhooks/1/{token}", {"content": "b", "flags": asked})[1]
        assert second["id"] != original["id"] and second["flags"] == asked  # a new message
        path = f"/webhooks/1/{token}/messages/@original"
        assert ask(fake, "DELETE", path)[0] == 204
        assert ask(fake, "DELETE", path)[1]["code"] == 10008  # gone already
    never_id, never = fake.new_interaction(TEXT)
    reply = {"type": 6}
    assert ask(fake, "POST", f"/interactions/{never_id}/{never}/callback", reply)[0] == 200
    assert ask(fake, "DELETE", f"/webhooks/1/{never}/messages/@original")[1]["code"] == 10008


def test_threads_archive_lock_and_start_once_per_message() -> None:
    fake = double(5)  # a text channel and an announcement channel
    fake.messages[5] = {"id": "5", "channel_id": str(TEXT)}
    path = f"/channels/{TEXT}/messages/5/threads"
    bad = ask(fake, "POST", path, {"name": "x", "auto_archive_duration": 99})
    assert bad[1]["code"] == 50035
    status, thread = ask(fake, "POST", path, {"name": "x", "auto_archive_duration": 60})
    assert status == 200 and thread["type"] == 11
    assert ask(fake, "POST", path, {"name": "y"})[1]["code"] == 160004  # one thread a message
    fake.messages[6] = {"id": "6", "channel_id": str(TEXT + 1)}
    announced = ask(fake, "POST", f"/channels/{TEXT + 1}/messages/6/threads", {"name": "n"})[1]
    assert announced["type"] == 10
    thread_id = int(thread["id"])
    message = post(fake, thread_id, {"content": "hi"})[1]
    fake.skew += 61 * 60  # an hour idle: archived by itself
    edit = f"/channels/{thread_id}/messages/{message['id']}"
    assert ask(fake, "PATCH", edit, {"content": "x"}) == (
        400, {"code": 50083, "message": "Thread is archived"}
    )  # fmt: skip
    assert post(fake, thread_id, {"content": "back"})[0] == 200  # a post unarchives it
    assert ask(fake, "PATCH", edit, {"content": "x"})[0] == 200
    fake.lock_thread(thread_id)
    assert post(fake, thread_id, {"content": "hi"})[1]["code"] == 160005
    interaction_id, token = fake.new_interaction(thread_id)
    reply = {"type": 4, "data": {"content": "hi"}}
    callback = f"/interactions/{interaction_id}/{token}/callback"
    assert ask(fake, "POST", callback, reply)[1]["code"] == 160005


def test_attachments_empty_messages_and_duplicate_buttons() -> None:
    fake = double()
    fake.upload_limit = 1000
    sent = fake.answer
    assert sent("POST", f"{API}/channels/{TEXT}/messages", form({}, 1001)).status == 413
    eleven = aiohttp.FormData(quote_fields=False)
    eleven.add_field(name="payload_json", value=json.dumps({"content": "x"}))
    for n in range(11):
        eleven.add_field(name=f"files[{n}]", value=io.BytesIO(b"x"), filename=f"{n}.png")
    assert sent("POST", f"{API}/channels/{TEXT}/messages", eleven).status == 400
    fake.upload_limit = 20 * 1024 * 1024  # each fits a boosted server; together over 25 MiB
    two = aiohttp.FormData(quote_fields=False)
    two.add_field(name="payload_json", value=json.dumps({"content": "x"}))
    for n in range(2):
        big = io.BytesIO(b"x" * (13 * 1024 * 1024))
        two.add_field(name=f"files[{n}]", value=big, filename=f"{n}.gif")
    assert sent("POST", f"{API}/channels/{TEXT}/messages", two).status == 413
    assert post(fake, TEXT, {"content": ""})[1]["code"] == 50006
    twice = {"components": [{"components": [{"label": "a", "custom_id": "c"}] * 2}]}
    assert post(fake, TEXT, twice)[1]["code"] == 50035


def test_a_list_has_a_row_of_its_own_and_distinct_values() -> None:
    option = {"label": "11-15", "value": "11-15"}
    menu = {"type": 3, "custom_id": "m", "options": [option]}
    button = {"type": 2, "style": 1, "label": "Move", "custom_id": "b"}
    shared = {"components": [{"type": 1, "components": [menu, button]}]}
    assert post(fake := double(), TEXT, shared)[1]["code"] == 50035
    twice = {"components": [{"type": 1, "components": [menu | {"options": [option] * 2}]}]}
    assert post(fake, TEXT, twice)[1]["code"] == 50035
    rows = {"components": [{"type": 1, "components": [c]} for c in (menu, button)]}
    assert post(fake, TEXT, rows)[0] == 200


def test_a_private_message_is_edited_through_the_interaction_on_it() -> None:
    """An ephemeral message is no channel's (its id is unknown there), but a component on
    it makes an interaction whose deferral and edits reach it, as on Discord."""
    fake = double()
    first_id, first = fake.new_interaction(TEXT)
    said = {"type": 4, "data": {"content": "pick", "flags": 64}}
    ask(fake, "POST", f"/interactions/{first_id}/{first}/callback", said)
    private = fake.sent[-1].payload
    in_channel = f"/channels/{TEXT}/messages/{private['id']}"
    assert ask(fake, "PATCH", in_channel, {"content": "x"})[1]["code"] == 10008
    used_id, used = fake.new_interaction(TEXT, message_id=int(private["id"]))
    assert ask(fake, "POST", f"/interactions/{used_id}/{used}/callback", {"type": 6})[0] == 200
    path = f"/webhooks/1/{used}/messages/@original"
    edited = ask(fake, "PATCH", path, {"content": "done"})[1]
    assert (edited["id"], edited["flags"], edited["content"]) == (private["id"], 64, "done")


def test_a_channel_is_read_only_where_the_bot_may_view_it() -> None:
    fake = double()
    assert ask(fake, "GET", f"/channels/{TEXT}")[0] == 200
    fake.bot_permissions[TEXT] = int(EVERYONE) & ~VIEW_CHANNEL
    refused = (403, {"code": 50001, "message": "Missing Access"})
    assert ask(fake, "GET", f"/channels/{TEXT}") == refused


async def test_requests_take_time_when_a_latency_is_set(monkeypatch: pytest.MonkeyPatch) -> None:
    """FAKE_DISCORD_LATENCY_MS=150: each request 0-300 ms (seeded), so answers overlap."""
    monkeypatch.setenv("FAKE_DISCORD_LATENCY_MS", "150")
    fake = double()
    loop = asyncio.get_running_loop()
    started = loop.time()
    session = FakeSession(fake)
    body = json.dumps({"content": "x"})
    waits = await asyncio.gather(
        *(_timed(session, f"{API}/channels/{TEXT}/messages", body) for _ in range(20))
    )
    assert max(waits) > 0.15  # (a machine's slowness only adds to them)
    assert loop.time() - started < sum(waits)  # they were in flight together
    assert double().latency == 0.15 and FakeDiscord({"id": "1"}).latency == 0.15
    monkeypatch.delenv("FAKE_DISCORD_LATENCY_MS")
    assert double().latency == 0


async def _timed(session: FakeSession, url: str, body: str) -> float:
    loop = asyncio.get_running_loop()
    start = loop.time()
    async with session.request("POST", url, data=body) as response:
        assert response.status == 200
    return loop.time() - start
