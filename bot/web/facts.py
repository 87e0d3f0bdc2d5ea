"""What the pages say beside a board, in words: a player's rating ('1500?' while provisional,
as Lichess writes it) and what the game changed it by, what kind of game it is (rated or
casual, the time per move, its days), its tournament, a judged move's note, and a
tournament's own line; the addresses of a tournament's page; where the review's chart draws
its moves, so that a click on it finds one."""

from __future__ import annotations

import base64
import hashlib
from typing import Any

from babel.numbers import format_decimal

from ai.analysis import Judged
from bot.i18n import N_, _, ngettext
from bot.service import (
    GameFacts,
    MatchView,
    SiteGame,
    SiteRating,
    TournamentView,
    duration_text,
    rating_text,
)
from bot.web import languages
from render.charts import BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH
from rules import numbered_move

#: a judged move's note, by the review's word for it
ARTICLES = {
    # i18n: a review's note: "12. 11-15? is a mistake." ({move} is the move, with its mark)
    "inaccuracy": N_("{move} is an inaccuracy"),
    "mistake": N_("{move} is a mistake"),
    "blunder": N_("{move} is a blunder"),
}


def day(at: float) -> str:
    """A day as people write it in the page's language: '26 Nov 2026' (UTC)."""
    return languages.day(at)


def rating(shown: SiteRating | None) -> dict[str, str | None]:
    """A player's rating beside their name, and what the game changed it by ('+12')."""
    if shown is None:
        return {"rating": None, "change": None}
    change = None if shown.change is None else f"{round(shown.change):+d}"
    return {"rating": rating_text(shown.rating, shown.rd), "change": change}


def about(shown: SiteGame, facts: GameFacts) -> str:
    """'Rated · 1 day per move · started 26 Nov 2026 · ended 27 Nov 2026'."""
    parts = [
        _("Rated") if facts.rated else _("Casual (unrated)"),
        # i18n: a game's time per move: "1 day per move", "3 hours per move"
        _("{time} per move").format(time=duration_text(shown.match.move_seconds)),
        # i18n: {day} is a date ("26 Nov 2026")
        _("started {day}").format(day=day(shown.started)),
    ]
    if shown.ended is not None:
        parts.append(_("ended {day}").format(day=day(shown.ended)))
    return " · ".join(parts)


def tournament_key(site_token: str, tournament_id: int) -> str:
    """A tournament's address on a server's site: unguessable without the site's, no id."""
    digest = hashlib.blake2b(
        f"tournament {tournament_id}".encode(), key=site_token.encode(), digest_size=9
    )
    return base64.urlsafe_b64encode(digest.digest()).decode()


def tournament_href(site_token: str, tournament_id: int) -> str:
    return f"/s/{site_token}/t/{tournament_key(site_token, tournament_id)}"


def tournament(shown: SiteGame, facts: GameFacts) -> dict[str, Any] | None:
    """A tournament game's event and round, with the event's page where the site shows it."""
    if facts.tournament is None:
        return None
    href = tournament_href(shown.site, facts.tournament) if facts.tournament_listed else None
    text = _("Tournament #{number}, round {round}").format(
        number=facts.tournament, round=facts.round
    )
    return {"text": text, "href": href}


def pair(match: MatchView, facts: GameFacts) -> dict[str, Any] | None:
    """The other game of a ballot pair, linked to its page."""
    if match.pair_number is None or facts.pair_token is None:
        return None
    other = 3 - match.pair_number
    # i18n: a link to the other game of a pair of games played with the same opening
    text = _("game {other} of the pair: #{pair}").format(other=other, pair=match.pair_id)
    return {"text": text, "href": f"/g/{facts.pair_token}"}


def event_about(event: TournamentView) -> str:
    """'Swiss, 5 rounds · rated · 1 day per move · round 2 of 5'."""
    kind = (
        ngettext("Swiss, {n} round", "Swiss, {n} rounds", event.rounds).format(n=event.rounds)
        if event.format == "swiss"
        else _("Round-robin (everyone meets everyone)")
    )
    if event.status == "running":
        # started, its first round not yet paired: it is before round 1, never "round 0"
        stage = _("round {round} of {rounds}").format(
            round=max(event.round, 1), rounds=event.rounds
        )
    else:
        stage = {
            # i18n: a tournament's stage
            "signup": _("open for sign-up"),
            "finished": _("over"),
            "cancelled": _("cancelled"),
        }[event.status]
    rated = _("rated") if event.rated else _("casual (unrated)")
    per_move = _("{time} per move").format(time=duration_text(event.move_seconds))
    return f"{kind} · {rated} · {per_move} · {stage}"


def number(value: float) -> str:
    """A tie-break's figure as the page's language writes it ('12.5', '12,5')."""
    return format_decimal(value, locale=languages.babel_locale())


def points(value: float) -> str:
    """'1', '½', '2½'."""
    whole, half = divmod(round(value * 2), 2)
    return f"{whole or ''}{'½' if half else ''}" or "0"


def note(judged: Judged) -> list[tuple[str, bool]]:
    """A judged move's note: what it was, and the computer's choice (the arrows' words), as
    (text, whether it is a move: never broken across lines) pairs."""
    move = f"{numbered_move(judged.ply - 1, judged.move)}{judged.mark}"
    if not judged.best:
        # i18n: a review's note ends so where the computer names no better move
        return _pieces(_("{said}.").replace("{said}", _(ARTICLES[judged.word])), move=move)
    # i18n: a review's note: {said} is "12. 11-15? is a mistake", {best} the computer's move
    text = _("{said}: the computer would play {best} (green arrow; red: the move played).")
    return _pieces(text.replace("{said}", _(ARTICLES[judged.word])), move=move, best=judged.best)


def _pieces(text: str, **moves: str) -> list[tuple[str, bool]]:
    """A sentence with {name}s for moves, as (text, whether it is a move) pairs."""
    out: list[tuple[str, bool]] = []
    rest = text
    while rest:
        found = [(rest.find("{" + name + "}"), name) for name in moves]
        found = [(at, name) for at, name in found if at >= 0]
        if not found:
            out.append((rest, False))
            break
        at, name = min(found)
        if at:
            out.append((rest[:at], False))
        out.append((moves[name], True))
        rest = rest[at + len(name) + 2 :]
    return out


def chart_frame(plies: int) -> dict[str, float]:
    """Where the review's chart draws its moves, as fractions of its picture: the first
    position at x0, the last (`plies`) at x1, between y0 (top) and y1 (bottom)."""
    return {
        "plies": plies,
        "x0": LEFT / WIDTH,
        "x1": (WIDTH - RIGHT) / WIDTH,
        "y0": TOP / HEIGHT,
        "y1": (HEIGHT - BOTTOM) / HEIGHT,
    }
