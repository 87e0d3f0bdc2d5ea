"""The one exception the service raises: a refusal fit to show the person as is."""


class Refusal(Exception):
    """An action that was not carried out; nothing was written. str() is the message."""
