"""The worksheet: ten engine-made questions on two pages, and on the third an answer key that is the engine's.

The questions are made again here straight from quitlok.quiz, by the recipe
worksheet_questions documents, and the key printed on page 3 must give exactly
their right options.
"""

import random
import re
from dataclasses import replace
from fractions import Fraction

import pytest

from quitlok import KVITLACH, QUITLOK
from quitlok.printing import InvalidSeed, PrintingError, WorksheetUnavailable, parse_seed, worksheet_pdf
from quitlok.printing import worksheet as sheet
from quitlok.quiz import GENERATORS, ROUND, plan_round
from quitlok.rules import rule_summary
from tests.printing import poppler

CASES = [(4821, QUITLOK, "A4"), (999_999, KVITLACH, "US Letter"), (1, replace(KVITLACH, copies=2), "A4"),
         (31_337, replace(QUITLOK, twelve_values=(12, 10, 9), name="Quitlok with house rules"), "US Letter")]
KEY_LINE = re.compile(r"^(\d+)\. ([A-D]): (.+)$", re.MULTILINE)


def engine_questions(seed, rules):
    """The questions made here from the quiz's own generators, by the documented recipe."""
    rng = random.Random(f"quitlok-worksheet/{seed}")
    return [GENERATORS[k](rng, rules) for kind, k in plan_round(rng, 0) if kind == "made"]


@pytest.fixture(scope="module")
def sheets():
    return {seed: worksheet_pdf(seed, rules, paper) for seed, rules, paper in CASES}


@pytest.mark.parametrize(("seed", "rules", "paper"), CASES)
def test_the_answer_key_is_the_engines_answers_for_that_seed(sheets, seed, rules, paper):
    pdf = sheets[seed]
    assert poppler.pages(pdf) == sheet.PAGES == 3
    questions = engine_questions(seed, rules)
    assert len(questions) == ROUND == 10
    assert tuple(questions) == sheet.worksheet_questions(seed, rules)
    key = poppler.text(pdf, first=3, last=3)
    assert f"Answer key: worksheet {seed}" in key
    printed = KEY_LINE.findall(key)
    assert [int(n) for n, _, _ in printed] == list(range(1, 11))
    for (_, letter, option), question in zip(printed, questions, strict=True):
        assert letter == "ABCD"[question.answer]
        assert option.strip() == question.options[question.answer]
    flat_key = poppler.flat(key)
    for question in questions:
        assert poppler.flat(question.explanation) in flat_key
    for label, value in rule_summary(rules):
        assert f"{label}: {value}" in flat_key


@pytest.mark.parametrize(("seed", "rules", "paper"), CASES)
def test_five_questions_a_page_every_option_lettered_and_the_number_on_every_page(sheets, seed, rules, paper):
    pdf = sheets[seed]
    questions = engine_questions(seed, rules)
    for page in (1, 2):
        words = poppler.flat(poppler.text(pdf, first=page, last=page))
        assert "Answer key" not in words
        for number in range(5 * (page - 1) + 1, 5 * page + 1):
            question = questions[number - 1]
            assert f"{number}. {poppler.flat(question.prompt)}" in words
            for letter, option in zip("ABCD", question.options, strict=False):
                assert f"{letter} {poppler.flat(option)}" in words
    for page in (1, 2, 3):
        assert f"worksheet {seed} · {rules.name}" in poppler.text(pdf, first=page, last=page)
    assert "Name:" in poppler.text(pdf, first=1, last=1)


def test_the_same_number_prints_the_same_sheet_and_another_number_another(sheets):
    again = worksheet_pdf(4821, QUITLOK, "A4")
    assert poppler.text(again) == poppler.text(sheets[4821])
    other = engine_questions(4822, QUITLOK)
    assert [q.prompt for q in other] != [q.prompt for q in engine_questions(4821, QUITLOK)]
    under_kvitlach = engine_questions(4821, KVITLACH)
    assert [q.prompt for q in under_kvitlach] != [q.prompt for q in engine_questions(4821, QUITLOK)]


def repr_short(value) -> str:
    """A test's id: a number of thousands of digits cannot even be written out (Python's limit of 4,300)."""
    size = len(value) if isinstance(value, str) else value.bit_length() if isinstance(value, int) else value
    return f"{type(value).__name__}-{size}"


@pytest.mark.parametrize("typed", ["4821", " 4821 ", "4,821", "4 821", 4821, "0004821"])
def test_a_worksheet_number_may_be_typed_as_people_type_it(typed):
    assert parse_seed(typed) == 4821


@pytest.mark.parametrize("typed", ["", "abc", "0", "-5", "1000000", "4.5", "12e3", "٤٨٢١", "4821!", None, True, 4.0,
                                   "9" * 40, "9" * 5000, "1," * 3000, 10**5000, -(10**5000)], ids=repr_short)
def test_an_impossible_worksheet_number_gets_a_message_for_people(typed):
    with pytest.raises(InvalidSeed) as error:
        parse_seed(typed)
    assert "whole number" in str(error.value)
    assert isinstance(error.value, PrintingError) and isinstance(error.value, ValueError)
    assert len(str(error.value)) < 120, "a long input is cut short in the message"


def test_an_impossible_number_is_refused_before_any_question_is_made(monkeypatch):
    monkeypatch.setattr(sheet, "GENERATORS", ())  # any question made would fail loudly
    with pytest.raises(InvalidSeed, match="from 1 to 999,999"):
        worksheet_pdf(0, QUITLOK)


def test_a_question_the_engine_cannot_make_is_named_in_the_message(monkeypatch):
    def no_position(rng, rules):
        raise ValueError("The quiz found no position for max_bet under these rules in 3000 deals.")

    monkeypatch.setattr(sheet, "GENERATORS", tuple(no_position for _ in GENERATORS))
    rules = replace(QUITLOK, bank_share=Fraction(1, 2))
    with pytest.raises(WorksheetUnavailable, match=r"Worksheet 77: the engine could not make question 1 \(no "
                                                   r"position\) under these house rules .*Try another"):
        worksheet_pdf(77, rules)


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=["Quitlok", "Kvitlach"])
def test_no_option_on_a_sheet_reads_the_same_as_the_answer(rules):
    """Issue 21 item 8c: no chance option on a worksheet shows the same rounded percentage as the right answer
    or as another option ("8 in 19 (42%)" beside "10 in 24 (42%)")."""
    chances = 0
    for seed in range(1, 41):
        for question in sheet.worksheet_questions(seed, rules):
            shown = [re.search(r"\(([\d.]+%)\)$", option) for option in question.options]
            if all(shown):
                chances += 1
                assert len({s[1] for s in shown}) == len(shown), (seed, question.options)
    assert chances >= 40  # every sheet has a chance question
