"""`python -m bot`: the Discord bot's entry point (the Discord layer is not built yet)."""

import sys

MESSAGE = (
    "The Discord layer of this bot is not built yet: only the rules engine is. "
    "Try it with `python -m rules show checkers` or `python -m rules moves checkers`."
)


def main() -> int:
    print(MESSAGE, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
