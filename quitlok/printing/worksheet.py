"""The worksheet: ten questions the engine makes from real games, and their answer key on a page of its own.

The questions are the Quiz page's own (quitlok.quiz): each is dealt and played
out by the engine under the house rules in force, its right answer read back
from the result, its wrong options real misconceptions. A worksheet number
(the seed) chooses them: the same number under the same house rules always
makes the same sheet, so a teacher can print it again next year, and a new
number makes a new one. The number is printed on every page.

Pages 1 and 2 hold five questions each, for the class; page 3, the answer key
with the reason for each answer and the house rules the sheet was made under,
is for the teacher.
"""

import random

from quitlok import errors, i18n
from quitlok.i18n import _
from quitlok.printing.document import GREY, Sheet, fit
from quitlok.printing.errors import InvalidSeed, WorksheetUnavailable
from quitlok.quiz import GENERATORS, ROUND, Question, bust_odds, plan_round
from quitlok.rules import RuleSet, rule_summary
from quitlok.validate import flag

#: the worksheet numbers: whole numbers from 1 to 999 999, short enough to read out and type
SEEDS = range(1, 1_000_000)
#: the letters of the options (a question has at most four), in English; `letters()` in the current language
LETTERS = "ABCD"
#: questions on each of the class's two pages
PER_PAGE = 5
#: the sheet's pages: two of questions and the answer key
PAGES = 3
#: text sizes to try, in points: larger than other sheets', for readers of every age
SIZES = (13, 12.5, 12, 11.5, 11, 10.5, 10, 9.5, 9)


def parse_seed(text: str | int) -> int:
    """The worksheet number a person typed, or InvalidSeed saying what a number must look like."""
    if isinstance(text, bool) or not isinstance(text, str | int):
        raise InvalidSeed(_("A worksheet number is a whole number, not {kind}.").format(kind=type(text).__name__))
    if isinstance(text, int) and text not in SEEDS:  # a number of thousands of digits cannot even be written out
        raise InvalidSeed(_("A worksheet number is a whole number from {low} to {high}; “{got}” is not one.").format(
            low=SEEDS[0], high=i18n.number(SEEDS[-1]), got=errors.shown(text)))
    shown = str(text).strip()
    digits = shown.replace(" ", "").replace(",", "").replace("_", "")
    # read as a number only when short enough to be one (Python refuses to read 4,300 digits and more)
    if (not digits.isdecimal() or not digits.isascii() or len(digits.lstrip("0")) > len(str(SEEDS[-1]))
            or int(digits) not in SEEDS):
        if len(shown) > 20:
            shown = shown[:20] + "…"
        raise InvalidSeed(_("A worksheet number is a whole number from {low} to {high}; “{got}” is not one.").format(
            low=SEEDS[0], high=i18n.number(SEEDS[-1]), got=shown))
    return int(digits)


def new_seed(rng: random.Random | None = None) -> int:
    """A new worksheet number, at random."""
    return (rng or random.SystemRandom()).choice(SEEDS)


def worksheet_questions(seed: int, rules: RuleSet, young: bool = False) -> tuple[Question, ...]:
    """The worksheet's ten questions: one round of the quiz, all made by the engine.

    The recipe, which the tests repeat: `rng = random.Random(f"quitlok-worksheet/{seed}")`, the order from
    `quitlok.quiz.plan_round(rng, 0)` (every generator once, three of them twice), then each question from
    `GENERATORS[k](rng, rules)` in that order, all drawing on the same rng. `young`: the same questions, with
    every chance in words for a young class ("7 in 19 (about 1 in 3)", no percentage).
    """
    seed = parse_seed(seed)
    young = flag("young", young)
    rng = random.Random(f"quitlok-worksheet/{seed}")
    questions = []
    for number, (_kind, k) in enumerate(plan_round(rng, 0), start=1):
        try:
            questions.append(bust_odds(rng, rules, young) if GENERATORS[k] is bust_odds else GENERATORS[k](rng, rules))
        except ValueError as error:  # the engine's own errors are ValueErrors with a message for people
            raise WorksheetUnavailable(
                _("Worksheet {seed}: the engine could not make question {number} ({kind}) under these house rules "
                  "({why}). Try another worksheet number.").format(
                    seed=seed, number=number, kind=GENERATORS[k].__name__.replace("_", " "),
                    why=str(error).rstrip("."))) from error
    assert len(questions) == ROUND
    return tuple(questions)


def letters() -> str:
    """The letters that name a question's options on paper, in the current language ("ABCD"; in Hebrew, אבגד)."""
    # Translators: the letters of a printed question's four options, in order, written together (Hebrew: אבגד)
    own = _("ABCD")
    return own if len(own) == len(LETTERS) and len(set(own)) == len(LETTERS) else LETTERS


def answer_letters(questions: tuple[Question, ...]) -> list[str]:
    """The letter of each question's right option, in the current language: ['C', 'A', ...]."""
    return [letters()[q.answer] for q in questions]


def worksheet_pdf(seed: int, rules: RuleSet, paper: str = "A4", young: bool = False) -> bytes:
    """Worksheet `seed` under `rules`: two pages of questions and a page with the answer key; `young`: its
    chances in words for a young class (the same questions)."""
    questions = worksheet_questions(seed, rules, young)
    seed = parse_seed(seed)
    # Translators: one house rule and its value, in a list of them separated by semicolons
    rules_words = "; ".join(_("{rule}: {value}").format(rule=rule, value=value) for rule, value in rule_summary(rules))

    def build(size: float) -> Sheet:
        pdf = Sheet(paper, title=_("Kvitlach worksheet {seed} ({rules})").format(seed=seed, rules=rules.name),
                    footer_text=_("Quitlok worksheet {seed} · {rules}").format(seed=seed, rules=rules.name), size=size)
        for page in range(2):
            pdf.add_page()
            if page == 0:
                pdf.title_block(_("Kvitlach worksheet {seed}").format(seed=seed),
                                (_("Ten questions from real games, under the house rules **{rules}**, for a young "
                                   "class. Circle the letter of the best answer.") if young else
                                 _("Ten questions from real games, under the house rules **{rules}**. Circle the "
                                   "letter of the best answer.")).format(rules=rules.name))
                # Translators: the lines a pupil writes on; keep the underscores
                pdf.paragraph(_("Name: ____________________________    Class: ____________    "
                                "Date: ______________"), after=1.2)
            else:
                pdf.heading(_("Worksheet {seed}, continued").format(seed=seed), 3)
            for number in range(page * PER_PAGE, (page + 1) * PER_PAGE):
                _question(pdf, number + 1, questions[number])
        pdf.add_page()
        pdf.title_block(_("Answer key: worksheet {seed}").format(seed=seed),
                        _("For the teacher. Each answer comes with its reason, worked out by the engine."))
        for number, question in enumerate(questions, start=1):
            letter = letters()[question.answer]
            pdf.paragraph(f"**{number}. {letter}**: {question.options[question.answer]}", after=0.1)
            pdf.paragraph(question.explanation, indent=pdf.size * 0.75, size=size * 0.9, colour=GREY, after=0.6)
        pdf.paragraph(_("Made under the house rules **{rules}**: {rules_words}. The same worksheet number under the "
                        "same house rules, on the Teachers page, prints this sheet again.").format(
                          rules=rules.name, rules_words=rules_words), size=size * 0.85, colour=GREY)
        return pdf

    return fit(build, pages=PAGES, sizes=SIZES).bytes()


def _question(pdf: Sheet, number: int, question: Question) -> None:
    """One question: its number and topic, the question, and the options lettered A to D."""
    pdf.paragraph(f"**{number}.** {question.prompt}", after=0.25)
    for letter, option in zip(letters(), question.options, strict=False):
        pdf.paragraph(f"**{letter}**   {option}", indent=pdf.size * 0.75, after=0.1)
    pdf.ln(pdf.leading * 0.9)


__all__ = ["LETTERS", "PAGES", "SEEDS", "answer_letters", "letters", "new_seed", "parse_seed",
           "worksheet_pdf", "worksheet_questions"]
