"""Small catalogs of a test's own, in place of the shipped ones (which a translator may
change): `use_catalogs(monkeypatch, {"de": {"Accept": "Annehmen", ("{n} move", "{n} moves"):
("{n} Zug", "{n} Züge")}})`; a language not given reads English."""

from __future__ import annotations

import gettext
import io
from collections.abc import Mapping
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from bot.i18n import LOCALES, catalogs

#: English -> translation; a plural as (singular, plural) -> its forms
Entries = Mapping[Any, Any]


def compiled(locale: str, entries: Entries) -> gettext.GNUTranslations:
    """A catalog of `entries` (English -> translation; a plural as a pair -> its forms)."""
    catalog = Catalog(locale=locale)
    for english, translated in entries.items():
        catalog.add(english, translated)
    mo = io.BytesIO()
    write_mo(mo, catalog)
    mo.seek(0)
    return gettext.GNUTranslations(mo)


def use_catalogs(
    monkeypatch: pytest.MonkeyPatch,
    languages: Mapping[str, Entries | gettext.NullTranslations],
) -> None:
    """Every language reads these entries, or this catalog (English where it has none),
    while the test runs."""
    loaded: dict[str, gettext.NullTranslations] = {}
    for locale in LOCALES:
        given = languages.get(locale, {})
        loaded[locale] = (
            given if isinstance(given, gettext.NullTranslations) else compiled(locale, given)
        )
    monkeypatch.setattr(catalogs, "LOADED", loaded)
