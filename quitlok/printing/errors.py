"""The errors a printable sheet can raise: `ValueError`s whose messages a page can show as they are.

They are raised before anything is drawn, so a caller never receives half a PDF.
"""


class PrintingError(ValueError):
    """A sheet could not be made; the message says why, in words for people."""


class UnknownPaper(PrintingError):
    """A paper size the sheets are not laid out for (they know A4 and US Letter)."""


class UnknownPack(PrintingError):
    """A pack that Quitlok and Kvitlach do not use (they play with 24 or 48 cards)."""


class InvalidSeed(PrintingError):
    """A worksheet number that is not a whole number in the allowed range."""


class WorksheetUnavailable(PrintingError):
    """The engine could not make one of a worksheet's questions under these house rules."""


class UnknownLessonPlan(PrintingError):
    """A lesson plan that does not exist (there is one for 45 minutes and one for 90)."""


class UnknownTradition(PrintingError):
    """A tradition with no pupils' rules (there are Quitlok's and Kvitlach's)."""
