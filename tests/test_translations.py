"""The shipped catalogs: every message of the template translated in every language (or
listed as a deliberate fallback to English), with Babel's checks passing, every placeholder,
`code` span, **bold** and /command kept, the right number of plural forms, and the template
itself made from the code as it is now (`make messages`)."""

from __future__ import annotations

import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from bot.i18n import LOCALES, speaking, translations
from bot.i18n.catalogs import LOCALE_DIR

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "bot" / "i18n" / "messages.pot"
#: messages left English on purpose, one a line (none yet: every message is translated)
FALLBACK = ROOT / "bot" / "i18n" / "english-only.txt"

PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}")
CODE = re.compile(r"`[^`]*`")
COMMAND = re.compile(r"(?<![\w/<])/[a-z]+")
#: Discord's limit on a button's label (its OpenAPI document: ButtonComponent label)
LABEL_MOST = 80


@cache
def catalog(locale: str) -> Catalog:
    path = LOCALE_DIR / locale / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as po:
        return read_po(po, locale=locale)


@cache
def template() -> Catalog:
    with TEMPLATE.open("rb") as pot:
        return read_po(pot)


def english_only() -> set[str]:
    if not FALLBACK.exists():
        return set()
    return {line for line in FALLBACK.read_text().splitlines() if line.strip()}


def forms(message: Message) -> list[str]:
    string = message.string
    return list(string) if isinstance(string, list | tuple) else [string or ""]


def source(message: Message) -> str:
    return message.id[0] if isinstance(message.id, list | tuple) else message.id


def test_the_template_is_made_from_the_code_as_it_is() -> None:
    done = subprocess.run(
        [sys.executable, "tools/messages.py", "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("locale", LOCALES[1:])
def test_every_message_is_translated_or_a_listed_fallback(locale: str) -> None:
    shipped = catalog(locale)
    missing = [
        source(m)[:60]
        for m in template()
        if m.id
        and source(m) not in english_only()
        and not all(forms(shipped.get(m.id, m.context) or m))
    ]
    assert not missing, f"{locale}: {len(missing)} untranslated, e.g. {missing[:5]}"


@pytest.mark.parametrize("locale", LOCALES[1:])
def test_babels_checks_and_our_markup_hold_in_every_translation(locale: str) -> None:
    shipped = catalog(locale)
    found = [f"{source(m)[:50]!r}: {e}" for m, errors in shipped.check() for e in errors]
    for message in shipped:
        if not message.id or not all(forms(message)):
            continue
        ids = message.id if isinstance(message.id, list | tuple) else (message.id,)
        if isinstance(message.id, list | tuple) and len(forms(message)) != shipped.num_plurals:
            found.append(f"{ids[0][:50]!r}: {len(forms(message))} plural forms")
        wanted = set(PLACEHOLDER.findall(" ".join(ids)))
        for text in forms(message):
            got = set(PLACEHOLDER.findall(text))
            # a plural form may say its number in words ("один ход"): {n} may be left out
            if got - wanted or (wanted - {"{n}"}) - got:
                found.append(f"{ids[0][:50]!r}: placeholders {got} for {wanted}")
            for name, pattern in (("code", CODE), ("/command", COMMAND)):
                if set(pattern.findall(ids[0])) != set(pattern.findall(text)):
                    found.append(f"{ids[0][:50]!r}: its {name} changed: {text[:80]!r}")
            if ids[0].count("**") != text.count("**"):
                found.append(f"{ids[0][:50]!r}: its **bold** changed")
            if "button label" in " ".join(message.auto_comments) and len(text) > LABEL_MOST:
                found.append(f"{ids[0][:50]!r}: a label of {len(text)} characters")
    assert not found, f"{locale}: " + "\n".join(found[:20])


@pytest.mark.parametrize("locale", LOCALES[1:])
def test_plural_forms_follow_the_language(locale: str) -> None:
    """Russian and Polish say 1, 2 and 5 moves three ways; the others two."""
    with speaking(locale):
        said = {translations(locale).ngettext("{n} move", "{n} moves", n) for n in (1, 2, 5)}
    assert len(said) == (3 if locale in ("ru", "pl") else 2), said
