"""Turkish draughts: the draughts family's counts (ai/evaluation/draughts.py), weighted for
its orthogonal board, where a man's rear row is the second and a flying king sweeps ranks and
files."""

from __future__ import annotations

from .draughts import DraughtsEvaluation, men_and_kings

#: what each count (ours less theirs) is worth to the side to move (100: one in the logit of
#: its chance to win); fitted by `bench/fit_evaluation.py turkish`. A man counts little and a
#: king five men; what counts is the men's run to the far row (a man one step from it is
#: worth four at home), not the squares they hold. The hand-set weights (100 a man, 300 a
#: king, 3 a row of advance, 20 a man one step from crowning, 5 the rear row and the centre,
#: 1 the trade) scored 22.5% against these at level 3.
WEIGHTS = {
    "men": 24,
    "kings": 117,
    "advance": 6,
    "near": 40,
    "back": 1,
    "centre": -5,
    "trade": 1,
}

EVALUATION = DraughtsEvaluation("turkish", WEIGHTS, king_men=3, boards=men_and_kings)
features, evaluate = EVALUATION.features, EVALUATION.evaluate
COMPUTER = EVALUATION.computer(nodes=30_000, scale=100.0)
