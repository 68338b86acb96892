"""The library's exceptions: each names what was wrong, so the app can show it as is."""

import math
import reprlib

from quitlok.i18n import _, ngettext


class QuitlokError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidCards(QuitlokError):
    """Cards that cannot exist: a rank outside 1-12, or more copies than the pack holds."""


class IllegalAction(QuitlokError):
    """An action the rules do not allow in this state; the state is left unchanged."""


class InvalidSetup(QuitlokError):
    """A game that cannot start: bad seats, banker, bank or purses."""


class SaidWhenRead(QuitlokError):
    """An error whose message is said in the language of whoever reads it (`str`), not of where it was raised: it
    may be raised in a worker process (which has no reader's language) or kept in an answer that visitors of
    other languages share (quitlok.costly). Its args are the message in English, marked for the catalog where
    it is written (`N_`), and, when the message has {placeholders}, a dict of their values."""

    def __str__(self) -> str:
        if not self.args or not isinstance(self.args[0], str):
            return super().__str__()
        message = _(self.args[0])
        if len(self.args) == 2 and isinstance(self.args[1], dict):
            return message.format(**self.args[1])
        return message


class TooLarge(SaidWhenRead):
    """A question whose exact answer would take more memory and time than the app gives one question."""


class Unavailable(SaidWhenRead):
    """A question the server could not work out just now (its worker process failed, or was too busy to answer
    in time): nothing is wrong with the question, and asking again later may answer it. Never kept as an answer."""


class TooOften(QuitlokError):
    """A visitor (a browser) or an address took one kind of step (open a room, join, try a code) more often
    than quitlok.limits allows; `wait` is about how many seconds until it may again. Nothing was done."""

    def __init__(self, what: str, whom: str, wait: float) -> None:
        minutes = math.ceil(wait / 60)
        # Translators: {what} is the kind of step, a program's key ('join'); "minute(s)" in both forms in English.
        if whom == "address":
            message = ngettext("too many steps of the kind {what} from this address in a short time: wait about "
                               "{minutes} minute(s)", "too many steps of the kind {what} from this address in a "
                               "short time: wait about {minutes} minute(s)", minutes)
        elif whom == "visitor":
            message = ngettext("too many steps of the kind {what} from this visitor in a short time: wait about "
                               "{minutes} minute(s)", "too many steps of the kind {what} from this visitor in a "
                               "short time: wait about {minutes} minute(s)", minutes)
        else:  # {whom} is a program's key
            message = ngettext("too many steps of the kind {what} from this {whom} in a short time: wait about "
                               "{minutes} minute(s)", "too many steps of the kind {what} from this {whom} in a "
                               "short time: wait about {minutes} minute(s)", minutes)
        super().__init__(message.format(what=repr(what), whom=whom, minutes=minutes))
        self.what, self.whom, self.wait = what, whom, wait

    def __reduce__(self):
        return TooOften, (self.what, self.whom, self.wait)


class ProgressError(QuitlokError):
    """A saved progress or a progress code that cannot be read: damaged, mistyped, or of another version."""


class ProgressTooLarge(ProgressError):
    """A saved progress or a progress code far larger than any progress the app makes: refused unread."""


class ProgressFromLater(ProgressError):
    """A save made by a later version of the app: this one cannot read it, so it is kept aside unchanged."""

    def __init__(self, message: str, version: int) -> None:
        super().__init__(message)
        self.version = version


#: the longest wrong argument a message repeats
LONGEST_SHOWN = 40


def shown(value: object) -> str:
    """A wrong argument as a message shows it: its repr, cut to LONGEST_SHOWN characters (a number of five
    thousand digits, or a list of a million cards, is not repeated in full)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**LONGEST_SHOWN:
        if abs(value) < 10**4000:
            return ngettext("a number of {n} digit", "a number of {n} digits", len(str(abs(value)))).format(
                n=len(str(abs(value))))
        return _("a number of thousands of digits")
    text = reprlib.repr(value)  # a long list is cut before it is written out
    return text if len(text) <= LONGEST_SHOWN else text[:LONGEST_SHOWN] + "…"
