"""The rules of play, each written once (SPEC sections 1 and 2): the game, the odds, the banker's odds, the Lab,
the quiz and the class questions all judge a hand by these.

`quitlok.rules` holds what differs between tables (a RuleSet's fields); this module says what those fields
mean at the table: when a hand is bust or at 21, who wins a settlement, when aluvun may be called, which moves
a player has. Each takes plain numbers, so the solvers can ask it about a summary of a hand as well as the game
about its cards; the comparisons work elementwise on numpy arrays too (the Lab plays many hands at once).
"""

from collections.abc import Iterable

from quitlok.actions import Aluvun, Bet, Blot, Draw, Stay
from quitlok.rules import RuleSet

#: the total every hand aims at: a card that takes a hand to it ends the turn and is paid at once; beyond it the
#: hand is bust
TWENTY_ONE = 21


def is_bust(value):
    """A hand worth more than 21 is bust: a player's stake goes to the bank at once; a banker pays every stake."""
    return value > TWENTY_ONE


def is_twenty_one(value):
    """A player's hand worth exactly 21 is paid at once: his stake back and as much again from the bank."""
    return value == TWENTY_ONE


def ends_turn(value):
    """A card that takes a hand to 21 or beyond ends the turn at once, the player's and the banker's alike."""
    return value >= TWENTY_ONE


def settled_at_once(value: int) -> int:
    """What a card that takes a player's hand to `value` settles at once, per chip at stake: -1 when it busts the
    hand, +1 when it makes 21, 0 when the turn goes on (`is_bust`, `is_twenty_one` in one question, for the
    solvers' inner loops, written out: about 300,000 questions for one strategy table)."""
    return -1 if value > TWENTY_ONE else 1 if value == TWENTY_ONE else 0


def player_wins(mine, banker):
    """Settlement: an open stake on a hand worth `mine` wins when the banker (worth `banker`) is bust or the
    player's value is greater; otherwise, equal or lower, it goes to the bank: **ties go to the banker**.

    (A player's own bust or 21 is settled at once, before the banker plays: `is_bust`, `is_twenty_one`.)"""
    return is_bust(banker) | (mine > banker)


def banker_must_draw(rules: RuleSet, value: int) -> bool:
    """The rules force the banker to draw on this value (Kvitlach: on 16 or less)."""
    return rules.banker_must_reach is not None and value < rules.banker_must_reach


def framed_pair(cards: int, framed: int, *, framed_pair_21: bool) -> bool:
    """A hand of `cards` cards, `framed` of them framed (2s and 11s), is the framed pair that counts 21: its
    only two cards are framed, and the rules play the framed pair (`RuleSet.framed_pair_21`; player and banker
    alike)."""
    return framed_pair_21 and cards == 2 and framed == 2


def best_total(totals: Iterable[int]) -> int:
    """A hand's value from the totals its 12s allow: the largest not over 21, or, when every total is over 21,
    the smallest (the hand is bust)."""
    totals = tuple(totals)
    fitting = [t for t in totals if not is_bust(t)]
    return max(fitting) if fitting else min(totals)


def may_call_aluvun(rules: RuleSet, totals: Iterable[int], lone_eleven: bool) -> bool:
    """Aluvun may be called on a hand whose `totals` include exactly 11, when the rules play it, but not on a
    lone 11 (`lone_eleven`: the hand is one 11 and nothing else).

    On a lone 11 the only card the call could guard against is the second 11, which makes the framed pair, 21:
    the Czech rules say the call does not apply, and the other sources that nobody would make it. (Under a house
    rule without the framed pair, 11 + 11 is 22, bust, and the call guards against it as usual.)"""
    lone = lone_eleven and rules.framed_pair_21
    return rules.aluvun and not lone and 11 in totals


#: why a player's move is not open, where one reason always holds (quitlok.game.closed_moves; words for people:
#: content/play/help.md under these keys): the call's moment has not come or has passed, Stay waits for the called
#: card, a bet (betting at any time) has reached its limit
ALUVUN_CLOSED, STAY_AFTER_CALL, BET_CLOSED = "aluvun_closed", "stay_after_call", "bet_closed"


def closed_moves(rules: RuleSet, *, staked: bool, room: int, can_draw: bool, aluvun: bool,
                 called: bool) -> dict[type, str]:
    """The kinds of move a player's turn (as `turn_moves` takes it) leaves closed for one reason that always holds,
    each with its reason's key; a move closed for another reason (no card left, the bet that comes first under
    bet-first rules) is not listed."""
    reasons: dict[type, str] = {}
    if not can_draw:
        return reasons
    opened = turn_moves(rules, staked=staked, room=room, can_draw=can_draw, aluvun=aluvun, called=called)
    if rules.aluvun and not called and not aluvun and (staked or not rules.bet_first) and Aluvun not in opened:
        reasons[Aluvun] = ALUVUN_CLOSED  # his cards cannot count exactly 11 (or are a lone 11)
    if called and Stay not in opened:
        reasons[Stay] = STAY_AFTER_CALL
    if not rules.bet_first and room <= 0 and Bet not in opened:
        reasons[Bet] = BET_CLOSED
    return reasons


def turn_moves(rules: RuleSet, *, staked: bool, room: int, can_draw: bool, aluvun: bool,
               called: bool) -> tuple[type, ...]:
    """The kinds of move open to a player on his turn, as the game's action types in the order `legal_actions`
    lists them (`Bet` stands for every bet of 1 to `room` chips).

    `staked`: he has chips at stake (bet-first rules: the one bet comes first, and no card comes with it);
    `room`: how many more chips he may bet; `can_draw`: a card can still be dealt to him; `aluvun`: his hand may
    call aluvun (`may_call_aluvun`); `called`: he has called it and the protected card is still to come.

    Betting at any time (Quitlok): blots and bets, each with a card, aluvun before one of them, stay (not
    between the call and its card). Bet-first (Kvitlach): the bet or stay out; then draw, aluvun or stay; after
    the call, the card, or, with the elvaroon raise, a raise that comes with it."""
    bets = (Bet,) if can_draw and room > 0 else ()
    callable_ = can_draw and not called and aluvun
    if not rules.bet_first:
        moves = ((Blot,) if rules.blots and can_draw else ()) + bets
        if callable_ and moves:  # the call needs a card to follow: a blot or a bet
            moves += (Aluvun,)
        return moves if called else moves + (Stay,)
    if not staked:
        return ((Bet,) if room > 0 else ()) + (Stay,)
    if called:
        return (Draw,) + (bets if rules.elvaroon_raise else ())
    return ((Draw,) if can_draw else ()) + ((Aluvun,) if callable_ else ()) + (Stay,)
