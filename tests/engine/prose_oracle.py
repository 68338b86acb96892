"""The game: an immutable State, and `new_game`, `legal_actions`, `apply_action`.

The layout follows OpenSpiel: the fixed description (RuleSet) apart from the
state, and the same few verbs for every decision. `apply_action` never changes
its input: it copies the state into a mutable `_Table`, lets the rules act on
it, and freezes the result. Only decisions are actions; busts, payments at 21,
settlement, continuation, reshuffles and the passing of the bank happen inside.

Seats are listed clockwise. Clockwise play goes to the banker's left (seat + 1);
the bank passes to the right (seat - 1).
"""

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from quitlok.actions import (
    Action,
    Aluvun,
    Bet,
    Blot,
    Draw,
    Keep,
    KeepBank,
    Reject,
    Retire,
    StakeBank,
    Stand,
    Stay,
    describe,
)
from quitlok.cards import a_card, check_cards, plural
from quitlok.errors import IllegalAction, InvalidSetup
from quitlok.hand import can_call_aluvun, hand_value
from quitlok.rules import RuleSet
from quitlok.validate import is_whole, rule_set, shown, whole_number

__all__ = [
    "Action",
    "Aluvun",
    "Bet",
    "Blot",
    "Draw",
    "Keep",
    "KeepBank",
    "Reject",
    "Retire",
    "StakeBank",
    "Stand",
    "State",
    "Stay",
    "action_label",
    "apply_action",
    "draw_for_banker",
    "legal_actions",
    "new_game",
]

#: phases of play: who decides what
STAKE = "stake"  # a new banker chooses how much to stake (tables where bankers choose)
RETIRE = "retire"  # the banker may retire (his first card is a 4 or 7)
TURN = "turn"  # a player's turn
PROTECTED = "protected"  # a player who called aluvun was dealt an 11: reject or keep
BANKER = "banker"  # the banker draws or stands
OVER = "over"  # the game has ended

#: the end of a banker's status after an early settlement, when he takes a new card for the players still to play.
#: A later settlement (or his retiring) follows it after ": ", so that his status keeps every settlement of the
#: hand in order: "banker: 21, then a new card: bust".
NEW_CARD = ", then a new card"
#: the end of a player's status once the banker has settled a second time in the hand: which settlement it was in
#: ("lost 10 with 20 (1st settlement)"); quitlok.ui.table groups the hand's summary by it
SETTLEMENT = " ({nth} settlement)"

#: the name that makes the log speak in the second person ("You bet 3")
YOU = "You"
#: the largest seed a game or a draw for the first banker takes (a seed is kept in every saved game)
MAX_SEED = 2**64 - 1


@dataclass(frozen=True)
class State:
    """Everything about a game at one moment. Immutable; hashable."""

    rules: RuleSet
    players: tuple[str, ...]
    purses: tuple[int, ...]
    stakes: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    #: per card of `hands`: True when it lies face up (blots, the banker's shown cards)
    face_up: tuple[tuple[bool, ...], ...]
    banker: int
    bank: int
    #: the bank every new banker stakes (the least he may stake, where bankers choose)
    opening_bank: int
    #: new bankers choose their stake, from the opening bank up to their purse
    choose_stake: bool
    #: the largest stake one player may have open, agreed before the game (None: only the bank limits it)
    max_bet: int | None
    #: seats that could not pay their share of this bank (Kvitlach) and sit it out
    sitting_out: tuple[bool, ...]
    hand_number: int
    #: hands dealt in the whole game
    hands_dealt: int
    #: hands that have ended in the whole game, so a viewer can tell that one just ended
    hands_finished: int
    direction: int
    #: the face-down stock, top card first
    stock: tuple[int, ...]
    #: thrown-in cards lying face up under the stock, oldest first
    under: tuple[int, ...]
    phase: str
    to_act: int | None
    #: players still to have their turn in this hand, in order of play
    waiting: tuple[int, ...]
    #: the player whose turn it is has called aluvun for the next card
    aluvun_called: bool
    #: one short line per seat for the table ("stayed on 3", "bust")
    status: tuple[str, ...]
    #: each seat's status as the previous hand ended ("won 2 with 18"), for the table to recall
    last_hand: tuple[str, ...]
    #: the cards each seat last threw in during this hand (all thrown-in cards lie face up)
    thrown: tuple[tuple[int, ...], ...]
    #: each seat's cards as the previous hand ended, from `thrown`: what the table shows with `last_hand`
    last_cards: tuple[tuple[int, ...], ...]
    events: tuple[str, ...]
    seed: int
    shuffles: int

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    def open_stakes(self) -> int:
        """All stakes waiting for the banker's play."""
        return sum(self.stakes)

    def bet_room(self, seat: int) -> int:
        """How many more chips `seat` may stake now: purse, bank cover and maximum bet."""
        whole_number("seat", seat, 0, len(self.players) - 1)
        room = min(self.purses[seat], self.bank - self.open_stakes)
        if self.max_bet is not None:
            room = min(room, self.max_bet - self.stakes[seat])
        return max(0, room)

    def value(self, seat: int) -> int:
        """The value of a seat's hand."""
        return hand_value(self.hands[whole_number("seat", seat, 0, len(self.players) - 1)], self.rules)

    @property
    def cards_available(self) -> int:
        """Cards that can still be drawn: the stock and the face-up cards under it."""
        return len(self.stock) + len(self.under)

    def chips(self) -> int:
        """Purses, bank and open stakes together: the same after every action."""
        return sum(self.purses) + self.bank + self.open_stakes

    def seen_by(self, seat: int) -> tuple[int, ...]:
        """Every card `seat` can see other than its own: face-up cards on the table and under the stock."""
        whole_number("seat", seat, 0, len(self.players) - 1)
        shown = [
            card
            for other, (cards, ups) in enumerate(zip(self.hands, self.face_up, strict=True))
            if other != seat
            for card, up in zip(cards, ups, strict=True)
            if up
        ]
        return tuple(shown) + self.under


def new_game(
    rules: RuleSet,
    players: Sequence[str],
    *,
    banker: int,
    bank: int,
    purses: int | Sequence[int],
    stock: Sequence[int] | None = None,
    seed: int | None = None,
    max_bet: int | None = None,
    choose_stake: bool = False,
) -> State:
    """Seat the players, let the banker stake his bank, and deal the first hand.

    `players` are names in clockwise order; `banker` a seat index; `bank` the
    opening bank every new banker stakes (all his purse if he has less; under
    rules with a bank share the other players add their share). `purses` is one
    int for all seats or one per seat. `stock`, when given, is the order of the
    top cards (the rest of the pack follows, shuffled with `seed`). `max_bet` is
    the maximum bet the table agreed, in chips, under rules that have one
    (default: `rules.default_max_bet(bank)`). With `choose_stake`, every new
    banker (the first one too) decides how much to stake, from `bank` up to his
    purse, with `StakeBank(n)` before the deal; the returned state then waits
    for that decision when he has more than `bank`.

    Every argument is checked first: a wrong type or value raises InvalidSetup
    (or InvalidCards for the stock) saying what was wrong.
    """
    rules = rule_set(rules)
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise InvalidSetup(f"players must be a list of names, one per seat (got {shown(players)}).")
    players = tuple(players)
    if len(players) < 2:
        raise InvalidSetup("A game needs at least two seats: a banker and a player.")
    if not all(isinstance(p, str) and p.strip() for p in players) or len(set(players)) != len(players):
        raise InvalidSetup("Every seat needs a name of its own.")
    if len(players) * 3 > rules.pack_size:
        raise InvalidSetup(f"A {rules.pack_size}-card pack is too small for {len(players)} seats.")
    if is_whole(purses):
        purses = (purses,) * len(players)
    if isinstance(purses, str | bytes) or not isinstance(purses, Sequence):
        raise InvalidSetup(f"purses must be a whole number of chips, or one per seat (got {shown(purses)}).")
    purses = tuple(whole_number("Each purse", p) for p in purses)
    if len(purses) != len(players):
        raise InvalidSetup(f"{len(purses)} purses for {len(players)} seats.")
    if not is_whole(banker) or not 0 <= banker < len(players):
        raise InvalidSetup(f"The banker must be one of the seats 0 to {len(players) - 1} (got {shown(banker)}).")
    bank = whole_number("The opening bank", bank, low=1)
    if purses[banker] < 1:
        raise InvalidSetup(f"{players[banker]} has no chips to stake a bank.")
    if max_bet is None:
        max_bet = rules.default_max_bet(bank)
    elif not rules.agreed_max_bet:
        raise InvalidSetup(f"{rules.name} rules have no maximum bet: only the bank limits a bet.")
    else:
        max_bet = whole_number("The maximum bet", max_bet, low=1)
    first_stake = min(bank, purses[banker])
    if not any(_can_join(rules, first_stake, purse) for seat, purse in enumerate(purses) if seat != banker):
        share = rules.share_of(first_stake)
        raise InvalidSetup("Nobody could play against the bank: " + (
            f"every player needs more than the share of {share} to pay it and still bet." if share
            else "no player other than the banker has chips."))
    if not isinstance(choose_stake, bool):
        raise InvalidSetup(f"choose_stake must be True or False (got {shown(choose_stake)}).")
    if seed is not None and (not is_whole(seed) or not 0 <= seed <= MAX_SEED):
        raise InvalidSetup(f"seed must be a whole number from 0 to 2**64 - 1, or None (got {shown(seed)}).")
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if stock is not None and (isinstance(stock, str | bytes) or not isinstance(stock, Sequence)):
        raise InvalidSetup(f"stock must be a list of cards from the top (got {shown(stock)}).")
    top = check_cards(stock or (), rules.copies, "stock")
    rest = list((Counter(rules.pack) - Counter(top)).elements())
    random.Random(f"{seed}/deal").shuffle(rest)
    n = len(players)
    table = _Table(
        rules=rules,
        players=players,
        purses=list(purses),
        stakes=[0] * n,
        hands=[[] for _ in range(n)],
        face_up=[[] for _ in range(n)],
        banker=banker,
        bank=0,
        opening_bank=bank,
        choose_stake=choose_stake,
        max_bet=max_bet,
        sitting_out=[False] * n,
        hand_number=0,
        hands_dealt=0,
        hands_finished=0,
        direction=1,
        stock=list(top) + rest,
        under=[],
        phase=TURN,
        to_act=None,
        waiting=[],
        aluvun_called=False,
        status=[""] * n,
        last_hand=[""] * n,
        thrown=[[] for _ in range(n)],
        last_cards=[[] for _ in range(n)],
        events=[],
        seed=seed,
        shuffles=0,
    )
    table.start_bank()
    return table.freeze()


def _can_join(rules: RuleSet, staked: int, purse: int) -> bool:
    """A player joins a bank of `staked` chips when he can pay his whole share and still has a chip to bet."""
    return purse > rules.share_of(staked)


def _stakes_offered(rules: RuleSet, opening_bank: int, purse: int, others: Sequence[int]) -> range:
    """What a new banker who chooses may stake: from the opening bank up to his purse, but no more than leaves
    some player with chips able to pay his share (half of the stake, under Kvitlach) and still bet."""
    richest = max(others, default=0)
    most = purse
    if rules.bank_share and richest:  # the largest stake n with share_of(n) < richest
        most = min(purse, math.ceil(richest / rules.bank_share) - 1)
    return range(opening_bank, max(most, opening_bank) + 1)


def _ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th'."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def draw_for_banker(rules: RuleSet, seats: int, seed: int) -> tuple[int, list[dict[int, int]]]:
    """Choose the first banker as the table does: a card to each seat, highest banks.

    Tied seats draw again. Returns the banker's seat and each round's draws
    ({seat: card}), so the app can show how the bank was decided.
    """
    rules = rule_set(rules)
    whole_number("seats", seats, 2, rules.pack_size // 3)
    whole_number("seed", seed, 0, MAX_SEED)
    rng = random.Random(f"{seed}/first-banker")
    contenders, rounds = list(range(seats)), []
    while True:
        pack = list(rules.pack)
        rng.shuffle(pack)
        draws = dict(zip(contenders, pack, strict=False))
        rounds.append(draws)
        best = max(draws.values())
        contenders = [seat for seat, card in draws.items() if card == best]
        if len(contenders) == 1:
            return contenders[0], rounds


def check_seat(state: object, seat: object, *, onlookers: bool = False) -> int | None:
    """`seat` if it is a seat of the game `state` (or None, for the onlookers, when `onlookers`); else the
    library's own error (IllegalAction for a state that is none, InvalidSetup for a seat that is none)."""
    state = _check_state(state)
    if seat is None and onlookers:
        return None
    return whole_number("seat", seat, 0, len(state.players) - 1)


def _check_state(state: object) -> State:
    if not isinstance(state, State):
        raise IllegalAction(f"That is not a game state (got {type(state).__name__}); start one with new_game.")
    return state


def legal_actions(state: State) -> list[Action]:
    """Every action the seat `state.to_act` may take now (empty when the game is over)."""
    rules = _check_state(state).rules
    seat = state.to_act
    if seat is None:
        return []
    if state.phase == STAKE:
        others = [p for s, p in enumerate(state.purses) if s != seat]
        return [StakeBank(n) for n in _stakes_offered(rules, state.opening_bank, state.purses[seat], others)]
    if state.phase == RETIRE:
        return [Retire(), KeepBank()]
    if state.phase == PROTECTED:
        return [Reject(), Keep()]
    can_draw = state.cards_available > 0
    if state.phase == BANKER:
        actions: list[Action] = [Draw()] if can_draw else []
        must_draw = rules.banker_must_reach is not None and state.value(seat) < rules.banker_must_reach
        if not (must_draw and can_draw):
            actions.append(Stand())
        return actions
    # a player's turn
    hand = state.hands[seat]
    room = state.bet_room(seat)
    bets = [Bet(n) for n in range(1, room + 1)] if can_draw else []
    callable_ = can_draw and not state.aluvun_called and can_call_aluvun(hand, rules)
    if not rules.bet_first:
        actions = [Blot()] if rules.blots and can_draw else []
        actions += bets
        if callable_ and actions:  # the call needs a card to follow: a blot or a bet
            actions.append(Aluvun())
        if not state.aluvun_called:
            actions.append(Stay())
        return actions
    if state.stakes[seat] == 0:  # Kvitlach: the bet comes first, and no card comes with it
        return [Bet(n) for n in range(1, room + 1)] + [Stay()]
    if state.aluvun_called:
        return [Draw()] + (bets if rules.elvaroon_raise else [])
    actions = [Draw()] if can_draw else []
    if callable_:
        actions.append(Aluvun())
    return actions + [Stay()]


def apply_action(state: State, action: Action) -> State:
    """The state after `action`; raises IllegalAction (and changes nothing) if it is not legal."""
    if type(action) not in _ACTION_TYPES or action not in legal_actions(state):
        raise IllegalAction(_why_illegal(state, action))
    table = _Table.thaw(state)
    table.act(action)
    return table.freeze()


_ACTION_TYPES = frozenset(Action.__args__)


def action_label(state: State, action: Action) -> str:
    """What the action is called here, in the tradition's own words: 'Call elvaroon', 'Raise 2', 'Bet 2'.

    The same label serves the button, its caption, the hint and the log, so they never disagree.
    """
    if type(action) not in _ACTION_TYPES:
        raise IllegalAction(_why_illegal(_check_state(state), action))
    raising = _check_state(state).rules.bet_first and state.aluvun_called
    return describe(action, state.rules.aluvun_word, raising=raising)


def _why_illegal(state: State, action: Action) -> str:
    """A message that says what was wrong with an action."""
    if type(action) not in _ACTION_TYPES:
        return f"{shown(action)} is not an action; use Bet(2), Stay() and the like from quitlok.game."
    if state.to_act is None:
        return "The game is over: no more actions."
    who = state.players[state.to_act]
    name = action_label(state, action)
    if isinstance(action, Bet):
        room = state.bet_room(state.to_act)
        if state.phase == TURN and room < action.n and any(isinstance(a, Bet) for a in legal_actions(state)):
            return (
                f"{who} may bet at most {room} now (purse {state.purses[state.to_act]}, "
                f"bank {state.bank} with {state.open_stakes} already covering stakes"
                + (f", maximum bet {state.max_bet}" if state.max_bet is not None else "")
                + ")."
            )
    options = ", ".join(sorted({action_label(state, a).rstrip("0123456789 ") for a in legal_actions(state)}))
    return f"{name} is not allowed now for {who}; the choices are: {options}."


@dataclass
class _Table:
    """A mutable working copy of a State, on which one action's consequences are played out."""

    rules: RuleSet
    players: tuple[str, ...]
    purses: list[int]
    stakes: list[int]
    hands: list[list[int]]
    face_up: list[list[bool]]
    banker: int
    bank: int
    opening_bank: int
    choose_stake: bool
    max_bet: int | None
    sitting_out: list[bool]
    hand_number: int
    hands_dealt: int
    hands_finished: int
    direction: int
    stock: list[int]
    under: list[int]
    phase: str
    to_act: int | None
    waiting: list[int]
    aluvun_called: bool
    status: list[str]
    last_hand: list[str]
    thrown: list[list[int]]
    last_cards: list[list[int]]
    events: list[str]
    seed: int
    shuffles: int

    @classmethod
    def thaw(cls, s: State) -> "_Table":
        return cls(
            rules=s.rules,
            players=s.players,
            purses=list(s.purses),
            stakes=list(s.stakes),
            hands=[list(h) for h in s.hands],
            face_up=[list(f) for f in s.face_up],
            banker=s.banker,
            bank=s.bank,
            opening_bank=s.opening_bank,
            choose_stake=s.choose_stake,
            max_bet=s.max_bet,
            sitting_out=list(s.sitting_out),
            hand_number=s.hand_number,
            hands_dealt=s.hands_dealt,
            hands_finished=s.hands_finished,
            direction=s.direction,
            stock=list(s.stock),
            under=list(s.under),
            phase=s.phase,
            to_act=s.to_act,
            waiting=list(s.waiting),
            aluvun_called=s.aluvun_called,
            status=list(s.status),
            last_hand=list(s.last_hand),
            thrown=[list(t) for t in s.thrown],
            last_cards=[list(c) for c in s.last_cards],
            events=list(s.events),
            seed=s.seed,
            shuffles=s.shuffles,
        )

    def freeze(self) -> State:
        return State(
            rules=self.rules,
            players=self.players,
            purses=tuple(self.purses),
            stakes=tuple(self.stakes),
            hands=tuple(map(tuple, self.hands)),
            face_up=tuple(map(tuple, self.face_up)),
            banker=self.banker,
            bank=self.bank,
            opening_bank=self.opening_bank,
            choose_stake=self.choose_stake,
            max_bet=self.max_bet,
            sitting_out=tuple(self.sitting_out),
            hand_number=self.hand_number,
            hands_dealt=self.hands_dealt,
            hands_finished=self.hands_finished,
            direction=self.direction,
            stock=tuple(self.stock),
            under=tuple(self.under),
            phase=self.phase,
            to_act=self.to_act,
            waiting=tuple(self.waiting),
            aluvun_called=self.aluvun_called,
            status=tuple(self.status),
            last_hand=tuple(self.last_hand),
            thrown=tuple(map(tuple, self.thrown)),
            last_cards=tuple(map(tuple, self.last_cards)),
            events=tuple(self.events),
            seed=self.seed,
            shuffles=self.shuffles,
        )

    # --- narration -------------------------------------------------------------

    def say(self, seat: int, text: str, **values: object) -> None:
        """Log a sentence about a seat; '{s}', '{is}', '{has}' agree with the name ("You bet")."""
        you = self.players[seat] == YOU
        words = {"s": "" if you else "s", "is": "are" if you else "is", "has": "have" if you else "has"}
        self.events.append(f"{self.players[seat]} " + text.format(**words, **values))

    def name(self, seat: int) -> str:
        """A seat's name inside a sentence: 'Bella', or 'you'."""
        return "you" if self.players[seat] == YOU else self.players[seat]

    def whose(self, seat: int) -> str:
        """A seat's possessive inside a sentence: "Bella's", or 'your'."""
        return "your" if self.players[seat] == YOU else f"{self.players[seat]}'s"

    def note(self, text: str) -> None:
        self.events.append(text)

    def value(self, seat: int) -> int:
        return hand_value(self.hands[seat], self.rules)

    # --- cards -----------------------------------------------------------------

    def draw(self) -> int:
        """Take the top card of the stock.

        The last face-down card is not dealt: it is shuffled with every face-up
        card under the stock into a new stock first.
        """
        if len(self.stock) <= 1 and self.under:
            self.shuffles += 1
            fresh = self.stock + self.under
            random.Random(f"{self.seed}/{self.shuffles}").shuffle(fresh)
            self.note(
                "The stock is down to its last card: it is shuffled with the "
                f"{plural(len(self.under), 'face-up card')} into a new stock of {len(fresh)}."
            )
            self.stock, self.under = fresh, []
        return self.stock.pop(0)

    def give(self, seat: int, card: int, face_up: bool) -> None:
        self.hands[seat].append(card)
        self.face_up[seat].append(face_up)

    def throw_in(self, seat: int) -> None:
        """A seat's cards go face up under the stock (and are kept in `thrown` for the end of the hand)."""
        if self.hands[seat]:
            self.thrown[seat] = list(self.hands[seat])
        self.under.extend(self.hands[seat])
        self.hands[seat] = []
        self.face_up[seat] = []

    def throw_in_all(self) -> None:
        """The hand is over: every card goes under the stock; each seat's status and cards are kept as
        last_hand and last_cards, so the table can show how the hand ended. A banker who settled early and
        did not play again is shown with the cards he settled with, not the new card he did not play."""
        settled = self.thrown[self.banker] if self.status[self.banker].endswith(NEW_CARD) else None
        for seat in range(len(self.players)):
            self.throw_in(seat)
        if settled:
            self.thrown[self.banker] = settled
        if any(self.status):
            self.hands_finished += 1
            self.last_hand = list(self.status)
            self.last_cards = self.thrown
            self.status = [""] * len(self.players)
        self.thrown = [[] for _ in self.players]

    # --- the bank --------------------------------------------------------------

    def seats_with_chips(self) -> int:
        return sum(
            1
            for seat, purse in enumerate(self.purses)
            if purse > 0 or (seat == self.banker and self.bank + sum(self.stakes) > 0)
        )

    def start_bank(self) -> None:
        """The banker stakes a new bank, the others add their share, and he deals his first hand.

        Under rules with a share (Kvitlach), a player who cannot pay his whole share and still bet pays
        nothing and sits out this bank: nobody loses his last chips into a bank he cannot play against.
        """
        b = self.banker
        self.hand_number, self.direction = 0, 1  # a new bank's first hand goes clockwise
        offered = _stakes_offered(self.rules, self.opening_bank, self.purses[b],
                                  [p for s, p in enumerate(self.purses) if s != b])
        if self.choose_stake and len(offered) > 1:
            self.phase, self.to_act, self.waiting = STAKE, b, []
            self.say(b, "{is} the new banker and may stake from {least} to {most} chips.",
                     least=offered[0], most=offered[-1])
            return
        self.stake_bank(min(self.opening_bank, self.purses[b]))

    def stake_bank(self, stake: int) -> None:
        """The banker puts `stake` in the bank; the others add their share; the first hand is dealt.

        A share is the rules' part of what this banker actually staked, rounded down (SPEC section 2: under
        Kvitlach half of it, so a new banker who could stake only 3 gets 1 from each player)."""
        b = self.banker
        self.bank = stake
        self.purses[b] -= stake
        self.say(b, "take{s} the bank and stake{s} {bank}.", bank=self.bank)
        share = self.rules.share_of(stake)
        self.sitting_out = [False] * len(self.players)
        for seat in self.seats_from(b):
            if not share or not self.purses[seat]:
                continue
            if _can_join(self.rules, stake, self.purses[seat]):
                self.purses[seat] -= share
                self.bank += share
                self.say(seat, "add{s} {share} to the bank.", share=share)
            else:
                self.sitting_out[seat] = True
                self.say(seat, "cannot pay a share of {share} and still bet, so {pays} nothing and "
                         "sit{s} out this bank.", share=share, pays="pay" if self.players[seat] == YOU else "pays")
        self.deal()

    def seats_from(self, start: int, direction: int = 1) -> list[int]:
        """The other seats in order of play from `start` in `direction`."""
        n = len(self.players)
        return [(start + direction * k) % n for k in range(1, n)]

    def deal(self) -> None:
        """Deal a hand: one face-down card to each player with chips (and not sitting out), then the banker."""
        self.throw_in_all()
        self.hand_number += 1
        first = self.hand_number == 1
        self.direction = -self.direction if self.rules.alternate_direction and not first else 1
        players = [s for s in self.seats_from(self.banker, self.direction)
                   if self.purses[s] > 0 and not self.sitting_out[s]]
        if not players and self.hand_number > 1 and any(
                out and purse for out, purse in zip(self.sitting_out, self.purses, strict=True)):
            # everyone who joined this bank is out of chips, but some who sat it out still have chips
            self.purses[self.banker] += self.bank
            self.say(self.banker, "take{s} back the bank of {bank}: nobody who joined it has chips left.",
                     bank=self.bank)
            self.bank = 0
            self.pass_bank()
            return
        if not players:
            self.end_game()
            return
        self.hands_dealt += 1
        way = "clockwise" if self.direction == 1 else "anticlockwise"
        self.note(
            f"Hand {self.hand_number} of {self.whose(self.banker)} bank "
            f"(bank {self.bank}): dealt {way}, starting with {self.name(players[0])}."
        )
        for seat in range(len(self.players)):
            out = "sitting out: could not pay a share" if self.sitting_out[seat] else "sitting out: no chips"
            self.status[seat] = "waiting" if seat in players else out
        self.status[self.banker] = "banker"
        for seat in players + [self.banker]:
            self.give(seat, self.draw(), face_up=False)
        self.waiting = players
        self.banker_card_dealt()

    def banker_card_dealt(self) -> None:
        """The banker's first card: a retire chance from the set hand on, else the next turn."""
        card = self.hands[self.banker][0]
        if self.hand_number >= self.rules.retire_from_hand and card in self.rules.retire_cards:
            self.phase, self.to_act = RETIRE, self.banker
            self.say(self.banker, "{has} {card} as first card in hand {h} and may retire.",
                     card=a_card(card), h=self.hand_number)
        else:
            self.next_turn()

    def pass_bank(self) -> None:
        """The bank passes to the right, to the next seat with chips; or the game ends."""
        self.throw_in_all()
        if self.seats_with_chips() < 2:
            self.end_game()
            return
        seat = next(s for s in self.seats_from(self.banker, -1) if self.purses[s] > 0)
        self.banker = seat
        self.note(f"The bank passes to the right, to {self.name(seat)}.")
        self.start_bank()

    def end_game(self) -> None:
        """Nobody is left to play against the bank: the banker takes it back, the game is over."""
        self.throw_in_all()
        self.purses[self.banker] += self.bank
        self.bank = 0
        self.phase, self.to_act, self.waiting = OVER, None, []
        best = max(self.purses)
        winners = [self.name(s) for s, p in enumerate(self.purses) if p == best]
        why = ("nobody left can pay a share of the bank and still bet" if any(self.sitting_out)
               else "fewer than two seats have chips")
        self.note(f"Game over: {why}. Most chips: {' and '.join(winners)} ({best}).")

    # --- turns -----------------------------------------------------------------

    def next_turn(self) -> None:
        seat = self.waiting.pop(0)
        self.phase, self.to_act, self.aluvun_called = TURN, seat, False
        self.status[seat] = "playing"
        self.say(seat, "{has} the turn.")

    def end_turn(self) -> None:
        """After a player's turn: a broken bank, the banker's early play, the next turn or the hand's end."""
        if self.bank == 0:
            self.note("The bank is broken: the hand ends.")
            self.pass_bank()
        elif self.bank <= sum(self.stakes):
            self.note("The open stakes cover the whole bank: the banker plays now.")
            self.banker_turn()
        elif self.waiting:
            self.next_turn()
        elif sum(self.stakes):
            self.banker_turn()
        else:
            self.note("No stake is open: nothing to settle, and the hand ends.")
            self.deal()

    def banker_turn(self) -> None:
        b = self.banker
        self.phase, self.to_act = BANKER, b
        self.face_up[b] = [True] * len(self.hands[b])
        self.status[b] = f"{self.status[b]}: drawing" if self.status[b].endswith(NEW_CARD) else "banker: drawing"
        cards = " and ".join(a_card(c) for c in self.hands[b])
        n = sum(self.stakes)
        self.say(b, "turn{s} up {cards} and play{s} against {n} chip{plural} of open stakes.",
                 cards=cards, n=n, plural="" if n == 1 else "s")

    def act(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        if isinstance(action, StakeBank):
            self.stake_bank(action.n)
        elif isinstance(action, Retire):
            self.retire()
        elif isinstance(action, KeepBank):
            self.say(seat, "keep{s} the bank.")
            self.next_turn()
        elif isinstance(action, Stand):
            self.say(seat, "stand{s} on {v}.", v=self.value(seat))
            self.settle()
        elif isinstance(action, Draw) and self.phase == BANKER:
            card = self.draw()
            self.give(seat, card, face_up=True)
            self.say(seat, "draw{s} {card}: {v}.", card=a_card(card), v=self.value(seat))
            if self.value(seat) >= 21:
                self.settle()
        elif isinstance(action, Blot):
            self.say(seat, "ask{s} for a blot.")
            self.take_card(seat, face_up=True)
        elif isinstance(action, Bet):
            self.bet(seat, action.n)
        elif isinstance(action, Draw):
            self.say(seat, "take{s} a face-down card.")
            self.take_card(seat, face_up=False)
        elif isinstance(action, Aluvun):
            self.aluvun_called = True
            self.say(seat, "call{s} {word}: the next card is protected.", word=self.rules.aluvun_word)
        elif isinstance(action, Reject):
            self.hands[seat].pop()
            face_up = self.face_up[seat].pop()
            self.under.append(11)
            self.say(seat, "reject{s} the 11 (it goes face up under the stock) and take{s} the next card.")
            self.phase, self.aluvun_called = TURN, False
            self.take_card(seat, face_up)
        elif isinstance(action, Keep):
            self.say(seat, "keep{s} the 11.")
            self.phase, self.aluvun_called = TURN, False
            self.after_card(seat)
        elif isinstance(action, Stay):
            self.stay(seat)

    def bet(self, seat: int, n: int) -> None:
        self.purses[seat] -= n
        self.stakes[seat] += n
        if self.rules.bet_first and not self.aluvun_called:
            self.say(seat, "bet{s} {n}; the bank sets {n} aside to cover it.", n=n)
            return
        raised = "raise{s}" if self.rules.bet_first else "bet{s}"
        self.say(seat, raised + " {n} (stake {stake}) and take{s} a face-down card.", n=n,
                 stake=self.stakes[seat])
        self.take_card(seat, face_up=False)

    def take_card(self, seat: int, face_up: bool) -> None:
        card = self.draw()
        self.give(seat, card, face_up)
        if face_up:
            self.say(seat, "get{s} {card}.", card=a_card(card))
        if self.aluvun_called and card == 11:
            self.phase = PROTECTED
            self.say(seat, "{is} dealt an 11 after calling {word} and may reject it.", word=self.rules.aluvun_word)
            return
        self.aluvun_called = False
        self.after_card(seat)

    def after_card(self, seat: int) -> None:
        """A card has come: bust and exactly 21 end the turn at once."""
        value, stake = self.value(seat), self.stakes[seat]
        if value > 21:
            self.stakes[seat] = 0
            self.bank += stake
            self.status[seat] = f"bust, lost {stake}" if stake else "bust"
            self.say(seat, "{is} bust with {v}" + (f"; the stake of {stake} goes to the bank." if stake else "."),
                     v=value)
            self.throw_in(seat)
            self.end_turn()
        elif value == 21:
            self.stakes[seat] = 0
            self.bank -= stake
            self.purses[seat] += 2 * stake
            self.status[seat] = f"21! won {stake}" if stake else "21 (no stake)"
            self.say(seat, "{has} 21" + (f" and {{is}} paid {stake} at once." if stake else ", but had no stake."))
            self.throw_in(seat)
            self.end_turn()

    def stay(self, seat: int) -> None:
        stake = self.stakes[seat]
        if stake:
            self.status[seat] = f"stayed on a stake of {stake}"
            self.say(seat, "stay{s} with a stake of {stake}.", stake=stake)
        else:
            self.status[seat] = "threw in"
            self.say(seat, "stay{s} with no stake and throw{s} the cards in.")
            self.throw_in(seat)
        self.end_turn()

    # --- the banker's play, settlement and retiring ---------------------------------

    def settle(self) -> None:
        """Settle every open stake against the banker's hand, then continue or end the hand.

        The banker's status keeps every settlement of the hand ("banker: 21, then a new card: bust"), and when
        there is more than one, each player's status says which one settled it (SETTLEMENT)."""
        b = self.banker
        banker_value = self.value(b)
        bust = banker_value > 21
        result = "bust" if bust else str(banker_value)
        so_far = self.status[b]  # "banker: drawing", or after an early settlement "banker: 21, then a new card: ..."
        earlier = NEW_CARD in so_far  # he settled before in this hand and took a new card
        before = so_far[:so_far.rindex(NEW_CARD) + len(NEW_CARD)] if earlier else "banker"
        self.status[b] = f"{before}: {result}"
        settled = []
        if bust:
            self.say(b, "{is} bust: every open stake wins.")
        for seat, stake in enumerate(self.stakes):
            if not stake:
                continue
            value = self.value(seat)
            self.stakes[seat] = 0
            if bust or value > banker_value:
                self.purses[seat] += 2 * stake
                self.bank -= stake
                self.status[seat] = f"won {stake} with {value}"
                self.say(seat, "show{s} {v} and win{s} {stake} from the bank.", v=value, stake=stake)
            else:
                self.bank += stake
                self.status[seat] = f"lost {stake} with {value}"
                tie = " (ties go to the banker)" if value == banker_value else ""
                self.say(seat, "show{s} {v} and lose{s} {stake} to the bank{tie}.", v=value, stake=stake, tie=tie)
            self.throw_in(seat)
            settled.append(seat)
        self.throw_in(b)
        if earlier:  # more than one settlement in this hand: each player's status says which settled him
            nth = _ordinal(self.status[b].count(NEW_CARD) + 1)
            for seat in settled:
                self.status[seat] += SETTLEMENT.format(nth=nth)
            for seat, status in enumerate(self.status):  # those of the first settlement, told when there is a 2nd
                if status.startswith(("won ", "lost ")) and not status.endswith(" settlement)"):
                    self.status[seat] += SETTLEMENT.format(nth=_ordinal(1))
        if self.bank == 0:
            self.note("The bank is broken: the hand ends.")
            self.pass_bank()
        elif self.waiting:
            self.give(b, self.draw(), face_up=False)
            self.status[b] += NEW_CARD
            self.say(b, "take{s} a new card; play goes on with the players still to play.")
            self.banker_card_dealt()
        else:
            self.deal()

    def retire(self) -> None:
        b = self.banker
        self.purses[b] += self.bank
        self.say(b, "show{s} {card}, retire{s} and take{s} the bank of {bank}.",
                 card=a_card(self.hands[b][0]), bank=self.bank)
        # his status says so, after any settlement earlier in the hand (the summary reads it, not the log)
        retired = f"retired with the bank of {self.bank}"
        self.status[b] = f"{self.status[b]}: {retired}" if self.status[b].endswith(NEW_CARD) else f"banker: {retired}"
        self.bank = 0
        self.pass_bank()
