"""The computer players' names in the reader's letters, and Hebrew sentences about them that read right for a woman
and a man alike (issue 26).

A computer player's name is a key (quitlok.game.COMPUTER_NAMES: "Bella", "Chaim", ...), stored and compared as it
is and shown by `seat_name` in the reader's language: בלה and חיים on a Hebrew page, Bela and Chajim on a Czech one,
as each language's glossary (content/<language>/terms.md) spells them. A name a person typed is shown as typed
(a room gives it as a TypedName). Hebrew verbs follow the gender of whom they speak of, and a name says nothing of
it to the code (Bella is a woman, Chaim a man, a typed name either): every Hebrew sentence of the catalog about a
named seat says it without a verb or pronoun that agrees with one gender ("תור: {name}", "{name}: הימור של 3")."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from quitlok import events as ev
from quitlok.game import COMPUTER_NAMES, YOU, TypedName, seat_name
from quitlok.i18n import use
from quitlok.lessons import LESSONS
from quitlok.narration import sentence, sentences

ROOT = Path(__file__).resolve().parents[2]
SPELT = {"he": {"Bella": "בלה", "Chaim": "חיים"}, "cs": {"Bella": "Bela", "Chaim": "Chajim"}}

#: Hebrew verbs in the third person, a man's and a woman's forms: none may follow a seat's name ("{name} מהמר")
VERBS = frozenset((
    "מהמר", "מקבל", "עוצר", "נשרף", "ניצח", "הפסיד", "זרק", "לוקח", "מראה", "קורא", "מבקש", "מוסיף", "שומר",
    "ממשיך", "פורש", "מעלה", "דוחה", "מושך", "יכול", "קיבל", "שיחק", "עזב", "חזר", "הגיע", "ישב", "יושב", "לקח",
    "הראה", "פרש", "מחליט", "משחק", "מעמיד", "משלם", "מחכה", "עצר", "משך", "הימר", "מנצח", "הופך", "סיים", "היה",
    "מהמרת", "מקבלת", "עוצרת", "נשרפה", "ניצחה", "הפסידה", "לוקחת", "פורשת", "מושכת", "יכולה", "משלמת",
    "מנצחת", "הופכת", "עזבה", "חזרה", "קיבלה", "שיחקה", "ישבה", "יושבת", "לקחה", "הראתה", "פרשה", "מחליטה",
    "משחקת", "מעמידה", "מחכה", "עצרה", "משכה", "הימרה", "סיימה", "ששבר", "ששברה", "הוא", "היא", "בנקאי",
    "בנקאית", "תורו", "תורה"))
#: pronouns for a person, a man's and a woman's
PRONOUNS = re.compile(r"(?<![\u0590-\u05ff])(לו|שלו|תורו|לה|שלה|תורה|והוא|והיא)(?![\u0590-\u05ff])")
#: "the banker" beside a name, a man's and a woman's
BESIDE = re.compile(r"\{(?:name|banker)\}\s*[(,]\s*(הבנקאי|הבנקאית)")
#: a verb after a seat's name, the name its subject (not "the hand of {name}", whose verb agrees with the hand)
AFTER_A_NAME = re.compile(r"(?<!של )\{(?:name|banker)\}\s+([\u0590-\u05ff]+)")
#: what a seat is doing, after its name ("Bella is deciding…"), and when it plays, on its box
DOING = ("is deciding", "is playing the bank", "is staking a new bank", "was dealt a protected 11", "plays last",
         "plays {ordinal}")
#: the code that speaks of a seat by name: the log, the table, the lessons and practice pages, the quiz's questions
#: whose people vary, the advisor's open hands, the engine's refusals
SPEAKERS = ("quitlok/narration.py", "quitlok/ui/table.py", "pages/lessons.py", "pages/play.py", "quitlok/game.py",
            "quitlok/ui/coaching.py", "quitlok/ui/advisor.py")
#: the computer players' styles, shown on their seats
STYLES = "quitlok/bots.py"
#: msgids of the quiz that take any of its people (quitlok.quiz.NAMES), not Bella alone
QUIZ_ANYONE = ("{name}, who broke the bank", "{banker} is the banker.",
               "When a banker retires or the bank is broken, the bank passes to the right. Going clockwise, {name} "
               "sits just before {banker}, so on {banker}'s right.",
               "In hand {hand} of {banker}'s bank, {banker}'s first card is {card}: {banker} shows it, retires and "
               "takes the bank home.",
               "{name} bets the whole bank of {whole} on a 10 and is dealt an 11: 21, paid at once. The bank is empty.")


def _hebrew():
    with (ROOT / "quitlok/locale/he/LC_MESSAGES/quitlok.po").open("rb") as file:
        return [m for m in read_po(file) if m.id]


def _about_a_seat(message) -> bool:
    first = message.id if isinstance(message.id, str) else message.id[0]
    places = {file for file, _line in message.locations}
    if message.context in ("status", "badge") or first in QUIZ_ANYONE or first in DOING or STYLES in places:
        return True
    return bool(places & set(SPEAKERS)) and re.search(r"\{(name|banker|then|line)\}", first) is not None


def _gendered(message, text: str) -> list[str]:
    """What in `text` (a Hebrew msgstr about a named seat) agrees with one gender."""
    first = message.id if isinstance(message.id, str) else message.id[0]
    found = [w for w in AFTER_A_NAME.findall(text) if w in VERBS]
    found += PRONOUNS.findall(text) + BESIDE.findall(text)
    on_a_seat = message.context in ("status", "badge") or (STYLES in {f for f, _ in message.locations}
                                                           and message.context != "computer style")
    if on_a_seat or first in DOING:  # words on a seat (a badge, a status, a computer player's style): the first
        words = re.findall(r"[\u0590-\u05ff]+", re.sub(r"^(\{\w+\}\W*)+", "", text))
        found += [w for w in words[:1] if w in VERBS]
    return found


def test_the_hebrew_sentences_about_a_named_seat_agree_with_no_gender():
    found = [m for m in _hebrew() if _about_a_seat(m)]
    assert len(found) > 60, len(found)
    wrong = []
    for message in found:
        for text in ([message.string] if isinstance(message.string, str) else message.string):
            if gendered := _gendered(message, text):
                wrong.append(f"{message.id!r}: {text!r} ({', '.join(gendered)})")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("code", sorted(SPELT))
def test_a_computer_player_is_named_in_the_reader_s_letters(code):
    with use("en"):
        assert [seat_name(name) for name in COMPUTER_NAMES] == list(COMPUTER_NAMES)
    with use(code):
        shown = {name: seat_name(name) for name in COMPUTER_NAMES}
        for name, spelt in SPELT[code].items():
            assert shown[name] == spelt
        assert len(set(shown.values())) == len(COMPUTER_NAMES)
        if code == "he":
            assert not any(re.search("[A-Za-z]", text) for text in shown.values()), shown


@pytest.mark.parametrize("code", sorted(SPELT))
def test_the_glossary_spells_the_computer_players_as_the_catalog_does(code):
    glossary = (ROOT / "content" / code / "terms.md").read_text(encoding="utf-8")
    row = next(line for line in glossary.splitlines() if line.startswith("| Computer players' names"))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    english, spelt = ([part.strip() for part in cell.split(",")] for cell in cells[:2])
    assert english[0].startswith("Computer players' names") and english[1:] == list(COMPUTER_NAMES)
    with use(code):
        assert spelt == [seat_name(name) for name in COMPUTER_NAMES]


def test_a_typed_name_stays_as_typed():
    with use("he"):
        assert seat_name(TypedName("Bella")) == "Bella" and seat_name(TypedName("Dov")) == "Dov"
        assert sentence(ev.BankStaked(0, 10), [TypedName("Bella"), YOU]).startswith("Bella")


def test_a_hebrew_lesson_names_its_players_in_hebrew():
    lesson = next(lesson for lesson in LESSONS if lesson.moves)
    table = lesson.start()
    for move in lesson.moves:
        table = table.act(move)
    with use("he"):
        lines = sentences(table.state.events, table.state.players)
        told = " ".join(line for line in lines if line)
    assert "בלה" in told or "חיים" in told, told
    assert not re.search(r"Bella|Chaim", told), told
    with use("he"):
        said = sentence(ev.BankStaked(0, 10), ["Bella", YOU])
    assert said.startswith("בלה") and "הוא" not in said, said


@pytest.mark.parametrize("code", ["cs", "he"])
def test_a_lesson_s_words_spell_its_players_as_its_table_does(code):
    """A Czech lesson said "Chaim" and "Bella" beside a table and a log that say Chajim and Bela: a lesson's words
    spell the computer players as seat_name does in its language (in any case ending: Belu, Chajimovi)."""
    lessons = sorted((ROOT / "content" / code / "lessons").glob("*.md"))
    assert lessons
    for path in lessons:
        text = path.read_text(encoding="utf-8")
        for key in ("Bella", "Chaim"):
            if SPELT[code][key] == key:
                continue
            stem = key[:-1] if key.endswith("a") else key
            assert not re.search(rf"\b{stem}", text.replace(f"({key})", "")), f"{path.name}: {key}"


def test_in_a_room_a_person_called_bella_stays_bella_and_a_computer_seat_is_named_in_hebrew(tmp_path):
    from quitlok import QUITLOK
    from quitlok.rooms import Rooms

    rooms = Rooms(f"sqlite:///{tmp_path / 'rooms.db'}")
    host = rooms.create(QUITLOK, host="Bella", bank=10, purses=20)
    rooms.add_computer(host.code, host.token, "cautious")
    view = rooms.view(host.code, host.token)
    assert list(view.players) == ["Bella", "Chaim"]  # the computer takes the first name no one has
    with use("he"):
        assert [seat_name(name) for name in view.players] == ["Bella", "חיים"]
