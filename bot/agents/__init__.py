"""The service's background drivers: the computer player, the analyst and the tournament
director. Each is one more caller of the service (never an adapter): it works in tasks of
its own, one a match or tournament at a time, and has an adapter show what it did."""
