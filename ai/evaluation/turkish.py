"""Turkish draughts: the draughts family's counts (ai/evaluation/draughts.py), weighted for
its orthogonal board, where a man's rear row is the second and a flying king sweeps ranks and
files."""

from __future__ import annotations

from .draughts import DraughtsEvaluation, men_and_kings

#: what each count (ours less theirs) is worth to the side to move (100: one in the logit of
#: its chance to win); set by hand
WEIGHTS = {
    "men": 100,
    "kings": 300,
    "advance": 3,
    "near": 20,
    "back": 5,
    "centre": 5,
    "trade": 1,
}

EVALUATION = DraughtsEvaluation("turkish", WEIGHTS, king_men=3, boards=men_and_kings)
features, evaluate = EVALUATION.features, EVALUATION.evaluate
COMPUTER = EVALUATION.computer(nodes=30_000, scale=100.0)
