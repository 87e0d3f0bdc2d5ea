"""The exceptions the service raises: refusals fit to show the person as is, and the store's
own failures."""


class Refusal(Exception):
    """An action that was not carried out; nothing was written. str() is the message."""


class CannotSave(Refusal):
    """The database refused a write (read-only, full, locked): rolled back, nothing written."""

    def __init__(self, why: str) -> None:
        super().__init__(
            f"The bot cannot save right now ({why}), so nothing was changed: "
            "please try again later."
        )
        self.why = why


class StartupError(Exception):
    """The bot cannot start; str() is one line saying what is wrong and what to do."""


class StoreError(StartupError):
    """The database cannot be opened or used at all; str() is one line saying why."""
