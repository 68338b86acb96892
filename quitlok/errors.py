"""The library's exceptions: each names what was wrong, so the app can show it as is."""


class QuitlokError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidCards(QuitlokError):
    """Cards that cannot exist: a rank outside 1-12, or more copies than the pack holds."""


class IllegalAction(QuitlokError):
    """An action the rules do not allow in this state; the state is left unchanged."""


class InvalidSetup(QuitlokError):
    """A game that cannot start: bad seats, banker, bank or purses."""
