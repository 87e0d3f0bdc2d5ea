"""Italian draughts: the draughts family's counts (ai/evaluation/draughts.py), weighted for
its 8x8 board, where kings step one square (they do not fly) but no man may take one."""

from __future__ import annotations

from .draughts import DraughtsEvaluation, shared_kings

#: what each count (ours less theirs) is worth to the side to move (100: one in the logit of
#: its chance to win); set by hand
WEIGHTS = {
    "men": 100,
    "kings": 200,
    "advance": 2,
    "near": 20,
    "back": 5,
    "centre": 5,
    "trade": 1,
}

EVALUATION = DraughtsEvaluation("italian", WEIGHTS, king_men=2, boards=shared_kings)
features, evaluate = EVALUATION.features, EVALUATION.evaluate
COMPUTER = EVALUATION.computer(nodes=50_000, scale=145.0)
