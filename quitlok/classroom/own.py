"""The teacher's own questions: multiple-choice questions a teacher writes (history, Hanukkah, Yiddish words),
mixed into a class session beside the questions the engine makes, and kept for the next class.

An `OwnQuestion` answers to what a session asks of a question (title, prompt, options, answer, why, score), so
a round may hold one where it holds a ClassQuestion; it has no table position. A `QuestionSet` is a teacher's
questions together, as the text a browser keeps or a file the teacher downloads and opens on another device.
Everything a teacher types is checked at the door: whole text of printable characters, bounded lengths, two to
four different options, one right answer; anything else raises `BadOwnQuestion` with a message for people, and
nothing is kept.
"""

import json
import unicodedata
from dataclasses import dataclass

from quitlok.classroom.errors import BadOwnQuestion, BadResponse
from quitlok.errors import shown
from quitlok.i18n import _
from quitlok.i18n import number as _number
from quitlok.validate import is_whole

#: what a round stores for the kind of an own question
OWN = "own"
#: the longest question, option and reason a teacher may write, in characters
PROMPT_CHARS, OPTION_CHARS, WHY_CHARS = 300, 80, 400
#: how many options a question has, at fewest and at most
FEWEST_OPTIONS, MOST_OPTIONS = 2, 4
#: how many questions a set holds at most, and the longest text of a set read back (a file, the browser's copy)
MOST_QUESTIONS, MOST_SET_CHARS = 40, 64_000
#: the name and version of a set's text
FORMAT, VERSION = "quitlok-own-questions", 1


def _text(name: str, value: object, most: int, *, needed: bool = True) -> str:
    """A teacher's text, trimmed and in one Unicode form: printable characters only (a line break is allowed in
    a prompt or a reason), at most `most` characters. BadOwnQuestion otherwise. `name` says which text, in the
    current language ("question", "option 2", "reason")."""
    if not isinstance(value, str):
        raise BadOwnQuestion(_("The {name} is text, not {got}.").format(name=name, got=shown(value)))
    text = unicodedata.normalize("NFC", value).strip()
    if needed and not text:
        raise BadOwnQuestion(_("The {name} is empty: write it in.").format(name=name))
    if len(text) > most:
        raise BadOwnQuestion(_("The {name} is {length} characters long; {most} at most, please.").format(
            name=name, length=_number(len(text)), most=most))
    if any(unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn") and c != "\n" for c in text):
        raise BadOwnQuestion(_("The {name} holds a character that cannot be shown: type it again.").format(name=name))
    return text


@dataclass(frozen=True)
class OwnQuestion:
    """A multiple-choice question the teacher wrote: `prompt`, two to four different `options`, the right
    one's index `answer`, and optionally `why` the right answer is right (shown at the reveal)."""

    prompt: str
    options: tuple[str, ...]
    answer: int
    why: str = ""

    def __post_init__(self) -> None:
        # Translators: the names of the texts of a teacher's question, in "The {name} is empty: write it in."
        object.__setattr__(self, "prompt", _text(_("question"), self.prompt, PROMPT_CHARS))
        if not isinstance(self.options, tuple | list):
            raise BadOwnQuestion(_("The options are a list of texts, not {got}.").format(got=shown(self.options)))
        options = tuple(_text(_("option {number}").format(number=i + 1), o, OPTION_CHARS)
                        for i, o in enumerate(self.options))
        if not FEWEST_OPTIONS <= len(options) <= MOST_OPTIONS:
            raise BadOwnQuestion(_("A question has {fewest} to {most} options, not {count}.").format(
                fewest=FEWEST_OPTIONS, most=MOST_OPTIONS, count=len(options)))
        if len({o.casefold() for o in options}) != len(options):
            raise BadOwnQuestion(_("Two options say the same: make each option different."))
        object.__setattr__(self, "options", options)
        if not is_whole(self.answer) or not 0 <= self.answer < len(options):
            raise BadOwnQuestion(_("The right answer is one of the {count} options, not {got}.").format(
                count=len(options), got=shown(self.answer)))
        object.__setattr__(self, "why", _text(_("reason"), self.why, WHY_CHARS, needed=False))

    # --- what a session asks of a question (as of a ClassQuestion) ---------------------------------------

    kind = OWN
    seed = None
    position = None
    slider = None
    is_slider = False
    values = ()
    mistakes = ()
    young_why = ""

    @property
    def title(self) -> str:
        return _("The teacher's question")

    @property
    def answer_text(self) -> str:
        return self.options[self.answer]

    def why_for(self, young: bool = False) -> str:
        """The teacher's reason (the same for every class), or the right answer said again without one."""
        return self.why or _("The answer is: {answer}.").format(answer=self.answer_text)

    def score(self, response: object) -> bool:
        if not is_whole(response) or not 0 <= response < len(self.options):
            raise BadResponse(_("An answer here is an option's number, 0 to {last} (got {got}).").format(
                last=len(self.options) - 1, got=shown(response)))
        return response == self.answer

    def correction(self, choice: int) -> None:
        """No misconception is known behind a teacher's options."""
        if not is_whole(choice) or not 0 <= choice < len(self.options):
            raise BadResponse(_("{choice} is not an option's number here.").format(choice=shown(choice)))
        return None

    # --- as data ---------------------------------------------------------------------------------------

    def to_dict(self) -> dict:
        return {"prompt": self.prompt, "options": list(self.options), "answer": self.answer, "why": self.why}

    @classmethod
    def from_dict(cls, data: object) -> "OwnQuestion":
        """A question from its stored form (BadOwnQuestion for anything else)."""
        if not isinstance(data, dict) or not {"prompt", "options", "answer"} <= set(data):
            raise BadOwnQuestion(_("That is not a question: it needs a question, its options and the right answer."))
        return cls(data["prompt"], tuple(data["options"]) if isinstance(data["options"], list) else data["options"],
                   data["answer"], data.get("why", ""))


@dataclass(frozen=True)
class QuestionSet:
    """A teacher's own questions, in the order written (at most MOST_QUESTIONS)."""

    questions: tuple[OwnQuestion, ...] = ()

    def __post_init__(self) -> None:
        if len(self.questions) > MOST_QUESTIONS:
            raise BadOwnQuestion(_("A set holds {most} questions at most; remove one first.").format(
                most=MOST_QUESTIONS))
        if not all(isinstance(q, OwnQuestion) for q in self.questions):
            raise BadOwnQuestion(_("A set holds the teacher's questions only."))

    def added(self, question: OwnQuestion) -> "QuestionSet":
        if question in self.questions:
            raise BadOwnQuestion(_("That question is in the set already."))
        return QuestionSet((*self.questions, question))

    def removed(self, index: int) -> "QuestionSet":
        if not is_whole(index) or not 0 <= index < len(self.questions):
            raise BadOwnQuestion(_("There is no question {number} in the set.").format(number=shown(index)))
        return QuestionSet(self.questions[:index] + self.questions[index + 1:])

    def to_text(self) -> str:
        """The set as text to keep (in the browser, or as a file the teacher downloads)."""
        return json.dumps({"format": FORMAT, "version": VERSION, "questions": [q.to_dict() for q in self.questions]},
                          ensure_ascii=False, indent=1)

    @classmethod
    def from_text(cls, text: object) -> "QuestionSet":
        """A set read back from its text: BadOwnQuestion, saying what is wrong, for a text that is too long, not
        a set of questions, or of a later version; nothing of a bad set is taken."""
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                raise BadOwnQuestion(_("That file is not a set of questions from Quitlok (it is not text).")) from None
        if not isinstance(text, str):
            raise BadOwnQuestion(_("A set of questions is text, not {got}.").format(got=shown(text)))
        if len(text) > MOST_SET_CHARS:
            raise BadOwnQuestion(_("That file is {length} characters long: too long for a set of questions.").format(
                length=_number(len(text))))
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise BadOwnQuestion(_("That file is not a set of questions from Quitlok.")) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("questions"), list):
            raise BadOwnQuestion(_("That file is not a set of questions from Quitlok."))
        if not is_whole(data.get("version")) or data["version"] > VERSION:
            raise BadOwnQuestion(_("That set of questions comes from a later version of Quitlok: update the app."))
        questions = []
        for number, stored in enumerate(data["questions"], start=1):
            try:
                questions.append(OwnQuestion.from_dict(stored))
            except BadOwnQuestion as problem:
                raise BadOwnQuestion(_("Question {number} of that file: {problem}").format(number=number,
                                                                                         problem=problem)) from None
        return cls(tuple(questions))


__all__ = ["FORMAT", "MOST_OPTIONS", "MOST_QUESTIONS", "MOST_SET_CHARS", "OPTION_CHARS", "OWN", "OwnQuestion",
           "PROMPT_CHARS", "QuestionSet", "VERSION", "WHY_CHARS"]
