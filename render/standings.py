"""A tournament's standings as a small PNG table: place, player, points, the tie-breaks
(Sonneborn-Berger, Buchholz) and games left; at most SHOWN lines, then the reader's own line
if it is further down, set apart; under the table, a legend of its columns."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .theme import BACKGROUND, LABEL, RGB, STATUS_BAR, STATUS_TEXT, WIN, font, mix
from .words import ENGLISH, N_, Words

SHOWN = 25
WIDTH = 640
ROW, HEAD, MARGIN = 28, 64, 16
#: column: (title, right edge or left edge, anchor); the titles marked N_, translated where
#: drawn ('#' is not a word)
COLUMNS = (
    ("#", 52, "rm"),
    # i18n: a column of a tournament's standings picture: the player's name (short)
    (N_("player"), 64, "lm"),
    # i18n: a column of the standings picture: a player's points (short)
    (N_("points"), 404, "rm"),
    # i18n: a column of the standings picture: Sonneborn-Berger, a tie-break (abbreviated)
    (N_("SB"), 484, "rm"),
    # i18n: a column of the standings picture: Buchholz, a tie-break (a name: short)
    (N_("Buchholz"), 564, "rm"),
    # i18n: a column of the standings picture: how many games a player has still to play
    (N_("left"), 624, "rm"),
)
#: the widest a column's title is drawn (the columns of numbers are 80 pixels apart)
HEADING_ROOM = 74
#: what the columns mean, under the table (a half point written 0.5, as the table writes
#: it); each line is wrapped to the picture's width
LEGEND = (
    # i18n: under the standings picture (one line of about 75 characters or so): what the
    # columns mean; "SB" and "Buchholz" as the columns' titles say them
    N_("points: a win 1, a draw 0.5, a bye 1; ties are broken by SB, then Buchholz"),
    # i18n: under the standings picture: the Sonneborn-Berger tie-break explained
    N_("SB (Sonneborn-Berger): each opponent's points times your score against them"),
    # i18n: under the standings picture: the Buchholz tie-break and the "left" column
    N_("Buchholz: your opponents' points added up · left: games still to play"),
)
LEGEND_LINE = 21  # its text as large as the table's
STRIPE: RGB = mix(BACKGROUND, STATUS_BAR, 0.6)
MINE: RGB = mix(BACKGROUND, WIN, 0.45)


@dataclass(frozen=True)
class Line:
    """A player's line; the numbers may come as text, formatted for the reader's language
    ('2,5')."""

    rank: int
    name: str
    points: float | str
    sonneborn_berger: float | str
    buchholz: float | str
    left: int | str
    withdrawn: bool = False


def _number(value: float | str) -> str:
    """'3', '2.5', '0.5' (a text, formatted by the caller, as it is)."""
    return value if isinstance(value, str) else f"{value:g}"


def _wrapped(text: str, width: float, size: int) -> list[str]:
    """`text` in lines at most `width` pixels wide (at font size `size`), broken at spaces."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and font(size).getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _fitted(text: str, width: float, size: int) -> str:
    """`text` cut with '…' to at most `width` pixels at font size `size`."""
    if font(size).getlength(text) <= width:
        return text
    while text and font(size).getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def standings_png(
    title: str, lines: Sequence[Line], mine: int | None = None, words: Words = ENGLISH
) -> bytes:
    """The table: the first SHOWN lines; the reader's line (`mine`: their rank) highlighted,
    and added after a gap when it is not among them. `title` comes worded; the columns and
    the legend in `words`' language."""
    _ = words.gettext
    shown = list(lines[:SHOWN])
    extra = [line for line in lines[SHOWN:] if line.rank == mine]
    table = HEAD + ROW * (len(shown) + (len(extra) and len(extra) + 1))
    legend = [row for text in LEGEND for row in _wrapped(_(text), WIDTH - 2 * MARGIN, 16)]
    height = table + MARGIN // 2 + LEGEND_LINE * len(legend) + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, 12), _fitted(title[:60], WIDTH - 2 * MARGIN, 20), fill=STATUS_TEXT,
              font=font(20))  # fmt: skip
    before = 0  # the previous column's edge
    for name, x, anchor in COLUMNS:
        # a column's title in another language may be longer: smaller, then cut, to fit
        right = anchor.startswith("r")
        room, before = min(HEADING_ROOM, x - before - 8) if right else HEADING_ROOM, x
        heading, size = _(name) if name != "#" else name, 14
        while size > 10 and font(size).getlength(heading) > room:
            size -= 1
        heading = _fitted(heading, room, size)
        draw.text((x, HEAD - 12), heading, fill=LABEL, font=font(size), anchor=anchor)
    rows = [*shown, *([None] if extra else []), *extra]
    for n, line in enumerate(rows):
        top = HEAD + n * ROW
        if line is None:
            draw.text((WIDTH // 2, top + ROW // 2), "…", fill=LABEL, font=font(16), anchor="mm")
            continue
        fill = MINE if line.rank == mine else STRIPE if n % 2 == 0 else BACKGROUND
        draw.rectangle((MARGIN // 2, top, WIDTH - MARGIN // 2, top + ROW - 1), fill=fill)
        name = line.name if len(line.name) <= 28 else line.name[:27] + "…"
        if line.withdrawn:
            # i18n: the standings picture: a player who withdrew from a tournament, {name}
            # their name
            name = _("{name} (withdrew)").format(name=name)
        cells = (
            str(line.rank), name,
            _number(line.points), _number(line.sonneborn_berger), _number(line.buchholz),
            _number(line.left),
        )  # fmt: skip
        for text, (_title, x, anchor) in zip(cells, COLUMNS, strict=True):
            ink = LABEL if line.withdrawn else STATUS_TEXT
            draw.text((x, top + ROW // 2), text, fill=ink, font=font(16), anchor=anchor)
    for n, row in enumerate(legend):
        at = table + MARGIN // 2 + n * LEGEND_LINE
        draw.text((MARGIN, at), row, fill=LABEL, font=font(16))
    out = io.BytesIO()
    image.quantize(colors=64, method=Image.Quantize.FASTOCTREE).save(out, "PNG")
    return out.getvalue()
