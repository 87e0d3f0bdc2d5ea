"""A tournament's standings as a small PNG table: place, player, points, the tie-breaks
(Sonneborn-Berger, Buchholz) and games left; at most SHOWN lines, then the reader's own line
if it is further down, set apart; under the table, a legend of its columns."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .theme import BACKGROUND, LABEL, RGB, STATUS_BAR, STATUS_TEXT, WIN, font, mix

SHOWN = 25
WIDTH = 640
ROW, HEAD, MARGIN = 28, 64, 16
#: column: (title, right edge or left edge, anchor)
COLUMNS = (("#", 52, "rm"), ("player", 64, "lm"), ("points", 404, "rm"),
           ("SB", 484, "rm"), ("Buchholz", 564, "rm"), ("left", 624, "rm"))  # fmt: skip
#: what the columns mean, under the table (Pillow's bundled font has no '½')
LEGEND = (
    "points: a win 1, a draw 0.5, a bye 1; ties are broken by SB, then Buchholz",
    "SB (Sonneborn-Berger): each opponent's points times your score against them",
    "Buchholz: your opponents' points added up · left: games still to play",
)
LEGEND_LINE = 21  # its text as large as the table's
STRIPE: RGB = mix(BACKGROUND, STATUS_BAR, 0.6)
MINE: RGB = mix(BACKGROUND, WIN, 0.45)


@dataclass(frozen=True)
class Line:
    rank: int
    name: str
    points: float
    sonneborn_berger: float
    buchholz: float
    left: int
    withdrawn: bool = False


def _number(value: float) -> str:
    """'3', '2.5', '0.5' (Pillow's bundled font has no '½')."""
    return f"{value:g}"


def standings_png(title: str, lines: Sequence[Line], mine: int | None = None) -> bytes:
    """The table: the first SHOWN lines; the reader's line (`mine`: their rank) highlighted,
    and added after a gap when it is not among them."""
    shown = list(lines[:SHOWN])
    extra = [line for line in lines[SHOWN:] if line.rank == mine]
    table = HEAD + ROW * (len(shown) + (len(extra) and len(extra) + 1))
    height = table + MARGIN // 2 + LEGEND_LINE * len(LEGEND) + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, 12), title[:60], fill=STATUS_TEXT, font=font(20))
    for name, x, anchor in COLUMNS:
        draw.text((x, HEAD - 12), name, fill=LABEL, font=font(14), anchor=anchor)
    rows = [*shown, *([None] if extra else []), *extra]
    for n, line in enumerate(rows):
        top = HEAD + n * ROW
        if line is None:
            draw.text((WIDTH // 2, top + ROW // 2), "…", fill=LABEL, font=font(16), anchor="mm")
            continue
        fill = MINE if line.rank == mine else STRIPE if n % 2 == 0 else BACKGROUND
        draw.rectangle((MARGIN // 2, top, WIDTH - MARGIN // 2, top + ROW - 1), fill=fill)
        name = line.name if len(line.name) <= 28 else line.name[:27] + "…"
        cells = (
            str(line.rank), name + (" (withdrew)" if line.withdrawn else ""),
            _number(line.points), _number(line.sonneborn_berger), _number(line.buchholz),
            str(line.left),
        )  # fmt: skip
        for text, (_, x, anchor) in zip(cells, COLUMNS, strict=True):
            ink = LABEL if line.withdrawn else STATUS_TEXT
            draw.text((x, top + ROW // 2), text, fill=ink, font=font(16), anchor=anchor)
    for n, words in enumerate(LEGEND):
        at = table + MARGIN // 2 + n * LEGEND_LINE
        draw.text((MARGIN, at), words, fill=LABEL, font=font(16))
    out = io.BytesIO()
    image.quantize(colors=64, method=Image.Quantize.FASTOCTREE).save(out, "PNG")
    return out.getvalue()
