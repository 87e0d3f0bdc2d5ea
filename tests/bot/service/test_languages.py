"""Languages in the store: a server's chosen language and each person's last seen language
and text boards, on a real database (both engines), kept across a restart of the service,
and migration 0027 down and up."""

from __future__ import annotations

import random
from collections.abc import Callable

from sqlalchemy import Connection, inspect

from bot.service import DEFAULT_LANGUAGE
from bot.service.match_service import MatchService
from bot.store import Store
from tests.migrationkit import migration_step
from tests.servicekit import ALICE, BOB, Clock, by, refused


async def test_a_server_chooses_its_language_and_a_restart_keeps_it(
    service: MatchService, store: Store
) -> None:
    assert await service.languages.server(by(ALICE).guild_id) is None
    assert await service.languages.choose_server(by(ALICE), manager=True, language="de") == "de"
    again = MatchService(store, clock=Clock(), rng=random.Random(1))
    assert await again.languages.server(by(ALICE).guild_id) == "de"
    await again.languages.choose_server(by(ALICE), manager=True, language=DEFAULT_LANGUAGE)
    assert await again.languages.server(by(ALICE).guild_id) is None
    third = MatchService(store, clock=Clock(), rng=random.Random(1))
    assert await third.languages.server(by(ALICE).guild_id) is None


async def test_only_a_manager_chooses_and_only_a_language_the_bot_speaks(
    service: MatchService,
) -> None:
    await refused(
        service,
        service.languages.choose_server(by(BOB), manager=False, language="de"),
        "Only someone who may manage this server",
    )
    await refused(
        service,
        service.languages.choose_server(by(BOB), manager=True, language="tlh"),
        "The bot speaks en, de, es, fr, pt_BR, ru, pl",
    )


async def test_a_persons_language_is_written_when_it_changes_and_text_boards_kept(
    service: MatchService, store: Store
) -> None:
    assert await service.languages.person(ALICE) is None
    assert not await service.languages.text_boards(ALICE)
    await service.languages.seen(ALICE, "ru")
    await service.languages.choose_text_boards(ALICE, True)
    await service.languages.seen(ALICE, "ru")  # unchanged: nothing to write
    again = MatchService(store, clock=Clock(), rng=random.Random(1))
    assert await again.languages.person(ALICE) == "ru"
    assert await again.languages.text_boards(ALICE)
    await again.languages.seen(ALICE, "pl")
    await again.languages.choose_text_boards(ALICE, False)
    third = MatchService(store, clock=Clock(), rng=random.Random(1))
    assert await third.languages.person(ALICE) == "pl"
    assert not await third.languages.text_boards(ALICE)


def _step(name: str) -> Callable[[Connection], None]:
    return migration_step("0027_languages.py", name)


def _tables(connection: Connection) -> set[str]:
    return set(inspect(connection).get_table_names())


async def test_migration_0027_goes_down_and_up(service: MatchService, store: Store) -> None:
    await service.languages.seen(ALICE, "de")
    await service.languages.choose_server(by(ALICE), manager=True, language="fr")
    async with store.engine.begin() as connection:
        await connection.run_sync(_step("downgrade"))
        tables = await connection.run_sync(_tables)
    assert not {"server_languages", "people_settings"} & tables
    async with store.engine.begin() as connection:
        await connection.run_sync(_step("upgrade"))
        tables = await connection.run_sync(_tables)
    assert {"server_languages", "people_settings"} <= tables
    fresh = MatchService(store, clock=Clock(), rng=random.Random(1))
    assert await fresh.languages.person(ALICE) is None
