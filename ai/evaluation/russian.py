"""Russian draughts: the draughts family's counts (ai/evaluation/draughts.py), weighted for
its 8x8 board, where a flying king is worth about three men."""

from __future__ import annotations

from .draughts import DraughtsEvaluation, shared_kings

#: what each count (ours less theirs) is worth to the side to move (100: one in the logit of
#: its chance to win); set by hand
WEIGHTS = {
    "men": 100,
    "kings": 300,
    "advance": 2,
    "near": 20,
    "back": 5,
    "centre": 5,
    "trade": 1,
}

EVALUATION = DraughtsEvaluation("russian", WEIGHTS, king_men=3, boards=shared_kings)
features, evaluate = EVALUATION.features, EVALUATION.evaluate
COMPUTER = EVALUATION.computer(nodes=50_000, scale=100.0)
