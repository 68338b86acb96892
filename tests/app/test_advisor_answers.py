"""The advisor's words (quitlok.ui.advisor) for positions and house rules the page's own tests don't reach."""

from dataclasses import replace
from fractions import Fraction

import pytest

from quitlok import KVITLACH, QUITLOK
from quitlok.odds import action_words, advise, first_bets, position_value
from quitlok.ui.advisor import answer, likeliest_words, strategy_frame

HANDS = [[6, 5], [3, 4, 4], [12, 2], [1, 12], [9], [10], [7], [11], [1], [12], [2, 9], [8, 3]]


@pytest.mark.parametrize("hand", HANDS)
def test_the_first_bets_compared_include_the_best_of_every_size(hand):
    """first_bets prices 1, room - 1 and room only; no other size may be worth more."""
    for room in range(1, 7):
        for stands_on in KVITLACH.banker_models:
            every = [position_value(hand, [], KVITLACH, stake=n, room=room - n, stands_on=stands_on)
                     for n in range(1, room + 1)]
            compared = first_bets(hand, [], KVITLACH, room=room, stands_on=stands_on)
            assert max(compared.values()) == pytest.approx(max(every), abs=1e-12), (hand, room, stands_on)


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH])
@pytest.mark.parametrize("hand", HANDS)
def test_every_choice_is_an_action_of_advise_with_its_value(rules, hand):
    said = answer(hand, [], rules, stake=1, room=2, stands_on=17)
    advice = advise(hand, [], rules, stake=1, room=2, stands_on=17)
    words = action_words(rules)
    assert said.choices == {words[a].capitalize(): pytest.approx(float(v)) for a, v in advice.values.items()}
    assert said.headline == words[advice.best].capitalize() == next(iter(said.choices))
    assert list(said.choices.values())[1:] == sorted(list(said.choices.values())[1:], reverse=True)


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH])
def test_without_the_call_at_11_the_page_says_so_in_the_traditions_word(rules):
    said = answer([6, 5], [], replace(rules, aluvun=False, elvaroon_raise=False), stake=1, room=2, stands_on=17)
    assert said.should_call == f"{rules.aluvun_word.capitalize()} is not played under your house rules."


def test_a_lone_11_without_the_framed_pair_rule_gives_no_reason_that_would_be_false():
    """Without 'two framed cards make 21' a second 11 would bust; the engine still refuses the call, and the page
    must not claim that the 11 makes 21."""
    said = answer([11], [], replace(QUITLOK, framed_pair_21=False), stake=1, room=2, stands_on=17)
    assert said.should_call == "**No.** Aluvun is not called on a lone 11."


def test_bet_first_without_the_elvaroon_raise_never_raises():
    rules = replace(KVITLACH, elvaroon_raise=False)
    said = answer([6, 5], [], rules, stake=1, room=2, stands_on=17)
    assert said.should_bet == ("**You can't.** Under your rules you bet once, before the first extra card, "
                               "and never raise.")
    first = answer([6, 5], [], rules, stake=0, room=2, stands_on=17)
    assert "keeping" not in " ".join(first.choices), "no chips are kept for a raise that cannot come"


def test_a_bet_first_player_with_no_chips_to_bet_can_only_stay_out():
    said = answer([10], [], KVITLACH, stake=0, room=0, stands_on=17)
    assert said.headline == "Stay out"
    assert said.choices == {"Stay out (no bet: your cards are thrown in)": 0.0}
    assert said.should_bet.startswith("**You can't.**")


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH])
def test_the_strategy_frame_labels_every_banker_model_of_the_rules(rules):
    frame = strategy_frame(rules)
    assert list(frame.columns) == ["First card"] + [f"Banker stands on {t}" for t in rules.banker_models]
    cells = set(frame.drop(columns="First card").stack())
    words = {"Bet 1", "Stay out"} if rules.bet_first else {w.capitalize() for w in action_words(rules).values()}
    assert cells <= words
    assert len(cells) > 1, "the table answers a question whose answer depends on the card"


def test_an_open_hand_s_likeliest_totals_are_all_named_when_they_tie():
    assert likeliest_words({17: Fraction(1, 4), 18: Fraction(1, 2), 19: Fraction(1, 4)}) == "most likely holds 18"
    assert likeliest_words({18: Fraction(3, 8), 19: Fraction(3, 8), 20: Fraction(1, 4)}) == \
        "most likely holds 18 or 19 (as likely each)"
    assert likeliest_words({17: 0.3, 18: 0.3, 19: 0.3 + 1e-12, 20: 0.1}) == \
        "most likely holds 17, 18 or 19 (as likely each)"
