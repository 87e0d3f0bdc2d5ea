"""The site's colours meet WCAG AA: every pair that text or a control is drawn in has a
contrast of 4.5:1 at least (3:1 for the focus ring, a control's outline), computed from
site.css itself, where every colour is one of :root's variables."""

from __future__ import annotations

import re
from importlib import resources

import pytest

CSS = resources.files("bot.web").joinpath("static", "site.css").read_text(encoding="utf-8")
ROOT = CSS[CSS.index(":root") : CSS.index("}", CSS.index(":root"))]
COLOURS = dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-f]{6})", ROOT))

#: (foreground, background): each text colour on each background it is drawn on
TEXT = [
    ("text", "bg"), ("text", "panel"), ("text", "raised"), ("text", "note"),
    ("dim", "bg"), ("dim", "panel"), ("dim", "raised"),
    ("link", "bg"), ("link", "panel"), ("link", "raised"),
    ("mark", "panel"), ("mark", "note"), ("mark", "raised"),
    ("on-accent", "accent"), ("mark-on-accent", "accent"),
]  # fmt: skip
#: the focus ring against what it is drawn beside
RING = [("accent", "bg"), ("accent", "panel"), ("accent", "raised")]


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance of '#rrggbb'."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_every_colour_is_a_variable_of_root() -> None:
    outside = CSS.replace(ROOT, "")
    assert not re.findall(r"#[0-9a-fA-F]{3,8}\b", outside)
    assert {"bg", "panel", "text", "dim", "link", "accent"} <= COLOURS.keys()


def test_the_formula_against_known_values() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize(("fore", "back"), TEXT)
def test_text_meets_aa(fore: str, back: str) -> None:
    assert contrast(COLOURS[fore], COLOURS[back]) >= 4.5, (fore, back)


@pytest.mark.parametrize(("fore", "back"), RING)
def test_the_focus_ring_stands_out(fore: str, back: str) -> None:
    assert contrast(COLOURS[fore], COLOURS[back]) >= 3.0, (fore, back)
    assert ":focus-visible { outline: 3px solid var(--accent)" in CSS
