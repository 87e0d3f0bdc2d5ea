"""The site's HTML: a server's page, a game's page, a tournament's page, a player's page, in
the language spoken now (bot.i18n: the route sets it). Every text from the database is
escaped; a game's state goes in as JSON for the page's script (static/site.js), which keeps
the board, the clock and the moves live, with the words it shows (WORDS) translated here."""

from __future__ import annotations

import json
from html import escape
from typing import Any

from bot.i18n import _, pgettext
from bot.web.languages import html_lang


def _page(title: str, body: str, kind: str) -> str:
    return (
        f"<!doctype html><html lang={html_lang()}><head><meta charset=utf-8>"
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


def words() -> dict[str, str]:
    """The words the game page's script shows, in the page's language ({name}s it fills)."""
    return {
        # i18n: the replay's place at the start of a game: {moves} is "40 moves"
        "start": _("start ({moves})"),
        # i18n: the replay's place: {move} is "12. 11-15", "12… 22-18"
        "at": _("{move} (move {number} of {total})"),
        # i18n: a review's accuracy per side: {sides} is "Black 91%, White 84%"
        "accuracy": _("Accuracy: {sides}"),
        # i18n: one side's accuracy in a review: "Black 91%"
        "side_accuracy": _("{side} {percent}%"),
        # i18n: the clock: whose move it is, and their time left ({time}: "3 h 12 min")
        "to_move_left": _("{name} to move: {time} left"),
        "to_move": _("{name} to move"),
        # i18n: time left, short units: days and hours
        "days": _("{d} d {h} h"),
        # i18n: time left, short units: hours and minutes
        "hours": _("{h} h {m} min"),
        # i18n: time left, short units: minutes and seconds
        "minutes": _("{m} min {s} s"),
        # i18n: time left, short units: seconds
        "seconds": _("{s} s"),
        # i18n: a move in the list of moves, for a screen reader: "Go to move 12. 11-15"
        "go_to": _("Go to move {move}"),
    }


def _record(wins: int, draws: int, losses: int) -> str:
    # i18n: a player's record: "3 won · 1 drawn · 2 lost"
    return _("{wins} won · {draws} drawn · {losses} lost").format(
        wins=wins, draws=draws, losses=losses
    )


def _button(element: str, label: str, key: str, shown: str, sign: str) -> str:
    """A replay button: its sign, its name (said by a screen reader), its key (as the
    browser names it, and as the keyboard shows it)."""
    # i18n: a replay button's tooltip: its name and its key ("first (Home)")
    title = _("{name} ({key})").format(name=label, key=shown)
    return (
        f'<button type=button id={element} title="{escape(title)}" '
        f'aria-label="{escape(label)}" aria-keyshortcuts={key}>{sign}</button>'
    )


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
    heading = escape(_("Review"))
    review = (
        f"<section id=review hidden><h2>{heading}</h2><p id=accuracy></p>"
        f"{_chart(state) if chart else ''}</section>"
    )
    linked = [link for link in (state["tournament"], state["pair"]) if link]
    terms = [escape(state["terms"])] if state["terms"] else []
    about = " · ".join(
        [escape(state["about"]), *terms, *(_link(link["href"], link["text"]) for link in linked)]
    )
    token = escape(state["token"])
    # i18n: the download links under a game: {moves} and {replay} are links
    sentence = _("Download: {moves} · {replay}")
    # i18n: a download link: the game's moves as a file of this kind ("PDN", "text")
    moves = escape(_("moves ({kind})").format(kind=state["record_kind"]))
    # i18n: a download link: the game as an animated picture
    replay = escape(_("replay (GIF)"))
    downloads = escape(sentence).format(
        moves=f'<a href="/g/{token}/moves" download>{moves}</a>',
        replay=f'<a href="/g/{token}/replay.gif" download>{replay}</a>',
    )
    # i18n: the name of the group of replay buttons, for a screen reader
    group = escape(_("Replay"))
    # i18n: the name of the list of a game's moves, for a screen reader
    listed = escape(_("Moves"))
    back = state["server_name"] or _("all games")
    # i18n: the keyboard key Home, named as keyboards in your language label it (German
    # "Pos1"): a replay button's tooltip names the key that works it
    home = pgettext("a keyboard key", "Home")
    # i18n: the keyboard key End, named as keyboards in your language label it (German "Ende")
    end = pgettext("a keyboard key", "End")
    body = (
        f'<nav><a href="/s/{escape(server)}">← {escape(back)}</a></nav>'
        f"<h1>{escape(state['title'])}</h1><p class=about>{about}</p>"
        f"<div class=game><div id=board class=board-box>{state['board']}</div>"
        f"<div class=side-panel><ul class=players>{players}</ul>"
        f"<p id=status class=status aria-live=polite>{escape(state['status'])}</p>"
        "<p id=clock class=clock></p>"
        f'<div id=replay class=replay role=group aria-label="{group}">'
        # i18n: replay buttons' names: to the first move, one back, one forward, the last
        + _button("first", _("first"), "Home", home, "&laquo;")
        + _button("prev", _("back"), "ArrowLeft", "←", "&lsaquo;")
        + "<span id=where aria-live=polite aria-atomic=true></span>"
        + _button("next", _("forward"), "ArrowRight", "→", "&rsaquo;")
        + _button("last", _("last"), "End", end, "&raquo;")
        + "</div><p id=note class=note hidden aria-live=polite></p>"
        f'<ol id=moves class=moves aria-label="{listed}"></ol>{review}'
        f"<p class=downloads>{downloads}</p></div></div>"
        f"{_json(raw.decode())}{_json(words(), 'words')}"
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
        escape(_("{player} ({side})")).format(player=_person(server, p), side=escape(p["side"]))
        if "side" in p
        else _person(server, p)
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
    # i18n: the review chart's description: {chance} is "Black's chance to win"
    alt = _("{chance} after each move: click to go to a move").format(
        chance=state["review"]["chance"]
    )
    return (
        f'<div id=chart class=chart-box><img class=chart src="/g/{escape(state["token"])}'
        f'/chart.png" alt="{escape(alt)}" '
        "width=640 height=300><div id=cursor class=cursor hidden></div></div>"
    )


def server_page(site: str, data: dict[str, Any]) -> str:
    """A server's live games (boards that move), its finished games and its leaderboards."""
    nothing = escape(_("No game is being played."))
    cards = "".join(_card(g) for g in data["live"]) or f"<p class=empty>{nothing}</p>"
    over = "".join(_game_line(site, g) for g in data["finished"])
    events = "".join(
        f"<li>{_link(t['href'], t['title'])} <span class=result>{escape(t['about'])}</span></li>"
        for t in data["tournaments"]
    )
    head = "".join(
        f"<th>{escape(text)}</th>"
        # i18n: a leaderboard's columns: its rank, the player, their rating, games played
        for text in ("#", _("Player"), _("Rating"), _("Games"))
    )
    boards = "".join(
        f"<section class=leaders><h3>{escape(game)}</h3><table><tr>{head}</tr>"
        + "".join(
            f'<tr><td>{r["rank"]}</td><td><a href="/s/{escape(site)}/p/{r["key"]}">'
            f"{escape(r['name'])}</a></td><td>{r['rating']}</td><td>{r['games']}</td></tr>"
            for r in rows
        )
        + "</table></section>"
        for game, rows in data["leaders"].items()
    )
    title = (
        # i18n: a server's page's title: {server} is its name
        _("Games on {server}").format(server=data["name"])
        if data["name"]
        else _("Games on this server")
    )
    none_yet = escape(_("None yet."))
    no_rated = escape(_("No rated game yet."))
    # i18n: a server page's headings: its games in progress, finished, its tournaments...
    playing, finished = escape(_("Being played")), escape(_("Finished"))
    tournaments, leaderboards = escape(_("Tournaments")), escape(_("Leaderboards"))
    body = (
        f"<h1>{escape(title)}</h1>"
        f"<h2>{playing}</h2><div id=live class=cards>{cards}</div>"
        f"<h2>{finished}</h2>"
        f"<ul class=finished>{over or f'<li>{none_yet}</li>'}</ul>"
        + (f"<h2>{tournaments}</h2><ul class=finished>{events}</ul>" if events else "")
        + f"<h2>{leaderboards}</h2>"
        f"<div class=leaderboards>{boards or f'<p>{no_rated}</p>'}</div>"
        f"{_json({'server': site}, 'site')}"
    )
    return _page(title, body, "server")


def _card(game: dict[str, Any]) -> str:
    return (
        f'<a class=card data-token="{escape(game["token"])}" href="/g/{escape(game["token"])}">'
        f"<div class=mini aria-hidden=true>{game['board']}</div>"
        f"<strong>{escape(game['title'])}</strong>"
        f"<span class=who>{escape(game['who'])}</span>"
        f"<span class=status>{escape(game['status'])}</span></a>"
    )


def _game_record(site: str, key: str, game: dict[str, Any]) -> str:
    """A player's record in one game: rating, results against people and with each side,
    and their rating's chart."""
    parts = [f"<section class=record><h3>{escape(game['game'])}</h3>"]
    if game["rating"] is not None:
        rating = _("Rating {rating}").format(rating=game["rating"])
        parts.append(f"<p>{escape(rating)}</p>")
    # i18n: {record} is "3 won · 1 drawn · 2 lost"
    against = _("{record} against people").format(record=_record(*game["record"]))
    parts.append(f"<p>{escape(against)}</p><ul>")
    for side, results in game["sides"].items():
        # i18n: a player's record with one side: {side} is "Black", {record} as above
        said = _("As {side}: {record}").format(side=side, record=_record(*results))
        parts.append(f"<li>{escape(said)}</li>")
    parts.append("</ul>")
    if game["chart"]:
        alt = escape(_("rating after each rated game"))
        parts.append(
            f'<img class=chart src="/s/{escape(site)}/p/{key}/rating/{game["id"]}.png" '
            f'alt="{alt}" width=640 height=300>'
        )
    return "".join(parts) + "</section>"


def player_page(site: str, key: str, data: dict[str, Any]) -> str:
    """A player on one server: rating charts, record per game and side, latest games."""
    games = "".join(_game_record(site, key, g) for g in data["games"])
    recent = "".join(_game_line(site, g) for g in data["recent"])
    none_yet, back = escape(_("None yet.")), escape(_("all games"))
    no_game, latest = escape(_("No finished game yet.")), escape(_("Latest games"))
    body = (
        f'<nav><a href="/s/{escape(site)}">← {back}</a></nav>'
        f"<h1>{escape(data['name'])}</h1>"
        f"{games or f'<p>{no_game}</p>'}"
        f"<h2>{latest}</h2>"
        f"<ul class=finished>{recent or f'<li>{none_yet}</li>'}</ul>"
    )
    return _page(data["name"], body, "player")


def _round(site: str, played: dict[str, Any]) -> str:
    heading = escape(_("Round {number}").format(number=played["number"]))
    games = "".join(_game_line(site, g) for g in played["games"])
    return f"<h3>{heading}</h3><ul class=finished>{games}</ul>"


def tournament_page(site: str, data: dict[str, Any]) -> str:
    """A tournament: what it is, its standings (players linked to their pages), and each
    round's games (linked to theirs), byes and forfeits."""
    withdrew = escape(_("(withdrew)"))
    rows = "".join(
        f"<tr><td>{s['rank']}</td><td>{_person(site, s)}"
        + (f" <span class=result>{withdrew}</span>" if s["withdrawn"] else "")
        + f"</td><td>{s['points']}</td><td>{s['sb']}</td><td>{s['buchholz']}</td>"
        f"<td>{s['left']}</td></tr>"
        for s in data["standings"]
    )
    rounds = "".join(_round(site, r) for r in data["rounds"])
    back = data["server_name"] or _("all games")
    # i18n: standings' columns: rank, player, points, SB (short), Buchholz, games left
    columns = ("#", _("Player"), _("Points"), _("SB"), _("Buchholz"), _("Left"))
    full = escape(_("Sonneborn-Berger"))
    head = "".join(
        f'<th title="{full}">{escape(text)}</th>' if index == 3 else f"<th>{escape(text)}</th>"
        for index, text in enumerate(columns)
    )
    legend = _(
        "Ties are broken by SB (Sonneborn-Berger: each opponent's points, times what was "
        "scored against them), then Buchholz (the opponents' points); Left: games still to "
        "play."
    )
    no_round = escape(_("No round has begun."))
    standings, rounds_heading = escape(_("Standings")), escape(_("Rounds"))
    body = (
        f'<nav><a href="/s/{escape(site)}">← {escape(back)}</a>'
        f"</nav><h1>{escape(data['title'])}</h1><p class=about>{escape(data['about'])}</p>"
        f"<h2>{standings}</h2><div class=table-box><table class=standings>"
        f"<tr>{head}</tr>"
        f"{rows}</table></div><p class=legend>{escape(legend)}</p>"
        f"<h2>{rounds_heading}</h2>{rounds or f'<p>{no_round}</p>'}"
    )
    return _page(data["title"], body, "tournament")


def home_page() -> str:
    title = _("Board games")
    # i18n: the site's home page; keep the <code> and <em> markup and the command as typed
    text = _(
        "Each server's games are at the address the bot gives with <code>{command}</code>, "
        "and every game's page at its <em>{button}</em> button."
    ).format(command="/settings web:on", button=escape(_("Watch")))
    return _page(title, f"<h1>{escape(title)}</h1><p>{text}</p>", "home")
