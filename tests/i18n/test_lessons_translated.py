"""Every translated lesson's hand still ends as its words say (issue 26 item 6).

tests/engine/test_lessons.py plays every lesson's hand with the engine and checks the outcome against the English
text (OUTCOMES: the numbers each "done" text states, read back from the engine). Here the same hands, played as
each translated lesson suggests, are held to the Hebrew and Czech words: the lesson's own file is read (not the
English one it would fall back to), the text names every suggested move as its button does in that language, the
"done" text states the same figures as the English one (which OUTCOMES holds to the engine), and the check
question's right answer is the same option.
"""

import re

import pytest

from quitlok import content
from quitlok.i18n import use
from quitlok.lessons import LESSONS
from quitlok.ui.words import parse_check
from tests.engine.test_lessons import OUTCOMES, suggested_play

LANGUAGES = ("he", "cs")
CASES = [(code, lesson) for code in LANGUAGES for lesson in LESSONS]
IDS = [f"{code}-{lesson.slug}" for code, lesson in CASES]


def flat(text: str) -> str:
    """The text as it is drawn: a line break inside a paragraph (or a bold phrase) is a space."""
    return " ".join(text.split())


def figures(text: str) -> list[str]:
    """The numbers a text states, in digits, in order of size (a translation may say them in another order)."""
    return sorted(re.findall(r"\d+", text), key=int)


def played_in(code: str, lesson):
    """The lesson's hand played as suggested, with each move's label as the button says it in `code`."""
    with use(code):
        return suggested_play(lesson)


@pytest.mark.parametrize(("code", "lesson"), CASES, ids=IDS)
def test_the_translated_lesson_is_its_own_file(code, lesson):
    name = f"lessons/{lesson.slug}"
    assert content.path(name, code) == content.CONTENT / code / f"{name}.md", \
        f"{code}: {name} falls back to English (missing, or its sections differ from the English file's)"


@pytest.mark.parametrize(("code", "lesson"), CASES, ids=IDS)
def test_the_translated_hand_ends_as_its_words_say(code, lesson):
    table, labels = played_in(code, lesson)
    assert lesson.reached(table) and lesson.done(table)
    assert OUTCOMES[lesson.slug](table.state), "the hand's end, as the English text says it"
    name = f"lessons/{lesson.slug}"
    with use(code):
        words = content.sections(name)
    with use("en"):
        english = content.sections(name)
    for label in labels:  # the text names every suggested move as its button does, in this language
        assert f"**{flat(label.split(' (')[0])}**" in flat(words["try"]), f"{code} {lesson.slug}: never says {label}"
    assert figures(words["done"]) == figures(english["done"]), \
        f"{code} {lesson.slug}: the end of the hand is told with other figures than the English (held to the engine)"
    check, english_check = parse_check(words["check"], name), parse_check(english["check"], name)
    assert (check.answer, len(check.options)) == (english_check.answer, len(english_check.options)), \
        f"{code} {lesson.slug}: the check question's right answer moved"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_translated_kvitlach_lesson_says_the_tables_maximum_bet(code):
    lesson = next(lesson for lesson in LESSONS if lesson.slug == "12_kvitlach")
    max_bet = lesson.start().state.max_bet
    with use(code):
        words = content.sections(f"lessons/{lesson.slug}")
    for part in ("text", "try"):
        assert str(max_bet) in figures(words[part]), f"{code}: the {part} does not say the maximum of {max_bet} chips"
