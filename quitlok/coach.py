"""The advisor at the table: what each legal action is worth for the player to act, in chips.

`quitlok.odds` answers in the advisor's own terms ("bet", "blot+aluvun"); the
coach turns a game State into that question (the player's cards, everything
that player can see, stake and room) and prices the engine's actions, so the
table can give hints, say what a decision cost, and drive a best-play player.
"""

import functools
from collections.abc import Callable
from dataclasses import dataclass

from quitlok.actions import Action, Aluvun, Bet, Blot, Draw, Keep, Reject, Stay
from quitlok.bank_odds import BankerAdvice, OpenHand, banker_advice
from quitlok.errors import TooLarge, Unavailable
from quitlok.game import BANKER, PROTECTED, TURN, State, legal_actions
from quitlok.moves import Move
from quitlok.odds import Advice, advise, card_value, position_value, scratch_memos
from quitlok.rulebook import ends_turn, is_twenty_one
from quitlok.stock import Stock

#: decisions within this many chips of the best count as best
TOLERANCE = 0.005
#: three prices of bets within this many chips of one line are taken to lie on it (float rounding only)
_COLLINEAR = 1e-9


@dataclass(frozen=True)
class Coaching:
    """Each legal action's expected result for the player to act, and the advisor's view."""

    values: dict  # Action -> float
    best: Action
    advice: Advice | None  # None while a protected 11 waits for Reject or Keep

    def cost(self, action: Action) -> float:
        """Chips lost on average by `action` compared with the best."""
        return max(0.0, self.values[self.best] - self.values[action])


def banker_model(state: State, stands_on: int) -> int:
    """The total the banker is taken to stand on: the model's, raised to what the rules force."""
    return state.rules.banker_model(stands_on)


def _own_memos(function):
    """Coaching prices positions of one game, which no other game meets: it works them out in memos of its own
    (quitlok.odds.scratch_memos), so that a server's shared memos do not grow with every game played."""
    @functools.wraps(function)
    def in_own_memos(*args, **kwargs):
        with scratch_memos():
            return function(*args, **kwargs)
    return in_own_memos


@_own_memos
def coach(state: State, stands_on: int = 17) -> Coaching | None:
    """Price every legal action of the player to act; None for the banker's decisions or a finished game."""
    seat = state.to_act
    if seat is None or seat == state.banker or state.phase not in (TURN, PROTECTED):
        return None
    rules, hand = state.rules, state.hands[seat]
    seen = state.seen_by(seat)
    stake, room = state.stakes[seat], state.bet_room(seat)
    model = banker_model(state, stands_on)
    legal = legal_actions(state)
    stock = Stock.of(state)  # every card from here comes from this stock, across the reshuffle (SPEC section 3)

    if state.phase == PROTECTED:
        value = state.value(seat)
        if not ends_turn(value):
            keep = position_value(hand, seen, rules, stake=stake, room=room, stands_on=model, stock=stock)
        else:
            keep = float(stake if is_twenty_one(value) else -stake)
        rejected = Stock(stock.cards, stock.under + (11,))  # a rejected 11 goes face up under the stock
        reject = card_value(hand[:-1], seen + (11,), rules, stake=stake, room=room, stands_on=model, stock=rejected)
        values = {Keep(): keep, Reject(): reject}
        return _coaching(values, legal, None)

    advice = advise(hand, seen, rules, stake=stake, room=room, stands_on=model, stock=stock)
    values: dict[Action, float] = {}
    for action in legal:
        if isinstance(action, Stay):
            values[action] = advice.values[Move.STAY]
        elif isinstance(action, Blot | Draw):
            values[action] = card_value(hand, seen, rules, stake=stake, room=room, aluvun=state.aluvun_called,
                                        stands_on=model, stock=stock)
        elif isinstance(action, Aluvun):
            values[action] = max(v for move, v in advice.values.items() if move.aluvun)
    bets = [action for action in legal if isinstance(action, Bet)]
    if bets and rules.bet_first and not state.aluvun_called:
        # Kvitlach's first bet brings no card: the position with that stake, the rest kept for a raise
        values |= bet_values(bets, room, lambda n: position_value(hand, seen, rules, stake=n, room=room - n,
                                                                  stands_on=model, stock=stock))
    elif bets:
        values |= bet_values(bets, room, lambda n: card_value(hand, seen, rules, stake=stake, room=room, bet=n,
                                                              aluvun=state.aluvun_called, stands_on=model,
                                                              stock=stock))
    return _coaching(values, legal, advice)


def bet_values(bets: list[Bet], room: int, price: Callable[[int], float]) -> dict[Bet, float]:
    """Every legal bet's value, asking `price` (the solver) a few times, not once per amount.

    With best play afterwards, a bet of n chips is worth the best, over the ways of playing on, of an amount
    linear in (stake + n, room - n) (SPEC section 3: the result is linear in the chips). A maximum of lines is
    convex in n, on 1 <= n < room; n = room, with no room left, allows fewer ways of playing on and is priced
    apart. A convex function that meets a line at n = 1, 2 and room - 1 is that line on the whole stretch, so
    three prices give every bet below room; if they are not on one line, each bet is priced.
    """
    amounts = sorted(bet.n for bet in bets)
    below = [n for n in amounts if n < room]
    prices = {n: price(n) for n in {amounts[0], *amounts[1:2], below[-1] if below else amounts[0], amounts[-1]}}
    if len(below) > 3:
        first, second, last = below[0], below[1], below[-1]
        slope = (prices[second] - prices[first]) / (second - first)
        if abs(prices[first] + slope * (last - first) - prices[last]) <= _COLLINEAR:
            prices |= {n: prices[first] + slope * (n - first) for n in below if n not in prices}
    return {bet: prices[bet.n] if bet.n in prices else price(bet.n) for bet in bets}


def _coaching(values: dict, legal: list, advice: Advice | None) -> Coaching:
    """The best action; on a tie staying comes first (as in the advisor), then the order of legal_actions."""
    top = max(values.values())
    ties = [action for action in legal if action in values and values[action] >= top - 1e-12]
    best = Stay() if Stay() in ties else ties[0]
    return Coaching(values=values, best=best, advice=advice)


@_own_memos
def banker_coach(state: State, stands_on: int = 17) -> BankerAdvice | None:
    """Price the banker's draw or stand against the open stakes, as the banker sees the table; None for any
    other decision. The players are taken to play best against a banker standing on `stands_on`; the banker's
    cards come from the table's stock, across its reshuffle."""
    banker = state.banker
    if state.to_act != banker or state.phase != BANKER:
        return None
    open_hands, shown = [], []
    for seat, stake in enumerate(state.stakes):
        if stake and seat != banker:
            cards = tuple(card if up else None for card, up in zip(state.hands[seat], state.face_up[seat], strict=True))
            open_hands.append(OpenHand(stake, cards, state.bet_room(seat)))
            shown += [card for card in cards if card is not None]
    seen = list(state.seen_by(banker))
    for card in shown:
        seen.remove(card)
    try:
        return banker_advice(state.hands[banker], seen, state.rules, open_hands=open_hands, stock=Stock.of(state),
                             player_stands_on=banker_model(state, stands_on))
    except (TooLarge, Unavailable):  # too many face-down cards to weigh exactly in time, or the server's worker
        return None  # busy: no price rather than a wrong one
