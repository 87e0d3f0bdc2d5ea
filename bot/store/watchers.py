"""Who is told of committed changes: the id of each match a committed write changed (the web
site's live pages listen)."""

from __future__ import annotations

import logging
from collections.abc import Callable

log = logging.getLogger("bot.store")


class Watchers(list[Callable[[int], None]]):
    def tell(self, match_id: int) -> None:
        """Tell every watcher; a watcher's failure is its own, never the write's."""
        for watcher in self:
            try:
                watcher(match_id)
            except Exception:
                log.exception("a watcher of match %s failed", match_id)
