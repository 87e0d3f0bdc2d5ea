"""The site's routes (aiohttp.web). Addresses are random tokens checked by their shape in the
route itself, so anything else is a plain 404 before a query is made; a flood of streams
from one address is a 429; an error is a plain 500 and a line in the log, never a traceback;
a request aiohttp cannot parse (too long a line or header, bad characters) is a 400 and one
line in the log. Nothing here writes."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any, TypeVar

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from bot.i18n import N_, _, speaking
from bot.runtime.picture_words import picture_words
from bot.service import SiteGame
from bot.web import pages
from bot.web.downloads import Downloads
from bot.web.game_reader import chance, side_name, title
from bot.web.hub import Hub, event
from bot.web.languages import from_header
from bot.web.reader import Reader
from bot.web.streams import stream
from render import piece_png
from render.charts import advantage_png, rating_png
from rules import GAMES, get_game

log = logging.getLogger("bot.web")
TOKEN = "{token:[A-Za-z0-9_-]{16,40}}"
KEY = "{key:[A-Za-z0-9_-]{12}}"
#: a query string longer than this is no request of ours (the site takes none)
MAX_QUERY = 512
STATIC = {"site.js": "application/javascript", "site.css": "text/css"}
HEADERS = {
    "Referrer-Policy": "no-referrer",  # a page's token never leaks to the sites it links
    "X-Content-Type-Options": "nosniff",
    "X-Robots-Tag": "noindex, nofollow",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' "
    "'unsafe-inline'",
}
READER = web.AppKey("reader", Reader)
HUB = web.AppKey("hub", Hub)
DOWNLOADS = web.AppKey("downloads", Downloads)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class ServerLog(logging.LoggerAdapter[logging.Logger]):
    """aiohttp's server log, where a request it cannot parse (the client's doing: too long a
    line or header, bad characters) is one line, not a traceback; anything else as before."""

    def exception(self, msg: object, *args: object, exc_info: Any = True, **kw: Any) -> None:
        if isinstance(exc_info, HttpProcessingError):
            who = args[0] if args else "?"
            log.info("bad request from %s: %.200r", who, exc_info.message)
            return
        super().exception(msg, *args, exc_info=exc_info, **kw)


def make_app(reader: Reader, hub: Hub) -> web.Application:
    app = web.Application(
        middlewares=[plain_errors],
        handler_args={
            "max_line_size": 16384,
            "max_field_size": 16384,
            "logger": ServerLog(logging.getLogger("aiohttp.server"), {}),
        },
    )
    app[READER], app[HUB], app[DOWNLOADS] = reader, hub, Downloads(reader)
    app.router.add_get("/", home)
    app.router.add_get(f"/s/{TOKEN}", server)
    app.router.add_get(f"/s/{TOKEN}/events", server_events)
    app.router.add_get(f"/s/{TOKEN}/p/{KEY}", player)
    app.router.add_get(f"/s/{TOKEN}/p/{KEY}/rating/{{game:[a-z-]{{1,30}}}}.png", rating_chart)
    app.router.add_get(f"/s/{TOKEN}/t/{KEY}", tournament)
    app.router.add_get(f"/g/{TOKEN}", game)
    app.router.add_get(f"/g/{TOKEN}/state", game_state)
    app.router.add_get(f"/g/{TOKEN}/board/{{ply:[0-9]{{1,5}}}}", game_board)
    app.router.add_get(f"/g/{TOKEN}/review/{{ply:[0-9]{{1,5}}}}", review_board)
    app.router.add_get(f"/g/{TOKEN}/moves", record)
    app.router.add_get(f"/g/{TOKEN}/replay.gif", replay)
    app.router.add_get(f"/g/{TOKEN}/events", game_events)
    app.router.add_get(f"/g/{TOKEN}/chart.png", review_chart)
    app.router.add_get("/piece/{game:[a-z-]{1,30}}/{letter:[A-Za-z]}.png", piece)
    app.router.add_get("/static/{name:[a-z.]{1,20}}", static)
    app.router.add_get("/favicon.ico", favicon)
    app.on_shutdown.append(_drop_streams)
    return app


async def _drop_streams(app: web.Application) -> None:
    app[HUB].close_all()


@web.middleware
async def plain_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Plain-text errors; oversized queries are unknown pages; every answer gets HEADERS.
    Every page speaks the browser's language (`Accept-Language`) unless its server chose
    one (the handler speaks that, once it knows the server)."""
    with speaking(from_header(request.headers.get("Accept-Language"))):
        return await _answer(request, handler)


async def _answer(request: web.Request, handler: Handler) -> web.StreamResponse:
    if len(request.query_string) > MAX_QUERY:
        return _plain(404, _("Not found."))
    try:
        response = await handler(request)
    except web.HTTPException as err:
        if err.status < 400:
            raise
        text = err.text or err.reason
        if err.status == 404 and text != _(NOT_FOUND):
            text = _(NOT_FOUND)  # aiohttp's own, for an address no route takes
        return _plain(err.status, text)
    except (asyncio.CancelledError, ConnectionResetError):
        raise
    except Exception:
        log.exception("the web page %s failed", request.path)
        return _plain(500, _("Something went wrong on our side."))
    if not response.prepared:
        response.headers.update(HEADERS)
    return response


def _plain(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text, content_type="text/plain", headers=HEADERS)


def _html(text: str) -> web.Response:
    return web.Response(text=text, content_type="text/html", headers={"Cache-Control": "no-store"})


NOT_FOUND = N_(
    "Not found: this page does not exist, or its server does not show its games on the web."
)


def _not_found() -> web.HTTPNotFound:
    return web.HTTPNotFound(text=_(NOT_FOUND))


async def _language(request: web.Request, guild_id: int) -> str:
    """The language a server's pages speak: the one it chose, else the browser's."""
    chosen = await request.app[READER].language(guild_id)
    return chosen or from_header(request.headers.get("Accept-Language"))


async def home(request: web.Request) -> web.Response:
    return _html(pages.home_page())


async def _shown(request: web.Request) -> SiteGame:
    """The game the address names, if its server shows it (else 404)."""
    shown = await request.app[READER].game(request.match_info["token"])
    if shown is None:
        raise _not_found()
    return shown


async def game(request: web.Request) -> web.Response:
    reader = request.app[READER]
    shown = await _shown(request)
    with speaking(await _language(request, shown.match.guild_id)):
        raw = await reader.state(shown)
        state = json.loads(raw)
        return _html(pages.game_page(state, raw, state["review"] is not None))


async def game_state(request: web.Request) -> web.Response:
    reader = request.app[READER]
    shown = await _shown(request)
    with speaking(await _language(request, shown.match.guild_id)):
        return web.Response(body=await reader.state(shown), content_type="application/json")


async def game_board(request: web.Request) -> web.Response:
    """A board of the game (its words in the page's language: it varies by it)."""
    reader = request.app[READER]
    shown = await _shown(request)
    ply = int(request.match_info["ply"])
    if ply > shown.match.ply:
        raise _not_found()
    headers = {"Vary": "Accept-Language"}
    if not shown.match.active:
        # its words follow the server's language where it chose one, which may change: an
        # hour, not a day
        headers["Cache-Control"] = "public, max-age=3600"
    with speaking(await _language(request, shown.match.guild_id)):
        svg = await reader.board(shown.match, ply)
    return web.Response(text=svg, content_type="image/svg+xml", headers=headers)


async def review_board(request: web.Request) -> web.Response:
    """A judged move's board, as the review draws it (404: no review judged that move)."""
    reader = request.app[READER]
    shown = await _shown(request)
    ply = int(request.match_info["ply"])
    judged = await reader.judged(shown.match, ply)
    if judged is None:
        raise _not_found()
    with speaking(await _language(request, shown.match.guild_id)):
        svg = await reader.board(shown.match, ply, judged)
    return web.Response(text=svg, content_type="image/svg+xml")


async def record(request: web.Request) -> web.Response:
    """The game's moves as a file: PDN for Checkers, text for the other games."""
    shown = await _shown(request)
    with speaking(await _language(request, shown.match.guild_id)):
        name, text = await request.app[DOWNLOADS].record(shown)
    return web.Response(text=text, content_type="text/plain", headers=_attachment(name))


async def replay(request: web.Request) -> web.Response:
    """The game as an animated GIF."""
    shown = await _shown(request)
    with speaking(await _language(request, shown.match.guild_id)):
        gif = await request.app[DOWNLOADS].gif(shown)
    name = f"{get_game(shown.match.game_id).id}-{shown.match.id}.gif"
    return web.Response(body=gif, content_type="image/gif", headers=_attachment(name))


def _attachment(name: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-cache"}


async def game_events(request: web.Request) -> web.StreamResponse:
    reader = request.app[READER]
    shown = await _shown(request)
    with speaking(await _language(request, shown.match.guild_id)):
        first = event("state", await reader.state(shown))
        return await stream(request, request.app[HUB], ("game", shown.token), [first], HEADERS)


async def review_chart(request: web.Request) -> web.Response:
    reader = request.app[READER]
    shown = await _shown(request)
    if shown.match.active:
        raise _not_found()
    analysis = await reader.service.analyses.analysis(shown.match.id)
    if analysis.review is None:
        raise _not_found()
    g = get_game(shown.match.game_id)
    review = analysis.review
    with speaking(await _language(request, shown.match.guild_id)):
        first, second = (side_name(g, s) for s in g.sides)
        # i18n: the review chart's title: "Checkers #12: Black's chance to win"
        caption = _("{game}: {chance}").format(game=title(g, shown.match.id), chance=chance(g))
        words = picture_words()
    png = await asyncio.to_thread(
        advantage_png,
        review.chances,
        [(j.ply, j.mark) for j in review.moves if j.mark],
        (first, second),
        caption,
        words,
    )
    return _png(png)


async def server(request: web.Request) -> web.Response:
    reader = request.app[READER]
    site = await reader.site(request.match_info["token"])
    if site is None:
        raise _not_found()
    with speaking(await _language(request, site.guild_id)):
        return _html(pages.server_page(site.token, await reader.server(site)))


async def server_events(request: web.Request) -> web.StreamResponse:
    reader = request.app[READER]
    site = await reader.site(request.match_info["token"])
    if site is None:
        raise _not_found()
    with speaking(await _language(request, site.guild_id)):
        first = [event("game", json.dumps(g).encode()) for g in await reader.live(site)]
        return await stream(request, request.app[HUB], ("server", site.token), first, HEADERS)


T = TypeVar("T")


async def _of_site(
    request: web.Request,
    read: Callable[..., Awaitable[T | None]],
    page: Callable[[str, T], str],
) -> web.Response:
    """A server's page (`page(token, data)`) of its data (`read(site, key)`), in the
    server's language; 404 if either is not there."""
    reader = request.app[READER]
    site = await reader.site(request.match_info["token"])
    if site is None:
        raise _not_found()
    with speaking(await _language(request, site.guild_id)):
        data = await read(reader, site, request.match_info["key"])
        if data is None:
            raise _not_found()
        return _html(page(site.token, data))


async def tournament(request: web.Request) -> web.Response:
    return await _of_site(
        request, lambda r, site, key: r.tournament(site, key), pages.tournament_page
    )


async def player(request: web.Request) -> web.Response:
    key = request.match_info["key"]
    return await _of_site(
        request,
        lambda r, site, key: r.player(site, key),
        lambda token, data: pages.player_page(token, key, data),
    )


async def rating_chart(request: web.Request) -> web.Response:
    reader = request.app[READER]
    site = await reader.site(request.match_info["token"])
    game_id = request.match_info["game"]
    if site is None:
        raise _not_found()
    spoken = await _language(request, site.guild_id)
    with speaking(spoken):  # the player's name too ("a player"), in the title's language
        data = await reader.player(site, request.match_info["key"])
    if data is None or game_id not in GAMES:
        raise _not_found()
    history = await reader.service.site.rating_history(site.guild_id, game_id, data["user"])
    if not history:
        raise _not_found()
    with speaking(spoken):
        # i18n: a rating chart's title: "Ann: Checkers rating (± two deviations)"
        heading = _("{player}: {game} rating (± two deviations)").format(
            player=data["name"], game=_(get_game(game_id).name)
        )
        words = picture_words()
    band = [(rating, 2 * rd) for rating, rd in history]
    png = await asyncio.to_thread(rating_png, band, heading, words)
    return _png(png)


async def piece(request: web.Request) -> web.Response:
    game_id, letter = request.match_info["game"], request.match_info["letter"]
    try:
        png = piece_png(game_id, letter)
    except KeyError:
        raise _not_found() from None
    return web.Response(
        body=png, content_type="image/png", headers={"Cache-Control": "public, max-age=86400"}
    )


async def static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    if name not in STATIC:
        raise _not_found()
    text = resources.files("bot.web").joinpath("static", name).read_text(encoding="utf-8")
    return web.Response(
        text=text, content_type=STATIC[name], headers={"Cache-Control": "public, max-age=3600"}
    )


async def favicon(request: web.Request) -> web.Response:
    """The site's icon: The Crown's Prince."""
    return web.Response(
        body=piece_png("the-crown", "P"), content_type="image/png",
        headers={"Cache-Control": "public, max-age=86400"},
    )  # fmt: skip


def _png(data: bytes) -> web.Response:
    return web.Response(body=data, content_type="image/png", headers={"Cache-Control": "no-cache"})
