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
    a prompt or a reason), at most `most` characters. BadOwnQuestion otherwise."""
    if not isinstance(value, str):
        raise BadOwnQuestion(f"The {name} is text, not {shown(value)}.")
    text = unicodedata.normalize("NFC", value).strip()
    if needed and not text:
        raise BadOwnQuestion(f"The {name} is empty: write it in.")
    if len(text) > most:
        raise BadOwnQuestion(f"The {name} is {len(text):,} characters long; {most} at most, please.")
    if any(unicodedata.category(c) in ("Cc", "Cs", "Co", "Cn") and c != "\n" for c in text):
        raise BadOwnQuestion(f"The {name} holds a character that cannot be shown: type it again.")
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
        object.__setattr__(self, "prompt", _text("question", self.prompt, PROMPT_CHARS))
        if not isinstance(self.options, tuple | list):
            raise BadOwnQuestion(f"The options are a list of texts, not {shown(self.options)}.")
        options = tuple(_text(f"option {i + 1}", o, OPTION_CHARS) for i, o in enumerate(self.options))
        if not FEWEST_OPTIONS <= len(options) <= MOST_OPTIONS:
            raise BadOwnQuestion(f"A question has {FEWEST_OPTIONS} to {MOST_OPTIONS} options, not {len(options)}.")
        if len({o.casefold() for o in options}) != len(options):
            raise BadOwnQuestion("Two options say the same: make each option different.")
        object.__setattr__(self, "options", options)
        if not is_whole(self.answer) or not 0 <= self.answer < len(options):
            raise BadOwnQuestion(f"The right answer is one of the {len(options)} options, not {shown(self.answer)}.")
        object.__setattr__(self, "why", _text("reason", self.why, WHY_CHARS, needed=False))

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
        return "The teacher's question"

    @property
    def answer_text(self) -> str:
        return self.options[self.answer]

    def why_for(self, young: bool = False) -> str:
        """The teacher's reason (the same for every class), or the right answer said again without one."""
        return self.why or f"The answer is: {self.answer_text}."

    def score(self, response: object) -> bool:
        if not is_whole(response) or not 0 <= response < len(self.options):
            raise BadResponse(f"An answer here is an option's number, 0 to {len(self.options) - 1} "
                              f"(got {shown(response)}).")
        return response == self.answer

    def correction(self, choice: int) -> None:
        """No misconception is known behind a teacher's options."""
        if not is_whole(choice) or not 0 <= choice < len(self.options):
            raise BadResponse(f"{shown(choice)} is not an option's number here.")
        return None

    # --- as data ---------------------------------------------------------------------------------------

    def to_dict(self) -> dict:
        return {"prompt": self.prompt, "options": list(self.options), "answer": self.answer, "why": self.why}

    @classmethod
    def from_dict(cls, data: object) -> "OwnQuestion":
        """A question from its stored form (BadOwnQuestion for anything else)."""
        if not isinstance(data, dict) or not {"prompt", "options", "answer"} <= set(data):
            raise BadOwnQuestion("That is not a question: it needs a question, its options and the right answer.")
        return cls(data["prompt"], tuple(data["options"]) if isinstance(data["options"], list) else data["options"],
                   data["answer"], data.get("why", ""))


@dataclass(frozen=True)
class QuestionSet:
    """A teacher's own questions, in the order written (at most MOST_QUESTIONS)."""

    questions: tuple[OwnQuestion, ...] = ()

    def __post_init__(self) -> None:
        if len(self.questions) > MOST_QUESTIONS:
            raise BadOwnQuestion(f"A set holds {MOST_QUESTIONS} questions at most; remove one first.")
        if not all(isinstance(q, OwnQuestion) for q in self.questions):
            raise BadOwnQuestion("A set holds the teacher's questions only.")

    def added(self, question: OwnQuestion) -> "QuestionSet":
        if question in self.questions:
            raise BadOwnQuestion("That question is in the set already.")
        return QuestionSet((*self.questions, question))

    def removed(self, index: int) -> "QuestionSet":
        if not is_whole(index) or not 0 <= index < len(self.questions):
            raise BadOwnQuestion(f"There is no question {shown(index)} in the set.")
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
                raise BadOwnQuestion("That file is not a set of questions from Quitlok (it is not text).") from None
        if not isinstance(text, str):
            raise BadOwnQuestion(f"A set of questions is text, not {shown(text)}.")
        if len(text) > MOST_SET_CHARS:
            raise BadOwnQuestion(f"That file is {len(text):,} characters long: too long for a set of questions.")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise BadOwnQuestion("That file is not a set of questions from Quitlok.") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("questions"), list):
            raise BadOwnQuestion("That file is not a set of questions from Quitlok.")
        if not is_whole(data.get("version")) or data["version"] > VERSION:
            raise BadOwnQuestion("That set of questions comes from a later version of Quitlok: update the app.")
        questions = []
        for number, stored in enumerate(data["questions"], start=1):
            try:
                questions.append(OwnQuestion.from_dict(stored))
            except BadOwnQuestion as problem:
                raise BadOwnQuestion(f"Question {number} of that file: {problem}") from None
        return cls(tuple(questions))


__all__ = ["FORMAT", "MOST_OPTIONS", "MOST_QUESTIONS", "MOST_SET_CHARS", "OPTION_CHARS", "OWN", "OwnQuestion",
           "PROMPT_CHARS", "QuestionSet", "VERSION", "WHY_CHARS"]
