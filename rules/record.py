"""A game record: positions and moves, and the outcome including history-based draws."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from typing import Any

from .base import Game, Outcome, Termination
from .errors import GameOver, IllegalMove, Saying
from .wording import result_text


class GameRecord:
    """Plays moves from a start position and judges repetition and no-progress draws.

    The game's own `outcome` (wins, stalemates) takes precedence over history draws
    reached on the same move; agreement and resignation end the game at any time.
    """

    def __init__(self, game: Game[Any, Any], start: Hashable | None = None) -> None:
        self.game = game
        first = game.initial_position() if start is None else start
        self.positions: list[Any] = [first]
        self.moves: list[Any] = []
        self.quiet_plies = 0
        self._seen: Counter[Hashable] = Counter([game.repetition_key(first)])
        self._ended: Outcome | None = None
        self._history_draw: Outcome | None = None
        self._position_outcome = game.outcome(first)

    @classmethod
    def replay(
        cls, game: Game[Any, Any], moves: Iterable[str], start: Hashable | None = None
    ) -> GameRecord:
        """A record with every move text played in order (IllegalMove on the first bad one)."""
        record = cls(game, start)
        for text in moves:
            record.play(text)
        return record

    def copy(self) -> GameRecord:
        """An independent record at the same point (to try a move without touching this one)."""
        twin = GameRecord.__new__(GameRecord)
        copies = {"positions": list(self.positions), "moves": list(self.moves)}
        twin.__dict__.update(self.__dict__, **copies, _seen=Counter(self._seen))
        return twin

    @property
    def position(self) -> Any:
        return self.positions[-1]

    @property
    def side_to_move(self) -> str:
        return self.game.side_to_move(self.position)

    @property
    def outcome(self) -> Outcome | None:
        return self._ended or self._position_outcome or self._history_draw

    def play(self, move: Any) -> Any:
        """Play a move (object or text) and return the move played."""
        if (done := self.outcome) is not None:
            # i18n: {result} how the game ended ("black won (White resigned)")
            raise GameOver("the game is over: {result}", result=self._result(done))
        before = self.position
        played, after = self.game.play(before, move)
        self.moves.append(played)
        self.positions.append(after)
        self._position_outcome = self.game.outcome(after)
        self._judge_history(before, played, after)
        return played

    def _result(self, outcome: Outcome) -> Saying:
        """How the game ended ('black won (White resigned)'), in any language."""
        game = self.game
        return Saying(lambda words: result_text(game, outcome, lower=True, translations=words))

    def _judge_history(self, before: Any, move: Any, after: Any) -> None:
        game = self.game
        if game.makes_progress(before, move, after):
            self.quiet_plies = 0
        else:
            self.quiet_plies += 1
        key = game.repetition_key(after)
        self._seen[key] += 1
        if game.repetition_limit is not None and self._seen[key] >= game.repetition_limit:
            self._history_draw = Outcome(None, Termination.REPETITION)
        elif (limit := game.no_progress_limit_at(after)) is not None and self.quiet_plies >= limit:
            self._history_draw = Outcome(None, Termination.NO_PROGRESS)
        else:
            self._history_draw = None

    def agree_draw(self) -> Outcome:
        return self._end(Outcome(None, Termination.AGREEMENT))

    def resign(self, side: str) -> Outcome:
        return self._end(Outcome(self.game.opponent(side), Termination.RESIGNATION, side))

    def _end(self, outcome: Outcome) -> Outcome:
        if (done := self.outcome) is not None:
            # i18n: {result} how the game ended ("black won (White resigned)")
            raise IllegalMove("the game is already over: {result}", result=self._result(done))
        self._ended = outcome
        return outcome
