"""The site's HTML: a server's page, a game's page, a player's page. Every text from the
database is escaped; a game's state goes in as JSON for the page's script (static/site.js),
which keeps the board, the clock and the moves live."""

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
    """A game: its board, players, clock and moves; a replay once it is over."""
    players = "".join(
        f'<li data-side="{escape(p["letter"])}"><span class=side>{escape(p["side"])}</span> '
        f"{_player_link(state, p)}</li>"
        for p in state["players"]
    )
    review = (
        f"<section id=review hidden><h2>Review</h2><p id=accuracy></p>"
        f"{_chart(state) if chart else ''}</section>"
    )
    body = (
        f'<nav><a href="/s/{escape(state["server"])}">← all games</a></nav>'
        f"<h1>{escape(state['title'])}</h1>"
        f"<div class=game><div id=board class=board-box aria-live=polite>{state['board']}</div>"
        f"<div class=side-panel><ul class=players>{players}</ul>"
        f"<p id=status class=status>{escape(state['status'])}</p><p id=clock class=clock></p>"
        "<div id=replay class=replay>"
        '<button id=first title="first (Home)" aria-label=first>&laquo;</button>'
        '<button id=prev title="back (←)" aria-label=back>&lsaquo;</button>'
        "<span id=where></span>"
        '<button id=next title="forward (→)" aria-label=forward>&rsaquo;</button>'
        '<button id=last title="last (End)" aria-label=last>&raquo;</button></div>'
        f"<ol id=moves class=moves></ol>{review}</div></div>"
        f"{_json(raw.decode())}"
    )
    return _page(state["title"], body, "game")


def _player_link(state: dict[str, Any], player: dict[str, Any]) -> str:
    key = state["keys"].get(player["letter"])
    name = escape(player["name"])
    return f'<a href="/s/{escape(state["server"])}/p/{key}">{name}</a>' if key else name


def _chart(state: dict[str, Any]) -> str:
    first = escape(state["players"][0]["side"])
    return (
        f'<img class=chart src="/g/{escape(state["token"])}/chart.png" '
        f'alt="{first}\'s chance to win after each move" width=640 height=300>'
    )


def server_page(site: str, data: dict[str, Any]) -> str:
    """A server's live games (boards that move), its finished games and its leaderboards."""
    cards = "".join(_card(g) for g in data["live"]) or "<p class=empty>No game is being played.</p>"
    over = "".join(
        f'<li><a href="/g/{escape(g["token"])}">{escape(g["title"])}</a> '
        f"{escape(g['players'])} <span class=result>{escape(g['status'])}</span></li>"
        for g in data["finished"]
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
    body = (
        "<h1>Games on this server</h1>"
        f"<h2>Being played</h2><div id=live class=cards>{cards}</div>"
        f"<h2>Finished</h2><ul class=finished>{over or '<li>None yet.</li>'}</ul>"
        "<h2>Leaderboards</h2>"
        f"<div class=leaderboards>{boards or '<p>No rated game yet.</p>'}</div>"
        f"{_json({'server': site}, 'site')}"
    )
    return _page("Games on this server", body, "server")


def _card(game: dict[str, Any]) -> str:
    return (
        f'<a class=card data-token="{escape(game["token"])}" href="/g/{escape(game["token"])}">'
        f"<div class=mini>{game['board']}</div><strong>{escape(game['title'])}</strong>"
        f"<span class=who>{escape(game['players'])}</span>"
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
    recent = "".join(
        f'<li><a href="/g/{escape(g["token"])}">{escape(g["title"])}</a> {escape(g["players"])} '
        f"<span class=result>{escape(g['status'])}</span></li>"
        for g in data["recent"]
    )
    body = (
        f'<nav><a href="/s/{escape(site)}">← all games</a></nav><h1>{escape(data["name"])}</h1>'
        f"{games or '<p>No finished game yet.</p>'}"
        f"<h2>Latest games</h2><ul class=finished>{recent or '<li>None yet.</li>'}</ul>"
    )
    return _page(data["name"], body, "player")


def home_page() -> str:
    return _page(
        "Board games",
        "<h1>Board games</h1><p>Each server's games are at the address the bot gives with "
        "<code>/settings web:on</code>, and every game's page at its <em>Watch</em> button.</p>",
        "home",
    )
