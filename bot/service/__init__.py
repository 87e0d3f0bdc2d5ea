"""The match service, cut by concern: `core` (shared state, finding a match), `challenges`,
`play` (moves, draws, resignations, aborts) and `deadlines` (what the sweeper does);
`records` holds the data they return."""
