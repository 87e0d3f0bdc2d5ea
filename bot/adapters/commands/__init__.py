"""The command layer: `registry` (every command once, declared by `@command` where its
handler is), `boards` (what the handler groups share), `playing`, `lookups` and `reviews` (the
handlers, imported here so that their commands are declared before anyone lists them),
`dispatch` (names and buttons to handlers)."""

# isort: off
# playing first: /help and Discord list the commands in the order they are declared
from bot.adapters.commands import playing as playing
from bot.adapters.commands import lookups as lookups
from bot.adapters.commands import reviews as reviews
# isort: on
