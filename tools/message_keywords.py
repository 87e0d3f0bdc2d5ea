"""The calls whose arguments Babel extracts as messages (tools/messages.py), in a module of
their own: the rules' tests read them without importing the bot."""

from __future__ import annotations

#: the calls whose arguments are messages: gettext's, the deferred Text and Texts, and the
#: slash commands' descriptions (`command(name, description)`, `Option(name, kind, description)`)
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "Text": None,
    "Texts": (1, 2),
    "command": (2,),
    "Option": (3,),
    # the rules' errors, shown to players (rules/errors.py): a template and its parameters
    "RulesError": None,
    "IllegalMove": None,
    "BadPosition": None,
    "GameOver": None,
    "UnknownGame": None,
    "Phrase": None,
    "Phrases": (1, 2),
}
