"""Brazilian draughts: the draughts family's counts (ai/evaluation/draughts.py), weighted for
International rules on 8x8, where a flying king is worth about three men."""

from __future__ import annotations

from .draughts import FLYING_KING_WEIGHTS, DraughtsEvaluation, shared_kings

#: the hand-set weights of the flying-king games (ai/evaluation/draughts.py): fitted ones
#: did no better at level 3 (docs/computer.md)
WEIGHTS = FLYING_KING_WEIGHTS

EVALUATION = DraughtsEvaluation("brazilian", WEIGHTS, king_men=3, boards=shared_kings)
features, evaluate = EVALUATION.features, EVALUATION.evaluate
COMPUTER = EVALUATION.computer(nodes=50_000, scale=221.0)
