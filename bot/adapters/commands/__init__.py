"""The command layer: `registry` (every command once, declared by `@command` where its
handler is), `group` (what every handler group shares), `boards` (board messages, for the
groups that post them), the handler groups (`playing`, `standings`, `reviews`, `puzzles`,
`tournaments`, `lookups` and `site`, imported here so that their commands are declared
before anyone lists them), `dispatch` (the Dispatcher: names and buttons to handlers)."""

# isort: off
# playing first: /help and Discord list the commands in the order they are declared
from bot.adapters.commands import playing as playing
from bot.adapters.commands import standings as standings
from bot.adapters.commands import reviews as reviews
from bot.adapters.commands import puzzles as puzzles
from bot.adapters.commands import tournaments as tournaments
from bot.adapters.commands import lookups as lookups
from bot.adapters.commands import site as site
# isort: on
