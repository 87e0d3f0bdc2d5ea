"""`make messages`: extract every message of the bot into bot/i18n/messages.pot (Babel's
extractor, over the bot, render and rules folders, plus the rules' own texts: games' names,
sides, rules help), then merge it into each language's catalog (new ids untranslated, old
ones dropped). `--check` only says whether the template is up to date (a test runs it)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.adapters.commands.registry import CHOICE, listed_choices  # noqa: E402
from bot.i18n.catalogs import DOMAIN, LOCALE_DIR, LOCALES  # noqa: E402
from tools.message_keywords import KEYWORDS  # noqa: E402
from tools.rules_messages import rules_messages  # noqa: E402

TEMPLATE = ROOT / "bot" / "i18n" / "messages.pot"
FOLDERS = ("bot", "render", "rules")


def template() -> Catalog:
    catalog = Catalog(project="boardgame-bot", fuzzy=False)
    for folder in FOLDERS:
        found = extract_from_dir(
            ROOT / folder,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("i18n:",),
            strip_comment_tags=True,
        )
        for _file, _line, message, comments, context in found:
            catalog.add(message, auto_comments=comments, context=context)
    for message, comment in rules_messages():
        catalog.add(message, auto_comments=[comment] if comment else [])
    note = "a value a person picks from a slash command's list (100 characters at most)"
    for choice in listed_choices():
        catalog.add(choice, auto_comments=[note], context=CHOICE)
    return catalog


def written(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, omit_header=False, no_location=True, sort_output=True, width=100)
    return out.getvalue()


def without_date(text: bytes) -> bytes:
    return b"\n".join(line for line in text.split(b"\n") if b"POT-Creation-Date" not in line)


def main() -> int:
    fresh = written(template())
    if "--check" in sys.argv:
        old = TEMPLATE.read_bytes() if TEMPLATE.exists() else b""
        if without_date(old) != without_date(fresh):
            print("bot/i18n/messages.pot is out of date: run `make messages`")
            return 1
        return 0
    TEMPLATE.write_bytes(fresh)
    with TEMPLATE.open("rb") as pot:
        template_catalog = read_po(pot)
    for locale in LOCALES[1:]:
        path = LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.exists():
            with path.open("rb") as po:
                catalog = read_po(po, locale=locale)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=locale, project="boardgame-bot", fuzzy=False)
        catalog.update(template_catalog, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        path.write_bytes(written(catalog))
        print(f"{locale}: {sum(1 for m in catalog if m.id and not m.string)} untranslated")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
