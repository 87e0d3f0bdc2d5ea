"""What the pages say beside a board, in words: a player's rating ('1500?' while provisional,
as Lichess writes it) and what the game changed it by, what kind of game it is (rated or
casual, the time per move, its days), its tournament, a judged move's note, and a
tournament's own line; the addresses of a tournament's page; where the review's chart draws
its moves, so that a click on it finds one."""

from __future__ import annotations

import base64
import hashlib
import time
from typing import Any

from ai.analysis import Judged
from bot.service import (
    GameFacts,
    MatchView,
    SiteGame,
    SiteRating,
    TournamentView,
    duration_text,
    rating_text,
)
from render.charts import BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH
from rules import counted, numbered_move

ARTICLES = {"inaccuracy": "an inaccuracy", "mistake": "a mistake", "blunder": "a blunder"}


def day(at: float) -> str:
    """A day as people write it: '26 Nov 2026' (UTC)."""
    moment = time.gmtime(at)
    return f"{moment.tm_mday} {time.strftime('%b %Y', moment)}"


def rating(shown: SiteRating | None) -> dict[str, str | None]:
    """A player's rating beside their name, and what the game changed it by ('+12')."""
    if shown is None:
        return {"rating": None, "change": None}
    change = None if shown.change is None else f"{round(shown.change):+d}"
    return {"rating": rating_text(shown.rating, shown.rd), "change": change}


def about(shown: SiteGame, facts: GameFacts) -> str:
    """'Rated · 1 day per move · started 26 Nov 2026 · ended 27 Nov 2026'."""
    parts = [
        "Rated" if facts.rated else "Casual (unrated)",
        f"{duration_text(shown.match.move_seconds)} per move",
        f"started {day(shown.started)}",
    ]
    if shown.ended is not None:
        parts.append(f"ended {day(shown.ended)}")
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
    return {"text": f"Tournament #{facts.tournament}, round {facts.round}", "href": href}


def pair(match: MatchView, facts: GameFacts) -> dict[str, Any] | None:
    """The other game of a ballot pair, linked to its page."""
    if match.pair_number is None or facts.pair_token is None:
        return None
    other = 3 - match.pair_number
    return {"text": f"game {other} of the pair: #{match.pair_id}", "href": f"/g/{facts.pair_token}"}


def event_about(event: TournamentView) -> str:
    """'Swiss, 5 rounds · rated · 1 day per move · round 2 of 5'."""
    kind = (
        f"Swiss, {counted(event.rounds, 'round')}"
        if event.format == "swiss"
        else "Round-robin (everyone meets everyone)"
    )
    stage = {
        "signup": "open for sign-up",
        # started, its first round not yet paired: it is before round 1, never "round 0"
        "running": f"round {max(event.round, 1)} of {event.rounds}",
        "finished": "over",
        "cancelled": "cancelled",
    }[event.status]
    rated = "rated" if event.rated else "casual (unrated)"
    return f"{kind} · {rated} · {duration_text(event.move_seconds)} per move · {stage}"


def points(value: float) -> str:
    """'1', '½', '2½'."""
    whole, half = divmod(round(value * 2), 2)
    return f"{whole or ''}{'½' if half else ''}" or "0"


def note(judged: Judged) -> list[tuple[str, bool]]:
    """A judged move's note: what it was, and the computer's choice (the arrows' words), as
    (text, whether it is a move: never broken across lines) pairs."""
    said = [
        (f"{numbered_move(judged.ply - 1, judged.move)}{judged.mark}", True),
        (f" is {ARTICLES[judged.word]}", False),
    ]
    if not judged.best:
        return [*said, (".", False)]
    return [
        *said,
        (": the computer would play ", False),
        (judged.best, True),
        (" (green arrow; red: the move played).", False),
    ]


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
