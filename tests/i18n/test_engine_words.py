"""The engine's other words for people in other languages: the advisor's reasons (the player's and the
banker's), the Lab's and the solved game's words, a progress's messages; and what a progress keeps is the same
whatever the learner's language (a kept move is compared again later, perhaps in another language)."""

import pytest

import quitlok.progress as progress
from quitlok import KVITLACH, QUITLOK
from quitlok.actions import describe
from quitlok.bank_odds import OpenHand, banker_advice, model_words
from quitlok.coach import coach
from quitlok.errors import InvalidCards, InvalidSetup, ProgressError
from quitlok.game import Stay, action_label, new_game
from quitlok.i18n import PSEUDO, _, use
from quitlok.lab import PLAYER_STYLES, LabSetup, style_words
from quitlok.moves import Move
from quitlok.odds import advise, next_card_odds
from quitlok.progress import Progress, action_words, decision
from quitlok.stock import Stock
from tests.i18n.english_left import english_left, others_words

ALLOWED = others_words()


@pytest.mark.parametrize("hand, seen, rules, stock", [
    ([6, 5], [], QUITLOK, None), ([11], [], QUITLOK, None), ([12, 4], [3, 9], KVITLACH, None),
    ([10, 8], [2, 3, 4], QUITLOK, Stock(1, (2, 3, 4))), ([9, 4], [7, 7], QUITLOK, Stock(0, (7, 7))),
    ([5, 6], [1], KVITLACH, None), ([10, 10], [], QUITLOK, None)])
def test_the_advisors_reason_is_translated(hand, seen, rules, stock):
    with use(PSEUDO):
        advice = advise(hand, seen, rules, stake=1, room=2, stock=stock)
    assert not english_left(advice.reason, allowed=ALLOWED), advice.reason
    assert advise(hand, seen, rules, stake=1, room=2, stock=stock).reason.startswith("Your cards count ")


@pytest.mark.parametrize("hand, stock", [((10, 6), None), ((9, 3), Stock(1, (5, 6))), ((10, 7), Stock(0, (4, 2))),
                                         ((10, 10), None)])
def test_the_bankers_advice_is_said_in_each_askers_language(hand, stock):
    """An answer is worked out once for every visitor (ANSWERS): its words are each asker's own."""
    hands = [OpenHand(2, (None, 8))]
    seen = tuple(stock.under) if stock else ()
    with use(PSEUDO):
        pseudo = banker_advice(hand, seen, QUITLOK, open_hands=hands, stock=stock)
    english = banker_advice(hand, seen, QUITLOK, open_hands=hands, stock=stock)
    assert not english_left(pseudo.reason, allowed=ALLOWED), pseudo.reason
    assert english.reason.startswith("You hold ") and "Best: " in english.reason
    assert (pseudo.values, pseudo.best) == (english.values, english.best)


def test_library_messages_are_translated():
    with use(PSEUDO):
        for call, error in ((lambda: advise([], [], QUITLOK), InvalidCards),
                            (lambda: advise(list(QUITLOK.pack)[:23], [], QUITLOK), InvalidCards),
                            (lambda: banker_advice([], [], QUITLOK, open_hands=[OpenHand(1, (None,))]), InvalidCards),
                            (lambda: banker_advice([10], [], QUITLOK, open_hands=[]), InvalidSetup),
                            (lambda: next_card_odds([5], [3], QUITLOK, stock=Stock(0, ())), InvalidCards),
                            (lambda: LabSetup(QUITLOK, stands_on=30), InvalidSetup),
                            (lambda: Progress.from_share_code("nonsense"), ProgressError)):
            with pytest.raises(error) as raised:
                call()
            assert not english_left(str(raised.value), allowed=ALLOWED | {"LabSetup", "OpenHand", "nonsense"}), \
                str(raised.value)


def test_words_shown_from_constants_are_translated():
    with use(PSEUDO):
        for text in (model_words(), *(style_words(s) for s in PLAYER_STYLES)):
            assert not english_left(text, allowed=ALLOWED), text
    assert style_words("best") == PLAYER_STYLES["best"]


def test_the_solved_games_words_are_translated():
    from quitlok.equilibrium import history_words, within_words

    history = ("bet", "draw", Move.DRAW_ALUVUN, "reject")
    with use(PSEUDO):
        for text in (history_words(history), within_words(1e-9), within_words(0.5)):
            assert not english_left(text, allowed=ALLOWED), text
    assert history_words(history) == "bet, took two more cards, called elvaroon and threw in an 11 face up, then stayed"


def _a_decision(monkeypatch, language):
    """A costly decision at the practice table, kept while the learner reads the app in `language`, with the
    moves' labels in that language (as the narration's translated labels will be)."""
    english = action_label
    monkeypatch.setattr(progress, "action_label", lambda state, action: _(english(state, action)))
    state = new_game(QUITLOK, ["Bella", "You"], banker=0, bank=10, purses=10, stock=[5, 10, 9, 2, 3], seed=1)
    with use(language):
        return decision(state, coach(state), Stay(), 1_000.0)


def test_a_kept_move_is_the_same_key_in_every_language(monkeypatch):
    """A progress keeps each option under its English label, its key: kept in one language, it is found and
    judged in another (a learner who changes language, or moves his progress to another device)."""
    in_pseudo, in_english = _a_decision(monkeypatch, PSEUDO), _a_decision(monkeypatch, "en")
    assert in_pseudo.options == in_english.options and in_pseudo.chosen == in_english.chosen == "Stay"
    assert in_english.is_right(in_pseudo.best) and not in_english.is_right("Bet 10")
    assert {label for label, _ in in_pseudo.options} >= {"Stay", "Bet 10"}


def test_a_kept_label_is_shown_in_the_current_language(monkeypatch):
    """A kept label (English, a key) is said again by the moves' labeller in the current language (a stand-in
    that translates its English here, as the narration's translated labels do)."""
    monkeypatch.setattr(progress, "describe", lambda *args, **kwargs: _(describe(*args, **kwargs)))
    with use(PSEUDO):
        assert action_words("Bet 3") == "Ɓḗŧ 3" and action_words("Call elvaroon") == "Ƈȧŀŀ ḗŀṽȧřǿǿƞ"
        assert action_words("Raise 2") == "Řȧīşḗ 2" and action_words("something else") == "something else"
    assert action_words("Blot (free face-up card)") == "Blot (free face-up card)"
