"""The bot put together: its settings (`config`) and the `App` over one database (the store,
the service, its background drivers and the web site), which `python -m bot` opens and
hands to the adapter it runs."""
