"""The command layer: `registry` (every command once), `boards` (what both handler groups
share), `playing` and `lookups` (the handlers), `dispatch` (names and buttons to handlers)."""
