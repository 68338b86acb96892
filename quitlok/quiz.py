"""Quiz questions made by the engine: the answer of every generated question is read from a real
game or from quitlok.odds, never typed in. Fixed questions on history and terms live in
content/quiz/questions.md; the page mixes both.
"""

import random
from collections import Counter
from dataclasses import dataclass

from quitlok.actions import Bet, Retire, Stay
from quitlok.bots import QuietPlayer
from quitlok.game import YOU, apply_action, legal_actions, new_game
from quitlok.hand import hand_value, totals
from quitlok.odds import bust_chance, percent
from quitlok.rules import QUITLOK, RuleSet


@dataclass(frozen=True)
class Question:
    """A multiple-choice question; `answer` indexes `options`."""

    topic: str
    prompt: str
    options: tuple[str, ...]
    answer: int
    explanation: str


def _shuffled(rng: random.Random, right: str, wrong: list[str]) -> tuple[tuple[str, ...], int]:
    options = [right] + [w for w in dict.fromkeys(wrong) if w != right]
    rng.shuffle(options)
    return tuple(options), options.index(right)


def _draw(rng: random.Random, rules: RuleSet, n: int, used: Counter | None = None) -> list[int]:
    left = Counter(rules.pack) - (used or Counter())
    cards = list(left.elements())
    return rng.sample(cards, n)


def hand_worth(rng: random.Random, rules: RuleSet = QUITLOK) -> Question:
    """What is this hand worth?"""
    while True:
        cards = _draw(rng, rules, rng.choice((2, 2, 3)))
        if 12 in cards or all(c in (2, 11) for c in cards[:2]) or rng.random() < 0.3:
            break
    value = hand_value(cards, rules)
    plain = sum(cards)
    right = "bust" if value > 21 else str(value)
    candidates = [str(plain), str(min(totals(cards, rules))), "21", "bust", str(value + 1), str(value - 1),
                  str(value - 3)]
    wrong = [w for w in dict.fromkeys(candidates) if w != right and (w == "bust" or int(w) <= 21)]
    options, answer = _shuffled(rng, right, wrong[:3])
    shown = ", ".join(f"framed {c}" if c in (2, 11) else str(c) for c in cards)
    if len(cards) == 2 and all(c in (2, 11) for c in cards):
        why = "Two framed first cards count 21, whatever their numbers."
    elif 12 in cards:
        choices = " or ".join(map(str, rules.twelve_values))
        why = f"Each 12 counts {choices}, whichever is best: the hand counts {value}."
    else:
        why = f"The numbers add up to {plain}."
    if value > 21:
        why += " Every way of counting is over 21, so the hand is bust."
    return Question("Counting", f"Your cards, in order: {shown}. What is the hand worth?", options, answer, why)


def who_wins(rng: random.Random, rules: RuleSet = QUITLOK) -> Question:
    """Who wins this settlement? A real two-seat game is played out and its settlement read back."""
    while True:  # until the bet card leaves a stake to settle (not 21, not bust)
        state = new_game(rules, ["Bella", YOU], banker=0, bank=10, purses=10, stock=_draw(rng, rules, 3),
                         seed=rng.randrange(10**6))
        state = apply_action(state, Bet(1))
        if state.stakes[1]:
            break
    mine = state.value(1)
    state = apply_action(state, Stay())
    banker = QuietPlayer()
    while state.phase == "banker":
        state = apply_action(state, banker.choose(state))
    outcome = next(e for e in state.events if e.startswith("You show"))
    banker_moves = ("Bella turns up", "Bella draws", "Bella stands", "Bella is bust")
    cards = [e for e in state.events if e.startswith(banker_moves)]
    you_win = " win " in outcome
    right = "You win" if you_win else "The banker wins"
    tie = "Nobody: it is a tie and the stake comes back"
    options, answer = _shuffled(rng, right, ["You win", "The banker wins", tie])
    prompt = f"You stayed with {mine} and 1 chip at stake. Then: " + " ".join(cards) + " Who wins your stake?"
    why = outcome + (" Ties always go to the banker." if "ties" in outcome else "")
    return Question("Settlement", prompt, options, answer, why)


def may_retire(rng: random.Random, rules: RuleSet = QUITLOK) -> Question:
    """May the banker retire now? The game is dealt up to that hand and legal_actions answers."""
    hand = rng.randint(2, 6)
    first = rng.choice((4, 7, 4, 7, 5, 9, 12, 1))
    # three cards a hand, none a 4 or 7 (so the earlier hands pass quietly), and `first` dealt to Bella last
    quiet = [c for c in _draw(rng, rules, rules.pack_size - 1, Counter({first: 1})) if c not in rules.retire_cards]
    stock = quiet[:3 * hand - 1] + [first]
    state = new_game(rules, ["Bella", "Chaim", "Dina"], banker=0, bank=10, purses=20, stock=stock,
                     seed=rng.randrange(10**6))
    for _ in range(2 * (hand - 1)):
        state = apply_action(state, Stay())
    assert state.hand_number == hand and state.hands[0] == (first,)
    allowed = Retire() in legal_actions(state)
    right = "Yes: she may show it and take the bank" if allowed else "No: she plays on"
    options, answer = _shuffled(rng, right, ["Yes: she may show it and take the bank", "No: she plays on"])
    why = (f"A banker may retire from hand {rules.retire_from_hand} on, when her first card is a 4 or a 7. "
           f"This is hand {hand} and her card is a {first}.")
    return Question("The bank", f"Bella is banker. In hand {hand} of her bank, her first card is a {first}. "
                    "May she retire?", options, answer, why)


def can_bet(rng: random.Random, rules: RuleSet = QUITLOK) -> Question:
    """Can this bet be placed? Chaim bets first; legal_actions says whether your bet fits."""
    purses = [30, 30, rng.randint(2, 12)]
    state = new_game(rules, ["Bella", "Chaim", YOU], banker=0, bank=rng.randint(4, 12), purses=purses,
                     stock=[3, 2, 5, 1], seed=rng.randrange(10**6))
    others = rng.randint(1, max(1, min(state.bet_room(1), state.bank - 1)))
    state = apply_action(apply_action(state, Bet(others)), Stay())
    bank, purse, room = state.bank, state.purses[2], state.bet_room(2)
    n = rng.choice([room, room + 1, rng.randint(1, 12)]) or 1
    allowed = Bet(n) in legal_actions(state)
    options, answer = _shuffled(rng, "Yes" if allowed else "No", ["Yes", "No"])
    limit = f" The agreed maximum bet is {state.max_bet}." if state.max_bet is not None else ""
    why = (f"All open bets together may not be more than the bank: {bank} - {others} = {bank - others} is left, "
           f"and your purse holds {purse}.{limit} So you may bet up to {room}.")
    return Question("Betting", f"The bank holds {bank}. Chaim has {others} at stake. Your purse holds {purse}."
                    f"{limit} May you bet {n}?", options, answer, why)


def bust_odds(rng: random.Random, rules: RuleSet = QUITLOK) -> Question:
    """What is the chance the next card busts you? Answered by quitlok.odds."""
    while True:
        cards = _draw(rng, rules, 2)
        if 12 <= hand_value(cards, rules) <= 20:
            break
    exact = bust_chance(cards, [], rules, exact=True)
    right = percent(exact)
    wrong = [percent(min(1, exact * k)) for k in (2, 0.5, 1.5)] + ["0%", "100%"]
    options, answer = _shuffled(rng, right, [w for w in wrong if w != right][:3])
    why = (f"{exact.numerator} in {exact.denominator}: of the {rules.pack_size - 2} cards you have not seen, "
           f"those that take {cards[0]} + {cards[1]} over 21 make up {right}.")
    return Question("Odds", f"You hold {cards[0]} and {cards[1]} and have seen no other card. "
                    "What is the chance that the next card busts you?", options, answer, why)


GENERATORS = (hand_worth, who_wins, may_retire, can_bet, bust_odds)
