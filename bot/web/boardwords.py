"""A board's words for a screen reader: its SVG's aria-label (the position in words, as a
board's alt text says it on Discord: bot.i18n.position_words)."""

from __future__ import annotations

from html import escape


def labelled(svg: str, label: str) -> str:
    """The board's SVG with its words (the SVG is render's: its root says role="img")."""
    attribute = f' aria-label="{escape(label)}"'
    if 'role="img"' in svg[:300]:
        return svg.replace('role="img"', 'role="img"' + attribute, 1)
    return svg.replace("<svg ", '<svg role="img"' + attribute + " ", 1)
