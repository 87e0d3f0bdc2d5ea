"""Russian draughts: the draughts family's counts (ai/evaluation/draughts.py), weighted for
its 8x8 board, where a flying king is worth about three men."""

from __future__ import annotations

from .draughts import FLYING_KING_WEIGHTS, DraughtsEvaluation, shared_kings

#: the hand-set weights of the flying-king games (ai/evaluation/draughts.py): fitted ones
#: did no better at level 3 (docs/computer.md)
WEIGHTS = FLYING_KING_WEIGHTS

EVALUATION = DraughtsEvaluation("russian", WEIGHTS, king_men=3, boards=shared_kings)
features, evaluate = EVALUATION.features, EVALUATION.evaluate
COMPUTER = EVALUATION.computer(nodes=50_000, scale=427.0)
