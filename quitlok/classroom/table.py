"""Positions at your turn, from real games: the table the best-play, aluvun and bust-chance questions show.

Bella banks; one to three computer players (the practice table's cautious and bold players) sit between
her and you and play their turns; then, as the question asks, you place your bet (bet-first rules) and
take a card or two. The question is asked at your turn, so every position is one the engine reached:
the cards are a real deal, the stakes and the room to bet are the engine's.
"""

import random

from quitlok.actions import Bet, Blot, Draw, KeepBank
from quitlok.bots import bold, cautious
from quitlok.classroom.position import Position, SeatView
from quitlok.game import RETIRE, TURN, State, apply_action, legal_actions, new_game, seat_name
from quitlok.hand import can_call_aluvun
from quitlok.i18n import _
from quitlok.narration import YOU
from quitlok.quiz import NAMES, card_words
from quitlok.rulebook import turn_moves
from quitlok.rules import RuleSet

#: the banker's name at every class table
BANKER_NAME = NAMES[0]


def your_go(state: State, you: int) -> bool:
    """Your turn in the first hand of Bella's bank, with no call made yet."""
    return (state.to_act == you and state.phase == TURN and state.hand_number == 1 and state.banker == 0
            and not state.aluvun_called)


def your_turn(rng: random.Random, rules: RuleSet, *, first: int | None = None,
              own: bool = True) -> tuple[State, int] | None:
    """(state, your seat) at your turn in a real first hand, you sitting last; None when the hand does not
    reach your turn (the others' stakes covered the bank, say).

    `first` is your first card, put where the deal gives it to you. With `own`, you then take up to two
    cards (blots, bets or draws) while under 17; under bet-first rules you always place your bet first."""
    others = rng.choice((1, 2, 2, 3))
    players = [BANKER_NAME, *NAMES[1:1 + others], YOU]
    you = len(players) - 1
    stock = list(rules.pack)
    rng.shuffle(stock)
    if first is not None:  # the first deal goes clockwise from the banker's left: card you - 1 is yours
        stock.remove(first)
        stock.insert(you - 1, first)
    state = new_game(rules, players, banker=0, bank=rng.randint(6, 12), purses=20, stock=stock,
                     seed=rng.randrange(10**6))
    bots = {seat: rng.choice((cautious, bold))(rng.randrange(10**6)) for seat in range(1, you)}
    for _step in range(100):
        if state.phase == RETIRE:  # house rules that let her retire in hand 1: she keeps the bank
            state = apply_action(state, KeepBank())
        elif state.to_act in bots:
            state = apply_action(state, bots[state.to_act].choose(state))
        else:
            break
    if not your_go(state, you):
        return None
    if rules.bet_first:
        bets = [action for action in legal_actions(state) if isinstance(action, Bet)]
        if not bets:
            return None
        state = apply_action(state, rng.choice(bets))  # the bet comes first, and no card comes with it
    for _card in range(rng.choice((0, 1, 1, 2)) if own else 0):
        if state.value(you) >= 17:
            break
        legal = legal_actions(state)
        cards = [action for action in legal if isinstance(action, Blot | Draw)]
        bets = [action for action in legal if isinstance(action, Bet)] if not rules.bet_first else []
        if bets:
            cards.append(rng.choice(bets))
        if not cards:
            break
        state = apply_action(state, rng.choice(cards))
        if not your_go(state, you):
            return None
    return state, you


def table_position(state: State, you: int, stands_on: int | None) -> Position:
    """The state as you see it: your cards with their numbers, other seats' face-down cards hidden."""
    seats = tuple(
        SeatView(name, tuple(card if seat == you or up else None for card, up in zip(cards, ups, strict=True)),
                 ups, stake)
        for seat, (name, cards, ups, stake) in enumerate(zip(state.players, state.hands, state.face_up,
                                                             state.stakes, strict=True)))
    return Position(state.rules, seats, banker=state.banker, you=you, under=state.under, bank=state.bank,
                    hand_number=state.hand_number, room=state.bet_room(you), max_bet=state.max_bet,
                    stands_on=stands_on)


def stake_words(stake: int) -> str:
    return _("a stake of {stake}").format(stake=stake) if stake else _("nothing at stake")


def _hold_words(position: Position) -> str:
    """Your cards and chips in one sentence, in the rules' terms: 'You hold 5 and 9, with a stake of 2, and may
    bet up to 3 more.'"""
    rules, room, stake = position.rules, position.room, position.stake
    fields = {"cards": card_words(position.hand), "stake": stake, "room": room, "call": rules.aluvun_word}
    if rules.bet_first:  # the bet is placed; only the call at 11 lets you add to it
        raising = can_call_aluvun(position.hand, rules) and Bet in turn_moves(
            rules, staked=True, room=room, can_draw=True, aluvun=True, called=True)  # the card after the call
        if raising:
            return (_("You hold {cards}, with a stake of {stake}, and may raise up to {room} if you call {call}.")
                    if stake else
                    _("You hold {cards}, with nothing at stake, and may raise up to {room} if you call {call}."))\
                .format(**fields)
        return (_("You hold {cards}, with a stake of {stake}.") if stake else
                _("You hold {cards}, with nothing at stake.")).format(**fields)
    if not room:
        return (_("You hold {cards}, with a stake of {stake}, and may bet no more.") if stake else
                _("You hold {cards}, with nothing at stake, and may not bet: the bank is covered.")).format(**fields)
    return (_("You hold {cards}, with a stake of {stake}, and may bet up to {room} more.") if stake else
            _("You hold {cards}, with nothing at stake, and may bet up to {room}.")).format(**fields)


def table_words(position: Position, *, chips: bool) -> str:
    """The position in words for a prompt: your cards, your chips (when `chips`), what you can see, and
    (with chips) the banker model behind the values."""
    words = [_("{banker} is the banker.").format(banker=seat_name(BANKER_NAME))]
    if chips:
        words.append(_hold_words(position))
        if position.max_bet is not None:
            words.append(_("The table's maximum bet is {max_bet}.").format(max_bet=position.max_bet))
    else:
        words.append(_("You hold {cards}.").format(cards=card_words(position.hand)))
    seen = position.seen
    words.append((_("Face up you can see {seen}; the other {unseen} cards are unseen.") if seen else
                  _("No other card is face up; the other {unseen} cards are unseen.")).format(
        seen=card_words(seen) if seen else "", unseen=position.unseen))
    if chips:
        words.append(_("Take it that {banker} draws until she has {stands_on} or more.").format(
            banker=seat_name(BANKER_NAME), stands_on=position.stands_on))
    return " ".join(words)
