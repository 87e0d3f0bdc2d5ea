"""The read-only web site: live games, the archive with replays, leaderboards, players."""
