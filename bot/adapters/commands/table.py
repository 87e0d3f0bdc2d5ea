"""README's commands table, made from the commands' declarations as /help is: `python -m
bot.adapters.commands.table` prints it with its markers, and README holds it between them
(tests/test_docs.py checks that the two agree)."""

from __future__ import annotations

from bot.adapters.commands.registry import COMMANDS

BEGIN = "<!-- the commands table: python -m bot.adapters.commands.table prints it -->"
END = "<!-- end of the commands table -->"


def commands_table() -> str:
    """Each command in the order /help lists them: how it is typed, what it does, where it
    works (anywhere: DMs and servers that did not add the bot too, for those who added it
    to their account; else servers that added it), an example (where it declares one);
    between BEGIN and END."""
    rows = [BEGIN, "| command | what it does | where | example |", "|---|---|---|---|"]
    for spec in COMMANDS:
        does = spec.help.replace("|", "\\|")  # a bare '|' would end the cell
        where = "servers" if spec.guild_only else "anywhere"
        example = f"`{spec.example}`" if spec.example else ""
        rows.append(f"| `{spec.usage()}` | {does} | {where} | {example} |")
    return "\n".join([*rows, END])


if __name__ == "__main__":
    print(commands_table())
