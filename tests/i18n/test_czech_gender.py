"""Czech sentences about a named seat, and to the learner, that read right for a woman and a man alike.

Czech verbs in the past tense agree with the gender of their subject: "Dina vyhrála", "Chajim vyhrál", and "ty jsi
vyhrál" is a boy's sentence, "ty jsi vyhrála" a girl's. A name says nothing of its gender to the code (Bela and Dina
are women, Chajim and Eli men, a name a person typed either), and a girl in a class reads what the app says to
"ty". So no Czech sentence of the catalog about a named seat ({name}, {banker}, {then}, {line}, and the short
statuses and results shown beside a seat's name) holds a past form (the l-participle: "prohrál", "přetáhl",
"vzal", "odešel"), nor "bankéř" or "hráč" beside a name ("{name} (bankéř)", "na hráče {name}"), and no sentence to
the learner says "ty" in a past form ("Odpověděl jsi", "sis vzal", "jsem viděl"). They say it in the present, as
the rest of the log does ("{name} prohrává {stake} s {value}"), as a noun ("{name}: výhra {stake}", "Tvoje
odpověď: {answer}"), or with the bank ("Bank drží {banker}.", "{name} (bank)"). A passive neuter form
("vyplaceno", "zodpovězeno") and a past form whose subject is a thing ("rozdání skončilo", "by tě přetáhlo") say
no one's gender. The Hebrew catalog keeps the same rule (tests/i18n/test_computer_names.py)."""

import dataclasses
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from quitlok import events as ev
from quitlok.game import YOU, SeatStatus
from quitlok.i18n import use
from quitlok.narration import _ROOM_NOTES, ending_words, hand_over_words, sentence, status_line

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "quitlok/locale/cs/LC_MESSAGES/quitlok.po"

#: a word ending in -l: the masculine l-participle of the past tense ("vyhrál", "přetáhl", "odešel", "tipl")
#: unless it is one of NOT_PAST
MASCULINE = re.compile(r"\b\w+l\b")
#: a feminine l-participle ("vyhrála", "přetáhla"): said to the learner, it is as wrong as the masculine
FEMININE = re.compile(r"\b\w+la\b")
#: the Czech words ending in -l that are no past form (nouns, an adverb, genitive plurals), as the catalog has them
NOT_PAST = frozenset((
    "hostitel", "učitel", "držitel", "model", "podíl", "rozdíl", "cíl", "styl", "stůl", "úkol", "omyl", "smysl",
    "účel", "úhel", "kvitl", "dreidl", "dál", "pravidel", "čísel"))
#: words ending in -la that are no past form: an adverb, plurals of nouns
NOT_PAST_FEMININE = frozenset(("docela", "zcela", "pravidla", "čísla", "kola"))
#: the past forms the catalog said of a named seat or of the learner before it was reworded (a word list for the
#: reader; MASCULINE finds these and any other)
FOUND = frozenset((
    "vyhrál", "prohrál", "přetáhl", "vzal", "odstoupil", "nebyl", "vsadil", "dobíral", "měl", "neměl", "hrál",
    "nehrál", "skončil", "vynechal", "nemohl", "odhodil", "odešel", "rozbil", "zůstal", "začal", "začínal",
    "požádal", "byl", "udělal", "vypršel", "přidal", "dostal", "ohlásil", "odpověděl", "neodpověděl", "viděl",
    "neviděl", "zvolil", "nastavil", "tipl", "mohl", "nepřišel"))
#: "bankéř" or "hráč" beside a name: the noun says the person is a man ("{name} (bankéř)", "hráče {name}")
BESIDE = re.compile(r"\{(?:name|banker)\}\s*[(,]\s*(bankéř\w*)|\b(bankéř\w*|hráč\w*)\s+\{(?:name|banker)\}|"
                    r"\{(?:name|banker)\} je (?:nový )?(bankéř\w*)")
#: the auxiliary of the past tense and of the conditional for "ty" and "já" ("jsi viděl", "sis vzal", "jsem byl",
#: "kdybys vsadil")
SAID_TO_YOU = re.compile(r"\b(jsi|sis|ses|jsem|bys|abys|kdybys|bych|abych|kdybych)\b", re.IGNORECASE)
#: placeholders that stand for a person, or for words about one ({then}: "then Eli took a new card", {line}: a
#: banker's status)
PERSON = re.compile(r"\{(name|names|banker|then|line|student)\}")
#: where {name} is a setting's or a field's name, not a person's
NOT_A_PERSON = ("quitlok/validate.py", "quitlok/rules.py", "quitlok/limits.py", "quitlok/classroom/own.py",
                "quitlok/state_json.py")
#: words shown after a seat's name (its status on the table, its result as the hand ended, what it is doing, where
#: its person is): English without a {name}, about the seat all the same
BESIDE_A_NAME = (
    "won {stake} with {value}", "lost {stake} with {value}", "bust, lost {stake}", "21! won {stake}",
    "21 (no stake)", "stayed on a stake of {stake}", "sitting out: could not pay a share", "sitting out: no chips",
    "is deciding", "is playing the bank", "is staking a new bank", "was dealt a protected 11", "plays last",
    "plays {ordinal}", "here", "away", "gone", "not seen yet")
#: the learner spoken to, or speaking (a button's "I")
LEARNER = re.compile(r"\b(you|your|yours|yourself)\b|\b(I|me|my)\b", re.IGNORECASE)


def _catalog():
    with CATALOG.open("rb") as file:
        return [m for m in read_po(file) if m.id]


def _first(message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def _texts(message) -> list[str]:
    return [message.string] if isinstance(message.string, str) else list(message.string)


def _about_a_seat(message) -> bool:
    first = _first(message)
    places = {file for file, _line in message.locations}
    if message.context in ("status", "badge") or first in BESIDE_A_NAME:
        return True
    return PERSON.search(first) is not None and not places <= set(NOT_A_PERSON) and not first.startswith(
        ("{name} must be", "{name}: a text"))


def _to_the_learner(message) -> bool:
    return LEARNER.search(_first(message)) is not None


def _past(text: str) -> list[str]:
    """The masculine past forms in `text` (placeholders left out)."""
    words = MASCULINE.findall(re.sub(r"\{\w*\}", " ", text))
    return [w for w in words if w.lower() not in NOT_PAST]


def _gendered(message, text: str) -> list[str]:
    """What in `text` (a Czech msgstr) says the gender of the seat it speaks of, or of the learner."""
    found = []
    if _about_a_seat(message):
        found += _past(text)
        found += [word for match in BESIDE.findall(text) for word in match if word]
    if _to_the_learner(message) and SAID_TO_YOU.search(text):
        found += _past(text) + [word for word in FEMININE.findall(re.sub(r"\{\w*\}", " ", text))
                                if word.lower() not in NOT_PAST_FEMININE]
    return sorted(set(found))


def test_the_word_lists_are_what_they_say():
    assert all(_past(word) == [word] for word in FOUND)
    assert not _past(" ".join(NOT_PAST)) and not _past("vyplaceno zodpovězeno bankéř {total} {model}")
    assert BESIDE.search("{name} (bankéř) nehraje") and BESIDE.search("na hráče {name}")
    assert not BESIDE.search("{name} (bank) nehraje") and not BESIDE.search("Bank drží {banker}.")


def test_the_czech_sentences_about_a_named_seat_or_the_learner_agree_with_no_gender():
    messages = _catalog()
    assert len([m for m in messages if _about_a_seat(m)]) > 150
    assert len([m for m in messages if _to_the_learner(m)]) > 300
    wrong = []
    for message in messages:
        for text in _texts(message):
            if gendered := _gendered(message, text):
                wrong.append(f"{_first(message)!r}: {text!r} ({', '.join(gendered)})")
    assert not wrong, f"{len(wrong)} gendered:\n" + "\n".join(wrong)


# --- what the log and the table say of Bela and Dina (women) and of the learner --------------------------------

PLAYERS = ["Bella", YOU, "Dina", "Chaim"]


def _value(field: dataclasses.Field, seat: int) -> object:
    """A value for an event's field: `seat` for the seat it is about, small numbers and cards for the rest."""
    if field.name in ("seat", "banker", "first"):
        return seat
    kind = str(field.type)
    if "tuple" in kind:
        return (seat,) if field.name == "winners" else (5, 7)
    if "bool" in kind:
        return False
    if field.name == "word":
        return "aluvun"
    if field.name == "text":
        return "…"
    return 3


def _events(seat: int) -> list[ev.Event]:
    """One event of each kind the log words, about `seat` where it is about one."""
    made = []
    for kind in vars(ev).values():
        if not (isinstance(kind, type) and issubclass(kind, ev.Event) and dataclasses.is_dataclass(kind)):
            continue
        if kind in (ev.Event, ev.Note, ev.Prose, ev.RoomNote) or kind.__name__.startswith("_"):
            continue
        fields = [f for f in dataclasses.fields(kind) if f.init]
        made.append(kind(**{f.name: _value(f, seat) for f in fields if f.default is dataclasses.MISSING and
                             f.default_factory is dataclasses.MISSING}))
        if any(f.name in ("stake", "won", "raised", "with_card") for f in fields):
            made.append(dataclasses.replace(made[-1], **{f.name: True for f in fields if f.name in (
                "won", "raised", "with_card")} | {f.name: 0 for f in fields if f.name == "stake"}))
    made += [ev.RoomNote(what, seat=seat, style="cautious", minutes=5) for what in _ROOM_NOTES]
    return made


STATUSES = (
    SeatStatus("won", 2, 18), SeatStatus("lost", 2, 15), SeatStatus("bust", 2), SeatStatus("bust"),
    SeatStatus("21", 3), SeatStatus("21"), SeatStatus("threw in"), SeatStatus("waiting"), SeatStatus("playing"),
    SeatStatus("out: share"), SeatStatus("out: chips"), SeatStatus("stayed", 4), SeatStatus("won", 2, 18, nth=2),
    SeatStatus("banker", results=(17,)), SeatStatus("banker", results=(None,)), SeatStatus("banker"),
    SeatStatus("banker", retired=20), SeatStatus("banker", results=(21,), new_card=True, drawing=True),
    SeatStatus("banker", results=(21, None), new_card=True), SeatStatus("banker", results=(21,), new_card=True),
    SeatStatus("banker", results=(21,), new_card=True, retired=30))


def _said_of(name: str, text: str) -> list[str]:
    """The masculine past forms in `text`, a sentence about `name` (a woman)."""
    assert name in text, (name, text)
    return _past(text)


@pytest.mark.parametrize("seat", [0, 2])
def test_the_log_says_of_bela_and_dina_no_masculine_past(seat):
    name = {0: "Bela", 2: "Dina"}[seat]
    wrong = []
    with use("cs"):
        told = [said for event in _events(seat) if (said := sentence(event, PLAYERS)) and name in said]
        assert len(told) > 30, told
        for event in _events(seat):
            said = sentence(event, PLAYERS)
            if said and name in said and (past := _past(said)):
                wrong.append(f"{type(event).__name__}: {said!r} ({', '.join(past)})")
        for status in STATUSES:
            for said in (ending_words(PLAYERS[seat], status), f"{name}: {status_line(status)}"):
                if past := _said_of(name, said):
                    wrong.append(f"{status}: {said!r} ({', '.join(past)})")
        statuses = [SeatStatus("lost", 2, 15, nth=1), SeatStatus("won", 2, 18, nth=2), SeatStatus("bust", 2),
                    SeatStatus("threw in")]
        statuses[seat] = SeatStatus("banker", results=(21, 17), new_card=True)
        said = hand_over_words(name, statuses, PLAYERS, 1)
        if past := _said_of(name, said):
            wrong.append(f"hand over: {said!r} ({', '.join(past)})")
    assert not wrong, "\n".join(wrong)


def test_the_log_says_to_the_learner_no_past_of_ty():
    wrong = []
    with use("cs"):
        said = [sentence(event, PLAYERS) for event in _events(1)]
        ended = [ending_words(YOU, status, you=True) for status in STATUSES]
        ended.append(hand_over_words("Rozdání", [SeatStatus("banker", results=(21, 17), new_card=True),
                                                 SeatStatus("lost", 2, 15, nth=1), SeatStatus("won", 2, 18, nth=2),
                                                 SeatStatus("bust", 2)], ["Eli", YOU, "Dina", "Chaim"], 1))
        ended.append(hand_over_words("Rozdání", [SeatStatus("lost", 2, 15, nth=1),
                                                 SeatStatus("banker", results=(21, None), new_card=True)],
                                     ["Eli", YOU], 1))
    assert len([text for text in said if text]) > 40
    for text in said:  # (the host's notes say "Hostitel hru pozastavil": a noun, a man's or a woman's)
        if text and SAID_TO_YOU.search(text) and (past := _past(text)):
            wrong.append(f"{text!r} ({', '.join(past)})")
    for text in ended:  # how the hand ended, for the learner and the others: no past form at all
        if past := _past(text):
            wrong.append(f"{text!r} ({', '.join(past)})")
    assert not wrong, "\n".join(wrong)
