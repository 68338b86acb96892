"""Every generated quiz answer, checked again against the rules from the question's own words."""

import random
import re

import pytest

from quitlok import KVITLACH, QUITLOK, hand_value
from quitlok.odds import bust_chance, percent
from quitlok.quiz import GENERATORS, bust_odds, can_bet, hand_worth, may_retire, who_wins

SEEDS = range(60)


def numbers(text):
    return [int(n) for n in re.findall(r"\d+", text)]


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH])
@pytest.mark.parametrize("seed", SEEDS)
def test_hand_worth(rules, seed):
    q = hand_worth(random.Random(seed), rules)
    cards = numbers(q.prompt.split(":")[1].split(".")[0])
    value = hand_value(cards, rules)
    assert q.options[q.answer] == ("bust" if value > 21 else str(value))


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH])
@pytest.mark.parametrize("seed", SEEDS)
def test_who_wins(rules, seed):
    q = who_wins(random.Random(seed), rules)
    mine = numbers(q.prompt)[0]
    if "is bust" in q.prompt:
        expected = "You win"
    else:
        banker = int(re.search(r"stands on (\d+)", q.prompt).group(1)) if "stands on" in q.prompt else \
            numbers(q.prompt.split("draws")[-1])[-1]
        expected = "You win" if mine > banker else "The banker wins"
    assert q.options[q.answer] == expected


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH])
@pytest.mark.parametrize("seed", SEEDS)
def test_may_retire(rules, seed):
    q = may_retire(random.Random(seed), rules)
    hand, card = numbers(q.prompt)[:2]
    expected = hand >= 4 and card in (4, 7)
    assert q.options[q.answer].startswith("Yes" if expected else "No")


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH])
@pytest.mark.parametrize("seed", SEEDS)
def test_can_bet(rules, seed):
    q = can_bet(random.Random(seed), rules)
    bank, others, purse, *rest = numbers(q.prompt)
    n = rest[-1]
    limit = min(bank - others, purse, rest[0] if len(rest) == 2 else bank)  # rest: [maximum bet,] bet
    assert q.options[q.answer] == ("Yes" if n <= limit else "No")


@pytest.mark.parametrize("seed", SEEDS)
def test_bust_odds(seed):
    q = bust_odds(random.Random(seed))
    a, b = numbers(q.prompt)[:2]
    assert q.options[q.answer] == percent(bust_chance([a, b], [], QUITLOK, exact=True))


def test_generated_questions_are_many_and_varied():
    prompts = {g(random.Random(seed)).prompt for seed in range(20) for g in GENERATORS}
    assert len(prompts) >= 60
