"""The site's HTML: a server's page, a game's page, a tournament's page, a player's page.
Every text from the database is escaped; a game's state goes in as JSON for the page's
script (static/site.js), which keeps the board, the clock and the moves live."""

from __future__ import annotations

import json
from html import escape
from typing import Any


def _page(title: str, body: str, kind: str) -> str:
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        '<meta name=robots content="noindex, nofollow">'
        f"<title>{escape(title)}</title>"
        '<link rel=icon type="image/png" href="/favicon.ico">'
        '<link rel=stylesheet href="/static/site.css">'
        '<script defer src="/static/site.js"></script>'
        f'</head><body data-page="{kind}"><main>{body}</main></body></html>'
    )


def _json(data: Any, element: str = "state") -> str:
    """Data for the page's script, safe inside <script> (no '</' can end it early)."""
    text = data if isinstance(data, str) else json.dumps(data, separators=(",", ":"))
    safe = text.replace("</", "<\\/")
    return f'<script type="application/json" id="{element}">{safe}</script>'


def _record(wins: int, draws: int, losses: int) -> str:
    return f"{wins} won · {draws} drawn · {losses} lost"


def game_page(state: dict[str, Any], raw: bytes, chart: bool) -> str:
    """A game: its board, players (with their ratings), what kind of game it is, the clock
    and the moves, its downloads; a replay once it is over, and its review once made."""
    server = state["server"]
    players = "".join(
        f'<li data-side="{escape(p["letter"])}"><span class=side>{escape(p["side"])}</span> '
        f"{_person(server, p)} <span class=rating>{escape(p['rating'] or '')}</span> "
        f"<span class=change>{escape(p['change'] or '')}</span></li>"
        for p in state["players"]
    )
    review = (
        f"<section id=review hidden><h2>Review</h2><p id=accuracy></p>"
        f"{_chart(state) if chart else ''}</section>"
    )
    linked = [link for link in (state["tournament"], state["pair"]) if link]
    terms = [escape(state["terms"])] if state["terms"] else []
    about = " · ".join(
        [escape(state["about"]), *terms, *(_link(link["href"], link["text"]) for link in linked)]
    )
    token = escape(state["token"])
    body = (
        f'<nav><a href="/s/{escape(server)}">← {escape(state["server_name"] or "all games")}</a>'
        "</nav>"
        f"<h1>{escape(state['title'])}</h1><p class=about>{about}</p>"
        f"<div class=game><div id=board class=board-box aria-live=polite>{state['board']}</div>"
        f"<div class=side-panel><ul class=players>{players}</ul>"
        f"<p id=status class=status>{escape(state['status'])}</p><p id=clock class=clock></p>"
        "<div id=replay class=replay>"
        '<button id=first title="first (Home)" aria-label=first>&laquo;</button>'
        '<button id=prev title="back (←)" aria-label=back>&lsaquo;</button>'
        "<span id=where></span>"
        '<button id=next title="forward (→)" aria-label=forward>&rsaquo;</button>'
        '<button id=last title="last (End)" aria-label=last>&raquo;</button></div>'
        "<p id=note class=note hidden></p>"
        f"<ol id=moves class=moves></ol>{review}"
        f'<p class=downloads>Download: <a href="/g/{token}/moves" download>moves '
        f'({escape(state["record_kind"])})</a> · <a href="/g/{token}/replay.gif" download>'
        "replay (GIF)</a></p></div></div>"
        f"{_json(raw.decode())}"
    )
    return _page(state["title"], body, "game")


def _link(href: str | None, text: str) -> str:
    return f'<a href="{escape(href)}">{escape(text)}</a>' if href else escape(text)


def _person(server: str, person: dict[str, Any]) -> str:
    """Someone by name, linked to their page where they have one."""
    key = person.get("key")
    return _link(f"/s/{server}/p/{key}" if key else None, person["name"])


def _players(server: str, game: dict[str, Any]) -> str:
    """'Ann (Black) – Ben (White)', each name linked to its page."""
    return " – ".join(
        _person(server, p) + (f" ({escape(p['side'])})" if "side" in p else "")
        for p in game["players"]
    )


def _game_line(server: str, game: dict[str, Any]) -> str:
    """A game in a list: its page, its players, its result and its day."""
    title = _link(f"/g/{game['token']}", game["title"]) + " " if "token" in game else ""
    day = f" <span class=day>{escape(game['day'])}</span>" if "day" in game else ""
    return (
        f"<li>{title}{_players(server, game)} · "
        f"<span class=result>{escape(game['status'])}</span>{day}</li>"
    )


def _chart(state: dict[str, Any]) -> str:
    chance = escape(state["review"]["chance"])
    return (
        f'<div id=chart class=chart-box><img class=chart src="/g/{escape(state["token"])}'
        f'/chart.png" alt="{chance} after each move: click to go to a move" '
        "width=640 height=300><div id=cursor class=cursor hidden></div></div>"
    )


def server_page(site: str, data: dict[str, Any]) -> str:
    """A server's live games (boards that move), its finished games and its leaderboards."""
    cards = "".join(_card(g) for g in data["live"]) or "<p class=empty>No game is being played.</p>"
    over = "".join(_game_line(site, g) for g in data["finished"])
    events = "".join(
        f"<li>{_link(t['href'], t['title'])} <span class=result>{escape(t['about'])}</span></li>"
        for t in data["tournaments"]
    )
    boards = "".join(
        f"<section class=leaders><h3>{escape(game)}</h3><table><tr><th>#</th><th>Player</th>"
        "<th>Rating</th><th>Games</th></tr>"
        + "".join(
            f'<tr><td>{r["rank"]}</td><td><a href="/s/{escape(site)}/p/{r["key"]}">'
            f"{escape(r['name'])}</a></td><td>{r['rating']}</td><td>{r['games']}</td></tr>"
            for r in rows
        )
        + "</table></section>"
        for game, rows in data["leaders"].items()
    )
    title = f"Games on {data['name']}" if data["name"] else "Games on this server"
    body = (
        f"<h1>{escape(title)}</h1>"
        f"<h2>Being played</h2><div id=live class=cards>{cards}</div>"
        f"<h2>Finished</h2><ul class=finished>{over or '<li>None yet.</li>'}</ul>"
        + (f"<h2>Tournaments</h2><ul class=finished>{events}</ul>" if events else "")
        + "<h2>Leaderboards</h2>"
        f"<div class=leaderboards>{boards or '<p>No rated game yet.</p>'}</div>"
        f"{_json({'server': site}, 'site')}"
    )
    return _page(title, body, "server")


def _card(game: dict[str, Any]) -> str:
    return (
        f'<a class=card data-token="{escape(game["token"])}" href="/g/{escape(game["token"])}">'
        f"<div class=mini>{game['board']}</div><strong>{escape(game['title'])}</strong>"
        f"<span class=who>{escape(game['who'])}</span>"
        f"<span class=status>{escape(game['status'])}</span></a>"
    )


def player_page(site: str, key: str, data: dict[str, Any]) -> str:
    """A player on one server: rating charts, record per game and side, latest games."""
    games = "".join(
        f"<section class=record><h3>{escape(g['game'])}</h3>"
        + (f"<p>Rating {g['rating']}</p>" if g["rating"] is not None else "")
        + f"<p>{_record(*g['record'])} against people</p><ul>"
        + "".join(f"<li>As {escape(s)}: {_record(*r)}</li>" for s, r in g["sides"].items())
        + "</ul>"
        + (
            f'<img class=chart src="/s/{escape(site)}/p/{key}/rating/{g["id"]}.png" '
            f'alt="rating after each rated game" width=640 height=300>'
            if g["chart"]
            else ""
        )
        + "</section>"
        for g in data["games"]
    )
    recent = "".join(_game_line(site, g) for g in data["recent"])
    body = (
        f'<nav><a href="/s/{escape(site)}">← all games</a></nav><h1>{escape(data["name"])}</h1>'
        f"{games or '<p>No finished game yet.</p>'}"
        f"<h2>Latest games</h2><ul class=finished>{recent or '<li>None yet.</li>'}</ul>"
    )
    return _page(data["name"], body, "player")


def tournament_page(site: str, data: dict[str, Any]) -> str:
    """A tournament: what it is, its standings (players linked to their pages), and each
    round's games (linked to theirs), byes and forfeits."""
    rows = "".join(
        f"<tr><td>{s['rank']}</td><td>{_person(site, s)}"
        + (" <span class=result>(withdrew)</span>" if s["withdrawn"] else "")
        + f"</td><td>{s['points']}</td><td>{s['sb']}</td><td>{s['buchholz']}</td>"
        f"<td>{s['left']}</td></tr>"
        for s in data["standings"]
    )
    rounds = "".join(
        f"<h3>Round {r['number']}</h3><ul class=finished>"
        + "".join(_game_line(site, g) for g in r["games"])
        + "</ul>"
        for r in data["rounds"]
    )
    body = (
        f'<nav><a href="/s/{escape(site)}">← {escape(data["server_name"] or "all games")}</a>'
        f"</nav><h1>{escape(data['title'])}</h1><p class=about>{escape(data['about'])}</p>"
        "<h2>Standings</h2><div class=table-box><table class=standings><tr><th>#</th>"
        '<th>Player</th><th>Points</th><th title="Sonneborn-Berger">SB</th>'
        "<th>Buchholz</th><th>Left</th></tr>"
        f"{rows}</table></div><p class=legend>Ties are broken by SB (Sonneborn-Berger: each "
        "opponent's points, times what was scored against them), then Buchholz (the "
        "opponents' points); Left: games still to play.</p>"
        f"<h2>Rounds</h2>{rounds or '<p>No round has begun.</p>'}"
    )
    return _page(data["title"], body, "tournament")


def home_page() -> str:
    return _page(
        "Board games",
        "<h1>Board games</h1><p>Each server's games are at the address the bot gives with "
        "<code>/settings web:on</code>, and every game's page at its <em>Watch</em> button.</p>",
        "home",
    )
