"""Quiz questions made by the engine from real positions, with wrong options that are real mistakes.

Every generated question is played out (or counted) with the engine under the
house rules in force, and its right answer is read back from the result, never
typed in. Each wrong option is what a named *misconception* (see
MISCONCEPTIONS) gives for that very position: the hand counted with a 12 as
10, the settlement with ties going to the player, the bust chance over a
24-card pack when it holds 48, and so on. An option that a misconception does
not change is left out, so no option is there only to fill a line, and the
feedback on a wrong choice names the misconception behind it.

Fixed questions on history and terms live in content/quiz/questions.md; the
Quiz page mixes both into rounds of ten (ROUND, plan_round).
"""

import random
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from quitlok.actions import Bet, Blot, Draw, Retire, Stand, Stay
from quitlok.cards import a_card, card_name, is_framed
from quitlok.game import BANKER, TURN, apply_action, legal_actions, new_game, seat_name
from quitlok.hand import hand_value, is_framed_pair, totals
from quitlok.i18n import N_, _, and_words, ngettext, or_words
from quitlok.narration import YOU
from quitlok.odds import bust_chance, percent, young_chance_words
from quitlok.rulebook import best_total, ends_turn, is_bust, is_twenty_one, player_wins
from quitlok.rules import QUITLOK, RuleSet

#: questions in a round
ROUND = 10

#: the topics of the questions the engine makes: keys that progress stores (never translated there), each
#: marked for the catalog and shown with topic_words
COUNTING_TOPIC, FRAMED_TOPIC, BLOTS_TOPIC = N_("Counting"), N_("Framed cards"), N_("Blots")
BUST_TOPIC, SETTLEMENT_TOPIC, BANK_TOPIC = N_("Bust and 21"), N_("Settlement"), N_("The bank")
BETTING_TOPIC, ODDS_TOPIC = N_("Betting"), N_("Odds")
#: the topics of the fixed questions (content/quiz/questions.md: '## History: ...', '## Terms: ...'), keys too
HISTORY_TOPIC, TERMS_TOPIC = N_("History"), N_("Terms")
TOPICS = (COUNTING_TOPIC, FRAMED_TOPIC, BLOTS_TOPIC, BUST_TOPIC, SETTLEMENT_TOPIC, BANK_TOPIC, BETTING_TOPIC,
          ODDS_TOPIC, HISTORY_TOPIC, TERMS_TOPIC)


def topic_words(topic: str) -> str:
    """A question's topic (a key, as progress keeps it) as a person reads it, in the current language; a topic
    it does not know, as it is."""
    return _(topic) if topic in TOPICS else topic

#: every misconception a wrong option may come from: what the learner believed -> what is true.
#: "{...}" fields are filled in for the position (the rules' 12 values, the names at the table).
MISCONCEPTIONS = {
    "twelve_as_ten": N_("a 12 counts {twelve} under these rules, never 10 (10 is a Kvitlach house rule)."),
    "twelve_no_ten": N_("under these rules a 12 may also count 10: it counts {twelve}, whichever helps."),
    "twelve_only_twelve": N_("a 12 may also count {lower}, whichever helps the holder."),
    "twelve_always_low": N_("a 12 counts whichever of {twelve} helps most, not always the lowest."),
    "one_as_eleven": N_("a 1 always counts 1, never 11 as an ace does in blackjack."),
    "framed_plain": N_("two framed first cards (2s and 11s) count 21, whatever their numbers add up to, "
                       "for players and banker alike."),
    "framed_anywhere": N_("only a hand's first two cards make a framed pair; framed cards that come later "
                          "count their numbers."),
    "blot_not_counted": N_("a blot costs nothing, but it counts in your hand like any other card."),
    "blot_cannot_win": N_("a blot counts in your hand: with chips at stake, a blot that makes 21 wins them."),
    "blot_wins_chips": N_("only a stake can win: with nothing at stake, a 21 wins nothing."),
    "twenty_one_waits": N_("exactly 21 ends your turn and is paid at once; it does not wait for the banker."),
    "bust_waits": N_("a bust loses the stake at once; it does not come back if the banker busts later."),
    "tie_to_player": N_("a tie goes to the banker, not the player."),
    "tie_returns_stake": N_("a tie is not a draw: it goes to the banker, who takes the stake."),
    "ignore_other_stakes": N_("the bank must cover all open bets together, {other}'s too."),
    "bet_beyond_bank": N_("nobody may bet more than the bank can still cover."),
    "bet_beyond_purse": N_("you can bet only the chips in your purse."),
    "ignore_max_bet": N_("the table agreed a maximum bet of {max_bet}."),
    "max_bet_shared": N_("the maximum bet is for each player's own stake, not for all the bets together."),
    "retire_any_hand": N_("a banker may retire only from hand {retire_from} of the bank on."),
    "retire_any_card": N_("only a first card of {retire_cards} lets the banker retire."),
    "bank_passes_left": N_("the bank passes to the right, not to the left."),
    "bank_to_winner": N_("the bank does not go to the player who broke it; it passes to the right."),
    "bank_redrawn": N_("only the first banker is found by drawing cards; after that the bank passes to the right."),
    "odds_ignore_seen": N_("the cards you have seen are out of the pack: count only the {pool} you have not seen."),
    "odds_pack_24": N_("these rules use two packs shuffled together: 48 cards, four of each number."),
    "odds_own_cards": N_("your own cards are out of the pack too: count only the {pool} you have not seen."),
    "odds_safe_for_bust": N_("that is the chance that the next card does not bust you."),
}


#: the lesson that sets a misconception right, where it is not the question's own lesson: a learner who
#: forgot that a 12 may count 10 is sent to the Kvitlach step, one who counted a 1 as 11 to counting, and so on
MISTAKE_LESSONS = {
    "twelve_as_ten": "02_counting",
    "twelve_no_ten": "12_kvitlach",
    "twelve_only_twelve": "02_counting",
    "twelve_always_low": "02_counting",
    "one_as_eleven": "02_counting",
    "framed_plain": "01_pack",
    "framed_anywhere": "01_pack",
    "twenty_one_waits": "06_bust",
    "bust_waits": "06_bust",
    "ignore_max_bet": "12_kvitlach",
    "max_bet_shared": "12_kvitlach",
}


@dataclass(frozen=True)
class Question:
    """A multiple-choice question; `answer` indexes `options`.

    `mistakes` names, for each option, the misconception that leads to it (None
    for the right one; empty for a fixed question from content/); `feedback`
    is what the learner reads after choosing each option. `lesson` is the slug of the lesson that teaches the point
    (content/lessons/<slug>.md), or None when no lesson does.
    """

    topic: str
    prompt: str
    options: tuple[str, ...]
    answer: int
    explanation: str
    feedback: tuple[str, ...]
    mistakes: tuple[str | None, ...]
    lesson: str | None = None

    def lesson_for(self, choice: int) -> str | None:
        """The lesson to revisit after choosing option `choice`: the one that sets its misconception right,
        else the question's own."""
        mistake = self.mistakes[choice] if self.mistakes else None
        return MISTAKE_LESSONS.get(mistake, self.lesson) if mistake else self.lesson


def twelve_words(values: Sequence[int]) -> str:
    """What a 12 may count under these values: '12 or 9', '12, 10 or 9'."""
    return or_words(sorted(values, reverse=True))


def correction(mistake: str, rules: RuleSet, **fields: object) -> str:
    """What is true, for a learner who chose the option `mistake` leads to ("a tie goes to the banker...")."""
    words = {
        "twelve": twelve_words(rules.twelve_values),
        "lower": twelve_words([v for v in rules.twelve_values if v != 12]),
        "retire_from": rules.retire_from_hand,
        "retire_cards": or_words(sorted(rules.retire_cards)),
    }
    return _(MISCONCEPTIONS[mistake]).format(**words, **fields)


#: how many positions a generator deals before it gives up on rules that cannot make its question
TRIES = 3000


def _deals(what: str):
    """Count the positions a generator tries; raise a clear error rather than loop for ever."""
    yield from range(TRIES)
    raise ValueError(_("The quiz found no position for {what} under these rules in {tries} deals.").format(
        what=what, tries=TRIES))


def _question(rng: random.Random, topic: str, prompt: str, right: str, wrong: dict[str, str], explanation: str,
              rules: RuleSet, lesson: str, most: int = 3, **fields: object) -> Question:
    """A question from its right option and {misconception: option}, shuffled.

    Options equal to the right one or to another wrong one are dropped first; at
    most `most` wrong options are kept, chosen at random.
    """
    kept: dict[str, str] = {}
    for mistake, option in wrong.items():
        if option != right and option not in kept.values():
            kept[mistake] = option
    chosen = rng.sample(sorted(kept), min(most, len(kept)))
    rows = [(right, None)] + [(kept[m], m) for m in chosen]
    rng.shuffle(rows)
    options = tuple(option for option, _mistake in rows)
    mistakes = tuple(m for _option, m in rows)
    feedback = tuple(_("Right! {explanation}").format(explanation=explanation) if m is None else
                     _("Not quite: {correction} {explanation}").format(correction=correction(m, rules, **fields),
                                                                      explanation=explanation)
                     for m in mistakes)
    return Question(topic, prompt, options, mistakes.index(None), explanation, feedback, mistakes, lesson)


# --- counting, and how each misconception counts -------------------------------------------------------


def miscount(cards: Sequence[int], rules: RuleSet, mistake: str) -> int | None:
    """What a hand counts for someone holding `mistake`, or None when that mistake does not touch it."""
    cards = tuple(cards)
    values = rules.twelve_values
    if 12 in cards and len(values) > 1 and mistake == "twelve_only_twelve":
        return hand_value(cards, replace(rules, twelve_values=(12,)))
    if 12 in cards and 10 not in values and mistake == "twelve_as_ten":
        return hand_value(cards, replace(rules, twelve_values=values + (10,)))
    if 12 in cards and 10 in values and mistake == "twelve_no_ten":
        return hand_value(cards, replace(rules, twelve_values=tuple(v for v in values if v != 10)))
    if 12 in cards and mistake == "twelve_always_low":
        return 21 if is_framed_pair(cards, rules) else min(totals(cards, rules))
    if 1 in cards and mistake == "one_as_eleven":
        if is_framed_pair(cards, rules):
            return 21
        ones = cards.count(1)
        return best_total({t + 10 * k for t in totals(cards, rules) for k in range(ones + 1)})
    if is_framed_pair(cards, rules) and mistake == "framed_plain":
        return hand_value(cards, replace(rules, framed_pair_21=False))
    if (mistake == "framed_anywhere" and rules.framed_pair_21 and not is_framed_pair(cards, rules)
            and sum(map(is_framed, cards)) >= 2 and not all(map(is_framed, cards[:2]))):
        return 21
    return None


#: the counting misconceptions, in the order they are tried
COUNTING = ("twelve_as_ten", "twelve_no_ten", "twelve_only_twelve", "twelve_always_low", "one_as_eleven",
            "framed_plain", "framed_anywhere")


def card_words(cards: Sequence[int]) -> str:
    """'5, framed 2 and 12'."""
    return and_words([card_name(c) for c in cards])


def _worth(value: int) -> str:
    # Translators: an answer to "What is the hand worth?": the hand is over 21
    return _("Bust") if is_bust(value) else str(value)


def reachable(cards: Sequence[int], rules: RuleSet) -> bool:
    """True when a player could hold these cards: no earlier part of the hand was already 21 or bust."""
    return all(not ends_turn(hand_value(cards[:k], rules)) for k in range(2, len(cards)))


def hand_worth(rng: random.Random, rules: RuleSet = QUITLOK) -> Question:
    """What is this hand worth? Hands with a 12, a 1 or framed cards, where at least two mistakes show."""
    pack = list(rules.pack)
    special = (12, 12, 12, 1, 2, 11)
    for _deal in _deals("hand_worth"):
        cards = rng.sample(pack, rng.choice((2, 2, 3, 3, 4)))
        if not set(cards) & set(special) or not reachable(cards, rules):
            continue
        value = hand_value(cards, rules)
        wrong = {m: _worth(v) for m in COUNTING if (v := miscount(cards, rules, m)) is not None}
        if len(set(wrong.values()) - {_worth(value)}) >= 2:
            break
    if is_framed_pair(cards, rules):
        why = _("Two framed first cards count 21, whatever their numbers.")
    else:
        parts = []
        if 12 in cards:
            parts.append(_("Each 12 counts {twelve}, whichever is best.").format(
                twelve=twelve_words(rules.twelve_values)))
        if 1 in cards:
            parts.append(_("A 1 counts 1."))
        if sum(map(is_framed, cards)) >= 2:
            parts.append(_("Framed cards count their numbers unless they are the first two."))
        parts.append(_("The best count is {value}.").format(value=value) if not is_bust(value) else
                     _("Even the lowest count is {value}, over 21: the hand is bust.").format(value=value))
        why = " ".join(parts)
    return _question(rng, COUNTING_TOPIC, _("Your cards, in order: {cards}. What is the hand worth?").format(
                     cards=card_words(cards)),
                     _worth(value), wrong, why, rules, "01_pack" if is_framed_pair(cards, rules) else "02_counting")


# --- the next card: bust, 21, blots ----------------------------------------------------------------------


def _after_card(value: int, stake: int) -> str:
    """What happens when a player's card takes the hand to `value` with `stake` chips at stake."""
    if is_bust(value):
        return (_("Bust: you lose your stake of {stake} at once").format(stake=stake) if stake else
                _("Bust: your turn ends; with no stake you lose nothing"))
    if is_twenty_one(value):
        return (_("21: you are paid {stake} at once, and your stake comes back").format(stake=stake) if stake else
                _("21: your turn ends; with no stake you win nothing"))
    return _("{value}: you play on").format(value=value)


def next_card(rng: random.Random, rules: RuleSet = QUITLOK) -> Question:
    """What happens when your next card comes? A real two-seat game deals it; the chips say what happened."""
    pack = list(rules.pack)
    for _deal in _deals("next_card"):
        blot = rules.blots and rng.random() < 0.7
        state = new_game(rules, ["Bella", YOU], banker=0, bank=10, purses=10, stock=rng.sample(pack, len(pack)),
                         seed=rng.randrange(10**6))
        # your hand before the card in question: under bet-first rules the bet and maybe a card; otherwise a bet
        # and its card, a free card, or just the card dealt
        bets = [a for a in legal_actions(state) if isinstance(a, Bet) and a.n <= 3]
        opening = "bet" if rules.bet_first else rng.choice(("bet", "bet", "blot", "none") if rules.blots else
                                                           ("bet", "none"))
        if opening == "bet":
            state = apply_action(state, rng.choice(bets))
            if rules.bet_first and rng.random() < 0.6:
                state = apply_action(state, Draw())
        elif opening == "blot":
            state = apply_action(state, Blot())
        if state.to_act != 1 or state.phase != TURN or state.hands[1] == ():
            continue  # the hand was already 21 or bust
        hand, stake, purse = state.hands[1], state.stakes[1], state.purses[1]
        card = state.stock[0]
        if blot:
            action, how = Blot(), N_("You ask for a blot and get {card}.")
        elif rules.bet_first:
            action, how = Draw(), N_("You take a face-down card: {card}.")
        else:
            action, how = Bet(1), N_("You bet 1 more and take a face-down card: {card}.")
        if action not in legal_actions(state):
            continue
        after = apply_action(state, action)
        stake_now = stake + (action.n if isinstance(action, Bet) else 0)
        value = hand_value(hand + (card,), rules)
        chips = after.purses[1] + after.stakes[1] - purse - stake  # what the card won or lost, from the engine
        ended = after.hands[1] != hand + (card,)  # the turn ended and the cards were thrown in
        assert ended == ends_turn(value) and chips == (stake_now if is_twenty_one(value) else
                                                       -stake_now if is_bust(value) else 0)
        right = _after_card(value, stake_now)
        wrong = {m: _after_card(v, stake_now) for m in COUNTING
                 if (v := miscount(hand + (card,), rules, m)) is not None}
        if blot:
            wrong["blot_not_counted"] = _("Still {value}: a blot does not count, so you play on").format(
                value=hand_value(hand, rules))
        if is_twenty_one(value) and stake_now:
            wrong["twenty_one_waits"] = _("21: you stay, and your stake of {stake} waits for {banker}'s play").format(
                stake=stake_now, banker=seat_name("Bella"))
            if blot:
                wrong["blot_cannot_win"] = _("21, but a blot cannot win: your stake waits for {banker}'s play").format(
                    banker=seat_name("Bella"))
        if is_twenty_one(value) and not stake_now and blot:
            wrong["blot_wins_chips"] = _("21: {banker} pays you from the bank at once").format(
                banker=seat_name("Bella"))
        if is_bust(value) and stake_now:
            wrong["bust_waits"] = _("Bust, but your stake waits: if {banker} busts too, it comes back").format(
                banker=seat_name("Bella"))
        if len(set(wrong.values()) - {right}) >= 2:
            break
    framed = is_framed_pair(hand + (card,), rules)
    prompt = (_("{banker} is the banker. You hold {cards}, with a stake of {stake}.") if stake else
              _("{banker} is the banker. You hold {cards}, with nothing at stake.")).format(
        banker=seat_name("Bella"), cards=card_words(hand), stake=stake)
    prompt += " " + _(how).format(card=a_card(card)) + " " + _("What happens?")
    if framed:
        why = _("Two framed first cards count 21.") + " "
    else:
        why = _("Your cards now count {value}.").format(value=value) + " "
    if is_bust(value):
        why += (_("Over 21 you are bust at once and your stake of {stake} goes to the bank.").format(stake=stake_now)
                if stake_now else _("Over 21 you are bust at once; with no stake there is nothing to lose."))
    elif is_twenty_one(value):
        why += (_("Exactly 21 ends your turn at once: your stake comes back with {stake} more from the bank.").format(
            stake=stake_now) if stake_now else _("Exactly 21 ends your turn at once; with no stake nothing is won."))
    else:
        why += _("Under 21 your turn goes on.")
    topic, lesson = (FRAMED_TOPIC, "01_pack") if framed else (BLOTS_TOPIC, "05_turn") if blot else \
        (BUST_TOPIC, "06_bust")
    return _question(rng, topic, prompt, right, wrong, why.strip(), rules, lesson)


# --- settlement ------------------------------------------------------------------------------------------


def _settle_words(mine: int, banker: int, name: str) -> str:
    """Who wins a stake left open on `mine` against a banker who ends on `banker`, and why."""
    if is_bust(banker):
        return _("You win: {banker} is bust with {total}").format(banker=seat_name(name), total=banker)
    if player_wins(mine, banker):
        return _("You win: your {mine} beats {banker}'s {total}").format(mine=mine, banker=seat_name(name),
                                                                           total=banker)
    if mine == banker:
        return _("{banker} wins: a tie goes to the banker").format(banker=seat_name(name))
    return _("{banker} wins: her {total} beats your {mine}").format(banker=seat_name(name), total=banker, mine=mine)


def _settle_winner(mine: int, banker: int) -> str:
    """Who takes a stake left open on `mine` against a banker on `banker`: "you" or "banker" (what
    _settle_words says first, as a key: a sentence is never read back)."""
    return "you" if is_bust(banker) or player_wins(mine, banker) else "banker"


def who_wins(rng: random.Random, rules: RuleSet = QUITLOK) -> Question:
    """Who wins this settlement, and why? A real two-seat game is played out and its settlement read back."""
    pack = list(rules.pack)
    want_tie = rng.random() < 0.4
    for _deal in _deals("who_wins"):
        state = new_game(rules, ["Bella", YOU], banker=0, bank=10, purses=10, stock=rng.sample(pack, len(pack)),
                         seed=rng.randrange(10**6))
        state = apply_action(state, Bet(1))
        for _step in range(rng.choice((1, 1, 2)) if rules.bet_first else rng.choice((0, 0, 1))):
            if state.to_act == 1 and state.phase == TURN and state.stakes[1] and state.value(1) < 12:
                state = apply_action(state, Draw() if rules.bet_first else Blot() if rules.blots else Bet(1))
        if not (state.to_act == 1 and state.phase == TURN and state.stakes[1]) or state.value(1) < 12:
            continue  # 21, bust or a protected 11: nothing to settle; or a total nobody would stay on
        mine_cards, stake, purse = state.hands[1], state.stakes[1], state.purses[1]
        state = apply_action(state, Stay())
        banker_cards = list(state.hands[0])
        stands = rules.banker_model(rng.choice((16, 17, 17, 18)))
        while state.phase == BANKER:
            if Draw() in legal_actions(state) and state.value(0) < stands:
                banker_cards.append(state.stock[0])
                state = apply_action(state, Draw())
            else:
                state = apply_action(state, Stand())
        mine, banker = hand_value(mine_cards, rules), hand_value(banker_cards, rules)
        won = state.purses[1] > purse  # the engine's settlement: stake back and as much again, or nothing
        assert won == player_wins(mine, banker) and state.purses[1] - purse in (0, 2 * stake)
        if want_tie != (mine == banker):
            continue
        right = _settle_words(mine, banker, "Bella")
        believed = {m: (miscount(mine_cards, rules, m) or mine, miscount(banker_cards, rules, m) or banker)
                    for m in COUNTING
                    if miscount(mine_cards, rules, m) is not None or miscount(banker_cards, rules, m) is not None}
        wrong = {m: _settle_words(*totals_, "Bella") for m, totals_ in believed.items()}
        winners = {m: _settle_winner(*totals_) for m, totals_ in believed.items()}
        if mine == banker:
            wrong["tie_to_player"] = _("You win: a tie goes to the player")
            wrong["tie_returns_stake"] = _("Nobody: a tie gives you your stake back")
            winners["tie_to_player"], winners["tie_returns_stake"] = "you", "nobody"
        distinct: dict[str, str] = {}
        for mistake, option in sorted(wrong.items()):
            if option != right and option not in distinct.values():
                distinct[mistake] = option
        other_winner = sorted(m for m in distinct if winners[m] != _settle_winner(mine, banker))
        if len(distinct) >= 2 and other_winner:
            break  # at least one mistake changes who wins, not only the numbers
    first = rng.choice(other_winner)  # kept whatever else is left out
    wrong = {m: distinct[m] for m in [first] + rng.sample(sorted(set(distinct) - {first}), min(2, len(distinct) - 1))}
    draws = banker_cards[1:]
    shown = (_("{banker}, the banker, turns up {first} and draws {draws}.") if draws else
             _("{banker}, the banker, turns up {first}.")).format(
        banker=seat_name("Bella"), first=card_words(banker_cards[:1]), draws=card_words(draws) if draws else "")
    prompt = " ".join((
        ngettext("You stay on {cards} with {n} chip at stake.", "You stay on {cards} with {n} chips at stake.",
                 stake).format(cards=card_words(mine_cards), n=stake),
        shown, _("That ends her turn."), _("Who wins your stake, and why?")))
    why = (_("You have {mine} and {banker} has {total}, over 21.") if is_bust(banker) else
           _("You have {mine} and {banker} has {total}.")).format(mine=mine, banker=seat_name("Bella"), total=banker)
    why += " " + (_("A bust banker pays every open stake.") if is_bust(banker) else
                  _("The higher total wins; a tie goes to the banker.") if not player_wins(mine, banker) else
                  _("The higher total wins."))
    return _question(rng, SETTLEMENT_TOPIC, prompt, right, wrong, why, rules, "09_settle")


# --- the bank: retiring and passing it on ------------------------------------------------------------------


def retire_allowed(rules: RuleSet, hand: int, first: int, seed: int) -> bool:
    """Deal a three-seat game up to `hand` with the banker's first card `first`; may she retire?"""
    quiet = [c for c in rules.pack if c not in rules.retire_cards and c != first]
    random.Random(seed).shuffle(quiet)
    stock = quiet[:3 * hand - 1] + [first]
    state = new_game(rules, ["Bella", "Chaim", "Dina"], banker=0, bank=10, purses=20, stock=stock, seed=seed)
    for _step in range(2 * (hand - 1)):
        state = apply_action(state, Stay())
    assert state.hand_number == hand and state.hands[0] == (first,)
    return Retire() in legal_actions(state)


def _moment(hand: int, card: int) -> str:
    return _("In hand {hand} of her bank, with {card} as her first card").format(hand=hand, card=a_card(card))


def may_retire(rng: random.Random, rules: RuleSet = QUITLOK) -> Question:
    """When may the banker retire? Three moments, each dealt with the engine; exactly one allows it."""
    start = rules.retire_from_hand
    retire = sorted(rules.retire_cards)
    others = [c for c in range(1, 13) if c not in rules.retire_cards]
    seed = rng.randrange(10**6)
    moments = {None: (rng.randint(start, start + 2), rng.choice(retire))}
    if start > 1:
        moments["retire_any_hand"] = (rng.randint(1, start - 1), rng.choice(retire))
    moments["retire_any_card"] = (rng.randint(start, start + 2), rng.choice(others))
    allowed = {m: retire_allowed(rules, hand, card, seed) for m, (hand, card) in moments.items()}
    assert allowed[None] and not any(v for m, v in allowed.items() if m), "the rules changed under the quiz"
    hand, card = moments[None]
    why = _("A banker may retire from hand {start} of her bank on, when her first card (after a deal, or her "
            "new card after an early settlement) is {cards}: hand {hand} and {card} qualify.").format(
        start=start, cards=or_words([a_card(c) for c in retire]), hand=hand, card=a_card(card))
    return _question(rng, BANK_TOPIC, _("{banker} is the banker. At which of these moments may she show her card, "
                                        "retire and take the bank home?").format(banker=seat_name("Bella")),
                     _moment(hand, card),
                     {m: _moment(*moments[m]) for m in moments if m}, why, rules, "11_change_bank")


NAMES = ("Bella", "Chaim", "Dina", "Eli")


def who_banks_next(rng: random.Random, rules: RuleSet = QUITLOK) -> Question:
    """Who takes the bank after a retirement or a broken bank? The engine passes it; the state says to whom."""
    names = list(NAMES)
    rng.shuffle(names)
    b = rng.randrange(4)
    seed = rng.randrange(10**6)
    bank = rng.randint(4, 10)
    left, opposite, right_seat = (b + 1) % 4, (b + 2) % 4, (b - 1) % 4
    probe = new_game(rules, names, banker=b, bank=bank, purses=20, seed=seed)
    # the bank can be broken by one bet only when bets have no agreed maximum and a purse can cover the
    # whole bank (with every player adding a share, the bank outgrows what each has left)
    broken = probe.max_bet is None and probe.bank <= min(probe.purses) and rng.random() < 0.5
    if broken:
        # the first to play stays; the next bets the whole bank on a 10 and is dealt 11: 21, paid at once
        stock = [5, 10, 6, 3, 11]
        state = new_game(rules, names, banker=b, bank=bank, purses=20, stock=stock, seed=seed)
        state = apply_action(state, Stay())
        whole = state.bank
        state = apply_action(state, Bet(whole))
        if rules.bet_first:
            state = apply_action(state, Draw())
        event = _("{name} bets the whole bank of {whole} on a 10 and is dealt an 11: 21, paid at once. "
                  "The bank is empty.").format(name=seat_name(names[opposite]), whole=whole)
    else:
        quiet = [c for c in rules.pack if c not in rules.retire_cards]
        random.Random(seed).shuffle(quiet)
        first = rng.choice(sorted(rules.retire_cards))
        hand = rules.retire_from_hand
        stock = quiet[:4 * hand - 1] + [first]
        state = new_game(rules, names, banker=b, bank=bank, purses=20, stock=stock, seed=seed)
        for _step in range(3 * (hand - 1)):
            state = apply_action(state, Stay())
        state = apply_action(state, Retire())
        event = _("In hand {hand} of {banker}'s bank, {banker}'s first card is {card}: {banker} shows it, "
                  "retires and takes the bank home.").format(hand=hand, banker=seat_name(names[b]), card=a_card(first))
    assert state.banker != b, "the bank did not pass"
    new = names[state.banker]
    right = _("{name}, on {banker}'s right").format(name=seat_name(new), banker=seat_name(names[b]))
    wrong = {"bank_passes_left": _("{name}, on {banker}'s left").format(name=seat_name(names[left]),
                                                                         banker=seat_name(names[b])),
             "bank_redrawn": _("Whoever draws the highest card, as at the start")}
    if broken:
        wrong["bank_to_winner"] = _("{name}, who broke the bank").format(name=seat_name(names[opposite]))
    why = _("When a banker retires or the bank is broken, the bank passes to the right. Going clockwise, "
            "{name} sits just before {banker}, so on {banker}'s right.").format(name=seat_name(names[right_seat]),
                                                                               banker=seat_name(names[b]))
    prompt = " ".join((_("{names} sit in that order, clockwise.").format(names=and_words(names)),
                       _("{banker} is the banker.").format(banker=seat_name(names[b])), event, _("Who banks next?")))
    return _question(rng, BANK_TOPIC, prompt, right, wrong, why, rules, "11_change_bank",
                     other=seat_name(names[opposite]))


# --- betting ---------------------------------------------------------------------------------------------


def _chips_words(n: int) -> str:
    return _("None: you may not bet") if n <= 0 else ngettext("{n} chip", "{n} chips", n).format(n=n)


def max_bet(rng: random.Random, rules: RuleSet = QUITLOK) -> Question:
    """How much may you bet? Chaim bets first; the engine's legal bets say how many chips you may stake."""
    for _deal in _deals("max_bet"):
        bank = rng.randint(4, 16)
        share = rules.share_of(bank)
        purses = [40, 40, share + rng.randint(1, 12)]
        state = new_game(rules, ["Bella", "Chaim", YOU], banker=0, bank=bank, purses=purses,
                         stock=[3, 2, 5, 1], seed=rng.randrange(10**6))
        if state.to_act != 1:
            continue
        chaim = max(a.n for a in legal_actions(state) if isinstance(a, Bet))
        others = rng.randint(1, max(1, min(chaim, state.bank - 1)))
        state = apply_action(apply_action(state, Bet(others)), Stay())
        if state.to_act != 2 or state.phase != TURN:
            continue
        bets = [a.n for a in legal_actions(state) if isinstance(a, Bet)]
        room = max(bets, default=0)
        purse, cover, cap = state.purses[2], state.bank - state.open_stakes, state.max_bet
        limit = cap if cap is not None else 10**9
        wrong = {"ignore_other_stakes": min(purse, state.bank, limit),
                 "bet_beyond_bank": min(purse, limit),
                 "bet_beyond_purse": min(cover, limit)}
        if cap is not None:
            wrong["ignore_max_bet"] = min(purse, cover)
            wrong["max_bet_shared"] = min(purse, cover, cap - others)
        if room >= 1 and len({n for n in wrong.values() if n != room}) >= 2:
            break
    prompt = " ".join(
        [_("The bank holds {bank}. {name} has bet {others} and stays. Your purse holds {purse}.").format(
            bank=state.bank, name=seat_name("Chaim"), others=others, purse=purse)]
        + ([_("The table agreed a maximum bet of {cap}.").format(cap=cap)] if cap is not None else [])
        + [_("How many chips may you bet at most?")])
    why = " ".join(
        [_("All open bets together may not be more than the bank: {bank} - {others} = {cover} is left to cover "
           "yours. Your purse holds {purse}.").format(bank=state.bank, others=others, cover=cover, purse=purse)]
        + ([_("And no stake may be over the agreed maximum of {cap}.").format(cap=cap)] if cap is not None else [])
        + [_("So at most {room}.").format(room=room)])
    lesson = "12_kvitlach" if cap is not None else "08_early"
    return _question(rng, BETTING_TOPIC, prompt, _chips_words(room), {m: _chips_words(n) for m, n in wrong.items()},
                     why, rules, lesson, other=seat_name("Chaim"), max_bet=cap)


# --- odds ------------------------------------------------------------------------------------------------


def count_chance_words(p: Fraction, pool: int, young: bool = False) -> str:
    """'6 in 20 (30%)': the count of cards over the pool, then the percentage; for a young class (`young`) the
    chance in words instead of the percentage: '6 in 20 (3 in 10)', '7 in 19 (about 3 in 8)', '1 in 2'."""
    # Translators: a count of cards over the cards unseen: "6 in 20"
    count = _("{count} in {pool}").format(count=p * pool, pool=pool)
    if not young:
        return _("{count} ({percent})").format(count=count, percent=percent(p))
    simpler = young_chance_words(p)
    return count if simpler == count else _("{count} ({simpler})").format(count=count, simpler=simpler)


def _shown_apart(exact: Fraction, wrong: dict[str, tuple[Fraction, int]]) -> dict[str, str]:
    """One wrong option per percentage as shown: {shown percentage: misconception}. "8 in 19 (42%)" beside the
    right "10 in 24 (42%)" would read the same to a learner, so a wrong chance that rounds to the right one's
    percentage (or to another wrong one's) is dropped."""
    apart: dict[str, str] = {}
    for m, (p, _pool) in wrong.items():
        if percent(p) != percent(exact):
            apart.setdefault(percent(p), m)
    return apart


def _twelve_rules(rules: RuleSet) -> dict[str, RuleSet]:
    """The rules as each 12 misconception counts them: 12 only, 12 also as 10, or 10 forgotten."""
    values = rules.twelve_values
    mistaken = {"twelve_only_twelve": (12,) if len(values) > 1 else None,
                "twelve_as_ten": values + (10,) if 10 not in values else None,
                "twelve_no_ten": tuple(v for v in values if v != 10) if 10 in values else None}
    return {m: replace(rules, twelve_values=v) for m, v in mistaken.items() if v is not None}


def bust_odds(rng: random.Random, rules: RuleSet = QUITLOK, young: bool = False) -> Question:
    """What is the chance the next card busts you, with some cards seen? Answered by quitlok.odds. `young`: the
    chances in words for a young class (no percentages); the same question either way for the same rng."""
    pack = list(rules.pack)
    for _deal in _deals("bust_odds"):
        cards = rng.sample(pack, 2 + rng.randint(1, 3))
        hand, seen = cards[:2], cards[2:]
        if not 12 <= hand_value(hand, rules) <= 20:
            continue
        pool = rules.pack_size - len(cards)
        exact = bust_chance(hand, seen, rules, exact=True)
        if not 0 < exact < 1:
            continue  # no card busts (a 12 can always drop to 9), or every card does: nothing to work out
        wrong: dict[str, tuple[Fraction, int]] = {}
        unseen_all = rules.pack_size - 2
        wrong["odds_ignore_seen"] = (bust_chance(hand, [], rules, exact=True), unseen_all)
        roomy = replace(rules, copies=4)  # the whole pack again, so a third 6 on two 6s can be counted
        busting = sum(n for rank, n in Counter(pack).items() if is_bust(hand_value(hand + [rank], roomy)))
        wrong["odds_own_cards"] = (Fraction(busting, rules.pack_size), rules.pack_size)
        wrong["odds_safe_for_bust"] = (1 - exact, pool)
        if rules.copies == 4 and max(Counter(cards).values()) <= 2:
            wrong["odds_pack_24"] = (bust_chance(hand, seen, replace(rules, copies=2), exact=True), 24 - len(cards))
        for m, other in _twelve_rules(rules).items():
            wrong[m] = (bust_chance(hand, seen, other, exact=True), pool)
        if len(_shown_apart(exact, wrong)) >= 2:
            break
    options = {m: count_chance_words(*wrong[m], young) for m in _shown_apart(exact, wrong).values()}
    count = exact * pool
    why = _("Of the {pool} cards you have not seen, {count} take {cards} over 21: {chance}.").format(
        pool=pool, count=count, cards=card_words(hand), chance=count_chance_words(exact, pool, young))
    prompt = _("You hold {cards}. Face up under the stock you can see {seen}; no other card is known. What is the "
               "chance that the next card busts you?").format(cards=card_words(hand), seen=card_words(seen))
    return _question(rng, ODDS_TOPIC, prompt, count_chance_words(exact, pool, young), options, why, rules, "06_bust",
                     pool=pool)


#: every generator: (rng, rules) -> Question
GENERATORS: tuple[Callable[[random.Random, RuleSet], Question], ...] = (
    hand_worth, next_card, who_wins, may_retire, who_banks_next, max_bet, bust_odds)


#: the lessons whose rules each generator's questions (and the mistakes its wrong options stand for) rest on
LESSONS_NEEDED: dict[Callable[[random.Random, RuleSet], Question], tuple[str, ...]] = {
    hand_worth: ("01_pack", "02_counting"),
    next_card: ("01_pack", "02_counting", "05_turn", "06_bust"),
    who_wins: ("01_pack", "02_counting", "09_settle"),
    may_retire: ("11_change_bank",),
    who_banks_next: ("11_change_bank",),
    max_bet: ("03_bank", "08_early"),
    bust_odds: ("02_counting", "06_bust"),
}


def lessons_needed(generator: Callable[[random.Random, RuleSet], Question], rules: RuleSet) -> tuple[str, ...]:
    """The lessons a learner needs before `generator`'s questions under `rules`: its own, and the Kvitlach
    lesson where these rules make a question turn on what only that lesson teaches (a 12 that may count 10, a
    maximum bet agreed in chips, a pack of 48)."""
    kvitlach = ((rules.twelve_values != QUITLOK.twelve_values and generator in (hand_worth, next_card, who_wins,
                                                                                 bust_odds))
                or (rules.agreed_max_bet and generator is max_bet)
                or (rules.copies != QUITLOK.copies and generator is bust_odds))
    return LESSONS_NEEDED[generator] + (("12_kvitlach",) if kvitlach else ())


def open_generators(done: Collection[str], rules: RuleSet) -> tuple[int, ...]:
    """The generators (indices into GENERATORS) whose lessons are all in `done`: what the quiz may ask a
    learner who has done those lessons."""
    return tuple(i for i, g in enumerate(GENERATORS) if set(lessons_needed(g, rules)) <= set(done))


def _repeats(rng: random.Random, made: list[int], extra: int) -> list[int]:
    """`extra` more of the generators `made`, as evenly as they go round: each at most once more while enough."""
    picked: list[int] = []
    while len(picked) < extra:
        picked += rng.sample(made, min(len(made), extra - len(picked)))
    return picked


def plan_round(rng: random.Random, fixed: int, made: Sequence[int] | None = None) -> list[tuple[str, int]]:
    """The order of one round: every generator of `made` (all when None) once and fixed questions for the
    rest, shuffled.

    Returns ROUND entries ("made", generator index) or ("fixed", k), k counting
    the round's fixed questions from 0; with no fixed questions, generators repeat.
    """
    made = list(range(len(GENERATORS)) if made is None else made)[:ROUND]
    extra = ROUND - len(made)
    if not fixed and not made:
        raise ValueError(_("A round needs fixed questions or questions the engine makes."))
    plan = [("made", i) for i in made] + ([("fixed", k) for k in range(extra)] if fixed else
                                          [("made", i) for i in _repeats(rng, made, extra)])
    rng.shuffle(plan)
    return plan
