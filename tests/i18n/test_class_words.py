"""Class questions in other languages: every word a pupil or the projector reads is translated; a question
is the same in every language (a class session and a homework store a vote as an option's number, and each
phone reads the question in its own language); one made in one language is never served in another."""

from dataclasses import replace

import pytest

from quitlok import KVITLACH, QUITLOK
from quitlok.classroom.errors import BadResponse, BadSeed, KindUnavailable, UnknownKind
from quitlok.classroom.question import KINDS
from quitlok.classroom.questions import available_kinds, kind_title, make_question
from quitlok.i18n import PSEUDO, use
from tests.i18n.english_left import english_left, others_words
from tests.i18n.other_language import reordered

ALLOWED = others_words()
RULES = {"quitlok": QUITLOK, "kvitlach": KVITLACH, "no_blots": replace(QUITLOK, blots=False, name="House")}
SEEDS = range(12)


def words(question) -> list[str]:
    texts = [question.title, question.prompt, *question.options, question.why, question.young_why,
             question.answer_text]
    if not question.is_slider:
        texts += [question.correction(c) or "" for c in range(len(question.options))]
    return texts


@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
@pytest.mark.parametrize("kind", KINDS)
def test_every_question_is_translated(kind, rules):
    if kind not in available_kinds(rules):
        pytest.skip("these rules make no such question")
    with use(PSEUDO):
        assert not english_left(kind_title(kind, rules), allowed=ALLOWED)
        for seed in SEEDS:
            for text in words(make_question(kind, rules, seed)):
                assert not english_left(text, allowed=ALLOWED), (seed, text)


@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
@pytest.mark.parametrize("kind", KINDS)
def test_a_question_is_the_same_in_every_language(kind, rules, monkeypatch):
    if kind not in available_kinds(rules):
        pytest.skip("these rules make no such question")
    for seed in SEEDS:
        english = make_question(kind, rules, seed)
        with reordered(monkeypatch):
            other = make_question(kind, rules, seed)
        assert other.prompt != english.prompt
        assert (other.answer, other.values, other.mistakes, other.position, len(other.options)) == (
            english.answer, english.values, english.mistakes, english.position, len(english.options))


def test_a_question_made_in_one_language_is_not_served_in_another():
    """Questions are kept once made (a class of phones shares one); a phone in another language gets its own."""
    english = make_question("settlement", QUITLOK, 7)
    with use(PSEUDO):
        pseudo = make_question("settlement", QUITLOK, 7)
    assert pseudo.prompt != english.prompt and not english_left(pseudo.prompt, allowed=ALLOWED)
    assert make_question("settlement", QUITLOK, 7) is english  # and each language's is kept


def test_english_is_the_source():
    question = make_question("retire", QUITLOK, 1)
    assert question.title == "May the banker retire now?" and question.options == ("Yes", "No")
    assert kind_title("best_play", KVITLACH) == "Draw or stay?" and kind_title("call_aluvun", KVITLACH) == \
        "Call elvaroon?"


def test_messages_for_bad_input_are_translated():
    question = make_question("bust_chance", QUITLOK, 2)
    choice = make_question("retire", QUITLOK, 2)
    with use(PSEUDO):
        for call, error in ((lambda: make_question("nonsense", QUITLOK, 1), UnknownKind),
                            (lambda: make_question("hand_value", QUITLOK, -1), BadSeed),
                            (lambda: make_question("call_aluvun", replace(QUITLOK, aluvun=False), 1), KindUnavailable),
                            (lambda: question.score(140), BadResponse),
                            (lambda: choice.score(7), BadResponse),
                            (lambda: choice.correction(7), BadResponse)):
            with pytest.raises(error) as raised:
                call()
            program = {"nonsense"} | {word for kind in KINDS for word in kind.split("_")}  # the kinds are keys
            assert not english_left(str(raised.value), allowed=ALLOWED | program), str(raised.value)


def test_a_vote_kept_as_labels_is_read_in_any_language(monkeypatch):
    """A vote an earlier version kept as its buttons' English labels names the same moves to a device that reads
    the app in another language (the moves' labels translated, as the narration's will be: a stand-in here)."""
    from types import SimpleNamespace

    import quitlok.classroom.store as store
    from quitlok.game import Bet, Stay, action_label, legal_actions, new_game
    from quitlok.i18n import _

    english = action_label
    monkeypatch.setattr(store, "action_label", lambda state, action: _(english(state, action)))
    state = new_game(QUITLOK, ["Bella", "The class"], banker=0, bank=10, purses=10, stock=[5, 10, 9, 2, 3], seed=1)
    table = SimpleNamespace(state=state, legal=tuple(legal_actions(state)))
    with use(PSEUDO):
        assert store._vote_actions(table, {"vote": ["Stay", "Bet 2"]}) == [Stay(), Bet(2)]


def test_friendly_names_are_the_device_s_language_s_and_refused_words_are_every_language_s():
    from quitlok.classroom import names

    english = names.friendly_names()
    with use("he"):
        hebrew = names.friendly_names()
    assert english and hebrew and set(english).isdisjoint(hebrew), "each language offers its own names"
    assert names.friendly_names() == english, "the English list is not the Hebrew one kept"
    for code in ("en", "he", "cs"):
        with use(code):
            refused = names._items("refused")
        for code_reading in ("en", "he", "cs"):  # a word of any language's list, refused on a device of any
            with use(code_reading):
                assert all(names.refused_word(word) for word in refused), (code, code_reading)
