"""What the classroom engine refuses, each with a message a page can show as it is.

All are `ClassroomError`s, which are `ValueError`s like the engine's own errors. Bad house rules are the
engine's `InvalidSetup` (checked as everywhere else), not one of these.
"""

from quitlok.rooms.errors import NotSeated


class ClassroomError(ValueError):
    """Base class of everything the classroom engine refuses."""


class UnknownKind(ClassroomError):
    """A kind of class question that does not exist (see KINDS)."""


class KindUnavailable(ClassroomError):
    """The house rules cannot make this kind of question (no aluvun is played, say), or no position of it
    was found in the deals allowed."""


class BadSeed(ClassroomError):
    """A seed or a question number that is not a whole number in the allowed range."""


class BadCount(ClassroomError):
    """A number of questions that is not a whole number in the allowed range."""


class BadResponse(ClassroomError):
    """A student's answer that is neither an option's index nor a slider value in range."""


class BadQuestion(ClassroomError):
    """A question or position whose parts do not fit together (cards the pack does not hold, an answer
    outside the options): raised when one is built, so a page never shows it."""


class BadOwnQuestion(ClassroomError):
    """A question the teacher wrote, or a set of them read back, that cannot be asked: an empty or overlong
    text, fewer than two or more than four options, two options alike, no right answer among them."""


class Removed(NotSeated):
    """The teacher took this pupil out of the session: the device that held the place cannot answer or join
    again (a kind of the rooms' NotSeated, so a page treats it as a place no longer held)."""
